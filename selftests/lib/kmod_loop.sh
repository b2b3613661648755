#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Load and unload each string test module many times: every load must
# succeed and log its "all N tests passed" verdict, every unload must
# succeed and remove the module, and /proc/modules must not list any of
# them at the end. A module's loop stops at its first failure. TAP output;
# exit 0 pass, 1 fail, 4 skip.
#
# Environment:
#   KMOD_LOOP_COUNT=100                   cycles per module
#   KMOD_LOOP_MODULES="test_strscpy test_parse_integer"
#                                         (test_strscpy where the kernel
#                                         has it: 6.12 tests strscpy()
#                                         with KUnit)
# Arguments are passed to every modprobe, e.g. "kmod_loop.sh
# inject_failure=1" must fail.
desc=kmod_loop
. "$(dirname "$0")/kmod_log.sh"

params=("$@")
count=${KMOD_LOOP_COUNT:-100}
modules=${KMOD_LOOP_MODULES:-$($modprobe -n -q test_strscpy &&
	echo test_strscpy) test_parse_integer}

[[ $count =~ ^[1-9][0-9]*$ ]] || { echo "Bail out! bad KMOD_LOOP_COUNT=$count"; exit 1; }
for m in $modules; do
	kmod_require "$m"
done


# Forks are slow in a TCG guest: a cycle is modprobe, modprobe -r and
# shell builtins, and the verdicts are counted once per batch of cycles,
# in the kernel log after a marker written to /dev/kmsg. A batch is far
# smaller than the log buffer, so its marker cannot scroll away.
batch=25

# cycle MODULE: one load and unload; on failure the reason in $why.
cycle() {
	$modprobe "$1" "${params[@]}" || { why="modprobe exited $?"; return 1; }
	[ -d "/sys/module/$1" ] || { why="loaded but not in /sys/module"; return 1; }
	$modprobe -r "$1" || { why="modprobe -r exited $?"; return 1; }
	[ ! -d "/sys/module/$1" ] || { why="still in /sys/module after modprobe -r"; return 1; }
}

# verdicts MODULE MARK LOADS: the log since MARK has LOADS passing
# verdicts of MODULE and no failing one; on failure the reason in $why.
verdicts() {
	local log pass fails

	log=$(dmesg | sed -n "/$2\$/,\$p" | kstm_verdicts "$1")
	pass=$(grep -c "tests passed" <<< "$log")
	fails=$(grep -v "tests passed" <<< "$log" | grep -c .)
	verdict=$(grep "tests passed" <<< "$log" | tail -n 1)
	if [ "$fails" -ne 0 ]; then
		why="$(grep -v "tests passed" <<< "$log" | tail -n 1)"
	elif [ "$pass" -ne "$3" ]; then
		why="$pass verdict lines for $3 loads"
	else
		return 0
	fi
	return 1
}

echo "TAP version 13"
echo "1..$(( $(wc -w <<< "$modules") + 1 ))"
for m in $modules; do
	SECONDS=0
	why=
	for (( i = 1; i <= count && !${#why}; i += batch )); do
		mark="kmod_loop $$ $EPOCHREALTIME: $m from cycle $i"
		echo "$mark" > /dev/kmsg
		for (( j = i; j < i + batch && j <= count; j++ )); do
			cycle "$m" && continue
			last=$(dmesg | sed -n "/$mark\$/,\$p" | kstm_verdicts "$m" | tail -n 1)
			why="cycle $j: $why${last:+ ($m: $last)}"
			break
		done
		[ -n "$why" ] || verdicts "$m" "$mark" $(( j - i )) ||
			why="cycles $i to $(( j - 1 )): $why"
	done
	if [ -z "$why" ]; then
		ok "$m load/unload cycles # $count, each: $verdict ($SECONDS s)"
	else
		[ -d "/sys/module/$m" ] && $modprobe -q -r "$m"
		not_ok "$m load/unload cycles # $why"
	fi
done

left=$(grep -wE "^($(tr ' ' '|' <<< "$modules"))" /proc/modules)
if [ -z "$left" ]; then
	ok "no test module left loaded # /proc/modules lists none of: $modules"
else
	left=$(cut -d' ' -f1 <<< "$left" | tr '\n' ' ')
	not_ok "no test module left loaded # /proc/modules still lists: $left"
fi
exit $(( tap_failed ? 1 : 0 ))
