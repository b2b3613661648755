#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# host-test: needs-tree (it needs LAVA's dispatcher, which make test installs before these)
"""Host test: the job's monitor (tools/lava/job-qemu.yaml) and LAVA's
console logger together leave the guest's end marker where
tools/results/lava.py reads it, however the serial console splits it.

lava-run logs console lines as "target" records through its ShellLogger,
a line once its newline is read. When the monitor's end pattern matched
before the marker's line end had arrived, the job's read-feedback step
read the rest and the marker was logged as "feedback": the run was an
infrastructure error ("no end marker from the guest; LAVA: job pass"),
as a CI run on a loaded machine was.

Here a shell under pexpect (as lava-run's QEMU) prints a results block
and holds back the end marker's line end for two seconds; LAVA's own
ShellLogger logs what pexpect reads, the job's patterns are expected in
the monitor's order, a read-feedback follows, and lava.py judges the
records. The job's end pattern as it was, without the line end, must
lose the marker: the check that this harness reproduces the failure.
"""

import json
import os
import re
import signal
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tools", "results"))

from tap import Tap  # noqa: E402

LINE_END = r"\r*\n"
BLOCK = ("some boot noise\r\r\nKSTRING-LAVA-BEGIN\r\r\n"
         "KSTRING-RESULT pass lib:a.sh\r\r\n"
         "KSTRING-RESULT fail lib:b.sh\r\r\n"
         "KSTRING-RESULT fail verdict\r\r\n"
         "KSTRING-LAVA-END pass=1 fail=2 skip=0")


class Records:
    """The logger lava-run's ShellLogger writes to, as lava.log lines."""

    def __init__(self):
        self.lines = []

    def add(self, lvl, msg):
        self.lines.append(json.dumps({"lvl": lvl, "msg": msg}))

    def target(self, line):
        self.add("target", line)

    def feedback(self, line, namespace=None):
        self.add("feedback", line)


def monitor_patterns():
    """start, end and pattern of the job's kstring monitor."""
    import yaml
    found = {}
    with open(os.path.join(ROOT, "tools", "lava", "job-qemu.yaml")) as f:
        for line in f:
            m = re.match(r"^\s+(start|end|pattern): (.*)$", line)
            if m:
                found[m.group(1)] = yaml.safe_load(m.group(2))
    return found


def run_job(patterns, held_back):
    """Run the monitor over a console that prints BLOCK, the end
    marker's line end HELD_BACK seconds later; what lava.py reads of the
    records: (status, reason, end counts)."""
    import pexpect
    from lava_dispatcher.shell import ShellLogger
    import lava

    records = Records()
    script = "printf '%s'; sleep %s; printf '\\r\\r\\n'; sleep 5" % (
        BLOCK, held_back)
    console = pexpect.spawn("/bin/sh", ["-c", script], encoding="utf-8",
                            codec_errors="replace", timeout=10)
    logger = ShellLogger(records)
    logger.namespace = None
    console.logfile_read = logger
    console.expect(patterns["start"])
    # The monitor's order: end first, then a result (lava_dispatcher's
    # actions/test/monitor.py).
    expect = [pexpect.EOF, pexpect.TIMEOUT, patterns["end"],
              patterns["pattern"]]
    while True:
        i = console.expect(expect, timeout=10)
        if i != 3:
            break
        m = console.match.groupdict()
        records.add("results", {"definition": "kstring",
                                 "result": m["result"],
                                 "extra": {"test_case_id":
                                           m["test_case_id"].strip()}})
    # finalize's read-feedback: what is read now is logged as feedback.
    logger.is_feedback = True
    console.expect([".+", pexpect.EOF, pexpect.TIMEOUT], timeout=4)
    logger.is_feedback = False
    # End the console as lava-run ends QEMU, then reap it: close(force)
    # alone gives the child 0.1 s a signal and raised "Could not
    # terminate the child" on a loaded machine.
    try:
        os.killpg(console.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass  # (it ended by itself)
    console.wait()
    console.close()
    records.add("results", {"case": "job", "definition": "lava",
                            "result": "pass" if i == 2 else "fail"})
    with tempfile.NamedTemporaryFile("w", suffix=".log") as f:
        f.write("\n".join(records.lines) + "\n")
        f.flush()
        read = lava.read(f.name)
    status, why = lava.status_of(read)
    return status, why, read["end"]


def judged(patterns, held_back):
    """run_job, or why it could not run (the check fails, saying so)."""
    try:
        return run_job(patterns, held_back)
    except Exception as e:  # noqa: BLE001 (any failure is the check's)
        return "no run", "%s: %s" % (type(e).__name__, e), None


def main():
    t = Tap()
    try:
        import lava_dispatcher.shell  # noqa: F401
    except ImportError:
        print("TAP version 13\n1..4")
        for n in range(1, 5):
            print("ok %d - # SKIP lava-dispatcher is not installed "
                  "(make lava-deps)" % n)
        return 0
    job = monitor_patterns()
    t.check(job.get("end", "").endswith(LINE_END),
            "the job's end pattern waits for the marker's line end",
            "end: %r" % job.get("end"))
    status, why, end = judged(job, 0)
    t.check((status, end) == ("finished", (1, 2, 0)),
            "an end marker printed whole: lava.py reads 1 pass, 2 fail",
            "got %s %s %s" % (status, why, end))
    status, why, end = judged(job, 2)
    t.check((status, end) == ("finished", (1, 2, 0)),
            "an end marker whose line end comes 2 s later: lava.py reads it",
            "got %s %s %s" % (status, why, end))
    old = dict(job, end=job.get("end", "")[:-len(LINE_END)])
    status, why, end = judged(old, 2)
    t.check(status == "lava-error" and "logged as feedback" in (why or ""),
            "control: the end pattern without the line end loses that "
            "marker to feedback (LAVA's job passes, the run is an "
            "infrastructure error)",
            "got %s %s %s" % (status, why, end))
    return t.emit()


if __name__ == "__main__":
    sys.exit(main())
