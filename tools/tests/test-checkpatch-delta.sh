#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/series/checkpatch-keys.awk on recorded checkpatch.pl logs of a generated
# rename and of its reverse (fixtures/checkpatch-delta/): the reports the
# rename adds are exactly the ones in "expect". The logs hold a report on
# both sides (pre-existing), one whose line length differs on the two
# sides (still the same report), one made once more on the forward side
# than on the reverse (counted) and one only on the forward side.
here=$(cd "$(dirname "$0")" && pwd)
fix=$here/fixtures/checkpatch-delta
keys() { awk -f "$here/../series/checkpatch-keys.awk" "$1" | LC_ALL=C sort; }

got=$(LC_ALL=C comm -23 <(keys "$fix/forward.log") <(keys "$fix/reverse.log"))
n_fwd=$(keys "$fix/forward.log" | wc -l)
n_rev=$(keys "$fix/reverse.log" | wc -l)
fails=0
echo "TAP version 13"
echo "1..3"
if [ "$n_fwd" -eq "$(grep -c '^\(ERROR\|WARNING\|CHECK\):' "$fix/forward.log")" ]; then
	echo "ok 1 - one key per report ($n_fwd forward, $n_rev reverse)"
else
	fails=1
	echo "not ok 1 - $n_fwd keys for $(grep -c '^\(ERROR\|WARNING\|CHECK\):' "$fix/forward.log") reports"
fi
if [ "$got" = "$(cat "$fix/expect")" ]; then
	echo "ok 2 - the new reports are exactly the expected ones"
else
	fails=1
	echo "not ok 2 - new reports differ from expect:"
	diff <(cat "$fix/expect") <(echo "$got") | sed 's/^/# /'
fi
if ! keys "$fix/forward.log" | cut -d'|' -f3 | grep -q '[0-9]'; then
	echo "ok 3 - numbers in messages are normalized"
else
	fails=1
	echo "not ok 3 - a key still has a number in it"
fi
exit "$fails"
