#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the guest once and judge it: its results, <root>/results/<run-id>/
# (build/6.1/results/... for the default variant), get the
# console log, TAP, dmesg, junit.xml and summary.json; results/latest
# points at it, and results/last-run names it (run_id=, reused=) for
# whoever called. Exits with the verdict's code (see tools/results/).
#
# With REUSE=1 (what plain `make` uses) a run is skipped when the last run
# passed with exactly the same kernel, image, overlay and options; its
# table is printed again. `make run` always boots.
. "$(dirname "$0")/../lib.sh"

results=$RESULTS
latest=$results/latest
key=$( (stamp_key "$INITRD_STAMP"; echo "$PROFILE ${TESTS:-} ${EXTRA_TESTS:-} $KSFT_TARGETS ${KERNEL_ARGS:-} ${ACCEL:-} ${KSFT_TIMEOUT:-}") |
	sha256sum | cut -d' ' -f1)

if [ "${REUSE:-0}" = 1 ] && [ -f "$latest/inputs.key" ] &&
   [ "$(cat "$latest/inputs.key")" = "$key" ] &&
   grep -q '"verdict": "passed"' "$latest/summary.json" 2>/dev/null; then
	run_id=$(basename "$(readlink -f "$latest")")
	printf 'run_id=%s\nreused=1\n' "$run_id" > "$results/last-run"
	say "run: inputs unchanged since passing run $run_id; 'make run' boots again"
	exec python3 "$KSTRING_ROOT/tools/results" verdict "$latest"
fi

run_id=$(new_run_id)
rundir=$results/$run_id
mkdir -p "$rundir"
printf 'run_id=%s\nreused=0\n' "$run_id" > "$results/last-run"
# Never report a kernel that was not tested: a tree that is not the
# series, or a kernel not built from it, is an infrastructure error,
# judged and kept like any run, and nothing boots.
if write_run_info "$rundir" --kernel 2> "$rundir/not-tested.log"; then
	"$KSTRING_ROOT/tools/run/guest.sh" test "$rundir"
else
	cat "$rundir/not-tested.log" >&2
	printf 'status=not-tested\nreason=%s\n' \
		"$(sed -n 's/^[^:]*: error: //p' "$rundir/not-tested.log" | head -n 1)" > "$rundir/qemu.env"
fi
# make COVERAGE=1: the lcov report of the gcov data the guest sent
[ "${COVERAGE:-}" = 1 ] && [ -f "$rundir/gcov.b64" ] &&
	{ "$KSTRING_ROOT/tools/run/coverage.sh" "$rundir" ||
		warn "no coverage report for $run_id (see $rundir/coverage/)"; }
# Its own guest's time (qemu.env), not the variant's last boot: make test
# boots two guests at a time.
[ -f "$rundir/qemu.env" ] &&
	sed -n 's/^seconds=/boot=/p' "$rundir/qemu.env" >> "$rundir/timings.env"
echo "$key" > "$rundir/inputs.key"
[ "${NO_LATEST:-0}" = 1 ] || ln -sfn "$run_id" "$latest"
python3 "$KSTRING_ROOT/tools/results" verdict "$rundir"
rc=$?
[ "$rc" -eq 0 ] || stage_failed run
say "results: ${rundir#"$KSTRING_ROOT"/} (console.log, kselftest.tap, dmesg.log, junit.xml, summary.json)"
exit "$rc"
