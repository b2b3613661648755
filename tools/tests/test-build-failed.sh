#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run/build-failed.sh: a kernel build that failed leaves a result, on a
# fake tree prepared as make tree does: build/results/<id>-build-failed/
# with the build's log, meta.env, summary.json and a valid kcidb.json whose
# build is FAIL with the log's end and no test.
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tap.sh"
. "$here/fake-source.sh"
test_git_identity
fake_source "$tmp"
"$here/../stages/tree.sh" > "$tmp/tree.out" 2>&1 ||
	echo "# preparing the fake tree failed: $(tail -n 1 "$tmp/tree.out")"
printf '  CC      lib/a.o\nlib/b.c:1:9: error: expected ; before end of input\n' > "$tmp/kernel.log"

echo "TAP version 13"
echo "1..5"
dir=$("$here/../run/build-failed.sh" "$tmp/kernel.log" 2026-12-06T01:00:00Z 42)
check "a result directory is written and named" \
	'[ -d "$dir" ] && [[ $dir == "$BUILD"/6.1/results/*-build-failed ]]'
check "... with the build's log" 'cmp -s "$tmp/kernel.log" "$dir/build.log"'
check "... and summary.json says build-failed" \
	'python3 -c "import json,sys; s=json.load(open(sys.argv[1])); sys.exit(s[\"verdict\"] != \"build-failed\" or s[\"tests\"] != [])" "$dir/summary.json"'
check "... and kcidb.json is valid: build FAIL, its start and duration, no test" \
	'python3 - "$dir/kcidb.json" "$here/../results" <<-PY
	import json, sys
	sys.path.insert(0, sys.argv[2])
	import kcidb
	r = json.load(open(sys.argv[1]))
	b = r["builds"][0]
	sys.exit(kcidb.validate(r) or b["status"] != "FAIL" or r["tests"] or
	         b["start_time"] != "2026-12-06T01:00:00Z" or b["duration"] != 42 or
	         "expected ;" not in b["log_excerpt"])
	PY'
check "... and its checkout is the tree's series" \
	'grep -q "^series_commits=2$" "$dir/meta.env"'
exit $((fails > 0))
