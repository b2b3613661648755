#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stages/check-config.sh [--tree DIR] DOTCONFIG FRAGMENT...
# Every "CONFIG_X=v" and "# CONFIG_X is not set" in the fragments must hold
# in DOTCONFIG. Prints each symbol that did not land and exits 1. With
# --tree, a symbol no Kconfig file of the kernel tree DIR defines is not
# checked (make check-series walks commits from before the series adds
# its symbols); one it defines must land, also when a menu or dependency
# that is off keeps it out of the .config altogether.
. "$(dirname "$0")/../lib.sh"

tree=
[ "${1:-}" != --tree ] || { tree=$2; shift 2; }
dotconfig=$1
shift
# The symbols the tree defines, one a line (none, or no Kconfig file in
# the tree: every symbol is checked).
known=/dev/null
if [ -n "$tree" ]; then
	known=$(mktemp) || exit 2
	trap 'rm -f "$known"' EXIT
	grep -rhoE --include='Kconfig*' '^[[:space:]]*(menu)?config [A-Za-z0-9_]+' "$tree" |
		awk '{ print "CONFIG_" $2 }' > "$known"
fi
awk '
FILENAME == known { defined[$0] = 1; any_defined = 1; next }
FILENAME == dotconfig {
	if ($0 ~ /^CONFIG_[A-Za-z0-9_]+=/) {
		split($0, kv, "="); have[kv[1]] = substr($0, length(kv[1]) + 2)
	} else if ($0 ~ /^# CONFIG_[A-Za-z0-9_]+ is not set$/) {
		off[$2] = 1
	}
	next
}
/^CONFIG_[A-Za-z0-9_]+=/ {
	sym = $0; sub(/=.*/, "", sym); want = substr($0, length(sym) + 2)
	if (any_defined && !(sym in defined)) { unknown++; next }
	n++
	if (sym in off) {
		printf "%s: %s=%s requested, .config has it off (a dependency is not met)\n", FILENAME, sym, want
		bad++
	} else if (!(sym in have)) {
		printf "%s: %s=%s requested, not set in .config%s\n", FILENAME, sym, want,
			any_defined ? " (a menu or dependency of it is off)" : ""
		bad++
	} else if (have[sym] != want) {
		printf "%s: %s=%s requested, .config has %s\n", FILENAME, sym, want, have[sym]
		bad++
	}
	next
}
/^# CONFIG_[A-Za-z0-9_]+ is not set/ {
	n++
	if (($2) in have && have[$2] != "n") {
		printf "%s: %s off requested, .config has %s\n", FILENAME, $2, have[$2]
		bad++
	}
}
END {
	if (bad) { printf "%d of %d requested symbols did not land\n", bad, n; exit 1 }
	printf "config: all %d requested symbols landed%s\n", n,
		unknown ? sprintf(" (%d unknown to this Kconfig)", unknown) : ""
}' known="$known" dotconfig="$dotconfig" "$known" "$dotconfig" "$@"
