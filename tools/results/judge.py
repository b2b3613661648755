# SPDX-License-Identifier: GPL-2.0
"""Judge one guest run: the run's verdict from the VM's status, the TAP,
the module verdicts and the kernel log, by the tables below."""

import json
import os
import re

from parse import (read, read_env, parse_tap, module_verdicts,
                   kunit_results, log_problems, boot_account, KMSG)

# verdict -> exit code of `make run` (README "Results and exit codes").
EXIT = {"passed": 0, "tests-failed": 1, "infra-error": 2, "panic": 3,
        "hung": 4}
# The VM's status (qemu.env, tools/run/guest.sh) -> verdict and reason;
# "finished" is judged by the tests.
VM_STATUS = {
    "hung": ("hung", "no verdict from the guest within {timeout}s"),
    "panic": ("panic", "guest panicked"),
    "reset": ("panic", "guest reset without a verdict"),
    # tools/run/tested-series.sh refused the tree or the kernel: nothing
    # booted.
    "not-tested": ("infra-error", "not tested: {reason}"),
}
# Outcomes that fail a run; and how each outcome is counted.
FAILING = ("fail", "timeout")
COUNTED_AS = {"pass": "pass", "xfail": "pass", "skip": "skip",
              "fail": "fail", "timeout": "fail"}
KERNEL_LOG_CHECK = "kernel-log:no oops/panic/WARN/BUG/sanitizer report"


# A module's own lines that are not a failing case.
MODULE_CHATTER = re.compile(
    r": (loaded\.|unloaded|loading test module taints|inject_failure set|"
    r"all \d+ tests passed|failed \d+ out of \d+ tests|skipped \d+ tests|"
    r"remaining \d+ tests passed)")


def failures_of(test, log=""):
    """What a person needs to see of a failed result: its failing
    subtests as TAP lines, or, for a test module's dmesg verdict, the
    module's failing case lines from the kernel log."""
    if test["outcome"] not in FAILING:
        return []
    if test["name"] == KERNEL_LOG_CHECK:
        return list(test.get("output", []))
    lines = ["not ok %d %s%s" % (s["number"], s["name"],
                                 " # " + s["directive"] if s["directive"]
                                 else "")
             for s in test["subtests"] if s["outcome"] in FAILING]
    if test["name"].startswith("dmesg:"):
        module = test["name"][len("dmesg:"):]
        mine = re.compile(r"^\[\s*[\d.]+\] %s: " % re.escape(module))
        lines += [KMSG.sub("", l) for l in log.splitlines()
                  if mine.match(l) and not MODULE_CHATTER.search(l)]
    elif not lines:
        # A kselftest that failed without a failing subtest: what it
        # printed last.
        lines = [l for l in test.get("output", [])
                 if l.strip() and not l.startswith("selftests: ")][-3:]
    # (A module loaded several times says the same again.)
    return list(dict.fromkeys(lines))


SKIP_PLAN = re.compile(r"^1\.\.0\s*#\s*SKIP\s*(.*)$")
SKIP_LINE = re.compile(r"^(.*?)\s*\[SKIP\]$")


def skip_reason(test):
    """Why a kselftest skipped, from what it printed: a "1..0 # SKIP
    why" plan or kselftest's "name: why [SKIP]" line ("" if neither)."""
    for line in test.get("output", []):
        m = SKIP_PLAN.match(line) or SKIP_LINE.match(line)
        if m:
            return m.group(1)
    return ""


def _strip_output(tests):
    return [dict((k, _strip_output(v) if k == "subtests" else v)
                 for k, v in t.items() if k != "output") for t in tests]


def count(tests):
    """{"pass": n, "fail": n, "skip": n} of a list of results."""
    c = {"pass": 0, "fail": 0, "skip": 0}
    for t in tests:
        c[COUNTED_AS.get(t["outcome"], "fail")] += 1
    return c


def decide(vm, tests, checks):
    """(verdict, exit code, reasons) from the VM's status (a dict with
    "status" and "timeout"), the kselftest results and the cross-checks."""
    status = vm.get("status", "missing")
    reasons = []
    if status in VM_STATUS:
        verdict, reason = VM_STATUS[status]
        reasons.append(reason.format(timeout=vm.get("timeout", "?"),
                                     reason=vm.get("reason", "?")))
    elif status != "finished":
        verdict = "infra-error"
        reasons.append("VM status %s" % status)
    elif not tests:
        verdict = "infra-error"
        reasons.append("the guest reported no kselftest result")
    else:
        failed = [t for t in tests + checks if t["outcome"] in FAILING]
        verdict = "tests-failed" if failed else "passed"
        reasons += ["%s: %s" % (t["name"], t["outcome"]) for t in failed]
    return verdict, EXIT[verdict], reasons


