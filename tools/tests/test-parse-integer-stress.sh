#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The checker of selftests/lib/parse_integer_stress.c on the host, without
# the module: its model must agree with parse_integer.vectors, a short run
# against its emulation of the module must pass, and each injected bug of
# the emulation (-F), and a deliberately wrong model (-M), must make it
# fail with the check that catches it.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
src=$SELFTESTS/lib
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
prog=$tmp/parse_integer_stress

echo "TAP version 13"
echo "1..9"
n=0 fails=0
check() {	# check DESC WANT_RC PATTERN CMD...: exit code and a line, if any
	local desc=$1 want=$2 pattern=$3 rc
	shift 3
	"$@" > "$tmp/out" 2>&1
	rc=$?
	if [ "$rc" -eq "$want" ] &&
	   { [ -z "$pattern" ] || grep -qE "$pattern" "$tmp/out"; }; then
		echo "ok $((++n)) - $desc"
	else
		echo "not ok $((++n)) - $desc (exit $rc, want $want and /$pattern/)"
		sed 's/^/#   /' "$tmp/out" | head -n 10
		fails=$((fails + 1))
	fi
}

check "builds with -Wall -Werror" 0 '' \
	gcc -O2 -Wall -Werror -o "$prog" "$src/parse_integer_stress.c" -lpthread
run=("$prog" -w 4 -r 2 -t 1 -q 300 -s 1)
check "model agrees with parse_integer.vectors" 0 ' 0 disagree' \
	"$prog" -V "$src/parse_integer.vectors"
check "emulation without bug passes" 0 'failures 0$' "${run[@]}" -F none
check "emulation: undocumented errno fails" 1 'undocumented error' \
	"${run[@]}" -F errno
check "emulation: seq not counted fails" 1 'seq grew by' "${run[@]}" -F seq
check "emulation: wrong result value fails" 1 \
	"no request had this outcome|not the model's outcome" \
	"${run[@]}" -F value
check "emulation: torn knob value fails" 1 'a value nobody wrote' \
	"${run[@]}" -F torn
check "emulation: failed knob write that stores fails" 1 \
	'a value nobody wrote|after .* failed' "${run[@]}" -F store
check "wrong model (range off by one) fails" 1 "the model says" \
	"${run[@]}" -F none -M
[ "$fails" -eq 0 ]
