#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
# host-test: needs-tree (not in make check)
"""Host test: the vectors file is the spec of parse_integer(); hold ref.c's
model and the patched kernel code, built for the host by tools/testbed,
to every vector that applies to a 64-bit long (the host's).

Usage: test-testbed-vectors.py [VECTORS_FILE]

One TAP line per vector: ok when both give the vector's return value and
value; not ok naming which one differs. In the guest the same file
drives the module through sysfs (selftests/lib/parse_integer.sh); here
a wrong vector or a model bug shows in about a second, before any boot.
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True      # keep the source tree clean

import parse_integer_model as m  # noqa: E402
from tap import Tap  # noqa: E402

REPO = os.path.dirname(os.path.dirname(HERE))
BUILD = os.environ.get("BUILD", os.path.join(REPO, "build"))
TREE = os.environ.get("TREE", os.path.join(BUILD, "linux"))
PROGRAM = os.path.join(BUILD, "testbed", "host", "pi-vectors")
LONG_BITS = 64


def expected(v):
    value = "-" if v.value is None else str(v.value % (1 << 64))
    return "%d %s" % (v.ret, value)


def main(argv):
    path = argv[1] if len(argv) > 1 else os.path.join(
        REPO, "selftests", "lib", "parse_integer.vectors")
    if not os.path.isdir(os.path.join(TREE, ".git")):
        print("1..0 # SKIP no prepared tree at %s" % TREE)
        return 0
    build = subprocess.run(
        ["make", "--no-print-directory", "-C",
         os.path.join(REPO, "tools", "testbed"), "BUILD=" + BUILD,
         "TREE=" + TREE, "pi-vectors"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    tap = Tap()
    tap.check(build.returncode == 0, "tools/testbed builds pi-vectors",
              build.stdout.strip().splitlines()[-1:] and
              build.stdout.strip().splitlines()[-1])
    if build.returncode:
        return tap.emit()
    vectors = [v for v in m.parse_vectors(path)
               if not v.error and LONG_BITS in m.vector_widths(v)]
    requests = "".join("%s %d %d %s\n" % (
        v.type, v.base, v.flags == "n", v.input.hex() or "-")
        for v in vectors)
    run = subprocess.run([PROGRAM], input=requests, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    answers = run.stdout.splitlines()
    tap.check(run.returncode == 0 and len(answers) == len(vectors),
              "pi-vectors answers each of the %d vectors" % len(vectors),
              run.stderr.strip())
    for v, a in zip(vectors, answers):
        want = expected(v)
        f = a.split()
        got = {"ref.c": " ".join(f[:2]), "the kernel code": " ".join(f[2:])}
        wrong = ["%s gives %s" % (who, g) for who, g in got.items()
                 if g != want]
        tap.check(not wrong, "line %d: %s %d %s %s: ref.c and the kernel "
                  "code agree with the file" % (v.lineno, m.type_token(v),
                                                v.base, v.flags, v.token),
                  "line %d: expected %s; %s" % (v.lineno, want,
                                                "; ".join(wrong)))
    return tap.emit()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
