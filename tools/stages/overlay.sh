#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Pack what changes often into a small cpio that is appended to the base
# image at boot: the kernel's modules, the kselftest install of the
# collections in KSFT_TARGETS and of EXTRA_TESTS, and the runner (tools/guest/). Then write
# build/initrd.cpio = base image + overlay. Everything goes under usr/:
# Debian is usr-merged and a real lib/ in an overlay would replace the
# /lib -> usr/lib symlink. `make ARCH=i386` sets OVERLAY_DIR, IMAGE_DIR
# and KSFT_CROSS_COMPILE=i686-linux-gnu- (kselftest's programs built 32-bit).
. "$(dirname "$0")/../lib.sh"

obj=$KOBJ
# The collections to run, and those of EXTRA_TESTS (lkdtm:FOO.sh, ...).
targets=$(printf '%s\n' $KSFT_TARGETS $(tr ',' '\n' <<< "${EXTRA_TESTS:-}" | cut -d: -f1) |
	sort -u | xargs)
ovl=$OVERLAY_DIR
image=$IMAGE_DIR
base=$image/base.cpio
cross=${KSFT_CROSS_COMPILE:-}
initrd=$INITRD

[ -n "$(stamp_key "$KERNEL_STAMP")" ] || die "no kernel build in $obj: run 'make kernel'"
[ -f "$base" ] || die "no base image: run 'make image'"
mapfile -t guest < <(find "$KSTRING_ROOT/tools/guest" -type f | sort)
# (The image's whole stamp: its second line is the image's checksum.)
key=$( (cat "$STAMPS/$KERNEL_STAMP.key"; cat "$STAMPS/$IMAGE_STAMP.key" 2>/dev/null
	stamp_key "$SELFTESTS_STAMP"; echo "$targets${cross:+ $cross}";
	key_of "${guest[@]}" "$0" "$KSTRING_ROOT/tools/stages/kunit-modules.sh") | sha256sum | cut -d' ' -f1)
# Up to date: the same inputs, and initrd.cpio the one the stamp recorded.
if stamp_ok "$INITRD_STAMP" "$key" && [ -f "$initrd" ]; then
	if [ "$(sha256sum < "$initrd" | cut -d' ' -f1)" = "$(stamp_field "$INITRD_STAMP" sha256)" ]; then
		say "overlay: up to date"
		exit 0
	fi
	say "overlay: ${initrd#"$KSTRING_ROOT"/} changed since it was stamped: packing it again"
fi
stamp_drop "$INITRD_STAMP"

stage=$ovl/root
rm -rf "$ovl"
need_tools cpio rsync ${cross:+"${cross}gcc"}
need_space $(($(du -m "$base" | cut -f1) + 100)) "$BUILD" "the overlay and initrd.cpio"
mkdir -p "$stage/usr/lib/systemd/system" "$stage/usr/libexec/kstring"
if [ -n "${KSTRING_KERNEL:-}" ]; then	# KERNEL=: its own modules
	cp -a "$obj/modules/lib" "$stage/usr/" || die "copying the modules of KERNEL= failed"
else
	make -s -C "$TREE" O="$obj" INSTALL_MOD_PATH="$stage/usr" INSTALL_MOD_STRIP=1 \
		modules_install > "$ovl/modules_install.log" 2>&1 ||
		die "modules_install failed: see $ovl/modules_install.log"
	# KUnit suites built as modules (6.12's string_kunit) run when
	# loaded: systemd-modules-load (which kstring-run.service pulls in)
	# loads them at boot, so their KTAP reaches the kernel log with the
	# built-in suites'. A module that fails to load fails that unit, and
	# one that is not loaded is reported (run-tests' boot check).
	kunit=$("$KSTRING_ROOT/tools/stages/kunit-modules.sh" "$stage/usr/lib/modules") || exit 2
	if [ -n "$kunit" ]; then
		mkdir -p "$stage/usr/lib/modules-load.d"
		echo "$kunit" > "$stage/usr/lib/modules-load.d/kstring-kunit.conf"
	fi
fi
# kselftest's Makefile builds in BUILD=; keep the tree clean.
ksft_install "$stage/usr/lib/kselftest" "$ovl/ksft-build" "$targets"
# kselftest's programs must be of the kernel's word size (ELF class byte:
# 1 is 32-bit, 2 is 64-bit): a 64-bit program in a 32-bit guest would only
# fail at boot.
elf_class() { od -An -tu1 -j4 -N1 "$1" | tr -d ' '; }
want=$(elf_class "$obj/vmlinux" 2>/dev/null)
[ -n "$want" ] || want=2	# a KERNEL= input: x86_64
while IFS= read -r -d '' f; do
	[ "$(head -c4 "$f")" = $'\x7fELF' ] || continue
	[ "$(elf_class "$f")" = "$want" ] ||
		die "${f#"$stage"/} is not of the kernel's word size (ELF class $(elf_class "$f"), vmlinux $want): build kselftest with the guest's compiler, KSFT_CROSS_COMPILE= (make ARCH=i386 sets i686-linux-gnu-)"
done < <(find "$stage/usr/lib/kselftest" -type f -print0)
install -m 644 "$KSTRING_ROOT"/tools/guest/*.service "$KSTRING_ROOT"/tools/guest/*.target \
	"$stage/usr/lib/systemd/system/"
install -m 755 "$KSTRING_ROOT/tools/guest/run-tests" \
	"$KSTRING_ROOT/tools/guest/watch-agent" "$stage/usr/libexec/kstring/"
install -m 644 "$KSTRING_ROOT/tools/guest/profiles" "$KSTRING_ROOT/tools/guest/results.awk" \
	"$KSTRING_ROOT/tools/guest/kernel-log-problems" "$stage/usr/libexec/kstring/"
(cd "$stage" && find . -mindepth 1 | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --quiet) > "$ovl/overlay.cpio" ||
	die "packing the overlay failed"
cat "$base" "$ovl/overlay.cpio" > "$initrd.new" && mv "$initrd.new" "$initrd" ||
	die "writing $initrd failed (disk full? df -h $BUILD)"
stamp_done "$INITRD_STAMP" "$key" "sha256=$(sha256sum < "$initrd" | cut -d' ' -f1)"
say "overlay: $(du -k "$ovl/overlay.cpio" | cut -f1) KB ($(find "$stage" -name '*.ko' | wc -l) modules, $(grep -c . "$stage/usr/lib/kselftest/kselftest-list.txt") kselftests)"
