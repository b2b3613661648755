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
patch_id() { local id; id=$(git patch-id --stable < "$1"); echo "${id%% *}"; }
# compare OWN TWIN: one line for each file either patch touches, sorted,
# "FILE<TAB>same" or "FILE<TAB>differs", the latter followed by the lines
# (added or removed) only one of them has, "FILE<TAB>< LINE" for TWIN's,
# "FILE<TAB>> LINE" for OWN's.
compare() {
	awk 'FNR == 1 { side = FILENAME == ARGV[1] ? 1 : -1; f = "" }
		/^diff --git / { f = substr($3, 3); files[f]; next }
		/^(---|\+\+\+) / { next }
		f != "" && /^[-+]/ { n[f, $0] += side }
		END {
			for (k in n) {
				if (!n[k]) continue
				split(k, fl, SUBSEP)
				differs[fl[1]]
				for (c = n[k] < 0 ? -n[k] : n[k]; c; c--)
					print fl[1] "\t" (n[k] < 0 ? "< " : "> ") fl[2]
			}
			for (f in files)
				print f "\t" (f in differs ? "differs" : "same")
		}' "$1" "$2" | sort
}

declare -A base_ids base_patches own_declared
while read -r p; do
	base_ids[$(patch_id "$base/$p")]=$p
	base_patches[$p]=1
done < <(entries "$base")
while read -r p _; do
	own_declared[$p]=1
done < <(declared)

while read -r p; do
	case $p in
	../*)
		[ -f "$set/$p" ] && [ -n "${base_patches[${p#../}]:-}" ] ||
			problem "$p: not a patch of the 6.1 series" ;;
	*)
		twin=${base_ids[$(patch_id "$set/$p")]:-}
		[ -z "$twin" ] ||
			problem "$p is the 6.1 set's $twin again: make the entry ../$twin and remove $p"
		[ -n "${own_declared[$p]:-}" ] ||
			problem "$p is not declared in ${set##*/}/twins (OWN ../TWIN [FILE...] or OWN -)" ;;
	esac
done < <(entries "$set")

while read -r own twin differ; do
	[ "$twin" = - ] && continue
	[ -f "$set/$own" ] || { problem "twins: $own: no such patch"; continue; }
	[ -f "$set/$twin" ] || { problem "twins: $twin: no such patch"; continue; }
	mapfile -t cmp < <(compare "$set/$own" "$set/$twin")
	for c in "${cmp[@]}"; do
		f=${c%%$'\t'*} what=${c#*$'\t'}
		case $what in
		same)
			[[ " $differ " != *" $f "* ]] ||
				problem "$own: $f is listed as differing from $twin but changes the same lines: drop it from twins" ;;
		differs)
			[[ " $differ " == *" $f "* ]] && continue
			problem "$own: $f does not change what $twin changes there:"
			shown=0
			for d in "${cmp[@]}"; do
				[ "$shown" -lt 5 ] || break
				case ${d#"$f"$'\t'} in
				"< "*) echo "    only in 6.1:  ${d#*$'\t'< }" ;;
				"> "*) echo "    only in ${set##*/}: ${d#*$'\t'> }" ;;
				*) continue ;;
				esac
				shown=$((shown + 1))
			done ;;
		esac
	done
done < <(declared)
[ "$problems" -eq 0 ] && echo "parity: ${set#"$KSTRING_ROOT"/} agrees with the 6.1 set"
[ "$problems" -eq 0 ]
