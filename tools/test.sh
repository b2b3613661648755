#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make test: the project's own tests. First the host tests of the harness
# (no QEMU), then the whole pipeline and one guest boot. Every host check,
# every kselftest and every cross-check of the guest run counts; the last
# line is "N passed, N failed".
. "$(dirname "$0")/lib.sh"

cd "$KSTRING_ROOT" || exit 2
hp=0 hf=0 gp=0 gf=0 gs=0

# The tree first: some host tests check the patched tree (checkpatch).
tree_ok=1
make --no-print-directory selftests || tree_ok=0

"$KSTRING_ROOT/tools/tests/run-host-tests.sh" | tee "$BUILD/host-tests.out"
line=$(tail -n 1 "$BUILD/host-tests.out")
hp=$(sed -n 's/.* \([0-9]*\) passed.*/\1/p' <<< "$line")
hf=$(sed -n 's/.* \([0-9]*\) failed.*/\1/p' <<< "$line")

# The guest at full strength (tools/guest/profiles), whatever make's
# default profile; the negative control in each profile: the quick one
# must not pass what the full one fails.
export PROFILE=full
if [ "$tree_ok" = 1 ] && make --no-print-directory overlay; then
	tools/run.sh
	rc=$?
	summary=$BUILD/results/$(sed -n 's/^run_id=//p' "$BUILD/results/last-run" 2>/dev/null)/summary.json
	if [ -f "$summary" ]; then
		read -r gp gf gs < <(python3 tools/results count "$summary")
	fi
	if [ "$rc" -ne 0 ] && [ "$gf" -eq 0 ]; then
		gf=1	# the run itself failed (panic, hang, infrastructure)
		echo "guest run: exit $rc; see build/results/latest/"
	fi
	for profile in full quick; do
		tap=$BUILD/negative-control-$profile.tap
		PROFILE=$profile tools/negative-control.sh > "$tap"
		grep 'negative control' "$tap" | sed 's/^/  /'
		np=$(grep -c '^ok ' "$tap")
		nf=$(grep -c '^not ok ' "$tap")
		[ "$np" -gt 0 ] || nf=$((nf + 1))
		gp=$((gp + np)) gf=$((gf + nf))
	done
else
	echo "test: the pipeline failed before the guest could boot; see the messages above and build/logs/"
	gf=1
fi
echo "host: $hp passed, $hf failed; guest: $gp passed, $gf failed, $gs skipped"
echo "$((hp + gp)) passed, $((hf + gf)) failed"
[ $((hf + gf)) -eq 0 ]
