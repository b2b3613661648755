#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stages/tree.sh, stages/selftests.sh and series/export-series.sh on a tiny fake
# source tarball: import, patches and a generator, the selftests commit,
# no-op reruns, refusing to lose local work, the round trip through
# export-series, and a patch that no longer applies named with its file
# (and, once refreshed, applied by a plain rerun).
here=$(cd "$(dirname "$0")" && pwd)
tools=$here/..
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tap.sh"
. "$here/fake-source.sh"
test_git_identity
git() { command git -c user.name=Test -c user.email=test@example.org "$@"; }
fake_source "$tmp"

echo "TAP version 13"
echo "1..15"
out=$("$tools/stages/tree.sh" 2>&1)
check "import and apply: exit 0" "[ $? -eq 0 ]"
check "pristine tag is the import" "[ \"\$(git -C '$TREE' log -1 --format=%s pristine)\" = 'Import Debian fake-source 1.0-test' ]"
check "patch applied" "grep -q 'a = 2' '$TREE/lib/a.c'"
check "generator ran and was committed with its trailer" \
	"grep -q 'b = 3' '$TREE/lib/b.c' && git -C '$TREE' log -1 --format=%B | grep -q '^Generator: [^ ]*/changes/gen.sh gen.msg'"
# (a no-op: the tree's HEAD, its stamp and the files written untouched)
noop() {
	local before
	before=$(git -C "$TREE" rev-parse HEAD; mtimes "$BUILD/stamps/linux.key" "$TREE/lib/a.c" "$TREE/lib/b.c")
	"$tools/stages/tree.sh" > /dev/null 2>&1 &&
		[ "$before" = "$(git -C "$TREE" rev-parse HEAD; mtimes "$BUILD/stamps/linux.key" "$TREE/lib/a.c" "$TREE/lib/b.c")" ]
}
check "second run is a no-op" noop
"$tools/stages/selftests.sh" >/dev/null 2>&1
check "selftests commit last" "[ -f '$TREE/tools/testing/selftests/lib/y.sh' ] && git -C '$TREE' log -1 --format=%B | grep -q '^Kselftest-Source: selftests/'"

echo '/* local */' >> "$TREE/lib/a.c"
echo '# touched' >> "$KERNEL_CHANGES/series"
out=$("$tools/stages/tree.sh" 2>&1)
check "refuses to discard uncommitted changes, naming the tree" "[ $? -ne 0 ] && grep -qF '$TREE has uncommitted changes' <<< \"\$out\" && grep -q local '$TREE/lib/a.c'"
git -C "$TREE" commit -qam "lib: a local fix" -m "Signed-off-by: Test <test@example.org>"
out=$("$tools/stages/tree.sh" 2>&1)
check "refuses to discard unexported commits, naming the make command of its package" "[ $? -ne 0 ] && grep -q 'make KSRC_PKG=fake-source export-series' <<< \"\$out\""

"$tools/series/export-series.sh" >/dev/null 2>&1
check "export-series: the local commit became a patch" "grep -qx '0003-lib-a-local-fix.patch' '$KERNEL_CHANGES/series' && [ -f '$KERNEL_CHANGES/0003-lib-a-local-fix.patch' ]"
check "export-series: the generator stays a generate entry" "grep -qx 'generate gen.sh gen.msg' '$KERNEL_CHANGES/series'"
check "after export the tree is up to date" noop
FORCE=1 "$tools/stages/tree.sh" >/dev/null 2>&1
echo '# again' >> "$KERNEL_CHANGES/series"
"$tools/stages/tree.sh" >/dev/null 2>&1
check "re-applying the exported series gives the same sources" "grep -q local '$TREE/lib/a.c' && grep -q 'b = 3' '$TREE/lib/b.c'"

sed -i 's/^-int a = 1;/-int a = 7;/' "$KERNEL_CHANGES/0001-lib-a-is-2.patch"
out=$(FORCE=1 "$tools/stages/tree.sh" 2>&1)
rc=$?
check "a patch that no longer applies fails the stage" "[ $rc -eq 2 ]"
check "... naming the patch and the failing file" "grep -q '0001-lib-a-is-2.patch does not apply' <<< \"\$out\" && grep -q 'failing file(s): lib/a.c' <<< \"\$out\""

# A later patch fails: once it is refreshed, a plain rerun must not take
# the commits made before it for unexported local work.
sed -i 's/^-int a = 7;/-int a = 1;/' "$KERNEL_CHANGES/0001-lib-a-is-2.patch"
p3=$KERNEL_CHANGES/0003-lib-a-local-fix.patch
cp "$p3" "$tmp/p3"
sed -i 's/^ int a = 2;/ int a = 5;/' "$p3"
FORCE=1 "$tools/stages/tree.sh" >/dev/null 2>&1
rc=$?
cp "$tmp/p3" "$p3"
out=$("$tools/stages/tree.sh" 2>&1)
check "after a later patch failed ($rc), the refreshed series applies without FORCE" "[ $rc -eq 2 ] && grep -q local '$TREE/lib/a.c'"
[ "$fails" -eq 0 ]
