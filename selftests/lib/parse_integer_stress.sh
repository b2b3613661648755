#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Stress test of /sys/kernel/test_parse_integer/: load the module, run
# parse_integer_stress (writer and reader processes for a bounded time,
# every write and read checked against a model; see its header), then
# check that the module unloads and that the kernel log stayed clean.
# TAP output; exit 0 pass, 1 fail, 4 skip.
#
# Usage: parse_integer_stress.sh [OPTION...]   options of parse_integer_stress,
#        e.g. -w 4 -t 10, override the environment:
#   STRESS_WRITERS=8    writer processes
#   STRESS_READERS=2    reader processes
#   STRESS_SECONDS=60   duration of the concurrent phase
#   STRESS_SEED=n       random seed (default: time)
#   STRESS_FAKE=bug     host dry run: no module, no sysfs, no root; an
#                       emulation of the module with an injected bug
#                       (none, errno, seq, value, torn, store) instead
#   STRESS_LONG_BITS=32 with STRESS_FAKE: the emulated kernel's width of
#                       long (default 64; a real module's long_bits says it)
#   STRESS_WRONG_MODEL=1  check against a deliberately wrong model
#   SYSFS_DIR=dir, SKIP_MODPROBE=1  use an already loaded module's files
desc=parse_integer_stress
MODULE=test_parse_integer
DIR=$(dirname "$0")
. "$DIR/kmod_log.sh"

prog=$DIR/parse_integer_stress
fake=${STRESS_FAKE:-}
[ -n "$fake" ] && SKIP_MODPROBE=1
SKIP_MODPROBE=${SKIP_MODPROBE:-0}

args=(-w "${STRESS_WRITERS:-8}" -r "${STRESS_READERS:-2}"
	-t "${STRESS_SECONDS:-60}" -d "${SYSFS_DIR:-/sys/kernel/$MODULE}")
[ -n "${STRESS_SEED:-}" ] && args+=(-s "$STRESS_SEED")
[ -n "$fake" ] && args+=(-F "$fake")
[ -n "$fake" ] && [ -n "${STRESS_LONG_BITS:-}" ] && args+=(-L "$STRESS_LONG_BITS")
[ "${STRESS_WRONG_MODEL:-0}" = 1 ] && args+=(-M)

[ -x "$prog" ] || { echo "TAP version 13"; echo "Bail out! $prog is not built"; exit 1; }
[ "$SKIP_MODPROBE" = 1 ] || kmod_require $MODULE

n=0 failed=0
ok() { echo "ok $((++n)) - $*"; }
not_ok() { echo "not ok $((++n)) - $*"; failed=$((failed + 1)); }
skipped() { echo "ok $((++n)) - $* # SKIP SKIP_MODPROBE=1"; }

echo "TAP version 13"
echo "1..4"

if [ "$SKIP_MODPROBE" = 1 ]; then
	skipped "load $MODULE"
else
	log_mark
	start_mark=$log_mark_at
	kmod_load $MODULE
	if out=$(kmod_verdict $MODULE 2>&1 && echo "$kmod_verdict_text"); then
		ok "load $MODULE # $out"
	else
		out=${out#"$desc: "}
		not_ok "load $MODULE # ${out%" [FAIL]"}"
		echo "Bail out! cannot stress a module that did not load"
		exit 1
	fi
fi

t0=$(date +%s)
"$prog" "${args[@]}" "$@"
rc=$?
if [ $rc -eq 0 ]; then
	ok "stress: every write and read as the model says"
else
	not_ok "stress: every write and read as the model says # parse_integer_stress exited $rc"
fi
echo "# wall time of the stress run: $(( $(date +%s) - t0 )) s"

if [ "$SKIP_MODPROBE" = 1 ]; then
	skipped "unload $MODULE"
	skipped "kernel log clean"
	exit $(( failed ? 1 : 0 ))
fi

if ! out=$(kmod_unload $MODULE 2>&1); then
	out=${out#"$desc: "}
	not_ok "unload $MODULE # ${out%" [FAIL]"}"
elif [ -e /sys/kernel/$MODULE ] || grep -q "^$MODULE " /proc/modules; then
	not_ok "unload $MODULE # still in /sys/kernel or /proc/modules"
else
	ok "unload $MODULE"
fi

log_mark_at=$start_mark
log_clean_result "kernel log clean since the load"
exit $(( failed ? 1 : 0 ))
