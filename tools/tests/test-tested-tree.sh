#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Never report a kernel that was not tested, on a tiny fake source: a tree
# changed behind its stamp (a plain git reset; a run under another name
# that failed half-way; a git operation left under way) is prepared again
# by the next run, and a run on a tree that is not the series, or with a
# kernel that is not the one built from it, is an infrastructure error
# that names the first missing or extra entry, and boots nothing.
here=$(cd "$(dirname "$0")" && pwd)
tools=$here/..
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tap.sh"
. "$here/fake-source.sh"
test_git_identity
fake_source "$tmp"
export KOBJ=$tmp/build/kernel INITRD=$tmp/build/initrd.cpio
export QEMU=$tmp/no-qemu PROGRESS_EVERY=1000
unset VARIANT
printf '#!/bin/sh\ntouch "%s/booted"\nexit 1\n' "$tmp" > "$QEMU"
chmod +x "$QEMU"

prepare() { "$tools/stages/tree.sh" && "$tools/stages/selftests.sh"; }
tested() { "$tools/run/tested-series.sh" "$@" 2>&1; }
echo "TAP version 13"
echo "1..19"
prepare > "$tmp/prepare.out" 2>&1
check "the fake series is prepared" "[ $? -eq 0 ]"
out=$(tested)
check "a prepared tree is its series: one line a commit, patch-id and subject" \
	"[ $? -eq 0 ] && [ \$(grep -c . <<< \"\$out\") -eq 2 ] &&
	 grep -q \"^[0-9a-f]\\{40\\} \$(git patch-id --stable < '$KERNEL_CHANGES/0001-lib-a-is-2.patch' | cut -c1-40) lib: a is 2\$\" <<< \"\$out\" &&
	 grep -q '^[0-9a-f]\\{40\\} generated lib: b is 3\$' <<< \"\$out\""

# A plain reset behind the stamps: the selftests commit and the generator's.
git -C "$TREE" reset -q --hard HEAD~2
out=$(tested)
check "a truncated tree is refused, naming the missing entry" \
	"[ $? -eq 2 ] && grep -q 'entry 2, generate gen.sh gen.msg, is missing' <<< \"\$out\""
out=$("$tools/stages/tree.sh" 2>&1)
check "after a git reset the tree stage prepares the tree again" \
	"[ $? -eq 0 ] && grep -q 'changed behind its stamp (HEAD is ' <<< \"\$out\" && grep -q 'b = 3' '$TREE/lib/b.c'"
head=$(git -C "$TREE" rev-parse HEAD)
"$tools/stages/selftests.sh" > /dev/null 2>&1
check "... and the selftests stage commits selftests/ again" \
	"[ $? -eq 0 ] && [ \"\$(git -C '$TREE' rev-parse HEAD^)\" = '$head' ] && git -C '$TREE' log -1 --format=%B | grep -q '^Kselftest-Source'"
check "... and the tree is its series again" "tested > /dev/null"

# A run under another name for the same tree fails in the generator: the
# tree is left half-applied, and its own stamp says nothing of it.
cp "$KERNEL_CHANGES/gen.sh" "$tmp/gen.sh"
printf '#!/bin/sh\nexit 1\n' > "$KERNEL_CHANGES/gen.sh"
out=$(TREE=$BUILD/./linux "$tools/stages/tree.sh" 2>&1)
check "a run under another name fails half-way (the fake's failure)" \
	"[ $? -ne 0 ] && [ \"\$(git -C '$TREE' log -1 --format=%s)\" = 'lib: a is 2' ]"
cp "$tmp/gen.sh" "$KERNEL_CHANGES/gen.sh"
out=$("$tools/stages/tree.sh" 2>&1)
check "the next plain run prepares the half-applied tree again" \
	"[ $? -eq 0 ] && grep -q 'changed behind its stamp' <<< \"\$out\" && grep -q 'b = 3' '$TREE/lib/b.c'"
