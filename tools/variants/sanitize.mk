# SPDX-License-Identifier: GPL-2.0
#
# make SANITIZE=1: KASAN, UBSAN, FORTIFY_SOURCE, kmemleak and lockdep
# (the fragment below), built in its root (build/sanitize/) so that
# switching variants rebuilds nothing, with the timeouts of a kernel that runs
# several times slower under TCG. The Makefile selects this file; every
# variable is the default of an option in README "Options".
export VARIANT ?= sanitize
export VARIANT_CONFIG ?= $(CURDIR)/kernel-changes/config/sanitize.config
TIMEOUT ?= 3600
KSFT_TIMEOUT ?= 1500
# LKDTM's fortify tests: the fortified strscpy() and strscpy_truncate()
# must catch a write overflow at run time (the verdict excuses the crash
# they provoke; their kselftest checks the report).
EXTRA_TESTS ?= lkdtm:FORTIFY_STRSCPY.sh,lkdtm:FORTIFY_STRSCPY_TRUNCATE.sh
