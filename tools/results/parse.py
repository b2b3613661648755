# SPDX-License-Identifier: GPL-2.0
"""Parse a guest run's raw evidence: kselftest TAP / KTAP (nested), the
test modules' dmesg verdict lines and problem lines of the kernel log."""

import os
import re

# The description ends at the first "#" that no backslash escapes (a
# vector's token may hold "\#"): what follows is the directive.
RESULT = re.compile(
    r"^(not )?ok (\d+)\s*-?\s*((?:[^#\\]|\\.)*?)\s*(?:#\s*(.*))?$")
PLAN = re.compile(r"^1\.\.(\d+)")
# The KSTM verdict lines of lib/test_*.c modules.
MODULE_VERDICT = re.compile(
    r"\b(\w+): (?:all (\d+) tests passed|failed (\d+) out of (\d+) tests)")
# Kernel log lines that mean something went wrong even if every test said
# ok: the guest's list (it makes the same check itself for LAVA).
PROBLEMS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                             "..", "guest", "kernel-log-problems")
with open(PROBLEMS_FILE) as _f:
    PROBLEMS = re.compile("|".join(
        l.strip() for l in _f if l.strip() and not l.startswith("#")))
KMSG = re.compile(r"^\[\s*\d+\.\d+\] ")
# A crash LKDTM provokes on purpose (make SANITIZE=1 runs its fortify
# tests) is judged by its kselftest, which looks for the expected report:
# the kernel-log check excuses the reports from "Performing direct entry"
# to the end of that trace, and the kmemleak objects the crashed test
# allocated (a backtrace through lkdtm_<TEST>). "lkdtm: FAIL" is never
# excused: a test that went on after its crash point found a bug.
LKDTM_ENTRY = re.compile(r"lkdtm: Performing direct entry (\w+)")
TRACE_END = re.compile(r"---\[ end trace ")
# lib:parse_integer_faults.sh fails its own task's allocations on purpose;
# the kernel reports some failures with a stack dump (warn_alloc()): such
# a report of that task (comm "parse_integer_f") is excused up to the
# end of its dump. (tools/guest/results.awk: the same rule.)
INJECTED_ALLOC_FAILURE = re.compile(
    r"\] parse_integer_f: (vmalloc error|page allocation failure):")
DUMP_END = re.compile(r"</TASK>")
KMEMLEAK_OBJECT = re.compile(r"kmemleak report: unreferenced object ")
KMEMLEAK_NEW = re.compile(r"kmemleak: (\d+) new suspected memory leak")


def read(path):
    """A file's text (empty if missing), without carriage returns."""
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


def fail_on_nested(test, top=True):
    """A result that passed while a subtest failed fails: kselftest's
    runner says "ok" for a script that exits 0, whatever TAP the script
    printed. The directive says so ("exited 0 but reported 1 failing
    subtest"); returns the test."""
    bad = sum(1 for s in test["subtests"] if s["outcome"] in ("fail",
                                                               "timeout"))
    if test["outcome"] == "pass" and bad:
        test["outcome"] = "fail"
        test["directive"] = "%s but reported %d failing subtest%s%s" % (
            "exited 0" if top else "ok", bad, "s" if bad > 1 else "",
            "; " + test["directive"] if test["directive"] else "")
    return test


def _nested(line):
    """A line of a nested test's output, with its nesting removed: "# "
    (kselftest's runner) or four spaces (KTAP subtests); else None."""
    if line.startswith("#"):
        return line[1:].lstrip(" ") if line != "#" else ""
    if line.startswith("    "):
        return line[4:]
    return None


