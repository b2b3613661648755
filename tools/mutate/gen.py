#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Mutant generator for C: one mutant per site, in the bodies of the named
functions only.

Usage:
  gen.py list FILE FUNC[,FUNC...]            the mutants, one a line (TSV):
                                             id, line, operator, old, new
  gen.py apply FILE FUNC[,...] ID OUT        write the mutant ID of FILE to OUT
  gen.py write FILE FUNC[,...] DIR           every mutant: DIR/N.c, and
                                             DIR/list ("N<TAB>ID" lines)

FUNC is a function defined in FILE (its first definition: a line starting
with a letter, holding "FUNC(" and not ending in ';').  Mutation stays in
the body between the definition's '{' and its matching '}'; comments,
string literals and preprocessor lines are never mutated, except that a
FUNC with no such definition may be a function-like macro (#define
FUNC(...)), whose replacement text is then mutated like a body.

An id is BASENAME:LINE:COL:OP:OLD:NEW (1-based line and column of the
mutated token or statement), e.g. "parse-integer.c:57:13:ROR:==:!=".
The list is sorted by line, column and id, so ids and their order depend
only on the file's text.  Operators:

  ROR  relational: each of < <= > >= == != by each other one
  AOR  arithmetic: binary + <-> -, * <-> /, += <-> -=, ++ <-> --,
       unary - -> +
  BOR  bitwise: binary & <-> |
  SOR  shift: << <-> >>
  LOR  logical: && <-> ||
  CRP  constants: an integer literal N -> N+1 and N-1 (not below 0);
       a character literal 'c' -> ('c'+1), ('c'-1); true <-> false
  CNR  conditions: if (C) -> if (!(C)), if (0), if (1);
       while (C) -> while (!(C)), while (0)
  SDL  statement deletion: a statement that starts and ends on one line
       (ending in ';', not a declaration) is replaced by ';'

Stdlib only; the host test tools/tests/test-mutate.sh checks it on a
fixture with known mutants.
"""

import os
import re
import sys

OPS = ["<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==",
       "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
       "##", "<", ">", "+", "-", "*", "/", "%", "&", "|", "^", "!", "~",
       "?", ":", ";", ",", ".", "(", ")", "[", "]", "{", "}", "=", "#"]
RELATIONAL = ["<", "<=", ">", ">=", "==", "!="]
# tokens after which a '*', '+' or '-' is a binary operator
TYPE_WORDS = {"char", "short", "int", "long", "unsigned", "signed", "void",
              "const", "volatile", "bool", "float", "double", "struct",
              "union", "enum", "static", "register", "size_t", "ssize_t",
              "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
              "return", "sizeof", "case"}
DECL_START = TYPE_WORDS - {"return", "sizeof", "case"}


class Tok:
    __slots__ = ("kind", "text", "pos", "line", "col")

    def __init__(self, kind, text, pos, line, col):
        self.kind, self.text, self.pos = kind, text, pos
        self.line, self.col = line, col


NUM_RE = re.compile(r"(0[xX][0-9a-fA-F]+|[0-9]+)([uUlL]*)")
IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
NUMLIKE_RE = re.compile(r"[0-9][A-Za-z0-9_.]*")


def lex(src, begin=0, end=None):
    """Tokens of src[begin:end]; comments, strings and preprocessor lines
    are kept as tokens of their own kinds so that nothing inside them is
    mutated.  A backslash-newline is white space."""
    toks = []
    i, n = begin, len(src) if end is None else end
    line_starts = [0]
    for m in re.finditer("\n", src):
        line_starts.append(m.end())

    def where(pos):
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= pos:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, pos - line_starts[lo] + 1

    at_line_start = begin == 0
    while i < n:
        c = src[i]
        if c == "\\" and src.startswith("\n", i + 1):
            i += 2
            continue
        if c == "\n":
            at_line_start = True
            i += 1
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        start = i
        if c == "#" and at_line_start:
            # preprocessor line, with backslash continuations
            while i < n and src[i] != "\n":
                if src[i] == "\\" and i + 1 < n and src[i + 1] == "\n":
                    i += 2
                    continue
                if src.startswith("/*", i):
                    end = src.find("*/", i + 2)
                    i = n if end < 0 else end + 2
                    continue
                i += 1
            kind = "pp"
        elif src.startswith("//", i):
            while i < n and src[i] != "\n":
                i += 1
            kind = "comment"
        elif src.startswith("/*", i):
            end = src.find("*/", i + 2)
            i = n if end < 0 else end + 2
            kind = "comment"
        elif c in "\"'":
            i += 1
            while i < n and src[i] != c:
                i += 2 if src[i] == "\\" else 1
            i += 1
            kind = "str" if c == '"' else "char"
        elif c.isdigit():
            m = NUMLIKE_RE.match(src, i)
            i = m.end()
            kind = "num"
        elif c.isalpha() or c == "_":
            i = IDENT_RE.match(src, i).end()
            kind = "ident"
        else:
            for op in OPS:
                if src.startswith(op, i):
                    i += len(op)
                    break
            else:
                i += 1
            kind = "op"
        at_line_start = False
        line, col = where(start)
        toks.append(Tok(kind, src[start:i], start, line, col))
    return toks


MACRO_RE = r"#\s*define\s+%s\("


def macro_body(src, toks, func):
    """The tokens of function-like macro FUNC's replacement text, or
    None: the first #define FUNC( line."""
    pat = re.compile(MACRO_RE % re.escape(func))
    for t in toks:
        m = pat.match(t.text) if t.kind == "pp" else None
        if m:
            close = t.text.index(")", m.end())
            return lex(src, t.pos + close + 1, t.pos + len(t.text))
    return None


