#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# cross-boot-judge.sh CONSOLE_LOG COMMIT TEST...: judge the console log
# of a cross-architecture smoke boot (tools/qa/cross-boot.sh). One line a
# check, "PASS WHAT: detail" or "FAIL WHAT: reason"; exit 1 on any FAIL.
#  - kernel: the booted kernel is COMMIT's (its "Linux version" carries
#    -g<first 12 hex digits>, CONFIG_LOCALVERSION_AUTO), and it logged no
#    oops, BUG, WARNING or panic;
#  - TEST, a module: module-init loaded and unloaded it, and it logged its
#    kselftest verdict "TEST: all N tests passed" (or "remaining N tests
#    passed"), no "failed N out of M tests";
#  - TEST kunit:SUITE, a built-in KUnit suite: its top-level KTAP result
#    "ok N SUITE" is in the boot log;
#  - TEST prog:NAME, a program module-init ran: it exited 0 ("NAME:
#    passed"); else module-init's line on it and its first diagnostic
#    (a "# WHO: ..." line of parse_integer_stress, not main's or stats');
#  - init: module-init got to its end ("done: all loaded and unloaded").
log=$1 commit=$2
shift 2
fails=0
pass() { echo "PASS $1: $2"; }
fail() { echo "FAIL $1: $2"; fails=$((fails + 1)); }

version=$(grep -a -m1 -o 'Linux version [^ ]*' "$log")
problem=$(grep -a -m1 -E 'Kernel panic|BUG:|Oops|WARNING: CPU|Unable to handle kernel' "$log")
if [ -z "$version" ]; then
	fail kernel "no \"Linux version\" line: the kernel did not boot (see $log)"
elif [[ $version != *-g"${commit:0:12}" ]]; then
	fail kernel "$version is not commit ${commit:0:12}: rebuild it (make check-series)"
elif [ -n "$problem" ]; then
	fail kernel "${problem#*] }"
else
	pass kernel "${version#Linux version }"
fi
for m in "$@"; do
	if [[ $m == kunit:* ]]; then
		suite=${m#kunit:}
		result=$(grep -a -o -E "^\[ *[0-9.]+\] (not )?ok [0-9]+ $suite\b.*" "$log" |
			tr -d '\r' | tail -n 1)
		result=${result#*] }
		case $result in
		ok*) pass "$m" "$result" ;;
		'') fail "$m" "no KTAP result of the suite in the boot log" ;;
		*) fail "$m" "$result" ;;
		esac
		continue
	fi
	if [[ $m == prog:* ]]; then
		prog=${m#prog:}
		said=$(grep -a "^module-init: $prog: " "$log" | tr -d '\r' | tail -n 1)
		said=${said#"module-init: $prog: "}
		case $said in
		passed) pass "$m" "passed" ;;
		'') fail "$m" "module-init did not run it" ;;
		*) fail "$m" "$said ($(grep -a "^# " "$log" | tr -d '\r' |
			grep -m1 -v '^# \(main\|stats\): ' | sed 's/^# //' | grep . ||
			echo "no diagnostic"))" ;;
		esac
		continue
	fi
	verdict=$(grep -a -o -E "$m: (all|remaining) [0-9]+ tests passed|$m: failed [0-9]+ out of [0-9]+ tests" "$log" | tail -n 1)
	verdict=${verdict#"$m": }
	if [[ $verdict != *passed ]]; then
		fail "$m" "${verdict:-no kselftest verdict in the kernel log}"
	elif ! grep -a -q "^module-init: $m: loaded" "$log"; then
		fail "$m" "$verdict, but module-init did not load it"
	elif ! grep -a -q "^module-init: $m: unloaded" "$log"; then
		fail "$m" "$verdict, but it did not unload"
	else
		pass "$m" "$verdict"
	fi
done
if grep -a -q '^module-init: done: all loaded and unloaded' "$log"; then
	pass init "all loaded and unloaded"
else
	fail init "$(grep -a '^module-init: ' "$log" | tr -d '\r' | grep -v ': loaded$\|: unloaded$\|: passed$' |
		head -n 1 | sed 's/^module-init: //' | grep . || echo 'no end: it did not run or the boot stopped')"
fi
[ "$fails" -eq 0 ]
