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
# last_summary [RESULTS]: summary.json of the run tools/run/run.sh or
# tools/lava/run.sh made last (in this variant's results or RESULTS).
last_summary() {
	local r=${1:-$RESULTS}
	echo "$r/$(sed -n 's/^run_id=//p' "$r/last-run" 2>/dev/null)/summary.json"
}

# host_tests OPTION: run-host-tests.sh OPTION, its counts added to the host's.
# (No count line: the runner died, a failure.)
host_tests() {
	local out=$BUILD/host-tests-${1#--}.out line p f
	"$KSTRING_ROOT/tools/tests/run-host-tests.sh" "$1" | tee "$out"
	line=$(tail -n 1 "$out")
	p=$(sed -n 's/^host-tests: \([0-9]*\) passed, \([0-9]*\) failed.*/\1/p' <<< "$line")
	f=$(sed -n 's/^host-tests: \([0-9]*\) passed, \([0-9]*\) failed.*/\2/p' <<< "$line")
	hp=$((hp + ${p:-0})) hf=$((hf + ${f:-1}))
}

# The tree (some host tests check the patched tree) and the guest image
# are made while the host tests that need neither run; their output is
# shown when they are done. The packages first, once for both.
mkdir -p "$BUILD"
make --no-print-directory deps
make --no-print-directory selftests > "$BUILD/selftests.out" 2>&1 &
tree_pid=$!
make --no-print-directory image > "$BUILD/image.out" 2>&1 &
image_pid=$!
say "tree and image: made meanwhile (build/selftests.out, build/image.out)"
host_tests --hermetic
tree_ok=1
wait "$tree_pid" || tree_ok=0
cat "$BUILD/selftests.out"
host_tests --needs-tree
wait "$image_pid"
cat "$BUILD/image.out"	# (a failure stops make overlay below)

# The guest at full strength (tools/guest/profiles), whatever make's
# default profile; the same run as a LAVA job; the negative controls;
# make watch's own check.
export PROFILE=full
if [ "$tree_ok" = 1 ] && make --no-print-directory overlay; then
	tools/run/run.sh
	rc=$?
	summary=$(last_summary)
	runs=("$(dirname "$summary")")
	if [ -f "$summary" ]; then
		read -r gp gf gs < <(python3 tools/results count "$summary")
	fi
	if [ "$rc" -ne 0 ] && [ "$gf" -eq 0 ]; then
		gf=1	# the run itself failed (panic, hang, infrastructure)
		echo "guest run: exit $rc; see build/6.1/results/latest/"
	fi
	# The same artifacts as a LAVA job run by lava-run: LAVA's results
	# must be make run's, test by test.
	lava_tap=$BUILD/lava-agrees.tap
	if make --no-print-directory lava-deps && tools/lava/run.sh > "$BUILD/lava-run.out" 2>&1; [ -f "$(last_summary)" ]; then
		python3 tools/results compare "$summary" "$(last_summary)" \
			"make lava-run agrees with make run" > "$lava_tap"
		runs+=("$(dirname "$(last_summary)")")
	else
		echo "not ok 1 - make lava-run: no results (see $BUILD/lava-run.out)" > "$lava_tap"
	fi
	grep '^not ok' "$lava_tap" | sed 's/^/  /'
	tail -n 1 "$lava_tap" | sed 's/^/  /'
	tap_count "$lava_tap"
	# The negative control in each profile: the quick one must not pass
	# what the full one fails; and through LAVA, failing the same tests.
	for nc in full quick lava-full; do
		profile=${nc#lava-} lava=0
		[ "$nc" = "$profile" ] || lava=1
		tap=$BUILD/negative-control-$nc.tap
		PROFILE=$profile LAVA=$lava tools/qa/negative-control.sh > "$tap"
		[ "$nc" = full ] && inject_summary=$(last_summary)
		runs+=("$(dirname "$(last_summary)")")
		if [ "$lava" = 1 ]; then
			python3 tools/results compare "$inject_summary" "$(last_summary)" \
				"LAVA's negative control fails what make run's does" >> "$tap"
		fi
		grep 'negative control\|LAVA' "$tap" | grep -v '^TAP\|^1\.\.' | sed 's/^/  /'
		tap_count "$tap"
	done
	# A kernel without the series: Debian's own, through KERNEL=; the
	# series' kselftests must skip, saying why, and the run pass.
	tools/qa/stock-kernel.sh > "$BUILD/stock-kernel.tap"
	grep 'stock kernel' "$BUILD/stock-kernel.tap" | sed 's/^/  /'
	tap_count "$BUILD/stock-kernel.tap"
	runs+=("$(dirname "$(last_summary "$(make -s --no-print-directory print-config \
		KERNEL=/dev/null | sed -n 's/^RESULTS=//p')")")")
	# KCIDB: every report valid, a test on one path in all these runs,
	# none from a negative control.
	python3 tools/results kcidb-check "${runs[@]}" > "$BUILD/kcidb-check.tap"
	grep '^not ok' "$BUILD/kcidb-check.tap" | sed 's/^/  /'
	echo "  KCIDB: $(grep -c '^ok' "$BUILD/kcidb-check.tap") checks passed, $(grep -c '^not ok' "$BUILD/kcidb-check.tap") failed (build/kcidb-check.tap)"
	tap_count "$BUILD/kcidb-check.tap"
	# make watch: a wrong vector and a test module with a failure
	# injected, each saved and undone in one session, judged round by
	# round; Ctrl-C leaves nothing behind.
	tools/qa/watch-check.sh > "$BUILD/watch-check.tap"
	grep '^not ok' "$BUILD/watch-check.tap" | sed 's/^/  /'
	echo "  make watch: $(grep -c '^ok' "$BUILD/watch-check.tap") checks passed, $(grep -c '^not ok' "$BUILD/watch-check.tap") failed (build/watch-check.tap)"
	tap_count "$BUILD/watch-check.tap"
else
	echo "test: the pipeline failed before the guest could boot; see the messages above and build/6.1/logs/"
	gf=1
fi
echo "host: $hp passed, $hf failed; guest: $gp passed, $gf failed, $gs skipped"
echo "$((hp + gp)) passed, $((hf + gf)) failed"
[ $((hf + gf)) -eq 0 ]
