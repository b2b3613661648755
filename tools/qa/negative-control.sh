#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The checks must be able to fail: boot once more with one expectation
# flipped in each of the project's tests (their inject_failure
# parameters, given on the kernel command line, which modprobe applies)
# and a kselftest that hides a failure (tools/qa/hidden-failure.sh: "not
# ok", then exit 0), and test modules with one deliberate change
# (INJECT_MUTANTS, tools/qa/mutants/: test_parse_integer breaking its
# ENOMEM promise, 6.12's string KUnit suite with a flipped vector), and
# require that exactly the checks that depend on
# them fail (tools/qa/negative-control.expect, hidden-failure.expect), in
# the test profile PROFILE (default full). A tree that tests otherwise
# sets INJECT_TESTS, INJECT_ARGS, INJECT_EXPECT and INJECT_MUTANTS
# (tools/variants/linux-6.12.mk). With LAVA=1 the same run goes through a
# LAVA job (make lava-run) and LAVA's results must say the same. Without
# it, a run on a copy of the tree without its last patch must first be an
# infrastructure error that names that patch, and boot nothing. Prints
# TAP; the runs are kept as build/<variant>/results/<id>-{truncated,inject[-lava]}-PROFILE/,
# the id of the inject run in build/<variant>/negative-control[-lava]-PROFILE/run_id
# (make test runs two at a time: results/last-run may name the other).
. "$(dirname "$0")/../lib.sh"

profile=$PROFILE
# Its runs fail on purpose: they write no kcidb.json (tools/results).
export KSTRING_CONTROL=1
runner=run/run.sh lava= label=
[ "${LAVA:-0}" = 1 ] && runner=lava/run.sh lava=-lava label="LAVA, "
stamp=$(run_time)
suffix=$profile${VARIANT:+-$VARIANT}
run_id=$stamp-inject$lava-$suffix
tests=$INJECT_TESTS
args=$INJECT_ARGS
work=$VARIANT_ROOT/negative-control$lava-$profile
rm -rf "$work"
mkdir -p "$work"

# The tree without its last series commit: a clone that shares its
# objects and checks nothing out. Every run on it must be refused.
if [ -z "$lava" ]; then
	last=$(git -C "$TREE" log -1 --format=%H --invert-grep --fixed-strings \
		--grep="$SELFTESTS_MARK" pristine..HEAD)
	entry=$(grep -v '^[[:space:]]*\(#\|$\)' "$KERNEL_CHANGES/series" | tail -n 1 | cut -d' ' -f1-3)
	n=$(grep -vc '^[[:space:]]*\(#\|$\)' "$KERNEL_CHANGES/series")
	git clone -q --shared --no-checkout "$TREE" "$work/linux-truncated" &&
		git -C "$work/linux-truncated" update-ref HEAD "$last~1" ||
		die "cannot make a truncated copy of $TREE in $work"
	printf 'exit 2\nverdict infra-error\nreason entry %s, %s, is missing\n' \
		"$n" "$entry" > "$work/truncated.expect"
	TREE=$work/linux-truncated RUN_ID=$stamp-truncated-$suffix NO_LATEST=1 \
		"$KSTRING_ROOT/tools/$runner" > "$work/truncated.out" 2>&1
	rc=$?
	python3 "$KSTRING_ROOT/tools/results" expect \
		"$RESULTS/$stamp-truncated-$suffix/summary.json" "$rc" \
		"$work/truncated.expect" "negative control (${VARIANT:+$VARIANT, }truncated tree)"
	[ -e "$RESULTS/$stamp-truncated-$suffix/console.log" ] &&
		echo "not ok - negative control (truncated tree): a guest was booted"
fi

# The initramfs with the hiding kselftest appended (the kernel unpacks
# every cpio it is given; later files win): the script, and kselftest's
# list of tests with it added.
ksft=$work/root/usr/lib/kselftest
mkdir -p "$ksft/lib"
install -m 755 "$KSTRING_ROOT/tools/qa/hidden-failure.sh" "$ksft/lib/"
{ cat "$OVERLAY_DIR/root/usr/lib/kselftest/kselftest-list.txt"; echo lib:hidden-failure.sh; } \
	> "$ksft/kselftest-list.txt" || die "no kselftest list in $OVERLAY_DIR: run 'make overlay'"
# The mutants of INJECT_MUTANTS (tools/qa/mutant.sh), when the kernel is
# the package's own build (a KERNEL= input has no kbuild tree for them):
# their tests first, their expectations added.
mutant_expect=()
if [ -f "$KOBJ/Module.symvers" ]; then
	for m in $INJECT_MUTANTS; do
		"$KSTRING_ROOT/tools/qa/mutant.sh" "$m" "$work/root" || exit 2
		mutant_tests=$(tests=; . "$KSTRING_ROOT/tools/qa/mutants/$m.mutant" && echo "$tests")
		tests=${mutant_tests:+$mutant_tests,}$tests
		mutant_expect+=("$KSTRING_ROOT/tools/qa/mutants/$m.expect")
	done
fi
(cd "$work/root" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) |
	cat "$INITRD" - > "$work/initrd.cpio" || die "cannot write $work/initrd.cpio"
cat "$INJECT_EXPECT" "$KSTRING_ROOT/tools/qa/hidden-failure.expect" \
	"${mutant_expect[@]}" > "$work/inject.expect"

INITRD=$work/initrd.cpio PROFILE=$profile RUN_ID=$run_id NO_LATEST=1 \
	TESTS=$tests,lib:hidden-failure.sh KERNEL_ARGS=$args \
	"$KSTRING_ROOT/tools/$runner" > "$work.out" 2>&1
rc=$?
echo "$run_id" > "$work/run_id"
python3 "$KSTRING_ROOT/tools/results" expect "$RESULTS/$run_id/summary.json" \
	"$rc" "$work/inject.expect" "negative control (${VARIANT:+$VARIANT, }$label$profile)"
