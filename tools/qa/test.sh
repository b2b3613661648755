#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make test: the project's own tests. First the host tests of the harness
# (no QEMU), then the whole pipeline and its guest boots (make run, LAVA,
# the negative controls, Debian's own kernel, make watch). Every host check,
# every kselftest and every cross-check of the guest run counts; the last
# line is "N passed, N failed".
. "$(dirname "$0")/../lib.sh"

cd "$KSTRING_ROOT" || exit 2
hp=0 hf=0 gp=0 gf=0 gs=0

# tap_count TAPFILE: add its ok / not ok lines to the guest's counts
# (a TAP file without any ok line counts as a failure).
tap_count() {
	local np nf
	np=$(grep -c '^ok ' "$1")
	nf=$(grep -c '^not ok ' "$1")
	[ "$np" -gt 0 ] || nf=$((nf + 1))
	gp=$((gp + np)) gf=$((gf + nf))
}

# host_tests NAME OPTION...: run-host-tests.sh OPTION..., its output in
# build/host-tests-NAME.out and its counts added to the host's;
# host_count OUT: the counts of a run whose output is OUT. (No count
# line: the runner died, a failure.)
host_count() {
	local line p f
	line=$(tail -n 1 "$1")
	p=$(sed -n 's/^host-tests: \([0-9]*\) passed, \([0-9]*\) failed.*/\1/p' <<< "$line")
	f=$(sed -n 's/^host-tests: \([0-9]*\) passed, \([0-9]*\) failed.*/\2/p' <<< "$line")
	hp=$((hp + ${p:-0})) hf=$((hf + ${f:-1}))
}
host_tests() {
	local out=$BUILD/host-tests-$1.out
	shift
	"$KSTRING_ROOT/tools/tests/run-host-tests.sh" "$@" | tee "$out"
	host_count "$out"
}

# The guests boot two at a time: TCG runs a guest on one CPU. Each boot
# is named by its run id or its TAP file, never by results/last-run,
# which the other may have written.
# make_run_lane: the guest at full strength and the negative controls of
# make run (full, then quick: the quick one must not pass what the full
# one fails). lava_lane: the same run as a LAVA job, LAVA's negative
# control, then a kernel without the series (Debian's own, through
# KERNEL=: the series' kselftests must skip, saying why, and the run pass).
make_run_lane() {
	RUN_ID=$stamp tools/run/run.sh
	echo "$?" > "$BUILD/make-run.rc"
	for p in full quick; do
		PROFILE=$p tools/qa/negative-control.sh > "$BUILD/negative-control-$p.tap"
	done
}
lava_lane() {
	make --no-print-directory lava-deps && RUN_ID=$stamp-lava tools/lava/run.sh
	PROFILE=full LAVA=1 tools/qa/negative-control.sh > "$BUILD/negative-control-lava-full.tap"
	tools/qa/stock-kernel.sh > "$BUILD/stock-kernel.tap"
}
# last_summary RESULTS: summary.json of the run made last there.
last_summary() {
	echo "$1/$(sed -n 's/^run_id=//p' "$1/last-run" 2>/dev/null)/summary.json"
}
# nc_run NAME: the results of negative control NAME's inject run.
nc_run() {
	echo "$RESULTS/$(cat "$VARIANT_ROOT/negative-control-$1/run_id" 2>/dev/null)"
}

# The tree (some host tests check the patched tree) and the guest image
# are made while the host tests that need neither run; their output is
# shown when they are done. The packages first, once for both; LAVA's
# meanwhile.
mkdir -p "$BUILD"
make --no-print-directory deps
make --no-print-directory lava-deps > "$BUILD/lava-deps.out" 2>&1 &
lava_deps_pid=$!
make --no-print-directory selftests > "$BUILD/selftests.out" 2>&1 &
tree_pid=$!
make --no-print-directory image > "$BUILD/image.out" 2>&1 &
image_pid=$!
say "tree and image: made meanwhile (build/selftests.out, build/image.out)"
host_tests hermetic --hermetic
tree_ok=1
wait "$tree_pid" || tree_ok=0
cat "$BUILD/selftests.out"
# The kernel: test-kernel-resume.sh builds it (interrupted and resumed).
host_tests kernel --needs-tree --only test-kernel-resume.sh
wait "$image_pid"
cat "$BUILD/image.out"	# (a failure stops make overlay below)
wait "$lava_deps_pid"
cat "$BUILD/lava-deps.out"

