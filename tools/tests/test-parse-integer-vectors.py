#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Host test: check parse_integer.vectors against the Python reference model.

Usage: test-parse-integer-vectors.py [VECTORS_FILE]

Default VECTORS_FILE: <repo>/selftests/lib/parse_integer.vectors, where
<repo> is two levels above this script (<repo>/tools/tests/).

Output is TAP version 13:
  * self-tests of the model (hand-checked cases, so the model can fail too)
  * self-tests of the vectors-file parser (malformed lines are detected)
  * one line per vector of the file: ok when the vector's expectation equals
    the model's result at every width of long the vector applies to (a
    long@N/ulong@N line at N bits only, and it must not hold at the other
    width; an unmarked long/ulong line at 32 and 64 bits), not ok
    (expected vs model) otherwise; a malformed line gives a not ok naming
    the line.
Exit status 0 iff every test passed.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True      # keep the source tree clean

import parse_integer_model as m  # noqa: E402
from tap import Tap  # noqa: E402

REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_VECTORS = os.path.join(REPO, "selftests", "lib",
                               "parse_integer.vectors")

EINVAL, ERANGE = -m.EINVAL, -m.ERANGE
NL = 1 if m.NEWLINE_COUNTED else 0

# Hand-checked model self-tests: (type, base, flags, bytes, ret, value).
# Written independently of the vectors file; value None = untouched.
MODEL_CASES = [
    ("u8", 10, "-", b"255", 3, 255),
    ("u8", 10, "-", b"256", ERANGE, None),
    ("u8", 10, "-", b"-0", EINVAL, None),
    ("s8", 10, "-", b"-128", 4, -128),
    ("s8", 10, "-", b"128", ERANGE, None),
    ("s8", 10, "-", b"-0", 2, 0),
    ("s8", 10, "-", b"+-1", EINVAL, None),
    ("s8", 10, "-", b"-", EINVAL, None),
    ("u32", 0, "-", b"0x1F", 4, 31),
    ("u32", 0, "-", b"0X1f", 4, 31),
    ("u32", 0, "-", b"017", 3, 15),
    ("u32", 0, "-", b"08", 1, 0),
    ("u32", 0, "-", b"0x", 1, 0),
    ("u32", 16, "-", b"0x", 1, 0),
    ("u32", 16, "-", b"0xg", 1, 0),
    ("u32", 16, "-", b"0x10", 4, 16),
    ("u32", 10, "-", b"0x10", 1, 0),
    ("s32", 0, "-", b"-0x10", 5, -16),
    ("u32", 10, "-", b"123abc", 3, 123),
    ("u32", 10, "-", b" 1", EINVAL, None),
    ("u32", 10, "-", b"", EINVAL, None),
    ("u32", 10, "-", b"12\x0034", 2, 12),
    ("u32", 10, "n", b"42\n", 2 + NL, 42),
    ("u32", 10, "n", b"42", 2, 42),
    ("u32", 10, "n", b"42\n\n", EINVAL, None),
    ("u32", 10, "n", b"42x", EINVAL, None),
    ("u32", 10, "n", b"\n", EINVAL, None),
    ("u8", 10, "n", b"256x", EINVAL, None),
    ("u64", 10, "-", b"18446744073709551615", 20, 2**64 - 1),
    ("u64", 10, "-", b"18446744073709551616", ERANGE, None),
    ("u64", 16, "-", b"1" + b"0" * 32, ERANGE, None),
    ("s64", 10, "-", b"-9223372036854775808", 20, -2**63),
    ("s64", 10, "-", b"-18446744073709551616", ERANGE, None),
    ("u8", 2, "-", b"102", 2, 2),
    ("u8", 16, "-", b"fF", 2, 255),
    ("u8", 1, "-", b"0", EINVAL, None),
    ("u8", 17, "-", b"1", EINVAL, None),
    ("u8", 36, "-", b"1", EINVAL, None),
    ("u8", 4096 + 10, "-", b"1", EINVAL, None),
    ("u8", 10, "-", b"0" * 60 + b"1", 61, 1),
    ("u8", 10, "-", b"\xff", EINVAL, None),
]

