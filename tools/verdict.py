#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn one guest run's raw evidence into verdicts.

verdict.py RUNDIR reads what tools/run-guest.sh left there (tap.log,
console.log, dmesg.log, qemu.env, meta.env) and writes kselftest.tap,
junit.xml and summary.json, prints a per-test table and exits with the
run's code: 0 passed, 1 tests failed, 2 infrastructure error, 3 guest
panicked, 4 guest hung.
"""

import json
import os
import re
import sys
import xml.etree.ElementTree as ET

EXIT = {"passed": 0, "tests-failed": 1, "infra-error": 2, "panic": 3,
        "hung": 4}

RESULT = re.compile(r"^(not )?ok (\d+)\s*-?\s*([^#]*?)\s*(?:#\s*(.*))?$")
PLAN = re.compile(r"^1\.\.(\d+)")
MODULE_VERDICT = re.compile(
    r"\b(\w+): (?:all (\d+) tests passed|failed (\d+) out of (\d+) tests)")
# Kernel log lines that mean something went wrong even if every test said ok.
PROBLEMS = re.compile(
    r"Kernel panic|Oops|BUG:|WARNING:|general protection fault|"
    r"UBSAN:|KASAN:|KCSAN:|suspected memory leak|unreferenced object|"
    r"kmemleak: .*(?:disabled|exceeded)|lockdep is turned off|"
    r"possible circular locking|possible recursive locking|"
    r"suspicious RCU usage|INFO: task .* blocked|"
    r"stack-protector:|Call Trace:|lkdtm: FAIL")
KMSG = re.compile(r"^\[\s*\d+\.\d+\] ")
# A crash LKDTM provokes on purpose (make SANITIZE=1 runs its fortify
# tests) is judged by its kselftest, which looks for the expected report:
# the kernel-log check excuses the reports from "Performing direct entry"
# to the end of that trace, and the kmemleak objects the crashed test
# allocated (a backtrace through lkdtm_<TEST>). "lkdtm: FAIL" is never
# excused: a test that went on after its crash point found a bug.
LKDTM_ENTRY = re.compile(r"lkdtm: Performing direct entry (\w+)")
TRACE_END = re.compile(r"---\[ end trace ")
KMEMLEAK_OBJECT = re.compile(r"kmemleak report: unreferenced object ")
KMEMLEAK_NEW = re.compile(r"kmemleak: (\d+) new suspected memory leak")


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8", "replace").replace("\r", "")
    except FileNotFoundError:
        return ""


def read_env(path):
    env = {}
    for line in read(path).splitlines():
        key, sep, value = line.partition("=")
        if sep:
            env[key.strip()] = value.strip()
    return env


def outcome_of(failed, directive):
    directive = (directive or "").upper()
    if directive.startswith("SKIP"):
        return "skip"
    if directive.startswith("XFAIL"):
        return "xfail"
    if directive.startswith("TIMEOUT"):
        return "timeout"
    return "fail" if failed else "pass"


def parse_tap(text):
    """kselftest TAP: top-level results, with each test's own output
    (prefixed "# ") and the nested results within it."""
    plan = None
    tests = []
    pending = []          # output lines of the test now running
    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("#"):
            pending.append(line[1:].lstrip() if line != "#" else "")
            continue
        m = PLAN.match(line)
        if m and plan is None:
            plan = int(m.group(1))
            continue
        m = RESULT.match(line)
        if not m:
            continue
        subtests = []
        for out in pending:
            s = RESULT.match(out)
            if s:
                subtests.append({
                    "number": int(s.group(2)),
                    "name": s.group(3),
                    "outcome": outcome_of(s.group(1), s.group(4))})
        name = m.group(3)
        name = re.sub(r"^selftests:\s*", "", name)
        tests.append({
            "number": int(m.group(2)),
            "name": name.replace(": ", ":"),
            "outcome": outcome_of(m.group(1), m.group(4)),
            "directive": m.group(4) or "",
            "subtests": subtests,
            "output": pending,
        })
        pending = []
    return plan, tests


def module_verdicts(dmesg):
    found = {}
    for m in MODULE_VERDICT.finditer(dmesg):
        module = m.group(1)
        if m.group(2) is not None:
            found[module] = {"module": module, "passed": True,
                             "detail": "all %s tests passed" % m.group(2)}
        else:
            found[module] = {"module": module, "passed": False,
                             "detail": "failed %s out of %s tests"
                             % (m.group(3), m.group(4))}
    return list(found.values())


def log_problems(log):
    """The kernel log's problem lines, and those excused as part of a
    crash LKDTM provoked (see LKDTM_ENTRY): (problems, excused)."""
    lines = [l.strip() for l in log.splitlines() if KMSG.match(l)]
    excused = set()
    crashed = set()        # the lkdtm tests that were run
    window = None
    for i, line in enumerate(lines):
        m = LKDTM_ENTRY.search(line)
        if m:
            window = m.group(1)
            crashed.add(window)
        elif window and TRACE_END.search(line):
            excused.add(i)
            window = None
        if window and PROBLEMS.search(line) and "lkdtm: FAIL" not in line:
            excused.add(i)
    # kmemleak: one object from "unreferenced object" to the next.
    objects, leaks = [], 0
    for i, line in enumerate(lines):
        m = KMEMLEAK_NEW.search(line)
        if m:
            leaks += int(m.group(1))
        if KMEMLEAK_OBJECT.search(line):
            objects.append([i])
        elif objects and "kmemleak report:" in line:
            objects[-1].append(i)
    ours = [o for o in objects
            if any(re.search(r"\blkdtm_(%s)\+" % t, lines[i])
                   for i in o for t in crashed)]
    for o in ours:
        excused.update(o)
    # The scan's count is excused only when every leak it counted is one
    # of these.
    if ours and len(ours) == len(objects) == leaks:
        excused.update(i for i, l in enumerate(lines)
                       if KMEMLEAK_NEW.search(l))
    problems = [l for i, l in enumerate(lines)
                if PROBLEMS.search(l) and i not in excused]
    return problems, [lines[i] for i in sorted(excused)
                      if PROBLEMS.search(lines[i])]


def judge(rundir):
    qemu = read_env(os.path.join(rundir, "qemu.env"))
    meta = read_env(os.path.join(rundir, "meta.env"))
    tap = read(os.path.join(rundir, "tap.log"))
    console = read(os.path.join(rundir, "console.log"))
    dmesg = read(os.path.join(rundir, "dmesg.log"))
    plan, tests = parse_tap(tap)
    modules = module_verdicts(dmesg or console)
    # The console shows what the guest printed up to a panic; dmesg.log
    # has every level, including what loglevel= kept off the console.
    problems, excused = log_problems(console)
    more, more_excused = log_problems(dmesg)
    problems += [p for p in more if p not in problems]
    excused += [p for p in more_excused if p not in excused]
    reasons = []

    if plan is not None and len(tests) < plan:
        for n in range(len(tests) + 1, plan + 1):
            tests.append({"number": n, "name": "test %d (never reported)" % n,
                          "outcome": "fail", "directive": "not run",
                          "subtests": [], "output": []})
    # Cross-checks: each module's own verdict, and a clean kernel log.
    checks = [{"name": "dmesg:%s" % m["module"],
               "outcome": "pass" if m["passed"] else "fail",
               "directive": m["detail"], "subtests": [], "output": []}
              for m in modules]
    checks.append({"name": "kernel-log:no oops/panic/WARN/BUG/sanitizer report",
                   "outcome": "fail" if problems else "pass",
                   "directive": problems[0] if problems else "",
                   "subtests": [], "output": problems})

    status = qemu.get("status", "missing")
    if status == "hung":
        verdict = "hung"
        reasons.append("no verdict from the guest within %ss"
                       % qemu.get("timeout", "?"))
    elif status in ("panic", "reset"):
        verdict = "panic"
        reasons.append("guest %s" % ("panicked" if status == "panic"
                                     else "reset without a verdict"))
    elif status != "finished":
        verdict = "infra-error"
        reasons.append("VM status %s" % status)
    elif not tests:
        verdict = "infra-error"
        reasons.append("the guest reported no kselftest result")
    else:
        failed = [t for t in tests + checks
                  if t["outcome"] in ("fail", "timeout")]
        verdict = "tests-failed" if failed else "passed"
        reasons += ["%s: %s" % (t["name"], t["outcome"]) for t in failed]

    return {
        "run_id": os.path.basename(os.path.abspath(rundir)),
        "verdict": verdict,
        "exit_code": EXIT[verdict],
        "reasons": reasons,
        "vm": qemu,
        "meta": meta,
        "tap_plan": plan,
        "tests": [dict((k, v) for k, v in t.items() if k != "output")
                  for t in tests + checks],
        "module_verdicts": modules,
        "console_problems": problems,
        "excused_lkdtm_crashes": excused,
    }, tap, tests + checks


def write_junit(path, summary, tests):
    suite = ET.Element("testsuite", name="kstring-kselftest",
                       tests=str(len(tests)))
    fails = 0
    for t in tests:
        case = ET.SubElement(suite, "testcase", classname="kselftest",
                             name=t["name"])
        if t["outcome"] in ("fail", "timeout"):
            fails += 1
            f = ET.SubElement(case, "failure", message=t["directive"] or
                              t["outcome"])
            f.text = "\n".join(t["output"][-50:])
        elif t["outcome"] == "skip":
            ET.SubElement(case, "skipped", message=t["directive"])
        for s in t["subtests"]:
            sub = ET.SubElement(suite, "testcase", classname=t["name"],
                                name="%d %s" % (s["number"], s["name"]))
            if s["outcome"] == "fail":
                fails += 1
                ET.SubElement(sub, "failure", message="not ok")
    suite.set("failures", str(fails))
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)


def table(summary):
    rows = []
    for t in summary["tests"]:
        subs = t["subtests"]
        detail = t.get("directive", "")
        if subs:
            bad = sum(1 for s in subs if s["outcome"] == "fail")
            detail = ("%d/%d subtests passed" % (len(subs) - bad, len(subs))
                      + ("; " + detail if detail else ""))
        rows.append((t["name"], t["outcome"].upper(), detail))
    width = max([len(r[0]) for r in rows] + [4])
    out = ["%-*s  %-7s  %s" % (width, "test", "result", "detail")]
    out += ["%-*s  %-7s  %s" % (width, n, o, d[:70]) for n, o, d in rows]
    return "\n".join(out)


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: verdict.py RUNDIR\n")
        return 2
    rundir = argv[1]
    summary, tap, tests = judge(rundir)
    timings = read_env(os.path.join(rundir, "timings.env"))
    if timings:
        summary["timings"] = timings
    with open(os.path.join(rundir, "kselftest.tap"), "w") as f:
        f.write(tap)
    write_junit(os.path.join(rundir, "junit.xml"), summary, tests)
    with open(os.path.join(rundir, "summary.json"), "w") as f:
        json.dump(summary, f, indent=2)
        f.write("\n")
    print(table(summary))
    print("verdict: %s (exit %d)%s" % (
        summary["verdict"], summary["exit_code"],
        "".join("\n  - " + r for r in summary["reasons"][:20])))
    return summary["exit_code"]


if __name__ == "__main__":
    sys.exit(main(sys.argv))
