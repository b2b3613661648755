#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A kernel without the series: Debian's own linux-image of the same
# version as the linux-source-6.1 the series is applied to (every
# CONFIG_TEST_* off), fetched with apt-get download into build/debs/
# (kept) with its headers, booted with `make run KERNEL=<.deb>
# KERNEL_HEADERS=<.deb>`. The series' test modules must fail to build
# against it (the kernel has no parse_integer(), no strscpy_truncate()),
# each kselftest of the series must SKIP, saying what is missing, and the
# run must pass (tools/qa/stock-kernel.expect). Prints TAP; the run is
# kept as build/input/results/<id>-stock-input/ (the input variant's root).
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
# fetch PACKAGE: its .deb in build/debs/, downloaded once.
fetch() {
	local deb
	deb=$(ls "$debs/${1}_"*.deb 2>/dev/null | head -n 1)
	if [ -z "$deb" ]; then
		(cd "$debs" && apt-get download "$1" > "$debs/$1.log" 2>&1) ||
			die "apt-get download $1 failed ($debs/$1.log): is the Debian archive reachable?"
		deb=$(ls "$debs/${1}_"*.deb | head -n 1)
	fi
	echo "$deb"
}
deb=$(fetch "$pkg") || exit 2
headers=$(fetch "${pkg/linux-image-/linux-headers-}") || exit 2
run_id=$(run_time)-stock-input
results=$(make -s --no-print-directory -C "$KSTRING_ROOT" print-config KERNEL="$deb" |
	sed -n 's/^RESULTS=//p')
out=$BUILD/stock-kernel.out
make --no-print-directory -C "$KSTRING_ROOT" run KERNEL="$deb" KERNEL_HEADERS="$headers" \
	RUN_ID="$run_id" > "$out" 2>&1 &
pid=$!
# (Progress on stderr: stdout is this script's TAP.)
last_line() { tail -n 1 "$out"; }
watch_progress "$pid" "stock kernel" last_line >&2
wait "$pid"
rc=$?
label="stock kernel ($pkg $want)"
python3 "$KSTRING_ROOT/tools/results" expect "$results/$run_id/summary.json" \
	"$rc" "$KSTRING_ROOT/tools/qa/stock-kernel.expect" "$label"
# The series' test modules do not build against it: the run says why.
meta=$results/$run_id/meta.env
echo "TAP version 13"
echo "1..2"
n=0
for line in 'test_module_test_parse_integer=not built: error: linux/parse-integer.h' \
	    'test_module_test_strscpy=not built: error: implicit declaration of function .strscpy_truncate.'; do
	n=$((n + 1))
	if grep -q "^$line" "$meta" 2>/dev/null; then ok=ok; else ok="not ok"; fi
	echo "$ok $n - $label: ${line%%=*} ${line#*=}"
done
