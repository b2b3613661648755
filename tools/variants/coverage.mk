# SPDX-License-Identifier: GPL-2.0
#
# make COVERAGE=1: the guest kernel with gcov (the fragment below,
# CONFIG_GCOV_PROFILE_ALL: kbuild's per-file GCOV_PROFILE_<file>.o needs
# a Makefile edit in the tree, and on make's command line it would also
# profile arch/x86/boot's string.o, which must not be), built in its
# root, build/coverage/. After the kselftests the guest sends the lib/
# .gcda files on its fourth serial port (tools/guest/run-tests); the host
# writes the lcov report into the run's coverage/ (tools/run/coverage.sh,
# docs/coverage.md). The Makefile selects this file; every variable is
# the default of an option in README "Options".
export COVERAGE
export VARIANT ?= coverage
export VARIANT_CONFIG ?= $(CURDIR)/kernel-changes/config/coverage.config
# every function counts its arcs: slower under TCG
TIMEOUT ?= 1800
