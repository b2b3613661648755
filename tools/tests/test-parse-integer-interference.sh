#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# parse_integer.sh against parse_integer_fake_feed.py (the module's
# answers from the Python model, no kernel): "result" is one for all
# users, so a result that another writer's request overtook must be sent
# again and, if that keeps happening, skipped with the reason, while a
# <seq> that does not grow or a wrong value still fails a vector.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo 64 > "$tmp/long_bits"

echo "TAP version 13"
echo "1..5"
n=0 fails=0
# check DESC MODE WANT_RC PATTERN [COUNT]: parse_integer.sh with the fake
# in MODE ends with WANT_RC and prints PATTERN (COUNT times, if given).
check() {
	local desc=$1 mode=$2 want=$3 pattern=$4 count=${5:-} rc got
	FAKE_FEED=$mode SKIP_MODPROBE=1 SYSFS_DIR=$tmp \
		FEED=$here/parse_integer_fake_feed.py \
		bash "$SELFTESTS_SRC/lib/parse_integer.sh" > "$tmp/$mode.tap" 2>&1
	rc=$?
	got=$(grep -cE "$pattern" "$tmp/$mode.tap")
	n=$((n + 1))
	if [ "$rc" -eq "$want" ] && [ "$got" -gt 0 ] &&
	   { [ -z "$count" ] || [ "$got" -eq "$count" ]; }; then
		echo "ok $n - $desc"
	else
		echo "not ok $n - $desc # exit $rc (want $want), $got lines match '$pattern'${count:+ (want $count)}"
		grep -E '^not ok|^#' "$tmp/$mode.tap" | head -5 | sed 's/^/# /'
		fails=$((fails + 1))
	fi
}
vectors=$(grep -c '^ok .* - [a-z0-9@]* [0-9]' < <(FAKE_FEED=none SKIP_MODPROBE=1 \
	SYSFS_DIR=$tmp FEED=$here/parse_integer_fake_feed.py \
	bash "$SELFTESTS_SRC/lib/parse_integer.sh" 2>&1))
check "no interference: every vector passes" none 0 '^# 0 of [0-9]+ tests failed'
check "another writer now and then: requests sent again, every vector passes" \
	interfere 0 '^# another writer used .* during [0-9]+ request\(s\): sent again'
check "another writer before every result: each of the $vectors vectors skipped, saying why" \
	always 0 '^ok .* # SKIP another writer overtook it three times' "$vectors"
check "a <seq> that did not grow still fails its vector" \
	stuck 1 '^not ok .* # expected seq 7 got seq 6' 1
check "a wrong value still fails its vector" value 1 '^not ok .* got 8 3735928560' 1
exit $((fails > 0))
