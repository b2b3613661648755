# SPDX-License-Identifier: GPL-2.0
#
# tools/lib.sh, part: the pipeline's paths and settings, each default
# once (README "Options"; make print-config prints them).
# Sourced by tools/lib.sh, never run.

# Stamps and products are named after these paths: a relative one (a
# TREE=build/linux-6.12 left in the user's shell) would name another
# stamp for the same tree, so it is refused before anything is touched.
for _v in BUILD TREE KOBJ INITRD IMAGE_DIR OVERLAY_DIR KERNEL_CHANGES \
	  SELFTESTS_SRC LOGS_DIR TIMINGS_FILE; do
	case ${!_v:-/} in
	/*) ;;
	*) printf '%s: error: %s=%s (from the environment) is a relative path; products and stamps are named after absolute paths: unset %s (make and the variants set it) or give an absolute one\n' \
		"${0##*/}" "$_v" "${!_v}" "$_v" >&2
	   exit 2 ;;
	esac
done
unset _v
BUILD=${BUILD:-$KSTRING_ROOT/build}
TREE=${TREE:-$BUILD/linux}
# One root per variant (build/6.1, build/6.12, build/sanitize,
# build/coverage, build/i386, build/input): its kernel build, overlay,
# stage logs and times, stamps, series, check-series builds and results;
# `make clean` removes it. The trees (one per kernel set), the image and the
# compiler cache are shared.
VARIANT_ROOT=$BUILD/${VARIANT:-6.1}
LOGS_DIR=${LOGS_DIR:-$VARIANT_ROOT/logs}
TIMINGS_FILE=${TIMINGS_FILE:-$VARIANT_ROOT/timings}
# The series and the selftest sources (overridable for the harness tests).
KERNEL_CHANGES=${KERNEL_CHANGES:-$KSTRING_ROOT/kernel-changes}
SELFTESTS_SRC=${SELFTESTS_SRC:-$KSTRING_ROOT/selftests}
# Debian's source package; KSRC_TARBALL= points at another tree (QA option).
KSRC_PKG=${KSRC_PKG:-linux-source-6.1}
KSRC_TARBALL=${KSRC_TARBALL:-/usr/src/$KSRC_PKG.tar.xz}
# Every default of the pipeline's products and options, here only: make
# passes its variables (README "Options") and a variant's
# (tools/variants/*.mk) through the environment.
KOBJ=${KOBJ:-$VARIANT_ROOT/kernel}	# the kernel build
INITRD=${INITRD:-$KOBJ/initrd.cpio}	# base image + overlay
IMAGE_DIR=${IMAGE_DIR:-$BUILD/image}	# the base image (mkosi)
OVERLAY_DIR=${OVERLAY_DIR:-$VARIANT_ROOT/overlay}
RESULTS=$VARIANT_ROOT/results		# one directory a run, latest -> the last
# make ... KERNEL=PATH (KSTRING_KERNEL here): the kernel under test is an
# input (tools/stages/kernel-input.sh unpacks it); its modules, overlay
# and initrd live in a directory of its own.
if [ -n "${KSTRING_KERNEL:-}" ]; then
	KERNEL_INPUT_DIR=$VARIANT_ROOT/$(basename "${KSTRING_KERNEL%/}" .deb)-$(printf %s "$KSTRING_KERNEL" | sha256sum | cut -c1-8)
	KOBJ=$KERNEL_INPUT_DIR
	OVERLAY_DIR=$KERNEL_INPUT_DIR/overlay
	INITRD=$KERNEL_INPUT_DIR/initrd.cpio
	KERNEL_IMAGE=$KERNEL_INPUT_DIR/bzImage
else
	KERNEL_IMAGE=$KOBJ/arch/x86/boot/bzImage
fi
# The kernel set's own config fragment, merged after the guest's.
TREE_CONFIG=${TREE_CONFIG:-$KSTRING_ROOT/kernel-changes/config/linux-6.1.config}
QEMU=${QEMU:-qemu-system-x86_64}
KSFT_TARGETS=${KSFT_TARGETS:-lib}	# the kselftest collections
TIMEOUT=${TIMEOUT:-900}			# seconds before a guest counts as hung
# CPUS: the CPUs this process may run on, as nproc counts them, without
# nproc's fork and exec (every script sources this).
CPUS=0
while read -r _k _v; do
	[ "$_k" = Cpus_allowed_list: ] || continue
	IFS=, read -ra _r <<< "$_v"
	for _x in "${_r[@]}"; do CPUS=$((CPUS + ${_x#*-} - ${_x%-*} + 1)); done
	break
done < /proc/self/status
[ "$CPUS" -gt 0 ] || CPUS=1
unset _k _v _r _x
JOBS=${JOBS:-$((CPUS + 1))}
# Every kernel build here: one compiler cache, and a fixed build date so
# that the same source gives the same image. The cache is the user's, not
# the checkout's: with paths under BUILD made relative (CCACHE_BASEDIR),
# another clone, a drift tree or a check-series worktree hits it.
CCACHE_DIR=${CCACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-$BUILD}/.cache}/kstring/ccache}
CCACHE_BASEDIR=${CCACHE_BASEDIR:-$BUILD}
KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-2015-05-01}
PROFILE=${PROFILE:-quick}		# tools/guest/profiles (qa, test: full)
MEM=${MEM:-1024}			# the guest's RAM (MB) and CPUs
SMP=${SMP:-2}
SERIES_DIR=${SERIES_DIR:-$VARIANT_ROOT/series}	# make series' output
# The negative control (tools/qa/negative-control.sh): the tests whose
# failure it injects, by these module parameters and these mutant test
# modules, and what it expects.
INJECT_TESTS=${INJECT_TESTS:-lib:strscpy.sh,lib:parse_integer.sh,lib:parse_integer_stress.sh,lib:kmod_loop.sh}
INJECT_ARGS=${INJECT_ARGS:-test_strscpy.inject_failure=1 test_parse_integer.inject_failure=1}
INJECT_EXPECT=${INJECT_EXPECT:-$KSTRING_ROOT/tools/qa/negative-control.expect}
INJECT_MUTANTS=${INJECT_MUTANTS:-enomem}	# tools/qa/mutants/NAME.mutant

# print_settings: every setting above and the options make passes, one
# NAME=VALUE a line (make print-config; each stage leaves it in
# <root>/config.env and each run in its results' config.env).
SETTINGS="VARIANT VARIANT_ROOT RESULTS KSRC_PKG KSRC_TARBALL BUILD TREE
	KERNEL_CHANGES SELFTESTS_SRC TREE_CONFIG VARIANT_CONFIG BASE_CONFIG
	EXTRA_CONFIG SANITIZE COVERAGE ARCH KOBJ IMAGE_DIR MKOSI_ARCH
	OVERLAY_DIR KSFT_CROSS_COMPILE INITRD KSTRING_KERNEL
	KSTRING_KERNEL_HEADERS LOGS_DIR TIMINGS_FILE SERIES_DIR QEMU ACCEL MEM
	SMP TIMEOUT JOBS CCACHE_DIR CCACHE_BASEDIR PROFILE KSFT_TARGETS TESTS EXTRA_TESTS KSFT_TIMEOUT
	KERNEL_ARGS INJECT_TESTS INJECT_ARGS INJECT_EXPECT INJECT_MUTANTS"
print_settings() {
	local v
	for v in $SETTINGS; do
		printf '%s=%s\n' "$v" "${!v:-}"
	done
}
