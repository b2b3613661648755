# SPDX-License-Identifier: GPL-2.0
"""Write a judged run: the text table, junit.xml and summary.json."""

import json
import xml.etree.ElementTree as ET

from judge import FAILING


def junit(path, tests):
    suite = ET.Element("testsuite", name="kstring-kselftest",
                       tests=str(len(tests)))
    fails = 0
    for t in tests:
        case = ET.SubElement(suite, "testcase", classname="kselftest",
                             name=t["name"])
        if t["outcome"] in FAILING:
            fails += 1
            f = ET.SubElement(case, "failure", message=t["directive"] or
                              t["outcome"])
            f.text = "\n".join(t.get("failures", [])[:SHOWN_IN_JUNIT] +
                                ([""] if t.get("failures") else []) +
                                t.get("output", [])[-50:])
        elif t["outcome"] == "skip":
            ET.SubElement(case, "skipped", message=t["directive"])
        for s in t["subtests"]:
            sub = ET.SubElement(suite, "testcase", classname=t["name"],
                                name="%d %s" % (s["number"], s["name"]))
            if s["outcome"] in FAILING:
                fails += 1
                ET.SubElement(sub, "failure", message="not ok")
    suite.set("failures", str(fails))
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)


def summary_json(path, summary):
    with open(path, "w") as f:
        json.dump(summary, f, indent=2)
        f.write("\n")


# How many failure lines of a result the table and junit.xml show.
SHOWN_IN_TABLE = 5
SHOWN_IN_JUNIT = 50


def table(summary):
    """One row a result; under a failed one, its first failing subtests
    or case lines (judge.failures_of) and how many more there are."""
    rows = []
    for t in summary["tests"]:
        subs = t["subtests"]
        detail = t.get("directive", "")
        if subs:
            bad = sum(1 for s in subs if s["outcome"] in FAILING)
            detail = ("%d/%d subtests passed" % (len(subs) - bad, len(subs))
                      + ("; " + detail if detail else ""))
        rows.append((t["name"], t["outcome"].upper(), detail,
                     t.get("failures", [])))
    width = max([len(r[0]) for r in rows] + [4])
    out = ["%-*s  %-7s  %s" % (width, "test", "result", "detail")]
    for name, outcome, detail, failures in rows:
        out.append("%-*s  %-7s  %s" % (width, name, outcome, detail[:70]))
        out += ["    | " + f[:110] for f in failures[:SHOWN_IN_TABLE]]
        if len(failures) > SHOWN_IN_TABLE:
            out.append("    | ... and %d more (summary.json)"
                       % (len(failures) - SHOWN_IN_TABLE))
    for c in summary.get("coverage", []):
        out.append("coverage %-*s  %s" % (width - 9, c["file"], "  ".join(
            "%s %s" % (k, percent(c[k]))
            for k in ("lines", "branches", "functions"))))
    return "\n".join(out)


def percent(pair):
    hit, total = pair
    return "%.1f%% (%d/%d)" % (100.0 * hit / total if total else 100.0,
                               hit, total)


def verdict_line(summary):
    profile = summary.get("meta", {}).get("profile")
    skipped = sum(1 for t in summary["tests"] if t["outcome"] == "skip")
    boot = summary.get("boot", {}).get("tests_start")
    return "%sverdict: %s (exit %d%s%s)%s" % (
        "boot: the first test started %.1f s after the kernel\n" % boot
        if boot is not None else "",
        summary["verdict"], summary["exit_code"],
        ", profile %s" % profile if profile else "",
        ", %d of %d results skipped" % (skipped, len(summary["tests"]))
        if skipped else "",
        "".join("\n  - " + r for r in summary["reasons"][:20]))
