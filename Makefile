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
# LKDTM's fortify tests: the fortified strscpy() and strscpy_truncate()
# must catch a write overflow at run time (the verdict excuses the crash
# they provoke; their kselftest checks the report).
EXTRA_TESTS ?= lkdtm:FORTIFY_STRSCPY.sh,lkdtm:FORTIFY_STRSCPY_TRUNCATE.sh
endif

# ARCH=i386: the 32-bit x86 guest, every product in directories of its own
# (results in build/results/<id>-i386). kbuild and kselftest read ARCH from
# the environment; the kselftest programs are built with Debian's i686
# cross compiler; mkosi builds a Debian i386 image. Unset: x86_64.
ifeq ($(ARCH),i386)
ifeq ($(SANITIZE),1)
$(error SANITIZE=1 with ARCH=i386: KASAN does not support 32-bit x86; use one or the other)
endif
I386_GOALS := all deps tree selftests kernel image overlay run shell clean help
ifneq ($(filter-out $(I386_GOALS),$(MAKECMDGOALS)),)
$(error ARCH=i386 is for the targets $(I386_GOALS); run '$(filter-out $(I386_GOALS),$(MAKECMDGOALS))' without ARCH)
endif
export ARCH
export KOBJ ?= $(BUILD)/kernel-i386
export VARIANT ?= i386
export IMAGE_DIR ?= $(BUILD)/image-i386
export MKOSI_ARCH ?= x86
export OVERLAY_DIR ?= $(BUILD)/overlay-i386
export KSFT_CROSS_COMPILE ?= i686-linux-gnu-
export QEMU ?= qemu-system-i386
export LOGS_DIR ?= $(BUILD)/logs-i386
export TIMINGS_FILE ?= $(BUILD)/timings-i386
export RESULTS_LATEST ?= latest-i386
CLEAN := $(KOBJ) $(OVERLAY_DIR) $(LOGS_DIR) $(TIMINGS_FILE) \
	$(BUILD)/results/*-i386 $(BUILD)/results/$(RESULTS_LATEST)
else ifneq ($(filter-out x86_64,$(ARCH)),)
$(error ARCH=$(ARCH): the guest is x86_64 (ARCH unset) or i386 (ARCH=i386))
else
CLEAN := $(BUILD)/kernel $(BUILD)/overlay \
	$(BUILD)/results $(BUILD)/logs $(BUILD)/series $(BUILD)/timings
endif

# (After the blocks above: exporting an unset variable defines it, empty,
# and ?= would then not set it.)
# The test profile (tools/guest/profiles): quick while developing, full
# for QA (make qa, make test).
PROFILE ?= quick
export KSRC_PKG KSRC_TARBALL BASE_CONFIG EXTRA_CONFIG TIMEOUT ACCEL PROFILE \
	TESTS EXTRA_TESTS KSFT_TARGETS KSFT_TIMEOUT KERNEL_ARGS JOBS

STAGE := tools/stage.sh

.PHONY: all deps tree selftests kernel image overlay run qa watch shell test \
	lava-job lava-run lava-deps bench-loop \
	check host-test bench fuzz series export-series check-series drift clean \
	distclean help

all: overlay ## the whole pipeline; reprints the last passing run when nothing changed
	@REUSE=1 tools/run.sh

# `make help`: every target with its "## " note.
help: ## this list
	@awk -F ':[^#]*## ' '/^[a-z][a-z -]*:.*## / { printf "  %-22s %s\n", $$1, $$2 }' \
		$(firstword $(MAKEFILE_LIST))

deps: ## install the missing packages of tools/deb-packages (root)
	@tools/deps.sh

tree: deps ## build/linux: pristine import, one commit per series entry
	@$(STAGE) tree tools/prepare-tree.sh

selftests: tree ## commit selftests/ into the tree
	@$(STAGE) selftests tools/sync-selftests.sh

kernel: selftests ## configure, check and build the guest kernel
	@$(STAGE) kernel tools/build-kernel.sh

image: deps ## the base guest image (mkosi.conf)
	@$(STAGE) image tools/build-image.sh

overlay: kernel image ## modules, kselftests and the runner: initrd.cpio
	@$(STAGE) overlay tools/build-overlay.sh

run: overlay ## boot, run kselftest, judge (PROFILE=quick)
	@tools/run.sh

# One run at full strength (the 60 s stress test, 100 load/unload cycles).
qa: overlay ## run at full strength (PROFILE=full)
	@PROFILE=full tools/run.sh

# Boot once and keep the guest: each save reruns what it touches
# (tools/watch.sh).
watch: overlay ## keep a guest; rerun the kselftests a save touches
	@tools/watch.sh

shell: overlay ## the guest with a root shell on this terminal
	@tools/run-guest.sh shell

# LAVA (docs/lava.md): the job for a lab, and that job run here by
# Debian's lava-run.
lava-job: overlay ## a LAVA job and its artifacts in build/lava/<id>/
	@tools/lava-job.sh

lava-run: overlay lava-deps ## that job run here by lava-run, judged like run
	@tools/lava-run.sh

lava-deps: ## install lava-dispatcher (tools/deb-packages-lava)
	@DEB_PACKAGES_FILE=tools/deb-packages-lava tools/deps.sh

bench-loop: overlay ## the developer loop's wall times, medians of 3
	@tools/bench-loop.sh

host-test: selftests ## every host test (no QEMU)
	@tools/tests/run-host-tests.sh

# The host tests that need no kernel tree and no kernel build.
check: deps ## the hermetic host tests (no tree, no kernel build)
	@tools/tests/run-host-tests.sh --hermetic

# tools/testbed: the string code built for the host (pristine vs patched)
bench fuzz: selftests ## callgrind ratios / libFuzzer targets (tools/testbed)
	@$(MAKE) --no-print-directory -C tools/testbed BUILD=$(BUILD) $@

test: ## the project's own tests; last line "N passed, N failed"
	@tools/test.sh

series: selftests ## the upstream-form series in build/series/
	@tools/format-series.sh

export-series: ## write commits made in build/linux back to kernel-changes/
	@tools/export-series.sh

check-series: series ## checkpatch --strict and build every commit (CHECK_CONFIGS)
	@tools/check-series.sh

# The pipeline on each linux-source-6.1 the archive offers (default: the
# two newest; DRIFT_VERSIONS="6.1.190-1 ...", "all" or a number N).
drift: deps ## the pipeline on each linux-source-6.1 in the archive
	@tools/archive-drift.sh $(DRIFT_VERSIONS)

clean: ## remove build products (distclean: all of build/)
	rm -rf $(CLEAN)

distclean:
	rm -rf $(BUILD)
