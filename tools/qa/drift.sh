#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# qa/drift.sh [VERSION... | all | N]: show that the series applies,
# builds and passes on each version of linux-source-6.1 and -6.12 the
# Debian archive offers (apt-cache madison). Default: the two newest of
# each (DRIFT_VERSIONS= takes the same words as the arguments; N means the
# N newest of each). KSRC_PKG= or DRIFT_PKGS= picks the source packages
# (make drift KSRC_PKG=linux-source-6.12: 6.12 only).
#
# Per version, in build/drift/<ver>/ (its own BUILD):
#   fetch     apt-get download into build/drift/debs/ (checked against the
#             archive's SHA256), dpkg-deb -x into build/drift/<ver>/deb/;
#             nothing is installed
#   pipeline  make KSRC_PKG=<its package> all (tree, selftests, kernel,
#             image, overlay, run) with BUILD=build/drift/<ver> and
#             KSRC_TARBALL pointing at that version's tarball
# The guest image is the main one (BUILD, or DRIFT_MAIN_BUILD=), verified
# once by tools/stages/image.sh in build/drift/shared/ and hardlinked into
# each version; the kernel builds share the user's ccache. A version that
# fails keeps its logs (build/drift/<ver>/logs) and results and does not
# stop the others. The drift trees are throwaway (FORCE=1): hack in
# build/linux, not there.
#
# Ends with one table of all versions, written to build/drift/report.txt and report.json;
# exits 0 when every version passed, 1 when one did not, 2 on a usage or
# setup error, 130 when interrupted.
only=${KSRC_PKG-}	# make's KSRC_PKG=: that package only (lib.sh defaults it)
. "$(dirname "$0")/../lib.sh"
pkgs=${DRIFT_PKGS:-${only:-linux-source-6.1 linux-source-6.12}}

MAIN_BUILD=${DRIFT_MAIN_BUILD:-$BUILD}
DRIFT=${DRIFT_DIR:-$BUILD/drift}
DEBS=$DRIFT/debs
NICE=${DRIFT_NICE:-10}
TOOLS=${DRIFT_TOOLS:-$KSTRING_ROOT/tools}	# another set: the host test

usage() {
	sed -n '4,7p' "$0" | sed 's/^# \{0,1\}//'
	exit "${1:-2}"
}

# archive_versions PKG: every version of PKG apt knows, newest first.
archive_versions() {
	apt-cache madison "$1" 2>/dev/null |
		awk -F'|' '{ gsub(/[ \t]/, "", $2); if ($2 != "") print $2 }' |
		sort -Vru
}

# pick WORD...: the versions to check, "PACKAGE VERSION" a line, each
# package's newest first.
pick() {
	local w p avail=() newest=() want=() all=()
	for p in $pkgs; do
		mapfile -t avail < <(archive_versions "$p")
		[ ${#avail[@]} -gt 0 ] ||
			die "apt-cache madison $p lists no version: run 'apt-get update'"
		all+=("${avail[@]/#/$p }")
		for w in "$@"; do
			case $w in
			all) want+=("${avail[@]/#/$p }") ;;
			[1-9]|[1-9][0-9])
				newest=("${avail[@]:0:$w}")
				want+=("${newest[@]/#/$p }")
				;;
			esac
		done
	done
	for w in "$@"; do
		case $w in
		all|[1-9]|[1-9][0-9]) ;;
		*)
			p=$(printf '%s\n' "${all[@]}" | awk -v v="$w" '$2 == v { print $1; exit }')
			[ -n "$p" ] ||
				die "$w is not a version of $pkgs in the archive; it offers: $(printf '%s\n' "${all[@]}" | cut -d' ' -f2 | xargs)"
			want+=("$p $w")
			;;
		esac
	done
	printf '%s\n' "${want[@]}" | sort -u | sort -s -k1,1 -k2,2Vr
}

