#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Configure and build the guest kernel (bzImage + modules) out of tree in
# build/<variant>/kernel (KOBJ= for another build directory; a variant,
# tools/variants/*.mk, may add a fragment, VARIANT_CONFIG).
# ARCH= (kbuild's, from the environment; `make ARCH=i386` sets it) picks
# config/arch-$ARCH.config, x86_64 by default. Skips the kernel
# build entirely when neither the kernel sources in build/linux (selftests
# aside) nor the config fragments changed since the last good build.
# --config-only: write the build directory's .config and stop (what
# check-series' guest configs start from, without a kernel build first).
. "$(dirname "$0")/../lib.sh"

obj=$KOBJ
arch_config=$KSTRING_ROOT/kernel-changes/config/arch-${ARCH:-x86_64}.config
[ -f "$arch_config" ] ||
	die "ARCH=$ARCH: no ${arch_config#"$KSTRING_ROOT"/}; unset ARCH (x86_64) or use ARCH=i386"
frags=("$KSTRING_ROOT/kernel-changes/config/guest.config"
       "$arch_config"
       "$TREE/tools/testing/selftests/lib/config"
       "$KSTRING_ROOT/kernel-changes/config/project.config")
frags+=("$TREE_CONFIG")	# the kernel set's own (6.12: KUnit)
[ -n "${VARIANT_CONFIG:-}" ] && frags+=("$VARIANT_CONFIG")
[ -n "${EXTRA_CONFIG:-}" ] && frags+=("$EXTRA_CONFIG")
[ -d "$TREE/.git" ] || die "no tree at $TREE: run 'make tree'"
[ "${1:-}" = --config-only ] &&
	exec "$KSTRING_ROOT/tools/stages/kernel-config.sh" "$obj" "${frags[@]}"

not_selftests=(-- . ':(exclude)tools/testing/selftests')
src=$(kernel_source_commit)
if [ -n "$(git -C "$TREE" status --porcelain "${not_selftests[@]}" | head -1)" ]; then
	src="$src-dirty-$(date +%s)"	# uncommitted hacks: let kbuild decide
fi
key=$( (echo "$src ${BASE_CONFIG:-tinyconfig}"; key_of "${frags[@]}") | sha256sum | cut -d' ' -f1)
# Up to date: the same inputs, and the bzImage and modules the stamp
# recorded (a product replaced or rebuilt behind it is built again).
if stamp_ok "$KERNEL_STAMP" "$key" && [ -f "$obj/arch/x86/boot/bzImage" ]; then
	if [ "$(kernel_products_sum)" = "$(stamp_field "$KERNEL_STAMP" products)" ]; then
		say "kernel: up to date ($(cat "$obj/include/config/kernel.release"))"
		exit 0
	fi
	say "kernel: the bzImage or a module changed since the build was stamped: building them again"
	rm -f "$obj/arch/x86/boot/bzImage"
	find "$obj" -name '*.ko' -delete
fi
stamp_drop "$KERNEL_STAMP"
need_tools make gcc flex bison bc perl
if [ -f "$obj/vmlinux" ]; then
	need_space 150 "$obj" "an incremental kernel build"
else
	need_space 500 "$obj" "a kernel build"
fi

"$KSTRING_ROOT/tools/stages/kernel-config.sh" "$obj" "${frags[@]}" || exit 2

say "kernel: make ${ARCH:+ARCH=$ARCH }-j$JOBS bzImage modules in ${obj#"$KSTRING_ROOT"/}"
# (When and how long, for the results: KCIDB's build start_time/duration.)
started=$(date -u +%FT%TZ) t0=$(date +%s)
if ! kbuild -j"$JOBS" bzImage modules; then
	# (The stage's log so far, from tools/lib.sh's run_stage.)
	failed=$("$KSTRING_ROOT/tools/run/build-failed.sh" "$LOGS_DIR/kernel.log" \
		"$started" "$(($(date +%s) - t0))")
	die "kernel build failed (rerun 'make kernel': the build resumes where it stopped)${failed:+; reported in ${failed#"$KSTRING_ROOT"/}/}"
fi
# With FORTIFY_SOURCE (SANITIZE=1) kbuild compiles lib/test_fortify/, the
# build-time tests of the fortified string functions (strscpy() and
# strscpy_truncate() among them), but only logs their failures.
if grep -q '^CONFIG_FORTIFY_SOURCE=y' "$obj/.config"; then
	log=$obj/lib/test_fortify/test_fortify.log
	[ -f "$log" ] || die "FORTIFY_SOURCE=y but kbuild wrote no $log"
	if grep -q '^warning: unsafe' "$log"; then
		grep '^warning: unsafe' "$log" | sed 's/^/    /' >&2
		die "test_fortify: a build-time FORTIFY check failed (above; all in $log)"
	fi
	say "kernel: test_fortify: $(grep -c '^ok: ' "$log") build-time FORTIFY checks passed"
fi
stamp_done "$KERNEL_STAMP" "$key" "source=${src%%-*}" "products=$(kernel_products_sum)" \
	"started=$started" "seconds=$(($(date +%s) - t0))"
say "kernel: built $(cat "$obj/include/config/kernel.release")"
