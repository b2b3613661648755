#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make ... KERNEL=PATH: the kernel under test is an input, not our build.
# Unpack PATH into the layout the later stages use, in KERNEL_INPUT_DIR
# (build/input/<name>/):
#   bzImage       the image the guest boots
#   modules/      lib/modules/<release>/ as modules_install leaves it
#   release       its `uname -r`
#   config        its .config, when the input has one
#   source.env    where it came from: kind, path, package and version,
#                 the image's sha256, the config's source
# PATH is one of
#   linux-image-*.deb      a Debian binary kernel package (with
#                          KERNEL_HEADERS=linux-headers-*.deb, its headers:
#                          their -common and linux-kbuild packages are
#                          taken from beside it or fetched with apt-get)
#   an O= build directory  arch/x86/boot/bzImage, modules.order, .config
#   a tuxmake directory    bzImage, modules.tar.xz, optional config (the
#                          form LKFT and KernelCI publish)
# Anything else, or an image whose version is not its modules' release,
# is refused naming what is wrong, before anything boots.
. "$(dirname "$0")/../lib.sh"

in=${KSTRING_KERNEL:?KERNEL= names no kernel}
out=$KERNEL_INPUT_DIR
[ -e "$in" ] || die "KERNEL=$in: no such file or directory"

# The input's key: the file, or every file of the directory that is used.
input_files() {
	if [ -f "$in" ]; then
		echo "$in"
	elif [ -f "$in/modules.tar.xz" ]; then
		find "$in" -maxdepth 1 -type f \( -name bzImage -o -name modules.tar.xz -o -name config \)
	else
		echo "$in/arch/x86/boot/bzImage"
		echo "$in/.config"
		sed 's/^kernel\///' "$in/modules.order" 2>/dev/null | sed "s|^|$in/|; s|\.o\$|.ko|"
	fi
}
hdr=${KSTRING_KERNEL_HEADERS:-}
key=$( (echo "$in $hdr"; mapfile -t f < <(input_files | LC_ALL=C sort)
	key_of "${f[@]}" ${hdr:+"$hdr"} "$KSTRING_ROOT/tools/stages/test-modules.sh"
	git -C "$TREE" rev-parse HEAD 2>/dev/null) | sha256sum | cut -d' ' -f1)
if stamp_ok "$KERNEL_STAMP" "$key" && [ -f "$out/bzImage" ] &&
   [ "$(sha256sum < "$out/bzImage" | cut -d' ' -f1)" = "$(stamp_field "$KERNEL_STAMP" products)" ]; then
	say "kernel: up to date (KERNEL=$in, $(cat "$out/release"))"
	exit 0
fi
stamp_drop "$KERNEL_STAMP"
rm -rf "$out"
mkdir -p "$out/modules" || die "cannot create $out"

