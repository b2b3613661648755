#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make lava-lab-check: make lava-submit against a real LAVA lab. Brings
# up the lab here (tools/lava/lab.sh), runs TESTS (default
# lib:strscpy.sh) with make run, then the same through the lab, and
# requires: both pass, the same table, the lab's results equal to the
# local ones test by test; the lab is stopped afterwards, also on
# failure. Prints TAP. Root only (the lab's daemons).
. "$(dirname "$0")/../lib.sh"
. "$KSTRING_ROOT/tools/tests/tap.sh"

export TESTS=${TESTS:-lib:strscpy.sh}
out=$BUILD/lava-lab-check
mkdir -p "$out"
trap '"$KSTRING_ROOT/tools/lava/lab.sh" stop > "$out/stop.log" 2>&1' EXIT
# table FILE: the result table of a run's output, from its header line
# to the verdict line, without the boot's measured time.
table() { sed -n '/^test  *result  *detail$/,/^verdict: /p' "$1" | grep -v '^boot: '; }

echo "TAP version 13"
echo "1..5"
"$KSTRING_ROOT/tools/lava/lab.sh" start > "$out/lab.log" 2>&1
check "the lab comes up (lava-server, worker, device)" '[ $? -eq 0 ]' ||
	sed 's/^/# /' "$out/lab.log"
"$KSTRING_ROOT/tools/run/run.sh" > "$out/run.out" 2>&1
check "make run TESTS=$TESTS passes" '[ $? -eq 0 ]'
local_run=$(sed -n 's/^run_id=//p' "$RESULTS/last-run")
LAVA_URI=$(cat "$BUILD/lava-lab/uri" 2>/dev/null) LAVA_ARTIFACT_BASE=http://127.0.0.1:8090 \
	"$KSTRING_ROOT/tools/lava/submit.sh" > "$out/submit.out" 2>&1
check "make lava-submit TESTS=$TESTS passes (lab job $(sed -n 's/^lab_job=//p' \
	"$RESULTS/$(sed -n 's/^run_id=//p' "$RESULTS/last-run")/lava.env" 2>/dev/null))" '[ $? -eq 0 ]' ||
	tail -n 15 "$out/submit.out" | sed 's/^/# /'
check "it prints make run's table" \
	'[ -n "$(table "$out/run.out")" ] && diff <(table "$out/run.out") <(table "$out/submit.out") > "$out/table.diff"'
check "the lab's results are $local_run's, test by test" \
	'grep -q "^ok .*the lab agrees with $local_run" "$out/submit.out"'
exit $((fails > 0))
