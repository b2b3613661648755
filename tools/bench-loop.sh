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
# The vector file is restored whatever happens. Not measured yet: an edit
# under `make watch` and a test-module edit (issue 13).
. "$(dirname "$0")/lib.sh"

runs=${BENCH_RUNS:-3}
vectors=$SELFTESTS/lib/parse_integer.vectors
saved=$(mktemp)
cp "$vectors" "$saved" || die "cannot save $vectors"
trap 'cp "$saved" "$vectors"; rm -f "$saved"' EXIT
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

add_vector() { printf 'u8    10  - %-24s %-7s %s\n' "4$1" 2 "4$1" >> "$vectors"; }

say "bench-loop: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), median of $runs"
timed warm-up make --no-print-directory run > /dev/null
say "| what | median | runs |"
say "| --- | --- | --- |"
bench "no-op make" true make --no-print-directory
bench "vector edit + boot" add_vector make --no-print-directory run TESTS=lib:parse_integer.sh
bench "default run" true make --no-print-directory run
bench "full run" true make --no-print-directory run PROFILE=full
say "bench-loop: load at the end $(cut -d' ' -f1-3 /proc/loadavg); outputs in ${out#"$KSTRING_ROOT"/}/"
