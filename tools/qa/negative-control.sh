#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The checks must be able to fail: boot once more with one expectation
# flipped in each of the project's tests (their inject_failure
# parameters, given on the kernel command line, which modprobe applies)
# and require that exactly the checks that depend on them fail
# (tools/qa/negative-control.expect), in the test profile PROFILE (default
# full). A tree that tests otherwise sets INJECT_TESTS, INJECT_ARGS and
# INJECT_EXPECT (tools/variants/linux-6.12.mk). With LAVA=1 the same run goes through a LAVA job (make lava-run)
# and LAVA's results must say the same. Prints TAP; the run is kept as
# build/results/<id>-inject[-lava]-PROFILE/.
. "$(dirname "$0")/../lib.sh"

profile=${PROFILE:-full}
runner=run/run.sh lava= label=
[ "${LAVA:-0}" = 1 ] && runner=lava/run.sh lava=-lava label="LAVA, "
run_id=$(date -u +%Y%m%d-%H%M%S)-inject$lava-$profile${VARIANT:+-$VARIANT}
tests=${INJECT_TESTS:-lib:strscpy.sh,lib:parse_integer.sh,lib:parse_integer_stress.sh,lib:kmod_loop.sh}
args=${INJECT_ARGS:-test_strscpy.inject_failure=1 test_parse_integer.inject_failure=1}
expect=${INJECT_EXPECT:-$KSTRING_ROOT/tools/qa/negative-control.expect}
PROFILE=$profile RUN_ID=$run_id NO_LATEST=1 TESTS=$tests KERNEL_ARGS=$args \
	"$KSTRING_ROOT/tools/$runner" > "$BUILD/negative-control$lava-$profile${VARIANT:+-$VARIANT}.out" 2>&1
rc=$?
python3 "$KSTRING_ROOT/tools/results" expect "$BUILD/results/$run_id/summary.json" \
	"$rc" "$expect" "negative control (${VARIANT:+$VARIANT, }$label$profile)"
