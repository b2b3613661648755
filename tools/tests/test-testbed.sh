#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# host-test: needs-tree (not in make check)
#
# Host test: build tools/testbed against the prepared tree (tag pristine
# vs HEAD) and run its check: differential kstrto*() tests, the
# parse_integer() model check, the strscpy() family checks and a short
# run of each fuzzer, one TAP line each.  Extra make variables (PATCHED=,
# FUZZ_SECONDS=, ...) can be passed in TESTBED_MAKEFLAGS.
. "$(dirname "$0")/../lib.sh"

if [ ! -d "$TREE" ]; then
	echo "1..0 # SKIP no prepared tree at $TREE"
	exit 0
fi
if ! git -C "$TREE" rev-parse -q --verify 'pristine^{tree}' >/dev/null 2>&1; then
	echo "1..0 # SKIP $TREE has no tag pristine"
	exit 0
fi

log=$BUILD/testbed/check.log
mkdir -p "$BUILD/testbed"
# shellcheck disable=SC2086
nice -n 10 make --no-print-directory -C "$KSTRING_ROOT/tools/testbed" \
	BUILD="$BUILD" TREE="$TREE" $TESTBED_MAKEFLAGS check > "$log" 2>&1
rc=$?

checks="kstrtoull kstrtoll kstrtoul kstrtol kstrtouint kstrtoint kstrtou16
	kstrtos16 kstrtou8 kstrtos8 parse_integer-model pristine-strscpy
	pristine-strscpy_pad patched-strscpy patched-strscpy_truncate
	patched-strscpy_pad fuzz-parse-integer fuzz-strscpy"
describe() {
	case $1 in
	kstrto*) echo "$1() pristine vs patched" ;;
	parse_integer-model) echo "parse_integer() vs reference model" ;;
	fuzz-*) echo "libFuzzer $1" ;;
	*strscpy*) echo "${1/-/ } vs byte-at-a-time model" ;;
	esac
}

echo "TAP version 13"
set -- $checks
echo "1..$(($# + 1))"
n=1 fails=0
if grep -q '^result: \|^fuzz fuzz-' "$log"; then
	echo "ok 1 - testbed builds"
else
	echo "not ok 1 - testbed builds"
	fails=1
	tail -20 "$log" | sed 's/^/# /'
fi
for c in $checks; do
	n=$((n + 1))
	case $c in
	fuzz-*) line=$(grep -m1 "^fuzz $c: " "$log"); res=$(awk '{ print $3 }' <<< "$line"); res=${res%,} ;;
	*) line=$(grep -m1 "^result: $c " "$log"); res=$(awk '{ print $3 }' <<< "$line") ;;
	esac
	detail=${line#*: }
	detail=${detail#"$c "}
	if [ "$res" = ok ]; then
		detail=${detail#ok }
		echo "ok $n - $(describe "$c"): ${detail#, }"
	else
		echo "not ok $n - $(describe "$c"): ${detail:-no result}"
		fails=$((fails + 1))
	fi
done
grep -E '^# (DIFF|MODEL|STRSCPY|kstrto:|inputs|allowed|patched-strscpy on)|^check:|^MISMATCH' "$log" | head -40 | sed 's/^# //; s/^kstrto:/summary: kstrto:/; s/^/# /'
echo "# full log: $log"
[ "$fails" -eq 0 ] && [ "$rc" -eq 0 ]
