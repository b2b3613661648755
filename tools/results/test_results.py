#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Unit tests of the results module over recorded runs (fixtures/*/: the
files tools/run/guest.sh leaves, and an "expect" file naming the verdict,
the exit code, optionally the number of results and the failing one).
Run: python3 tools/results/test_results.py (prints TAP), or
python3 -m unittest discover -s tools/results."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
FIXTURES = os.path.join(HERE, "fixtures")

import expect   # noqa: E402
import taptest  # noqa: E402
import judge    # noqa: E402
import parse    # noqa: E402


def expect_of(path):
    exp = {}
    with open(path) as f:
        for line in f:
            key, _, value = line.rstrip("\n").partition("=")
            exp[key] = value
    return exp


class BootAccount(unittest.TestCase):
    """The guest's boot figures from its kernel log."""

    def test_boot_account(self):
        dmesg = ("[    9.1] kstring: tests start 8.73s after the kernel\n"
                 "[   20.0] kstring: systemd-analyze: 1.2s a.service\n"
                 "[   20.0] kstring: systemd-analyze: 0.5s b.service\n")
        boot, blame = parse.boot_account(dmesg)
        self.assertEqual(boot, {"tests_start": 8.73})
        self.assertEqual(blame, ["1.2s a.service", "0.5s b.service"])
        self.assertEqual(parse.boot_account("nothing"), ({}, []))


class RecordedRuns(unittest.TestCase):
    """`verdict` on each fixture, through the command line as run/run.sh uses
    it: exit code, verdict, junit.xml, result count, the failing result."""

    def test_fixtures(self):
        for name in sorted(os.listdir(FIXTURES)):
            if name.startswith("lava-"):
                continue        # LAVA jobs: test_lava.py
            exp = expect_of(os.path.join(FIXTURES, name, "expect"))
            with tempfile.TemporaryDirectory() as tmp:
                run = os.path.join(tmp, name)
                shutil.copytree(os.path.join(FIXTURES, name), run)
                proc = subprocess.run([sys.executable, HERE, "verdict", run],
                                      capture_output=True, text=True)
                with open(os.path.join(run, "summary.json")) as f:
                    summary = json.load(f)
                junit = os.path.getsize(os.path.join(run, "junit.xml"))
            failing = [t["name"] for t in summary["tests"]
                       if t["outcome"] in judge.FAILING]
            with self.subTest("%s: exit %s" % (name, exp["exit"])):
                self.assertEqual(proc.returncode, int(exp["exit"]))
            with self.subTest("%s: verdict %s" % (name, exp["verdict"])):
                self.assertEqual(summary["verdict"], exp["verdict"])
            with self.subTest("%s: junit.xml written" % name):
                self.assertGreater(junit, 0)
            if "count" in exp:
                with self.subTest("%s: %s results" % (name, exp["count"])):
                    self.assertEqual(len(summary["tests"]), int(exp["count"]))
            if "failing" in exp:
                with self.subTest("%s: failing result is %s"
                                  % (name, exp["failing"])):
                    self.assertEqual(failing, [exp["failing"]])


