#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The checks must be able to fail: boot once more with one expectation
# flipped in each of the project's test modules (their inject_failure
# parameter, given on the kernel command line, which modprobe applies)
# and require that exactly the checks that depend on them fail
# (tools/qa/negative-control.expect), in the test profile PROFILE (default
# full). With LAVA=1 the same run goes through a LAVA job (make lava-run)
# and LAVA's results must say the same. Prints TAP; the run is kept as
# build/results/<id>-inject[-lava]-PROFILE/.
. "$(dirname "$0")/../lib.sh"

profile=${PROFILE:-full}
runner=run/run.sh lava= label=
[ "${LAVA:-0}" = 1 ] && runner=lava/run.sh lava=-lava label="LAVA, "
run_id=$(date -u +%Y%m%d-%H%M%S)-inject$lava-$profile
PROFILE=$profile RUN_ID=$run_id NO_LATEST=1 \
	TESTS=lib:strscpy.sh,lib:parse_integer.sh,lib:parse_integer_stress.sh,lib:kmod_loop.sh \
	KERNEL_ARGS="test_strscpy.inject_failure=1 test_parse_integer.inject_failure=1" \
	"$KSTRING_ROOT/tools/$runner" > "$BUILD/negative-control$lava-$profile.out" 2>&1
rc=$?
python3 "$KSTRING_ROOT/tools/results" expect "$BUILD/results/$run_id/summary.json" \
	"$rc" "$KSTRING_ROOT/tools/qa/negative-control.expect" "negative control ($label$profile)"