# fetch VER: the version's tarball in build/drift/<ver>/deb/, from a .deb
# in the cache (re-downloaded when it does not match the archive's hash).
fetch() {
	local ver=$1 vdir=$2 deb sum want
	deb=$DEBS/${KSRC_PKG}_${ver//:/%3a}_all.deb
	want=$(apt-cache show "$KSRC_PKG=$ver" 2>/dev/null |
		sed -n 's/^SHA256: //p' | head -n1)
	mkdir -p "$DEBS"
	if [ -f "$deb" ] && [ -n "$want" ] &&
	   [ "$(sha256sum < "$deb" | cut -d' ' -f1)" = "$want" ]; then
		echo "fetch: $(basename "$deb") cached"
	else
		rm -rf "$DEBS/.partial" && mkdir -p "$DEBS/.partial" || return 2
		echo "fetch: apt-get download $KSRC_PKG=$ver"
		(cd "$DEBS/.partial" && apt-get download -q "$KSRC_PKG=$ver") ||
			{ echo "apt-get download failed (stale lists? run 'apt-get update')"; return 2; }
		mv -f "$DEBS/.partial/$(basename "$deb")" "$deb" ||
			{ echo "apt-get download left no $(basename "$deb")"; return 2; }
		rmdir "$DEBS/.partial"
	fi
	sum=$(dpkg-deb -f "$deb" Package Version | awk '{ printf "%s ", $2 }')
	[ "$sum" = "$KSRC_PKG $ver " ] ||
		{ echo "$deb is '$sum', not '$KSRC_PKG $ver'"; return 2; }
	# deb/.source records which .deb it was extracted from.
	sum=$(sha256sum < "$deb" | cut -d' ' -f1)
	if [ "$(cat "$vdir/deb/.source" 2>/dev/null)" != "$sum" ]; then
		echo "fetch: dpkg-deb -x $(basename "$deb")"
		rm -rf "$vdir/deb" "$vdir/deb.new"
		dpkg-deb -x "$deb" "$vdir/deb.new" && mv "$vdir/deb.new" "$vdir/deb" ||
			{ echo "dpkg-deb -x $deb failed (disk full? df -h $DRIFT)"; return 2; }
		echo "$sum" > "$vdir/deb/.source"
	fi
	[ -f "$vdir/deb/usr/src/$KSRC_PKG.tar.xz" ] ||
		{ echo "$deb has no usr/src/$KSRC_PKG.tar.xz"; return 2; }
	echo "fetch: $vdir/deb/usr/src/$KSRC_PKG.tar.xz ($(du -m "$vdir/deb/usr/src/$KSRC_PKG.tar.xz" | cut -f1) MB)"
}

# share_image FROM TO: the guest image of the build directory FROM in TO,
# hardlinked (a copy across file systems), and its stamp copied.
share_image() {
	mkdir -p "$2/image" "$2/stamps"
	ln -f "$1/image/base.cpio" "$2/image/base.cpio" 2>/dev/null ||
		cp -f "$1/image/base.cpio" "$2/image/base.cpio"
	cp -f "$1/stamps/image.key" "$2/stamps/image.key"
}

# shared_image: the main guest image, checked once. stages/image.sh verifies
# its key and checksum (and rebuilds it here, never in the main BUILD).
shared_image() {
	if [ ! -f "$DRIFT/shared/image/base.cpio" ] && [ -f "$MAIN_BUILD/stamps/image.key" ]; then
		share_image "$MAIN_BUILD" "$DRIFT/shared"
	fi
	BUILD=$DRIFT/shared TREE=$DRIFT/shared/linux nice -n "$NICE" \
		"$TOOLS/stages/stage.sh" image "$TOOLS/stages/image.sh"
}

# pipeline VER VDIR: `make all` (the Makefile's stages, then a run, or
# the passing run of the same inputs reprinted) in VDIR, its own BUILD.
# Records "failed_stage=NAME" (tools/lib.sh's stage_failed) for the
# summary.
pipeline() {
	local ver=$1 vdir=$2 rc
	share_image "$DRIFT/shared" "$vdir"
	# The KVM probe's answer holds for this host boot: share it.
	[ -f "$MAIN_BUILD/accel-probe" ] && [ ! -f "$vdir/accel-probe" ] &&
		cp "$MAIN_BUILD/accel-probe" "$vdir/"
	rm -f "$vdir/logs/failed-stage"
	# VDIR has one layout, whatever the package (make sets the rest of
	# 6.12's variant; the Makefile takes the variant's directories from
	# its command line only). The kernel builds use the user's ccache
	# with VDIR as its base_dir (tools/lib/settings.sh): the versions
	# share cache entries with each other and the main build.
	env -u INITRD -u RUN_ID -u NO_LATEST -u MAKEFLAGS -u MAKELEVEL -u MFLAGS \
		BUILD="$vdir" FORCE=1 \
		KSRC_TARBALL="$vdir/deb/usr/src/$KSRC_PKG.tar.xz" KSRC_VERSION="$ver" \
		nice -n "$NICE" make --no-print-directory -C "$KSTRING_ROOT" \
		KERNEL_CHANGES="$KERNEL_CHANGES" TREE="$vdir/linux" KOBJ="$vdir/kernel" \
		OVERLAY_DIR="$vdir/overlay" LOGS_DIR="$vdir/logs" \
		TIMINGS_FILE="$vdir/timings" \
		TOOLS="$TOOLS" KSRC_PKG="$KSRC_PKG" all < /dev/null 2>&1 | sed -u 's/^/    /'
	rc=${PIPESTATUS[0]}
	if [ "$rc" -ne 0 ]; then
		echo "failed_stage=$(cat "$vdir/logs/failed-stage" 2>/dev/null || echo make)" \
			> "$vdir/failed-stage"
		[ "$rc" -ge 128 ] && exit 130	# make was interrupted
		return 1
	fi
	rm -f "$vdir/failed-stage"
}

# summarize VER VDIR RC T0: VDIR/result.json from the logs and the run
# that tools/run/run.sh recorded in VDIR/<variant>/results/last-run.
summarize() {
	python3 "$TOOLS/results" drift-result "$@"
}

# report VDIR...: the table (stdout, report.txt) and report.json.
report() {
	python3 "$TOOLS/results" drift-report "$DRIFT" "$@"
}

case ${1:-} in -h|--help) usage 0 ;; esac
words=("$@")
[ ${#words[@]} -gt 0 ] || read -r -a words <<< "${DRIFT_VERSIONS:-2}"
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null ||
	die "apt-get and dpkg-deb are needed (a Debian host)"
picked=$(pick "${words[@]}") || exit 2
mapfile -t picked <<< "$picked"

mkdir -p "$DRIFT"
exec 9> "$DRIFT/.lock"
flock -n 9 || die "another qa/drift.sh holds $DRIFT/.lock"

say "drift: $(printf '%s\n' "${picked[@]}" | cut -d' ' -f2 | xargs) (main build: $MAIN_BUILD; results in $DRIFT)"
# The host's tools (the kernel sources come from the archive's .debs).
DEB_PACKAGES_FILE=$KSTRING_ROOT/tools/deb-packages "$TOOLS/deps.sh" || exit 2
shared_image || die "no usable guest image (see $DRIFT/shared/logs/image.log)"

# Ctrl-C: the stage stops (run_stage), then the report of what ran.
interrupted=0
trap 'interrupted=1' INT TERM
vdirs=()
for pv in "${picked[@]}"; do
	KSRC_PKG=${pv% *} ver=${pv#* }
	vdir=$DRIFT/${ver//:/_}
	vdirs+=("$vdir")
	mkdir -p "$vdir"
	rm -f "$vdir/result.json" "$vdir/failed-stage" "$vdir"/*/results/last-run
	say ""
	say "=== $KSRC_PKG $ver ==="
	t0=$(now)
	(
		fetch "$ver" "$vdir" 2>&1 | tee "$vdir/fetch.log" | sed -u 's/^/    /'
		[ "${PIPESTATUS[0]}" -eq 0 ] || exit 1
		pipeline "$ver" "$vdir"
	) 2>&1 | tee "$vdir/drift.log"
	rc=${PIPESTATUS[0]}
	[ "$interrupted" = 1 ] && rc=130
	summarize "$ver" "$vdir" "$rc" "$t0" ||
		warn "$ver: could not summarize (see $vdir/drift.log)"
	if [ "$rc" -eq 130 ] || [ "$interrupted" = 1 ]; then
		warn "interrupted"
		break
	fi
done

say ""
report "${vdirs[@]}"
rc=$?
[ "$interrupted" = 1 ] && exit 130
exit "$rc"
