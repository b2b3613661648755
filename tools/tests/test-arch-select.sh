#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The Makefile picks the variant: plain `make` is the 6.1 x86_64 guest,
# `make ARCH=i386` and `make KSRC_PKG=linux-source-6.12` select theirs
# (tools/lib/settings.sh puts each one's products in its root,
# build/<variant>/: the print-config golden files show them), and the
# combinations it cannot build are refused by name. Nothing is built: a
# fake SHELL prints what each recipe would run and with which variables.
here=$(cd "$(dirname "$0")" && pwd)
# (make's CURDIR is the physical path: a checkout reached through a
# symlink must compare with that.)
root=$(cd "$here/../.." && pwd -P)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tap.sh"

vars="ARCH KOBJ VARIANT IMAGE_DIR MKOSI_ARCH OVERLAY_DIR KSFT_CROSS_COMPILE QEMU LOGS_DIR TIMINGS_FILE SANITIZE KERNEL_CHANGES TREE TREE_CONFIG INJECT_EXPECT SERIES_DIR"
cat > "$tmp/sh" <<EOF
#!/bin/bash
# make runs each recipe as: \$SHELL -c 'COMMAND'
for v in $vars; do [ -n "\${!v+set}" ] && echo "env \$v=\${!v}"; done
echo "cmd \$2"
EOF
chmod +x "$tmp/sh"
# mk ARGS...: make in a clean environment (none of an outer make's).
mk() {
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u ARCH -u SANITIZE -u KSRC_PKG \
		BUILD="$tmp/b" make --no-print-directory -C "$root" SHELL="$tmp/sh" "$@" 2>&1
}

# missing_env OUT VAR=VALUE...: the settings that no recipe of OUT got.
missing_env() {
	local out=$1 kv
	shift
	for kv; do
		grep -qxF "env $kv" <<< "$out" || printf ' %s' "$kv"
	done
}

echo "TAP version 13"
echo "1..30"
out=$(mk run)
check "plain make run: no variant variable set" \
	"! grep -q '^env' <<< \"\$out\""
check "plain make run: the stages and tools/run/run.sh" \
	"grep -qx 'cmd $root/tools/stages/stage.sh kernel $root/tools/stages/kernel.sh' <<< \"\$out\" && grep -qx 'cmd tools/run/run.sh' <<< \"\$out\""

out=$(mk ARCH=i386 run)
missing=$(missing_env "$out" ARCH=i386 VARIANT=i386 \
	IMAGE_DIR=$tmp/b/i386/image MKOSI_ARCH=x86 \
	KSFT_CROSS_COMPILE=i686-linux-gnu- QEMU=qemu-system-i386)
check "make ARCH=i386 run: every stage gets the i386 variant, image and tools${missing:+ (missing:$missing)}" \
	"[ -z '$missing' ] && [ \$(grep -c '^env VARIANT=' <<< \"\$out\") -eq \$(grep -c '^cmd' <<< \"\$out\") ]"
check "make ARCH=i386 run: same stages as plain make run" \
	"[ \"\$(grep '^cmd' <<< \"\$out\")\" = \"\$(mk run | grep '^cmd')\" ]"
check "make ARCH=i386 (all): the i386 variant" \
	"mk ARCH=i386 | grep -qxF 'env VARIANT=i386'"
check "make ARCH=i386 shell: qemu-system-i386 and tools/run/guest.sh shell" \
	"o=\$(mk ARCH=i386 shell); grep -qx 'env QEMU=qemu-system-i386' <<< \"\$o\" && grep -qx 'cmd tools/run/guest.sh shell' <<< \"\$o\""
check "make ARCH=x86_64 run is the default" \
	"! mk ARCH=x86_64 run | grep -q '^env VARIANT'"

out=$(mk SANITIZE=1 run)
check "make SANITIZE=1 run: the sanitize variant, no ARCH" \
	"grep -qxF 'env VARIANT=sanitize' <<< \"\$out\" && ! grep -q '^env ARCH' <<< \"\$out\""

out=$(mk SANITIZE=1 ARCH=i386 run); rc=$?
check "SANITIZE=1 ARCH=i386 is refused" "[ $rc -ne 0 ] && grep -q 'SANITIZE=1 with ARCH=i386' <<< \"\$out\""
check "... before any recipe runs" "! grep -q '^cmd' <<< \"\$out\""
out=$(mk ARCH=i386 test); rc=$?
check "make ARCH=i386 test is refused, naming the target" \
	"[ $rc -ne 0 ] && grep -q \"run 'test' without ARCH\" <<< \"\$out\""
out=$(mk ARCH=arm64 run); rc=$?
check "ARCH=arm64 is refused" "[ $rc -ne 0 ] && grep -q 'ARCH=arm64: the guest is x86_64' <<< \"\$out\""

out=$(mk KSRC_PKG=linux-source-6.12 run)
missing=$(missing_env "$out" KERNEL_CHANGES=$root/kernel-changes/6.12 \
	TREE=$tmp/b/linux-6.12 VARIANT=6.12 \
	TREE_CONFIG=$root/kernel-changes/6.12/config/kunit.config \
	INJECT_EXPECT=$root/kernel-changes/6.12/negative-control.expect)
