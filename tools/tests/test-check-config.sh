#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/stages/check-config.sh must pass when every requested symbol landed and
# name each one that did not; with --tree (make check-series' walks) a
# symbol the tree's Kconfig does not define is skipped, one it defines is
# not, also when a menu keeps it out of the .config.
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/tap.sh"
cat > "$tmp/.config" <<'EOC'
CONFIG_MODULES=y
CONFIG_TEST_STRSCPY=m
CONFIG_LOG_BUF_SHIFT=17
# CONFIG_KASAN is not set
EOC
printf 'CONFIG_MODULES=y\nCONFIG_TEST_STRSCPY=m\n# CONFIG_KASAN is not set\n' > "$tmp/good.config"
printf 'CONFIG_TEST_PARSE_INTEGER=m\nCONFIG_TEST_STRSCPY=y\nCONFIG_LOG_BUF_SHIFT=17\n' > "$tmp/bad.config"
printf '# CONFIG_MODULES is not set\n' > "$tmp/off.config"
echo "TAP version 13"
echo "1..10"
check "all symbols landed: exit 0" "'$here/../stages/check-config.sh' '$tmp/.config' '$tmp/good.config' >/dev/null"
out=$("$here/../stages/check-config.sh" "$tmp/.config" "$tmp/bad.config" 2>&1); rc=$?
check "missing symbols: exit 1" "[ $rc -eq 1 ]"
check "names a symbol that is absent" "grep -q 'CONFIG_TEST_PARSE_INTEGER=m requested, not set' <<< \"\$out\""
check "names a symbol with another value" "grep -q 'CONFIG_TEST_STRSCPY=y requested, .config has m' <<< \"\$out\""
check "counts them" "grep -q '2 of 3 requested symbols did not land' <<< \"\$out\""
check "an is-not-set request that is set fails" "! '$here/../stages/check-config.sh' '$tmp/.config' '$tmp/off.config' >/dev/null"
# A tree whose Kconfig defines MODULES, KASAN and TEST_STRSCPY, not
# TEST_PARSE_INTEGER (a commit before the series adds it).
mkdir -p "$tmp/tree/lib"
printf 'config MODULES\n\tbool\nmenuconfig KASAN\n\tbool\n' > "$tmp/tree/Kconfig"
printf 'if RUNTIME_TESTING_MENU\nconfig TEST_STRSCPY\n\ttristate\nendif\n' > "$tmp/tree/lib/Kconfig.debug"
printf 'CONFIG_MODULES=y\nCONFIG_TEST_PARSE_INTEGER=m\n' > "$tmp/later.config"
out=$("$here/../stages/check-config.sh" --tree "$tmp/tree" "$tmp/.config" "$tmp/later.config" 2>&1); rc=$?
check "--tree: a symbol the tree does not define is skipped, and said so" \
	"[ $rc -eq 0 ] && grep -q 'all 1 requested symbols landed (1 unknown to this Kconfig)' <<< \"\$out\""
check "without --tree the same symbol fails" \
	"! '$here/../stages/check-config.sh' '$tmp/.config' '$tmp/later.config' >/dev/null"
printf 'CONFIG_KASAN=y\n' > "$tmp/dropped.config"
out=$("$here/../stages/check-config.sh" --tree "$tmp/tree" "$tmp/.config" "$tmp/dropped.config" 2>&1); rc=$?
check "--tree: a defined symbol the .config has off fails, saying so" \
	"[ $rc -eq 1 ] && grep -q 'CONFIG_KASAN=y requested, .config has it off (a dependency is not met)' <<< \"\$out\""
grep -v TEST_STRSCPY "$tmp/.config" > "$tmp/menu-off.config"
out=$("$here/../stages/check-config.sh" --tree "$tmp/tree" "$tmp/menu-off.config" "$tmp/good.config" 2>&1); rc=$?
check "--tree: a defined symbol a menu keeps out of the .config fails, saying so" \
	"[ $rc -eq 1 ] && grep -q 'CONFIG_TEST_STRSCPY=m requested, not set in .config (a menu or dependency of it is off)' <<< \"\$out\""
[ "$fails" -eq 0 ]
