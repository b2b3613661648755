#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# No space left in build/: with BUILD on a small tmpfs, `make tree` and the
# kernel, image and overlay stages fail fast saying "build/ is full: N MB
# free at PATH", an import that runs out of space half way leaves the
# existing tree as it was, and a stage that fills the disk is named as
# such. Without the right to mount (not root), a stand-in df reports the
# small disk instead and the checks that need a real full disk are skipped.
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tools=$root/tools
tmp=$(mktemp -d)
export BUILD=$tmp/build TREE=$tmp/build/linux KOBJ=$tmp/build/kernel
unset CCACHE_DIR
mkdir -p "$BUILD" "$tmp/bin"
mounted=0
if mount -t tmpfs -o size=24m tmpfs "$BUILD" 2>/dev/null; then
	mounted=1
else
	# The real disk with 24 MB free, as df sees it.
	cat > "$tmp/bin/df" <<'EOF'
#!/bin/sh
echo "Filesystem 1048576-blocks Used Available Capacity Mounted on"
echo "fake 24 0 24 0% /"
EOF
	chmod +x "$tmp/bin/df"
fi
trap '[ $mounted = 1 ] && umount "$BUILD"; rm -rf "$tmp"' EXIT
# A stand-in mkosi that must not be reached.
printf '#!/bin/sh\necho "fake mkosi ran" >&2\nexit 1\n' > "$tmp/bin/mkosi"
chmod +x "$tmp/bin/mkosi"
export PATH=$tmp/bin:$PATH
. "$(dirname "$0")/tap.sh"
skipped=0
skip() { echo "# skipped: $1"; skipped=$((skipped + $2)); }	# counted as neither
full="build/ is full: [0-9]* MB free at $BUILD"
advice="free space or set BUILD= to a larger disk"
git() { command git -c user.name=Test -c user.email=test@example.org "$@"; }

echo "TAP version 13"
[ $mounted = 1 ] && echo "# BUILD on a 24 MB tmpfs" || echo "# no tmpfs (not root?): a stand-in df"
printf '# nothing\n' > "$tmp/no-packages"
t0=$(date +%s)
out=$(cd "$root" && DEB_PACKAGES_FILE=$tmp/no-packages make --no-print-directory tree 2>&1)
rc=$?
if [ -f /usr/src/linux-source-6.1.tar.xz ]; then
	check "make tree on a full disk fails fast ($(($(date +%s) - t0)) s)" "[ $rc -ne 0 ] && [ $(($(date +%s) - t0)) -lt 30 ]"
	check "... saying build/ is full, how much the import needs, and what to do" \
		"grep -q \"$full; $advice (unpacking linux-source-6.1.tar.xz into a git tree needs about [0-9]* MB)\" <<< \"\$out\""
	check "... before extracting anything" "[ ! -e '$TREE.import' ] && [ ! -e '$TREE' ]"
else
	skip "make tree: no /usr/src/linux-source-6.1.tar.xz" 3
fi

# An existing tree, and a new source whose import needs more than the
# estimate: 13 MB that compress to nothing (the unpacked file and its git
# object: 26 MB on a 24 MB disk; the estimate, 21 MB, fits).
git init -q "$TREE" && echo old > "$TREE/file" && git -C "$TREE" add file &&
	git -C "$TREE" commit -qm old && git -C "$TREE" tag pristine &&
	echo 0.9 > "$TREE/.git/kstring-ksrc-version" &&
	git -C "$TREE" rev-parse HEAD > "$TREE/.git/kstring-applied"
head=$(git -C "$TREE" rev-parse HEAD)
mkdir -p "$tmp/src/fake" "$tmp/changes"
head -c 13M /dev/urandom > "$tmp/src/fake/blob"
tar -C "$tmp/src" -cf - fake | xz -0 -T1 > "$tmp/fake.tar.xz"
printf 'x\n' > "$tmp/changes/series"
export KSRC_TARBALL=$tmp/fake.tar.xz KSRC_VERSION=1.0-test KSRC_PKG=fake-source
export KERNEL_CHANGES=$tmp/changes
if [ $mounted = 1 ]; then
	out=$("$tools/stages/stage.sh" tree "$tools/stages/tree.sh" 2>&1)
	rc=$?
	check "an import that runs out of space half way fails the stage" \
		"[ $rc -ne 0 ] && grep -q \"$full; $advice (importing fake.tar.xz ran out of space\" <<< \"\$out\""
	check "... leaves the existing tree as it was" \
		"[ \"\$(git -C '$TREE' rev-parse HEAD)\" = $head ] && [ \"\$(cat '$TREE/file')\" = old ] && [ -z \"\$(git -C '$TREE' status --porcelain)\" ]"
	check "... and removes the partial import" "[ ! -e '$TREE.import' ] && [ \$(df -Pm '$BUILD' | awk 'NR == 2 { print \$4 }') -ge 20 ]"
else
	skip "an import that runs out of space: needs a real full disk" 3
fi

out=$("$tools/stages/kernel.sh" 2>&1)
rc=$?
check "kernel: fails fast, before configuring" \
	"[ $rc -ne 0 ] && grep -q \"$full/kernel; $advice (a kernel build needs about 500 MB)\" <<< \"\$out\" && [ ! -e '$KOBJ/.config' ]"
out=$("$tools/stages/image.sh" 2>&1)
rc=$?
check "image: fails fast, before mkosi" \
	"[ $rc -ne 0 ] && grep -q \"$full/image; $advice (the image needs about 300 MB)\" <<< \"\$out\" && ! grep -q 'fake mkosi ran' <<< \"\$out\""
mkdir -p "$KOBJ" "$BUILD/image" "$BUILD/stamps" && echo key > "$BUILD/stamps/kernel.key" &&
	echo key > "$BUILD/stamps/image.key" &&
	head -c 1M /dev/zero > "$BUILD/image/base.cpio"
out=$("$tools/stages/overlay.sh" 2>&1)
rc=$?
check "overlay: fails fast" \
	"[ $rc -ne 0 ] && grep -q \"$full; $advice (the overlay and initrd.cpio needs about 101 MB)\" <<< \"\$out\" && [ ! -e '$KOBJ/initrd.cpio' ]"
rm -rf "$KOBJ" "$BUILD/image" "$BUILD/stamps"

# A stage that fills the disk: its log may be empty, the message is not.
if [ $mounted = 1 ]; then
	out=$("$tools/stages/stage.sh" fill dd if=/dev/zero of="$BUILD/fill" bs=1M 2>&1)
	rc=$?
	check "a stage that fills build/ fails" "[ $rc -ne 0 ]"
	check "... and says build/ is full" "grep -q \"^fill: out of disk space: build/ is full: 0 MB free at $BUILD; $advice\$\" <<< \"\$out\""
	rm -f "$BUILD/fill"
else
	skip "a stage that fills build/: needs a real full disk" 2
fi
# A stage that filled another disk, or build/ before it cleaned up.
out=$("$tools/stages/stage.sh" other sh -c 'echo "cp: error writing x: No space left on device" >&2; exit 1' 2>&1)
rc=$?
check "'No space left on device' in a failing stage's log is named" \
	"[ $rc -eq 1 ] && grep -q \"^other: out of disk space: $full; $advice\$\" <<< \"\$out\""
out=$("$tools/stages/stage.sh" plain false 2>&1)
check "... and an unrelated failure is not" "! grep -q 'out of disk space' <<< \"\$out\""
echo "1..$n"
[ $skipped = 0 ] || echo "# summary: $skipped checks skipped (see the # skipped: lines)"
[ "$fails" -eq 0 ]