class Tap(unittest.TestCase):
    def test_nested_ktap(self):
        plan, tests = parse.parse_tap(
            "KTAP version 1\n1..1\n"
            "    KTAP version 1\n    1..2\n"
            "        ok 1 inner\n        not ok 2 inner2\n"
            "    not ok 1 case_a\n    ok 2 case_b # SKIP no\n"
            "not ok 1 string_kunit\n")
        self.assertEqual(plan, 1)
        suite = tests[0]
        self.assertEqual((suite["name"], suite["outcome"]),
                         ("string_kunit", "fail"))
        self.assertEqual([(s["name"], s["outcome"])
                          for s in suite["subtests"]],
                         [("case_a", "fail"), ("case_b", "skip")])
        self.assertEqual([s["outcome"]
                          for s in suite["subtests"][0]["subtests"]],
                         ["pass", "fail"])

    def test_kselftest_names(self):
        _, tests = parse.parse_tap("1..1\n# ok 1 a: b\n"
                                   "ok 1 selftests: lib: printf.sh\n")
        self.assertEqual(tests[0]["name"], "lib:printf.sh")
        self.assertEqual(tests[0]["subtests"][0]["name"], "a: b")

    def test_one_document_per_collection(self):
        plan, tests = parse.parse_tap(
            "TAP version 13\n1..1\nok 1 selftests: lib: a.sh\n"
            "TAP version 13\n1..2\nok 1 selftests: lkdtm: B.sh # SKIP\n")
        self.assertEqual(plan, 3)
        self.assertEqual([t["name"] for t in tests], ["lib:a.sh",
                                                      "lkdtm:B.sh"])

    def test_kunit_from_kernel_log(self):
        log = ("[    0.1] Linux version 6.12\n[    0.5] KTAP version 1\n"
               "[    0.5] 1..2\n[    0.5]     KTAP version 1\n"
               "[    0.5]     1..1\n[    0.6] other driver: hello\n"
               "[    0.6]     ok 1 case_a\n[    0.6] ok 1 string\n"
               "[    9.0] ok 3 not a suite\n")
        self.assertEqual(parse.kunit_results("[    0.1] no KUnit\n"),
                         (None, []))
        plan, suites = parse.kunit_results(log)
        self.assertEqual((plan, [(s["name"], s["outcome"]) for s in suites]),
                         (2, [("string", "pass")]))
        self.assertEqual([(c["name"], c["outcome"])
                          for c in judge.kunit_checks(log)],
                         [("kunit:string", "pass"),
                          ("kunit:suite 2 (never reported)", "fail")])

    def test_kunit_module_documents(self):
        """A KUnit module loaded after boot prints a KTAP document of its
        own: its suites count, and a suite it never finished fails."""
        log = ("[    0.5] KTAP version 1\n[    0.5] 1..1\n"
               "[    0.6] ok 1 string_helpers\n"
               "[    3.0] KTAP version 1\n[    3.0] 1..2\n"
               "[    3.0]     KTAP version 1\n[    3.0]     # Subtest: string\n"
               "[    3.1]     not ok 1 case_a\n[    3.1] not ok 1 string\n")
        self.assertEqual([(c["name"], c["outcome"])
                          for c in judge.kunit_checks(log)],
                         [("kunit:string_helpers", "pass"),
                          ("kunit:string", "fail"),
                          ("kunit:suite 3 (never reported)", "fail")])

    def test_count(self):
        self.assertEqual(judge.count([{"outcome": o} for o in
                                      ("pass", "xfail", "skip", "fail",
                                       "timeout")]),
                         {"pass": 2, "fail": 2, "skip": 1})


