#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The checker of selftests/lib/parse_integer_stress.c on the host, without
# the module: its model must agree with parse_integer.vectors at both
# widths of long, a short run against its emulation of the module must
# pass with 64-bit and 32-bit long, and each injected bug of the emulation
# (-F), and a deliberately wrong model (-M), must make it fail with the
# check that catches it.  Without the module's long_bits it must refuse
# to run; built for a 32-bit user space (when i686-linux-gnu-gcc is
# there) it must pass against an emulated 64-bit kernel.  The emulation
# is host-only code (parse_integer_fake.c, next to this test): a build of
# the stress test alone, as kselftest's, must refuse -F.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
src=$SELFTESTS_SRC/lib
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
prog=$tmp/parse_integer_stress

echo "TAP version 13"
echo "1..16"
n=0 fails=0
# check DESC WANT_RC PATTERN CMD...: exit code and a line, if any. A
# command that must fail and passed runs again, five times in all: an
# emulated bug strikes at random and may miss a short run on a slow host.
check() {
	local desc=$1 want=$2 pattern=$3 rc try=1
	shift 3
	until "$@" > "$tmp/out" 2>&1; rc=$?
	      [ "$rc" -ne 0 ] || [ "$want" -eq 0 ] || [ "$try" -ge 5 ]; do
		try=$((try + 1))
	done
	if [ "$rc" -eq "$want" ] &&
	   { [ -z "$pattern" ] || grep -qE "$pattern" "$tmp/out"; }; then
		echo "ok $((++n)) - $desc"
	else
		echo "not ok $((++n)) - $desc (exit $rc, want $want and /$pattern/)"
		sed 's/^/#   /' "$tmp/out" | head -n 10
		fails=$((fails + 1))
	fi
}

fake=$here/parse_integer_fake.c
check "builds with -Wall -Werror, with the emulation" 0 '' \
	gcc -O2 -Wall -Werror -I"$src" -o "$prog" "$src/parse_integer_stress.c" "$fake" -lpthread
check "kselftest's build (no emulation) refuses -F" 2 'none in this build' \
	sh -c "gcc -O2 -Wall -Werror -o '$prog-ksft' '$src/parse_integer_stress.c' && '$prog-ksft' -F none -t 1"
run=("$prog" -w 4 -r 2 -t 0.2 -q 300 -s 1)
check "model agrees with parse_integer.vectors at 32- and 64-bit long" 0 \
	'64-bit long: [1-9][0-9]* vectors,.* 0 disagree' \
	"$prog" -V "$src/parse_integer.vectors"
printf 'long 10 - 2147483648 10 2147483648\n' > "$tmp/wrong.vectors"
check "an unmarked vector that holds for 64-bit long only fails" 1 \
	'32-bit long: 1 vectors,.* 1 disagree' \
	"$prog" -V "$tmp/wrong.vectors"
mkdir "$tmp/sys"
check "no long_bits in the module's directory: refuses to guess" 1 \
	'cannot read .*/long_bits' "$prog" -d "$tmp/sys" -t 1
check "emulation with 32-bit long passes" 0 'failures 0$' \
	"${run[@]}" -F none -L 32
check "wrong model with 32-bit long fails" 1 "the model says" \
	"${run[@]}" -F none -L 32 -M
check "emulation without bug passes" 0 'failures 0$' "${run[@]}" -F none
# (These strike rarely: errno and seq once in 5000 calls, store once in
# 100 failed knob writes. A whole second for them, which a loaded host
# needs (0.2 s missed each of them once beside a tree import and mkosi;
# under strace 1 s missed two, and 0.2 s the value bug).
check "emulation: undocumented errno fails" 1 'undocumented error' \
	"${run[@]}" -F errno -t 1
check "emulation: seq not counted fails" 1 'seq grew by' "${run[@]}" -F seq -t 1
check "emulation: wrong result value fails" 1 \
	"no request had this outcome|not the model's outcome" \
	"${run[@]}" -F value
check "emulation: torn knob value fails" 1 'a value nobody wrote' \
	"${run[@]}" -F torn
check "emulation: failed knob write that stores fails" 1 \
	'a value nobody wrote|after .* failed' "${run[@]}" -F store -t 1
check "wrong model (range off by one) fails" 1 "the model says" \
	"${run[@]}" -F none -M
if command -v i686-linux-gnu-gcc > /dev/null; then
	check "builds for a 32-bit user space" 0 '' \
		i686-linux-gnu-gcc -static -O2 -Wall -Werror -I"$src" -o "$prog-32" \
		"$src/parse_integer_stress.c" "$fake" -lpthread
	# A host kernel with its IA-32 emulation off (ia32_emulation=0, a
	# hypervisor that allows 64-bit code only) cannot exec it (126):
	# Debian's qemu-i386-static runs it then, as tools/stages/binfmt-i386.sh
	# does for mkosi, but without registering anything on the host.
	run32=("$prog-32")
	"$prog-32" -h > /dev/null 2>&1
	if [ $? -eq 126 ] && [ -x /usr/bin/qemu-i386-static ]; then
		echo "# this host cannot run i386 programs: under qemu-i386-static"
		run32=(/usr/bin/qemu-i386-static "$prog-32")
	fi
	check "32-bit user space, emulated 64-bit kernel: passes" 0 \
		'seed 1, 64-bit long' "${run32[@]}" -w 4 -r 2 -t 0.2 -q 300 \
		-s 1 -F none -L 64
else
	for what in "builds for a 32-bit user space" \
		    "32-bit user space, emulated 64-bit kernel: passes"; do
		echo "ok $((++n)) - $what # SKIP no i686-linux-gnu-gcc"
	done
fi
[ "$fails" -eq 0 ]
