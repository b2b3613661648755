#!/bin/sh
# SPDX-License-Identifier: GPL-2.0+
# Tests the strscpy() family using the test_strscpy kernel module.
$(dirname $0)/../kselftest/module.sh "strscpy" test_strscpy "$@"
