# SPDX-License-Identifier: GPL-2.0
#
# tools/lib.sh, part: the kernel tree and its builds: kbuild, kselftest, the products.
# Sourced by tools/lib.sh, never run.

# git_busy DIR: print the git operation under way in DIR (an am, rebase,
# merge, cherry-pick, revert or bisect) and succeed; fail when none is.
git_busy() {
	local f
	for f in rebase-apply:am/rebase rebase-merge:rebase MERGE_HEAD:merge \
		 CHERRY_PICK_HEAD:cherry-pick REVERT_HEAD:revert BISECT_LOG:bisect; do
		[ -e "$1/.git/${f%%:*}" ] && { echo "${f#*:}"; return 0; }
	done
	return 1
}

# Each commit of tools/stages/selftests.sh carries this trailer.
SELFTESTS_MARK="Kselftest-Source: selftests/"

# kernel_source_commit: the tree's last commit outside
# tools/testing/selftests (what the kernel is built from).
kernel_source_commit() {
	git -C "$TREE" log -1 --format=%H -- . ':(exclude)tools/testing/selftests'
}

# kernel_release: the release (uname -r) of the kernel under test.
kernel_release() {
	cat "$KOBJ/include/config/kernel.release" "$KOBJ/release" 2>/dev/null | head -n 1
}

# kernel_products_sum: one checksum of the kernel build's products: the
# bzImage and every module.
kernel_products_sum() {
	(cd "$KOBJ" && { echo arch/x86/boot/bzImage; find . -name '*.ko' | LC_ALL=C sort; } |
		xargs -r sha256sum 2>/dev/null) | sha256sum | cut -d' ' -f1
}

# kbuild ARG...: make in the kernel tree for the build directory KOBJ,
# with the compiler and the reproducible build stamps of every kernel
# build here (tools/stages/kernel.sh, and make watch's module rebuilds).
# ccache in depend mode (CCACHE_DEPEND=1, as in check-series and kunit): a
# miss is hashed from the compiler's own -MMD list instead of a separate
# preprocessor run, which costs a third of a kernel object's compile here.
kbuild() {
	local cc=gcc
	command -v ccache >/dev/null && cc="ccache gcc"
	CCACHE_DIR=$CCACHE_DIR CCACHE_BASEDIR=$CCACHE_BASEDIR CCACHE_DEPEND=1 \
	KBUILD_BUILD_TIMESTAMP=$KBUILD_BUILD_TIMESTAMP KBUILD_BUILD_USER=kstring KBUILD_BUILD_HOST=guest \
		make -C "$TREE" O="$KOBJ" CC="$cc" "$@"
}

# cross_toolchain ARCH: set CROSS, kbuild's CROSS_COMPILE for ARCH
# (Debian's gcc-<triplet>), and CROSS_LIBC, the Debian architecture of
# its C library (libc6-dev-<CROSS_LIBC>-cross); both empty for this
# machine's x86. Installs both when missing, the C library too: without
# it Kconfig sets CC_CAN_LINK=n, and installing it later (make cross-boot
# does) changes that .config, so the next build misses every object.
# Fails on an ARCH Debian has no cross compiler for.
cross_toolchain() {
	case $1 in
	x86 | x86_64 | i386) CROSS='' CROSS_LIBC=''; return 0 ;;
	arm64) CROSS=aarch64-linux-gnu- CROSS_LIBC=arm64 ;;
	arm) CROSS=arm-linux-gnueabihf- CROSS_LIBC=armhf ;;
	riscv) CROSS=riscv64-linux-gnu- CROSS_LIBC=riscv64 ;;
	s390) CROSS=s390x-linux-gnu- CROSS_LIBC=s390x ;;
	powerpc) CROSS=powerpc64le-linux-gnu- CROSS_LIBC=ppc64el ;;
	mips) CROSS=mips64el-linux-gnuabi64- CROSS_LIBC=mips64el ;;
	*) warn "no Debian cross compiler for ARCH=$1 (arm64, arm, riscv, s390, powerpc, mips)"
		return 1 ;;
	esac
	command -v "${CROSS}gcc" > /dev/null &&
		[ "$("${CROSS}gcc" -print-file-name=libc.a)" != libc.a ] ||
		"$KSTRING_ROOT/tools/deps.sh" "gcc-${CROSS%-}" "libc6-dev-$CROSS_LIBC-cross" >&2
}

# ksft_install DEST OBJDIR TARGETS: build kselftest's TARGETS (a list)
# in OBJDIR, outside the tree, and install them into DEST; for an i386
# guest with KSFT_CROSS_COMPILE's compiler. Its output goes to
# OBJDIR.log.
ksft_install() {
	local cross=${KSFT_CROSS_COMPILE:-}
	mkdir -p "$2"
	make -s -C "$TREE/tools/testing/selftests" BUILD="$2" \
		${cross:+CROSS_COMPILE="$cross"} TARGETS="$3" \
		KSFT_INSTALL_PATH="$1" install > "$2.log" 2>&1 ||
		die "kselftest install failed: see $2.log"
}
