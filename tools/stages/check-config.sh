#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stages/check-config.sh DOTCONFIG FRAGMENT...
# Every "CONFIG_X=v" and "# CONFIG_X is not set" in the fragments must hold
# in DOTCONFIG. Prints each symbol that did not land and exits 1.
. "$(dirname "$0")/../lib.sh"

dotconfig=$1
shift
awk '
FNR == NR {
	if ($0 ~ /^CONFIG_[A-Za-z0-9_]+=/) {
		split($0, kv, "="); have[kv[1]] = substr($0, length(kv[1]) + 2)
	}
	next
}
/^CONFIG_[A-Za-z0-9_]+=/ {
	sym = $0; sub(/=.*/, "", sym); want = substr($0, length(sym) + 2)
	n++
	if (!(sym in have)) {
		printf "%s: %s=%s requested, not set in .config\n", FILENAME, sym, want
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
	printf "config: all %d requested symbols landed\n", n
}' "$dotconfig" "$@"
