# SPDX-License-Identifier: GPL-2.0
"""Check a run against expected outcomes written as data (the negative
control's tools/qa/negative-control.expect): one "KEY VALUE" a line,
  exit N              the run's exit code
  verdict V           the run's verdict
  reason TEXT         one of the verdict's reasons contains TEXT
  because TEST TEXT   the result TEST's detail contains TEXT (a skip's
                      reason, a failure's message; TEST without spaces)
  shows TEST TEXT     a line the table prints under the failed result
                      TEST (a failing subtest with its message, a
                      module's case line) contains TEXT
  OUTCOME TEST NAME   a result's outcome (pass, fail, skip, ...)
  absent TEST NAME    no such result: the test did not run
Prints TAP; true when every expectation holds."""

import json


def expectations(path):
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                key, _, value = line.partition(" ")
                yield key, value.strip()


def check(summary_path, rc, expect_path, label):
    try:
        with open(summary_path) as f:
            s = json.load(f)
    except (OSError, ValueError):
        s = {"verdict": "no summary", "tests": []}
    got = {t["name"]: t["outcome"] for t in s["tests"]}
    detail = {t["name"]: t.get("directive", "") for t in s["tests"]}
    shown = {t["name"]: t.get("failures", []) for t in s["tests"]}
    checks = []
    try:
        wanted = list(expectations(expect_path))
    except OSError as e:
        # A missing expectation is a failed check, never a silent pass.
        wanted = []
        checks.append(("cannot read the expectations %s (%s)"
                       % (expect_path, e.strerror), False))
    for key, value in wanted:
        if key == "exit":
            checks.append(("the run ends with exit %s (got %d)" % (value, rc),
                           rc == int(value)))
        elif key == "verdict":
            checks.append(("verdict %s (got %s)" % (value, s["verdict"]),
                           s["verdict"] == value))
        elif key == "reason":
            checks.append(("a reason says '%s' (got %s)" % (
                value, "; ".join(s.get("reasons", [])) or "none"),
                any(value in r for r in s.get("reasons", []))))
        elif key == "because":
            name, _, text = value.partition(" ")
            checks.append(("%s says '%s' (got '%s')" % (
                name, text, detail.get(name, "nothing")),
                text in detail.get(name, "")))
        elif key == "shows":
            name, _, text = value.partition(" ")
            checks.append(("the table shows '%s' under %s (got %s)" % (
                text, name, "; ".join(shown.get(name, [])[:3]) or "nothing"),
                any(text in line for line in shown.get(name, []))))
        elif key == "absent":
            checks.append(("%s: not run (got %s)" % (value, got.get(
                value, "nothing")), value not in got))
        else:
            checks.append(("%s: %s (got %s)" % (value, key,
                                                got.get(value, "nothing")),
                           got.get(value) == key))
    lines = ["TAP version 13", "1..%d" % len(checks)]
    lines += ["%sok %d - %s: %s" % ("" if ok else "not ", i, label, desc)
              for i, (desc, ok) in enumerate(checks, 1)]
    return "\n".join(lines), all(ok for _, ok in checks) and bool(checks)
