#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the host tests (tools/tests/test-*): each prints TAP and exits
# non-zero on failure. Their TAP goes to build/host-tests/; this
# prints one line per test file and, last, "N passed, N failed".
#
# A test's TAP must carry its plan ("1..N") and run N checks.
#
# --hermetic (make check): only the tests that need neither the prepared
# kernel tree nor a kernel build. The others say so in their header with
# a line "# host-test: needs-tree" and run in `make host-test` and `make
# test`. A test still running after PROGRESS_EVERY seconds (default 30)
# is reported with its elapsed time and its last line of output.
. "$(dirname "$0")/../lib.sh"

hermetic=0
[ "${1:-}" = --hermetic ] && hermetic=1
out=$BUILD/host-tests
mkdir -p "$out"
passed=0 failed=0 skipped=0
t_all=$(now)
for t in "$KSTRING_ROOT"/tools/tests/test-*; do
	[ -x "$t" ] || continue
	name=$(basename "$t")
	if [ "$hermetic" = 1 ] && grep -q '^# host-test: needs-tree' "$t"; then
		skipped=$((skipped + 1))
		continue
	fi
	t0=$(now)
	"$t" > "$out/$name.tap" 2>&1 &
	pid=$!
	tick=0
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1
		tick=$((tick + 1))
		[ $((tick % ${PROGRESS_EVERY:-30})) -eq 0 ] &&
			printf '        %s: %ss: %s\n' "$name" "$(elapsed "$t0")" \
				"$(tail -n 1 "$out/$name.tap" | tr -cd '[:print:]' | cut -c1-80)"
	done
	wait "$pid"
	rc=$?
	ok=$(grep -c '^ok ' "$out/$name.tap")
	bad=$(grep -c '^not ok ' "$out/$name.tap")
	# A test that stopped early or skipped checks fails, even with exit 0.
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$out/$name.tap" | head -n 1)
	if [ "$plan" != $((ok + bad)) ]; then
		echo "not ok - TAP plan '1..${plan:-?}' but $((ok + bad)) checks ran" >> "$out/$name.tap"
		bad=$((bad + 1))
	elif [ "$rc" -ne 0 ] && [ "$bad" -eq 0 ]; then
		bad=1	# died without saying why: count it
	fi
	passed=$((passed + ok))
	failed=$((failed + bad))
	if [ "$bad" -eq 0 ]; then
		printf '  PASS  %-34s %4d checks %6ss\n' "$name" "$ok" "$(elapsed "$t0")"
		# A test may sum itself up in "# summary: ..." lines.
		sed -n 's/^# summary: /        /p' "$out/$name.tap"
	else
		printf '  FAIL  %-34s %d of %d checks failed (exit %d): %s\n' \
			"$name" "$bad" "$((ok + bad))" "$rc" "${out#"$KSTRING_ROOT"/}/$name.tap"
		grep -m 5 '^not ok ' "$out/$name.tap" | sed 's/^/        /'
	fi
done
[ "$hermetic" = 1 ] &&
	echo "host-tests: $skipped test files need the tree or a kernel build: 'make host-test' runs them"
echo "host-tests: $passed passed, $failed failed (in $(elapsed "$t_all")s)"
[ "$failed" -eq 0 ]
