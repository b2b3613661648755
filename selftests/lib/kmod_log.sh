#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Helpers for selftests that judge a test module by what it logs, sourced
# by the lib/ test scripts. kselftest/module.sh judges by modprobe's exit
# code only; these look at the kernel log lines the load produced.
#
# Set "desc" before sourcing. Exit codes follow kselftest: 0 pass, 1 fail,
# 4 skip.

modprobe=${MODPROBE:-/sbin/modprobe}

say() { echo "$desc: $*"; }
pass() { say "ok"; exit 0; }
fail() { say "$* [FAIL]" >&2; exit 1; }
skip() { say "$* [SKIP]" >&2; exit 4; }

# kmod_require MODULE: skip unless root and MODULE is installed.
kmod_require() {
	[ -w /dev ] || skip "please run as root"
	$modprobe -q -n "$1" || skip "module $1 is not found"
}

# log_mark / log_since_mark: the kernel log lines printed in between.
log_mark() { log_mark_at=$(dmesg | wc -l); }
log_since_mark() { dmesg | tail -n "+$((log_mark_at + 1))"; }

# log_verdict MODULE LINES: check the "MODULE: all N tests passed" line
# that kselftest_module.h prints; fail on "failed X out of N tests" or
# when there is no verdict at all.
log_verdict() {
	verdict=$(printf '%s\n' "$2" | grep -o "$1: \(all [0-9]* tests passed\|failed [0-9]* out of [0-9]* tests\)" | tail -n 1)
	case "$verdict" in
	*"tests passed") say "${verdict#"$1: "}" ;;
	"") fail "no verdict line from $1 in the kernel log" ;;
	*) fail "${verdict#"$1: "}" ;;
	esac
}
