#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# test_kstrtox checks every vector while loading, reports each bad one with
# WARN() and then always fails the load with -EINVAL, so that it never
# stays loaded. Pass means: the load failed with EINVAL (the checks ran to
# the end) and it logged no warning.
desc=kstrtox
. "$(dirname "$0")/kmod_log.sh"

kmod_require test_kstrtox
log_mark
out=$($modprobe test_kstrtox 2>&1) && fail "test_kstrtox loaded; it must fail with EINVAL"
new=$(log_since_mark)
case $out in
*"Invalid argument"*) ;;
*) fail "modprobe test_kstrtox: ${out:-no error message}" ;;
esac
bad=$(printf '%s\n' "$new" | grep -c "WARNING:\|str '")
if [ "$bad" -ne 0 ]; then
	printf '%s\n' "$new" | grep "str '" >&2
	fail "$bad warning lines from test_kstrtox"
fi
pass "all vectors passed (load failed with EINVAL, as designed)"
