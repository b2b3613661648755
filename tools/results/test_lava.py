#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Unit tests of the LAVA side of the results module:
  - the guest's own results (tools/guest/results.awk, run with mawk as in
    the image) agree line by line with the host's judgement of the same
    TAP and kernel log, over every recorded run in fixtures/;
  - the lava-run log reader over recorded LAVA jobs (fixtures/lava-*/:
    lava.log as lava-run wrote it, and "expect"), a passing, a failing and
    a timed-out one;
  - compare() finds a differing outcome, subtest or missing result.
Run: python3 tools/results/test_lava.py (prints TAP)."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
FIXTURES = os.path.join(HERE, "fixtures")
GUEST = os.path.join(HERE, "..", "guest")

import judge    # noqa: E402
import lava     # noqa: E402
import taptest  # noqa: E402
from test_results import expect_of  # noqa: E402

AWK = shutil.which("mawk") or shutil.which("awk")


def guest_lines(run):
    out = subprocess.run(
        [AWK, "-f", os.path.join(GUEST, "results.awk"),
         os.path.join(GUEST, "kernel-log-problems"),
         os.path.join(run, "tap.log"), os.path.join(run, "dmesg.log")],
        capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def host_and_guest(name):
    """(the host judge's results, results.awk's lines) of a recorded run:
    the guest sees its kernel log, not the host's console capture, so
    both judge the same two files."""
    with tempfile.TemporaryDirectory() as tmp:
        for f in ("tap.log", "dmesg.log"):
            shutil.copy(os.path.join(FIXTURES, name, f), tmp)
        with open(os.path.join(tmp, "qemu.env"), "w") as f:
            f.write("status=finished\n")
        return judge.judge(tmp)[2], guest_lines(tmp)


class GuestAgrees(unittest.TestCase):
    """results.awk prints the results the host judges, for every
    recorded run that has a TAP and a kernel log."""

    def test_fixtures(self):
        runs = [n for n in sorted(os.listdir(FIXTURES))
                if os.path.isfile(os.path.join(FIXTURES, n, "dmesg.log"))]
        self.assertGreater(len(runs), 5)
        for name in runs:
            tests, got = host_and_guest(name)
            want = lava.result_lines(tests)
            counts = {r: sum(1 for l in want
                             if l.startswith("KSTRING-RESULT %s " % r))
                      for r in ("pass", "fail", "skip")}
            with self.subTest("%s: %d result lines" % (name, len(want))):
                self.assertEqual([l for l in got
                                  if l.startswith("KSTRING-RESULT ")], want)
            with self.subTest("%s: markers and counts" % name):
                self.assertEqual(got[0], "KSTRING-LAVA-BEGIN")
                self.assertEqual(got[-1],
                                 "KSTRING-LAVA-END pass=%(pass)d fail=%(fail)d"
                                 " skip=%(skip)d" % counts)

    def test_skip_reason(self):
        """The guest says why a kselftest skipped, as the host judge
        does (fixtures/passed: lib:missing.sh)."""
        tests, got = host_and_guest("passed")
        host = [t["directive"] for t in tests if t["name"] == "lib:missing.sh"]
        self.assertEqual(host, ["SKIP: missing: module test_missing is not found"])
        self.assertIn("KSTRING-DETAIL lib:missing.sh: " + host[0], got)

    def test_failing_subtest_message(self):
        """The guest passes on what a failing subtest expected and got;
        lava.py puts it where make run's table has it (fixtures/
        nested-not-ok: a wrong vector)."""
        host, got = host_and_guest("nested-not-ok")
        detail = [l for l in got if " #2: " in l]
        self.assertEqual(detail, ["KSTRING-DETAIL lib:hidden_pi.sh #2: "
                                  "expected 4 65534 got 4 65535 "
                                  "(vectors line 1004)"])
        # Through a LAVA log: the same failure lines as the host's.
        records = ['{"lvl": "target", "msg": "%s"}' % l.replace('"', '\\"')
                   for l in got]
        records += ['{"lvl": "results", "msg": {"definition": "kstring", '
                    '"result": "%s", "extra": {"test_case_id": "%s"}}}'
                    % tuple(l.split(" ", 2)[1:]) for l in got
                    if l.startswith("KSTRING-RESULT ")]
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "lava.log"), "w") as f:
                f.write("\n".join(records) + "\n")
            _, results = lava.judge(tmp)
        want = [t["failures"] for t in host if t["name"] == "lib:hidden_pi.sh"]
        self.assertEqual([t["failures"] for t in results
                          if t["name"] == "lib:hidden_pi.sh"], want)

    def test_problem_patterns_shared(self):
        """The guest's pattern list compiles, for Python, to what the
        host uses, and catches what the host catches."""
        for line in ("[    1.000000] WARNING: CPU: 0 PID: 1 at lib/x.c:1",
                     "[    2.000000] kmemleak: Kernel memory leak detector disabled"):
            with tempfile.TemporaryDirectory() as tmp:
                with open(os.path.join(tmp, "tap.log"), "w") as f:
                    f.write("TAP version 13\n1..1\nok 1 selftests: lib: a.sh\n")
                with open(os.path.join(tmp, "dmesg.log"), "w") as f:
                    f.write(line + "\n")
                got = guest_lines(tmp)
            with self.subTest(line):
                self.assertIn("KSTRING-RESULT fail " + judge.KERNEL_LOG_CHECK,
                              got)