# The guests at full strength (tools/guest/profiles), whatever make's
# default profile.
export PROFILE=full
if [ "$tree_ok" = 1 ] && make --no-print-directory overlay; then
	# The other host tests that need the tree, beside the guests; the
	# longest, test-coverage-host.sh, beside make watch, whose one
	# guest leaves a CPU idle.
	"$KSTRING_ROOT/tools/tests/run-host-tests.sh" --needs-tree \
		--skip test-kernel-resume.sh,test-coverage-host.sh \
		> "$BUILD/host-tests-needs-tree.out" 2>&1 &
	host_pid=$!
	stamp=$(run_time)
	say "guests: make run's here, then its negative controls; meanwhile make lava-run's, LAVA's negative control and Debian's kernel (build/lava-lane.out), and the other host tests (build/host-tests-needs-tree.out, -coverage.out)"
	lava_lane > "$BUILD/lava-lane.out" 2>&1 &
	lava_pid=$!
	make_run_lane
	summary=$RESULTS/$stamp/summary.json
	runs=("$RESULTS/$stamp")
	if [ -f "$summary" ]; then
		read -r gp gf gs < <(python3 tools/results count "$summary")
	fi
	if [ "$(cat "$BUILD/make-run.rc")" -ne 0 ] && [ "$gf" -eq 0 ]; then
		gf=1	# the run itself failed (panic, hang, infrastructure)
		echo "guest run: exit $(cat "$BUILD/make-run.rc"); see $RESULTS/$stamp/"
	fi
	# make watch: a wrong vector and a test module with a failure
	# injected, each saved and undone in one session, judged round by
	# round; Ctrl-C leaves nothing behind. It edits the tree's test
	# module: after both lanes, whose mutants and out-of-tree modules are
	# built from it.
	wait "$lava_pid"
	tools/qa/watch-check.sh > "$BUILD/watch-check.tap" &
	watch_pid=$!
	wait "$host_pid"	# (the tests that need the tree run one at a time)
	"$KSTRING_ROOT/tools/tests/run-host-tests.sh" --needs-tree \
		--only test-coverage-host.sh > "$BUILD/host-tests-coverage.out" 2>&1 &
	coverage_pid=$!
	# LAVA's results must be make run's, test by test.
	lava_tap=$BUILD/lava-agrees.tap
	if [ -f "$RESULTS/$stamp-lava/summary.json" ]; then
		python3 tools/results compare "$summary" "$RESULTS/$stamp-lava/summary.json" \
			"make lava-run agrees with make run" > "$lava_tap"
		runs+=("$RESULTS/$stamp-lava")
	else
		echo "not ok 1 - make lava-run: no results (see $BUILD/lava-lane.out)" > "$lava_tap"
	fi
	grep '^not ok' "$lava_tap" | sed 's/^/  /'
	tail -n 1 "$lava_tap" | sed 's/^/  /'
	tap_count "$lava_tap"
	# The negative controls: through LAVA, failing the same tests.
	for nc in full quick lava-full; do
		tap=$BUILD/negative-control-$nc.tap
		runs+=("$(nc_run "$nc")")
		[ "$nc" = lava-full ] &&
			python3 tools/results compare "$(nc_run full)/summary.json" \
				"$(nc_run lava-full)/summary.json" \
				"LAVA's negative control fails what make run's does" >> "$tap"
		grep 'negative control\|LAVA' "$tap" | grep -v '^TAP\|^1\.\.' | sed 's/^/  /'
		tap_count "$tap"
	done
	grep 'stock kernel' "$BUILD/stock-kernel.tap" | sed 's/^/  /'
	tap_count "$BUILD/stock-kernel.tap"
	runs+=("$(dirname "$(last_summary "$(make -s --no-print-directory print-config \
		KERNEL=/dev/null | sed -n 's/^RESULTS=//p')")")")
	wait "$watch_pid"
	grep '^not ok' "$BUILD/watch-check.tap" | sed 's/^/  /'
	echo "  make watch: $(grep -c '^ok' "$BUILD/watch-check.tap") checks passed, $(grep -c '^not ok' "$BUILD/watch-check.tap") failed (build/watch-check.tap)"
	tap_count "$BUILD/watch-check.tap"
	# KCIDB: every report valid, a test on one path in all these runs,
	# none from a negative control.
	python3 tools/results kcidb-check "${runs[@]}" > "$BUILD/kcidb-check.tap"
	grep '^not ok' "$BUILD/kcidb-check.tap" | sed 's/^/  /'
	echo "  KCIDB: $(grep -c '^ok' "$BUILD/kcidb-check.tap") checks passed, $(grep -c '^not ok' "$BUILD/kcidb-check.tap") failed (build/kcidb-check.tap)"
	tap_count "$BUILD/kcidb-check.tap"
	wait "$coverage_pid"
	for out in needs-tree coverage; do
		cat "$BUILD/host-tests-$out.out"
		host_count "$BUILD/host-tests-$out.out"
	done
else
	echo "test: the pipeline failed before the guest could boot; see the messages above and build/6.1/logs/"
	gf=1
fi
echo "host: $hp passed, $hf failed; guest: $gp passed, $gf failed, $gs skipped"
echo "$((hp + gp)) passed, $((hf + gf)) failed"
[ $((hf + gf)) -eq 0 ]
