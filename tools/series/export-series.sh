#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Turn the commits in build/linux back into kernel-changes/: every commit
# after the pristine import becomes a NNNN-subject.patch, a commit made by
# a series generator stays a "generate" entry, and the selftests commit's
# files go back to selftests/ (their one source of truth); in the 6.12
# set, a commit that is a 6.1 patch again stays a "../NAME.patch" entry.
# Rewrites the set's series; patch files no longer listed are removed.
. "$(dirname "$0")/../lib.sh"

[ -d "$TREE/.git" ] || die "no tree at $TREE: run 'make tree'"
[ -z "$(git -C "$TREE" status --porcelain | head -1)" ] ||
	die "build/linux has uncommitted changes: commit them first"

# selftests/ is copied back from the tree below: never over edits that
# were not synced into the tree yet.
stamp_ok "$SELFTESTS_STAMP" "$(selftests_key)" ||
	die "selftests/ has changes that build/linux does not have: run 'make selftests' first"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A second set (kernel-changes/6.12) shares the 6.1 set's patch wherever
# a commit is that change again (the same patch-id): "../NAME.patch".
declare -A base_ids
base=$KSTRING_ROOT/kernel-changes
if [ "$(cd "$KERNEL_CHANGES" && pwd -P)" != "$(cd "$base" && pwd -P)" ]; then
	for p in "$base"/[0-9][0-9][0-9][0-9]-*.patch; do
		base_ids[$(git patch-id --stable < "$p" | cut -d' ' -f1)]=$(basename "$p")
	done
fi
head -n "$(grep -n -m1 -v '^#' "$KERNEL_CHANGES/series" | cut -d: -f1)" "$KERNEL_CHANGES/series" |
	grep '^#' > "$tmp/series"
n=0
for c in $(git -C "$TREE" rev-list --reverse pristine..HEAD); do
	body=$(git -C "$TREE" log -1 --format=%B "$c")
	if grep -q '^Kselftest-Source: selftests/' <<< "$body"; then
		git -C "$TREE" diff-tree --no-commit-id --name-only -r "$c" |
		while read -r f; do
			rel=${f#tools/testing/selftests/}
			dst=$SELFTESTS_SRC/$rel	# or the tree's own version
			[ -f "$SELFTESTS_TREE/$rel" ] && dst=$SELFTESTS_TREE/$rel
			mkdir -p "$(dirname "$dst")"
			git -C "$TREE" show "$c:$f" > "$dst"
		done
		continue
	fi
	n=$((n + 1))
	# "Generator: PATH MESSAGE", PATH from the project's top (tree.sh).
	gen=$(sed -n 's/^Generator: \([^ ]*\) \([^ ]*\)$/\1 \2/p' <<< "$body")
	if [ -n "$gen" ]; then
		echo "generate $(realpath -m --relative-to="$KERNEL_CHANGES" \
			"$KSTRING_ROOT/${gen% *}") ${gen#* }" >> "$tmp/series"
		continue
	fi
	shared=${base_ids[$(git -C "$TREE" show "$c" | git patch-id --stable | cut -d' ' -f1)]:-}
	if [ -n "$shared" ]; then
		echo "../$shared" >> "$tmp/series"
		continue
	fi
	name=$(git -C "$TREE" format-patch --zero-commit -N --no-signature \
		--start-number "$n" -1 "$c" -o "$tmp/patches")
	echo "$(basename "$name")" >> "$tmp/series"
done
# Replace the old patch files with the new ones.
find "$KERNEL_CHANGES" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' -delete
[ -d "$tmp/patches" ] && cp "$tmp"/patches/*.patch "$KERNEL_CHANGES/"
cp "$tmp/series" "$KERNEL_CHANGES/series"
"$KSTRING_ROOT/tools/stages/tree.sh" --stamp-only
say "export-series: $n entries in kernel-changes/series; selftests/ updated; review with git diff"
