#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# In the converted tree, strscpy( may appear only in the files listed in
# fixtures/strscpy-callers.allowed: every existing caller must have been
# converted to strscpy_truncate() so that no caller changes behaviour when
# strscpy() stops truncating. Skips when build/linux is not prepared.
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
echo "TAP version 13"
echo "1..2"
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
echo "# summary: $before strscpy() uses in pristine, $converted strscpy_truncate() after"
[ -z "$stray" ] && [ "$converted" -ge $((before * 9 / 10)) ]
