#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make mutate: mutation testing of the kernel code under test, built for
# the host by tools/testbed.  gen.py writes one mutant per site of the
# functions listed in tools/mutate/targets; each mutant replaces its file
# in a scratch copy of the tree's files, tools/testbed builds it as the
# "patched" side (PATCHED=) and the checks run against it, cheapest first,
# until one fails:
#
#   parse-integer.c, kstrtox.c  vectors: selftests/lib/parse_integer.vectors
#                               through pi-vectors (every 64-bit-long line);
#                               quick: kstrtox-diff -t kstrto -n 2 -r 20000;
#                               full: kstrtox-diff -t kstrto (the default size);
#                               huge: kstrtox-diff -t huge (INT_MAX and
#                               INT_MAX + 1 digits, seconds: survivors only)
#   string.c, string_helpers.c  strscpy: kstrtox-diff -t strscpy
#
# Outcome per mutant: killed (a check failed or crashed), timeout (counts
# as killed), survived, equivalent (survived and listed with its argument
# in tools/mutate/equivalent.txt), same-object (equivalent: its object
# file, debug info stripped, is the unmutated one's, e.g. code the
# configuration compiles out; no check is run), stillborn (does not
# compile; not scored).  Results: $RESULTS/mutate/mutants.tsv (one
# row a mutant) and summary.txt; the last line printed is the score.
# Exit 0 when no mutant survived, 1 otherwise (or when equivalent.txt
# lists a mutant that was killed), 2 on a setup error.
#
# Environment: MUTATE_SAMPLE=K every K-th mutant only (the 1st, K+1-th,
# ... of the sorted list); MUTATE_IDS="ID ..." those mutants only (with
# MUTATE_SAMPLE: those too);
# MUTATE_JOBS (2) workers; seconds before a check counts as hung:
# MUTATE_VECTORS_TIMEOUT (10), MUTATE_TIMEOUT (60) for the quick and the
# strscpy check, MUTATE_FULL_TIMEOUT (600) for the full one;
# MUTATE_TARGETS, MUTATE_EQUIVALENT, MUTATE_VECTORS other input files;
# MUTATE_WORK (build/6.1/mutate) scratch, MUTATE_RESULTS (build/6.1/results/mutate).
. "$(dirname "$0")/../lib.sh"

HERE=$KSTRING_ROOT/tools/mutate
TESTBED=$KSTRING_ROOT/tools/testbed
TARGETS=${MUTATE_TARGETS:-$HERE/targets}
EQUIV=${MUTATE_EQUIVALENT:-$HERE/equivalent.txt}
VECTORS=${MUTATE_VECTORS:-$KSTRING_ROOT/selftests/lib/parse_integer.vectors}
SAMPLE=${MUTATE_SAMPLE:-1}
NJOBS=${MUTATE_JOBS:-2}
WORK=${MUTATE_WORK:-$VARIANT_ROOT/mutate}
OUT=${MUTATE_RESULTS:-$RESULTS/mutate}
T_BUILD=${MUTATE_BUILD_TIMEOUT:-300}
T_VEC=${MUTATE_VECTORS_TIMEOUT:-10}
T_QUICK=${MUTATE_TIMEOUT:-60}
T_FULL=${MUTATE_FULL_TIMEOUT:-600}
QUICK_ARGS="-t kstrto -n 2 -r 20000 -m 1"
FULL_ARGS="-t kstrto -m 1"
HUGE_ARGS="-t huge -m 1"
STRSCPY_ARGS="-t strscpy -m 1"
# what the testbed reads from a tree
TREE_FILES="lib/kstrtox.c lib/kstrtox.h lib/parse-integer.c lib/string.c
	lib/string_helpers.c lib/vsprintf.c include/linux/kstrtox.h
	include/linux/parse-integer.h"

# Our compiles share the machine: stay at nice 10 at least.
[ "$(nice)" -lt 10 ] && renice -n 10 -p $$ >/dev/null

[ -d "$TREE" ] || die "no prepared tree at $TREE (make selftests)"
case $SAMPLE in ''|*[!0-9]*|0) die "MUTATE_SAMPLE=$SAMPLE: a positive number" ;; esac
case $NJOBS in ''|*[!0-9]*|0) die "MUTATE_JOBS=$NJOBS: a positive number" ;; esac
t_start=$(now)

