#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# host-test: needs-tree (not in make check)
#
# Host test of make coverage-host (tools/testbed/coverage.sh): the lcov
# report of the patched kernel code built for the host, into a scratch
# directory. parse-integer.c and the strscpy() family must stay at 100 %
# of lines under the vectors and the testbed's checks (docs/coverage.md
# argues the branches that are not taken), and the summary must name
# every line not reached. About 35 s.
. "$(dirname "$0")/../lib.sh"
. "$KSTRING_ROOT/tools/tests/tap.sh"

if ! git -C "$TREE" rev-parse -q --verify 'pristine^{tree}' >/dev/null 2>&1; then
	echo "1..0 # SKIP no prepared tree with tag pristine at $TREE"
	exit 0
fi
if ! command -v genhtml >/dev/null; then
	echo "1..0 # SKIP no lcov (make deps)"
	exit 0
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo 1..8
COVERAGE_OUT=$out nice -n 10 "$KSTRING_ROOT/tools/testbed/coverage.sh" > "$out/log" 2>&1
rc=$?
check "coverage.sh exits 0 ($(tail -n 1 "$out/log"))" '[ $rc = 0 ]'
for m in vectors all; do
	check "$m: an HTML report" '[ -s "$out/$m/index.html" ]'
done
# summary.json, one row per file: (lines hit, lines) etc.
row() {
	python3 -c 'import json, sys
for r in json.load(open(sys.argv[1])):
    if r["file"] == sys.argv[2]:
        print(r[sys.argv[3]][0], r[sys.argv[3]][1])' "$out/$1/summary.json" "$2" "$3"
}
full() { read -r hit all <<< "$(row "$@")"; [ -n "$all" ] && [ "$all" -gt 0 ] && [ "$hit" = "$all" ]; }
check "all: every line of lib/parse-integer.c reached" 'full all lib/parse-integer.c lines'
check "all: every branch of lib/parse-integer.c taken" 'full all lib/parse-integer.c branches'
check "all: every line of the strscpy() family in lib/string.c reached" \
	'full all "lib/string.c:strscpy*" lines'
# the vectors alone cannot reach parse_integer()'s 2 GiB limit: the
# summary must say which line that is
check "vectors: lib/parse-integer.c's line not reached is listed" \
	'grep -A1 "^lib/parse-integer.c " "$out/vectors/summary.txt" | grep -q "not reached: L[0-9]"'
check "the per-file lines of the printout carry lines, branches, functions" \
	'grep -q "lib/kstrtox.c *lines .*branches .*functions" "$out/log"'
exit $((fails > 0))