def find_body(src, toks, func):
    """(first, last) token indices of FUNC's body braces, or None."""
    pat = re.compile(r"^[A-Za-z].*[ *]" + re.escape(func) + r"\(.*[^;]$",
                     re.M)
    for m in pat.finditer(src):
        # skip definitions inside comments or preprocessor lines
        idx = next((k for k, t in enumerate(toks) if t.pos >= m.start()),
                   None)
        if idx is None or toks[idx].pos != m.start() or \
                toks[idx].kind not in ("ident",):
            continue
        k = idx
        while k < len(toks) and not (toks[k].kind == "op" and
                                     toks[k].text in "{;"):
            k += 1
        if k == len(toks) or toks[k].text != "{":
            continue
        depth = 0
        for j in range(k, len(toks)):
            if toks[j].kind != "op":
                continue
            if toks[j].text == "{":
                depth += 1
            elif toks[j].text == "}":
                depth -= 1
                if depth == 0:
                    return k, j
        return None
    return None


def operand_end(t):
    """Whether token t ends an operand (so a following * + - is binary)."""
    if t is None:
        return False
    if t.kind in ("num", "char", "str"):
        return True
    if t.kind == "ident":
        return t.text not in TYPE_WORDS
    return t.text in (")", "]", "++", "--")


def match_paren(code, k):
    """Index of the ')' matching code[k] == '('."""
    depth = 0
    for j in range(k, len(code)):
        if code[j].text == "(":
            depth += 1
        elif code[j].text == ")":
            depth -= 1
            if depth == 0:
                return j
    return None


def int_mutants(text):
    m = NUM_RE.fullmatch(text)
    if not m:
        return []
    digits, suffix = m.groups()
    value = int(digits, 0) if not (len(digits) > 1 and digits[0] == "0"
                                   and digits[1] not in "xX") \
        else int(digits, 8)
    hexa = digits[:2] in ("0x", "0X")

    def fmt(v):
        return ("0x%x" % v if hexa else "%d" % v) + suffix
    out = [fmt(value + 1)]
    if value > 0:
        out.append(fmt(value - 1))
    return out


