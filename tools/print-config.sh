#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make print-config: the settings the selected variant resolves to (the
# Makefile's variant selection, then tools/lib.sh's defaults), one
# NAME=VALUE a line under the names make takes (README "Options"); an
# empty value is unset. Paths under the checkout and build/ print as
# given, so that tools/tests/test-arch-select.sh can compare them with
# golden files.
. "$(dirname "$0")/lib.sh"

for v in VARIANT VARIANT_ROOT RESULTS KSRC_PKG KSRC_TARBALL BUILD TREE KERNEL_CHANGES \
	SELFTESTS_SRC TREE_CONFIG VARIANT_CONFIG BASE_CONFIG EXTRA_CONFIG \
	SANITIZE COVERAGE ARCH KOBJ IMAGE_DIR MKOSI_ARCH OVERLAY_DIR \
	KSFT_CROSS_COMPILE INITRD KSTRING_KERNEL KSTRING_KERNEL_HEADERS \
	LOGS_DIR TIMINGS_FILE SERIES_DIR QEMU ACCEL MEM SMP \
	TIMEOUT JOBS PROFILE KSFT_TARGETS TESTS EXTRA_TESTS KSFT_TIMEOUT \
	KERNEL_ARGS INJECT_TESTS INJECT_ARGS INJECT_EXPECT INJECT_MUTANTS; do
	printf '%s=%s\n' "$v" "${!v:-}"
done
