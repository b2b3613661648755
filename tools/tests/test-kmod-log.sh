#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# log_problems of selftests/lib/kmod_log.sh, the guest-side kernel-log
# check of the lib/ selftests, on recorded kernel logs: it reports a WARN
# and a kmemleak that gave up; with the name of a task that fails its own
# allocations on purpose it excuses that task's allocation-failure dump
# and kmemleak's notice that an injected failure hit its scan-area
# allocation, and nothing else (the SANITIZE=1 run of
# parse_integer_faults.sh met the notice).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
. "$here/tap.sh"
desc=test-kmod-log
. "$SELFTESTS_SRC/lib/kmod_log.sh"
log=
log_since_mark() { printf '%s\n' "$log"; }
problems() {	# problems COMM LINE...: what log_problems COMM finds in LINEs
	local comm=$1
	shift
	log=$(printf '%s\n' "$@")
	log_problems "$comm"
}
dump=("[ 9.0] parse_integer_f: vmalloc error: size 4096, failed to allocate pages"
      "[ 9.1] Call Trace:" "[ 9.2]  <TASK>" "[ 9.3]  dump_stack_lvl+0x1/0x2"
      "[ 9.4]  </TASK>")
scan="[ 9.5] kmemleak: Cannot allocate a scan area, scanning the full object"
warn="[ 9.6] WARNING: CPU: 0 PID: 1 at lib/string.c:171 strscpy+0x1/0x2"
gone="[ 9.7] kmemleak: Kernel memory leak detector disabled"

echo "TAP version 13"
echo "1..6"
check "a WARN is a problem" \
	"[ \"\$(problems '' \"\$warn\")\" = \"\$warn\" ]"
check "the injecting task's allocation-failure dump is excused, to its </TASK>" \
	"[ -z \"\$(problems parse_integer_f \"\${dump[@]}\")\" ]"
check "... but not without its name, nor another task's" \
	"problems '' \"\${dump[@]}\" | grep -q 'Call Trace' && problems modprobe \"\${dump[@]}\" | grep -q 'Call Trace'"
check "kmemleak's scan-area notice is excused while a task injects failures" \
	"[ -z \"\$(problems parse_integer_f \"\$scan\")\" ]"
check "... and a problem otherwise" \
	"[ \"\$(problems '' \"\$scan\")\" = \"\$scan\" ]"
check "a disabled kmemleak and a WARN after the dump are problems even then" \
	"[ \"\$(problems parse_integer_f \"\${dump[@]}\" \"\$scan\" \"\$gone\" \"\$warn\")\" = \"\$(printf '%s\n' \"\$gone\" \"\$warn\")\" ]"
[ "$fails" -eq 0 ]
