#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host test of tools/run/coverage.sh, the host's half of make COVERAGE=1,
# without a guest: a lib/parse-integer.c stand-in built with --coverage in
# a scratch "kernel build" (KOBJ), run once, its .gcda sent the way the
# guest sends it (a gzip'ed tar of <KOBJ>/lib/*.gcda in base64, CRLF
# lines as a serial port may give), and the report checked: the per-file
# line, summary.json, the HTML page. No data must fail.
. "$(dirname "$0")/../lib.sh"
. "$KSTRING_ROOT/tools/tests/tap.sh"

if ! command -v genhtml >/dev/null || ! command -v gcc >/dev/null; then
	echo "1..0 # SKIP no lcov or gcc (make deps)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/lib" "$tmp/obj/lib" "$tmp/guest" "$tmp/run" "$tmp/empty"
cat > "$tmp/src/lib/parse-integer.c" <<'SRC'
int parse_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	return -1;
}

int main(void)
{
	return parse_digit('7') == 7 ? 0 : 1;
}
SRC
echo 1..6
(cd "$tmp/obj" && gcc --coverage -O0 -c "$tmp/src/lib/parse-integer.c" -o lib/parse-integer.o &&
	gcc --coverage -o lib/prog lib/parse-integer.o && ./lib/prog)
check "the stand-in builds and runs" '[ -f "$tmp/obj/lib/parse-integer.gcda" ]'
# what debugfs holds in the guest: <KOBJ>/lib/parse-integer.gcda
mkdir -p "$tmp/guest/$tmp/obj/lib"
mv "$tmp/obj/lib/parse-integer.gcda" "$tmp/guest/$tmp/obj/lib/"
tar -C "$tmp/guest" -czf - . | base64 | sed 's/$/\r/' > "$tmp/run/gcov.b64"
out=$(KOBJ=$tmp/obj "$KSTRING_ROOT/tools/run/coverage.sh" "$tmp/run" 2>&1)
rc=$?
check "run/coverage.sh exits 0 ($(tail -n 1 <<< "$out"))" '[ $rc = 0 ]'
check "one line for lib/parse-integer.c: 5 of 6 lines, 2 of 4 branches, 2 of 2 functions" \
	'grep -q "lib/parse-integer.c *lines  83.3% (5/6)  branches  50.0% (2/4)  functions 100.0% (2/2)" <<< "$out"'
check "coverage/summary.json names the line not reached" \
	'python3 -c "import json,sys; r=json.load(open(sys.argv[1])); sys.exit(r[0][\"lines_missed\"] != [5])" "$tmp/run/coverage/summary.json"'
check "an HTML report" '[ -s "$tmp/run/coverage/index.html" ]'
: > "$tmp/empty/gcov.b64"
KOBJ=$tmp/obj "$KSTRING_ROOT/tools/run/coverage.sh" "$tmp/empty" > /dev/null 2>&1
rc=$?
check "no data from the guest fails" '[ $rc != 0 ]'
exit $((fails > 0))
