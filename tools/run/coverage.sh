#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run/coverage.sh RUNDIR: the lcov report of a make COVERAGE=1 run.
# The guest sent the .gcda files of lib/ on ttyS3 (RUNDIR/gcov.b64, a
# base64 gzip'ed tar; tools/guest/run-tests); each is paired here with its
# .gcno from the kernel build ($KOBJ, build/coverage/kernel) in
# RUNDIR/coverage/data/, and lcov (branch coverage on) and genhtml write
# RUNDIR/coverage/: index.html (a page per file), coverage.info,
# summary.json and summary.txt, one line per file of the code under test
# (tools/testbed/coverage-summary.py: lines, branches, functions, and
# what was not reached). Exits non-zero when there is no data or lcov
# fails; the run's verdict does not depend on it.
. "$(dirname "$0")/../lib.sh"

rundir=${1:?usage: run/coverage.sh RUNDIR}
need_tools lcov genhtml gcov python3
out=$rundir/coverage
rm -rf "$out"
mkdir -p "$out/gcda" "$out/data"
[ -s "$rundir/gcov.b64" ] || die "the guest sent no gcov data ($rundir/gcov.b64 is empty)"
# (the serial line may turn \n into \r\n)
tr -d '\r' < "$rundir/gcov.b64" | base64 -d | tar -xzf - -C "$out/gcda" ||
	die "cannot unpack $rundir/gcov.b64"
# debugfs names a .gcda by the object's path in the build: <OBJ>/lib/x.gcda
n=0 lost=0
while IFS= read -r f; do
	rel=${f#"$out/gcda"}
	rel=${rel#./}
	obj_rel=${rel#"$KOBJ"/}
	[ "$obj_rel" != "$rel" ] || { lost=$((lost + 1)); continue; }
	gcno=$KOBJ/${obj_rel%.gcda}.gcno
	[ -f "$gcno" ] || { lost=$((lost + 1)); continue; }
	mkdir -p "$out/data/${obj_rel%/*}"
	cp "$f" "$out/data/$obj_rel"
	cp "$gcno" "$out/data/${obj_rel%.gcda}.gcno"
	n=$((n + 1))
done < <(find "$out/gcda" -name '*.gcda')
[ "$n" -gt 0 ] || die "none of the guest's .gcda files has a .gcno in $KOBJ ($lost without)"

LCOV=(lcov --quiet --rc lcov_branch_coverage=1)
"${LCOV[@]}" --capture --directory "$out/data" --base-directory "$KOBJ" \
	--output-file "$out/all-files.info" > "$out/lcov.log" 2>&1 ||
	{ tail -5 "$out/lcov.log" >&2; die "lcov --capture failed ($out/lcov.log)"; }
"${LCOV[@]}" --extract "$out/all-files.info" '*/lib/parse-integer.c' \
	'*/lib/kstrtox.c' '*/lib/string.c' '*/lib/string_helpers.c' \
	'*/lib/test_parse_integer.c' '*/lib/test_strscpy.c' \
	--output-file "$out/coverage.info" >> "$out/lcov.log" 2>&1 ||
	{ tail -5 "$out/lcov.log" >&2; die "lcov --extract failed ($out/lcov.log)"; }
genhtml --quiet --branch-coverage --legend \
	--title "kstring guest $(basename "$rundir")" \
	--output-directory "$out" "$out/coverage.info" >> "$out/lcov.log" 2>&1 ||
	{ tail -5 "$out/lcov.log" >&2; die "genhtml failed ($out/lcov.log)"; }
python3 "$KSTRING_ROOT/tools/testbed/coverage-summary.py" "$out/coverage.info" \
	--missing --json "$out/summary.json" > "$out/summary.txt" ||
	die "no summary of $out/coverage.info"
say "coverage: $n .gcda files from the guest$([ "$lost" -eq 0 ] || echo " ($lost without a .gcno, left out)"); ${out#"$KSTRING_ROOT"/}/index.html"
grep -v '^ ' "$out/summary.txt" | sed 's/^/  /'
