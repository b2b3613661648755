#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the top commit's defconfig kernels of other architectures, as
# `make check-series CHECK_CONFIGS=ARCH:defconfig` built them
# (build/<variant>/check/kernel-ARCH-defconfig/, with the set's
# check.config), under QEMU (TCG) with an initramfs of two static
# programs built with Debian's cross gcc and C library: its /init,
# tools/guest/module-init.c, loads the series' test modules, whose
# vectors run at load time, runs selftests/lib/parse_integer_stress
# against test_parse_integer's sysfs files, unloads the modules and
# powers off. What the .config builds is what is required: each test
# module it has as a module (test_parse_integer; 6.1: test_strscpy),
# each built-in KUnit suite of the strings (6.12: string, fortify),
# whose KTAP is in the boot log. tools/qa/cross-boot-judge.sh judges the
# console log. Each architecture boots three times: as it is, which must
# pass; with test_parse_integer's inject_failure=1, which must fail on
# that module (and the init) alone; with the stress checking against a
# wrong model (-M), which must fail on the stress (and the init) alone:
# the checks can fail. CROSS_ARCHS picks the architectures (default: arm64
# riscv s390; s390 is big-endian). Prints TAP; the TAP, console logs,
# verdicts and a summary in build/<variant>/results/<id>-cross-boot/.
. "$(dirname "$0")/../lib.sh"

archs=${CROSS_ARCHS:-arm64 riscv s390}
# What a .config symbol puts under test: a module (=m) or a KUnit suite
# (=y, run at boot).
tests_of_config="TEST_PARSE_INTEGER:test_parse_integer TEST_STRSCPY:test_strscpy
	STRING_KUNIT_TEST:kunit:string FORTIFY_KUNIT_TEST:kunit:fortify"
# The sysfs check: 2 writers, 1 reader, 2 s concurrent, then one by one.
stress="/parse_integer_stress -d /sys/kernel/test_parse_integer -w 2 -r 1 -t 2"
timeout=${CROSS_BOOT_TIMEOUT:-600}
judge=$KSTRING_ROOT/tools/qa/cross-boot-judge.sh
[ -d "$TREE/.git" ] || die "no kernel tree in $TREE: run 'make check-series CHECK_CONFIGS=ARCH:defconfig' first"
top=$(git -C "$TREE" rev-parse HEAD) || die "cannot read the top commit of $TREE"
top_tree=$(git -C "$TREE" rev-parse "HEAD^{tree}")
run_id=$(new_run_id -cross-boot)
out=$RESULTS/$run_id
mkdir -p "$out" || die "cannot create $out"

# qemu_for ARCH: set qemu, image, console and qemu_pkg for ARCH.
qemu_for() {
	# shellcheck disable=SC2054	# (QEMU's commas)
	case $1 in
	arm64)	qemu=(qemu-system-aarch64 -M virt -cpu max,pauth-impdef=on)
		image=arch/arm64/boot/Image console=ttyAMA0 qemu_pkg=qemu-system-arm ;;
	riscv)	qemu=(qemu-system-riscv64 -M virt -bios default)
		image=arch/riscv/boot/Image console=ttyS0 qemu_pkg=qemu-system-misc ;;
	s390)	qemu=(qemu-system-s390x -M s390-ccw-virtio -cpu max)
		image=arch/s390/boot/bzImage console=ttysclp0 qemu_pkg=qemu-system-misc ;;
	*)	die "CROSS_ARCHS: no QEMU machine for '$1' (arm64, riscv, s390)" ;;
	esac
}

# boot ARCH OBJ NAME LIST: boot OBJ's kernel with the steps of LIST
# (module-init's /modules.list); the console log in $out/ARCH-NAME.log.
boot() {
	local arch=$1 obj=$2 name=$3 list=$4 dir=$work/$3 m pid
	mkdir -p "$dir"
	printf '%s\n' "$list" > "$dir/modules.list"
	{
		echo "dir /dev 0755 0 0"
		echo "nod /dev/console 0600 0 0 c 5 1"
		echo "dir /modules 0755 0 0"
		echo "file /init $work/init 0755 0 0"
		echo "file /parse_integer_stress $work/parse_integer_stress 0755 0 0"
		echo "file /modules.list $dir/modules.list 0644 0 0"
		for m in "${modules[@]}"; do
			echo "file /modules/$m.ko $obj/lib/$m.ko 0644 0 0"
		done
	} > "$dir/initramfs.list"
	"$obj/usr/gen_init_cpio" "$dir/initramfs.list" > "$dir/initramfs.cpio" ||
		die "gen_init_cpio failed for $arch ($dir/initramfs.list)"
	log=$out/$arch-$name.log
	timeout "$timeout" "${qemu[@]}" -m 1G -smp 1 -nographic -no-reboot \
		-kernel "$obj/$image" -initrd "$dir/initramfs.cpio" \
		-append "console=$console panic=-1" < /dev/null > "$log" 2>&1 &
	pid=$!
	last_line() { grep -a . "$log" | tail -n 1; }
	watch_progress "$pid" "$arch $name" last_line 30 >&2
	wait "$pid" || [ $? -ne 124 ] ||
		echo "cross-boot: QEMU killed after ${timeout}s (CROSS_BOOT_TIMEOUT)" >> "$log"
}

