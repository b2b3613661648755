# SPDX-License-Identifier: GPL-2.0
"""Independent Python reference model of the kernel's parse_integer().

This is written from the specification, not ported from kernel code:

  parse_integer(s, base, &val)

* The type of *val (s8 u8 s16 u16 s32 u32 long ulong s64 u64) gives range
  and signedness.  long and ulong are as wide as the kernel's long
  (BITS_PER_LONG, 32 or 64): every function that needs their width takes
  it as the parameter long_bits.
* Returns the number of characters consumed (sign and "0x" prefix
  included) on success, -EINVAL when no digit was converted, -ERANGE when
  the number does not fit.  On error *val is untouched.
* base 0: after the optional sign, "0x"/"0X" followed by a hex digit
  selects base 16 (prefix consumed), a leading "0" selects base 8,
  otherwise base 10.  base 16 accepts an optional "0x"/"0X" prefix only
  when a hex digit follows it.  Valid bases: 0 and 2..16; anything else
  (including unknown flag bits) is -EINVAL.
* One optional '+' for every type, one optional '-' for signed types only
  ('-' on an unsigned type is -EINVAL, even "-0").  No whitespace skipping.
  Parsing stops at the first character that is not a digit of the base.
* PARSE_INTEGER_NEWLINE: the whole string must be consumed, except for one
  final "\\n"; anything else left over is -EINVAL.  As kstrto*() always
  did, only digits beyond 64 bits are -ERANGE before left-over text is
  seen; the type's own range is checked after it ("256x" for u8: -EINVAL).
* C strings: an embedded NUL ends the string.

Public helpers:
  parse(type, base, flags, input_bytes, long_bits) -> (ret, value_or_None)
  decode_input(token) -> bytes
  poison(type, long_bits) -> int
  parse_vectors(path) -> list of Vector records (with line numbers)
  vector_widths(vector) -> the widths of long a vector applies to
"""

import collections

EINVAL = 22
ERANGE = 34
U64_MAX = (1 << 64) - 1

# Policy knob, kept in ONE place: with PARSE_INTEGER_NEWLINE, is the
# accepted final "\n" counted in the returned length?
NEWLINE_COUNTED = True

# The widths of the kernel's long the vectors file covers.
LONG_BITS = (32, 64)

# name -> (bits, signed); bits None: the width of the kernel's long
TYPES = collections.OrderedDict([
    ("s8", (8, True)),
    ("u8", (8, False)),
    ("s16", (16, True)),
    ("u16", (16, False)),
    ("s32", (32, True)),
    ("u32", (32, False)),
    ("long", (None, True)),
    ("ulong", (None, False)),
    ("s64", (64, True)),
    ("u64", (64, False)),
])

# Flag tokens used by the vectors file and the sysfs interface.
FLAGS = ("-", "n")

RET_NAMES = {"-EINVAL": -EINVAL, "-ERANGE": -ERANGE}


def type_bits(typ, long_bits=None):
    """Width of a type; long_bits (32 or 64) is needed for long and ulong."""
    bits, _ = TYPES[typ]
    if bits is not None:
        return bits
    if long_bits not in LONG_BITS:
        raise ValueError("%s needs the width of long (one of %s), got %r"
                         % (typ, LONG_BITS, long_bits))
    return long_bits


def type_range(typ, long_bits=None):
    """Return (min, max) of a type as Python ints."""
    bits, signed = type_bits(typ, long_bits), TYPES[typ][1]
    if signed:
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return 0, (1 << bits) - 1