class NestedFailure(unittest.TestCase):
    """A kselftest that exits 0 after a nested "not ok" fails in every
    form a run is written in (fixtures/nested-not-ok)."""
    NAME = "lib:hidden_pi.sh"
    DETAIL = "exited 0 but reported 1 failing subtest"

    def test_every_form(self):
        import kcidb
        import lava
        import xml.etree.ElementTree as ET
        with tempfile.TemporaryDirectory() as tmp:
            run = os.path.join(tmp, "run")
            shutil.copytree(os.path.join(FIXTURES, "nested-not-ok"), run)
            proc = subprocess.run([sys.executable, HERE, "verdict", run],
                                  capture_output=True, text=True)
            with open(os.path.join(run, "summary.json")) as f:
                summary = json.load(f)
            with open(os.path.join(run, "kcidb.json")) as f:
                report = json.load(f)
            junit = ET.parse(os.path.join(run, "junit.xml")).getroot()
            awk = subprocess.run(
                [shutil.which("mawk") or "awk", "-f",
                 os.path.join(HERE, "..", "guest", "results.awk"),
                 os.path.join(HERE, "..", "guest", "kernel-log-problems"),
                 os.path.join(run, "tap.log"), os.path.join(run, "dmesg.log")],
                capture_output=True, text=True, check=True).stdout.splitlines()
            # The guest's lines as lava-run records them.
            log = os.path.join(tmp, "lava.log")
            with open(log, "w") as f:
                for line in awk:
                    f.write(json.dumps({"lvl": "target", "msg": line}) + "\n")
                    if line.startswith("KSTRING-RESULT "):
                        _, res, name = line.split(" ", 2)
                        f.write(json.dumps({"lvl": "results", "msg": {
                            "definition": lava.SUITE, "result": res,
                            "extra": {"test_case_id": name}}}) + "\n")
            with open(os.path.join(tmp, "lava.log"), "a") as f:
                f.write(json.dumps({"lvl": "results", "msg": {
                    "case": "job", "result": "pass"}}) + "\n")
            _, judged = lava.judge(tmp)
            lava_tests = {t["name"]: t for t in judged}
        test = [t for t in summary["tests"] if t["name"] == self.NAME][0]
        self.assertEqual((proc.returncode, summary["verdict"]),
                         (1, "tests-failed"))
        self.assertEqual((test["outcome"], test["directive"]),
                         ("fail", self.DETAIL))
        self.assertRegex(proc.stdout, r"\n%s +FAIL +1/2 subtests passed; %s"
                         % (re.escape(self.NAME), self.DETAIL))
        case = [c for c in junit if c.get("name") == self.NAME][0]
        self.assertEqual(case.find("failure").get("message"), self.DETAIL)
        kcidb_status = [t["status"] for t in report["tests"]
                        if t.get("comment") == self.DETAIL]
        self.assertEqual(kcidb_status, ["FAIL"])
        self.assertIn("KSTRING-RESULT fail " + self.NAME, awk)
        self.assertIn("KSTRING-DETAIL %s: %s" % (self.NAME, self.DETAIL), awk)
        self.assertIn("KSTRING-RESULT fail verdict", awk)
        self.assertEqual((lava_tests[self.NAME]["outcome"],
                          lava_tests[self.NAME]["directive"]),
                         ("fail", self.DETAIL))

    def test_only_passes_are_failed(self):
        """A skip stays a skip; a nested skip or xfail fails nothing."""
        _, tests = parse.parse_tap(
            "1..2\n# not ok 1 x\nok 1 selftests: lib: a.sh # SKIP\n"
            "# ok 1 y # SKIP\n# not ok 2 z # XFAIL\n"
            "ok 2 selftests: lib: b.sh\n")
        self.assertEqual([(t["outcome"], t["directive"]) for t in tests],
                         [("skip", "SKIP"), ("pass", "")])


class FailuresNamed(unittest.TestCase):
    """Under a failed result the table names what failed: its failing
    subtests (a wrong vector's line and message), or a test module's
    failing case lines from the kernel log, once each, the first few
    and a count; junit.xml carries them too."""

    def verdict(self, tap, dmesg):
        with tempfile.TemporaryDirectory() as tmp:
            for name, text in (("tap.log", tap), ("dmesg.log", dmesg),
                               ("qemu.env", "status=finished\n")):
                with open(os.path.join(tmp, name), "w") as f:
                    f.write(text)
            proc = subprocess.run([sys.executable, HERE, "verdict", tmp],
                                  capture_output=True, text=True)
            with open(os.path.join(tmp, "junit.xml")) as f:
                return proc.stdout, f.read()

    def test_wrong_vector(self):
        with open(os.path.join(FIXTURES, "nested-not-ok", "tap.log")) as f:
            tap = f.read().replace("ok 2 selftests", "not ok 2 selftests")
        out, junit = self.verdict(tap, "")
        line = ("not ok 2 u32 16 - fFfF # expected 4 65534 got 4 65535 "
                "(vectors line 1004)")
        self.assertRegex(out, r"\nlib:hidden_pi.sh +FAIL +1/2 subtests "
                         r"passed\n    \| %s\n" % re.escape(line))
        self.assertIn(line, junit)

    def test_module_cases_once_then_a_count(self):
        cases = ["[ 1.%d] test_x: case %d: got 1, expected 2" % (i, i)
                 for i in range(7)]
        dmesg = "\n".join(["[ 0.1] test_x: loaded."] + cases + cases +
                          ["[ 2.0] test_x: failed 7 out of 9 tests",
                           "[ 2.1] test_y: unrelated"]) + "\n"
        out, _ = self.verdict("1..1\nok 1 selftests: lib: x.sh\n", dmesg)
        shown = [l for l in out.splitlines() if l.startswith("    | ")]
        self.assertEqual(shown, ["    | test_x: case %d: got 1, expected 2"
                                 % i for i in range(5)] +
                         ["    | ... and 2 more (summary.json)"])


