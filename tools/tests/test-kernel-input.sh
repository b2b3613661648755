#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# KERNEL= (tools/stages/kernel-input.sh) with stand-in kernels: a
# linux-image .deb, an O= build directory and a tuxmake directory unpack
# into one layout (bzImage, modules/lib/modules/<release>, release,
# source.env) that the overlay and the guest use; what is none of these,
# or an image whose version is not its modules' release, is refused,
# naming what is wrong; the Makefile takes KERNEL= from its command line
# only.
here=$(cd "$(dirname "$0")" && pwd)
tools=$here/..
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tap.sh"
export BUILD=$tmp/build PROGRESS_EVERY=1000

# bzimage FILE VERSION: a stand-in x86 bzImage: the setup header's "HdrS"
# and kernel_version pointing at VERSION, as tools/lib.sh reads them.
bzimage() {
	python3 - "$1" "$2" <<'EOF'
import struct, sys
b = bytearray(1024)
b[0x202:0x206] = b"HdrS"
struct.pack_into("<H", b, 0x20E, 0x100)
v = sys.argv[2].encode()
b[0x300:0x300 + len(v)] = v
open(sys.argv[1], "wb").write(b)
EOF
}
# modules ROOT RELEASE: a stand-in lib/modules/RELEASE with one module.
modules() {
	mkdir -p "$1/lib/modules/$2/kernel/lib"
	echo ko > "$1/lib/modules/$2/kernel/lib/test_x.ko"
}
# input PATH: unpack KERNEL=PATH; out, rc and dir are left.
input() {
	out=$(KSTRING_KERNEL=$1 "$tools/stages/kernel-input.sh" 2>&1)
	rc=$?
	dir=$(KSTRING_KERNEL=$1 bash -c ". '$tools/lib.sh' && echo \$KERNEL_INPUT_DIR")
}

# A Debian linux-image package.
deb=$tmp/deb
mkdir -p "$deb/DEBIAN" "$deb/boot"
printf 'Package: linux-image-9.9.9-test\nVersion: 9.9.9-1\nArchitecture: amd64\nMaintainer: Test <test@example.org>\nDescription: stand-in\n' \
	> "$deb/DEBIAN/control"
bzimage "$deb/boot/vmlinuz-9.9.9-test" "9.9.9-test (test@example.org) #1 SMP"
echo CONFIG_X=y > "$deb/boot/config-9.9.9-test"
modules "$deb" 9.9.9-test
dpkg-deb -Zgzip --build "$deb" "$tmp/linux-image-9.9.9-test_9.9.9-1_amd64.deb" > /dev/null

echo "TAP version 13"
echo "1..15"
input "$tmp/linux-image-9.9.9-test_9.9.9-1_amd64.deb"
check "a linux-image .deb is unpacked" \
	"[ $rc -eq 0 ] && [ \"\$(cat '$dir/release')\" = 9.9.9-test ] && [ -f '$dir/modules/lib/modules/9.9.9-test/kernel/lib/test_x.ko' ] && [ -f '$dir/modules/lib/modules/9.9.9-test/modules.dep' ]"
check "... its source names the package, version and config" \
	"grep -qx kernel_input=deb '$dir/source.env' && grep -qx kernel_package=linux-image-9.9.9-test '$dir/source.env' && grep -qx kernel_package_version=9.9.9-1 '$dir/source.env' && grep -q '^kernel_config_source=linux-image-9.9.9-test 9.9.9-1 (/boot/config-9.9.9-test)' '$dir/source.env'"
before=$(mtimes "$dir/bzImage" "$dir/release" "$dir/source.env" "$dir/modules/lib/modules/9.9.9-test/modules.dep")
input "$tmp/linux-image-9.9.9-test_9.9.9-1_amd64.deb"
check "... and a second run is a no-op" \
	"[ $rc -eq 0 ] && [ \"\$(mtimes '$dir/bzImage' '$dir/release' '$dir/source.env' '$dir/modules/lib/modules/9.9.9-test/modules.dep')\" = '$before' ]"

# An O= build directory.
obj=$tmp/obj
mkdir -p "$obj/arch/x86/boot" "$obj/include/config" "$obj/lib"
bzimage "$obj/arch/x86/boot/bzImage" "6.1.192+ (kstring@guest) #1 SMP"
echo 6.1.192+ > "$obj/include/config/kernel.release"
echo CONFIG_Y=y > "$obj/.config"
echo ko > "$obj/lib/test_x.ko"
echo lib/test_x.ko > "$obj/modules.order"
input "$obj"
check "a build directory is unpacked, its modules where modules_install puts them" \
	"[ $rc -eq 0 ] && [ -f '$dir/modules/lib/modules/6.1.192+/kernel/lib/test_x.ko' ] && grep -qx kernel_input=build '$dir/source.env'"

