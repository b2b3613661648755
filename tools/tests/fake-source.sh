# SPDX-License-Identifier: GPL-2.0
#
# A tiny kernel source and series for the host tests of the tree stages;
# sourced, never run. fake_source DIR writes DIR/fake.tar.xz (lib/a.c,
# lib/b.c and a selftests Makefile), DIR/changes/ (a series of one patch,
# 0001-lib-a-is-2.patch, and one generator, gen.sh) and DIR/selftests/,
# and exports what tools/stages/tree.sh reads to use them, with
# BUILD=DIR/build and TREE=DIR/build/linux.
fake_source() {
	local dir=$1 src=$1/src/fake-source work=$1/work
	export KSRC_TARBALL=$dir/fake.tar.xz KSRC_VERSION=1.0-test KSRC_PKG=fake-source
	export BUILD=$dir/build TREE=$dir/build/linux
	export KERNEL_CHANGES=$dir/changes SELFTESTS_SRC=$dir/selftests
	mkdir -p "$src/lib" "$src/tools/testing/selftests/lib" "$KERNEL_CHANGES" \
		"$SELFTESTS_SRC/lib"
	printf 'int a = 1;\n' > "$src/lib/a.c"
	printf 'int b = 1;\n' > "$src/lib/b.c"
	printf 'TEST_PROGS := x.sh\n' > "$src/tools/testing/selftests/lib/Makefile"
	tar -cJf "$KSRC_TARBALL" -C "$dir/src" fake-source
	git init -q "$work" && cp -r "$src/." "$work/" &&
		git -C "$work" add -A && git -C "$work" commit -qm base &&
		sed -i 's/a = 1/a = 2/' "$work/lib/a.c" &&
		git -C "$work" commit -qam "lib: a is 2" \
			-m "Signed-off-by: Test <test@example.org>" &&
		git -C "$work" format-patch -q -o "$KERNEL_CHANGES" -1 HEAD
	cat > "$KERNEL_CHANGES/gen.sh" <<'EOG'
#!/bin/sh
sed -i 's/b = 1/b = 3/' lib/b.c
EOG
	chmod +x "$KERNEL_CHANGES/gen.sh"
	printf 'lib: b is 3\n\nGenerated.\n' > "$KERNEL_CHANGES/gen.msg"
	printf 'selftests: add y\n\nWhy.\n' > "$KERNEL_CHANGES/selftests.msg"
	printf '# the series\n0001-lib-a-is-2.patch\ngenerate gen.sh gen.msg\n' \
		> "$KERNEL_CHANGES/series"
	printf '#!/bin/sh\nexit 0\n' > "$SELFTESTS_SRC/lib/y.sh"
}

# fake_kernel: a stand-in "kernel build" of TREE as it is in KOBJ (a
# bzImage that names the tree's HEAD), stamped as tools/stages/kernel.sh
# stamps a build.
fake_kernel() {
	mkdir -p "$KOBJ/arch/x86/boot"
	echo "kernel of tree $(git -C "$TREE" rev-parse "HEAD^{tree}")" > "$KOBJ/arch/x86/boot/bzImage"
	(. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" && stamp_done "$KERNEL_STAMP" key \
		"source=$(kernel_source_commit)" "products=$(kernel_products_sum)")
}
