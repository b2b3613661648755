#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Write the series as it stands in build/linux (kernel-changes/ applied,
# generated commits regenerated, selftests/ committed last) to
# build/<variant>/series/ as upstream-ready git format-patch files with a cover
# letter taken from kernel-changes/cover-letter (6.12: its own, in its own
# SERIES_DIR), signed by the submitter (SUBMITTER= or git's identity).
. "$(dirname "$0")/../lib.sh"

out=$SERIES_DIR	# build/<variant>/series
cover=$KERNEL_CHANGES/cover-letter
[ -d "$TREE/.git" ] || die "no tree at $TREE: run 'make tree'"
rm -rf "$out"
git -C "$TREE" format-patch -q --cover-letter --thread=shallow \
	-o "$out" pristine..HEAD || die "git format-patch failed"
letter=$(ls "$out"/0000-cover-letter.patch)
subject=$(head -n 1 "$cover")
# The cover letter's first line is the subject, the rest (blank lines
# around it dropped) the blurb.
tail -n +2 "$cover" | sed -e '/./,$!d' | tac | sed -e '/./,$!d' | tac > "$out/.blurb"
awk -v subject="$subject" -v blurb="$out/.blurb" '
	i = index($0, "*** SUBJECT HERE ***") {
		$0 = substr($0, 1, i - 1) subject substr($0, i + 20)
	}
	$0 == "*** BLURB HERE ***" {
		while ((getline line < blurb) > 0)
			print line
		next
	}
	{ print }' "$letter" > "$letter.new" && mv "$letter.new" "$letter" ||
	die "cannot write the cover letter $letter"
rm -f "$out/.blurb"

# The submitter: SUBMITTER="Name <email>", else git's user.name and
# user.email here. What is mailed carries their From: and Signed-off-by:
# in place of the team placeholder the tree's commits are made with.
placeholder="Kernel Strings Team <kstrings@example.org>"
submitter=${SUBMITTER:-}
if [ -z "$submitter" ]; then
	name=$(git -C "$KSTRING_ROOT" config user.name)
	email=$(git -C "$KSTRING_ROOT" config user.email)
	[ -n "$name" ] && [ -n "$email" ] && submitter="$name <$email>"
fi
if [ -z "$submitter" ]; then
	warn "no submitter (SUBMITTER=\"Name <email>\" or git config user.name/user.email): the patches carry the placeholder $placeholder, which is no DCO sign-off"
elif [[ $submitter != *" <"*@*">" ]]; then
	die "SUBMITTER=$submitter: want \"Name <email>\""
else
	for f in "$out"/*.patch; do
		awk -v from="$placeholder" -v to="$submitter" '
			$0 == "From: " from { $0 = "From: " to }
			$0 == "Signed-off-by: " from { $0 = "Signed-off-by: " to }
			{ print }' "$f" > "$f.new" && mv "$f.new" "$f" ||
			die "cannot write $f"
	done
	say "series: From: and Signed-off-by: $submitter"
fi
say "series: $(($(ls "$out" | wc -l) - 1)) patches + cover letter in ${out#"$KSTRING_ROOT"/}/"
