# SPDX-License-Identifier: GPL-2.0
"""A LAVA job's results (tools/lava/run.sh): read what lava-run logged,
judge it as a guest run is judged, and compare it with a guest run.

The guest, booted with kstring.console=lava, prints its results on the
console (tools/guest/results.awk); the job's monitor turns each
"KSTRING-RESULT <result> <name>" line into a LAVA test case, whose
extra.test_case_id keeps the name. lava-run writes one log record a line
(a YAML flow mapping; the records read here are plain JSON)."""

import json
import os
import re

from parse import TESTS_START, boot_account, read_env
from judge import COUNTED_AS, EXIT, KERNEL_LOG_CHECK, failures_of, summarize

SUITE = "kstring"                      # the job's monitor name
NESTED = re.compile(r"^(\S+) #(\d+) ?(.*)$")
END = re.compile(r"KSTRING-LAVA-END pass=(\d+) fail=(\d+) skip=(\d+)")
CHECK_PREFIXES = ("dmesg:", "kernel-log:")
GUEST_VERDICT = "verdict"             # the guest's own pass/fail of the run
# A tag LAVA's YAML writer puts on some values: "starttc": ! "1280".
YAML_TAG = re.compile(r'(?<=[:,\[] )! (?=")')


def records(path):
    """LAVA's log records (dicts) from a log file: lava-run's, one record
    a line, or a lab's stored job log (`lavacli jobs logs --raw N`),
    where each record is a YAML list item, "- {...}"."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("- {"):
                line = line[2:]
            if not line.startswith("{"):
                continue
            try:
                yield json.loads(YAML_TAG.sub("", line))
            except ValueError:
                continue


def result_lines(tests):
    """The "KSTRING-RESULT" lines the guest prints for judged results
    (judge.judge's list): what tools/guest/results.awk must agree with."""
    lines = []
    for t in tests:
        lines.append("KSTRING-RESULT %s %s" % (lava_result(t), t["name"]))
        for s in t["subtests"]:
            lines.append("KSTRING-RESULT %s %s #%d %s" % (
                lava_result(s), t["name"], s["number"], s["name"][:60]))
    failed = any(" fail " in l for l in lines)
    lines.append("KSTRING-RESULT %s %s" % ("fail" if failed else "pass",
                                          GUEST_VERDICT))
    return lines


def lava_result(test):
    return COUNTED_AS.get(test["outcome"], "fail")


def read(path):
    """What a lava-run log says: {"tests": results as judge.judge lists
    them, "end": the guest's end-marker counts or None, "recorded": the
    number of result records, "job": LAVA's job result, "errors": LAVA's
    error messages, "panic": a kernel panic on the console, "timeout":
    the monitor timed out, "late_end": the end marker was logged only
    as feedback, "details": the guest's KSTRING-DETAIL lines, "boot":
    when the tests started (parse.boot_account)}."""
    tests, errors, details = [], [], []
    by_name = {}
    end = job = None
    recorded = 0
    panic = timeout = late_end = False
    boot = ""
    for r in records(path):
        msg = r.get("msg")
        lvl = r.get("lvl")
        if lvl == "results" and isinstance(msg, dict):
            if msg.get("definition") == SUITE:
                recorded += 1
                name = (msg.get("extra") or {}).get("test_case_id", "")
                res = msg.get("result")
                m = NESTED.match(name)
                if m and m.group(1) in by_name:
                    by_name[m.group(1)]["subtests"].append({
                        "number": int(m.group(2)), "name": m.group(3),
                        "outcome": res, "directive": "", "subtests": []})
                else:
                    t = {"name": name, "outcome": res, "directive": "",
                         "subtests": []}
                    by_name[name] = t
                    tests.append(t)
            elif msg.get("case") == "job":
                job = msg.get("result")
        elif lvl == "target" and isinstance(msg, str):
            m = END.search(msg)
            if m:
                end = tuple(int(x) for x in m.groups())
            if "KSTRING-DETAIL " in msg:
                details.append(msg.split("KSTRING-DETAIL ", 1)[1].strip())
            if "Kernel panic" in msg:
                panic = True
            if TESTS_START.search(msg):
                boot = TESTS_START.search(msg).group(0)
        elif lvl == "feedback" and isinstance(msg, str) and END.search(msg):
            late_end = True     # read after the monitor had stopped
        elif lvl in ("error", "exception") and isinstance(msg, str):
            errors.append(msg)
        if isinstance(msg, str) and "lava-test-monitor timed out" in msg:
            timeout = True
    return {"tests": tests, "end": end, "recorded": recorded, "job": job,
            "errors": errors, "panic": panic, "timeout": timeout,
            "late_end": late_end, "details": details, "boot": boot_account(boot)[0]}


def status_of(lava):
    """The run's VM status (the names judge.VM_STATUS uses) and a reason
    when the guest's results block did not arrive whole."""
    if lava["end"] is None:
        if lava["panic"]:
            return "panic", None
        if lava["timeout"]:
            return "hung", None
        if lava["late_end"]:
            return "lava-error", (
                "no end marker from the guest while LAVA's monitor ran: it "
                "was read after, and logged as feedback; the job's end "
                "pattern must take the line end (tools/lava/job-qemu.yaml)")
        return "lava-error", ("no end marker from the guest; LAVA: %s" %
                              ("; ".join(lava["errors"][:3]) or
                               "job %s" % lava["job"]))
    if sum(lava["end"]) != lava["recorded"]:
        return "lava-error", ("LAVA recorded %d results, the guest printed "
                              "%d" % (lava["recorded"], sum(lava["end"])))
    return "finished", None


def judge(rundir, timeout="?"):
    """(summary, results) of a LAVA run directory (lava.log, meta.env)."""
    lava = read(os.path.join(rundir, "lava.log"))
    status, why = status_of(lava)
    vm = {"status": status, "lava_job": lava["job"] or "none",
          "timeout": timeout}
    vm.update(read_env(os.path.join(rundir, "lava.env")))
    # The guest's details (results.awk): the first kernel-log problem,
    # why a test failed although it exited 0 ("KSTRING-DETAIL <test>:
    # exited 0 but reported 1 failing subtest") and why one skipped
    # ("<test>: SKIP: module test_x is not found").
    for t in lava["tests"]:
        prefix = ("kernel-log: " if t["name"] == KERNEL_LOG_CHECK
                  else t["name"] + ": ")
        found = [d for d in lava["details"] if d.startswith(prefix)]
        # (A module's verdict says what it counted, passing or not.)
        if found and (t["outcome"] in ("fail", "skip") or
                      t["name"].startswith("dmesg:")):
            t["directive"] = (found[0] if t["name"] == KERNEL_LOG_CHECK
                              else found[0][len(prefix):])
        # A failing subtest's message: "<test> #<n>: expected ... got".
        for sub in t["subtests"]:
            mine = "%s #%d: " % (t["name"], sub["number"])
            found = [d for d in lava["details"] if d.startswith(mine)]
            if found and sub["outcome"] == "fail":
                sub["directive"] = found[0][len(mine):]
        t["failures"] = failures_of(t)
    guest = [t["outcome"] for t in lava["tests"] if t["name"] == GUEST_VERDICT]
    results = [t for t in lava["tests"] if t["name"] != GUEST_VERDICT]
    kselftests = [t for t in results
                  if not t["name"].startswith(CHECK_PREFIXES)]
    checks = [t for t in results if t["name"].startswith(CHECK_PREFIXES)]
    summary = summarize(rundir, vm, kselftests, checks,
                        lava={"recorded": lava["recorded"],
                              "end_marker": lava["end"],
                              "errors": lava["errors"][:10]},
                        console_problems=[
                            d[len("kernel-log: "):] for d in lava["details"]
                            if d.startswith("kernel-log: ")])
    if why:
        summary["reasons"].insert(0, why)
    # The guest's own verdict must be the one judged from its results.
    if status == "finished" and guest != [
            "pass" if summary["verdict"] == "passed" else "fail"]:
        summary["verdict"], summary["exit_code"] = "infra-error", EXIT[
            "infra-error"]
        summary["reasons"].insert(0, "the guest's verdict %s disagrees "
                                  "with its results" % (guest or "missing"))
    summary["lava"]["guest_verdict"] = guest[0] if guest else None
    if lava["boot"]:
        summary["boot"] = lava["boot"]
    return summary, results


def compare(a, b, label):
    """TAP: does run b (its summary) give every result of run a the same
    outcome (as LAVA counts them), subtest by subtest, and no other?"""
    def index(summary):
        out = {}
        for t in summary["tests"]:
            out[t["name"]] = (COUNTED_AS.get(t["outcome"], "fail"),
                              {s["number"]: COUNTED_AS.get(s["outcome"], "fail")
                               for s in t["subtests"]})
        return out
    ia, ib = index(a), index(b)
    checks = []
    for name, (res, subs) in ia.items():
        got = ib.get(name)
        if got is None:
            checks.append(("%s: %s (missing)" % (name, res), False))
            continue
        diff = sorted(n for n in set(subs) | set(got[1])
                      if subs.get(n) != got[1].get(n))
        checks.append(("%s: %s, %d subtests (got %s, %d subtests%s)" % (
            name, res, len(subs), got[0], len(got[1]),
            ", differing: %s" % diff[:5] if diff else ""),
            res == got[0] and not diff))
    for name in ib:
        if name not in ia:
            checks.append(("%s: not in %s (extra)" % (name, a["run_id"]),
                           False))
    why = "; ".join(b.get("reasons", [])[:2])
    checks.append(("verdict %s (got %s%s)" % (
        a["verdict"], b["verdict"],
        ": " + why if why and a["verdict"] != b["verdict"] else ""),
        a["verdict"] == b["verdict"]))
    lines = ["TAP version 13", "1..%d" % len(checks)]
    lines += ["%sok %d - %s: %s" % ("" if ok else "not ", i, label, d)
              for i, (d, ok) in enumerate(checks, 1)]
    return "\n".join(lines), all(ok for _, ok in checks)