class RecordedJobs(unittest.TestCase):
    """lava-verdict on each recorded lava-run log: exit code, verdict,
    number of results, the failing ones."""

    def test_fixtures(self):
        jobs = [n for n in sorted(os.listdir(FIXTURES))
                if n.startswith("lava-")]
        self.assertGreaterEqual(len(jobs), 3)
        for name in jobs:
            exp = expect_of(os.path.join(FIXTURES, name, "expect"))
            with tempfile.TemporaryDirectory() as tmp:
                run = os.path.join(tmp, name)
                shutil.copytree(os.path.join(FIXTURES, name), run)
                proc = subprocess.run(
                    [sys.executable, HERE, "lava-verdict", run],
                    capture_output=True, text=True)
                with open(os.path.join(run, "summary.json")) as f:
                    summary = json.load(f)
            with self.subTest("%s: exit %s" % (name, exp["exit"])):
                self.assertEqual(proc.returncode, int(exp["exit"]),
                                 proc.stdout + proc.stderr)
            with self.subTest("%s: verdict %s" % (name, exp["verdict"])):
                self.assertEqual(summary["verdict"], exp["verdict"])
            if "count" in exp:
                n = sum(1 + len(t["subtests"]) for t in summary["tests"])
                with self.subTest("%s: %s results" % (name, exp["count"])):
                    self.assertEqual(n, int(exp["count"]))
            if "failing" in exp:
                failing = sorted(t["name"] for t in summary["tests"]
                                 if t["outcome"] in judge.FAILING)
                with self.subTest("%s: failing %s" % (name, exp["failing"])):
                    self.assertEqual(failing, sorted(
                        f for f in exp["failing"].split(",") if f))

    @staticmethod
    def judged_edit(edit):
        """lava.judge() of the passing job's log with each line through
        EDIT (None drops the line)."""
        src = os.path.join(FIXTURES, "lava-passed", "lava.log")
        with tempfile.TemporaryDirectory() as tmp:
            with open(src) as f, open(os.path.join(tmp, "lava.log"), "w") as o:
                o.writelines(l for l in map(edit, f) if l is not None)
            return lava.judge(tmp)[0]

    def test_dropped_record(self):
        """A result LAVA did not record (the '\\r?\\n' pattern trap) fails
        the run even though every recorded result passed."""
        first = []

        def drop_first(line):
            if '"definition": "kstring"' in line and not first:
                first.append(line)
                return None
            return line
        summary = self.judged_edit(drop_first)
        self.assertEqual(summary["verdict"], "infra-error")
        self.assertIn("LAVA recorded", summary["reasons"][0])

    def test_guest_verdict_disagrees(self):
        """The guest's own verdict case must match its results."""
        summary = self.judged_edit(
            lambda l: l.replace('"result": "pass"', '"result": "fail"')
            if '"case": "verdict"' in l else l)
        self.assertEqual(summary["verdict"], "infra-error")
        self.assertIn("guest's verdict", summary["reasons"][0])

    def test_lab_stored_log(self):
        """A lab's stored log (lavacli jobs logs --raw): each record a
        YAML list item. The same results as lava-run's log."""
        plain = self.judged_edit(lambda l: l)
        stored = self.judged_edit(lambda l: "- " + l)
        self.assertEqual(stored["verdict"], "passed")
        self.assertEqual([(t["name"], t["outcome"]) for t in stored["tests"]],
                         [(t["name"], t["outcome"]) for t in plain["tests"]])

    def test_missing_end_marker(self):
        summary = self.judged_edit(
            lambda l: None if "KSTRING-LAVA-END" in l else l)
        self.assertNotEqual(summary["verdict"], "passed")

    def test_end_marker_as_feedback(self):
        """An end marker LAVA logged as feedback (read after its monitor
        stopped) is not taken, and the reason says what to change."""
        summary = self.judged_edit(
            lambda l: l.replace('"lvl": "target"', '"lvl": "feedback"')
            if "KSTRING-LAVA-END" in l else l)
        self.assertEqual(summary["verdict"], "infra-error")
        self.assertIn("logged as feedback", summary["reasons"][0])
        self.assertIn("end pattern must take the line end",
                      summary["reasons"][0])


