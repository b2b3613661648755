#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-host-tests.sh picks the test files make test asks for: --only and
# --skip within a class (--hermetic, --needs-tree), on a directory of
# stand-in tests (lib.sh and the runner linked in, so KSTRING_ROOT names
# it): make test builds the kernel with one needs-tree test and runs the
# others beside the guests, and neither run may drop or repeat a test.
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tap.sh"

mkdir -p "$tmp/tools/tests" "$tmp/build"
ln -s "$here/../lib.sh" "$tmp/tools/lib.sh"
ln -s "$here/run-host-tests.sh" "$tmp/tools/tests/run-host-tests.sh"
# stand_in NAME [needs-tree]: a test file with one passing check.
stand_in() {
	{ echo '#!/bin/bash'
	  [ -z "${2:-}" ] || echo '# host-test: needs-tree'
	  echo 'echo 1..1; echo "ok 1 - $(basename "$0")"'; } > "$tmp/tools/tests/$1"
	chmod +x "$tmp/tools/tests/$1"
}
stand_in test-a.sh
stand_in test-b.sh needs-tree
stand_in test-c.sh needs-tree
stand_in test-d.sh
# ran OPTION...: the test files that ran, in order, one line (the
# runner's output in $tmp/out, its exit code in $tmp/rc).
ran() {
	BUILD=$tmp/build "$tmp/tools/tests/run-host-tests.sh" "$@" > "$tmp/out" 2>&1
	echo $? > "$tmp/rc"
	sed -n 's/^  PASS  \(test-[a-z]*\.sh\).*/\1/p' "$tmp/out" | xargs
}

echo "TAP version 13"
echo "1..6"
check "--needs-tree runs both needs-tree tests" \
	'[ "$(ran --needs-tree)" = "test-b.sh test-c.sh" ]'
check "--needs-tree --only test-b.sh runs it alone" \
	'[ "$(ran --needs-tree --only test-b.sh)" = test-b.sh ]'
check "--needs-tree --skip test-b.sh runs the rest" \
	'[ "$(ran --needs-tree --skip test-b.sh)" = test-c.sh ]'
check "--hermetic --only test-a.sh,test-d.sh runs both, no needs-tree one" \
	'[ "$(ran --hermetic --only test-a.sh,test-d.sh)" = "test-a.sh test-d.sh" ]'
check "--only a test of the other class runs nothing" \
	'[ -z "$(ran --hermetic --only test-b.sh)" ] && grep -q "0 passed, 0 failed" "$tmp/out"'
check "an unknown option is refused with the usage" \
	'ran --fast > /dev/null; [ "$(cat "$tmp/rc")" = 2 ] && grep -q "usage: run-host-tests.sh" "$tmp/out"'
[ "$fails" -eq 0 ]
