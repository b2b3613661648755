# SPDX-License-Identifier: GPL-2.0
"""kstring's results: parse a guest run, judge it, write its results.

  python3 tools/results verdict RUNDIR
      RUNDIR (from tools/run/guest.sh) -> kselftest.tap, junit.xml,
      summary.json, kcidb.json (KCIDB_ORIGIN: the submitter's origin,
      default kstring; KCIDB_LOG_BASE: the URL RUNDIR is published at,
      for the report's log links); prints the table;
      exits with the run's code (0 passed, 1 tests failed,
      2 infrastructure error, 3 panic, 4 hung)
  python3 tools/results lava-verdict RUNDIR
      the same for a LAVA job's run (tools/lava/run.sh: lava.log,
      meta.env; TIMEOUT: the job's run timeout)
  python3 tools/results compare SUMMARY.json OTHER.json LABEL
      TAP: OTHER has each result of SUMMARY with the same outcome,
      subtest by subtest, and no other (make run against make lava-run)
  python3 tools/results count SUMMARY.json
      "PASS FAIL SKIP" of its results
  python3 tools/results expect SUMMARY.json RC EXPECT LABEL
      TAP: the run against the expectations in EXPECT (see expect.py)
  python3 tools/results drift-result VERSION VDIR RC T0
  python3 tools/results drift-report DRIFT VDIR...
      make drift's per-version result.json and report (see drift.py)
"""

import json
import os
import re
import sys

import drift
import expect
import judge
import kcidb
import lava
import write


def verdict(rundir):
    summary, tap, tests = judge.judge(rundir)
    with open(os.path.join(rundir, "kselftest.tap"), "w") as f:
        f.write(tap)
    return publish(rundir, summary, tests)


def lava_verdict(rundir):
    summary, tests = lava.judge(rundir, os.environ.get("TIMEOUT", "?"))
    return publish(rundir, summary, tests)


def publish(rundir, summary, tests):
    """Write a judged run's junit.xml, summary.json and kcidb.json; print
    its table; return its exit code."""
    write.junit(os.path.join(rundir, "junit.xml"), tests)
    write.summary_json(os.path.join(rundir, "summary.json"), summary)
    # A run is named after its start (UTC): 20261204-061033.
    m = re.match(r"(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)",
                 summary["run_id"])
    start = m and "%s-%s-%sT%s:%s:%sZ" % m.groups()
    write.summary_json(os.path.join(rundir, "kcidb.json"), kcidb.report(
        summary, origin=os.environ.get("KCIDB_ORIGIN", "kstring"),
        log_base=os.environ.get("KCIDB_LOG_BASE"), start_time=start))
    print(write.table(summary))
    print(write.verdict_line(summary))
    return summary["exit_code"]


def count(path):
    with open(path) as f:
        c = judge.count(json.load(f)["tests"])
    print(c["pass"], c["fail"], c["skip"])
    return 0


def compare(a, b, label):
    with open(a) as fa, open(b) as fb:
        text, ok = lava.compare(json.load(fa), json.load(fb), label)
    print(text)
    return 0 if ok else 1


def check_expect(path, rc, expect_path, label):
    text, ok = expect.check(path, int(rc), expect_path, label)
    print(text)
    return 0 if ok else 1


def drift_report(path, *vdirs):
    text, failed = drift.report(path, list(vdirs))
    sys.stdout.write(text)
    return 1 if failed else 0


COMMANDS = {
    "verdict": (verdict, 1),
    "lava-verdict": (lava_verdict, 1),
    "compare": (compare, 3),
    "count": (count, 1),
    "expect": (check_expect, 4),
    "drift-result": (lambda v, d, rc, t0: drift.result(v, d, int(rc),
                                                       float(t0)) or 0, 4),
    "drift-report": (drift_report, -2),
}


def main(argv):
    cmd = COMMANDS.get(argv[1] if len(argv) > 1 else "")
    args = argv[2:]
    if not cmd or (len(args) != cmd[1] if cmd[1] > 0
                   else len(args) < -cmd[1]):
        sys.stderr.write(__doc__)
        return 2
    return cmd[0](*args)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
