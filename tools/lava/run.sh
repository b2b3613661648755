#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make lava-run: the job `make lava-job` writes, run here by Debian's
# lava-run (lava-dispatcher, tools/deb-packages-lava) on a local QEMU
# device: tools/lava/qemu-local.jinja2 rendered with the job's context by
# lava-server's qemu device type, as a lab's server renders it. Then LAVA's
# result records are judged by the project's results code, with the same
# table and exit codes as `make run`. <root>/results/<id>-lava/ keeps
# job.yaml, device.yaml, lava.log (lava-run's log stream: every console
# line and every result record), summary.json, junit.xml and kcidb.json.
. "$(dirname "$0")/../lib.sh"

[ "$(id -u)" -eq 0 ] || die "lava-run must run as root (it manages /var/lib/lava)"
need_tools lava-run
# lava-run's Python: Debian's, with the jinja2 and yaml lava-dispatcher
# brings (another python3 may be first on PATH).
py=/usr/bin/python3
server=$BUILD/lava/server
templates=$server/x/usr/share/lava-server/device-types
if [ ! -f "$templates/qemu.jinja2" ]; then
	# The device-type templates come with lava-server, which is not
	# installed (a web service): unpack them from its package.
	mkdir -p "$server"
	(cd "$server" && apt-get download lava-server > download.log 2>&1) ||
		die "apt-get download lava-server failed ($server/download.log): is the Debian archive reachable?"
	dpkg-deb -x "$server"/lava-server_*.deb "$server/x" ||
		die "cannot unpack $server/lava-server_*.deb"
fi

run_id=$(new_run_id -lava)
rundir=$RESULTS/$run_id
mkdir -p "$rundir"
printf 'run_id=%s\nreused=0\n' "$run_id" > "$RESULTS/last-run"
job=$(LAVA_JOB_ID=$run_id LAVA_ARTIFACT_URL= "$KSTRING_ROOT/tools/lava/job.sh") ||
	die "make lava-job failed"
cp "$job/job.yaml" "$rundir/job.yaml"
"$py" "$KSTRING_ROOT/tools/lava/render-device.py" "$templates" \
	"$KSTRING_ROOT/tools/lava/qemu-local.jinja2" "$rundir/job.yaml" \
	> "$rundir/device.yaml" || die "cannot render the LAVA device"
write_run_info "$rundir" --kernel || exit 2

timeout=$TIMEOUT
say "lava-run: job ${job#"$KSTRING_ROOT"/}/job.yaml, device ${rundir#"$KSTRING_ROOT"/}/device.yaml"
t0=$(now)
# The job's own timeouts end it; ours only catches lava-run itself hanging.
timeout -k 10 $((timeout + 900)) lava-run --job-id $$ --output-dir "$rundir/lava-output" \
	--device "$rundir/device.yaml" "$rundir/job.yaml" > "$rundir/lava.log" 2>&1 &
pid=$!
# The last console line, log message or result lava-run logged.
last_line() {
	grep -a '"lvl": "\(target\|info\|results\)"' "$rundir/lava.log" |
		tail -n 1 | sed 's/.*"msg": //'
}
watch_progress "$pid" lava-run last_line
wait "$pid"
rc=$?
printf 'lava_run_rc=%s\nseconds=%s\n' "$rc" "$(elapsed "$t0")" > "$rundir/lava.env"
# lava-run's exit code says whether the job ran, not whether tests
# passed: the verdict comes from its result records.
say "lava-run: exit $rc after $(elapsed "$t0")s"
TIMEOUT=$timeout python3 "$KSTRING_ROOT/tools/results" lava-verdict "$rundir"
rc=$?
say "results: ${rundir#"$KSTRING_ROOT"/} (lava.log, job.yaml, device.yaml, junit.xml, summary.json, kcidb.json)"
exit "$rc"
