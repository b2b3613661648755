#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Host stand-in for selftests/lib/parse_integer_feed (FEED= of
parse_integer.sh): answers each "parse PAYLOAD" request with the result
line test_parse_integer would show, from parse_integer_model.py, so that
parse_integer.sh can run without a kernel.  Other files answer "error".

Usage: parse_integer_fake_feed.py DIR   (DIR is ignored), with
FAKE_FEED=MODE in the environment:
  none       every result as the module gives it
  interfere  another writer slips in before every 5th request's result
             (its <seq> is one more than ours), once per request
  always     another writer slips in before every result
  stuck      the 7th request is not counted in <seq>
  value      the 7th request's value is off by one
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True

import parse_integer_model as m  # noqa: E402

LONG_BITS = 64


def main():
    mode = os.environ.get("FAKE_FEED", "none")
    seq = 0
    n = 0
    for line in sys.stdin:
        name, _, payload = line.rstrip("\n").partition(" ")
        if name != "parse":
            print("error fake: no %s" % name, flush=True)
            continue
        n += 1
        typ, base, flags, token = (payload.split(" ", 3) + [""])[:4]
        ret, value = m.parse(typ, int(base), flags,
                             m.decode_input(token) if token else b"",
                             LONG_BITS)
        if value is None:
            value = m.poison(typ, LONG_BITS)
        if mode == "value" and n == 7:
            value += 1
        if not (mode == "stuck" and n == 7):
            seq += 1
        if mode == "always" or (mode == "interfere" and n % 5 == 0):
            seq += 1        # the other writer's request, then ours
        print("ok %d %s %d %s %d %d" % (seq, typ, int(base), flags, ret,
                                         value), flush=True)


main()