# A tuxmake directory.
tux=$tmp/tux
mkdir -p "$tux"
bzimage "$tux/bzImage" "6.12.1 (tuxmake@tuxmake) #1 SMP"
modules "$tmp/tuxmods" 6.12.1
tar -cJf "$tux/modules.tar.xz" -C "$tmp/tuxmods" lib
echo CONFIG_Z=y > "$tux/config"
input "$tux"
check "a tuxmake directory is unpacked" \
	"[ $rc -eq 0 ] && [ -f '$dir/modules/lib/modules/6.12.1/kernel/lib/test_x.ko' ] && grep -qx kernel_input=tuxmake '$dir/source.env' && [ -f '$dir/config' ]"

# Refusals, each before anything boots.
bzimage "$tux/bzImage" "6.12.2 (tuxmake@tuxmake) #1 SMP"
input "$tux"
check "an image whose version is not its modules' release is refused, naming both" \
	"[ $rc -eq 2 ] && grep -q 'the image is Linux 6.12.2 but its modules are for 6.12.1' <<< \"\$out\""
echo 'not a kernel' > "$tux/bzImage"
input "$tux"
check "an image that is not a bzImage is refused" \
	"[ $rc -eq 2 ] && grep -q 'not an x86 bzImage' <<< \"\$out\""
input "$tmp/missing.deb"
check "a missing path is refused" "[ $rc -eq 2 ] && grep -q 'no such file or directory' <<< \"\$out\""
echo x > "$tmp/vmlinuz"
input "$tmp/vmlinuz"
check "a file that is not a .deb is refused" "[ $rc -eq 2 ] && grep -q 'not a .deb, nor a build or tuxmake directory' <<< \"\$out\""
mkdir -p "$tmp/empty"
input "$tmp/empty"
check "a directory of neither layout is refused, naming the layouts" \
	"[ $rc -eq 2 ] && grep -q 'not a linux-image-\*.deb, a build directory (arch/x86/boot/bzImage) or a tuxmake directory' <<< \"\$out\""
sed -i 's/^Package: linux-image-/Package: linux-headers-/' "$deb/DEBIAN/control"
dpkg-deb -Zgzip --build "$deb" "$tmp/linux-headers-9.9.9-test_9.9.9-1_amd64.deb" > /dev/null
input "$tmp/linux-headers-9.9.9-test_9.9.9-1_amd64.deb"
check "a .deb that is not a linux-image package is refused" \
	"[ $rc -eq 2 ] && grep -q 'is not a linux-image-\* package' <<< \"\$out\""

out=$(KSTRING_KERNEL=$tmp/linux-image-9.9.9-test_9.9.9-1_amd64.deb \
	KSTRING_KERNEL_HEADERS=$tmp/linux-image-9.9.9-test_9.9.9-1_amd64.deb "$tools/stages/kernel-input.sh" 2>&1)
check "KERNEL_HEADERS= that is not a linux-headers package is refused" \
	"[ $? -eq 2 ] && grep -q 'not a linux-headers-\* package' <<< \"\$out\""
out=$(KSTRING_KERNEL=$obj KSTRING_KERNEL_HEADERS=$tmp/linux-headers-9.9.9-test_9.9.9-1_amd64.deb \
	"$tools/stages/kernel-input.sh" 2>&1)
check "KERNEL_HEADERS= with a kernel that is not a .deb is refused" \
	"[ $? -eq 2 ] && grep -q 'KERNEL_HEADERS= goes with a KERNEL=linux-image-\*.deb' <<< \"\$out\""

# The Makefile: KERNEL= from the command line selects the input stage;
# from the environment it is ignored.
cat > "$tmp/sh" <<'EOF'
#!/bin/bash
echo "env KSTRING_KERNEL=${KSTRING_KERNEL:-} VARIANT=${VARIANT:-}"
echo "cmd $2"
EOF
chmod +x "$tmp/sh"
mk() {
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u KSTRING_KERNEL \
		make --no-print-directory -C "$here/../.." SHELL="$tmp/sh" "$@" 2>&1
}
out=$(mk kernel KERNEL="$tux")
check "make kernel KERNEL=DIR runs the input stage with that path" \
	"grep -q 'cmd .*/tools/stages/stage.sh kernel .*/tools/stages/kernel-input.sh' <<< \"\$out\" && grep -q 'env KSTRING_KERNEL=$tux VARIANT=input' <<< \"\$out\""
out=$(KERNEL="$tux" mk kernel)
check "... but KERNEL in the environment is ignored" \
	"grep -q 'cmd .*/tools/stages/kernel.sh' <<< \"\$out\" && ! grep -q 'KSTRING_KERNEL=/' <<< \"\$out\""
[ "$fails" -eq 0 ]