def read_series(path):
    """The series the run's tree holds (tools/run/tested-series.sh's
    lines: commit, patch-id or "generated", subject)."""
    series = []
    for line in read(path).splitlines():
        commit, patch_id, subject = (line.split(" ", 2) + ["", ""])[:3]
        series.append({"commit": commit, "patch_id": patch_id,
                       "subject": subject})
    return series


def summarize(rundir, vm, tests, checks, **more):
    """A run's summary: its verdict (decide), the VM's status, meta.env,
    every result (without its output), the stage timings, and MORE."""
    verdict, exit_code, reasons = decide(vm, tests, checks)
    summary = {
        "run_id": os.path.basename(os.path.abspath(rundir)),
        "verdict": verdict,
        "exit_code": exit_code,
        "reasons": reasons,
        "vm": vm,
        "meta": read_env(os.path.join(rundir, "meta.env")),
        "series": read_series(os.path.join(rundir, "series.txt")),
        "tests": _strip_output(tests + checks),
    }
    summary.update(more)
    timings = read_env(os.path.join(rundir, "timings.env"))
    if timings:
        summary["timings"] = timings
    coverage = read_coverage(os.path.join(rundir, "coverage", "summary.json"))
    if coverage:
        summary["coverage"] = coverage
    return summary


def read_coverage(path):
    """make COVERAGE=1 (tools/run/coverage.sh): per file of the code under
    test, [hit, total] of lines, branches and functions; none without."""
    try:
        with open(path) as f:
            rows = json.load(f)
    except (OSError, ValueError):
        return None
    return [{k: r[k] for k in ("file", "lines", "branches", "functions")}
            for r in rows]


def kunit_checks(log):
    """A check "kunit:SUITE" for each KUnit suite of the kernel log (its
    cases as subtests), and a failed one for each suite of the plan that
    never reported."""
    plan, suites = kunit_results(log)
    checks = [dict(s, name="kunit:%s" % s["name"]) for s in suites]
    for n in range(len(suites) + 1, (plan or 0) + 1):
        checks.append({"name": "kunit:suite %d (never reported)" % n,
                       "outcome": "fail", "directive": "not run",
                       "subtests": [], "output": []})
    return checks


def judge(rundir):
    """(summary, tap text, results with their output) of a run directory
    left by tools/run/guest.sh."""
    qemu = read_env(os.path.join(rundir, "qemu.env"))
    tap = read(os.path.join(rundir, "tap.log"))
    console = read(os.path.join(rundir, "console.log"))
    dmesg = read(os.path.join(rundir, "dmesg.log"))
    plan, tests = parse_tap(tap)
    modules = module_verdicts(dmesg or console)
    # The console shows what the guest printed up to a panic; dmesg.log
    # has every level, including what loglevel= kept off the console
    # (such as lkdtm's "Performing direct entry"): what it excuses, the
    # console's copy of the same line is excused too.
    problems, excused = log_problems(dmesg)
    more, _ = log_problems(console)
    problems += [p for p in more if p not in problems and p not in excused]

    if plan is not None and len(tests) < plan:
        for n in range(len(tests) + 1, plan + 1):
            tests.append({"number": n, "name": "test %d (never reported)" % n,
                          "outcome": "fail", "directive": "not run",
                          "subtests": [], "output": []})
    # Cross-checks: each module's own verdict, each KUnit suite built
    # into the kernel (6.12), and a clean kernel log.
    checks = [{"name": "dmesg:%s" % m["module"],
               "outcome": "pass" if m["passed"] else "fail",
               "directive": m["detail"], "subtests": [], "output": []}
              for m in modules]
    checks += kunit_checks(dmesg or console)
    checks.append({"name": KERNEL_LOG_CHECK,
                   "outcome": "fail" if problems else "pass",
                   "directive": problems[0] if problems else "",
                   "subtests": [], "output": problems})
    if qemu.get("status") == "not-tested":
        checks = []     # nothing booted: no kernel log to pass
    for t in tests + checks:
        t["failures"] = failures_of(t, dmesg or console)
        if t["outcome"] == "skip" and t["directive"].upper() == "SKIP":
            reason = skip_reason(t)
            if reason:
                t["directive"] = "SKIP: " + reason

    summary = summarize(rundir, qemu, tests, checks,
                        tap_plan=plan, module_verdicts=modules,
                        console_problems=problems,
                        excused_lkdtm_crashes=excused)
    boot, analyze = boot_account(dmesg)
    if boot:
        summary["boot"] = dict(boot, systemd_analyze=analyze)
    return summary, tap, tests + checks
