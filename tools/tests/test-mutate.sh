#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# host-test: needs-tree (not in make check)
#
# Host test of make mutate (tools/mutate): the generator gives exactly the
# mutants listed for a fixture, each one change that keeps every line
# number; then the runner, on a fast subset of the tree's mutants plus a
# few chosen ones, kills a known-bad mutant, finds one that compiles to
# the same object code, reports one that does not compile as stillborn,
# reports a survivor when its equivalent.txt line is taken away and flags
# an equivalent.txt line that names a killed mutant; and no mutant of the
# subset survives that equivalent.txt does not explain.
# MUTATE_TEST_SAMPLE (default 25): every K-th mutant of the tree.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tap.sh"
gen=$KSTRING_ROOT/tools/mutate/gen.py
fix=$KSTRING_ROOT/tools/tests/fixtures/mutate
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT

# chosen mutants of the tree (tools/mutate/targets)
bad='parse-integer.c:62:16:ROR:==:!='		# '-' taken for '+': vectors kill it
same='string.c:182:3:CNR:if:0'			# under #ifndef CONFIG_DCACHE_WORD_ACCESS
stillborn='kstrtox.c:111:2:SDL:stmt:;'		# kstrtox()'s value statement deleted
equiv='string.c:201:13:ROR:>=:>'		# word loop one word shorter: listed equivalent

echo "TAP version 13"
echo "1..14"

# ---- the generator, on the fixture
grep -v '^#' "$fix/fixture.expected" > "$tmp/expected"
( cd "$fix" && python3 "$gen" list fixture.c clamp,TWICE ) > "$tmp/list"
cut -f1 "$tmp/list" > "$tmp/ids"
check "gen.py: the fixture's mutants are the $(wc -l < "$tmp/expected") listed, in order" \
	'diff "$tmp/expected" "$tmp/ids" > "$tmp/ids.diff" || { sed "s/^/# /" "$tmp/ids.diff"; false; }'
check "gen.py: none in untouched(), a comment, a string or a directive line" \
	'! cut -f2 "$tmp/list" | grep -qvx "8\|17\|19\|20\|22\|24\|25\|26\|27" &&
	 ! grep -q "\"a<b\"\|:17:1[3-9]:\|:17:2" "$tmp/ids"'
( cd "$fix" && python3 "$gen" write fixture.c clamp,TWICE "$tmp/all" )
lines=$(wc -l < "$fix/fixture.c")
check "gen.py write: every mutant differs from the fixture in one line, line count kept" \
	'for f in "$tmp"/all/*.c; do
		[ "$(wc -l < "$f")" = "$lines" ] &&
		[ "$(diff "$fix/fixture.c" "$f" | grep -c "^[<>]")" = 2 ] || { echo "# $f"; exit 1; }
	 done'
python3 "$gen" apply "$fix/fixture.c" clamp,TWICE 'fixture.c:19:8:ROR:>:>=' "$tmp/one.c"
check "gen.py apply: fixture.c:19:8:ROR:>:>= turns 'n > LIMIT' into 'n >= LIMIT'" \
	'[ "$(diff "$fix/fixture.c" "$tmp/one.c" | grep "^>")" = "> 	if (n >= LIMIT && s[0] != '"'x'"')" ]'
python3 "$gen" apply "$fix/fixture.c" clamp,TWICE 'fixture.c:19:2:CNR:if:!' "$tmp/neg.c"
check "gen.py apply: a condition negated keeps its text inside !( )" \
	'grep -q "if (!(n > LIMIT && s\[0\] != '"'x'"'))" "$tmp/neg.c"'
check "gen.py: an unknown function is an error, an unknown id too" \
	'! python3 "$gen" list "$fix/fixture.c" nosuch 2>/dev/null &&
	 ! python3 "$gen" apply "$fix/fixture.c" clamp nosuch:1 "$tmp/x.c" 2>/dev/null'

# ---- the runner, on the tree
if [ ! -d "$TREE" ] || ! git -C "$TREE" rev-parse -q --verify 'pristine^{tree}' >/dev/null 2>&1; then
	for i in $(seq 7 14); do echo "ok $i # SKIP no prepared tree at $TREE"; done
	exit $((fails > 0))
fi
# equivalent.txt without $equiv's line, and with a wrong line for $bad
awk -v id="$equiv" '$1 != id' "$KSTRING_ROOT/tools/mutate/equivalent.txt" > "$tmp/equivalent.txt"
echo "$bad	(wrong on purpose: the test checks that a killed mutant listed here is flagged)" >> "$tmp/equivalent.txt"
out=$BUILD/tests/mutate-results	# (test scratch, like MUTATE_WORK)
t0=$(now)
MUTATE_SAMPLE=${MUTATE_TEST_SAMPLE:-25} MUTATE_IDS="$bad $same $stillborn $equiv" \
MUTATE_EQUIVALENT=$tmp/equivalent.txt MUTATE_WORK=$BUILD/mutate-test MUTATE_RESULTS=$out \
	"$KSTRING_ROOT/tools/mutate/run.sh" > "$tmp/run.log" 2>&1
rc=$?
secs=$(elapsed "$t0")
tsv=$out/mutants.tsv
status() { awk -F'\t' -v id="$1" '$2 == id { print $3 "\t" $4 "\t" $6 }' "$tsv"; }
check "run.sh ends with the score line and exits 1 (a survivor, a wrong line) in ${secs} s" \
	'[ "$rc" = 1 ] && tail -n 1 "$tmp/run.log" | grep -q "^mutants [0-9]*: killed [0-9]* .*score [0-9]*/[0-9]*"' 
check "$bad is killed by a vector, which is named" \
	'status "$bad" | grep -q "^killed	vectors	vector line [0-9]*: expected"'
check "$same has the unmutated object code (same-object)" \
	'status "$same" | grep -q "^same-object	"'
check "$stillborn does not compile: stillborn" \
	'status "$stillborn" | grep -q "^stillborn	"'
check "$equiv survives without its equivalent.txt line" \
	'status "$equiv" | grep -q "^survived	"'
check "a line of equivalent.txt naming a killed mutant is flagged" \
	'status "$bad" | grep -q "LISTED AS EQUIVALENT" && grep -q "^listed as equivalent but killed" "$out/summary.txt"'
check "the subset: every other mutant killed, equivalent, same-object or stillborn" \
	'! awk -F"\t" -v e="$equiv" "NR > 1 && \$3 == \"survived\" && \$2 != e" "$tsv" | grep . | sed "s/^/# /" | grep -q .'
n_rows=$(($(wc -l < "$tsv") - 1))
check "the score line counts every row of mutants.tsv ($n_rows)" \
	'tail -n 1 "$tmp/run.log" | grep -q "^mutants $n_rows: "'
[ "$fails" = 0 ] || sed 's/^/# /' "$tmp/run.log" | tail -n 30
echo "# $(tail -n 1 "$tmp/run.log")"
exit $((fails > 0))
