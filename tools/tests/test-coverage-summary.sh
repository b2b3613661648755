#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host test of tools/testbed/coverage-summary.py, the per-file lines of
# make coverage-host and make COVERAGE=1, on a made-up tracefile: counts
# of lines, branches and functions; only the strscpy() family of
# lib/string.c, its always-inlined helper included (no FN record); the
# lines and branches not reached named.
. "$(dirname "$0")/../lib.sh"
. "$KSTRING_ROOT/tools/tests/tap.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/lib"
cat > "$tmp/lib/string.c" <<'SRC'
size_t strlen(const char *s)
{
	return 0;
}

static __always_inline ssize_t __strscpy(char *d, const char *s,
					 size_t n)
{
	if (n)
		return 1;
	return 0;
}

ssize_t strscpy(char *d, const char *s, size_t n)
{
	return __strscpy(d, s, n);
}
EXPORT_SYMBOL(strscpy);
SRC
printf 'int parse(void)\n{\n\treturn 0;\n}\n' > "$tmp/lib/parse-integer.c"
cat > "$tmp/t.info" <<INFO
TN:
SF:$tmp/lib/string.c
FN:1,strlen
FN:14,strscpy
FNDA:0,strlen
FNDA:5,strscpy
DA:3,0
DA:9,5
DA:10,5
DA:11,0
DA:16,5
BRDA:9,0,0,5
BRDA:9,0,1,0
end_of_record
SF:$tmp/lib/parse-integer.c
FN:1,parse
FNDA:1,parse
DA:3,1
end_of_record
INFO
echo 1..6
out=$(python3 "$KSTRING_ROOT/tools/testbed/coverage-summary.py" "$tmp/t.info" \
	--missing --json "$tmp/s.json")
rc=$?
check "coverage-summary.py exits 0" '[ $rc = 0 ]'
check "parse-integer.c: every line, function" \
	'grep -q "^lib/parse-integer.c *lines 100.0% (1/1)  branches 100.0% (0/0)  functions 100.0% (1/1)" <<< "$out"'
check "string.c: the strscpy family only, __strscpy's lines counted" \
	'grep -q "^lib/string.c:strscpy\* *lines  75.0% (3/4)  branches  50.0% (1/2)  functions 100.0% (1/1)" <<< "$out"'
check "string.c: the line and the branch not reached are named" \
	'grep -q "not reached: L11 B9:0.1$" <<< "$out"'
check "summary.json has both files" \
	'python3 -c "import json,sys; r=json.load(open(sys.argv[1])); sys.exit([x[\"file\"] for x in r] != [\"lib/parse-integer.c\", \"lib/string.c:strscpy*\"])" "$tmp/s.json"'
python3 "$KSTRING_ROOT/tools/testbed/coverage-summary.py" /dev/null > /dev/null 2>&1
rc=$?
check "a tracefile without the code under test fails" '[ $rc != 0 ]'
exit $((fails > 0))
