#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stages/kunit-modules.sh DIR: the KUnit test modules under DIR, one name
# a line (a module whose ELF has a .kunit_test_suites section runs its
# suites when loaded). The overlay lists them for systemd-modules-load.
. "$(dirname "$0")/../lib.sh"

dir=$1
[ -d "$dir" ] || die "usage: kunit-modules.sh DIR (no directory '$dir')"
need_tools readelf
find "$dir" -name '*.ko' | LC_ALL=C sort | while read -r ko; do
	# -W: section names uncut (without it, readelf shortens them).
	readelf -SW "$ko" | grep -q '[[:space:]][.]kunit_test_suites[[:space:]]' &&
		basename "$ko" .ko
done
exit 0
