#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Make sure this host runs i386 programs: mkosi builds the `make ARCH=i386`
# image by running the image's own programs (debootstrap's second stage,
# dpkg). An x86_64 kernel runs them natively unless its IA-32 emulation is
# off (ia32_emulation=0, or a hypervisor that allows 64-bit code only);
# then qemu-i386-static (Debian's qemu-user-static) is registered with
# binfmt_misc as "qemu-i386", flag F (the interpreter is opened now, so it
# also works inside the image's chroot). That needs root; the entry stays
# until the host reboots (remove it: echo -1 > $BINFMT/qemu-i386).
. "$(dirname "$0")/../lib.sh"

# The cross C library's loader, run as a program: an i386 ELF from a
# package tools/deb-packages installs (libc6-i386-cross).
probe=${I386_PROBE:-/usr/i686-linux-gnu/lib/ld-linux.so.2}
qemu_user=${QEMU_I386_STATIC:-/usr/bin/qemu-i386-static}
BINFMT=${BINFMT_MISC:-/proc/sys/fs/binfmt_misc}

runs() { "$probe" --version >/dev/null 2>&1; }

[ -f "$probe" ] || die "no i386 program at $probe to probe with: run 'make deps' (libc6-dev-i386-cross)"
if runs; then
	say "binfmt: this host runs i386 programs"
	exit 0
fi
[ -x "$qemu_user" ] || die "this host cannot run i386 programs and $qemu_user is missing: run 'make deps' (qemu-user-static)"
[ "$(id -u)" -eq 0 ] ||
	die "this host cannot run i386 programs (IA-32 emulation off), which mkosi needs for the i386 image: run 'make ARCH=i386 image' once as root (it registers $qemu_user with binfmt_misc)"
[ -f "$BINFMT/register" ] || mount -t binfmt_misc binfmt_misc "$BINFMT" ||
	die "cannot mount binfmt_misc on $BINFMT"
if [ -f "$BINFMT/qemu-i386" ]; then
	die "this host cannot run i386 programs although $BINFMT/qemu-i386 is registered ($(tr '\n' ' ' < "$BINFMT/qemu-i386")); remove it (echo -1 > $BINFMT/qemu-i386) and rerun"
fi
say "binfmt: this host cannot run i386 programs (IA-32 emulation off): registering $qemu_user with binfmt_misc (qemu-i386, flag F)"
# ELF32, little-endian, ET_EXEC or ET_DYN, EM_386: qemu's own pattern.
magic='\x7fELF\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x03\x00'
mask='\xff\xff\xff\xff\xff\xfe\xfe\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
printf '%s' ":qemu-i386:M::$magic:$mask:$qemu_user:F" > "$BINFMT/register" ||
	die "registering qemu-i386 with $BINFMT/register failed"
runs || die "registered $qemu_user, but $probe still does not run"
say "binfmt: i386 programs run through $qemu_user"