# The same for long and ulong: (type, long_bits, base, flags, bytes, ret,
# value).
LONG_CASES = [
    ("long", 64, 10, "-", b"-1", 2, -1),
    ("long", 32, 10, "-", b"-1", 2, -1),
    ("ulong", 64, 10, "-", b"-1", EINVAL, None),
    ("ulong", 32, 10, "-", b"-1", EINVAL, None),
    ("long", 32, 10, "-", b"2147483647", 10, 2147483647),
    ("long", 32, 10, "-", b"2147483648", ERANGE, None),
    ("long", 64, 10, "-", b"2147483648", 10, 2147483648),
    ("long", 32, 0, "-", b"-0x80000000", 11, -2**31),
    ("long", 32, 0, "-", b"-0x80000001", ERANGE, None),
    ("long", 64, 0, "-", b"-0x80000001", 11, -2**31 - 1),
    ("long", 64, 10, "-", b"9223372036854775807", 19, 2**63 - 1),
    ("long", 64, 10, "-", b"9223372036854775808", ERANGE, None),
    ("ulong", 32, 16, "-", b"ffffffff", 8, 2**32 - 1),
    ("ulong", 32, 16, "-", b"100000000", ERANGE, None),
    ("ulong", 64, 16, "-", b"100000000", 9, 2**32),
    ("ulong", 64, 8, "-", b"1777777777777777777777", 22, 2**64 - 1),
    ("ulong", 32, 10, "n", b"4294967296\n", ERANGE, None),
]

# (type, long_bits or None, poison)
POISON_CASES = [
    ("u8", None, 165), ("s8", None, -91), ("u16", None, 42405),
    ("s16", None, -23131), ("u32", None, 2779096485),
    ("s32", None, -1515870811), ("u64", None, 11936128518282651045),
    ("s64", None, -6510615555426900571),
    ("ulong", 64, 11936128518282651045), ("long", 64, -6510615555426900571),
    ("ulong", 32, 2779096485), ("long", 32, -1515870811),
]

DECODE_CASES = [
    ('""', b""),
    (r"42\n", b"42\n"),
    (r"\t\s\\", b"\t \\"),
    (r"12\034", b"12\x0034"),
    (r"\xff\x00\x0A", b"\xff\x00\x0a"),
    ("0x1F", b"0x1F"),
    ('a"b', b'a"b'),
]

# (line text, substring expected in the error message)
BAD_LINES = [
    ("u7 10 - 1 1 1", "unknown type"),
    ("int 10 - 1 1 1", "unknown type"),
    (r"u8 10 - 1\q 1 1", "unknown escape"),
    (r"u8 10 - 1\x4 1 1", "bad \\x escape"),
    (r"u8 10 - 1\xzz 1 1", "bad \\x escape"),
    ("u8 10 - 1\\ 1 1", "trailing backslash"),
    ("u8 10 - 1 1", "expected 6 fields"),
    ("u8 10 - 1 1 1 1", "expected 6 fields"),
    ("u8 ten - 1 1 1", "bad base"),
    ("u8 -1 - 1 1 1", "bad base"),
    ("u8 10 x 1 1 1", "unknown flags"),
    ("u8 10 - 1 -EFOO -", "bad ret"),
    ("u8 10 - 1 -5 -", "ret must be"),
    ("u8 10 - 1 0 0", "ret 0"),
    ("u8 10 - 1 1 -", "success vectors need"),
    ("u8 10 - x -EINVAL 0", "error vectors must"),
    ("u8 10 - 1 1 256", "out of range"),
    ("u8 10 - 1 1 one", "bad value"),
    ("u8 10 - 1 1 01", "not canonical"),
    ("u8 10 - 1 1 +1", "not canonical"),
    ("s8 10 - 0 1 -0", "not canonical"),
    ("u8 10 - 1 +1 1", "not canonical"),
    ("u8 10 - 1 -22 -", "ret must be"),
    ("u8@64 10 - 1 1 1", "only long and ulong"),
    ("s64@64 10 - 1 1 1", "only long and ulong"),
    ("long@16 10 - 1 1 1", "bad width"),
    ("long@ 10 - 1 1 1", "bad width"),
    ("long@064 10 - 1 1 1", "bad width"),
    ("lon@64 10 - 1 1 1", "unknown type"),
    ("long 10 - 1 1 2147483648", "out of range for long with 32-bit"),
    ("long@32 10 - 1 1 -2147483649", "out of range for long with 32-bit"),
    ("ulong@32 10 - 1 1 4294967296", "out of range for ulong with 32-bit"),
    ("ulong@64 10 - 1 1 18446744073709551616", "out of range"),
]

