# SPDX-License-Identifier: GPL-2.0
"""TAP for the Python host tests (tools/tests/tap.sh is the shell's)."""


class Tap:
    def __init__(self):
        self.lines = []
        self.n = 0
        self.failed = 0

    def check(self, ok, desc, diag=None):
        self.n += 1
        n = self.n
        desc = desc.replace("#", "\\#")
        self.lines.append("%s %d - %s" % ("ok" if ok else "not ok", n, desc))
        if not ok:
            self.failed += 1
            if diag:
                self.lines.append("# " + diag)

    def emit(self):
        print("TAP version 13")
        print("1..%d" % self.n)
        for l in self.lines:
            print(l)
        return 0 if self.failed == 0 else 1
