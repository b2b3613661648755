#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The checks must be able to fail: boot once more with one expectation
# flipped in each of the project's test modules (their inject_failure
# parameter, given on the kernel command line, which modprobe applies)
# and require that exactly the checks that depend on them fail. Prints TAP;
# the run is kept as build/results/<id>-inject/.
. "$(dirname "$0")/lib.sh"

run_id=$(date -u +%Y%m%d-%H%M%S)-inject
RUN_ID=$run_id NO_LATEST=1 \
	TESTS=lib:strscpy.sh,lib:parse_integer.sh,lib:parse_integer_stress.sh,lib:kmod_loop.sh \
	KERNEL_ARGS="test_strscpy.inject_failure=1 test_parse_integer.inject_failure=1" \
	"$KSTRING_ROOT/tools/run.sh" > "$BUILD/negative-control.out" 2>&1
rc=$?
python3 - "$BUILD/results/$run_id/summary.json" "$rc" <<'PY'
import json, sys
path, rc = sys.argv[1], int(sys.argv[2])
try:
    s = json.load(open(path))
except OSError:
    s = {"verdict": "no summary", "tests": []}
got = {t["name"]: t["outcome"] for t in s["tests"]}
checks = [("the run ends with exit 1 (tests failed)", rc == 1),
          ("verdict tests-failed", s["verdict"] == "tests-failed")]
for name in ("lib:strscpy.sh", "lib:parse_integer.sh",
             "lib:parse_integer_stress.sh", "lib:kmod_loop.sh",
             "dmesg:test_strscpy", "dmesg:test_parse_integer"):
    checks.append(("%s fails with an injected failure (got %s)"
                   % (name, got.get(name, "nothing")), got.get(name) == "fail"))
checks.append(("no kernel problem from a failing test module",
               got.get("kernel-log:no oops/panic/WARN/BUG/sanitizer report") == "pass"))
print("TAP version 13")
print("1..%d" % len(checks))
for i, (desc, ok) in enumerate(checks, 1):
    print("%sok %d - negative control: %s" % ("" if ok else "not ", i, desc))
sys.exit(0 if all(ok for _, ok in checks) else 1)
PY
