#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make KSRC_PKG=linux-source-6.12 kunit: the tree's KUnit suites of the
# string functions (KUNITCONFIG, by default the tree's
# config/strings.kunitconfig) run the upstream way, by the kernel's own
# tools/testing/kunit/kunit.py: an x86_64 kernel of its own in
# build/kunit-<variant>, booted under QEMU (TCG). Keeps
# build/results/<id>-kunit-<variant>/ (kunit.log: kunit.py's output,
# console.log: the kernel's, kunit.json: its parsed results) and exits
# with kunit.py's code (0 when every suite passed).
. "$(dirname "$0")/../lib.sh"

kunitconfig=${KUNITCONFIG:-$CHANGES/config/strings.kunitconfig}
kunit_dir=$BUILD/kunit${VARIANT:+-$VARIANT}
[ -f "$kunitconfig" ] ||
	die "no $kunitconfig: KUnit runs on trees that test with it (make KSRC_PKG=linux-source-6.12 kunit)"
[ -x "$TREE/tools/testing/kunit/kunit.py" ] || die "no kunit.py in $TREE: run 'make tree'"
need_tools qemu-system-x86_64 make gcc python3
[ -f "$kunit_dir/vmlinux" ] || need_space 1500 "$BUILD" "kunit.py's kernel build"

run_id=$(date -u +%Y%m%d-%H%M%S)-kunit${VARIANT:+-$VARIANT}
rundir=$RESULTS/$run_id
mkdir -p "$rundir"
cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
say "kunit: kunit.py run --arch=x86_64 ($(grep -c '^CONFIG_' "$kunitconfig") symbols of ${kunitconfig#"$KSTRING_ROOT"/}) in ${kunit_dir#"$KSTRING_ROOT"/}"
# kunit.py finds qboot.rom (x86_64's -bios) in QEMU's data directory.
(cd "$TREE" && CCACHE_DIR=${CCACHE_DIR:-$BUILD/ccache} \
	KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-2015-05-01} \
	python3 tools/testing/kunit/kunit.py run --arch=x86_64 \
	--build_dir="$kunit_dir" --kunitconfig="$kunitconfig" \
	--make_options="CC=$cc" --jobs="$JOBS" --timeout="$TIMEOUT" \
	--json="$rundir/kunit.json") 2>&1 | tee "$rundir/kunit.log" |
	grep --line-buffered -E '^\[[0-9:]+\] [A-Z]'	# its stages and summary
rc=${PIPESTATUS[0]}
cp "$kunit_dir/test.log" "$rundir/console.log" 2>/dev/null
[ "$rc" -eq 0 ] || grep -E '\[FAILED\]|\[CRASHED\]|ERROR' "$rundir/kunit.log" | head -n 20 >&2
say "kunit: ${rundir#"$KSTRING_ROOT"/} (kunit.log, console.log, kunit.json); kunit.py exited $rc"
[ "$rc" -eq 0 ] || stage_failed kunit
exit "$rc"
