#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# test_parse_integer under allocation failures (fault injection, as
# syzkaller drives it): each slab allocation of the module's load, of a
# write to "parse" and of a write to each "value_<type>" fails in turn
# (parse_integer_faults, see its header). A failed load must leave
# nothing behind and a later load must work; a failed write must fail
# with ENOMEM and change nothing; the kernel log must stay clean.
# TAP output; exit 0 pass, 1 fail, 4 skip.
#
# Needs CONFIG_FAULT_INJECTION, CONFIG_FAILSLAB and
# CONFIG_FAULT_INJECTION_DEBUG_FS (failslab fails GFP_KERNEL allocations
# only with its ignore-gfp-wait off; the script sets it and restores it).
#   FAULTS_LOAD_STRIDE=n  fail every n-th allocation of the load only
#                         (default 1: every one)
desc=parse_integer_faults
MODULE=test_parse_integer
DIR=$(dirname "$0")
. "$DIR/kmod_log.sh"

prog=$DIR/parse_integer_faults
failslab=/sys/kernel/debug/failslab
sysfs=/sys/kernel/$MODULE

[ -x "$prog" ] || { echo "TAP version 13"; echo "Bail out! $prog is not built"; exit 1; }
[ -e /proc/self/fail-nth ] || skip "no /proc/self/fail-nth: CONFIG_FAULT_INJECTION is off"
kmod_require $MODULE
[ -d /sys/kernel/debug/failslab ] ||
	mount -t debugfs none /sys/kernel/debug 2>/dev/null
[ -d $failslab ] ||
	skip "no $failslab: CONFIG_FAILSLAB or CONFIG_FAULT_INJECTION_DEBUG_FS is off"
ko=$(modinfo -n $MODULE) || skip "modinfo cannot find $MODULE"

# finit_module() takes what the kernel can read itself: an uncompressed
# copy of a compressed module.
tmp=$(mktemp -d) || fail "mktemp failed"
saved_gfp=$(cat $failslab/ignore-gfp-wait)
saved_verbose=$(cat $failslab/verbose)
restore() {
	echo "$saved_gfp" > $failslab/ignore-gfp-wait
	echo "$saved_verbose" > $failslab/verbose
	rm -rf "$tmp"
}
trap restore EXIT
case $ko in
*.xz) xz -dc "$ko" > "$tmp/$MODULE.ko" && ko=$tmp/$MODULE.ko ;;
*.zst) zstd -qdc "$ko" > "$tmp/$MODULE.ko" && ko=$tmp/$MODULE.ko ;;
*.gz) gzip -dc "$ko" > "$tmp/$MODULE.ko" && ko=$tmp/$MODULE.ko ;;
esac
# Every GFP_KERNEL allocation may fail; a notice per failure, no stack.
echo N > $failslab/ignore-gfp-wait
echo 1 > $failslab/verbose

# sweep DESC ARGS...: run parse_integer_faults, its findings as
# diagnostics, one TAP result with its summary or first finding.
sweep() {
	local what=$1 out rc first last
	shift
	out=$("$prog" "$@")
	rc=$?
	printf '%s\n' "$out" | grep '^# '
	first=$(printf '%s\n' "$out" | sed -n 's/^# //p' | head -n 1)
	last=$(printf '%s\n' "$out" | grep -v '^# ' | tail -n 1)
	if [ $rc -eq 0 ]; then
		ok "$what # $last"
	else
		not_ok "$what # ${first:-parse_integer_faults exited $rc}"
	fi
}

echo "TAP version 13"
echo "1..5"
log_mark
start_mark=$log_mark_at

sweep "load with each allocation failing in turn" \
	load "$ko" $MODULE "${FAULTS_LOAD_STRIDE:-1}"

# The verdict of the load that worked: the last one in the log.
kmod_log=$(log_since_mark) kmod_rc=0
if [ -d $sysfs ] && out=$(kmod_verdict $MODULE 2>&1 && echo "$kmod_verdict_text"); then
	ok "the load that worked passed its tests # $out"
else
	not_ok "the load that worked passed its tests # ${out#"$desc: "}"
	echo "Bail out! $MODULE is not loaded"
	exit 1
fi

sweep "writes with each allocation failing in turn: ENOMEM, nothing changed" \
	writes $sysfs

if ! out=$(kmod_unload $MODULE 2>&1); then
	not_ok "unload $MODULE # ${out#"$desc: "}"
else
	ok "unload $MODULE"
fi

# The kernel reports some failed allocations with a stack dump (vmalloc's
# warn_alloc()): those of this test's own task (comm, 15 characters) are
# expected.
log_mark_at=$start_mark
log_clean_result "kernel log clean" "$(printf %.15s "${prog##*/}")"
exit $((tap_failed ? 1 : 0))
