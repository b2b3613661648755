#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run every host test (tools/tests/test-*): each prints TAP and exits
# non-zero on failure. Their TAP goes to build/results/host-tests/; this
# prints one line per test file and, last, "N passed, N failed".
. "$(dirname "$0")/../lib.sh"

out=$BUILD/results/host-tests
mkdir -p "$out"
passed=0 failed=0
for t in "$KSTRING_ROOT"/tools/tests/test-*; do
	[ -x "$t" ] || continue
	name=$(basename "$t")
	"$t" > "$out/$name.tap" 2>&1
	rc=$?
	ok=$(grep -c '^ok ' "$out/$name.tap")
	bad=$(grep -c '^not ok ' "$out/$name.tap")
	if [ "$rc" -ne 0 ] && [ "$bad" -eq 0 ]; then
		bad=1	# died without saying why: count it
	fi
	passed=$((passed + ok))
	failed=$((failed + bad))
	if [ "$bad" -eq 0 ]; then
		printf '  PASS  %-40s %d checks\n' "$name" "$ok"
		# A test may sum itself up in "# summary: ..." lines.
		sed -n 's/^# summary: /        /p' "$out/$name.tap"
	else
		printf '  FAIL  %-40s %d of %d checks failed (exit %d): %s\n' \
			"$name" "$bad" "$((ok + bad))" "$rc" "${out#"$KSTRING_ROOT"/}/$name.tap"
		grep -m 5 '^not ok ' "$out/$name.tap" | sed 's/^/        /'
	fi
done
echo "host-tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