def parse_tap(text, top=True):
    """(plan, tests): each test a dict of number, name, outcome, directive,
    its nested results (subtests, parsed the same way, any depth) and its
    output lines. At the top, kselftest's "selftests: lib: x.sh" becomes
    "lib:x.sh"; run_kselftest.sh starts a TAP document (version, plan)
    for each collection, so the plan is the sum of their plans."""
    plan = None
    tests = []
    pending = []          # output lines of the test now running
    for raw in text.splitlines():
        line = raw.rstrip()
        inner = _nested(line)
        if inner is not None:
            pending.append(inner)
            continue
        m = PLAN.match(line)
        if m:
            plan = (plan or 0) + int(m.group(1))
            continue
        m = RESULT.match(line)
        if not m:
            continue
        _, subtests = parse_tap("\n".join(pending), top=False)
        name = m.group(3).replace("\\#", "#")
        if top:
            name = re.sub(r"^selftests:\s*", "", name).replace(": ", ":")
        tests.append(fail_on_nested({
            "number": int(m.group(2)),
            "name": name,
            "outcome": outcome_of(m.group(1), m.group(4)),
            "directive": m.group(4) or "",
            "subtests": subtests,
            "output": pending,
        }, top))
        pending = []
    return plan, tests


KTAP_VERSION = re.compile(r"^KTAP version \d+$")


def kunit_results(log):
    """(plan, suites) of the KUnit suites the kernel ran, from the KTAP
    they printed to the kernel log ((None, []) when none ran). The
    built-in suites print one KTAP document at boot, and each test module
    one more when it is loaded: the plan is the sum of their plans, and
    each suite a result as parse_tap gives it, its cases as subtests."""
    lines = [KMSG.sub("", l.rstrip()) for l in log.splitlines()
             if KMSG.match(l)]
    starts = [i for i, l in enumerate(lines) if KTAP_VERSION.match(l)]
    if not starts:
        return None, []
    total, found = 0, []
    for start, end in zip(starts, starts[1:] + [len(lines)]):
        plan, suites = parse_tap("\n".join(lines[start:end]), top=False)
        # A document's suites are numbered 1..plan; what follows is the
        # rest of the kernel's log.
        n = 0
        while n < min(len(suites), plan or 0) and suites[n]["number"] == n + 1:
            n += 1
        total += plan or 0
        found += suites[:n]
    return total, found


TESTS_START = re.compile(r"kstring: tests start ([\d.]+)s after the kernel")
ANALYZE = re.compile(r"kstring: systemd-analyze: (.*)$")


def boot_account(dmesg):
    """What the guest said of its boot: ({"tests_start": seconds from
    the kernel's start to the first test}, systemd-analyze's lines: its
    time, then the top of its blame)."""
    m = TESTS_START.search(dmesg)
    boot = {"tests_start": float(m.group(1))} if m else {}
    return boot, [b.group(1).strip() for b in
                  (ANALYZE.search(l) for l in dmesg.splitlines()) if b]


def module_verdicts(dmesg):
    """The last verdict line of each test module."""
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
    crash LKDTM provoked (see LKDTM_ENTRY) or of an allocation failure
    injected on purpose (INJECTED_ALLOC_FAILURE): (problems, excused)."""
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
            window = None
        if window and PROBLEMS.search(line) and "lkdtm: FAIL" not in line:
            excused.add(i)
    injected = False
    for i, line in enumerate(lines):
        injected = injected or bool(INJECTED_ALLOC_FAILURE.search(line))
        if injected:
            excused.add(i)
            injected = not DUMP_END.search(line)
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
            if any(re.search(r"\blkdtm_%s\+" % t, lines[i])
                   for i in o for t in crashed)]
    for o in ours:
        excused.update(o)
    # The scans' counts are excused only when every leak they counted is
    # one of these.
    if ours and len(ours) == len(objects) == leaks:
        excused.update(i for i, l in enumerate(lines)
                       if KMEMLEAK_NEW.search(l))
    problems = [l for i, l in enumerate(lines)
                if PROBLEMS.search(l) and i not in excused]
    return problems, [lines[i] for i in sorted(excused)
                      if PROBLEMS.search(lines[i])]