# ------------------------------------------------------------- mutants
# The workers' testbed builds are kept from run to run (make rebuilds
# what changed: a worker's copy of a file is only replaced when it
# differs, see worker()).
rm -rf "$WORK/orig" "$WORK/mutants" "$OUT" "$WORK"/w*/results "$WORK"/w*/setup-error
mkdir -p "$WORK/orig" "$WORK/mutants" "$OUT" || exit 2
for f in $TREE_FILES; do
	mkdir -p "$WORK/orig/$(dirname "$f")"
	cp "$TREE/$f" "$WORK/orig/$f" || die "$TREE/$f: missing"
done
# all.tsv: N ID FILE CHECKS MUTANT-PATH, N the index in the sorted list
: > "$WORK/all.tsv"
while read -r file funcs checks; do
	case $file in ''|'#'*) continue ;; esac
	d=$WORK/mutants/$(basename "$file")
	python3 "$HERE/gen.py" write "$WORK/orig/$file" "$funcs" "$d" || exit 2
	while IFS=$'\t' read -r i id; do
		printf '%s\t%s\t%s\t%s\n' "$id" "$file" "$checks" "$d/$i.c"
	done < "$d/list" >> "$WORK/all.tsv"
done < "$TARGETS"
awk -F'\t' '{ print NR "\t" $0 }' "$WORK/all.tsv" > "$WORK/numbered.tsv"
total=$(wc -l < "$WORK/numbered.tsv")
# the selection: MUTATE_IDS, or every SAMPLE-th mutant, or both
tr ' ' '\n' <<< "${MUTATE_IDS:-}" | grep . > "$WORK/ids"
unknown=$(awk -F'\t' 'NR == FNR { have[$2] = 1; next } !($1 in have)' \
	"$WORK/numbered.tsv" "$WORK/ids")
[ -z "$unknown" ] || die "MUTATE_IDS: no such mutant: $unknown"
what="every ${SAMPLE}th"
[ "$SAMPLE" = 1 ] && what=all
if [ -n "${MUTATE_IDS:-}" ] && [ -z "${MUTATE_SAMPLE:-}" ]; then
	SAMPLE=0 what=MUTATE_IDS
elif [ -n "${MUTATE_IDS:-}" ]; then
	what="$what + MUTATE_IDS"
fi
awk -F'\t' -v k="$SAMPLE" 'FILENAME == ARGV[1] { want[$1] = 1; next }
	($2 in want) || (k && ($1 - 1) % k == 0)' \
	"$WORK/ids" "$WORK/numbered.tsv" > "$WORK/todo.tsv"
todo=$(wc -l < "$WORK/todo.tsv")
[ "$todo" -gt 0 ] || die "no mutant selected ($what)"
say "mutate: $total mutants of $(grep -vc '^#\|^$' "$TARGETS") files, running $todo ($what), $NJOBS workers"

python3 "$HERE/vectors.py" "$VECTORS" "$WORK/vectors.req" "$WORK/vectors.exp" ||
	die "$VECTORS: no vectors"

