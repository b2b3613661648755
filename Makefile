# SPDX-License-Identifier: GPL-2.0
#
# Kernel string API test package: Debian linux-source-6.1 + kernel-changes/
# -> guest kernel -> mkosi image -> QEMU -> kselftest verdicts.
# `make` runs the whole pipeline; `make test` is the project's own test.
# Every stage skips work whose inputs did not change. See README.md.

SHELL := /bin/bash
export BUILD ?= $(CURDIR)/build

# The variant's directories and switches come from make's command line
# (or KSTRING_<NAME> in the environment), never from a generic name that
# happens to be exported in the user's shell (a TREE set for something
# else would replace the variant's tree).
VARIANT_SETTINGS := TREE KOBJ VARIANT VARIANT_CONFIG KERNEL_CHANGES \
	TREE_CONFIG IMAGE_DIR OVERLAY_DIR LOGS_DIR TIMINGS_FILE SERIES_DIR MKOSI_ARCH QEMU KSFT_CROSS_COMPILE INJECT_TESTS INJECT_ARGS \
	INJECT_EXPECT INJECT_MUTANTS
$(foreach v,$(VARIANT_SETTINGS),$(if $(filter environment,$(origin $v)),\
	$(eval undefine $v)))
$(foreach v,$(VARIANT_SETTINGS),$(if $(filter environment,$(origin KSTRING_$v)),\
	$(eval export $v := $$(KSTRING_$v))))

# Variants (tools/variants/*.mk): each sets its build directories and the
# defaults that differ, and the Makefile only selects one.
ifeq ($(SANITIZE)$(ARCH),1i386)
$(error SANITIZE=1 with ARCH=i386: KASAN does not support 32-bit x86; use one or the other)
endif
# The kernel source: Debian's linux-source-6.1 (default) or the 6.12 LTS.
ifeq ($(KSRC_PKG),linux-source-6.12)
ifneq ($(SANITIZE)$(filter-out x86_64,$(ARCH)),)
$(error KSRC_PKG=linux-source-6.12 runs the x86_64 guest only; drop SANITIZE= and ARCH=)
endif
include tools/variants/linux-6.12.mk
else ifneq ($(filter-out linux-source-6.1,$(filter linux-source-%,$(KSRC_PKG))),)
$(error KSRC_PKG=$(KSRC_PKG): the series exists for linux-source-6.1 (default) and linux-source-6.12)
endif
ifeq ($(SANITIZE),1)
export SANITIZE
include tools/variants/sanitize.mk
endif
ifeq ($(COVERAGE),1)
ifneq ($(SANITIZE)$(filter-out x86_64,$(ARCH))$(filter linux-source-6.12,$(KSRC_PKG)),)
$(error COVERAGE=1 is the 6.1 x86_64 guest without SANITIZE=; drop SANITIZE=, ARCH= and KSRC_PKG=)
endif
include tools/variants/coverage.mk
endif
ifeq ($(ARCH),i386)
include tools/variants/i386.mk
else ifneq ($(filter-out x86_64,$(ARCH)),)
$(error ARCH=$(ARCH): the guest is x86_64 (ARCH unset) or i386 (ARCH=i386))
endif
# KERNEL=PATH on make's command line: the kernel under test is an input
# (a linux-image-*.deb, a build directory or a tuxmake directory;
# tools/stages/kernel-input.sh). From the environment the generic name
# is ignored.
ifeq ($(origin KERNEL),command line)
ifneq ($(SANITIZE)$(filter-out x86_64,$(ARCH)),)
$(error KERNEL= boots the given x86_64 kernel; drop SANITIZE= and ARCH=)
endif
ifneq ($(filter watch kunit check-series cross-boot series export-series drift deb-kernel lava-lab-check,$(MAKECMDGOALS)),)
$(error KERNEL= is for the targets that boot a kernel (run, qa, shell, lava-job, lava-run, negative-control); run '$(filter watch kunit check-series cross-boot series export-series drift deb-kernel lava-lab-check,$(MAKECMDGOALS))' without it)
endif
export KSTRING_KERNEL := $(abspath $(KERNEL))
ifeq ($(origin KERNEL_HEADERS),command line)
export KSTRING_KERNEL_HEADERS := $(abspath $(KERNEL_HEADERS))
endif
export VARIANT ?= input
# (Its modules, all of them, are in the initramfs: 400 MB for Debian.)
export MEM ?= 2048
KERNEL_STAGE = $(TOOLS)/stages/kernel-input.sh
endif
unexport KERNEL KERNEL_HEADERS

# (After the blocks above: exporting an unset variable defines it, empty,
# and ?= would then not set it.) The defaults of these are tools/lib.sh's.
export KSRC_PKG KSRC_TARBALL BASE_CONFIG EXTRA_CONFIG TIMEOUT ACCEL PROFILE \
	TESTS EXTRA_TESTS KSFT_TARGETS KSFT_TIMEOUT KERNEL_ARGS JOBS

# The stage scripts (make drift's host test runs the pipeline with
# stand-ins).
TOOLS ?= $(CURDIR)/tools
STAGE := $(TOOLS)/stages/stage.sh
KERNEL_STAGE ?= $(TOOLS)/stages/kernel.sh

.PHONY: all deps tree selftests kernel image overlay run qa watch shell test \
	lava-job lava-run lava-submit lava-lab-check lava-deps kunit negative-control bench-loop \
	check host-test bench fuzz coverage-host mutate series export-series check-series cross-boot drift deb-kernel clean \
	distclean help print-config

all: overlay ## the whole pipeline; reprints the last passing run when nothing changed
	@REUSE=1 $(TOOLS)/run/run.sh

