#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tools/verdict.py on recorded runs (fixtures/verdict/*/): each fixture's
"expect" file names the verdict, the exit code, optionally how many
results there are and which result must be the failing one."""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
VERDICT = os.path.join(HERE, "..", "verdict.py")
FIXTURES = os.path.join(HERE, "fixtures", "verdict")


def expect_of(path):
    exp = {}
    with open(path) as f:
        for line in f:
            key, _, value = line.rstrip("\n").partition("=")
            exp[key] = value
    return exp


def main():
    results = []
    for name in sorted(os.listdir(FIXTURES)):
        src = os.path.join(FIXTURES, name)
        exp = expect_of(os.path.join(src, "expect"))
        with tempfile.TemporaryDirectory() as tmp:
            run = os.path.join(tmp, name)
            shutil.copytree(src, run)
            proc = subprocess.run([sys.executable, VERDICT, run],
                                  capture_output=True, text=True)
            with open(os.path.join(run, "summary.json")) as f:
                summary = json.load(f)
            junit_ok = os.path.getsize(os.path.join(run, "junit.xml")) > 0
        failing = [t["name"] for t in summary["tests"]
                   if t["outcome"] in ("fail", "timeout")]
        results.append(("%s: exit %s" % (name, exp["exit"]),
                        proc.returncode == int(exp["exit"]),
                        "got %d" % proc.returncode))
        results.append(("%s: verdict %s" % (name, exp["verdict"]),
                        summary["verdict"] == exp["verdict"],
                        "got %s" % summary["verdict"]))
        results.append(("%s: junit.xml written" % name, junit_ok, ""))
        if "count" in exp:
            results.append(("%s: %s results" % (name, exp["count"]),
                            len(summary["tests"]) == int(exp["count"]),
                            "got %d" % len(summary["tests"])))
        if "failing" in exp:
            results.append(("%s: failing result is %s" % (name,
                                                         exp["failing"]),
                            failing == [exp["failing"]],
                            "got %s" % failing))
    print("TAP version 13")
    print("1..%d" % len(results))
    for i, (desc, ok, why) in enumerate(results, 1):
        print("%sok %d - %s%s" % ("" if ok else "not ", i, desc,
                                  "" if ok else " (%s)" % why))
    return 0 if all(ok for _, ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
