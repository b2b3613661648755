#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Copy selftests/ (the one source of truth for the project's kselftest
# files) into build/linux/tools/testing/selftests/ as the tree's last
# commit, replacing that commit when selftests/ changed. A tree's own
# versions of some of those files (kernel-changes/6.12/selftests/) replace
# them. Files only, so a selftest or vector change never touches what the
# kernel build reads.
. "$(dirname "$0")/../lib.sh"

SRC=$SELFTESTS_SRC
MSG=$KERNEL_CHANGES/selftests.msg

[ -d "$TREE/.git" ] || die "no tree at $TREE: run 'make tree'"
mapfile -t files < <(cd "$SRC" && find . -type f | sort)
key=$(selftests_key)
# Up to date: the same sources, and the tree still at the commit the
# stamp recorded (nothing reset, rebased or committed behind it).
if stamp_ok "$SELFTESTS_STAMP" "$key" && ! git_busy "$TREE" >/dev/null &&
   [ "$(git -C "$TREE" rev-parse -q --verify HEAD)" = "$(stamp_field "$SELFTESTS_STAMP" commit)" ]; then
	say "selftests: up to date (${#files[@]} files)"
	exit 0
fi

# Drop the previous selftests commit, if HEAD is one.
if git -C "$TREE" log -1 --format=%B | grep -qF "$SELFTESTS_MARK"; then
	git -C "$TREE" reset -q --hard HEAD~1
fi
rsync -r --checksum "$SRC"/ "$TREE/tools/testing/selftests/"
if [ -d "$SELFTESTS_TREE" ]; then
	rsync -r --checksum "$SELFTESTS_TREE"/ "$TREE/tools/testing/selftests/"
fi
git -C "$TREE" add -A -f tools/testing/selftests
if git -C "$TREE" diff --cached --quiet; then
	say "selftests: selftests/ matches the tree already"
else
	{ cat "$MSG"; printf '\n%s\n' "$SELFTESTS_MARK"; } |
		git -C "$TREE" commit -q -s -F - || die "committing selftests failed"
fi
git -C "$TREE" rev-parse HEAD > "$TREE/.git/kstring-applied"
stamp_done "$SELFTESTS_STAMP" "$key" "commit=$(git -C "$TREE" rev-parse HEAD)"
say "selftests: ${#files[@]} files synced into tools/testing/selftests"
