#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stages/kernel-config.sh OBJDIR FRAGMENT...
# Write OBJDIR/.config: tinyconfig (or BASE_CONFIG=file) merged with the
# fragments by scripts/kconfig/merge_config.sh, then olddefconfig. Then
# check that every symbol a fragment asks for landed, and fail naming the
# ones that did not (a missing dependency, a typo, a symbol gone from 6.1).
. "$(dirname "$0")/../lib.sh"

obj=$1
shift
mkdir -p "$obj"
if [ -n "${BASE_CONFIG:-}" ]; then
	cp "$BASE_CONFIG" "$obj/.config" || die "BASE_CONFIG=$BASE_CONFIG unreadable"
else
	make -s -C "$TREE" O="$obj" tinyconfig >/dev/null || die "make tinyconfig failed"
fi
(cd "$obj" && "$TREE/scripts/kconfig/merge_config.sh" -m -O "$obj" \
	"$obj/.config" "$@" >/dev/null) || die "merge_config.sh failed"
make -s -C "$TREE" O="$obj" olddefconfig >/dev/null || die "make olddefconfig failed"
"$KSTRING_ROOT/tools/stages/check-config.sh" "$obj/.config" "$@"
