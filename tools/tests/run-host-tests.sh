#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the host tests (tools/tests/test-*): each prints TAP and exits
# non-zero on failure. Their TAP goes to build/host-tests/; this
# prints one line per test file and, last, "N passed, N failed".
#
# A test's TAP must carry its plan ("1..N") and run N checks.
#
# --hermetic (make check): only the tests that need neither the prepared
# kernel tree nor a kernel build. The others say so in their header with
# a line "# host-test: needs-tree" and run in `make host-test` and `make
# test`; --needs-tree runs only those (make test runs the hermetic ones
# while the tree is being prepared). --only NAME,... runs only those test
# files of the class, --skip NAME,... all but those (make test builds the
# kernel with test-kernel-resume.sh first, and runs the rest beside the
# guests). A test still running after PROGRESS_EVERY seconds (default 30)
# is reported with its elapsed time and its last line of output.
# HOST_TEST_JOBS=N: how many tests that need no tree run at once.
. "$(dirname "$0")/../lib.sh"

only= pick= skip=
case ${1:-} in --hermetic|--needs-tree) only=${1#--}; shift ;; esac
case ${1:-} in
--only) pick=,$2, ;;
--skip) skip=,$2, ;;
'') ;;
*) die "usage: run-host-tests.sh [--hermetic|--needs-tree] [--only|--skip NAME,...]" ;;
esac
out=$BUILD/host-tests
mkdir -p "$out"
passed=0 failed=0 skipped=0
t_all=$(now)
# The tests that need no tree run HOST_TEST_JOBS at a time (default: one
# per CPU; each uses a scratch directory of its own), the longest of the
# last run first; those that need the tree or a kernel build share
# products under build/ and run one by one, after them. Each is reported
# in file order.
parallel=() serial=() longest_first=()
for t in "$KSTRING_ROOT"/tools/tests/test-*; do
	[ -x "$t" ] || continue
	[ -z "$pick" ] || [[ $pick == *",${t##*/},"* ]] || continue
	[[ $skip == *",${t##*/},"* ]] && continue
	if grep -q '^# host-test: needs-tree' "$t"; then
		[ "$only" = hermetic ] && { skipped=$((skipped + 1)); continue; }
		serial+=("$t")
	else
		[ "$only" = needs-tree ] && continue
		parallel+=("$t")
	fi
done
mapfile -t longest_first < <(for t in "${parallel[@]}"; do
	secs=0
	[ -f "$out/${t##*/}.rc" ] && read -r _ secs < "$out/${t##*/}.rc"
	echo "${secs:-0} $t"
done | sort -k1,1nr | cut -d' ' -f2-)
for t in "${parallel[@]}" "${serial[@]}"; do
	rm -f "$out/${t##*/}".{tap,rc,start}
done

# start TEST: run it in the background; its TAP in NAME.tap, then its
# exit code and seconds in NAME.rc.
start() {
	local name t0
	name=${1##*/}
	now t0
	echo "$t0" > "$out/$name.start"
	{ "$1" > "$out/$name.tap" 2>&1; echo "$? $(elapsed "$t0")" > "$out/$name.rc"; } &
}

# report TEST: wait for its NAME.rc (saying what it does every
# PROGRESS_EVERY seconds) and print its line.
report() {
	local name=${1##*/} ok bad plan rc secs e every=${PROGRESS_EVERY:-30} next pause t0
	next=$every
	pause=0.05	# (a quick test is reported at once, a long one polled each second)
	until [ -s "$out/$name.rc" ]; do
		nap "$pause"
		case $pause in 0.05) pause=0.2 ;; 0.2) pause=1 ;; esac
		[ -s "$out/$name.start" ] || continue
		read -r t0 < "$out/$name.start"
		e=$(elapsed "$t0")
		[ "${e%.*}" -ge "$next" ] || continue
		printf '        %s: %ss: %s\n' "$name" "$e" \
			"$(tail -n 1 "$out/$name.tap" 2>/dev/null | tr -cd '[:print:]' | cut -c1-80)"
		next=$((${e%.*} + every))
	done
	read -r rc secs < "$out/$name.rc"
	ok=$(grep -c '^ok ' "$out/$name.tap")
	bad=$(grep -c '^not ok ' "$out/$name.tap")
	# A test that stopped early or skipped checks fails, even with exit 0.
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$out/$name.tap" | head -n 1)
	if [ "$plan" != $((ok + bad)) ]; then
		echo "not ok - TAP plan '1..${plan:-?}' but $((ok + bad)) checks ran" >> "$out/$name.tap"
		bad=$((bad + 1))
	elif [ "$rc" -ne 0 ] && [ "$bad" -eq 0 ]; then
		bad=1	# died without saying why: count it
	fi
	passed=$((passed + ok))
	failed=$((failed + bad))
	if [ "$bad" -eq 0 ]; then
		printf '  PASS  %-34s %4d checks %6ss\n' "$name" "$ok" "$secs"
		# A test may sum itself up in "# summary: ..." lines.
		sed -n 's/^# summary: /        /p' "$out/$name.tap"
	else
		printf '  FAIL  %-34s %d of %d checks failed (exit %d): %s\n' \
			"$name" "$bad" "$((ok + bad))" "$rc" "${out#"$KSTRING_ROOT"/}/$name.tap"
		grep -m 5 '^not ok ' "$out/$name.tap" | sed 's/^/        /'
	fi
}

jobs_max=${HOST_TEST_JOBS:-$CPUS}
next=0 running=0
for t in "${longest_first[@]}"; do
	while [ "$running" -ge "$jobs_max" ]; do
		wait -n
		running=$((running - 1))
		# (report what has ended, in order, while the rest run)
		while [ "$next" -lt "${#parallel[@]}" ] &&
		      [ -s "$out/${parallel[$next]##*/}.rc" ]; do
			report "${parallel[$next]}"
			next=$((next + 1))
		done
	done
	start "$t"
	running=$((running + 1))
done
while [ "$next" -lt "${#parallel[@]}" ]; do
	report "${parallel[$next]}"
	next=$((next + 1))
done
wait
for t in "${serial[@]}"; do
	start "$t"
	report "$t"
done
[ "$only" = hermetic ] &&
	echo "host-tests: $skipped test files need the tree or a kernel build: 'make host-test' (and make test) run them"
echo "host-tests: $passed passed, $failed failed (in $(elapsed "$t_all")s)"
[ "$failed" -eq 0 ]
