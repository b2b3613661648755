#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""rename-only.py TREE OLD NEW FROM TO: print each file that commit range
OLD..NEW of git tree TREE changes beyond renaming identifier FROM to TO and
moving blanks (spaces, tabs, newlines), one a line; exit 1 if any, 2 if
git fails or the range is not two commits.

One `git cat-file --batch` reads both versions of every file: a process
per file would cost more than the comparison here.
"""
import re
import subprocess
import sys


def main():
    tree, old, new, frm, to = sys.argv[1:6]
    git = ["git", "-C", tree]
    names = subprocess.run(git + ["diff", "--name-only", old, new],
                           check=True, capture_output=True,
                           text=True).stdout.splitlines()
    requests = "".join(f"{rev}:{n}\n" for n in names for rev in (old, new))
    out = subprocess.run(git + ["cat-file", "--batch"], input=requests.encode(),
                         check=True, capture_output=True).stdout
    to_word = re.compile(rb"\b" + re.escape(to.encode()) + rb"\b")
    blanks = re.compile(rb"[ \t\n]")
    pos, blobs = 0, []
    while pos < len(out):
        eol = out.index(b"\n", pos)
        header = out[pos:eol].split()
        pos = eol + 1
        if header[-1] == b"missing":  # added or deleted: not a rename
            blobs.append(None)
            continue
        size = int(header[2])
        blobs.append(out[pos:pos + size])
        pos += size + 1
    changed = []
    for i, name in enumerate(names):
        before, after = blobs[2 * i], blobs[2 * i + 1]
        if before is None or after is None or \
                blanks.sub(b"", before) != \
                blanks.sub(b"", to_word.sub(frm.encode(), after)):
            changed.append(name)
    for name in changed:
        print(name)
    return 1 if changed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (subprocess.CalledProcessError, ValueError, IndexError) as e:
        print(f"rename-only.py: {e}", file=sys.stderr)
        sys.exit(2)
