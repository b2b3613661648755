#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make lava-submit: the job `make lava-job` writes, submitted to a LAVA
# lab with lavacli, waited for, its stored log fetched (`lavacli jobs
# logs --raw`) and judged by the project's results code: the same table
# and exit codes as `make run`; then compared result by result with the
# last local run of the same kernel, when there is one.
#   LAVA_URI            the lab's XML-RPC address with its credentials,
#                       http://USER:TOKEN@HOST/RPC2 (or LAVA_IDENTITY:
#                       a lavacli identity of ~/.config/lavacli.yaml)
#   LAVA_ARTIFACT_BASE  the URL under which the lab reads build/lava/
#                       (the job's files are uploaded there as they are)
# tools/lava/lab.sh start brings up a lab on this machine and prints both.
# <root>/results/<id>-lab/ keeps job.yaml, lava.log (the lab's), lava.env
# (the lab's job id and health), summary.json, junit.xml, kcidb.json.
. "$(dirname "$0")/../lib.sh"

need_tools lavacli
if [ -n "${LAVA_URI:-}" ]; then
	lavacli=(lavacli --uri "$LAVA_URI")
elif [ -n "${LAVA_IDENTITY:-}" ]; then
	lavacli=(lavacli -i "$LAVA_IDENTITY")
else
	die "no lab: set LAVA_URI=http://USER:TOKEN@HOST/RPC2 or LAVA_IDENTITY= (a lavacli identity); tools/lava/lab.sh start makes one here"
fi
[ -n "${LAVA_ARTIFACT_BASE:-}" ] ||
	die "LAVA_ARTIFACT_BASE= unset: the URL under which the lab reads build/lava/"

run_id=$(new_run_id -lab)
rundir=$RESULTS/$run_id
mkdir -p "$rundir"
printf 'run_id=%s\nreused=0\n' "$run_id" > "$RESULTS/last-run"
job=$(LAVA_JOB_ID=$run_id ACCEL=${ACCEL:-tcg} \
	LAVA_ARTIFACT_URL=${LAVA_ARTIFACT_BASE%/}/$run_id "$KSTRING_ROOT/tools/lava/job.sh") ||
	die "make lava-job failed"
cp "$job/job.yaml" "$rundir/job.yaml"
write_run_info "$rundir" --kernel || exit 2

id=$("${lavacli[@]}" jobs submit "$rundir/job.yaml" 2>"$rundir/submit.err") ||
	die "lavacli jobs submit failed: $(head -n 3 "$rundir/submit.err")"
say "lava-submit: lab job $id (${job#"$KSTRING_ROOT"/}/job.yaml)"
t0=$(now)
# The job's own timeouts end it; ours only catches a lab that never
# schedules it. Progress: the job's state as the lab reports it.
deadline=$(($(date +%s) + TIMEOUT + 1800))
state=
while :; do
	show=$("${lavacli[@]}" jobs show "$id" 2>/dev/null)
	now_state=$(sed -n 's/^state *: *//p' <<< "$show")
	health=$(sed -n 's/^Health *: *//Ip' <<< "$show" | head -n 1)
	[ "$now_state" != "$state" ] &&
		say "    lab job $id: ${now_state:-unknown} after $(elapsed "$t0")s"
	state=$now_state
	[ "$state" = Finished ] && break
	if [ "$(date +%s)" -gt "$deadline" ]; then
		"${lavacli[@]}" jobs cancel "$id" > /dev/null 2>&1
		health="timed out waiting; cancelled"
		break
	fi
	sleep 5
done
printf 'lab_job=%s\nlab_health=%s\nseconds=%s\n' "$id" "$health" "$(elapsed "$t0")" \
	> "$rundir/lava.env"
"${lavacli[@]}" jobs logs --raw "$id" > "$rundir/lava.log" 2>"$rundir/logs.err" ||
	die "lavacli jobs logs $id failed: $(head -n 3 "$rundir/logs.err")"
say "lava-submit: lab job $id $health after $(elapsed "$t0")s"
TIMEOUT=$TIMEOUT python3 "$KSTRING_ROOT/tools/results" lava-verdict "$rundir"
rc=$?
# The last local run of the same kernel and tests: its results, test by
# test.
same() { grep -lxF "$(grep "^$1=" "$rundir/meta.env")" "$RESULTS"/[0-9]*/meta.env 2>/dev/null; }
local_run=$(comm -12 <(same kernel_sha256 | sort) <(same tests | sort) |
	grep -v -- "-lab/\|-lava/\|-inject\|-truncated\|/$run_id/" | tail -n 1)
if [ -n "$local_run" ] && [ -f "$(dirname "$local_run")/summary.json" ]; then
	python3 "$KSTRING_ROOT/tools/results" compare "$(dirname "$local_run")/summary.json" \
		"$rundir/summary.json" "the lab agrees with $(basename "$(dirname "$local_run")")" |
		grep -v '^TAP\|^1\.\.'
fi
say "results: ${rundir#"$KSTRING_ROOT"/} (lava.log, job.yaml, lava.env, junit.xml, summary.json, kcidb.json)"
exit "$rc"
