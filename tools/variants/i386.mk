# SPDX-License-Identifier: GPL-2.0
#
# make ARCH=i386: the 32-bit x86 guest, every product in directories of
# its own (results in build/results/<id>-i386). kbuild and kselftest read
# ARCH from the environment; the kselftest programs are built with
# Debian's i686 cross compiler; mkosi builds a Debian i386 image. The
# Makefile selects this file.
I386_GOALS := all deps tree selftests kernel image overlay run shell clean help print-config
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
