# SPDX-License-Identifier: GPL-2.0
#
# series/checkpatch-keys.awk LOG: one "TYPE|FILE|message" line per report of a
# `checkpatch.pl --show-types` log (not --terse), numbers in the message
# as N (a line length, a column), so that the reports made on a patch and
# on its reverse can be compared as sorted lists (tools/series/check-series.sh).

function flush() {
	if (r != "")
		print r "|" f "|" m
	r = ""
}

/^(ERROR|WARNING|CHECK):/ {
	flush()
	r = $1
	m = $0
	f = ""
	sub(/^[A-Z]+:[A-Z_0-9]+: /, "", m)
	gsub(/[0-9]+/, "N", m)
	next
}

r != "" && f == "" && /^#[0-9]+: FILE: / {
	f = $3
	sub(/:[0-9]+:$/, "", f)
}

END { flush() }
