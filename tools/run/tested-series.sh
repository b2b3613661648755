#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/run/tested-series.sh [--kernel]: what a run is about to test,
# read from the products, never from the inputs. The commits of build/linux
# after the pristine import (selftests commits aside) must be the entries
# of kernel-changes/series, one for one and in order: a patch by its
# patch-id (git patch-id --stable), a generated commit by its Generator:
# trailer. Prints one line a commit,
#   <commit> <patch-id, or "generated"> <subject>
# and exits 2 naming the first missing, extra or different entry. With
# --kernel, the kernel build must also be the one made from this tree,
# with the bzImage and modules its stamp recorded. With KERNEL= (a kernel
# that is an input) the tree is checked, as the kselftests' source, but
# not printed, and --kernel checks the unpacked input against its stamp.
. "$(dirname "$0")/../lib.sh"

SERIES=$KERNEL_CHANGES/series
changes_name=${KERNEL_CHANGES#"$KSTRING_ROOT"/}
tree_name=${TREE#"$KSTRING_ROOT"/}
fix="run 'make tree' (it prepares the tree again) or 'make export-series' to keep commits made there"

[ -d "$TREE/.git" ] || die "no tree at $tree_name: run 'make tree'"
[ -f "$SERIES" ] || die "$SERIES not found"
git -C "$TREE" rev-parse -q --verify pristine >/dev/null ||
	die "$tree_name has no 'pristine' tag: run 'make tree'"
if busy=$(git_busy "$TREE"); then
	die "a git $busy is under way in $tree_name: finish or abort it, then $fix"
fi

# The series' entries, each as "patch <patch-id> <file>" or
# "generated <trailer> <script>".
expected() {
	local a b c
	grep -v '^[[:space:]]*\(#\|$\)' "$SERIES" | while read -r a b c; do
		if [ "$a" = generate ]; then
			printf 'generated %s %s\n' \
				"$(realpath -m --relative-to="$KSTRING_ROOT" "$KERNEL_CHANGES/$b"):$c" \
				"generate $b $c"
		else
			printf 'patch %s %s\n' "$(git patch-id --stable < "$KERNEL_CHANGES/$a" |
				cut -d' ' -f1)" "$a"
		fi
	done
}

# The tree's commits the same way: "patch <patch-id> <commit>" or
# "generated <trailer> <commit>".
applied() {
	local c body gen
	for c in $(git -C "$TREE" rev-list --reverse pristine..HEAD); do
		body=$(git -C "$TREE" log -1 --format=%B "$c")
		grep -qF "$SELFTESTS_MARK" <<< "$body" && continue
		gen=$(sed -n 's/^Generator: \([^ ]*\) \([^ ]*\)$/\1:\2/p' <<< "$body")
		if [ -n "$gen" ]; then
			echo "generated $gen $c"
		else
			echo "patch $(git -C "$TREE" diff-tree -p "$c" |
				git patch-id --stable | cut -d' ' -f1) $c"
		fi
	done
}

subject() { git -C "$TREE" log -1 --format='%h "%s"' "$1"; }

mapfile -t want < <(expected)
mapfile -t have < <(applied)
for ((i = 0; i < ${#want[@]} || i < ${#have[@]}; i++)); do
	read -r wkind wid wname <<< "${want[i]:-}"
	read -r hkind hid hcommit <<< "${have[i]:-}"
	n=$((i + 1))
	if [ -z "${have[i]:-}" ]; then
		die "$tree_name does not match $changes_name/series: entry $n, $wname, is missing (the tree ends at $(subject HEAD)); $fix"
	elif [ -z "${want[i]:-}" ]; then
		die "$tree_name does not match $changes_name/series: commit $n, $(subject "$hcommit"), is extra (the series has $((n - 1)) entries); $fix"
	elif [ "$wkind $wid" != "$hkind $hid" ]; then
		die "$tree_name does not match $changes_name/series: commit $n, $(subject "$hcommit"), is not entry $n, $wname; $fix"
	fi
	[ "$hkind" = generated ] && hid=generated
	# (A kernel given as KERNEL= is not built from the tree: the tree
	# is only where the kselftests come from.)
	[ -n "${KSTRING_KERNEL:-}" ] ||
		printf '%s %s %s\n' "$hcommit" "$hid" "$(git -C "$TREE" log -1 --format=%s "$hcommit")"
done

[ "${1:-}" = --kernel ] || exit 0
if [ -n "${KSTRING_KERNEL:-}" ]; then
	[ -f "$KERNEL_IMAGE" ] && [ "$(sha256sum < "$KERNEL_IMAGE" | cut -d' ' -f1)" = "$(stamp_field "$KERNEL_STAMP" products)" ] ||
		die "the kernel unpacked from KERNEL=$KSTRING_KERNEL is missing or changed: run 'make kernel KERNEL=$KSTRING_KERNEL'"
	exit 0
fi
built=$(stamp_field "$KERNEL_STAMP" source)
[ -n "$built" ] && [ -f "$KOBJ/arch/x86/boot/bzImage" ] ||
	die "no kernel build recorded in ${KOBJ#"$KSTRING_ROOT"/}: run 'make kernel'"
[ "$built" = "$(kernel_source_commit)" ] ||
	die "the kernel in ${KOBJ#"$KSTRING_ROOT"/} was built from $(subject "$built" 2>/dev/null || echo "${built:0:12}"), not from $tree_name's $(subject "$(kernel_source_commit)"): run 'make kernel'"
[ "$(kernel_products_sum)" = "$(stamp_field "$KERNEL_STAMP" products)" ] ||
	die "the bzImage or a module in ${KOBJ#"$KSTRING_ROOT"/} is not the one 'make kernel' built: run 'make kernel'"
exit 0