"$tools/stages/selftests.sh" > /dev/null 2>&1

mkdir "$TREE/.git/rebase-apply"
out=$("$tools/stages/tree.sh" 2>&1)
check "a git am or rebase left under way is not up to date" \
	"grep -q 'a git am/rebase is under way' <<< \"\$out\""
rmdir "$TREE/.git/rebase-apply" 2>/dev/null
"$tools/stages/selftests.sh" > /dev/null 2>&1

out=$(TREE=build/linux "$tools/stages/tree.sh" 2>&1)
check "a relative TREE from the environment is refused, naming it" \
	"[ $? -eq 2 ] && grep -q 'TREE=build/linux (from the environment) is a relative path' <<< \"\$out\""

# An extra commit (made in the tree, not exported).
echo 'int c;' > "$TREE/lib/c.c"
git -C "$TREE" add lib/c.c && git -C "$TREE" commit -qm "lib: add c"
out=$(tested)
check "an extra commit is refused, naming it" \
	"[ $? -eq 2 ] && grep -q 'commit 3, [0-9a-f]* \"lib: add c\", is extra' <<< \"\$out\""
git -C "$TREE" reset -q --hard HEAD~1

# The kernel: the one built from this tree, with its recorded products.
out=$(tested --kernel)
check "no kernel build: refused, naming make kernel" \
	"[ $? -eq 2 ] && grep -q \"no kernel build recorded.*run 'make kernel'\" <<< \"\$out\""
fake_kernel
check "the kernel built from the tree is accepted" "tested --kernel > /dev/null"
echo changed > "$KOBJ/arch/x86/boot/bzImage"
out=$(tested --kernel)
check "a bzImage replaced behind the stamp is refused" \
	"[ $? -eq 2 ] && grep -q 'is not the one .make kernel. built' <<< \"\$out\""
fake_kernel
sed -i 's/a = 2/a = 4/' "$TREE/lib/a.c"
git -C "$TREE" commit -qam "lib: a is 4"
git -C "$TREE" rev-parse HEAD > "$TREE/.git/kstring-applied"
git -C "$TREE" format-patch -q -o "$tmp" -1 HEAD
printf '0001-lib-a-is-2.patch\ngenerate gen.sh gen.msg\n' > "$tmp/s"
mv "$tmp"/0001-lib-a-is-4.patch "$KERNEL_CHANGES/0003-lib-a-is-4.patch"
printf '0003-lib-a-is-4.patch\n' >> "$tmp/s"
cp "$tmp/s" "$KERNEL_CHANGES/series"
out=$(tested --kernel)
check "a kernel built before the tree's last commit is refused" \
	"[ $? -eq 2 ] && grep -q 'was built from [0-9a-f]* \"lib: b is 3\", not from .* \"lib: a is 4\"' <<< \"\$out\""

# make run on a truncated tree: an infrastructure error, judged and kept,
# nothing booted.
git -C "$TREE" reset -q --hard HEAD~2
RUN_ID=truncated "$tools/run/run.sh" > "$tmp/run.out" 2>&1
rc=$?
summary=$BUILD/6.1/results/truncated/summary.json
check "make run on a truncated tree exits 2 and boots nothing" "[ $rc -eq 2 ] && [ ! -e '$tmp/booted' ]"
check "... its summary says infra-error, naming the missing entry" \
	"grep -q '\"verdict\": \"infra-error\"' '$summary' && grep -q 'not tested: .*entry 3, 0003-lib-a-is-4.patch, is missing' '$summary'"
check "... and the message is on screen" "grep -q 'verdict: infra-error (exit 2)' '$tmp/run.out' && grep -q 'is missing' '$tmp/run.out'"
check "... and it keeps the settings it resolved: config.env names this tree and profile" \
	"grep -qxF 'TREE=$TREE' '${summary%/*}/config.env' && grep -qx 'PROFILE=[a-z]*' '${summary%/*}/config.env'"
[ "$fails" -eq 0 ]
