#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make coverage-host: gcov coverage of the patched kernel code built for
# the host (tools/testbed with COVERAGE=1, in $BUILD/testbed-coverage),
# measured twice, side by side:
#   vectors  pi-vectors answering selftests/lib/parse_integer.vectors
#            (what the guest's parse_integer.sh feeds the module)
#   all      the vectors, then kstrtox-diff (differential, model and
#            strscpy checks and -t huge; COVERAGE_DIFF_ARGS, default
#            "-n 3 -r 200000 -t kstrto,strscpy,huge":
#            smaller than make -C tools/testbed diff, as -O0 with counters
#            is slower)
# lcov (branch coverage on) and genhtml write build/6.1/results/coverage-host/
# {vectors,all}/ (index.html, coverage.info, summary.json, summary.txt);
# one line per file is printed: lines, branches, functions.
. "$(dirname "$0")/../lib.sh"

need_tools lcov genhtml gcov python3

[ -d "$TREE/.git" ] || die "no prepared tree at $TREE (make selftests)"
O=$BUILD/testbed-coverage
OUT=${COVERAGE_OUT:-$RESULTS/coverage-host}
DIFF_ARGS=${COVERAGE_DIFF_ARGS:--n 3 -r 200000 -t kstrto,strscpy,huge}
HERE=$KSTRING_ROOT/tools/testbed
LCOV=(lcov --quiet --rc lcov_branch_coverage=1)
tb_make() {
	make --no-print-directory -C "$HERE" BUILD="$BUILD" TREE="$TREE" \
		COVERAGE=1 "$@"
}

t0=$(now)
tb_make pi-vectors > "$O.build.log" 2>&1 ||
	{ tail -20 "$O.build.log"; die "tools/testbed COVERAGE=1 build failed"; }

# capture NAME: the counters so far into $OUT/NAME/, its HTML and summary
capture() {
	local d=$OUT/$1
	rm -rf "$d"; mkdir -p "$d"
	"${LCOV[@]}" --capture --directory "$O/host/patched" \
		--output-file "$d/all-files.info" 2> "$d/lcov.log" ||
		{ cat "$d/lcov.log"; die "lcov --capture failed"; }
	"${LCOV[@]}" --extract "$d/all-files.info" '*/lib/*.c' '*/strscpy_pad.c' \
		--output-file "$d/coverage.info" 2>> "$d/lcov.log" ||
		{ cat "$d/lcov.log"; die "lcov --extract failed"; }
	genhtml --quiet --branch-coverage --legend --title "kstring host testbed: $1" \
		--output-directory "$d" "$d/coverage.info" >> "$d/lcov.log" 2>&1 ||
		{ cat "$d/lcov.log"; die "genhtml failed"; }
	python3 "$HERE/coverage-summary.py" "$d/coverage.info" --missing \
		--json "$d/summary.json" > "$d/summary.txt" ||
		die "no summary of $d/coverage.info"
	say "coverage-host $1 ($d/index.html):"
	sed 's/^/  /' "$d/summary.txt"
}

find "$O/host/patched" -name '*.gcda' -delete
# The vectors' requests, as test-testbed-vectors.py makes them (the lines
# that hold for a 64-bit long).
python3 - "$KSTRING_ROOT/selftests/lib/parse_integer.vectors" \
	"$KSTRING_ROOT/tools/tests" > "$O/requests" <<'EOF' ||
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[2])
import parse_integer_model as m
for v in m.parse_vectors(sys.argv[1]):
    if not v.error and 64 in m.vector_widths(v):
        print("%s %d %d %s" % (v.type, v.base, v.flags == "n",
                               v.input.hex() or "-"))
EOF
	die "cannot read the vectors file"
"$O/host/pi-vectors" < "$O/requests" > "$O/answers" ||
	die "pi-vectors failed"
say "coverage-host: $(wc -l < "$O/requests") vectors answered"
capture vectors

tb_make diff DIFF_ARGS="$DIFF_ARGS" > "$O.diff.log" 2>&1 ||
	{ tail -20 "$O.diff.log"; die "kstrtox-diff failed (see $O.diff.log)"; }
say "coverage-host: kstrtox-diff $DIFF_ARGS: $(grep -c '^result: .* ok' "$O.diff.log") checks ok"
capture all
say "coverage-host: done in $(elapsed "$t0") s"
