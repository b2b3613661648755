#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series/parity.sh [SET]: keep a second kernel set (SET, by default
# kernel-changes/6.12) in step with the 6.1 set in kernel-changes/.
#   - An entry "../NAME.patch" shares the 6.1 set's patch: NAME must be
#     in the 6.1 series.
#   - A patch of SET's own must not be a 6.1 patch again (the same
#     `git patch-id --stable`): it refers to that one instead.
#   - SET/twins declares each own patch: "OWN ../TWIN [FILE...]", the
#     same change as the 6.1 patch TWIN in another text, or "OWN -", a
#     change 6.1 has no counterpart of. A twin changes the same lines
#     (the added and removed ones) as OWN in every file but the FILEs
#     listed, and each FILE listed does differ: a line added to one set
#     and forgotten in the other (a MAINTAINERS entry) is caught.
# Prints each problem; exits 1 when there is one, 2 on a usage error.
. "$(dirname "$0")/../lib.sh"

base=${BASE_SET:-$KSTRING_ROOT/kernel-changes}
set=${1:-$base/6.12}
[ -f "$set/series" ] && [ -f "$set/twins" ] ||
	die "$set: no series or twins file"
problems=0
problem() { echo "parity: $*"; problems=$((problems + 1)); }
entries() { grep -v '^[[:space:]]*\(#\|$\)' "$1/series" | grep -v '^generate '; }
declared() { grep -v '^[[:space:]]*\(#\|$\)' "$set/twins"; }
patch_id() { git patch-id --stable < "$1" | cut -d' ' -f1; }
# files PATCH, lines PATCH FILE: what PATCH touches, and the lines it
# adds and removes in FILE, sorted.
files() { sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$1" | sort -u; }
lines() {
	awk -v want="$2" '/^diff --git / { f = substr($3, 3); next }
		f == want && /^[-+]/ && !/^(---|\+\+\+) / { print }' "$1" | sort
}

declare -A base_ids
while read -r p; do
	base_ids[$(patch_id "$base/$p")]=$p
done < <(entries "$base")

while read -r p; do
	case $p in
	../*)
		[ -f "$set/$p" ] && entries "$base" | grep -qxF "${p#../}" ||
			problem "$p: not a patch of the 6.1 series" ;;
	*)
		twin=${base_ids[$(patch_id "$set/$p")]:-}
		[ -z "$twin" ] ||
			problem "$p is the 6.1 set's $twin again: make the entry ../$twin and remove $p"
		declared | awk '{ print $1 }' | grep -qxF "$p" ||
			problem "$p is not declared in ${set##*/}/twins (OWN ../TWIN [FILE...] or OWN -)" ;;
	esac
done < <(entries "$set")

while read -r own twin differ; do
	[ "$twin" = - ] && continue
	[ -f "$set/$own" ] || { problem "twins: $own: no such patch"; continue; }
	[ -f "$set/$twin" ] || { problem "twins: $twin: no such patch"; continue; }
	for f in $(sort -u <(files "$set/$own") <(files "$set/$twin")); do
		same=1
		cmp -s <(lines "$set/$own" "$f") <(lines "$set/$twin" "$f") || same=0
		if [[ " $differ " == *" $f "* ]]; then
			[ "$same" = 0 ] ||
				problem "$own: $f is listed as differing from $twin but changes the same lines: drop it from twins"
		elif [ "$same" = 0 ]; then
			problem "$own: $f does not change what $twin changes there:"
			diff <(lines "$set/$twin" "$f") <(lines "$set/$own" "$f") |
				sed -n "s/^< /    only in 6.1:  /p; s/^> /    only in ${set##*/}: /p" | head -5
		fi
	done
done < <(declared)
[ "$problems" -eq 0 ] && echo "parity: ${set#"$KSTRING_ROOT"/} agrees with the 6.1 set"
[ "$problems" -eq 0 ]
