#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh BENCH OUTDIR [VALGRIND]: run the bench binary under callgrind
# (collection toggled around each measured loop only), turn the dumps
# into instructions per call (minus the "noop" loop) and print one table
# of patched/pristine ratios; exit 1 if a target is missed.
set -o pipefail
bench=$1 out=$2 valgrind=${3:-valgrind}
command -v "$valgrind" >/dev/null || { echo "bench: valgrind not found (Debian package: valgrind)" >&2; exit 2; }
rm -rf "$out"; mkdir -p "$out"
"$valgrind" --tool=callgrind --collect-atstart=no --dump-line=no \
	--callgrind-out-file="$out/cg.out" "$bench" > "$out/calls.txt" 2> "$out/valgrind.log" ||
	{ cat "$out/valgrind.log" >&2; exit 2; }
for f in "$out"/cg.out.*; do
	awk '/^desc: Trigger: Client Request: case:/ { sub(/.*case:/, ""); c = $0 }
	     /^summary:/ { if (c != "") print c, $2 }' "$f"
done > "$out/counts.txt"

awk -v counts="$out/counts.txt" '
BEGIN {
	while ((getline l < counts) > 0) {
		split(l, a, " "); split(a[1], k, ":")
		ir[k[1] ":" k[2]] = a[2]
	}
	bad = 0
	printf "%-44s %-12s %10s %10s %7s  %s\n", "patched / baseline (Ir per call)", "input", "patched", "baseline", "ratio", "target"
}
$1 == "calls" { calls[$2] = $3; sets[++nsets] = $2 }
function per(fn, set) {
	if (!((fn ":" set) in ir))
		return -1
	return (ir[fn ":" set] - ir["noop:" set]) / calls[set]
}
function row(label, a, b, set, target,   pa, pb, r, v) {
	pa = per(a, set); pb = per(b, set)
	if (pa < 0 || pb <= 0) {
		printf "%-44s %-12s %10s %10s %7s  %s\n", label, set, "-", "-", "-", "missing"
		return
	}
	r = pa / pb
	v = target == "" ? "info" : (r <= target + 0.0005 ? sprintf("<=%.2f ok", target) : sprintf("<=%.2f MISSED by %.1f%%", target, (r / target - 1) * 100))
	if (target != "" && r > target + 0.0005)
		bad = 1
	printf "%-44s %-12s %10.1f %10.1f %7.3f  %s\n", label, set, pa, pb, r, v
}
END {
	for (i = 1; i <= nsets; i++) {
		s = sets[i]
		if (s ~ /^[0-9]+$/) {
			row("strscpy / pristine strscpy", "patched-strscpy", "pristine-strscpy", s, 1.05)
			row("strscpy_truncate / pristine strscpy", "patched-strscpy_truncate", "pristine-strscpy", s, 1.05)
			row("pristine strscpy / memcpy+strnlen", "pristine-strscpy", "memcpy+strnlen", s, "")
			row("strscpy / memcpy+strnlen", "patched-strscpy", "memcpy+strnlen", s, "")
		} else {
			row("kstrtoull / pristine kstrtoull", "patched-kstrtoull", "pristine-kstrtoull", s, 1.00)
			row("kstrtoint / pristine kstrtoint", "patched-kstrtoint", "pristine-kstrtoint", s, 1.00)
			row("parse_integer / pristine kstrtoull", "patched-parse_integer", "pristine-kstrtoull", s, "")
			row("parse_integer / pristine simple_strtoull", "patched-parse_integer", "pristine-simple_strtoull", s, "")
		}
	}
	exit bad
}' "$out/calls.txt" | tee "$out/table.txt"
rc=$?
cat <<'EON'
Inputs (bench.c): short-dec "0".."65535" base 10; u64-20digit three 20-digit
numbers base 10; hex-0x "0xdeadbeef" etc. base 0; signed-min "-2147483648",
"-128", "-9223372036854775808" base 10 (kstrtoull rejects the sign;
parse_integer() into long long there, unsigned long long elsewhere, without
PARSE_INTEGER_NEWLINE); sysfs-N\n "1\n" etc. base 0; strscpy: a string of
8, 64 or 4096 characters into a buffer one byte larger.  Ir per call is
callgrind's instruction count minus that of the same loop calling a no-op.
EON
exit $rc
