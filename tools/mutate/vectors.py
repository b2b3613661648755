#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The vectors file as requests for tools/testbed's pi-vectors and the
answers the kernel code must give, for the mutation runner.

Usage: vectors.py VECTORS_FILE REQUESTS EXPECTED

REQUESTS: one "TYPE BASE NEWLINE HEX" line per vector that holds for a
64-bit long (the host's), as tools/tests/test-testbed-vectors.py sends
them.  EXPECTED: one "LINENO RET VALUE" line each, in the same order,
VALUE as pi-vectors prints the kernel's (64-bit two's complement, "-").
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))
sys.dont_write_bytecode = True      # keep the source tree clean

import parse_integer_model as m  # noqa: E402

LONG_BITS = 64


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    vectors = [v for v in m.parse_vectors(argv[1])
               if not v.error and LONG_BITS in m.vector_widths(v)]
    with open(argv[2], "w") as req, open(argv[3], "w") as exp:
        for v in vectors:
            req.write("%s %d %d %s\n" % (v.type, v.base, v.flags == "n",
                                         v.input.hex() or "-"))
            value = "-" if v.value is None else str(v.value % (1 << 64))
            exp.write("%d %d %s\n" % (v.lineno, v.ret, value))
    return 0 if vectors else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
