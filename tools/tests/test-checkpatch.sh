#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# host-test: needs-tree (not in make check)
#
# The series' checkpatch rules, on small fixture patches: run the patched
# tree's scripts/checkpatch.pl --strict on each fixture listed in
# fixtures/checkpatch/expect and check the message type it reports (or
# that it reports nothing). Skips when build/linux is not prepared.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
fixtures=$here/fixtures/checkpatch
checkpatch=$TREE/scripts/checkpatch.pl
if [ ! -x "$checkpatch" ]; then
	echo "1..0 # SKIP no prepared tree at $TREE (make tree)"
	exit 0
fi
mapfile -t rows < <(grep -v '^[[:space:]]*\(#\|$\)' "$fixtures/expect")
echo "TAP version 13"
echo "1..${#rows[@]}"
n=0 fails=0
for row in "${rows[@]}"; do
	read -r patch want <<< "$row"
	n=$((n + 1))
	out=$(cd "$TREE" && ./scripts/checkpatch.pl --strict --no-tree --show-types \
		-q "$fixtures/$patch" 2>&1)
	types=$(sed -n 's/^\(WARNING\|ERROR\|CHECK\):\([A-Z_]*\):.*/\2/p' <<< "$out" | sort -u | tr '\n' ' ')
	if [ "$want" = none ]; then
		[ -z "$types" ]
	else
		grep -qw "$want" <<< "$types"
	fi
	if [ $? -eq 0 ]; then
		echo "ok $n - $patch: ${want}"
	else
		echo "not ok $n - $patch: want $want, got ${types:-nothing}"
		fails=$((fails + 1))
	fi
done
[ "$fails" -eq 0 ]
