#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Prepare build/linux: the pristine Debian source as the first commit (tag
# "pristine"), then one commit per entry of kernel-changes/series, then one
# commit with the contents of selftests/ (tools/stages/selftests.sh).
#
# Series entries:
#   NAME.patch                   applied with git am
#   generate SCRIPT MESSAGE      SCRIPT (in kernel-changes/) is run in the
#                                tree, the result committed with MESSAGE
#
# The tree is a place to hack: this script refuses to throw away commits or
# changes that were not exported with `make export-series` (FORCE=1 does).
. "$(dirname "$0")/../lib.sh"
# The tree and the patch set as messages name them (6.12 has its own).
tree_name=${TREE#"$KSTRING_ROOT"/}
changes_name=${KERNEL_CHANGES#"$KSTRING_ROOT"/}
export_cmd="make export-series"
[ "$KSRC_PKG" = linux-source-6.1 ] || export_cmd="make KSRC_PKG=$KSRC_PKG export-series"

SERIES=$KERNEL_CHANGES/series

[ -f "$KSRC_TARBALL" ] || die "$KSRC_TARBALL not found: run 'make deps' (package $KSRC_PKG)"
[ -f "$SERIES" ] || die "$SERIES not found"
need_tools tar xz git

ksrc_version() {
	if [ -n "${KSRC_VERSION:-}" ]; then
		echo "$KSRC_VERSION"
	else
		dpkg-query -W -f='${Version}' "$KSRC_PKG" 2>/dev/null ||
			echo "unknown ($(basename "$KSRC_TARBALL"))"
	fi
}

series_entries() { grep -v '^[[:space:]]*\(#\|$\)' "$SERIES"; }

series_files() {
	local a b c
	echo "$SERIES"
	series_entries | while read -r a b c; do
		if [ "$a" = generate ]; then
			echo "$KERNEL_CHANGES/$b"
			echo "$KERNEL_CHANGES/$c"
		else
			echo "$KERNEL_CHANGES/$a"
		fi
	done
}

version=$(ksrc_version)
mapfile -t inputs < <(series_files)
key=$( (echo "$KSRC_TARBALL $version"; key_of "${inputs[@]}") | sha256sum | cut -d' ' -f1)

# import_mb: megabytes an import takes: the unpacked tarball (xz knows its
# size without unpacking) and 60% more for .git and file slack (6.1:
# 1299 MB unpacked, 2078 MB asked; the tree with the series is 1.7 GB).
import_mb() {
	local size
	size=$(xz --robot --list "$KSRC_TARBALL" 2>/dev/null | awk '$1 == "totals" { print $5 }')
	[ -n "$size" ] || size=$(($(stat -c %s "$KSRC_TARBALL") * 10))
	echo $((size * 8 / 5 / 1048576))
}

import_into() {
	local tmp=$1
	tar -xf "$KSRC_TARBALL" -C "$tmp" --strip-components=1 &&
	git -C "$tmp" init -q &&
	git -C "$tmp" config user.name "${GIT_AUTHOR_NAME:-Kernel Strings Team}" &&
	git -C "$tmp" config user.email "${GIT_AUTHOR_EMAIL:-kstrings@example.org}" &&
	git -C "$tmp" config core.autocrlf false &&
	git -C "$tmp" add -A -f &&	# Debian's .gitignore ignores all of /*
	git -C "$tmp" commit -q -m "Import Debian $KSRC_PKG $version" \
		-m "Pristine $(basename "$KSRC_TARBALL"), unmodified." &&
	git -C "$tmp" tag pristine &&
	echo "$version" > "$tmp/.git/kstring-ksrc-version"
}

# The old tree is replaced only by a complete import: a failure (a full
# disk above all) removes the partial import and leaves the old tree.
import_pristine() {
	local tmp=$TREE.import err free
	say "tree: importing $KSRC_TARBALL ($KSRC_PKG $version)"
	rm -rf "$tmp"
	need_space "$(import_mb)" "$(dirname "$TREE")" "unpacking $(basename "$KSRC_TARBALL") into a git tree"
	mkdir -p "$tmp" || die "cannot create $tmp"
	if ! err=$(import_into "$tmp" 2>&1); then
		free=$(free_mb "$tmp")
		rm -rf "$tmp"
		printf '%s\n' "$err" | tail -n 5 >&2
		grep -q 'No space left on device' <<< "$err" &&
			die "$(full_message "$(dirname "$TREE")" "$free") (importing $(basename "$KSRC_TARBALL") ran out of space; $TREE is left as it was)"
		die "importing $KSRC_TARBALL failed; $TREE is left as it was"
	fi
	rm -rf "$TREE"
	mv "$tmp" "$TREE"
}

# Refuse to lose work: uncommitted changes, or commits made after the
# last prepare/export.
guard_local_work() {
	[ "${FORCE:-0}" = 1 ] && return 0
	local dirty applied
	dirty=$(git -C "$TREE" status --porcelain --untracked-files=normal | head -5)
	[ -z "$dirty" ] || die "$tree_name has uncommitted changes:
$dirty
  commit them and run '$export_cmd', or rerun with FORCE=1 to discard"
	# Commits after the last one this script or export-series made are
	# local work; a tree reset to an earlier commit has none.
	applied=$(cat "$TREE/.git/kstring-applied" 2>/dev/null || true)
	[ -z "$applied" ] || [ "$applied" = "$(git -C "$TREE" rev-parse HEAD)" ] ||
		{ git -C "$TREE" cat-file -e "$applied^{commit}" 2>/dev/null &&
		  [ -z "$(git -C "$TREE" rev-list -n 1 "$applied..HEAD")" ]; } ||
		die "$tree_name has commits that $changes_name/ does not have
  (HEAD $(git -C "$TREE" log -1 --format='%h %s'))
  run '$export_cmd' to keep them, or rerun with FORCE=1 to discard"
}

apply_entry() {
	local a=$1 b=$2 c=$3 out
	if [ "$a" = generate ]; then
		say "tree: generate $b"
		(cd "$TREE" && "$KERNEL_CHANGES/$b" "$TREE") ||
			die "generator $changes_name/$b failed"
		git -C "$TREE" add -A
		# The trailer names the generator from the project's top
		# (kernel-changes/6.12's "../x.sh" is kernel-changes/x.sh).
		{ cat "$KERNEL_CHANGES/$c"; printf 'Generator: %s %s\n' \
			"$(realpath -m --relative-to="$KSTRING_ROOT" "$KERNEL_CHANGES/$b")" "$c"; } |
			git -C "$TREE" commit -q -F - ||
			die "generator $changes_name/$b changed nothing"
		return
	fi
	say "tree: apply $a"
	if ! out=$(git -C "$TREE" am -q --whitespace=nowarn "$KERNEL_CHANGES/$a" 2>&1); then
		git -C "$TREE" am --abort >/dev/null 2>&1
		printf '%s\n' "$out" | sed 's/^/    | /' >&2
		die "$changes_name/$a does not apply to $KSRC_PKG $version; failing file(s): $(printf '%s\n' "$out" | sed -n 's/^error: patch failed: \([^:]*\):.*/\1/p; s/^error: \([^:]*\): does not exist.*/\1/p' | sort -u | tr '\n' ' ')
  the tree is left at the last patch that applied; refresh the patch there"
	fi
}

if [ "${1:-}" = --stamp-only ]; then	# after make export-series
	git -C "$TREE" rev-parse HEAD > "$TREE/.git/kstring-applied"
	stamp_done "$TREE_STAMP" "$key" "commit=$(git -C "$TREE" rev-parse HEAD)"
	exit 0
fi

# tree_at_stamp: true when the tree is still what the stamp recorded: at
# its commit (or that commit plus a selftests commit on top), with no git
# operation under way; else prints why not.
tree_at_stamp() {
	local want head busy
	want=$(stamp_field "$TREE_STAMP" commit)
	[ -n "$want" ] || { echo "its stamp records no commit"; return 1; }
	if busy=$(git_busy "$TREE"); then
		echo "a git $busy is under way in it"
		return 1
	fi
	head=$(git -C "$TREE" rev-parse -q --verify HEAD)
	[ "$head" = "$want" ] && return 0
	if [ "$(git -C "$TREE" rev-parse -q --verify HEAD~1)" = "$want" ] &&
	   git -C "$TREE" log -1 --format=%B | grep -qF "$SELFTESTS_MARK"; then
		return 0
	fi
	echo "HEAD is $(git -C "$TREE" log -1 --format='%h "%s"' 2>/dev/null), not the $(git -C "$TREE" log -1 --format='%h "%s"' "$want" 2>/dev/null || echo "${want:0:12}") its stamp recorded"
	return 1
}

if [ -d "$TREE/.git" ] && stamp_ok "$TREE_STAMP" "$key" &&
   [ "$(git -C "$TREE" rev-parse -q --verify pristine)" ]; then
	if why=$(tree_at_stamp); then
		say "tree: up to date ($KSRC_PKG $version, $(series_entries | wc -l) series entries)"
		exit 0
	fi
	say "tree: $tree_name changed behind its stamp ($why): preparing it again"
fi

if [ -d "$TREE/.git" ] && [ "$(cat "$TREE/.git/kstring-ksrc-version" 2>/dev/null)" = "$version" ] &&
   git -C "$TREE" rev-parse -q --verify pristine >/dev/null; then
	guard_local_work
	need_space 200 "$TREE" "applying the series"
	git -C "$TREE" am --abort >/dev/null 2>&1 || true
	git -C "$TREE" checkout -q -f -B series pristine
	git -C "$TREE" clean -q -fdx
else
	if [ -d "$TREE/.git" ]; then guard_local_work; fi
	import_pristine
	git -C "$TREE" checkout -q -b series
fi
stamp_drop "$TREE_STAMP" "$SELFTESTS_STAMP"

# Every commit made here is recorded as ours as soon as it is made, so
# that after a patch fails to apply the rerun does not take the ones
# before it for unexported work.
mark_applied() { git -C "$TREE" rev-parse HEAD > "$TREE/.git/kstring-applied"; }
mark_applied
series_entries | while read -r a b c; do
	apply_entry "$a" "$b" "$c" && mark_applied
done || exit 2
stamp_done "$TREE_STAMP" "$key" "commit=$(git -C "$TREE" rev-parse HEAD)"
say "tree: $KSRC_PKG $version + $(series_entries | wc -l) series entries at $(git -C "$TREE" log -1 --format=%h)"