class KernelLog(unittest.TestCase):
    OOPS = ("[ 1.0] lkdtm: Performing direct entry FORTIFY_STRSCPY\n"
            "[ 1.1] kernel BUG at lib/string_helpers.c:1027!\n"
            "[ 1.2] Call Trace:\n"
            "[ 1.3] ---[ end trace 0000000000000000 ]---\n")

    def test_lkdtm_crash_excused(self):
        problems, excused = parse.log_problems(self.OOPS)
        self.assertEqual(problems, [])
        self.assertEqual(len(excused), 1)

    def test_problem_after_the_trace_counts(self):
        problems, _ = parse.log_problems(self.OOPS + "[ 2.0] Call Trace:\n")
        self.assertEqual(problems, ["[ 2.0] Call Trace:"])

    def test_lkdtm_fail_never_excused(self):
        problems, _ = parse.log_problems(
            self.OOPS.replace("[ 1.3]", "[ 1.25] lkdtm: FAIL: x\n[ 1.3]"))
        self.assertEqual(problems, ["[ 1.25] lkdtm: FAIL: x"])

    def test_no_lkdtm_no_excuse(self):
        log = self.OOPS.split("\n", 1)[1]
        problems, excused = parse.log_problems(log)
        self.assertEqual(excused, [])
        self.assertEqual(len(problems), 1)


class Expect(unittest.TestCase):
    def test_expectations(self):
        with tempfile.TemporaryDirectory() as tmp:
            s = os.path.join(tmp, "summary.json")
            e = os.path.join(tmp, "expect")
            with open(s, "w") as f:
                json.dump({"verdict": "tests-failed",
                           "reasons": ["lib:a.sh: fail"], "tests": [
                    {"name": "lib:a.sh", "outcome": "fail",
                     "directive": "exited 0 but reported 1 failing subtest",
                     "failures": ["not ok 2 u8 10 - 41 # expected 2 42 got "
                                  "2 41 (vectors line 7)"]},
                    {"name": "kernel-log:x y", "outcome": "pass"}]}, f)
            with open(e, "w") as f:
                f.write("# c\nexit 1\nverdict tests-failed\n"
                        "fail lib:a.sh\npass kernel-log:x y\n"
                        "absent lib:b.sh\nreason a.sh: fail\n"
                        "because lib:a.sh exited 0 but\n"
                        "shows lib:a.sh u8 10 - 41 # expected 2 42 got 2 41\n")
            text, ok = expect.check(s, 1, e, "nc")
            self.assertTrue(ok, text)
            self.assertEqual(text.count("\nok "), 8)
            _, ok = expect.check(s, 0, e, "nc")
            self.assertFalse(ok)
            for wrong in ("absent lib:a.sh\n", "fail lib:b.sh\n",
                          "reason b.sh\n", "because lib:a.sh exit 1\n",
                          "shows lib:a.sh vectors line 8\n"):
                with open(e, "a") as f:
                    f.write(wrong)
                _, ok = expect.check(s, 1, e, "nc")
                self.assertFalse(ok, wrong)
            text, ok = expect.check(s, 1, e + ".missing", "nc")
            self.assertFalse(ok)
            self.assertIn("not ok 1 - nc: cannot read the expectations", text)


if __name__ == "__main__":
    sys.exit(taptest.run(sys.modules[__name__]))
