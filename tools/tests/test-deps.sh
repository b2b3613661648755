#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A missing package or tool: tools/deps.sh names the packages and the exact
# apt-get line and fails the stage (as root with a stand-in apt-get that
# fails, as a user without calling apt-get at all), `make tree` stops at
# deps, and a stage whose tool is missing says "run 'make deps'". Nothing
# is installed or removed: the real dpkg-query is asked about a package
# that does not exist.
here=$(cd "$(dirname "$0")" && pwd)
tools=$here/..
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BUILD=$tmp/build
nopkg=kstring-no-such-package
. "$(dirname "$0")/tap.sh"

# Stand-ins: apt-get records its calls and fails as told (FAKE_APT_FAIL=
# update|install); id says uid 0 (root, as in CI) or, with user/ first on
# PATH, 1000.
mkdir -p "$tmp/bin" "$tmp/user"
cat > "$tmp/bin/apt-get" <<'EOF'
#!/bin/bash
echo "$*" >> "$FAKE_APT_CALLS"
case "${FAKE_APT_FAIL:-}:$1" in
update:update) echo "E: The repository is not reachable (fake)" >&2; exit 100 ;;
install:install) echo "E: Unable to locate package ${*: -1} (fake)" >&2; exit 100 ;;
esac
exit 0
EOF
for u in bin:0 user:1000; do
	printf '#!/bin/sh\n[ "$1" = -u ] && { echo %s; exit 0; }\nexec /usr/bin/id "$@"\n' \
		"${u#*:}" > "$tmp/${u%:*}/id"
done
chmod +x "$tmp/bin/apt-get" "$tmp/bin/id" "$tmp/user/id"
export PATH=$tmp/bin:$PATH FAKE_APT_CALLS=$tmp/apt-calls
printf '# test list\nbash\n\ncoreutils\n' > "$tmp/present"
printf 'bash\n%s\ncoreutils\n' "$nopkg" > "$tmp/missing"
apt_calls() { cat "$FAKE_APT_CALLS" 2>/dev/null; }
line="apt-get install -y --no-install-recommends $nopkg"

echo "TAP version 13"
echo "1..17"
out=$(DEB_PACKAGES_FILE=$tmp/present "$tools/deps.sh" 2>&1)
check "all packages present: exit 0" "[ $? -eq 0 ] && grep -q 'all 2 packages present' <<< \"\$out\""
check "... and apt-get is not run" "[ -z \"\$(apt_calls)\" ]"

out=$(PATH=$tmp/user:$PATH DEB_PACKAGES_FILE=$tmp/missing "$tools/deps.sh" 2>&1)
rc=$?
check "not root, a package missing: the stage fails" "[ $rc -ne 0 ]"
check "... naming only the missing package" "grep -qx 'deps.sh: error: missing packages: $nopkg' <<< \"\$out\""
check "... with the exact apt-get line" "grep -qxF '  run as root:  apt-get update && $line' <<< \"\$out\""
check "... without running apt-get" "[ -z \"\$(apt_calls)\" ]"

out=$(FAKE_APT_FAIL=install DEB_PACKAGES_FILE=$tmp/missing "$tools/deps.sh" 2>&1)
rc=$?
check "root, apt-get install fails: the stage fails" "[ $rc -ne 0 ]"
check "... naming the failing command and the package" "grep -qF \"error: '$line' failed\" <<< \"\$out\""
check "... after apt-get update, with apt-get's own error shown" \
	"[ \"\$(apt_calls)\" = \"\$(printf 'update -qq\ninstall -y --no-install-recommends $nopkg')\" ] && grep -q 'Unable to locate package $nopkg' <<< \"\$out\""

: > "$FAKE_APT_CALLS"
out=$(FAKE_APT_FAIL=update DEB_PACKAGES_FILE=$tmp/missing "$tools/deps.sh" 2>&1)
rc=$?
check "root, apt-get update fails: the stage fails and says so, no install tried" \
	"[ $rc -ne 0 ] && grep -q 'apt-get update failed' <<< \"\$out\" && [ \"\$(apt_calls)\" = 'update -qq' ]"

out=$(DEB_PACKAGES_FILE=$tmp/missing "$tools/deps.sh" 2>&1)
rc=$?
check "root, apt-get exits 0 but installed nothing: the stage fails naming the package" \
	"[ $rc -ne 0 ] && grep -q \"still not installed after '$line': $nopkg\$\" <<< \"\$out\""

: > "$FAKE_APT_CALLS"
out=$(DEB_PACKAGES_FILE=$tmp/present "$tools/deps.sh" bash 2>&1)
check "packages named as arguments replace the list" \
	"[ $? -eq 0 ] && grep -q 'all 1 packages present' <<< \"\$out\" && [ -z \"\$(apt_calls)\" ]"
out=$(FAKE_APT_FAIL=install "$tools/deps.sh" bash "$nopkg" 2>&1)
check "... and only the missing one of them is installed" \
	"[ $? -ne 0 ] && [ \"\$(apt_calls)\" = \"\$(printf 'update -qq\ninstall -y --no-install-recommends $nopkg')\" ]"

# make tree stops at deps: no tree stage, nothing extracted.
out=$(cd "$tools/.." && FAKE_APT_FAIL=install DEB_PACKAGES_FILE=$tmp/missing \
	KSRC_TARBALL=$tmp/none.tar.xz make --no-print-directory tree 2>&1)
rc=$?
check "make tree with a package missing: make fails at deps" \
	"[ $rc -ne 0 ] && grep -qF \"'$line' failed\" <<< \"\$out\" && ! grep -q '==> tree' <<< \"\$out\" && [ ! -e '$BUILD/linux' ]"

# Further down: a stage whose tool is missing. hide/ has every command on
# PATH but mkosi, flex and bison.
mkdir "$tmp/hide"
for d in ${PATH//:/ }; do	# the first on PATH wins, as in a lookup
	[ -d "$d" ] && ln -s "$d"/* "$tmp/hide/" 2>/dev/null
done
rm -f "$tmp/hide/mkosi" "$tmp/hide/flex" "$tmp/hide/bison"
out=$(PATH=$tmp/hide "$tools/stages/image.sh" 2>&1)
rc=$?
check "stages/image.sh without mkosi: fails with \"run 'make deps'\"" \
	"[ $rc -ne 0 ] && grep -q \"mkosi not found: run 'make deps'\" <<< \"\$out\""

git init -q "$tmp/tree" && git -C "$tmp/tree" -c user.name=T -c user.email=t@e commit -q --allow-empty -m x
out=$(PATH=$tmp/hide TREE=$tmp/tree KOBJ=$tmp/kobj "$tools/stages/kernel.sh" 2>&1)
rc=$?
check "stages/kernel.sh without flex and bison: fails naming both, before configuring" \
	"[ $rc -ne 0 ] && grep -q \"flex bison not found: run 'make deps'\" <<< \"\$out\" && [ ! -e '$tmp/kobj/.config' ]"

out=$(KSRC_TARBALL=$tmp/none.tar.xz "$tools/stages/tree.sh" 2>&1)
rc=$?
check "stages/tree.sh without the source tarball: names the package to install" \
	"[ $rc -ne 0 ] && grep -q \"none.tar.xz not found: run 'make deps' (package linux-source-6.1)\" <<< \"\$out\""
[ "$fails" -eq 0 ]