print-config: ## the settings this variant resolves to, NAME=VALUE
	@$(TOOLS)/print-config.sh

# `make help`: every target with its "## " note.
help: ## this list
	@awk -F ':[^#]*## ' '/^[a-z][a-z -]*:.*## / { printf "  %-22s %s\n", $$1, $$2 }' \
		$(firstword $(MAKEFILE_LIST))

deps: ## install the missing packages of tools/deb-packages (root)
	@$(TOOLS)/deps.sh

tree: deps ## build/linux: pristine import, one commit per series entry
	@$(STAGE) tree $(TOOLS)/stages/tree.sh

selftests: tree ## commit selftests/ into the tree
	@$(STAGE) selftests $(TOOLS)/stages/selftests.sh

kernel: selftests ## configure, check and build the guest kernel (KERNEL=: unpack that one)
	@$(STAGE) kernel $(KERNEL_STAGE)

image: deps ## the base guest image (mkosi.conf)
	@$(STAGE) image $(TOOLS)/stages/image.sh

overlay: kernel image ## modules, kselftests and the runner: initrd.cpio
	@$(STAGE) overlay $(TOOLS)/stages/overlay.sh

run: overlay ## boot, run kselftest, judge (PROFILE=quick)
	@tools/run/run.sh

# One run at full strength (the 60 s stress test, 100 load/unload cycles).
qa: overlay ## run at full strength (PROFILE=full)
	@PROFILE=full tools/run/run.sh

# Boot once and keep the guest: each save reruns what it touches
# (tools/run/watch.sh).
watch: overlay ## keep a guest; rerun the kselftests a save touches
	@tools/run/watch.sh

shell: overlay ## the guest with a root shell on this terminal
	@tools/run/guest.sh shell

# LAVA (docs/lava.md): the job for a lab, and that job run here by
# Debian's lava-run.
lava-job: overlay ## a LAVA job and its artifacts in build/lava/<id>/
	@tools/lava/job.sh

lava-run: overlay lava-deps ## that job run here by lava-run, judged like run
	@tools/lava/run.sh

lava-submit: overlay ## that job submitted to a lab with lavacli (LAVA_URI=, LAVA_ARTIFACT_BASE=), judged like run
	@tools/lava/submit.sh

lava-lab-check: overlay ## a LAVA lab here (tools/lava/lab.sh), one job through lava-submit, the lab stopped
	@tools/qa/lava-lab-check.sh

lava-deps: ## install lava-dispatcher (tools/deb-packages-lava)
	@DEB_PACKAGES_FILE=tools/deb-packages-lava tools/deps.sh

# 6.12's KUnit suites run by the kernel's kunit.py (a kernel of its own).
kunit: selftests ## kunit.py run of the string KUnit suites (KSRC_PKG=linux-source-6.12)
	@$(STAGE) kunit $(TOOLS)/run/kunit.sh

# The checks must be able to fail: one boot with failures injected.
negative-control: overlay ## a run with failures injected must fail what it should
	@tools/qa/negative-control.sh

bench-loop: overlay ## the developer loop's wall times, medians of 3
	@tools/qa/bench-loop.sh

host-test: selftests ## every host test (no QEMU)
	@tools/tests/run-host-tests.sh

# The host tests that need no kernel tree and no kernel build.
check: deps ## the hermetic host tests (no tree, no kernel build)
	@tools/tests/run-host-tests.sh --hermetic

# tools/testbed: the string code built for the host (pristine vs patched)
bench fuzz: selftests ## callgrind ratios / libFuzzer targets (tools/testbed)
	@$(MAKE) --no-print-directory -C tools/testbed BUILD=$(BUILD) $@

# tools/testbed/coverage.sh: gcov of the patched kernel code built for the
# host, under the vectors file and the testbed's checks.
coverage-host: selftests ## lcov report of the code under test on the host (build/6.1/results/coverage-host/)
	@nice -n 10 tools/testbed/coverage.sh

# tools/mutate: mutants of parse-integer.c, kstrtox.c and the strscpy()
# family against the testbed's checks (MUTATE_SAMPLE=K: every K-th only).
mutate: selftests ## mutation score of the kernel code under test (tools/mutate; MUTATE_SAMPLE=K)
	@tools/mutate/run.sh

test: ## the project's own tests; last line "N passed, N failed"
	@tools/qa/test.sh

series: selftests ## the upstream-form series in build/<variant>/series/
	@tools/series/series.sh

export-series: ## write commits made in build/linux back to kernel-changes/
	@tools/series/export-series.sh

check-series: series ## checkpatch --strict and build every commit (CHECK_CONFIGS)
	@tools/series/check-series.sh

# check-series' kernels of other architectures (ARCH:defconfig, the top
# commit), booted: the test modules' verdicts at load time.
cross-boot: ## boot check-series' arm64/riscv/s390 defconfig kernels under QEMU (CROSS_ARCHS)
	@tools/qa/cross-boot.sh

# The pipeline on each linux-source-6.1 and -6.12 the archive offers
# (default: the two newest of each; DRIFT_VERSIONS="6.1.190-1 ...", "all"
# or a number N; KSRC_PKG= for one package).
deb-kernel: selftests ## Debian's config + the series as .debs in build/deb-kernel/ (hours; resumes)
	@$(STAGE) deb-kernel $(TOOLS)/stages/deb-kernel.sh

drift: deps ## the pipeline on each linux-source-6.1 and -6.12 in the archive
	@tools/qa/drift.sh $(DRIFT_VERSIONS)

clean: ## remove this variant's root, build/<variant>/ (distclean: all of build/)
	@$(TOOLS)/clean.sh

distclean:
	rm -rf $(BUILD)
