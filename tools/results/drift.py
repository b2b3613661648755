# SPDX-License-Identifier: GPL-2.0
"""make drift (tools/qa/drift.sh): one version's result.json from its
logs and its run, and the report table over all versions."""

import glob
import json
import os
import re
import subprocess
import time

from judge import count
from parse import read, read_env

# The pipeline's stages in order, as qa/drift.sh runs them.
STAGES = ["fetch", "tree", "selftests", "kernel", "image", "overlay", "run"]


def result(ver, vdir, rc, t0):
    """VDIR/result.json: how far VER got, and its run's verdict."""
    logs = os.path.join(vdir, "logs")
    failed = read(os.path.join(vdir, "failed-stage")).strip().partition("=")[2]
    where = logs
    if rc != 0 and not failed:
        failed = "fetch"
        where = os.path.join(vdir, "fetch.log")
    # How far it got: the index of the failing stage (those before passed).
    reached = STAGES.index(failed) if failed in STAGES else len(STAGES)
    if rc == 130:
        failed = "interrupted"
    r = {"version": ver, "exit": rc, "failed_stage": failed or None,
         "seconds": round(time.time() - t0), "dir": vdir, "logs": where}

    # applies: the tree and selftests stages; the failing entry by name.
    r["applies"] = None if reached < 1 else reached > 2
    tree = read(os.path.join(logs, "tree.log"))
    # The entry's file name, whatever patch set (6.1, 6.12) it is from.
    m = (re.search(r"error: (?:\S*/)?([^/\s]+) does not apply[^;]*; "
                   r"failing file\(s\): ?(.*)", tree)
         or re.search(r"error: (generator) (?:\S*/)?([^/\s]+) failed", tree))
    if failed == "tree":
        if m and m.group(1) == "generator":
            r["failing_patch"], r["failing_files"] = m.group(2), ""
        elif m:
            r["failing_patch"], r["failing_files"] = (m.group(1),
                                                      m.group(2).strip())
        err = [l for l in tree.splitlines() if ": error: " in l]
        r["tree_error"] = (err or tree.strip().splitlines()
                           or ["no tree log"])[-1]
    # builds: kernel, image and overlay (modules_install, kselftest build).
    r["builds"] = None if reached < 3 else reached > 5
    if failed == "interrupted":     # the stage it stopped in says nothing
        if reached in (1, 2):
            r["applies"] = None
        if reached in (3, 4, 5):
            r["builds"] = None
    r["kernel_release"] = read(os.path.join(
        vdir, "kernel/include/config/kernel.release")).strip() or None

    # The guest: the run this pipeline made or reused (tools/run/run.sh
    # records it in its variant root's results/last-run; VDIR holds one).
    r["verdict"] = None
    results = (glob.glob(os.path.join(vdir, "*", "results", "last-run"))
               or [os.path.join(vdir, "results", "last-run")])[0]
    last = read_env(results)
    rundir = os.path.join(os.path.dirname(results), last.get("run_id", ""))
    summary = os.path.join(rundir, "summary.json")
    if reached >= 6 and last and os.path.exists(summary):
        with open(summary) as f:
            s = json.load(f)
        r.update(verdict=s["verdict"], tests=count(s["tests"]),
                 subtests=count([st for t in s["tests"]
                                 for st in t.get("subtests", [])]),
                 reasons=s.get("reasons", []),
                 run=os.path.realpath(rundir),
                 ksrc_version=s.get("meta", {}).get("ksrc_version"),
                 changes_hash=s.get("meta", {}).get("changes_hash"),
                 accel=s.get("vm", {}).get("accel"),
                 guest_seconds=s.get("vm", {}).get("seconds"))
        r["reused_run"] = last["run_id"] if last.get("reused") == "1" else None
    # Stage times of this pass (VDIR/timings, latest of each).
    t = {}
    for line in read(os.path.join(vdir, "timings")).splitlines():
        f = line.split()
        if len(f) == 3:
            t[f[1]] = float(f[2])
    r["stage_seconds"] = t
    with open(os.path.join(vdir, "result.json"), "w") as f:
        json.dump(r, f, indent=2)


def _yn(v):
    return "-" if v is None else "yes" if v else "NO"


def _dur(s):
    s = int(s)
    return "%dm%02ds" % (s // 60, s % 60)


def report(drift, vdirs):
    """The table (returned, and in DRIFT/report.txt) and report.json;
    the number of versions that failed."""
    rs = []
    for d in vdirs:
        try:
            with open(os.path.join(d, "result.json")) as f:
                rs.append(json.load(f))
        except (OSError, ValueError):
            rs.append({"version": os.path.basename(d), "exit": 130,
                       "failed_stage": "interrupted", "seconds": 0, "dir": d})

    # Disk: each version's own blocks (the shared image counted once, first).
    du = subprocess.run(["du", "-sm", os.path.join(drift, "shared")] + vdirs,
                        capture_output=True, text=True).stdout.splitlines()
    mb = dict((l.split("\t", 1)[1], int(l.split("\t", 1)[0])) for l in du)
    for r in rs:
        r["disk_mb"] = mb.get(r["dir"])

    rows = [("version", "applies", "builds", "verdict", "tests p/f/s (sub)",
             "time", "disk")]
    notes = []
    for r in rs:
        ok = r.get("verdict") == "passed" and r["exit"] == 0
        v = r.get("verdict") or ("not run" if r.get("failed_stage")
                                 != "interrupted" else "interrupted")
        if r.get("reused_run"):
            v += " (reused)"
        t = r.get("tests")
        tests = ("%d/%d/%d (%d)" % (t["pass"], t["fail"], t["skip"],
                 sum(r["subtests"].values())) if t else "-")
        applies = _yn(r.get("applies"))
        if r.get("failing_patch"):
            applies = "NO: " + r["failing_patch"]
        rows.append((r["version"], applies, _yn(r.get("builds")), v, tests,
                     _dur(r["seconds"]), "%s MB" % r.get("disk_mb", "?")))
        if r.get("failed_stage") == "interrupted":
            notes.append("%s: interrupted; logs: %s"
                         % (r["version"], r.get("logs", r["dir"])))
        elif not ok:
            why = r.get("tree_error") or "; ".join(r.get("reasons", [])[:3])
            notes.append("%s: failed at %s%s; logs: %s" % (
                r["version"], r.get("failed_stage") or "run",
                (": " + why) if why else "", r.get("logs", r["dir"])))
        else:
            notes.append("%s: results %s" % (r["version"], r.get("run")))
    w = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w[i]) for i, c in enumerate(row)).rstrip()
             for row in rows]
    failed = sum(1 for r in rs
                 if not (r.get("verdict") == "passed" and r["exit"] == 0))
    lines.append("")
    lines += notes
    lines.append("drift: %d of %d versions passed" % (len(rs) - failed,
                                                       len(rs)))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(drift, "report.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(drift, "report.json"), "w") as f:
        json.dump({"versions": rs, "passed": len(rs) - failed,
                   "failed": failed}, f, indent=2)
    return text, failed