kind= package= version= config_source=
if [ -f "$in" ]; then
	case $in in
	*.deb) ;;
	*) die "KERNEL=$in: not a .deb, nor a build or tuxmake directory" ;;
	esac
	need_tools dpkg-deb
	package=$(dpkg-deb -f "$in" Package 2>/dev/null) ||
		die "KERNEL=$in: not a Debian package (dpkg-deb cannot read it)"
	case $package in
	linux-image-*) ;;
	*) die "KERNEL=$in: package $package is not a linux-image-* package" ;;
	esac
	version=$(dpkg-deb -f "$in" Version)
	kind=deb
	dpkg-deb -x "$in" "$out/x" || die "KERNEL=$in: dpkg-deb -x failed"
	# Debian: /boot/vmlinuz-REL, /boot/config-REL, /lib/modules/REL
	# (under usr/ once usr-merged).
	image=$(find "$out/x/boot" -maxdepth 1 -name 'vmlinuz-*' 2>/dev/null | head -n 1)
	[ -n "$image" ] || die "KERNEL=$in: $package has no /boot/vmlinuz-*"
	release=${image##*/vmlinuz-}
	mv "$image" "$out/bzImage"
	[ -f "$out/x/boot/config-$release" ] && mv "$out/x/boot/config-$release" "$out/config" &&
		config_source="$package $version (/boot/config-$release)"
	mkdir -p "$out/modules/lib"
	for m in "$out/x/lib/modules" "$out/x/usr/lib/modules"; do
		[ -d "$m" ] && cp -a "$m" "$out/modules/lib/"
	done
	rm -rf "$out/x"
elif [ -f "$in/modules.tar.xz" ]; then
	kind=tuxmake
	[ -f "$in/bzImage" ] || die "KERNEL=$in: a tuxmake directory (modules.tar.xz) without bzImage"
	cp "$in/bzImage" "$out/bzImage"
	tar -xJf "$in/modules.tar.xz" -C "$out/modules" ||
		die "KERNEL=$in: cannot unpack modules.tar.xz"
	[ -d "$out/modules/lib/modules" ] || { mkdir -p "$out/modules/lib" &&
		mv "$out/modules/usr/lib/modules" "$out/modules/lib/" 2>/dev/null; } ||
		die "KERNEL=$in: modules.tar.xz has no lib/modules/<release>/"
	release=$(ls "$out/modules/lib/modules" | head -n 1)
	[ -f "$in/config" ] && cp "$in/config" "$out/config" && config_source="$in/config"
elif [ -f "$in/arch/x86/boot/bzImage" ]; then
	kind=build
	release=$(cat "$in/include/config/kernel.release" 2>/dev/null) ||
		die "KERNEL=$in: a build directory without include/config/kernel.release"
	cp "$in/arch/x86/boot/bzImage" "$out/bzImage"
	[ -f "$in/.config" ] && cp "$in/.config" "$out/config" && config_source="$in/.config"
	# modules_install's layout from modules.order (the .ko beside each
	# .o), without the source tree modules_install would need.
	dst=$out/modules/lib/modules/$release
	mkdir -p "$dst/kernel"
	if [ -f "$in/modules.order" ]; then
		while read -r o; do
			o=${o#kernel/}
			ko=${o%.o}
			ko=${ko%.ko}.ko	# (.o in older kernels' modules.order)
			[ -f "$in/$ko" ] || die "KERNEL=$in: modules.order names $ko, which is not built"
			mkdir -p "$dst/kernel/$(dirname "$ko")"
			cp "$in/$ko" "$dst/kernel/$ko"
		done < "$in/modules.order"
		sed 's/^\(kernel\/\)\{0,1\}/kernel\//; s/\.o$/.ko/' "$in/modules.order" > "$dst/modules.order"
	fi
	for f in modules.builtin modules.builtin.modinfo; do
		[ -f "$in/$f" ] && cp "$in/$f" "$dst/"
	done
else
	die "KERNEL=$in: not a linux-image-*.deb, a build directory (arch/x86/boot/bzImage) or a tuxmake directory (bzImage, modules.tar.xz)"
fi

# The image must be a bzImage of the modules' release.
image_version=$(bzimage_version "$out/bzImage")
[ -n "$image_version" ] || die "KERNEL=$in: the image is not an x86 bzImage (no HdrS header)"
[ -n "$release" ] && [ -d "$out/modules/lib/modules/$release" ] ||
	die "KERNEL=$in: no modules for release '${release:-?}' in it"
[ "${image_version%% *}" = "$release" ] ||
	die "KERNEL=$in: the image is Linux ${image_version%% *} but its modules are for $release"
need_tools depmod
depmod -b "$out/modules" "$release" ||
	die "KERNEL=$in: depmod failed for $release"

# Headers to build the series' test modules against, where the input
# has them: a build directory is its own; a .deb's come as
# KERNEL_HEADERS=, unpacked with what they depend on.
headers=
if [ "$kind" = build ] && [ -f "$in/Module.symvers" ]; then
	headers=$in
elif [ -n "$hdr" ]; then
	[ "$kind" = deb ] || die "KERNEL_HEADERS= goes with a KERNEL=linux-image-*.deb"
	hpkg=$(dpkg-deb -f "$hdr" Package 2>/dev/null) && [[ $hpkg == linux-headers-* ]] ||
		die "KERNEL_HEADERS=$hdr: not a linux-headers-* package"
	[ "$hpkg" = "linux-headers-$release" ] ||
		die "KERNEL_HEADERS=$hdr: $hpkg, but the kernel is $release"
	root=$out/headers-root
	mkdir -p "$root"
	dpkg-deb -x "$hdr" "$root" || die "KERNEL_HEADERS=$hdr: dpkg-deb -x failed"
	# Its -common and linux-kbuild packages: beside it, or fetched.
	for dep in $(dpkg-deb -f "$hdr" Depends | tr ',' '\n' |
		     sed -n 's/^ *\(linux-headers-[^ ]*-common\|linux-kbuild-[^ ]*\) .*/\1/p'); do
		d=$(ls "$(dirname "$hdr")/${dep}_"*.deb 2>/dev/null | head -n 1)
		if [ -z "$d" ]; then
			mkdir -p "$BUILD/debs"
			(cd "$BUILD/debs" && apt-get download "$dep" > "$dep.log" 2>&1) ||
				die "KERNEL_HEADERS=$hdr needs $dep: not beside it, and apt-get download failed ($BUILD/debs/$dep.log)"
			d=$(ls "$BUILD/debs/${dep}_"*.deb | head -n 1)
		fi
		dpkg-deb -x "$d" "$root" || die "$d: dpkg-deb -x failed"
	done
	headers=$root/usr/src/linux-headers-$release
	# Debian's Makefile includes its -common one by absolute path.
	sed -i "s|/usr/src/|$root/usr/src/|" "$headers/Makefile"
fi
if [ -n "$headers" ]; then
	say "kernel: the series' test modules, built out of tree against ${headers#"$out"/}:"
	"$KSTRING_ROOT/tools/stages/test-modules.sh" "$headers" "$out/modules" "$release" ||
		die "building the test modules out of tree failed"
fi
echo "$release" > "$out/release"
cat > "$out/source.env" <<-EOT
kernel_input=$kind
kernel_input_path=$in
kernel_package=$package
kernel_package_version=$version
kernel_config_source=${config_source:-none}
EOT
[ -f "$out/modules/test-modules.env" ] && cat "$out/modules/test-modules.env" >> "$out/source.env"
stamp_done "$KERNEL_STAMP" "$key" "products=$(sha256sum < "$out/bzImage" | cut -d' ' -f1)"
say "kernel: KERNEL=$in ($kind${package:+ $package $version}): Linux $release, $(find "$out/modules" -name '*.ko*' | wc -l) modules"
