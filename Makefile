# SPDX-License-Identifier: GPL-2.0
#
# Kernel string API test package: Debian linux-source-6.1 + kernel-changes/
# -> guest kernel -> mkosi image -> QEMU -> kselftest verdicts.
# `make` runs the whole pipeline; `make test` is the project's own test.
# Every stage skips work whose inputs did not change. See README.md.

SHELL := /bin/bash
export BUILD ?= $(CURDIR)/build

# SANITIZE=1: KASAN, UBSAN, FORTIFY_SOURCE, kmemleak and lockdep, built in
# a directory of its own so that switching variants rebuilds nothing.
ifeq ($(SANITIZE),1)
export SANITIZE
export KOBJ ?= $(BUILD)/kernel-sanitize
export VARIANT ?= sanitize
TIMEOUT ?= 3600
KSFT_TIMEOUT ?= 1500
endif

# (After the block above: exporting an unset variable defines it, empty,
# and ?= would then not set it.)
export KSRC_PKG KSRC_TARBALL BASE_CONFIG EXTRA_CONFIG TIMEOUT ACCEL \
	TESTS KSFT_TARGETS KSFT_TIMEOUT KERNEL_ARGS JOBS

STAGE := tools/stage.sh

.PHONY: all deps tree selftests kernel image overlay run shell test \
	host-test bench fuzz series export-series check-series drift clean \
	distclean help

all: overlay
	@REUSE=1 tools/run.sh

help:
	@sed -n '/^| target/,/^$$/p' README.md

deps:
	@tools/deps.sh

tree: deps
	@$(STAGE) tree tools/prepare-tree.sh

selftests: tree
	@$(STAGE) selftests tools/sync-selftests.sh

kernel: selftests
	@$(STAGE) kernel tools/build-kernel.sh

image: deps
	@$(STAGE) image tools/build-image.sh

overlay: kernel image
	@$(STAGE) overlay tools/build-overlay.sh

run: overlay
	@tools/run.sh

shell: overlay
	@tools/run-guest.sh shell

host-test: selftests
	@tools/tests/run-host-tests.sh

# tools/testbed: the string code built for the host (pristine vs patched)
bench fuzz: selftests
	@$(MAKE) --no-print-directory -C tools/testbed BUILD=$(BUILD) $@

test:
	@tools/test.sh

series: selftests
	@tools/format-series.sh

export-series:
	@tools/export-series.sh

check-series: series
	@tools/check-series.sh

# The pipeline on each linux-source-6.1 the archive offers (default: the
# two newest; DRIFT_VERSIONS="6.1.190-1 ...", "all" or a number N).
drift: deps
	@tools/archive-drift.sh $(DRIFT_VERSIONS)

clean:
	rm -rf $(BUILD)/kernel $(BUILD)/overlay \
		$(BUILD)/results $(BUILD)/logs $(BUILD)/series $(BUILD)/timings

distclean:
	rm -rf $(BUILD)
