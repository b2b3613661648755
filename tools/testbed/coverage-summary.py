#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""One line per file of the code under test from an lcov tracefile:
lines, branches and functions reached, and the lines and branches not
reached, for the host testbed (tools/testbed/coverage.sh) and the guest
(make COVERAGE=1 run).

Usage: coverage-summary.py TRACEFILE [--json OUT] [--missing]

A file is named by its path from lib/ on (lib/parse-integer.c). For
lib/string.c only the strscpy() family counts (its functions are those
whose name has "strscpy" in it: strscpy, strscpy_truncate, __strscpy,
strscpy_wipe, strscpy_pad), reported as "lib/string.c:strscpy*": the
rest of the file is not code under test. --missing lists each line not
reached ("L<n>") and each branch not taken ("B<n>:<block>.<branch>").
"""

import json
import re
import sys

# files whose name ends with one of these, and the functions kept (None:
# all of the file)
WANTED = [
    ("lib/parse-integer.c", None),
    ("lib/kstrtox.c", None),
    ("lib/string.c", "strscpy"),
    ("strscpy_pad.c", "strscpy"),
    ("lib/string_helpers.c", "strscpy"),
    ("lib/test_parse_integer.c", None),
    ("lib/test_strscpy.c", None),
]


def read_info(path):
    """{source path: {"fn": {name: (line, hits)}, "da": {line: hits},
    "br": [(line, block, branch, hits)]}}"""
    files, cur = {}, None
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            key, _, val = line.partition(":")
            if key == "SF":
                cur = files.setdefault(val, {"fn": {}, "da": {}, "br": []})
            elif cur is None:
                continue
            elif key == "FN":
                ln, name = val.split(",", 1)
                cur["fn"].setdefault(name, [int(ln), 0])
            elif key == "FNDA":
                hits, name = val.split(",", 1)
                cur["fn"].setdefault(name, [0, 0])[1] += int(hits)
            elif key == "DA":
                ln, hits = val.split(",")[:2]
                cur["da"][int(ln)] = cur["da"].get(int(ln), 0) + int(hits)
            elif key == "BRDA":
                ln, block, branch, hits = val.split(",")
                cur["br"].append((int(ln), block, branch,
                                  0 if hits == "-" else int(hits)))
            elif key == "end_of_record":
                cur = None
    return files


def function_ranges(source, pattern):
    """{name: (first, last)} of each function defined in source whose
    name has pattern in it: from its definition's first line to the
    first "}" in column 0 after it (kernel style). Read from the source,
    not from the tracefile, which has no record of an always-inlined
    function such as __strscpy()."""
    try:
        with open(source) as f:
            text = f.read().split("\n")
    except OSError:
        return {}
    defn = re.compile(r"^[a-z_].*?\b(\w*%s\w*)\(.*[^;]$" % re.escape(pattern))
    out = {}
    for i, line in enumerate(text):
        m = defn.match(line)
        if not m or line.startswith(("EXPORT", "#")):
            continue
        for j in range(i, len(text)):
            if text[j].startswith("}"):
                out.setdefault(m.group(1), (i + 1, j + 1))
                break
    return out


def pct(hit, total):
    return 100.0 if total == 0 else 100.0 * hit / total


def summarise(path):
    files = read_info(path)
    rows = []
    for suffix, fn_pat in WANTED:
        for src, d in sorted(files.items()):
            if not src.endswith(suffix):
                continue
            name = re.sub(r".*/(lib/)", r"\1", src) if "lib/" in src else suffix
            fns = d["fn"]
            if fn_pat:
                fns = {n: v for n, v in fns.items() if fn_pat in n}
                ranges = function_ranges(src, fn_pat)
                inside = lambda ln: any(a <= ln <= b for a, b in ranges.values())
                name += ":" + fn_pat + "*" if "string" in name else ""
            else:
                inside = lambda ln: True
            da = {ln: h for ln, h in d["da"].items() if inside(ln)}
            br = [b for b in d["br"] if inside(b[0])]
            if not da and not fns:
                continue
            row = {
                "file": name,
                "lines": [sum(1 for h in da.values() if h), len(da)],
                "branches": [sum(1 for b in br if b[3]), len(br)],
                "functions": [sum(1 for v in fns.values() if v[1]), len(fns)],
                "lines_missed": sorted(ln for ln, h in da.items() if not h),
                "branches_missed": ["%d:%s.%s" % (b[0], b[1], b[2])
                                    for b in br if not b[3]],
            }
            for k in ("lines", "branches", "functions"):
                row[k + "_pct"] = round(pct(*row[k]), 1)
            rows.append(row)
    return rows


def line_of(row):
    return "%-32s lines %5.1f%% (%d/%d)  branches %5.1f%% (%d/%d)  " \
        "functions %5.1f%% (%d/%d)" % (
            row["file"], row["lines_pct"], *row["lines"],
            row["branches_pct"], *row["branches"],
            row["functions_pct"], *row["functions"])


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    rows = summarise(argv[1])
    if not rows:
        sys.stderr.write("coverage-summary: no file under test in %s\n"
                         % argv[1])
        return 1
    for row in rows:
        print(line_of(row))
        if "--missing" in argv:
            miss = ["L%d" % ln for ln in row["lines_missed"]] + \
                ["B" + b for b in row["branches_missed"]]
            if miss:
                print("    not reached: " + " ".join(miss))
    if "--json" in argv:
        with open(argv[argv.index("--json") + 1], "w") as f:
            json.dump(rows, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