# ------------------------------------------------------------- workers
# worker W: its own copy of the tree's files ($WORK/wW/src) and testbed
# build ($WORK/wW/testbed); mutants N with N % NJOBS == W - 1 of todo.
worker() {
	local w=$1 dir=$WORK/w$1 src=$WORK/w$1/src
	local O=$WORK/w$1/testbed log=$WORK/w$1/log
	local n id file checks mut obj status stage detail t0 rc prev=
	# the files as in the tree; one that differs (a mutant left by an
	# interrupted run, a tree changed since) gets a new time
	for f in $TREE_FILES; do
		mkdir -p "$src/$(dirname "$f")"
		cmp -s "$WORK/orig/$f" "$src/$f" || cp "$WORK/orig/$f" "$src/$f"
	done
	tb() {	# tb TIMEOUT TARGET [DIFF_ARGS]
		timeout "$1" make --no-print-directory -C "$TESTBED" BUILD="$dir" \
			TREE="$TREE" PATCHED="$src" ${3:+DIFF_ARGS="$3"} "$2" > "$log" 2>&1
	}
	objname() {
		case $1 in
		lib/string_helpers.c) echo strscpy_pad.o ;;
		*) basename "$1" .c | sed 's/$/.o/' ;;
		esac
	}
	vectors() {
		timeout "$T_VEC" "$O/host/pi-vectors" < "$WORK/vectors.req" \
			> "$dir/answers" 2>> "$log"
		rc=$?
		[ "$rc" = 124 ] && return 124
		detail=$(paste -d' ' "$WORK/vectors.exp" "$dir/answers" |
			awk '$2 " " $3 != $6 " " $7 { print "vector line " $1 ": expected " \
				$2 " " $3 ", kernel code " $6 " " $7; exit }')
		[ -z "$detail" ] && [ "$rc" != 0 ] && detail="pi-vectors exited $rc"
		[ -z "$detail" ]
	}
	diffcheck() {	# diffcheck TIMEOUT ARGS
		tb "$1" diff "$2"
		rc=$?
		[ "$rc" = 124 ] && return 124
		detail=$(grep -m1 '^result: [^ ]* FAIL' "$log" | cut -c9-)
		# and the first example the check printed
		[ -n "$detail" ] && grep -q '^# \(DIFF\|MODEL\|STRSCPY\|HUGE\) ' "$log" &&
			detail="$detail; $(grep -m1 '^# \(DIFF\|MODEL\|STRSCPY\|HUGE\) ' "$log" | cut -c3-240)"
		[ -z "$detail" ] && [ "$rc" != 0 ] &&
			detail="exit $rc: $(grep -m1 -i 'error\|fault\|abort' "$log")"
		[ "$rc" = 0 ]
	}
	# the unmutated code: builds, passes the cheap checks; its objects
	if ! { tb "$T_BUILD" pi-vectors && tb "$T_BUILD" diff "$STRSCPY_ARGS" &&
	       tb "$T_BUILD" diff "$QUICK_ARGS"; }; then
		echo "worker $w: the unmutated code does not build or pass: $(tail -3 "$log")" > "$dir/setup-error"
		return
	fi
	vectors || { echo "worker $w: the unmutated code fails: $detail" > "$dir/setup-error"; return; }
	for f in lib/parse-integer.c lib/kstrtox.c lib/string.c lib/string_helpers.c; do
		objcopy --strip-debug "$O/host/patched/$(objname $f)" "$dir/base-$(objname $f)"
	done
	: > "$dir/results"
	while IFS=$'\t' read -r n id file checks mut; do
		[ $(((n - 1) % NJOBS)) = $((w - 1)) ] || continue
		# put back the file the last mutant changed
		[ -n "$prev" ] && [ "$prev" != "$file" ] && cp "$WORK/orig/$prev" "$src/$prev"
		prev=$file
		cp "$mut" "$src/$file"
		t0=$(now) stage=build detail=
		obj=$(objname "$file")
		if ! tb "$T_BUILD" pi-vectors; then
			status=stillborn
			detail=$(grep -m1 'error:' "$log" | sed 's/.*error: //')
		elif objcopy --strip-debug "$O/host/patched/$obj" "$dir/cur.o" &&
		     cmp -s "$dir/cur.o" "$dir/base-$obj"; then
			status=same-object stage=- detail="object code identical to the unmutated $obj"
		else
			status=survived stage=-
			if [ "$checks" = parse ]; then
				for stage in vectors quick full huge; do
					case $stage in
					vectors) vectors ;;
					quick) diffcheck "$T_QUICK" "$QUICK_ARGS" ;;
					full) diffcheck "$T_FULL" "$FULL_ARGS" ;;
					huge) diffcheck "$T_FULL" "$HUGE_ARGS" ;;
					esac
					rc=$?
					[ "$rc" = 0 ] && continue
					status=killed
					[ "$rc" = 124 ] && status=timeout detail="timed out"
					break
				done
			else
				stage=strscpy
				diffcheck "$T_QUICK" "$STRSCPY_ARGS"
				rc=$?
				if [ "$rc" != 0 ]; then
					status=killed
					[ "$rc" = 124 ] && status=timeout detail="timed out"
				fi
			fi
			[ "$status" = survived ] && stage=-
		fi
		printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$id" "$status" "$stage" \
			"$(elapsed "$t0")" "${detail//$'\t'/ }" >> "$dir/results"
	done < "$WORK/todo.tsv"
	[ -n "$prev" ] && cp "$WORK/orig/$prev" "$src/$prev"
}

pids=
for w in $(seq 1 "$NJOBS"); do
	mkdir -p "$WORK/w$w"
	worker "$w" &
	pids="$pids $!"
