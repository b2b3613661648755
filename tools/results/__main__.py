# SPDX-License-Identifier: GPL-2.0
"""kstring's results: parse a guest run, judge it, write its results.

  python3 tools/results verdict RUNDIR
      RUNDIR (from tools/run/guest.sh) -> kselftest.tap, junit.xml,
      summary.json, kcidb.json (KCIDB_ORIGIN: the submitter's origin,
      default kstring; KCIDB_LOG_BASE: the URL RUNDIR is published at,
      for the report's log links, file://RUNDIR by default;
      KCIDB_GIT_COMMIT: the stable tree's commit of the Debian source's
      release; none with KSTRING_CONTROL=1; an invalid report is
      kcidb.invalid.json and said so); prints the table;
      exits with the run's code (0 passed, 1 tests failed,
      2 infrastructure error, 3 panic, 4 hung)
  python3 tools/results lava-verdict RUNDIR
      the same for a LAVA job's run (tools/lava/run.sh: lava.log,
      meta.env; TIMEOUT: the job's run timeout)
  python3 tools/results compare SUMMARY.json OTHER.json LABEL
      TAP: OTHER has each result of SUMMARY with the same outcome,
      subtest by subtest, and no other (make run against make lava-run)
  python3 tools/results kcidb-check RUNDIR...
      TAP: valid kcidb.json (none in a negative control's run), unique
      paths, and one path for a test in all the runs
  python3 tools/results build-failed RUNDIR
      a failed kernel build (meta.env, build.log) as summary.json and a
      kcidb.json whose build is FAIL
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
import urllib.parse

import drift
import expect
import judge
import kcidb
import lava
import parse
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
    print(write.table(summary))
    kcidb_json(rundir, summary)
    print(write.verdict_line(summary))
    return summary["exit_code"]


def kcidb_json(rundir, summary):
    """kcidb.json, validated as it is written: an invalid report is kept
    as kcidb.invalid.json, its problems said. A negative control's run
    (KSTRING_CONTROL=1, tools/qa/negative-control.sh) writes none: its
    deliberate failures must never pass for results."""
    if os.environ.get("KSTRING_CONTROL") == "1":
        print("kcidb.json: none (a negative control's run)")
        return
    # A run is named after its start (UTC): 20261204-061033.
    m = re.match(r"(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)",
                 summary["run_id"])
    start = m and "%s-%s-%sT%s:%s:%sZ" % m.groups()
    report = kcidb.report(
        summary, origin=os.environ.get("KCIDB_ORIGIN", "kstring"),
        log_base=os.environ.get("KCIDB_LOG_BASE") or
        "file://" + urllib.parse.quote(os.path.abspath(rundir)),
        start_time=start,
        git_commit=os.environ.get("KCIDB_GIT_COMMIT") or None)
    problems = kcidb.validate(report)
    name = "kcidb.invalid.json" if problems else "kcidb.json"
    write.summary_json(os.path.join(rundir, name), report)
    if problems:
        print("kcidb.json: INVALID, kept as %s: %s%s" % (
            name, "; ".join(problems[:3]),
            " (and %d more)" % (len(problems) - 3) if len(problems) > 3
            else ""))


def kcidb_check(*rundirs):
    """TAP: each run that is no negative control has a kcidb.json that
    validates and no two tests on one path; a control has none; every
    test the runs share has one path in all of them (a QEMU, a LAVA, a
    failing run)."""
    checks, paths = [], {}
    for rundir in rundirs:
        with open(os.path.join(rundir, "summary.json")) as f:
            summary = json.load(f)
        name = os.path.basename(rundir.rstrip("/"))
        report_path = os.path.join(rundir, "kcidb.json")
        control = "-inject" in name or "-truncated" in name
        if control:
            checks.append(("%s: a negative control writes no kcidb.json"
                           % name, not os.path.exists(report_path)))
            report = kcidb.report(summary)
        else:
            try:
                with open(report_path) as f:
                    report = json.load(f)
                problems = kcidb.validate(report)
            except (OSError, ValueError) as e:
                report, problems = kcidb.report(summary), [str(e)]
            checks.append(("%s: kcidb.json is valid%s" % (
                name, ": " + "; ".join(problems[:3]) if problems else ""),
                not problems))
        mine = [t["path"] for t in report["tests"]]
        checks.append(("%s: %d tests, %d paths" % (
            name, len(mine), len(set(mine))), len(mine) == len(set(mine))))
        for path, _, key in kcidb.results(summary["tests"]):
            paths.setdefault(key, set()).add(path)
    moved = sorted(n for n, p in paths.items() if len(p) > 1)
    checks.append(("a test has one path in every run%s" % (
        ": %d do not, e.g. %s" % (len(moved), " ".join(
            str(n) for n in moved[0])) if moved else ""),
        not moved))
    print("TAP version 13\n1..%d" % len(checks))
    for i, (text, ok) in enumerate(checks, 1):
        print("%s %d - KCIDB %s" % ("ok" if ok else "not ok", i, text))
    return 0 if all(ok for _, ok in checks) else 1


def build_failed(rundir):
    """A failed kernel build as a result (tools/run/build-failed.sh):
    summary.json and a kcidb.json whose build has status FAIL and the end
    of the build log; no test ran."""
    summary = {
        "run_id": os.path.basename(rundir.rstrip("/")),
        "verdict": "build-failed", "exit_code": 2,
        "reasons": ["the kernel build failed (build.log)"],
        "meta": parse.read_env(os.path.join(rundir, "meta.env")),
        "vm": {}, "tests": []}
    with open(os.path.join(rundir, "build.log"), errors="replace") as f:
        log = f.read()
    write.summary_json(os.path.join(rundir, "summary.json"), summary)
    kcidb_json(rundir, dict(summary, build_log=log))
    return 0


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
    "build-failed": (build_failed, 1),
    "kcidb-check": (kcidb_check, -1),
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
