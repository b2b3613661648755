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
import parse                         # noqa: E402
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
        self.assertEqual(st["kselftest.lib.parse_integer_sh." +
                            kcidb.escape("u8 10 - 255")], "PASS")
        self.assertEqual(st["kselftest.lib.missing_sh"], "SKIP")
        self.assertEqual(st["kselftest.module_verdict.test_parse_integer"],
                         "PASS")
        self.assertEqual(st["boot.kernel_log"], "PASS")
        self.assertEqual(st["boot"], "PASS")

    def test_subtest_failed(self):
        report = kcidb.report(judged("subtest-failed"))
        self.assertEqual(
            sorted(p for p, s in statuses(report).items() if s == "FAIL"),
            ["kselftest.lib.parse_integer_sh",
             "kselftest.lib.parse_integer_sh." + kcidb.escape("s8 10 - -129")])
        self.assertEqual(count(report, "PASS"), 7)

    def test_hung_and_panic_do_not_pass(self):
        for name, status in (("hung", "ERROR"), ("panic", "FAIL"),
                             ("no-tests", "ERROR")):
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
        summary = dict(judged("passed"), meta=dict(
            META, kernel_build_seconds="654.3",
            kernel_build_time="2025-01-31T11:00:00Z"))
        summary["vm"] = dict(summary["vm"], seconds="123.4")
        summary["timings"] = {"kernel": "654.3", "image": "1.0"}
        report = kcidb.report(summary)
        checkout, build = report["checkouts"][0], report["builds"][0]
        self.assertEqual(checkout["id"], "kstring:linux-source-6.1:"
                         "6.1.123-1:0123456789abcdef")
        # Debian's 6.1.123-1 is the stable tree's v6.1.123.
        self.assertEqual((checkout["tree_name"],
                          checkout["git_repository_url"],
                          checkout["git_repository_branch"],
                          checkout["git_commit_name"]),
                         ("stable", kcidb.STABLE, "linux-6.1.y", "v6.1.123"))
        self.assertNotIn("git_commit_hash", checkout)
        given = kcidb.report(summary, git_commit="a" * 40)["checkouts"][0]
        self.assertEqual(given["git_commit_hash"], "a" * 40)
        # A kernel given as KERNEL=: no stable checkout, still valid.
        deb = kcidb.report(dict(summary, meta=dict(
            META, kernel_input="deb", kernel_package="linux-image-x",
            kernel_package_version="1")), git_commit="a" * 40)
        self.assertEqual(kcidb.validate(deb), [])
        self.assertFalse(set(deb["checkouts"][0]) & {
            "git_repository_url", "git_repository_branch",
            "git_commit_name", "git_commit_hash", "patchset_hash"})
        self.assertEqual(build["checkout_id"], checkout["id"])
        self.assertEqual(build["id"], checkout["id"] + ":default:6.1.123")
        self.assertEqual((build["architecture"], build["config_name"]),
                         ("x86_64", "default"))
        self.assertEqual((build["duration"], build["start_time"]),
                         (654.3, "2025-01-31T11:00:00Z"))
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
                           ("dmesg:test_printf",
                            "kselftest.module_verdict.test_printf"),
                           ("kunit:string", "kunit.string"),
                           (judge.KERNEL_LOG_CHECK, "boot.kernel_log"),
                           ("a:: b.c ", "kselftest.a._.b_c"),
                           ("test 2 (never reported)",
                            "kselftest.test_2_never_reported")):
            with self.subTest("path of %r" % name):
                self.assertEqual(kcidb.path_of(name), path)


class BuildFailed(unittest.TestCase):
    def test_a_failed_build_is_reported(self):
        log = "".join("  CC      lib/x%d.o\n" % i for i in range(3000))
        log += "lib/string.c:1:1: error: expected ';'\n"
        summary = {"run_id": "r-build-failed", "verdict": "build-failed",
                   "exit_code": 2, "meta": dict(META, kernel_build_seconds="12"),
                   "vm": {}, "tests": [], "build_log": log}
        report = kcidb.report(summary, log_base="file:///r")
        self.assertEqual(kcidb.validate(report), [])
        build = report["builds"][0]
        self.assertEqual((build["status"], build["log_url"], report["tests"]),
                         ("FAIL", "file:///r/build.log", []))
        self.assertTrue(build["log_excerpt"].endswith("expected ';'\n"))
        self.assertLessEqual(len(build["log_excerpt"]), kcidb.EXCERPT_MAX)
        self.assertTrue(build["log_excerpt"].startswith("  CC"))


