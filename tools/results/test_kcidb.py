#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Unit tests of kcidb.py: the KCIDB report of each recorded run
(fixtures/*/) is valid, its statuses follow the run's results and
verdict, and validate() finds what breaks a report.
Run: python3 tools/results/test_kcidb.py (prints TAP), or
python3 -m unittest discover -s tools/results."""

import copy
import json
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
FIXTURES = os.path.join(HERE, "fixtures")

import judge                         # noqa: E402
import kcidb                         # noqa: E402
import lava                          # noqa: E402
import taptest                       # noqa: E402

META = {"kernel_release": "6.1.123", "ksrc_package": "linux-source-6.1",
        "ksrc_version": "6.1.123-1", "tree_head": "0123abc",
        "changes_hash": "0123456789abcdef", "variant": "default",
        "tests": "lib"}


def judged(name):
    """The summary of a fixture, judged in a copy of it as the results
    module's own tests do (a recorded LAVA job, lava-*, by lava.py)."""
    with tempfile.TemporaryDirectory() as tmp:
        run = os.path.join(tmp, name)
        shutil.copytree(os.path.join(FIXTURES, name), run)
        if name.startswith("lava-"):
            return lava.judge(run)[0]
        return judge.judge(run)[0]


def nodes(tests):
    """The number of results and subtests, at any depth."""
    return sum(1 + nodes(t["subtests"]) for t in tests)


def statuses(report):
    return dict((t["path"], t["status"]) for t in report["tests"])


def count(report, status):
    return sum(1 for t in report["tests"] if t["status"] == status)


class Fixtures(unittest.TestCase):
    """Each recorded run: a valid report, with or without the optional
    fields, one test per result, and a failing node iff it did not
    pass."""

    def test_fixtures(self):
        for name in sorted(os.listdir(FIXTURES)):
            summary = judged(name)
            plain = kcidb.report(summary)
            full = kcidb.report(
                dict(summary, meta=META), origin="kstring_ci",
                log_base="https://ci.example.org/results/%s/" % name,
                start_time="2025-01-31T12:00:00+00:00")
            with self.subTest("%s: valid report" % name):
                self.assertEqual(kcidb.validate(plain), [])
                self.assertEqual(kcidb.validate(full), [])
                json.dumps(full)
            with self.subTest("%s: a test per result, and boot" % name):
                self.assertEqual(len(plain["tests"]),
                                 1 + nodes(summary["tests"]))
            bad = [t["path"] for t in plain["tests"]
                   if t["status"] in ("FAIL", "ERROR", "MISS")]
            with self.subTest("%s: %s, %d failing nodes"
                              % (name, summary["verdict"], len(bad))):
                self.assertEqual(bool(bad), summary["verdict"] != "passed")


class Mapping(unittest.TestCase):
    def test_passed(self):
        report = kcidb.report(judged("passed"))
        self.assertEqual((count(report, "PASS"), count(report, "FAIL"),
                          count(report, "SKIP")), (9, 0, 1))
        st = statuses(report)
        self.assertEqual(st["kselftest.lib.printf_sh"], "PASS")
        self.assertEqual(st["kselftest.lib.parse_integer_sh.u8_10_-_255"],
                         "PASS")
        self.assertEqual(st["kselftest.lib.missing_sh"], "SKIP")
        self.assertEqual(st["dmesg.test_parse_integer"], "PASS")
        self.assertEqual(st["kernel_log.clean"], "PASS")
        self.assertEqual(st["boot"], "PASS")

    def test_subtest_failed(self):
        report = kcidb.report(judged("subtest-failed"))
        self.assertEqual(
            sorted(p for p, s in statuses(report).items() if s == "FAIL"),
            ["kselftest.lib.parse_integer_sh",
             "kselftest.lib.parse_integer_sh.s8_10_-_-129"])
        self.assertEqual(count(report, "PASS"), 7)

    def test_hung_and_panic_do_not_pass(self):
        for name, status in (("hung", "ERROR"), ("panic", "FAIL"),
                             ("no-tests", "MISS")):
            with self.subTest("%s: boot %s" % (name, status)):
                report = kcidb.report(judged(name))
                self.assertEqual(statuses(report)["boot"], status)

    def test_timeout_is_error(self):
        st = statuses(kcidb.report(judged("timeout")))
        self.assertEqual(st["kselftest.lib.prime_numbers_sh"], "ERROR")

    def test_ids_unique_and_stable(self):
        summary = judged("subtest-failed")
        report = kcidb.report(summary)
        ids = [t["id"] for t in report["tests"]]
        self.assertEqual(len(ids), len(set(ids)))
        self.assertEqual(report, kcidb.report(copy.deepcopy(summary)))
        self.assertTrue(all(i.startswith("kstring:") for i in ids))
        # One name twice: two tests, two ids.
        twice = dict(summary, tests=summary["tests"][:1] * 2)
        report = kcidb.report(twice)
        self.assertEqual(kcidb.validate(report), [])
        self.assertEqual(len(report["tests"]), 3)

    def test_meta(self):
        summary = dict(judged("passed"), meta=META)
        summary["vm"] = dict(summary["vm"], seconds="123.4")
        summary["timings"] = {"kernel": "654.3", "image": "1.0"}
        report = kcidb.report(summary)
        checkout, build = report["checkouts"][0], report["builds"][0]
        self.assertEqual(checkout["tree_name"], "linux-source-6.1")
        self.assertEqual(checkout["id"], "kstring:linux-source-6.1:"
                         "6.1.123-1:0123456789abcdef")
        self.assertNotIn("git_commit_hash", checkout)
        self.assertEqual(build["checkout_id"], checkout["id"])
        self.assertEqual(build["id"], checkout["id"] + ":default:6.1.123")
        self.assertEqual((build["architecture"], build["config_name"]),
                         ("x86_64", "default"))
        self.assertEqual(build["duration"], 654.3)
        self.assertEqual(kcidb.validate(report), [])
        boot = report["tests"][0]
        self.assertEqual((boot["path"], boot["duration"]), ("boot", 123.4))
        self.assertTrue(all(t["build_id"] == build["id"]
                            for t in report["tests"]))
        i386 = kcidb.report(dict(summary, meta=dict(META, variant="i386")))
        self.assertEqual(i386["builds"][0]["architecture"], "i386")
        lava = kcidb.report(judged("lava-passed"), log_base="https://x/r")
        self.assertIn("LAVA", lava["tests"][0]["environment"]["comment"])
        self.assertEqual({t.get("log_url") for t in lava["tests"]},
                         {"https://x/r/lava.log"})
        self.assertIn("https://x/r/job.yaml",
                      [f["url"] for f in lava["tests"][0]["output_files"]])

    def test_paths(self):
        for name, path in (("lib:strscpy.sh", "kselftest.lib.strscpy_sh"),
                           ("dmesg:test_printf", "dmesg.test_printf"),
                           ("kunit:string", "kunit.string"),
                           (judge.KERNEL_LOG_CHECK, "kernel_log.clean"),
                           ("a:: b.c ", "kselftest.a._.b_c"),
                           ("test 2 (never reported)",
                            "kselftest.test_2_never_reported")):
            with self.subTest("path of %r" % name):
                self.assertEqual(kcidb.path_of(name), path)


class Paths(unittest.TestCase):
    def test_failing_subtest_keeps_its_path(self):
        summary = {"run_id": "r", "verdict": "tests-failed", "meta": META,
                   "tests": [{"name": "lib:parse_integer.sh",
                              "outcome": "fail", "subtests": [
                                  {"name": "u8 10 - 255 expected 3 255"
                                   " got -34 165", "outcome": "fail"},
                                  {"name": "u8 10 - 256", "outcome": "pass"}
                              ]}]}
        paths = [t["path"] for t in kcidb.report(summary)["tests"]]
        self.assertEqual(paths[2:], [
            "kselftest.lib.parse_integer_sh.u8_10_-_255",
            "kselftest.lib.parse_integer_sh.u8_10_-_256"])


class Validate(unittest.TestCase):
    """validate() on a valid report broken one way at a time."""

    def setUp(self):
        self.report = kcidb.report(dict(judged("passed"), meta=META))
        self.assertEqual(kcidb.validate(self.report), [])

    def problems(self, change):
        report = copy.deepcopy(self.report)
        change(report)
        return kcidb.validate(report)

    def test_bad_status(self):
        self.assertEqual(self.problems(
            lambda r: r["tests"][1].update(status="PASSED")),
            ["tests[1]: status is 'PASSED'"])

    def test_missing_id(self):
        self.assertEqual(self.problems(lambda r: r["builds"][0].pop("id")),
                         ["builds[0]: no id"])
        self.assertEqual(self.problems(lambda r: r["tests"][2].pop("id")),
                         ["tests[2]: no id"])

    def test_bad_ids(self):
        self.assertEqual(len(self.problems(
            lambda r: r["checkouts"][0].update(id="Kstring:x"))), 1)
        self.assertEqual(len(self.problems(
            lambda r: r["tests"][0].update(id=r["tests"][1]["id"]))), 1)

    def test_bad_path(self):
        for path in ("kselftest..x", "lib:x.sh", ".x", "x."):
            with self.subTest("path %r" % path):
                self.assertEqual(len(self.problems(
                    lambda r: r["tests"][0].update(path=path))), 1)

    def test_bad_version(self):
        self.assertEqual(len(self.problems(
            lambda r: r["version"].update(major=4))), 1)
        self.assertEqual(len(self.problems(
            lambda r: r["version"].update(minor=4))), 1)
        self.assertEqual(len(self.problems(lambda r: r.pop("version"))), 1)

    def test_null_unknown_and_time(self):
        self.assertEqual(self.problems(
            lambda r: r["tests"][0].update(comment=None)),
            ["tests[0].comment: null"])
        self.assertEqual(self.problems(
            lambda r: r["builds"][0].update(valid=True)),
            ["builds[0]: valid unknown field"])
        self.assertEqual(len(self.problems(
            lambda r: r["tests"][0].update(start_time="2025-01-31"))), 1)


if __name__ == "__main__":
    sys.exit(taptest.run(sys.modules[__name__]))
