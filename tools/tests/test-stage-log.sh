#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stages/stage.sh keeps the evidence of the run that made a product: a
# stage that only finds its product up to date ("NAME: up to date" last)
# adds its line to the log of the build instead of replacing it, and
# records no time (a run's timings.env must say how long the build took,
# not the check); a stage that does work, fails or is interrupted gets a
# log of its own.
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tap.sh"
unset VARIANT VARIANT_ROOT LOGS_DIR TIMINGS_FILE
export BUILD=$tmp/build
log=$BUILD/6.1/logs/demo.log timings=$BUILD/6.1/timings
stage() { "$here/../stages/stage.sh" demo bash -c "$1" > "$tmp/out" 2>&1; }
runs() { grep -c ' demo ' "$timings" 2>/dev/null; }

echo "TAP version 13"
echo "1..7"
stage 'echo compiling; echo "demo: made"'
check "a stage that works: its log and its time" \
	"grep -qx compiling '$log' && [ \"\$(runs)\" = 1 ]"
stage 'echo "demo: up to date (v1)"'
check "up to date: the build's log kept, the line added" \
	"grep -qx compiling '$log' && [ \"\$(tail -n 1 '$log')\" = 'demo: up to date (v1)' ]"
check "... no time recorded for the check" "[ \"\$(runs)\" = 1 ]"
check "... and the line shown" "grep -q 'demo: up to date (v1)' '$tmp/out'"
stage 'echo "demo: no compiler"; exit 1'
check "a failure replaces the log with its own" \
	"! grep -q compiling '$log' && grep -qx 'demo: no compiler' '$log'"
rm -f "$log"
stage 'echo "demo: up to date (v2)"'
check "up to date without a log yet: a log of its own" \
	"[ \"\$(cat '$log')\" = 'demo: up to date (v2)' ]"
set -m	# (a process group of its own, as make test's resume test runs it)
"$here/../stages/stage.sh" demo bash -c 'echo "demo: compiling"; sleep 30' > "$tmp/out" 2>&1 &
pid=$!
set +m
for _ in $(seq 200); do	# (its output under way: in its log or the log to be)
	cat "$log"* 2>/dev/null | grep -q compiling && break
	sleep 0.05
done
kill -TERM -- "-$pid"
wait "$pid"
rc=$?
check "an interrupted stage (exit $rc): its log in place" \
	"[ $rc -eq 130 ] && grep -qx 'demo: compiling' '$log' && [ ! -e '$log.new' ]"
[ "$fails" -eq 0 ]
