#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the base guest image build/image/base.cpio from mkosi.conf with
# mkosi 14. Rebuilt only when mkosi.conf (or mkosi itself) changed, or when
# the cached image no longer matches the checksum recorded when it was
# built (a truncated or corrupted cache is rebuilt, not booted).
. "$(dirname "$0")/lib.sh"

out=$BUILD/image
img=$out/base.cpio
stamp=$out/base.key
key=$( (mkosi --version 2>/dev/null; key_of "$KSTRING_ROOT/mkosi.conf") |
	sha256sum | cut -d' ' -f1)

if [ -f "$img" ] && [ -f "$stamp" ]; then
	if [ "$(head -n1 "$stamp")" = "$key" ]; then
		if [ "$(sed -n 2p "$stamp")" = "$(sha256sum < "$img" | cut -d' ' -f1)" ]; then
			say "image: up to date ($(du -m "$img" | cut -f1) MB)"
			exit 0
		fi
		warn "image: $img does not match its recorded checksum: rebuilding"
	fi
fi
need_tools mkosi cpio
need_space 300 "$out" "the image"
mkdir -p "$out"
rm -f "$stamp" "$img.new" "$img.new.manifest"
say "image: mkosi build (Debian bookworm, Format=cpio)"
(cd "$KSTRING_ROOT" && mkosi --output="$img.new" --force build) ||
	die "mkosi build failed; its output is above"
[ -s "$img.new" ] || die "mkosi produced no image"
cpio -it < "$img.new" 2>/dev/null | grep -qx 'usr/lib/systemd/systemd' ||
	die "image has no usr/lib/systemd/systemd; check Packages= in mkosi.conf"
mv "$img.new" "$img"
mv -f "$img.new.manifest" "$out/base.manifest" 2>/dev/null || true
printf '%s\n%s\n' "$key" "$(sha256sum < "$img" | cut -d' ' -f1)" > "$stamp"
say "image: built $(du -m "$img" | cut -f1) MB"