check "make KSRC_PKG=linux-source-6.12 run: the 6.12 series, tree and directories${missing:+ (missing:$missing)}" \
	"[ -z '$missing' ] && ! grep -q '^env IMAGE_DIR' <<< \"\$out\""
# A generic name exported in the user's shell is not a setting (it once
# replaced 6.12's tree); the package's own prefix is.
check "an exported TREE does not replace the 6.12 variant's tree" \
	"TREE=$tmp/elsewhere mk KSRC_PKG=linux-source-6.12 run | grep -qxF 'env TREE=$tmp/b/linux-6.12'"
check "... KSTRING_TREE does, and TREE= on the command line" \
	"KSTRING_TREE=$tmp/mine mk run | grep -qxF 'env TREE=$tmp/mine' && mk TREE=$tmp/cl run | grep -qxF 'env TREE=$tmp/cl'"
out=$(mk KSRC_PKG=linux-source-6.12 ARCH=i386 run); rc=$?
check "KSRC_PKG=linux-source-6.12 ARCH=i386 is refused" \
	"[ $rc -ne 0 ] && grep -q 'runs the x86_64 guest only' <<< \"\$out\" && ! grep -q '^cmd' <<< \"\$out\""
out=$(mk KSRC_PKG=linux-source-6.6 run); rc=$?
check "KSRC_PKG=linux-source-6.6 is refused, naming the two series" \
	"[ $rc -ne 0 ] && grep -q 'exists for linux-source-6.1 (default) and linux-source-6.12' <<< \"\$out\""
check "make KSRC_PKG=linux-source-6.12 kunit: tools/run/kunit.sh as a stage" \
	"mk KSRC_PKG=linux-source-6.12 kunit | grep -qx 'cmd $root/tools/stages/stage.sh kunit $root/tools/run/kunit.sh'"

# make clean (run for real): the selected variant's root, nothing else.
c=$tmp/c
mkdir -p $c/6.1/kernel $c/6.12/results $c/i386/image $c/sanitize $c/linux $c/image
clean() {
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u ARCH -u SANITIZE -u KSRC_PKG \
		BUILD="$c" make -s --no-print-directory -C "$root" clean "$@" > /dev/null 2>&1
}
ls_c() { (cd "$c" && echo *); }
clean ARCH=i386
check "make ARCH=i386 clean removes build/i386 only" "[ \"\$(ls_c)\" = '6.1 6.12 image linux sanitize' ]"
clean KSRC_PKG=linux-source-6.12
check "make KSRC_PKG=linux-source-6.12 clean removes build/6.12 only" "[ \"\$(ls_c)\" = '6.1 image linux sanitize' ]"
clean
check "make clean removes build/6.1; trees and image stay" "[ \"\$(ls_c)\" = 'image linux sanitize' ]"

# make print-config: every variant's resolved settings, as in the golden
# files (UPDATE_GOLDEN=1 rewrites them), from an empty environment.
golden=$here/fixtures/print-config
pc() {
	env -i PATH="$PATH" HOME="$HOME" BUILD="$tmp/b" \
		make -s --no-print-directory -C "$root" print-config JOBS=3 "$@" 2>&1 |
		sed -e "s#$tmp/b#@BUILD@#g" -e "s#$root#@ROOT@#g" -e "s#=$HOME/#=@HOME@/#"
}
for v in default:"" i386:ARCH=i386 sanitize:SANITIZE=1 coverage:COVERAGE=1 \
	6.12:KSRC_PKG=linux-source-6.12 input:KERNEL=/srv/linux-image-6.1.0-57-amd64.deb; do
	name=${v%%:*}
	# shellcheck disable=SC2086
	pc ${v#*:} > "$tmp/$name.env"
	[ "${UPDATE_GOLDEN:-0}" = 1 ] && cp "$tmp/$name.env" "$golden/$name.env"
	check "make print-config ${v#*:}: as in fixtures/print-config/$name.env" \
		"diff -u '$golden/$name.env' '$tmp/$name.env' >&2"
done

# One resolver: no script defaults a setting that tools/lib/settings.sh
# defaults (a second default of PROFILE drifts from the first).
names=$(sed -n 's/^[A-Z_]*=\${\([A-Z_]*\):-.*/\1/p' "$root/tools/lib/settings.sh" | sort -u | paste -sd'|')
others=$(grep -rnE "\\\$\{($names):-" "$root/tools" "$root/Makefile" | grep -v '^[^:]*/tools/lib/settings.sh:')
check "no setting of tools/lib/settings.sh ($(tr '|' '\n' <<< "$names" | grep -c .)) is defaulted again elsewhere${others:+: $(head -n 3 <<< "$others" | tr '\n' ' ')}" \
	"[ -n '$names' ] && [ -z \"\$others\" ]"

# The kernel fragments: 64BIT only in the per-arch ones.
cfg=$root/kernel-changes/config
check "guest.config leaves CONFIG_64BIT to the per-arch fragments" \
	"! grep -q 'CONFIG_64BIT' '$cfg/guest.config' && grep -qx 'CONFIG_64BIT=y' '$cfg/arch-x86_64.config'"
check "arch-i386.config turns CONFIG_64BIT off" \
	"grep -qx '# CONFIG_64BIT is not set' '$cfg/arch-i386.config'"
[ "$fails" -eq 0 ]
