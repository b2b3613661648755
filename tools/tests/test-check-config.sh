#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/stages/check-config.sh must pass when every requested symbol landed and
# name each one that did not.
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
echo "1..6"
check "all symbols landed: exit 0" "'$here/../stages/check-config.sh' '$tmp/.config' '$tmp/good.config' >/dev/null"
out=$("$here/../stages/check-config.sh" "$tmp/.config" "$tmp/bad.config" 2>&1); rc=$?
check "missing symbols: exit 1" "[ $rc -eq 1 ]"
check "names a symbol that is absent" "grep -q 'CONFIG_TEST_PARSE_INTEGER=m requested, not set' <<< \"\$out\""
check "names a symbol with another value" "grep -q 'CONFIG_TEST_STRSCPY=y requested, .config has m' <<< \"\$out\""
check "counts them" "grep -q '2 of 3 requested symbols did not land' <<< \"\$out\""
check "an is-not-set request that is set fails" "! '$here/../stages/check-config.sh' '$tmp/.config' '$tmp/off.config' >/dev/null"
[ "$fails" -eq 0 ]
