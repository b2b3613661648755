#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/qa/cross-boot-judge.sh on recorded console logs of an arm64
# defconfig boot (fixtures/cross-boot/, make cross-boot): the real boot
# passes, the boot with test_parse_integer's inject_failure=1 fails on
# that module and module-init alone, the one with parse_integer_stress
# -M (a wrong model) on the stress and module-init alone, and a wrong
# kernel, an oops, a module left loaded, a program that did not run and
# a boot that stopped early each fail with a reason; a built-in KUnit
# suite (6.12) is judged by its KTAP line.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
. "$here/tap.sh"
judge=$KSTRING_ROOT/tools/qa/cross-boot-judge.sh
fx=$here/fixtures/cross-boot
top=7a0742f9c4510000000000000000000000000000	# the boot's -g id, padded
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# judged LOG: the judge's lines, its exit status last ("rc=N").
judged() {
	"$judge" "$1" "$top" test_parse_integer test_strscpy prog:parse_integer_stress
	echo "rc=$?"
}

out=$(judged "$fx/arm64-modules.log")
check "the real boot passes: kernel, both modules, the stress, init" \
	'[ "$(grep -c "^PASS" <<< "$out")" = 5 ] && grep -q "^rc=0$" <<< "$out" &&
	 grep -q "^PASS test_strscpy: all 66564 tests passed$" <<< "$out" &&
	 grep -q "^PASS prog:parse_integer_stress: passed$" <<< "$out"'
out=$("$judge" "$fx/arm64-inject.log" "$top" test_parse_integer test_strscpy; echo "rc=$?")
check "inject_failure=1: test_parse_integer and init fail, saying why; nothing else" \
	'[ "$(grep -c "^FAIL" <<< "$out")" = 2 ] && grep -q "^rc=1$" <<< "$out" &&
	 grep -q "^FAIL test_parse_integer: failed 1 out of 524 tests$" <<< "$out" &&
	 grep -q "^FAIL init: test_parse_integer: finit_module: Invalid argument$" <<< "$out"'
out=$(judged "$fx/arm64-wrong-model.log")
check "a wrong model: the stress fails with its first diagnostic, init with it; nothing else" \
	'[ "$(grep -c "^FAIL" <<< "$out")" = 2 ] && grep -q "^rc=1$" <<< "$out" &&
	 grep -q "^FAIL prog:parse_integer_stress: exit status 1 (\(reader\|writer\|sequential\): .*)$" <<< "$out" &&
	 grep -q "^FAIL init: parse_integer_stress: exit status 1$" <<< "$out"'
check "a program module-init did not run fails (the inject boot lists no stress)" \
	'grep -q "^FAIL prog:parse_integer_stress: module-init did not run it$" <<< "$(judged "$fx/arm64-inject.log")"'
out=$("$judge" "$fx/arm64-modules.log" 0123456789abcdef test_strscpy; echo "rc=$?")
check "another commit's kernel fails, naming both" \
	'grep -q "^FAIL kernel: Linux version 6.1.192-g7a0742f9c451 is not commit 0123456789ab" <<< "$out" &&
	 grep -q "^rc=1$" <<< "$out"'
sed '/test_parse_integer: loaded\./a [    2.5] Unable to handle kernel NULL pointer dereference at virtual address 0' \
	"$fx/arm64-modules.log" > "$tmp/oops.log"
out=$(judged "$tmp/oops.log")
check "an oops fails the kernel" \
	'grep -q "^FAIL kernel: Unable to handle kernel NULL pointer" <<< "$out" && grep -q "^rc=1$" <<< "$out"'
grep -a -v '^module-init: test_strscpy: unloaded' "$fx/arm64-modules.log" > "$tmp/stuck.log"
out=$(judged "$tmp/stuck.log")
check "a module that did not unload fails" \
	'grep -q "^FAIL test_strscpy: all 66564 tests passed, but it did not unload$" <<< "$out"'
sed '/test_strscpy: loaded\./q' "$fx/arm64-modules.log" > "$tmp/cut.log"
out=$(judged "$tmp/cut.log")
check "a boot that stopped early fails the module and init" \
	'grep -q "^FAIL test_strscpy: no kselftest verdict in the kernel log$" <<< "$out" &&
	 grep -q "^FAIL init: no end: it did not run or the boot stopped$" <<< "$out"'
: > "$tmp/empty.log"
out=$(judged "$tmp/empty.log")
check "no boot at all fails the kernel" \
	'grep -q "^FAIL kernel: no \"Linux version\" line" <<< "$out"'
# kunit SUITE LINE...: the judge's line on kunit:SUITE, the real boot's
# log with LINEs (KTAP, as the x86_64 6.12 guest logs it) added.
kunit() {
	local suite=$1
	shift
	{ cat "$fx/arm64-modules.log"; printf '%s\r\n' "$@"; } > "$tmp/kunit.log"
	"$judge" "$tmp/kunit.log" "$top" "kunit:$suite" | grep "kunit:$suite"
}
check "a KUnit suite's top-level ok passes it (not a longer name's)" \
	'[ "$(kunit string "[    1.105032] ok 1 string_helpers" "[    6.308854] ok 2 string")" = "PASS kunit:string: ok 2 string" ]'
check "a KUnit suite's not ok fails it, saying so" \
	'[ "$(kunit string "[    6.308854] not ok 1 string")" = "FAIL kunit:string: not ok 1 string" ]'
check "a KUnit suite missing from the log fails" \
	'[ "$(kunit fortify "[    1.105032] ok 1 string_helpers" "[    6.308854]     ok 3 fortify")" = "FAIL kunit:fortify: no KTAP result of the suite in the boot log" ]'
echo "1..$n"
[ "$fails" -eq 0 ]
