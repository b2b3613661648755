#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/series/parity.sh on the real 6.12 set (it must agree with the 6.1
# set), then on copies broken one way each: the MAINTAINERS entry of
# the test module's files (6.12's 0002 once lacked one) removed from
# 6.12's 0002, a shared patch copied back in,
# a stale and a missing twins declaration, an entry no 6.1 patch has.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
root=$(cd "$here/../.." && pwd)
parity=$root/tools/series/parity.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# broken NAME EDIT...: a fresh copy of kernel-changes/ in $tmp/NAME, EDIT
# run in its 6.12 set; sets $out and $rc of parity.sh on it.
broken() {
	local name=$1
	shift
	cp -r "$root/kernel-changes" "$tmp/$name"
	(cd "$tmp/$name/6.12" && eval "$@")
	out=$(BASE_SET=$tmp/$name "$parity" "$tmp/$name/6.12" 2>&1)
	rc=$?
}

echo "TAP version 13"
echo "1..12"
out=$("$parity" 2>&1)
check "the 6.12 set agrees with the 6.1 set" '[ $? -eq 0 ]'
check "... and says so" 'grep -q "agrees with the 6.1 set" <<< "$out"'

maint='F:	lib/test_parse_integer*'
p=0002-lib-add-test_parse_integer-module.patch
broken maintainers "grep -vxF '+$maint' $p > x && mv x $p"
check "a line forgotten in a twin (MAINTAINERS) fails" '[ $rc -eq 1 ]'
check "... naming the file and the line" \
	'grep -q "0002-.*: MAINTAINERS does not change" <<< "$out" && grep -qF "only in 6.1:  +$maint" <<< "$out"'

broken copied "cp ../0003-*.patch . && sed -i 's|^\.\./0003-|0003-|' series"
check "a 6.1 patch copied into the set fails" '[ $rc -eq 1 ]'
check "... saying to refer to it" 'grep -q "is the 6.1 set.s 0003-.* again: make the entry \.\./0003-" <<< "$out"'

broken stale "sed -i '/^0002-/s|\$| lib/Makefile|' twins"
check "a file listed as differing that does not fails" '[ $rc -eq 1 ]'
check "... naming it" 'grep -q "lib/Makefile is listed as differing" <<< "$out"'

broken undeclared "sed -i '/^0010-/d' twins"
check "a patch of its own not in twins fails" '[ $rc -eq 1 ] && grep -q "0010-.* is not declared" <<< "$out"'

broken unknown "sed -i 's|^\.\./0006-lib-parser|../0006-lib-parsers|' series"
check "an entry that is no 6.1 patch fails" '[ $rc -eq 1 ] && grep -q "0006-lib-parsers.*not a patch of the 6.1 series" <<< "$out"'

broken twinless "sed -i 's|^\(0001-[^ ]*\) .*|\1 ../0001-no-such.patch|' twins"
check "a twin that does not exist fails" '[ $rc -eq 1 ] && grep -q "0001-no-such.patch: no such patch" <<< "$out"'

broken missing "rm twins"
check "a set without twins is an error" '[ $rc -eq 2 ]'
exit $((fails > 0))
