#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# host-test: needs-tree (not in make check)
#
# In the converted tree, strscpy( may appear only in the files listed in
# fixtures/strscpy-callers.allowed: every existing caller must have been
# converted to strscpy_truncate() so that no caller changes behaviour when
# strscpy() stops truncating; and the generated conversion commit must be
# that rename and nothing else (its rewraps and re-indents aside: every
# file it touches reads the same with blanks removed and the new name
# mapped back). Skips when build/linux is not prepared.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
if ! git -C "$TREE" rev-parse -q --verify pristine >/dev/null 2>&1; then
	echo "1..0 # SKIP no prepared tree at $TREE (make tree)"
	exit 0
fi
allowed=$(grep -v '^[[:space:]]*\(#\|$\)' "$here/fixtures/strscpy-callers.allowed" | cut -f1)
pathspec=(-- '*.c' '*.h' ':!tools' ':!scripts' ':!Documentation')
stray=$(git -C "$TREE" grep -lP '\bstrscpy\s*\(' HEAD "${pathspec[@]}" |
	sed 's/^HEAD://' | grep -vxF "$allowed")
converted=$(git -C "$TREE" grep -cP '\bstrscpy_truncate\s*\(' HEAD "${pathspec[@]}" |
	awk -F: '{ n += $NF } END { print n + 0 }')
before=$(git -C "$TREE" grep -cP '\bstrscpy\s*\(' pristine "${pathspec[@]}" |
	awk -F: '{ n += $NF } END { print n + 0 }')
# The generated commit: the one with a "Generator:" trailer.
gen=$(git -C "$TREE" log --format=%H --grep='^Generator: ' pristine..HEAD | head -n 1)
notrename=$("$here/rename-only.py" "$TREE" "$gen^" "$gen" strscpy strscpy_truncate)
case $? in
0) ;;
1) notrename=$(echo $notrename) ;;
*) notrename="(rename-only.py failed: see above)" ;;
esac
# The same comparison must see the commit before it, which adds
# strscpy_truncate() itself to lib/string.c.
"$here/rename-only.py" "$TREE" "$gen~2" "$gen" strscpy strscpy_truncate 2>&1 |
	grep -qx lib/string.c
seen=$?
echo "TAP version 13"
echo "1..4"
if [ -z "$stray" ]; then
	echo "ok 1 - no strscpy() caller outside the allowed files"
else
	echo "not ok 1 - strscpy() still called in: $(echo $stray)"
fi
if [ "$converted" -ge $((before * 9 / 10)) ]; then
	echo "ok 2 - $converted strscpy_truncate() uses for $before strscpy() uses in pristine"
else
	echo "not ok 2 - only $converted strscpy_truncate() uses for $before strscpy() uses in pristine"
fi
if [ -n "$gen" ] && [ -z "$notrename" ]; then
	echo "ok 3 - the conversion commit only renames (blanks aside)"
else
	echo "not ok 3 - the conversion commit ${gen:-(not found)} changes more than the name in: $notrename"
fi
if [ "$seen" = 0 ]; then
	echo "ok 4 - ... and it fails on a range that adds strscpy_truncate() (lib/string.c)"
else
	echo "not ok 4 - rename-only.py does not see lib/string.c change in $gen~2..$gen"
fi
echo "# summary: $before strscpy() uses in pristine, $converted strscpy_truncate() after"
[ -z "$stray" ] && [ "$converted" -ge $((before * 9 / 10)) ] &&
	[ -n "$gen" ] && [ -z "$notrename" ] && [ "$seen" = 0 ]
