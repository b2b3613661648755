#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench-loop: the developer loop's wall times, each the median of
# BENCH_RUNS (3) runs, with the date, the machine and its load:
#   no-op make            nothing changed: the last passing run reprinted
#   vector edit + boot    one vector appended to parse_integer.vectors,
#                         make run TESTS=lib:parse_integer.sh
#   default run           make run (the quick profile, all of lib/)
#   full run              make run PROFILE=full
#   make check            the hermetic host tests
#   vector edit, watch    one vector appended under make watch, until its
#                         round's verdict
#   test-module edit, watch
#                         a comment appended to lib/test_parse_integer.c
#                         in build/linux under make watch, until the
#                         verdict of its round (module rebuilt, reloaded)
# The vector file and the module source are restored whatever happens.
# The figures for the README's table; docs/measurements.md keeps them.
. "$(dirname "$0")/../lib.sh"

runs=${BENCH_RUNS:-3}
vectors=$SELFTESTS_SRC/lib/parse_integer.vectors
module_src=$TREE/lib/test_parse_integer.c
saved=$(mktemp) saved_src=$(mktemp)
cp "$vectors" "$saved" && cp "$module_src" "$saved_src" ||
	die "cannot save $vectors and $module_src"
wpid=''
restore() {
	[ -n "$wpid" ] && kill "$wpid" 2>/dev/null && wait "$wpid"
	cp "$saved" "$vectors"
	cp "$saved_src" "$module_src"
	rm -f "$saved" "$saved_src"
}
trap restore EXIT
trap 'exit 130' INT TERM
out=$BUILD/bench-loop
mkdir -p "$out"

# timed NAME CMD...: CMD's wall seconds (it must pass), its output kept
# in build/bench-loop/NAME.out.
timed() {
	local name=$1 t0
	shift
	t0=$(now)
	"$@" > "$out/$name.out" 2>&1 ||
		die "$name failed: see ${out#"$KSTRING_ROOT"/}/$name.out"
	elapsed "$t0"
}

# median N...: the middle value.
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# bench LABEL PREPARE CMD...: PREPARE (a function, or true) then CMD,
# runs times; prints the row.
bench() {
	local label=$1 prepare=$2 i t times=()
	shift 2
	for i in $(seq "$runs"); do
		"$prepare" "$i"
		t=$(timed "${label// /-}-$i" "$@") || exit 2
		times+=("$t")
		cp "$saved" "$vectors"
	done
	printf '| %s | %s s | %s |\n' "$label" "$(median "${times[@]}")" "${times[*]}"
}

# watched LABEL EDIT: EDIT (a function) runs times under the make watch
# started below; each time, the wall seconds from the edit to the
# verdict of its round, which must pass.
watched() {
	local label=$1 edit=$2 i t0 times=()
	for i in $(seq "$runs"); do
		rounds=$((rounds + 1))
		t0=$(now)
		"$edit" "$i"
		watch_wait "$rounds" "$wpid" ||
			die "make watch ended early: see ${out#"$KSTRING_ROOT"/}/watch.out"
		times+=("$(elapsed "$t0")")
		[ "$(watch_round_verdict "$rounds")" = passed ] ||
			die "$label: round $rounds did not pass: see ${out#"$KSTRING_ROOT"/}/watch.out"
	done
	printf '| %s | %s s | %s |\n' "$label" "$(median "${times[@]}")" "${times[*]}"
}

add_comment() { echo "/* bench-loop edit $1 */" >> "$module_src"; }

add_vector() { printf 'u8    10  - %-24s %-7s %s\n' "4$1" 2 "4$1" >> "$vectors"; }

say "bench-loop: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), median of $runs"
timed warm-up make --no-print-directory run > /dev/null
say "| what | median | runs |"
say "| --- | --- | --- |"
bench "no-op make" true make --no-print-directory
bench "vector edit + boot" add_vector make --no-print-directory run TESTS=lib:parse_integer.sh
bench "default run" true make --no-print-directory run
bench "full run" true make --no-print-directory run PROFILE=full
bench "make check" true make --no-print-directory check
# One make watch for both edits: its boot round, then 2 x runs rounds.
rm -f "$WATCH_ROUNDS_FILE"
WATCH_ROUNDS=$((1 + 2 * runs)) "$KSTRING_ROOT/tools/run/watch.sh" > "$out/watch.out" 2>&1 &
wpid=$!
rounds=1
watch_wait 1 "$wpid" ||
	die "make watch failed: see ${out#"$KSTRING_ROOT"/}/watch.out"
watched "vector edit, watch" add_vector
watched "test-module edit, watch" add_comment
wait "$wpid" || die "make watch failed: see ${out#"$KSTRING_ROOT"/}/watch.out"
wpid=''
say "bench-loop: load at the end $(cut -d' ' -f1-3 /proc/loadavg); outputs in ${out#"$KSTRING_ROOT"/}/"