done
trap 'kill $pids 2>/dev/null; exit 2' INT TERM
last=-1 tick=0
while :; do
	alive=0
	for p in $pids; do kill -0 "$p" 2>/dev/null && alive=1; done
	done_n=$(cat "$WORK"/w*/results 2>/dev/null | wc -l)
	tick=$((tick + 1))
	if [ "$alive" = 0 ] || { [ $((done_n / 20)) != $((last / 20)) ] && [ "$done_n" != "$last" ]; } ||
	   [ $((tick % 60)) = 0 ]; then
		[ "$done_n" != "$last" ] || [ "$alive" = 1 ] &&
			say "mutate: $done_n/$todo done, $(elapsed "$t_start") s," \
				"$(cat "$WORK"/w*/results 2>/dev/null | cut -f3 | sort | uniq -c |
				   awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1 }')"
		last=$done_n
	fi
	[ "$alive" = 0 ] && break
	sleep 1
done
wait
trap - INT TERM
if cat "$WORK"/w*/setup-error 2>/dev/null | grep .; then
	exit 2
fi

# ------------------------------------------------------------- results
# listed equivalents: a survivor listed in equivalent.txt is equivalent
{
	printf 'n\tid\tstatus\tstage\tseconds\tdetail\n'
	cat "$WORK"/w*/results | sort -n | awk -F'\t' -v OFS='\t' '
		FILENAME == ARGV[1] { if ($0 !~ /^#/ && NF) { id = $1; sub(/[ \t].*/, "", id)
			arg = $0; sub(/^[^ \t]*[ \t]+/, "", arg); eq[id] = arg }; next }
		$3 == "survived" && ($2 in eq) { $3 = "equivalent"; $6 = eq[$2] }
		($3 == "killed" || $3 == "timeout") && ($2 in eq) { $6 = $6 " (LISTED AS EQUIVALENT)" }
		{ print }' <(cat "$EQUIV" 2>/dev/null) -
} > "$OUT/mutants.tsv"
count() { awk -F'\t' -v s="$1" 'NR > 1 && $3 == s' "$OUT/mutants.tsv" | wc -l; }
N=$(($(wc -l < "$OUT/mutants.tsv") - 1))
killed=$(count killed) timeouts=$(count timeout) survived=$(count survived)
listed=$(count equivalent) same=$(count same-object) stillborn=$(count stillborn)
K=$((killed + timeouts)) E=$((listed + same))
scored=$((N - E - stillborn))
pct=$(awk -v k="$K" -v s="$scored" 'BEGIN { printf "%.1f", s ? 100 * k / s : 100 }')
wrong_eq=$(grep -c 'LISTED AS EQUIVALENT' "$OUT/mutants.tsv")
secs=$(elapsed "$t_start")
{
	echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "tree: $TREE ($(git -C "$TREE" rev-parse --short HEAD 2>/dev/null))"
	echo "selection: $todo of $total mutants ($what)"
	echo "time: $secs s, $NJOBS workers"
	echo "by file and status:"
	awk -F'\t' 'NR > 1 { split($2, a, ":"); c[a[1] " " $3]++ } END { for (k in c) print "  " k ": " c[k] }' \
		"$OUT/mutants.tsv" | sort
	echo "killed by:"
	awk -F'\t' 'NR > 1 && ($3 == "killed" || $3 == "timeout") { c[$4]++ } END { for (k in c) print "  " k ": " c[k] }' \
		"$OUT/mutants.tsv" | sort
	if [ "$survived" != 0 ]; then
		echo "survived:"
		awk -F'\t' 'NR > 1 && $3 == "survived" { print "  " $2 }' "$OUT/mutants.tsv"
	fi
	[ "$wrong_eq" = 0 ] || { echo "listed as equivalent but killed:"; grep 'LISTED AS EQUIVALENT' "$OUT/mutants.tsv" | cut -f2 | sed 's/^/  /'; }
	echo "mutants $N: killed $K ($timeouts by timeout), survived $survived," \
		"equivalent $E ($same same object code, $listed listed), stillborn $stillborn;" \
		"score $K/$scored ($pct%)"
} > "$OUT/summary.txt"
sed -n '/^by file/,$p' "$OUT/summary.txt"
say "mutate: results in $OUT/ (mutants.tsv, summary.txt), $secs s"
tail -n 1 "$OUT/summary.txt"
[ "$survived" = 0 ] && [ "$wrong_eq" = 0 ]
