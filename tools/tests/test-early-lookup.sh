#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# host-test: needs-tree (not in make check)
#
# devt_from_devnum() of the 6.12 tree (root=, resume=): each vector of
# fixtures/early-lookup/devnum.vectors, answered as pristine 6.12 answers
# it, through the function cut out of the tree and built on the host
# (early-lookup-harness.c). Then the same function with the bare-"0x"
# case removed must fail its vector: the check can fail. Skips when
# build/linux-6.12 is not prepared (make KSRC_PKG=linux-source-6.12 tree).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
tree=${TREE_612:-$here/../../build/linux-6.12}
src=$tree/block/early-lookup.c
vectors=$here/fixtures/early-lookup/devnum.vectors
if [ ! -f "$src" ] || ! grep -q parse_integer "$src"; then
	echo "1..0 # SKIP no 6.12 tree with the series at $tree"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/inc/linux"
cp "$tree/include/linux/parse-integer.h" "$tmp/inc/linux/"

# build SOURCE: the harness around SOURCE's devt_from_devnum() in $tmp/h.
build() {
	{ awk -v FN=devnum_part -f "$here/../testbed/extract.awk" "$1"
	  awk -v FN=devt_from_devnum -f "$here/../testbed/extract.awk" "$1"; } > "$tmp/extracted.c"
	gcc -O1 -Wall -I "$tmp/inc" -I "$here/../testbed/shim" -I "$here/../testbed" \
		-iquote "$tmp" -iquote "$tree/lib" -o "$tmp/h" \
		"$here/early-lookup-harness.c" "$tree/lib/parse-integer.c" > "$tmp/build.log" 2>&1
}
# wrong: the vectors the harness answers otherwise, one line each.
wrong() {
	local name want got
	while read -r line; do
		name=${line#\'} name=${name%%\'*}
		want=$(sed "s/^'[^']*' *//" <<< "$line")
		got=$("$tmp/h" "$name")
		[ "$got" = "$want" ] || echo "'$name': want $want, got $got"
	done < <(grep "^'" "$vectors")
}

mapfile -t lines < <(grep "^'" "$vectors")
echo "TAP version 13"
echo "1..4"
build "$src"
built=$?
check "the tree's devt_from_devnum() builds on the host" '[ $built -eq 0 ]'
[ "$built" -eq 0 ] || sed 's/^/# /' "$tmp/build.log"
bad=$(wrong)
check "${#lines[@]} vectors answered as pristine 6.12 answers them" '[ -z "$bad" ]'
[ -z "$bad" ] || sed 's/^/# /' <<< "$bad"
# Without the bare-"0x" case: what the series did before the second review.
sed 's/if (!\*name || !strcasecmp(name, "0x")) {/if (!*name) {/' "$src" > "$tmp/early-lookup.c"
build "$tmp/early-lookup.c"
check "without its \"0x\" case it builds" '[ $? -eq 0 ]'
bad=$(wrong)
check "... and root=0x is then the -EINVAL of review finding 2" \
	"grep -q \"^'0x': want 0 0:0, got -22\" <<< \"\$bad\""
exit $((fails > 0))
