#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Write the series as it stands in build/linux (kernel-changes/ applied,
# generated commits regenerated, selftests/ committed last) to
# build/series/ as upstream-ready git format-patch files with a cover
# letter taken from kernel-changes/cover-letter.
. "$(dirname "$0")/lib.sh"

out=$BUILD/series
cover=$CHANGES/cover-letter
[ -d "$TREE/.git" ] || die "no tree at $TREE: run 'make tree'"
rm -rf "$out"
git -C "$TREE" format-patch -q --cover-letter --thread=shallow \
	-o "$out" pristine..HEAD || die "git format-patch failed"
letter=$(ls "$out"/0000-cover-letter.patch)
subject=$(head -n 1 "$cover")
python3 - "$letter" "$subject" "$cover" <<'PY'
import sys
path, subject, cover = sys.argv[1:]
body = open(cover).read().split("\n", 1)[1].strip("\n")
text = open(path).read()
text = text.replace("*** SUBJECT HERE ***", subject)
text = text.replace("*** BLURB HERE ***", body)
open(path, "w").write(text)
PY
say "series: $(($(ls "$out" | wc -l) - 1)) patches + cover letter in ${out#"$KSTRING_ROOT"/}/"
