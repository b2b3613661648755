#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series/series.sh signs the series with the submitter: SUBMITTER=, else
# git's user.name/user.email; with neither, the placeholder stays and a
# warning says it is no DCO sign-off. A tiny tree of two commits made
# with the placeholder identity, as tools/stages/tree.sh makes them.
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tap.sh"
placeholder="Kernel Strings Team <kstrings@example.org>"

tree=$tmp/linux
git init -q "$tree"
# (tree.sh gives the tree this identity in its own config.)
git -C "$tree" config user.name "Kernel Strings Team"
git -C "$tree" config user.email kstrings@example.org
g() { git -C "$tree" "$@"; }
echo a > "$tree/a"
g add a && g commit -q -m "Import" && g tag pristine
echo b >> "$tree/a"
g commit -q -a -m "lib: a change" -m "Why." -m "Signed-off-by: $placeholder"
mkdir -p "$tmp/changes"
printf 'the subject\n\nthe blurb\n' > "$tmp/changes/cover-letter"

# series [ENV...]: series.sh on the tiny tree, git's identity from a
# home of its own; its output in $out, the patch in $patch.
series() {
	mkdir -p "$tmp/home"
	out=$(env HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 TREE="$tree" \
		KERNEL_CHANGES="$tmp/changes" SERIES_DIR="$tmp/out" "$@" \
		"$here/../series/series.sh" 2>&1)
	patch=$(cat "$tmp"/out/0001-*.patch 2>/dev/null)
}

echo "TAP version 13"
echo "1..7"
series SUBMITTER="Ada Lovelace <ada@example.org>"
check "SUBMITTER= signs the patch" 'grep -qx "Signed-off-by: Ada Lovelace <ada@example.org>" <<< "$patch"'
check "... and is its From:" 'grep -qx "From: Ada Lovelace <ada@example.org>" <<< "$patch"'
check "... and the placeholder is gone" '! grep -qF "$placeholder" <<< "$patch"'

printf '[user]\n\tname = Grace Hopper\n\temail = grace@example.org\n' > "$tmp/home/.gitconfig"
series
check "git's user.name/user.email sign it otherwise" 'grep -qx "Signed-off-by: Grace Hopper <grace@example.org>" <<< "$patch"'

rm "$tmp/home/.gitconfig"
series
check "with neither, the placeholder stays" 'grep -qx "Signed-off-by: $placeholder" <<< "$patch"'
check "... with a warning" 'grep -q "no DCO sign-off" <<< "$out"'

series SUBMITTER="just a name"
check "a SUBMITTER that is no \"Name <email>\" is refused" 'grep -q "want \"Name <email>\"" <<< "$out"'
exit $((fails > 0))
