#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A checkout reached through a symlink (a home directory on a symlinked
# volume) passes the tests whose expectations name the checkout's paths:
# each runs from the symlinked path, as a user's shell there would start
# it (working directory and PWD the link's), and must pass there too.
here=$(cd "$(dirname "$0")" && pwd -P)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tap.sh"

tests="test-arch-select.sh"
ln -s "$(cd "$here/../.." && pwd -P)" "$tmp/checkout"
echo "TAP version 13"
echo "1..$(wc -w <<< "$tests")"
for t in $tests; do
	out=$(cd "$tmp/checkout" && PWD=$tmp/checkout \
		bash "tools/tests/$t" 2>&1)
	rc=$?
	failed=$(grep '^not ok' <<< "$out" | head -n 3 | tr '\n' ';')
	check "$t from a symlinked checkout${failed:+: $failed}" \
		"[ $rc -eq 0 ] && grep -q '^ok' <<< \"\$out\""
done
[ "$fails" -eq 0 ]