def mutants(path, funcs):
    """[(id, line, col, op, old, new, start, end, replacement)]"""
    src = open(path, encoding="utf-8", errors="surrogateescape").read()
    toks = lex(src)
    base = os.path.basename(path)
    out = []

    def add(tok_or_pos, op, old, new, start, end, repl):
        line, col = tok_or_pos
        mid = "%s:%d:%d:%s:%s:%s" % (base, line, col, op, old, new)
        out.append((mid, line, col, op, old, new, start, end, repl))

    for func in funcs:
        span = find_body(src, toks, func)
        if span is not None:
            body = toks[span[0]:span[1] + 1]
        else:
            body = macro_body(src, toks, func)
        if body is None:
            raise SystemExit("gen.py: %s: no definition of %s()" %
                             (path, func))
        code = [t for t in body if t.kind not in ("comment", "pp")]
        for k, t in enumerate(code):
            prev = code[k - 1] if k > 0 else None
            nxt = code[k + 1] if k + 1 < len(code) else None
            s, e = t.pos, t.pos + len(t.text)
            lc = (t.line, t.col)
            if t.kind == "op":
                x = t.text
                if x in RELATIONAL:
                    for y in RELATIONAL:
                        if y != x:
                            add(lc, "ROR", x, y, s, e, y)
                elif x in ("+", "-") and operand_end(prev):
                    y = "-" if x == "+" else "+"
                    add(lc, "AOR", x, y, s, e, y)
                elif x == "-":
                    add(lc, "AOR", "-", "+", s, e, "+")
                elif x in ("*", "/") and operand_end(prev):
                    y = "/" if x == "*" else "*"
                    add(lc, "AOR", x, y, s, e, y)
                elif x in ("+=", "-=", "*=", "/="):
                    y = {"+=": "-=", "-=": "+=", "*=": "/=", "/=": "*="}[x]
                    add(lc, "AOR", x, y, s, e, y)
                elif x in ("++", "--"):
                    y = "--" if x == "++" else "++"
                    add(lc, "AOR", x, y, s, e, y)
                elif x in ("&", "|") and operand_end(prev):
                    y = "|" if x == "&" else "&"
                    add(lc, "BOR", x, y, s, e, y)
                elif x in ("<<", ">>"):
                    y = ">>" if x == "<<" else "<<"
                    add(lc, "SOR", x, y, s, e, y)
                elif x in ("&&", "||"):
                    y = "||" if x == "&&" else "&&"
                    add(lc, "LOR", x, y, s, e, y)
            elif t.kind == "num":
                for y in int_mutants(t.text):
                    add(lc, "CRP", t.text, y, s, e, y)
            elif t.kind == "char":
                for sign in "+-":
                    y = "(%s%s1)" % (t.text, sign)
                    add(lc, "CRP", t.text, y, s, e, y)
            elif t.kind == "ident":
                if t.text in ("true", "false"):
                    y = "false" if t.text == "true" else "true"
                    add(lc, "CRP", t.text, y, s, e, y)
                elif t.text in ("if", "while") and nxt is not None and \
                        nxt.text == "(":
                    # a do-while's while is mutated the same way
                    j = match_paren(code, k + 1)
                    if j is None:
                        continue
                    cs, ce = code[k + 2].pos, code[j].pos
                    cond = src[cs:ce]
                    forms = [("!", "(!(" + cond + "))"), ("0", "(0)")]
                    if t.text == "if":
                        forms.append(("1", "(1)"))
                    for name, repl in forms:
                        add(lc, "CNR", t.text, name, code[k + 1].pos,
                            code[j].pos + 1, repl)
        # statement deletion
        for k, t in enumerate(code):
            if k == 0 or t.kind == "op" and t.text in ";{}":
                continue
            prev = code[k - 1]
            if not (prev.kind == "op" and prev.text in (";", "{", "}", ")")
                    or prev.text == "else"):
                continue
            if t.text in DECL_START or t.text in ("if", "for", "while",
                                                  "do", "switch", "else",
                                                  "case", "default"):
                continue
            if t.line == prev.line:
                continue        # only a statement that starts its line
            # a statement whose tokens all lie on t's line, ending in ';'
            depth, j = 0, k
            while j < len(code) and code[j].line == t.line:
                if code[j].text in "([":
                    depth += 1
                elif code[j].text in ")]":
                    depth -= 1
                elif code[j].text in "{}":
                    break
                elif code[j].text == ";" and depth == 0:
                    break
                j += 1
            if j == len(code) or code[j].text != ";" or \
                    code[j].line != t.line or depth != 0:
                continue
            if j + 1 < len(code) and code[j + 1].line == t.line and \
                    code[j + 1].text != "}":
                continue
            # an identifier followed by an identifier or '*' ident is a
            # declaration of a typedef'd type (size_t n; u8 *p;)
            if t.kind == "ident" and t.text != "return" and \
                    k + 1 < len(code) and code[k + 1].kind == "ident":
                continue
            add((t.line, t.col), "SDL", "stmt", ";", t.pos,
                code[j].pos + 1, ";")
    out.sort(key=lambda m: (m[1], m[2], m[0]))
    ids = [m[0] for m in out]
    if len(ids) != len(set(ids)):
        raise SystemExit("gen.py: duplicate mutant ids in %s" % path)
    return src, out


def tsv_field(s):
    return s.replace("\t", " ").replace("\n", " ")


def write_mutant(src, m, out):
    """src with mutant m applied, written to out; the lines the change
    removes are kept as empty ones, so that every other line keeps its
    number (__LINE__, compiler messages)."""
    start, end, repl = m[6], m[7], m[8]
    repl += "\n" * (src.count("\n", start, end) - repl.count("\n"))
    with open(out, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(src[:start] + repl + src[end:])


def main(argv):
    if len(argv) >= 4 and argv[1] == "list":
        _, muts = mutants(argv[2], argv[3].split(","))
        for m in muts:
            print("\t".join([m[0], str(m[1]), m[3], tsv_field(m[4]),
                             tsv_field(m[5])]))
        return 0
    if len(argv) == 6 and argv[1] == "apply":
        src, muts = mutants(argv[2], argv[3].split(","))
        for m in muts:
            if m[0] == argv[4]:
                start, end, repl = m[6], m[7], m[8]
                write_mutant(src, m, argv[5])
                return 0
        print("gen.py: no mutant %s in %s" % (argv[4], argv[2]),
              file=sys.stderr)
        return 1
    if len(argv) == 5 and argv[1] == "write":
        # every mutant: DIR/<n>.c (n from 1, in list order) and DIR/list
        src, muts = mutants(argv[2], argv[3].split(","))
        os.makedirs(argv[4], exist_ok=True)
        with open(os.path.join(argv[4], "list"), "w") as f:
            for n, m in enumerate(muts, 1):
                write_mutant(src, m, os.path.join(argv[4], "%d.c" % n))
                f.write("%d\t%s\n" % (n, m[0]))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
