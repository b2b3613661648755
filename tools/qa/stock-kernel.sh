#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A kernel without the series: Debian's own linux-image of the same
# version as the linux-source-6.1 the series is applied to (every
# CONFIG_TEST_* off), fetched with apt-get download into build/debs/
# (kept), booted with `make run KERNEL=<.deb>`. Each kselftest of the
# series must SKIP, saying what is missing, and the run must pass
# (tools/qa/stock-kernel.expect). Prints TAP; the run is kept as
# build/results/<id>-stock-input/.
. "$(dirname "$0")/../lib.sh"

want=$(dpkg-query -W -f='${Version}' "$KSRC_PKG" 2>/dev/null) ||
	die "$KSRC_PKG is not installed: run 'make deps'"
# linux-image-6.1.0-N-amd64 of that version (the newest ABI first).
pkg=$(apt-cache search --names-only '^linux-image-[0-9.]+-[0-9]+-amd64$' |
	cut -d' ' -f1 | sort -t- -k4,4nr | while read -r p; do
		[ "$(apt-cache show "$p" 2>/dev/null | sed -n 's/^Version: //p' | head -n 1)" = "$want" ] &&
			{ echo "$p"; break; }
	done)
[ -n "$pkg" ] || die "the archive has no linux-image-*-amd64 of $KSRC_PKG's version $want: run 'apt-get update'"
debs=$BUILD/debs
mkdir -p "$debs"
deb=$(ls "$debs/${pkg}_"*.deb 2>/dev/null | head -n 1)
if [ -z "$deb" ]; then
	(cd "$debs" && apt-get download "$pkg" > "$debs/$pkg.log" 2>&1) ||
		die "apt-get download $pkg failed ($debs/$pkg.log): is the Debian archive reachable?"
	deb=$(ls "$debs/${pkg}_"*.deb | head -n 1)
fi
run_id=$(date -u +%Y%m%d-%H%M%S)-stock-input
make --no-print-directory -C "$KSTRING_ROOT" run KERNEL="$deb" RUN_ID="$run_id" \
	> "$BUILD/stock-kernel.out" 2>&1
rc=$?
python3 "$KSTRING_ROOT/tools/results" expect "$BUILD/results/$run_id/summary.json" \
	"$rc" "$KSTRING_ROOT/tools/qa/stock-kernel.expect" "stock kernel ($pkg $want)"
