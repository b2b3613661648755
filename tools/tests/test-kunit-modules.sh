#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/stages/kunit-modules.sh must name exactly the modules with a
# .kunit_test_suites section (the overlay loads them at boot), whatever
# the length of their section names in readelf's table.
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tap.sh"
mkdir -p "$tmp/mods/kernel/lib" "$tmp/mods/kernel/fs"
# Stand-ins: relocatable objects as modules are, one with the section.
printf 'int suites[1] __attribute__((section(".kunit_test_suites")));\n' > "$tmp/kunit.c"
printf 'int plain;\nint other[1] __attribute__((section(".kunit_test_suites_not")));\n' > "$tmp/plain.c"
gcc -c -o "$tmp/mods/kernel/lib/string_kunit.ko" "$tmp/kunit.c" &&
	gcc -c -o "$tmp/mods/kernel/fs/plain_module.ko" "$tmp/plain.c" ||
	{ echo "Bail out! gcc could not make the stand-in modules"; exit 2; }
echo "TAP version 13"
echo "1..3"
out=$("$here/../stages/kunit-modules.sh" "$tmp/mods" 2>&1); rc=$?
check "exit 0" "[ $rc -eq 0 ]"
check "names the module with .kunit_test_suites, and only it (got: $(echo $out))" \
	"[ \"\$out\" = string_kunit ]"
check "a missing directory is an error" \
	"! '$here/../stages/kunit-modules.sh' '$tmp/none' 2>/dev/null"
[ "$fails" -eq 0 ]
