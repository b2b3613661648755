#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/stages/test-modules.sh HEADERS MODULES RELEASE: build the series'
# test modules out of tree (kbuild M=) from the tree's sources against
# the kernel headers in HEADERS, for a kernel given as KERNEL= that has
# none of its own, and install them into MODULES/lib/modules/RELEASE/extra.
# Writes MODULES/test-modules.env, one line a module:
#   test_module_NAME=built out of tree | shipped | not built: <error>
# A kernel without the series fails that build (parse_integer(),
# strscpy_truncate() undeclared): that is the kernel's answer, not an
# error of this script, and the module's kselftests then skip.
. "$(dirname "$0")/../lib.sh"

headers=$1 mods=$2 release=$3
# The modules and the files each needs, from the tree.
SOURCES=("test_parse_integer lib/test_parse_integer.c lib/test_parse_integer_types.h"
	 "test_strscpy lib/test_strscpy.c")
COMMON=tools/testing/selftests/kselftest_module.h

env=$mods/test-modules.env
: > "$env"
for entry in "${SOURCES[@]}"; do
	read -r name files <<< "$entry"
	read -ra files <<< "$files"
	[ -f "$TREE/${files[0]}" ] || continue	# not in this tree's series
	if find "$mods/lib/modules/$release" -name "$name.ko*" | grep -q .; then
		echo "test_module_$name=shipped" >> "$env"
		continue
	fi
	work=$mods/build/$name
	rm -rf "$work"
	for f in "${files[@]}" "$COMMON"; do
		mkdir -p "$work/$(dirname "$f")" && cp "$TREE/$f" "$work/$f" ||
			die "cannot copy $f from $TREE"
	done
	echo "obj-m += ${files[0]%.c}.o" > "$work/Kbuild"
	if make -C "$headers" M="$work" modules > "$work.log" 2>&1; then
		mkdir -p "$mods/lib/modules/$release/extra"
		cp "$work/${files[0]%.c}.ko" "$mods/lib/modules/$release/extra/"
		echo "test_module_$name=built out of tree" >> "$env"
	else
		echo "test_module_$name=not built: $(grep -m1 'error:' "$work.log" |
			sed 's/^[^ ]*: \(fatal \)\{0,1\}error: /error: /' | cut -c1-160)" >> "$env"
	fi
done
depmod -b "$mods" "$release" 2>/dev/null || die "depmod failed for $release"
sed 's/^test_module_/    /; s/=/: /' "$env"
