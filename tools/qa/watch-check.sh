#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make watch must judge what a save changed, not just pass: one make watch
# session (tools/run/watch.sh) of five rounds, each checked against its
# expectations in tools/qa/watch-check/:
#   1 boot                              passed.expect
#   2 a wrong vector saved              wrong-vector.expect
#   3 the vector file restored          passed.expect
#   4 test_parse_integer.c saved with inject_failure on: the module is
#     rebuilt and reloaded, no reboot   injected-module.expect
#   5 the source restored               passed.expect
# then that Ctrl-C (a TERM, as make passes it on) ends the session with
# 130 and leaves no QEMU and no share behind. The vector edits go to a copy of selftests/
# (SELFTESTS_SRC); the module source is restored whatever happens.
# Prints TAP; the session's output is build/watch-check.out.
. "$(dirname "$0")/../lib.sh"

expect=$KSTRING_ROOT/tools/qa/watch-check
out=$BUILD/watch-check.out
module_src=$TREE/lib/test_parse_integer.c
copy=$(mktemp -d) saved_src=$(mktemp)
cp -a "$SELFTESTS_SRC"/. "$copy"/ && cp "$module_src" "$saved_src" ||
	die "cannot copy selftests/ and $module_src"
vectors=$copy/lib/parse_integer.vectors
wpid=''
restore() {
	[ -n "$wpid" ] && kill "$wpid" 2>/dev/null && wait "$wpid"
	cp "$saved_src" "$module_src"
	rm -rf "$copy" "$saved_src"
}
trap restore EXIT
trap 'exit 130' INT TERM

wrong_vector() { printf 'u8    10  - %-24s %-7s %s\n' 41 2 42 >> "$vectors"; }
restore_vector() { cp "$SELFTESTS_SRC/lib/parse_integer.vectors" "$vectors"; }
inject_failure() {
	sed -i 's/^static bool inject_failure;$/static bool inject_failure = true;/' "$module_src"
	grep -q 'inject_failure = true;' "$module_src" ||
		die "no 'static bool inject_failure;' in $module_src to turn on"
}
restore_module() { cp "$saved_src" "$module_src"; }

# What make watch depends on (make watch: overlay).
make --no-print-directory -C "$KSTRING_ROOT" overlay > "$BUILD/watch-check-overlay.out" 2>&1 ||
	die "make overlay failed: see $BUILD/watch-check-overlay.out"
rm -f "$WATCH_ROUNDS_FILE"
SELFTESTS_SRC=$copy TESTS=lib:strscpy.sh,lib:parse_integer.sh PROFILE=quick \
	"$KSTRING_ROOT/tools/run/watch.sh" > "$out" 2>&1 &
wpid=$!

# round N EXPECT: check round N of the session against EXPECT.
round() {
	local dir code
	if ! watch_wait "$1" "$wpid"; then
		printf 'not ok 1 - make watch round %s (%s): the session ended first; see %s\n' \
			"$1" "$2" "$out"
		return
	fi
	dir=$(watch_round_dir "$1")
	code=$(sed -n 's/^ *"exit_code": \([0-9]*\).*/\1/p' "$dir/summary.json")
	python3 "$KSTRING_ROOT/tools/results" expect "$dir/summary.json" \
		"${code:-2}" "$expect/$2.expect" "make watch round $1 ($2)"
}

round 1 passed
wrong_vector
round 2 wrong-vector
restore_vector
round 3 passed
inject_failure
round 4 injected-module
restore_module
round 5 passed
kill -TERM "$wpid"
wait "$wpid"
rc=$?
wpid=''
leftover=$(pgrep -f "$BUILD/watch/share")
echo "TAP version 13"
echo "1..3"
[ "$rc" -eq 130 ] && ok= || ok='not '
echo "${ok}ok 1 - make watch: Ctrl-C ends it with 130 (got $rc)"
[ -z "$leftover" ] && ok= || ok='not '
echo "${ok}ok 2 - make watch: no QEMU left behind${leftover:+ (pid $leftover)}"
[ ! -e "$BUILD/watch/share" ] && ok= || ok='not '
echo "${ok}ok 3 - make watch: its share removed"
