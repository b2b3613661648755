#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The negative control's kselftest that hides a failure: its TAP reports
# a failing case, but it exits 0, so kselftest's runner says "ok" for it.
# tools/qa/negative-control.sh installs it as lib:hidden-failure.sh in
# the guest it boots; the run must fail it all the same.
echo "TAP version 13"
echo "1..2"
echo "ok 1 a case that passes"
echo "not ok 2 a case that fails in a script that exits 0"
exit 0