# Vectors in the right format that the check must reject, because a line
# is marked for the wrong width or not marked though it needs it; and
# ones it must accept.  (line, accepted, substring of the diagnostic)
WIDTH_LINES = [
    ("long@64 10 - 2147483648 -ERANGE -", False, "64-bit long: model 10"),
    ("long@32 16 - 7fffffffffffffff -ERANGE -", True, ""),
    ("long@64 16 - 7fffffffffffffff -ERANGE -", False, "64-bit long: model"),
    ("ulong@32 0 - 0x100000000 -ERANGE -", True, ""),
    ("ulong@64 0 - 0xffffffff 10 4294967295", False, "holds at 32-bit"),
    ("long@64 10 - 9223372036854775808 -ERANGE -", False,
     "holds at 32-bit"),
    ("long 10 - 2147483648 -ERANGE -", False, "64-bit long: model 10"),
    ("ulong 10 - 4294967296 -ERANGE -", False, "64-bit long: model 10"),
    ("long 10 - 2147483647 10 2147483647", True, ""),
    ("long 10 - 9223372036854775808 -ERANGE -", True, ""),
    ("u32 10 - 4294967296 -ERANGE -", True, ""),
]


def fmt(ret, value):
    return "%s %s" % (m.format_ret(ret), m.format_value(value))


def check_vector(r):
    """Problems of a well-formed vector against the model: [] when it
    holds at each width it applies to, and a marked one does not also
    hold at the other width."""
    problems = []
    want = (r.ret, r.value)
    for w in m.vector_widths(r):
        got = m.parse(r.type, r.base, r.flags, r.input, w)
        if got != want:
            problems.append("with %d-bit long: model %s" % (w, fmt(*got)))
    if r.long_bits is not None:
        for w in m.LONG_BITS:
            if w != r.long_bits and m.parse(r.type, r.base, r.flags,
                                            r.input, w) == want:
                problems.append("holds at %d-bit long too: write %s, "
                                "not %s" % (w, r.type, m.type_token(r)))
    return problems


def model_self_tests(tap):
    for typ, base, flags, data, ret, value in MODEL_CASES:
        tok = m.encode_input(data)
        got = m.parse(typ, base, flags, data)
        tap.check(got == (ret, value),
                  "model: %s %d %s %s -> %s" % (typ, base, flags, tok,
                                                fmt(ret, value)),
                  "expected %s, model gave %s" % (fmt(ret, value), fmt(*got)))
    for typ, w, base, flags, data, ret, value in LONG_CASES:
        tok = m.encode_input(data)
        got = m.parse(typ, base, flags, data, w)
        tap.check(got == (ret, value),
                  "model: %s with %d-bit long: %d %s %s -> %s" % (
                      typ, w, base, flags, tok, fmt(ret, value)),
                  "expected %s, model gave %s" % (fmt(ret, value), fmt(*got)))
    for typ in ("long", "ulong"):
        try:
            m.parse(typ, 10, "-", b"1")
            got = "no error"
        except ValueError as e:
            got = str(e)
        tap.check("needs the width of long" in got,
                  "model: %s without a width of long is an error" % typ,
                  "got %s" % got)
    for typ, w, value in POISON_CASES:
        got = m.poison(typ, w)
        tap.check(got == value, "model: poison(%s%s) == %d" % (
            typ, "" if w is None else ", %d-bit long" % w, value),
                  "model gave %d" % got)
    for typ in m.TYPES:
        for w in m.LONG_BITS if m.TYPES[typ][0] is None else (None,):
            lo, hi = m.type_range(typ, w)
            ok = (m.parse(typ, 10, "-", str(hi).encode(), w)
                  == (len(str(hi)), hi)
                  and m.parse(typ, 10, "-", str(hi + 1).encode(), w)[0]
                  == ERANGE
                  and m.parse(typ, 10, "-", str(lo).encode(), w)
                  == (len(str(lo)), lo)
                  and m.parse(typ, 10, "-", str(lo - 1).encode(), w)[0]
                  in (ERANGE, EINVAL))
            tap.check(ok, "model: %s%s min %d and max %d accepted, "
                      "min-1 and max+1 rejected" % (
                          typ, "" if w is None else " (%d-bit long)" % w,
                          lo, hi))
    for token, data in DECODE_CASES:
        try:
            got = m.decode_input(token)
        except ValueError as e:
            got = "ValueError: %s" % e
        tap.check(got == data, "model: decode_input(%s)" % token,
                  "expected %r, got %r" % (data, got))
        back = m.encode_input(data)
        tap.check(m.decode_input(back) == data,
                  "model: encode_input/decode_input round trip of %r" % data)


