#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Check the series in build/series/ (make series):
#  1. scripts/checkpatch.pl --strict on every patch, from the patched tree
#     (so the series' own checkpatch rules apply to it);
#  2. bisectability: every commit builds (vmlinux + modules), one after the
#     other in a separate worktree (build/check/), incrementally and with
#     ccache, using the guest kernel's .config.
# CHECKPATCH_ONLY=1 skips the builds. Prints a table, fails on any problem.
. "$(dirname "$0")/lib.sh"

series=$BUILD/series
work=$BUILD/check
[ -d "$series" ] || die "no $series: run 'make series'"
fails=0

say "checkpatch --strict:"
for p in "$series"/[0-9]*.patch; do
	case $p in *0000-cover-letter.patch) continue ;; esac
	log=$work/checkpatch/$(basename "$p" .patch).log
	mkdir -p "$(dirname "$log")"
	ignore=
	# The selftests commit is made from selftests/ alone and so cannot
	# touch MAINTAINERS. checkpatch's question "does MAINTAINERS need
	# updating?" is answered instead: every file it adds must already
	# have a maintainer (get_maintainer.pl), or the check fails.
	if grep -q '^Kselftest-Source: selftests/' "$p"; then
		ignore="--ignore FILE_PATH_CHANGES"
		for f in $(sed -n 's|^+++ b/||p' "$p"); do
			(cd "$TREE" && ./scripts/get_maintainer.pl --nogit --nogit-fallback \
				--norolestats -f "$f" 2>/dev/null | grep -q '@') && continue
			echo "      $f has no maintainer: add a MAINTAINERS entry in the series"
			fails=$((fails + 1))
		done
	fi
	# shellcheck disable=SC2086
	(cd "$TREE" && ./scripts/checkpatch.pl --strict -q --show-types $ignore "$p") > "$log" 2>&1
	# A generated mass conversion keeps the style of the lines it touches.
	if grep -q '^Generator: ' "$p"; then
		printf '  %-60s generated: not held to checkpatch (%s)\n' "$(basename "$p")" \
			"$(grep -c '^\(ERROR\|WARNING\|CHECK\)' "$log") reports, see ${log#"$KSTRING_ROOT"/}"
	elif grep -q '^\(ERROR\|WARNING\|CHECK\)' "$log"; then
		printf '  %-60s FAIL\n' "$(basename "$p")"
		grep '^\(ERROR\|WARNING\|CHECK\)' "$log" | sed 's/^/      /' | head -10
		fails=$((fails + 1))
	else
		printf '  %-60s ok\n' "$(basename "$p")"
	fi
	grep -q '^Signed-off-by: ' "$p" || { echo "      no Signed-off-by"; fails=$((fails + 1)); }
done

if [ "${CHECKPATCH_ONLY:-0}" != 1 ]; then
	obj=$work/kernel
	[ -f "${KOBJ:-$BUILD/kernel}/.config" ] || die "no guest .config: run 'make kernel'"
	if [ ! -d "$work/linux" ]; then
		git -C "$TREE" worktree prune
		git -C "$TREE" worktree add -q --detach "$work/linux" pristine ||
			die "git worktree add failed"
	fi
	mkdir -p "$obj"
	export CCACHE_DIR=${CCACHE_DIR:-$BUILD/ccache}
	say "build every commit (vmlinux modules) in ${work#"$KSTRING_ROOT"/}:"
	for c in $(git -C "$TREE" rev-list --reverse pristine..HEAD); do
		subject=$(git -C "$TREE" log -1 --format=%s "$c")
		git -C "$work/linux" checkout -q --detach "$c"
		cp "${KOBJ:-$BUILD/kernel}/.config" "$obj/.config"
		log=$work/build-$(git -C "$TREE" rev-parse --short "$c").log
		t0=$(now)
		if make -C "$work/linux" O="$obj" CC="ccache gcc" -j"$(($(nproc) + 1))" \
			olddefconfig vmlinux modules > "$log" 2>&1; then
			printf '  %-60s builds (%ss)\n' "${subject:0:60}" "$(elapsed "$t0")"
		else
			printf '  %-60s BUILD FAILS: %s\n' "${subject:0:60}" "${log#"$KSTRING_ROOT"/}"
			grep -m5 'error' "$log" | sed 's/^/      /'
			fails=$((fails + 1))
		fi
	done
fi
[ "$fails" -eq 0 ] || die "$fails problem(s) in the series"
say "check-series: all patches pass"
