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
# Arguments are passed to every modprobe, e.g. "kmod_loop.sh
# inject_failure=1" must fail.
desc=kmod_loop
. "$(dirname "$0")/kmod_log.sh"

params=("$@")
count=${KMOD_LOOP_COUNT:-100}
modules=${KMOD_LOOP_MODULES:-test_strscpy test_parse_integer}

[[ $count =~ ^[1-9][0-9]*$ ]] || { echo "Bail out! bad KMOD_LOOP_COUNT=$count"; exit 1; }
for m in $modules; do
	kmod_require "$m"
done

n=0 failed=0
ok() { echo "ok $((++n)) - $*"; }
not_ok() { echo "not ok $((++n)) - $*"; failed=$((failed + 1)); }

# cycle MODULE: one load and unload; on failure the reason in $why.
cycle() {
	local out

	kmod_load "$@"
	if ! out=$(kmod_verdict "$1" 2>&1 && echo "$kmod_verdict_text"); then
		why="load: ${out#"$desc: "}"
		[ -d "/sys/module/$1" ] && $modprobe -q -r "$1"
		return 1
	fi
	verdict=$out
	[ -d "/sys/module/$1" ] || { why="loaded but not in /sys/module"; return 1; }
	$modprobe -q -r "$1" || { why="modprobe -r exited $?"; return 1; }
	if [ -d "/sys/module/$1" ]; then
		why="still in /sys/module after modprobe -r"
		return 1
	fi
}

echo "TAP version 13"
echo "1..$(( $(wc -w <<< "$modules") + 1 ))"
for m in $modules; do
	t0=$(date +%s)
	for (( i = 1; i <= count; i++ )); do
		cycle "$m" "${params[@]}" || break
	done
	if (( i > count )); then
		ok "$m: $count load/unload cycles, each: $verdict ($(( $(date +%s) - t0 )) s)"
	else
		not_ok "$m: cycle $i of $count: $why"
	fi
done

left=$(grep -wE "^($(tr ' ' '|' <<< "$modules"))" /proc/modules)
if [ -z "$left" ]; then
	ok "/proc/modules lists none of: $modules"
else
	not_ok "/proc/modules still lists: $(cut -d' ' -f1 <<< "$left" | tr '\n' ' ')"
fi
exit $(( failed ? 1 : 0 ))