n=0 fails=0
# emit LINE...: TAP, on stdout and into the run's cross-boot.tap.
emit() { printf '%s\n' "$@"; printf '%s\n' "$@" >> "$out/cross-boot.tap"; }
tap() {	# tap STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" = 0 ]; then emit "ok $n - $2"; else emit "not ok $n - $2"; fails=$((fails + 1)); fi
}
# verdicts FILE: the judge's lines as TAP comments.
verdicts() { local l; while IFS= read -r l; do emit "# $l"; done < "$1"; }
# judged_boot NAME LIST TEST...: boot with LIST, judge TESTs into
# $out/$arch-NAME.verdicts, emit them; the judge's status.
judged_boot() {
	local name=$1 list=$2 rc
	shift 2
	boot "$arch" "$obj" "$name" "$list"
	"$judge" "$log" "$top" "$@" > "$out/$arch-$name.verdicts"
	rc=$?
	verdicts "$out/$arch-$name.verdicts"
	return "$rc"
}
# fails_only NAME FAIL...: the judge failed NAME's boot on exactly the
# FAIL lines given (each the start of a verdict after "FAIL ").
fails_only() {
	local v=$out/$arch-$1.verdicts f
	shift
	[ "$(grep -c '^FAIL' "$v")" = $# ] || return 1
	for f; do grep -q "^FAIL $f" "$v" || return 1; done
}
for arch in $archs; do
	qemu_for "$arch"
	obj=$VARIANT_ROOT/check/kernel-$arch-defconfig
	work=$obj/cross-boot
	newest=$(ls -t "$obj/built" 2>/dev/null | head -n 1)
	if [ "$newest" != "$top_tree" ] || [ ! -f "$obj/$image" ]; then
		tap 1 "$arch: no kernel of the top commit ${top:0:12} in ${obj#"$KSTRING_ROOT"/}: run 'make$([ "$VARIANT_ROOT" = "$BUILD/6.1" ] || echo " KSRC_PKG=$KSRC_PKG") check-series CHECK_CONFIGS=$arch:defconfig CHECK_BUILDS_ONLY=1'"
		continue
	fi
	command -v "${qemu[0]}" > /dev/null || "$KSTRING_ROOT/tools/deps.sh" "$qemu_pkg" >&2 || exit 2
	cross_toolchain "$arch" || exit 2
	# The tests this kernel has.
	modules=() tests=()
	for t in $tests_of_config; do
		case $t:$(grep -s "^CONFIG_${t%%:*}=" "$obj/.config") in
		*:kunit:*=y) tests+=("${t#*:}") ;;
		*:kunit:*) ;;
		*=m) modules+=("${t#*:}") tests+=("${t#*:}") ;;
		esac
	done
	if [[ " ${modules[*]} " != *" test_parse_integer "* ]]; then
		tap 1 "$arch: ${obj#"$KSTRING_ROOT"/}/.config has no CONFIG_TEST_PARSE_INTEGER=m: rebuild it with check.config (make check-series)"
		continue
	fi
	mkdir -p "$work"
	for prog in tools/guest/module-init.c:init \
		selftests/lib/parse_integer_stress.c:parse_integer_stress; do
		"${CROSS}gcc" -static -O2 -Wall -Werror -o "$work/${prog#*:}" \
			"$KSTRING_ROOT/${prog%:*}" ||
			die "${CROSS}gcc cannot build ${prog%:*}"
	done
	list=$(printf '%s.ko\n' "${modules[@]}")
	say "cross-boot: $arch: booting ${obj#"$KSTRING_ROOT"/}/$image under ${qemu[0]}" >&2
	judged_boot modules "$list
$stress" "${tests[@]}" prog:parse_integer_stress
	tap $? "$arch: ${tests[*]} and parse_integer_stress pass in a defconfig kernel of ${top:0:12} (${log#"$KSTRING_ROOT"/})"
	# The negative controls: one failure injected, judged failed on
	# what failed (and the init, which reports it) alone.
	judged_boot inject "${list/test_parse_integer.ko/test_parse_integer.ko inject_failure=1}" \
		"${tests[@]}"
	fails_only inject 'test_parse_integer: failed 1 out of' 'init: test_parse_integer: finit_module'
	tap $? "$arch: with test_parse_integer inject_failure=1 the judge fails that module and init, nothing else (${log#"$KSTRING_ROOT"/})"
	judged_boot wrong-model "$list
$stress -M" "${tests[@]}" prog:parse_integer_stress
	fails_only wrong-model 'prog:parse_integer_stress: exit status 1' 'init: parse_integer_stress: exit status 1'
	tap $? "$arch: with parse_integer_stress -M (a wrong model) the judge fails the stress and init, nothing else (${log#"$KSTRING_ROOT"/})"
done
emit "1..$n"
{
	echo "cross-boot $run_id: top commit $top, architectures: $archs"
	echo "$((n - fails)) passed, $fails failed"
} > "$out/summary"
say "cross-boot: $((n - fails)) passed, $fails failed (${out#"$KSTRING_ROOT"/})" >&2
[ "$fails" -eq 0 ]