class Paths(unittest.TestCase):
    PASSING = """TAP version 13
1..1
# TAP version 13
# 1..4
# ok 1 test_x dmesg verdict # all 524 tests passed
# ok 2 u8 10 - 1
# ok 3 u8 10 - +1
# ok 4 test_x load/unload cycles # 100, each: all 524 tests passed (14 s)
ok 1 selftests: lib: x.sh
"""
    FAILING = """TAP version 13
1..1
# TAP version 13
# 1..4
# not ok 1 test_x dmesg verdict # modprobe exit 1, failed 1 out of 524 tests
# ok 2 u8 10 - 1
# not ok 3 u8 10 - +1 # expected 2 1 got -22 0 (vectors line 7)
# not ok 4 test_x load/unload cycles # cycle 1: modprobe exited 1
not ok 1 selftests: lib: x.sh # exit=1
"""

    def paths(self, tap):
        tests = parse.parse_tap(tap)[1]
        summary = {"run_id": "r", "verdict": "passed", "tests": tests}
        return [t["path"] for t in kcidb.report(summary)["tests"]]

    def test_outcome_does_not_move_a_test(self):
        self.assertEqual(self.paths(self.PASSING), self.paths(self.FAILING))

    def test_a_name_with_its_outcome_moves_the_test(self):
        """What kcidb-check catches: the same test (its TAP number) on
        another path when its name carries the outcome."""
        def keyed(tap):
            return dict((k, p) for p, _, k in
                        kcidb.results(parse.parse_tap(tap)[1]))
        old = self.FAILING.replace("load/unload cycles # cycle",
                                   "load/unload cycles: cycle")
        moved = [k for k, p in keyed(self.PASSING).items()
                 if keyed(old)[k] != p]
        self.assertEqual(moved, [("lib:x.sh", 4)])
        self.assertEqual(keyed(self.PASSING), keyed(self.FAILING))

    def test_lava_truncated_names_keep_their_paths(self):
        """LAVA records a subtest's first 60 characters: the paths of
        both runs agree, and two long names sharing those stay apart."""
        long1 = "u8 10 - " + "0" * 70 + "1"
        long2 = "u8 10 - " + "0" * 70 + "2"

        def paths(names):
            tests = [{"name": "lib:x.sh", "outcome": "pass", "subtests": [
                {"name": n, "number": i, "outcome": "pass"}
                for i, n in enumerate(names, 1)]}]
            return [p for p, _, _ in kcidb.results(tests)]
        qemu = paths([long1, long2])
        self.assertEqual(qemu, paths([long1[:60], long2[:60]]))
        self.assertEqual(len(set(qemu)), 3)

    def test_distinct_names_distinct_paths(self):
        paths = self.paths(self.PASSING)
        self.assertEqual(len(paths), len(set(paths)))
        self.assertNotEqual(kcidb.escape("u8 10 - 1"),
                            kcidb.escape("u8 10 - +1"))
        self.assertEqual(kcidb.escape("value_u8"), "value_u8")
        for name in ("u8 10 - 1", "a.b", "", " ", "\u00e9", "x" * 300):
            with self.subTest("escape(%r)" % name):
                self.assertRegex(kcidb.escape(name), r"^[A-Za-z0-9_-]+$")

    def test_fixture_paths_unique(self):
        for name in sorted(os.listdir(FIXTURES)):
            paths = [t["path"] for t in kcidb.report(judged(name))["tests"]]
            with self.subTest(name):
                self.assertEqual(len(paths), len(set(paths)))

    def test_not_run_is_miss(self):
        st = statuses(kcidb.report(judged("never-reported")))
        self.assertIn("MISS", st.values())


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
        self.assertIn("builds[0]: no id",
                      self.problems(lambda r: r["builds"][0].pop("id")))
        self.assertEqual(self.problems(lambda r: r["tests"][2].pop("id")),
                         ["tests[2]: no id"])

    def test_bad_ids(self):
        self.assertIn("checkouts[0]: id 'Kstring:x' is not origin 'kstring''s",
                      self.problems(
                          lambda r: r["checkouts"][0].update(id="Kstring:x")))
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


    def test_real_dates_only(self):
        for when in ("2025-13-31T00:00:00Z", "2025-02-30T00:00:00Z",
                     "2025-01-31T24:00:00Z", "2025-01-31T12:00:00+25:00",
                     "2025-01-31T12:00:00"):
            with self.subTest(when):
                self.assertEqual(len(self.problems(
                    lambda r: r["tests"][0].update(start_time=when))), 1)
        self.assertEqual(self.problems(lambda r: r["tests"][0].update(
            start_time="2024-02-29T23:59:59.5+05:30")), [])

    def test_uris(self):
        for url in ("file:///a b", "no-scheme", "http://x/%zz", "1x:y",
                    "https://x/\u00e9"):
            with self.subTest(url):
                self.assertEqual(len(self.problems(
                    lambda r: r["tests"][0].update(log_url=url))), 1)
        self.assertEqual(len(self.problems(lambda r: r["checkouts"][0].update(
            git_repository_url="http://git.kernel.org/x"))), 1)

    def test_lengths_and_origin(self):
        self.assertEqual(len(self.problems(lambda r: r["tests"][0].update(
            log_excerpt="x" * (kcidb.EXCERPT_MAX + 1)))), 1)
        self.assertEqual(self.problems(lambda r: r["tests"][0].update(
            log_excerpt="x" * kcidb.EXCERPT_MAX)), [])
        self.assertEqual(len(self.problems(
            lambda r: r["tests"][0].update(origin="other"))), 1)

    def test_references(self):
        self.assertEqual(len(self.problems(
            lambda r: r["tests"][3].update(build_id="kstring:nope"))), 1)
        self.assertEqual(len(self.problems(
            lambda r: r["builds"][0].update(checkout_id="kstring:nope"))), 1)

    def test_environment(self):
        self.assertEqual(len(self.problems(lambda r: r["tests"][0].update(
            environment={"misc": "qemu"}))), 1)
        self.assertEqual(len(self.problems(lambda r: r["tests"][0].update(
            environment={"compatible": ["a b"]}))), 1)


if __name__ == "__main__":
    sys.exit(taptest.run(sys.modules[__name__]))