def parser_self_tests(tap):
    for line, msg in BAD_LINES:
        text = "# comment\n\nu8 10 - 1 1 1\n" + line + "\n"
        recs = m.parse_vectors_text(text)
        bad = [r for r in recs if r.error]
        ok = (len(recs) == 2 and recs[0].error is None and len(bad) == 1
              and bad[0].lineno == 4 and msg in bad[0].error)
        tap.check(ok, "format check rejects line %r (%s)" % (line, msg),
                  "records: %r" % (recs,))
    good = m.parse_vectors_text(
        "u8 10 - 12\\034 2 12 # trailing comment\n"
        "s8 0 n -0x80\\n 6 -128\n"
        "u8 10 - \"\" -EINVAL -\n"
        "long@64 10 - 9223372036854775807 19 9223372036854775807\n"
        "ulong@32 0 - 0xffffffff 10 4294967295\n"
        "long 10 - -2147483648 11 -2147483648\n")
    ok = (len(good) == 6 and all(r.error is None for r in good)
          and good[0].input == b"12\x0034" and good[1].value == -128
          and good[2].input == b"" and good[2].ret == EINVAL
          and good[3].type == "long" and good[3].long_bits == 64
          and good[4].type == "ulong" and good[4].long_bits == 32
          and good[5].long_bits is None
          and [m.vector_widths(r) for r in good[3:]] == [(64,), (32,),
                                                         (32, 64)]
          and m.type_token(good[3]) == "long@64")
    tap.check(ok, "format check accepts well-formed lines", "%r" % (good,))
    for line, accepted, msg in WIDTH_LINES:
        recs = m.parse_vectors_text(line + "\n")
        if len(recs) != 1 or recs[0].error:
            tap.check(False, "width check of %r" % line, "%r" % (recs,))
            continue
        problems = check_vector(recs[0])
        if accepted:
            tap.check(not problems, "vector check accepts %r" % line,
                      "; ".join(problems))
        else:
            tap.check(any(msg in p for p in problems),
                      "vector check rejects %r (%s)" % (line, msg),
                      "problems: %r" % (problems,))


def vector_tests(tap, path):
    try:
        recs = m.parse_vectors(path)
    except OSError as e:
        tap.check(False, "read vectors file %s" % path, str(e))
        return
    count = dict((w, 0) for w in m.LONG_BITS)
    for w in m.LONG_BITS:
        tap.check(any(not r.error and w in m.vector_widths(r) for r in recs),
                  "vectors file %s has vectors for %d-bit long" % (path, w))
    for r in recs:
        if r.error:
            tap.check(False, "line %d: format error: %s" % (r.lineno, r.error),
                      "line %d: %s" % (r.lineno, r.line))
            continue
        for w in m.vector_widths(r):
            count[w] += 1
        desc = "line %d: %s %d %s %s" % (r.lineno, m.type_token(r), r.base,
                                         r.flags, r.token)
        if m.TYPES[r.type][0] is None and r.long_bits is None:
            desc += " (32- and 64-bit long)"
        problems = check_vector(r)
        tap.check(not problems, desc, "line %d: expected %s; %s" % (
            r.lineno, fmt(r.ret, r.value), "; ".join(problems)))
    tap.lines.append("# summary: %s" % ", ".join(
        "%d vectors with %d-bit long" % (count[w], w) for w in m.LONG_BITS))


def main(argv):
    if len(argv) > 2 or (len(argv) == 2 and argv[1] in ("-h", "--help")):
        sys.stderr.write(__doc__)
        return 2
    path = argv[1] if len(argv) == 2 else DEFAULT_VECTORS
    tap = Tap()
    model_self_tests(tap)
    parser_self_tests(tap)
    vector_tests(tap, path)
    return tap.emit()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
