# SPDX-License-Identifier: GPL-2.0
#
# Helpers for lib/ selftests that do more with a test module than load it
# once (kselftest/module.sh does that, verdict line included): load it
# with a failure expected, in a loop, or beside other work, and judge it
# by the lines it logs; numbered TAP results for those that report more
# than one. Sourced, with "desc" set first.
#
# Exit codes follow kselftest: 0 pass, 1 fail, 4 skip.

modprobe=${MODPROBE:-/sbin/modprobe}

say() { echo "$desc: $*"; }
pass() { say "$* [PASS]"; exit 0; }
fail() { say "$* [FAIL]" >&2; exit 1; }
skip() { say "$* [SKIP]" >&2; exit 4; }

# ok DESC, not_ok DESC: the next numbered TAP result; tap_failed counts
# the failed ones, tap_n all.
tap_n=0 tap_failed=0
ok() { echo "ok $((++tap_n)) - $*"; }
not_ok() { echo "not ok $((++tap_n)) - $*"; tap_failed=$((tap_failed + 1)); }

# kstm_verdicts MODULE: every verdict MODULE logged in the kernel log on
# stdin, "all N tests passed" or "failed X out of N tests" (the lines
# kselftest_module.h prints at load), one a line.
kstm_verdicts() {
	grep -oE "$1: (all [0-9]+ tests passed|failed [0-9]+ out of [0-9]+ tests)" |
		sed "s/^$1: //"
}

# kmod_require MODULE: skip unless root, with a readable kernel log and
# MODULE installed; unload a copy left loaded by an earlier run.
kmod_require() {
	[ "$(id -u)" -eq 0 ] || skip "please run as root"
	dmesg >/dev/null 2>&1 || skip "cannot read the kernel log"
	$modprobe -q -n "$1" || skip "module $1 is not found"
	if [ -d "/sys/module/$1" ]; then
		$modprobe -q -r "$1" || fail "cannot unload a stale $1"
	fi
}

# log_mark, then log_since_mark: the kernel log lines printed in between.
log_mark() { log_mark_at=$(dmesg | wc -l); }
log_since_mark() { dmesg | tail -n "+$((log_mark_at + 1))"; }

# kmod_load MODULE [PARAM...]: load it, leave its new log lines in
# $kmod_log and modprobe's status in $kmod_rc.
kmod_load() {
	log_mark
	$modprobe "$@"
	kmod_rc=$?
	kmod_log=$(log_since_mark)
}

# kmod_verdict MODULE: judge the "MODULE: all N tests passed" line that
# kselftest_module.h prints. Fails on "failed X out of N tests", on no
# verdict line, and on a failed load despite a passing line.
kmod_verdict() {
	verdict=$(printf '%s\n' "$kmod_log" | kstm_verdicts "$1" | tail -n 1)
	case $verdict in
	"") fail "no verdict line from $1 in the kernel log (modprobe exit $kmod_rc)" ;;
	*"tests passed") ;;
	*) fail "$verdict" ;;
	esac
	[ "$kmod_rc" -eq 0 ] || fail "modprobe exited $kmod_rc despite: $verdict"
	kmod_verdict_text=$verdict
}

# kmod_unload MODULE: unload it if it is loaded.
kmod_unload() {
	[ -d "/sys/module/$1" ] || return 0
	$modprobe -q -r "$1" || fail "cannot unload $1"
}

# log_problems [COMM]: the lines of the kernel log since the mark that
# report a kernel problem (oops, WARN, sanitizers, lockdep, hung tasks).
# When task COMM fails its own allocations on purpose, its
# allocation-failure reports, up to the end of their stack dump, are not;
# nor is kmemleak's notice that an injected failure hit its scan-area
# allocation (it then scans the whole object: nothing is missed).
log_problems() {
	local re='Oops|BUG:|WARNING:|Kernel panic|general protection'
	re+='|UBSAN:|KASAN:|KCSAN:|kmemleak:|Call Trace:'
	re+='|possible (circular|recursive) locking|suspicious RCU usage'
	re+='|blocked for more than'
	log_since_mark | awk -v re="$re" -v comm="${1:-}" '
		comm != "" && index($0, "] " comm ": ") &&
		/: (vmalloc error|page allocation failure):/ { quiet = 1 }
		quiet { if (/<\/TASK>/) quiet = 0; next }
		comm != "" && /kmemleak: Cannot allocate a scan area, scanning the full object$/ { next }
		$0 ~ re'
}

# log_clean_result DESC [COMM]: one TAP result, ok when log_problems
# [COMM] finds nothing, else not ok with the first 20 lines it found.
log_clean_result() {
	local bad
	bad=$(log_problems "${2:-}")
	if [ -z "$bad" ]; then
		ok "$1"
	else
		not_ok "$1"
		printf '%s\n' "$bad" | head -n 20 | sed 's/^/# /'
	fi
}
