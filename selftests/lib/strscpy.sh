#!/bin/sh
# SPDX-License-Identifier: GPL-2.0+
#
# Load test_strscpy and judge it by its verdict line in the kernel log,
# not only by modprobe's exit code. Module parameters pass through, e.g.
# "strscpy.sh inject_failure=1" must report FAIL.
desc=strscpy
. "$(dirname "$0")/kmod_log.sh"

kmod_require test_strscpy
kmod_load test_strscpy "$@"
kmod_unload test_strscpy
kmod_verdict test_strscpy
pass "$kmod_verdict_text"
