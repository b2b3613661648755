# SPDX-License-Identifier: GPL-2.0
#
# make KSRC_PKG=linux-source-6.12: the series and its tests on Debian's
# 6.12 LTS source: its own tree (build/linux-6.12), every product in its
# root (build/6.12/); the guest image is shared. 6.12 has its own patch set, a few selftests files of its own
# and KUnit in place of test_strscpy (kernel-changes/6.12/README.md). The
# Makefile selects this file.
export KERNEL_CHANGES ?= $(CURDIR)/kernel-changes/6.12
export TREE ?= $(BUILD)/linux-6.12
export VARIANT ?= 6.12
export TREE_CONFIG ?= $(KERNEL_CHANGES)/config/kunit.config
# The negative control (tools/qa/negative-control.sh): strscpy's KUnit
# suite fails through a mutant copy of string_kunit (tools/qa/mutants/).
export INJECT_TESTS ?= lib:parse_integer.sh,lib:parse_integer_stress.sh,lib:kmod_loop.sh
export INJECT_ARGS ?= test_parse_integer.inject_failure=1
export INJECT_MUTANTS ?= enomem string-kunit
export INJECT_EXPECT ?= $(KERNEL_CHANGES)/negative-control.expect
