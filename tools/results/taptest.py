# SPDX-License-Identifier: GPL-2.0
"""Run a module's unittest tests and print TAP, one line for each test
and each subtest, as the host tests (tools/tests/) expect."""

import traceback
import unittest


class TapResult(unittest.TestResult):
    """Each test and subtest as one TAP line."""

    def __init__(self):
        super().__init__()
        self.lines = []

    def _line(self, ok, desc, err=None):
        self.lines.append("%sok %d - %s" % ("" if ok else "not ",
                                            len(self.lines) + 1, desc))
        if err:
            text = "".join(traceback.format_exception_only(*err[:2]))
            self.lines += ["# " + l for l in text.splitlines() if l][:3]

    def addSuccess(self, test):
        if not getattr(test, "_had_subtests", False):
            self._line(True, test.id())

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._line(False, test.id(), err)

    def addError(self, test, err):
        super().addError(test, err)
        self._line(False, test.id(), err)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        test._had_subtests = True
        self._line(err is None, subtest._subDescription().strip("()[] "),
                   err)


def run(module):
    """Run MODULE's tests, print TAP; the exit code (0 when all passed)."""
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    result = TapResult()
    suite.run(result)
    print("TAP version 13")
    print("1..%d" % len(result.lines))
    print("\n".join(result.lines))
    return 0 if result.wasSuccessful() else 1
