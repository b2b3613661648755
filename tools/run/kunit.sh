#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make KSRC_PKG=linux-source-6.12 kunit: the tree's KUnit suites of the
# string functions (KUNITCONFIG, by default the tree's
# config/strings.kunitconfig) run the upstream way, by the kernel's own
# tools/testing/kunit/kunit.py, once per architecture of KUNIT_ARCHS
# (default "um x86_64": UML, kunit.py's default, then an x86_64 kernel
# booted under QEMU TCG), each built in build/<variant>/kunit-<arch>.
# Keeps build/<variant>/results/<id>-kunit-<variant>/ (per architecture
# kunit-<arch>.log: kunit.py's output, console-<arch>.log: the kernel's,
# kunit-<arch>.json: its parsed results) and exits 0 when every suite
# passed on every architecture, else with the last failing kunit.py code.
. "$(dirname "$0")/../lib.sh"

kunitconfig=${KUNITCONFIG:-$KERNEL_CHANGES/config/strings.kunitconfig}
kunit_dir=$VARIANT_ROOT/kunit
[ -f "$kunitconfig" ] ||
	die "no $kunitconfig: KUnit runs on trees that test with it (make KSRC_PKG=linux-source-6.12 kunit)"
[ -x "$TREE/tools/testing/kunit/kunit.py" ] || die "no kunit.py in $TREE: run 'make tree'"
archs=${KUNIT_ARCHS:-um x86_64}
need_tools make gcc python3
case " $archs " in *" x86_64 "*) need_tools qemu-system-x86_64 ;; esac
run_id=$(run_time)-kunit${VARIANT:+-$VARIANT}
rundir=$RESULTS/$run_id
mkdir -p "$rundir"
cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
final=0
for arch in $archs; do
	dir=$kunit_dir-$arch
	[ -f "$dir/.config" ] || need_space 1500 "$BUILD" "kunit.py's $arch kernel build"
	say "kunit: kunit.py run --arch=$arch ($(grep -c '^CONFIG_' "$kunitconfig") symbols of ${kunitconfig#"$KSTRING_ROOT"/}) in ${dir#"$KSTRING_ROOT"/}"
	# kunit.py finds qboot.rom (x86_64's -bios) in QEMU's data directory.
	(cd "$TREE" && CCACHE_DIR=$CCACHE_DIR CCACHE_BASEDIR=$CCACHE_BASEDIR CCACHE_DEPEND=1 \
		KBUILD_BUILD_TIMESTAMP=$KBUILD_BUILD_TIMESTAMP \
		python3 tools/testing/kunit/kunit.py run --arch="$arch" \
		--build_dir="$dir" --kunitconfig="$kunitconfig" \
		--make_options="CC=$cc" --jobs="$JOBS" --timeout="$TIMEOUT" \
		--json="$rundir/kunit-$arch.json") 2>&1 | tee "$rundir/kunit-$arch.log" |
		grep --line-buffered -E '^\[[0-9:]+\] [A-Z]'	# its stages and summary
	rc=${PIPESTATUS[0]}
	cp "$dir/test.log" "$rundir/console-$arch.log" 2>/dev/null
	if [ "$rc" -ne 0 ]; then
		grep -E '\[FAILED\]|\[CRASHED\]|ERROR' "$rundir/kunit-$arch.log" | head -n 20 >&2
		final=$rc
	fi
	say "kunit: $arch: kunit.py exited $rc"
done
say "kunit: ${rundir#"$KSTRING_ROOT"/} (kunit-<arch>.log, console-<arch>.log, kunit-<arch>.json)"
[ "$final" -eq 0 ] || stage_failed kunit
exit "$final"
