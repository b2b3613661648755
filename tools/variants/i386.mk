# SPDX-License-Identifier: GPL-2.0
#
# make ARCH=i386: the 32-bit x86 guest, every product in its root,
# build/i386/ (its own image too). kbuild and kselftest read
# ARCH from the environment; the kselftest programs are built with
# Debian's i686 cross compiler; mkosi builds a Debian i386 image. The
# Makefile selects this file.
I386_GOALS := all deps tree selftests kernel image overlay run shell clean help print-config
ifneq ($(filter-out $(I386_GOALS),$(MAKECMDGOALS)),)
$(error ARCH=i386 is for the targets $(I386_GOALS); run '$(filter-out $(I386_GOALS),$(MAKECMDGOALS))' without ARCH)
endif
export ARCH
export VARIANT ?= i386
export IMAGE_DIR ?= $(BUILD)/i386/image
export MKOSI_ARCH ?= x86
export KSFT_CROSS_COMPILE ?= i686-linux-gnu-
export QEMU ?= qemu-system-i386
