#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the base guest image build/image/base.cpio from mkosi.conf with
# mkosi 14. Rebuilt only when mkosi.conf (or mkosi itself) changed, or when
# the cached image no longer matches the checksum recorded when it was
# built (a truncated or corrupted cache is rebuilt, not booted).
# `make ARCH=i386` sets IMAGE_DIR=build/i386/image and MKOSI_ARCH=x86
# (mkosi's --architecture=: Debian i386, by debootstrap).
. "$(dirname "$0")/../lib.sh"

out=$IMAGE_DIR
arch=${MKOSI_ARCH:-}
img=$out/base.cpio
key=$( (mkosi --version 2>/dev/null; key_of "$KSTRING_ROOT/mkosi.conf"
	[ -z "$arch" ] || echo "architecture=$arch") | sha256sum | cut -d' ' -f1)

# The stamp's second line is the image's checksum.
if [ -f "$img" ] && stamp_ok "$IMAGE_STAMP" "$key"; then
	if [ "$(sed -n 2p "$STAMPS/$IMAGE_STAMP.key")" = "$(sha256sum < "$img" | cut -d' ' -f1)" ]; then
		say "image: up to date ($(du -m "$img" | cut -f1) MB)"
		exit 0
	fi
	warn "image: $img does not match its recorded checksum: rebuilding"
fi
need_tools mkosi cpio
need_space 300 "$out" "the image"
mkdir -p "$out"
stamp_drop "$IMAGE_STAMP"
rm -f "$img.new" "$img.new.manifest"
# mkosi runs the image's own programs: for i386 this host must run them.
if [ "$arch" = x86 ]; then
	"$KSTRING_ROOT/tools/stages/binfmt-i386.sh" || exit 2
fi
say "image: mkosi ${arch:+--architecture=$arch }build (Debian bookworm, Format=cpio)"
(cd "$KSTRING_ROOT" && mkosi ${arch:+--architecture="$arch"} --output="$img.new" --force build) ||
	die "mkosi build failed; its output is above"
[ -s "$img.new" ] || die "mkosi produced no image"
cpio -it < "$img.new" 2>/dev/null | grep -qx 'usr/lib/systemd/systemd' ||
	die "image has no usr/lib/systemd/systemd; check Packages= in mkosi.conf"
# An i386 image holds 32-bit programs (ELF class byte 1).
if [ "$arch" = x86 ] &&
   [ "$(cpio -i --to-stdout usr/lib/systemd/systemd < "$img.new" 2>/dev/null |
	od -An -tu1 -j4 -N1 | tr -d ' ')" != 1 ]; then
	die "mkosi --architecture=x86 made an image whose systemd is not a 32-bit program"
fi
mv "$img.new" "$img"
mv -f "$img.new.manifest" "$out/base.manifest" 2>/dev/null || true
stamp_done "$IMAGE_STAMP" "$key" "$(sha256sum < "$img" | cut -d' ' -f1)"
say "image: built $(du -m "$img" | cut -f1) MB"
