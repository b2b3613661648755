#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host test: the type-boundary section of parse_integer.vectors is exactly
# what tools/tests/boundary-vectors.py generates from its limits table,
# and a hand edit of one of its lines is caught.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tap.sh"
gen=$KSTRING_ROOT/tools/tests/boundary-vectors.py
vectors=$KSTRING_ROOT/selftests/lib/parse_integer.vectors
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT

echo "TAP version 13"
echo "1..3"
check "the file's boundary section is the generated one" \
	'python3 "$gen" --check "$vectors" > "$tmp/check.out" || { sed "s/^/# /" "$tmp/check.out"; false; }'
sed 's/^\(s16 .* 32767 *\) 5 /\1 6 /' "$vectors" > "$tmp/edited.vectors"
check "a line edited by hand is reported (s16 32767 answered 6)" \
	'! python3 "$gen" --check "$tmp/edited.vectors" > "$tmp/edited.out" &&
	 grep -q "first difference.*32767" "$tmp/edited.out"'
check "the generated section holds min-1, min, max, max+1 of all ten types" \
	'[ "$(python3 "$gen" | grep -c "^[a-z0-9@]* ")" -eq 368 ]'
exit $((fails > 0))