def poison(typ, long_bits=None):
    """Value of a variable of type typ whose every byte is 0xA5."""
    bits, signed = type_bits(typ, long_bits), TYPES[typ][1]
    raw = int.from_bytes(b"\xa5" * (bits // 8), "little")
    if signed and raw >= 1 << (bits - 1):
        raw -= 1 << bits
    return raw


def _digit_value(byte):
    """Value of an ASCII digit 0-9 a-f A-F, or None."""
    if 0x30 <= byte <= 0x39:        # '0'..'9'
        return byte - 0x30
    if 0x61 <= byte <= 0x66:        # 'a'..'f'
        return byte - 0x61 + 10
    if 0x41 <= byte <= 0x46:        # 'A'..'F'
        return byte - 0x41 + 10
    return None


def _is_hex_digit(s, i):
    return i < len(s) and _digit_value(s[i]) is not None


def _has_hex_prefix(s, i):
    """True if s[i:] is "0x"/"0X" followed by a hex digit."""
    return (i + 2 < len(s) and s[i] == ord("0") and s[i + 1] in b"xX"
            and _is_hex_digit(s, i + 2))


def parse(typ, base, flags, data, long_bits=None):
    """Model parse_integer().

    typ:   one of TYPES (long and ulong need long_bits, 32 or 64)
    base:  int, passed through unchanged (may hold unknown flag bits)
    flags: "-" (none) or "n" (PARSE_INTEGER_NEWLINE); a bool is accepted too
    data:  bytes (a C string: truncated at the first NUL)
    long_bits: the kernel's BITS_PER_LONG; ignored for the other types

    Returns (ret, value) where value is None when *val is untouched.
    """
    if typ not in TYPES:
        raise ValueError("unknown type %r" % (typ,))
    if isinstance(flags, bool):
        newline = flags
    elif flags in FLAGS:
        newline = flags == "n"
    else:
        raise ValueError("unknown flags %r" % (flags,))
    if isinstance(data, str):
        data = data.encode("latin-1")
    signed = TYPES[typ][1]
    lo, hi = type_range(typ, long_bits)

    if not (base == 0 or 2 <= base <= 16):
        return -EINVAL, None

    nul = data.find(b"\0")
    s = data if nul < 0 else data[:nul]

    i = 0
    negative = False
    if i < len(s) and s[i] == ord("+"):
        i += 1
    elif i < len(s) and s[i] == ord("-"):
        if not signed:
            return -EINVAL, None
        negative = True
        i += 1

    if base == 0:
        if _has_hex_prefix(s, i):
            base = 16
            i += 2
        elif i < len(s) and s[i] == ord("0"):
            base = 8        # the '0' itself is a digit, not consumed here
        else:
            base = 10
    elif base == 16 and _has_hex_prefix(s, i):
        i += 2

    start = i
    magnitude = 0
    while i < len(s):
        d = _digit_value(s[i])
        if d is None or d >= base:
            break
        magnitude = magnitude * base + d
        i += 1
    if i == start:
        return -EINVAL, None

    value = -magnitude if negative else magnitude
    consumed = i
    if newline:
        # kstrto*() order: digits beyond 64 bits are -ERANGE at once, then
        # leftover text is -EINVAL, and only then the type's range counts
        # ("256x" for u8 is -EINVAL, as kstrtou8() always said).
        if magnitude > U64_MAX:
            return -ERANGE, None
        rest = s[i:]
        if rest == b"\n":
            if NEWLINE_COUNTED:
                consumed += 1
        elif rest != b"":
            return -EINVAL, None
    if not lo <= value <= hi:
        return -ERANGE, None
    return consumed, value


# ---------------------------------------------------------------------------
# Vectors file support

_SIMPLE_ESCAPES = {"n": b"\n", "t": b"\t", "\\": b"\\", "0": b"\0",
                   "s": b" "}
_HEX = "0123456789abcdefABCDEF"


def decode_input(token):
    """Decode an input token of the vectors file into bytes.

    Escapes: \\n \\t \\\\ \\0 (NUL) \\xHH (exactly two hex digits) \\s (space);
    the token "" alone is the empty string.  Other characters must be
    printable ASCII other than space.  Raises ValueError on a bad token.
    """
    if token == '""':
        return b""
    out = bytearray()
    i = 0
    while i < len(token):
        c = token[i]
        if c == "\\":
            if i + 1 >= len(token):
                raise ValueError("trailing backslash in %r" % token)
            e = token[i + 1]
            if e in _SIMPLE_ESCAPES:
                out += _SIMPLE_ESCAPES[e]
                i += 2
            elif e == "x":
                hh = token[i + 2:i + 4]
                if len(hh) != 2 or any(h not in _HEX for h in hh):
                    raise ValueError("bad \\x escape in %r (need \\xHH)"
                                     % token)
                out.append(int(hh, 16))
                i += 4
            else:
                raise ValueError("unknown escape \\%s in %r" % (e, token))
        elif 0x21 <= ord(c) <= 0x7e:
            out.append(ord(c))
            i += 1
        else:
            raise ValueError("character %r must be escaped in %r" % (c, token))
    return bytes(out)


def encode_input(data):
    """Inverse of decode_input() (canonical token for some bytes)."""
    if data == b"":
        return '""'
    out = []
    for b in data:
        if b == 0x5c:
            out.append("\\\\")
        elif b == 0x0a:
            out.append("\\n")
        elif b == 0x09:
            out.append("\\t")
        elif b == 0x20:
            out.append("\\s")
        elif b == 0x00:
            out.append("\\0")
        elif 0x21 <= b <= 0x7e:
            out.append(chr(b))
        else:
            out.append("\\x%02x" % b)
    tok = "".join(out)
    return tok if tok != '""' else '\\x22\\x22'


Vector = collections.namedtuple(
    "Vector",
    "lineno line type base flags token input ret value error long_bits",
    defaults=(None,))
Vector.__doc__ = """One line of the vectors file.

lineno/line: 1-based line number and text (without newline)
type/base/flags/token: fields as written (base as int); type without the
       width marker
long_bits: 32 or 64 for a line marked long@N / ulong@N (it holds only
       where long is N bits wide), None for a line that holds for both
input: decoded bytes
ret:   expected return (int; negative errno for errors)
value: expected value (int) or None for "-" (untouched / poison)
error: None, or a string describing a format error (other fields may then
       be None)
"""


def _parse_int_field(text, what):
    if text in RET_NAMES and what == "ret":
        return RET_NAMES[text]
    t = text[1:] if text[:1] in "+-" else text
    if not t.isdigit() or not t.isascii():
        raise ValueError("bad %s %r" % (what, text))
    return int(text, 10)


def parse_vector_line(line, lineno=0):
    """Parse one line; returns a Vector, or None for blank/comment lines."""
    # A field starting with '#' starts a comment running to the end of the
    # line.  (A '#' inside an input token is literal; to start a token with
    # '#' write \x23.)
    fields = line.split()
    for k, f in enumerate(fields):
        if f.startswith("#"):
            fields = fields[:k]
            break
    if not fields:
        return None
    bad = lambda msg: Vector(lineno, line, None, None, None, None, None,
                             None, None, msg)
    if len(fields) != 6:
        return bad("expected 6 fields <type> <base> <flags> <input> <ret> "
                   "<value>, got %d" % len(fields))
    typ, base_s, flags, token, ret_s, value_s = fields
    typ, at, width_s = typ.partition("@")
    if typ not in TYPES:
        return bad("unknown type %r" % fields[0])
    long_bits = None
    if at:
        if TYPES[typ][0] is not None:
            return bad("%r: only long and ulong take a width marker"
                       % fields[0])
        if width_s not in [str(w) for w in LONG_BITS]:
            return bad("%r: bad width (write %s@32 or %s@64)"
                       % (fields[0], typ, typ))
        long_bits = int(width_s)
    if not base_s.isascii() or not base_s.isdigit():
        return bad("bad base %r (unsigned decimal expected)" % base_s)
    base = int(base_s, 10)
    if base >= 1 << 32:
        return bad("base %r does not fit an unsigned int" % base_s)
    if flags not in FLAGS:
        return bad("unknown flags %r (expected '-' or 'n')" % flags)
    try:
        data = decode_input(token)
    except ValueError as e:
        return bad("bad input token: %s" % e)
    try:
        ret = _parse_int_field(ret_s, "ret")
    except ValueError as e:
        return bad(str(e))
    if ret > 0 and ret_s != str(ret):
        return bad("ret %r is not canonical decimal (write %d)"
                   % (ret_s, ret))
    if ret < 0 and ret_s not in RET_NAMES:
        return bad("ret must be a count, -EINVAL or -ERANGE, got %r" % ret_s)
    if ret == 0:
        return bad("ret 0 is impossible (success consumes >= 1 char)")
    if value_s == "-":
        value = None
    else:
        try:
            value = _parse_int_field(value_s, "value")
        except ValueError as e:
            return bad(str(e))
        if value_s != str(value):
            return bad("value %r is not canonical decimal (write %d)"
                       % (value_s, value))
    if ret < 0 and value is not None:
        return bad("error vectors must have value '-' (untouched)")
    if ret > 0 and value is None:
        return bad("success vectors need a decimal value, not '-'")
    for w in LONG_BITS if long_bits is None else (long_bits,):
        lo, hi = type_range(typ, w)
        if value is not None and not lo <= value <= hi:
            if TYPES[typ][0] is not None:
                return bad("value %d out of range for %s" % (value, typ))
            hint = ""
            if long_bits is None:
                other = [x for x in LONG_BITS if x != w][0]
                hint = " (a line for %d-bit long only: %s@%d)" % (
                    other, typ, other)
            return bad("value %d out of range for %s with %d-bit long%s"
                       % (value, typ, w, hint))
    return Vector(lineno, line, typ, base, flags, token, data, ret, value,
                  None, long_bits)


def vector_widths(v):
    """The widths of long a vector is checked at and sent to the module
    with: its marker's, or both for an unmarked line."""
    return LONG_BITS if v.long_bits is None else (v.long_bits,)


def type_token(v):
    """The type field as written: long@64 for a marked line."""
    return v.type if v.long_bits is None else "%s@%d" % (v.type,
                                                        v.long_bits)


def parse_vectors_text(text):
    """Parse the content of a vectors file; see parse_vectors()."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        v = parse_vector_line(line, n)
        if v is not None:
            out.append(v)
    return out


def parse_vectors(path):
    """Read a vectors file and return the list of Vector records.

    Comment and blank lines are skipped; malformed lines are returned as
    records with .error set (and the line number), not raised.
    """
    with open(path, "rb") as f:
        raw = f.read()
    out = []
    for n, bline in enumerate(raw.split(b"\n"), 1):
        try:
            line = bline.decode("ascii")
        except UnicodeDecodeError:
            out.append(Vector(n, bline.decode("latin-1"), None, None, None,
                              None, None, None, None,
                              "non-ASCII byte in line (use \\xHH)"))
            continue
        line = line.rstrip("\r")
        v = parse_vector_line(line, n)
        if v is not None:
            out.append(v)
    return out


def format_ret(ret):
    if ret == -EINVAL:
        return "-EINVAL"
    if ret == -ERANGE:
        return "-ERANGE"
    return str(ret)


def format_value(value):
    return "-" if value is None else str(value)