def summary_of(*tests):
    return {"run_id": "r", "verdict": "passed",
            "tests": [{"name": n, "outcome": o,
                       "subtests": [{"number": i + 1, "outcome": s}
                                    for i, s in enumerate(subs)]}
                      for n, o, subs in tests]}


class Compare(unittest.TestCase):
    """compare(): the check make test makes between make run and make
    lava-run; it must see every kind of difference."""

    def test_cases(self):
        a = summary_of(("lib:a.sh", "pass", ["pass", "skip"]),
                       ("dmesg:m", "pass", []))
        cases = {
            "same": (summary_of(("lib:a.sh", "pass", ["pass", "skip"]),
                                ("dmesg:m", "pass", [])), True),
            "xfail counts as pass": (summary_of(
                ("lib:a.sh", "xfail", ["pass", "skip"]),
                ("dmesg:m", "pass", [])), True),
            "outcome differs": (summary_of(
                ("lib:a.sh", "fail", ["pass", "skip"]),
                ("dmesg:m", "pass", [])), False),
            "subtest differs": (summary_of(
                ("lib:a.sh", "pass", ["pass", "pass"]),
                ("dmesg:m", "pass", [])), False),
            "subtest missing": (summary_of(
                ("lib:a.sh", "pass", ["pass"]),
                ("dmesg:m", "pass", [])), False),
            "result missing": (summary_of(
                ("lib:a.sh", "pass", ["pass", "skip"])), False),
            "extra result": (summary_of(
                ("lib:a.sh", "pass", ["pass", "skip"]),
                ("dmesg:m", "pass", []), ("lib:b.sh", "pass", [])), False),
        }
        for name, (b, same) in cases.items():
            with self.subTest(name):
                self.assertEqual(lava.compare(a, b, "t")[1], same)

    def test_verdict_reason(self):
        """A differing verdict says why the LAVA run got it (CI shows
        only this TAP)."""
        a = summary_of(("lib:a.sh", "pass", []))
        b = dict(summary_of(("lib:a.sh", "pass", [])),
                 verdict="infra-error",
                 reasons=["no end marker from the guest; LAVA: job pass"])
        tap, same = lava.compare(a, b, "t")
        self.assertFalse(same)
        self.assertIn("verdict passed (got infra-error: no end marker", tap)


if __name__ == "__main__":
    sys.exit(taptest.run(sys.modules[__name__]))
