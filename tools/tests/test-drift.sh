#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# qa/drift.sh against a fake archive (apt-cache, apt-get) serving
# .debs of a tiny source tarball, with the real tree stages and stand-ins
# for the kernel, image, overlay and run stages: version selection, the
# .deb cache, a version whose build fails and one a patch does not apply
# to (named in the table) while the others still run, the report, the
# exit code.
here=$(cd "$(dirname "$0")" && pwd)
tools=$here/..
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset TREE KSRC_TARBALL KSRC_VERSION DRIFT_VERSIONS DRIFT_DIR KOBJ INITRD
export KSRC_PKG=fake-source BUILD=$tmp/build DRIFT_MAIN_BUILD=$tmp/main
export KERNEL_CHANGES=$tmp/changes SELFTESTS_SRC=$tmp/selftests
export DRIFT_TOOLS=$tmp/tools DRIFT_NICE=0 FAKE_POOL=$tmp/pool
export PATH=$tmp/bin:$PATH
. "$(dirname "$0")/tap.sh"
test_git_identity
drift() { "$tools/qa/drift.sh" "$@" > "$tmp/out" 2>&1; }

# The archive: 2.0-2 is fine, 2.0-1 does not build, 1.0-1 has a lib/a.c
# the series' patch does not apply to.
mkdir -p "$tmp/bin" "$FAKE_POOL" "$KERNEL_CHANGES" "$SELFTESTS_SRC/lib" "$tmp/tools"
for v in 2.0-2 2.0-1 1.0-1; do
	src=$tmp/src/$v/fake-source pkg=$tmp/pkg/$v
	mkdir -p "$src/lib" "$src/tools/testing/selftests/lib" "$pkg/DEBIAN" "$pkg/usr/src"
	printf 'int a = %d;\n' "$([ "$v" = 1.0-1 ] && echo 0 || echo 1)" > "$src/lib/a.c"
	[ "$v" = 2.0-1 ] && echo broken > "$src/BROKEN"
	tar -cJf "$pkg/usr/src/fake-source.tar.xz" -C "$tmp/src/$v" fake-source
	printf 'Package: fake-source\nVersion: %s\nArchitecture: all\nMaintainer: Test <test@example.org>\nDescription: fake\n' \
		"$v" > "$pkg/DEBIAN/control"
	dpkg-deb -Zgzip --root-owner-group --build "$pkg" "$FAKE_POOL/fake-source_${v}_all.deb" >/dev/null
done
cat > "$tmp/bin/apt-cache" <<'EOF'
#!/bin/bash
case $1 in
madison)
	vs="1.0-1 2.0-2 2.0-1"
	[ "$2" = other-source ] && vs=5.0-1	# a second source package
	for v in $vs; do echo " $2 | $v | file:/fake main Packages"; done ;;
show)
	deb=$FAKE_POOL/fake-source_${2#*=}_all.deb
	[ -f "$deb" ] || exit 100
	printf 'Package: fake-source\nSHA256: %s\n' "$(sha256sum < "$deb" | cut -d' ' -f1)" ;;
esac
EOF
cat > "$tmp/bin/apt-get" <<'EOF'
#!/bin/bash
[ "$1" = download ] || exit 100
echo "$3" >> "$FAKE_POOL/downloads"
cp "$FAKE_POOL/fake-source_${3#*=}_all.deb" .
EOF
chmod +x "$tmp/bin/"*

# The series: one patch and a generator, as in test-tree.sh.
git init -q "$tmp/work" && cp -r "$tmp/src/2.0-2/fake-source/." "$tmp/work/" &&
	git -C "$tmp/work" add -A && git -C "$tmp/work" commit -qm base &&
	sed -i 's/a = 1/a = 2/' "$tmp/work/lib/a.c" &&
	git -C "$tmp/work" commit -qam "lib: a is 2" -m "Signed-off-by: Test <test@example.org>" &&
	git -C "$tmp/work" format-patch -q -o "$KERNEL_CHANGES" -1 HEAD
printf '#!/bin/sh\necho "int b = 3;" > lib/b.c\n' > "$KERNEL_CHANGES/gen.sh"
chmod +x "$KERNEL_CHANGES/gen.sh"
printf 'lib: b is 3\n\nGenerated.\n' > "$KERNEL_CHANGES/gen.msg"
printf 'selftests: add y\n\nWhy.\n' > "$KERNEL_CHANGES/selftests.msg"
printf '0001-lib-a-is-2.patch\ngenerate gen.sh gen.msg\n' > "$KERNEL_CHANGES/series"
printf '#!/bin/sh\nexit 0\n' > "$SELFTESTS_SRC/lib/y.sh"

# The tools: the real tree stages, stand-ins for the rest.
mkdir -p "$tmp/tools/stages" "$tmp/tools/run"
for f in lib.sh stages/stage.sh stages/tree.sh stages/selftests.sh results; do
	ln -s "$(cd "$tools" && pwd)/$f" "$tmp/tools/$f"
done
stub() {
	local lib=lib.sh
	case $1 in */*) lib=../lib.sh ;; esac
	{ echo '#!/bin/bash'; echo ". \"\$(dirname \"\$0\")/$lib\""; cat; } > "$tmp/tools/$1"
	chmod +x "$tmp/tools/$1"
}
stub deps.sh <<< 'say "deps: fake"'
stub stages/image.sh <<< '[ -s "$BUILD/image/base.cpio" ] || die "no image"; say "image: ok"'
stub stages/overlay.sh <<< 'say "overlay: ok"'
stub stages/kernel.sh <<'EOF'
[ -f "$TREE/BROKEN" ] && die "kernel build failed"
mkdir -p "$KOBJ/include/config" && echo 9.9 > "$KOBJ/include/config/kernel.release"
say "kernel: built"
EOF
stub run/run.sh <<'EOF'
d=$RESULTS/run1 && mkdir -p "$d"
cat > "$d/summary.json" <<EOJ
{"verdict": "passed", "exit_code": 0, "reasons": [], "vm": {"accel": "tcg", "seconds": "1"},
 "meta": {"ksrc_version": "$(cat "$TREE/.git/kstring-ksrc-version")"},
 "tests": [{"name": "lib:y.sh", "outcome": "pass", "subtests": [{"outcome": "pass"}, {"outcome": "pass"}]},
           {"name": "kernel-log", "outcome": "pass", "subtests": []}]}
EOJ
ln -sfn run1 "$RESULTS/latest"
printf 'run_id=run1\nreused=0\n' > "$RESULTS/last-run"
printf 'test      result\nlib:y.sh  PASS\nverdict: passed (exit 0)\nresults: here\n'

EOF
mkdir -p "$tmp/main/image"
mkdir -p "$tmp/main/stamps" && echo image > "$tmp/main/image/base.cpio" && echo key > "$tmp/main/stamps/image.key"

echo "TAP version 13"
echo "1..15"
drift all
check "all: exit 1 when a version fails" "[ $? -eq 1 ]"
row() { grep "^$1 " "$tmp/out" | tr -s ' '; }
check "a good version: applies, builds, passes, counted; the guest's table shown" \
	"row 2.0-2 | grep -q '^2.0-2 yes yes passed 2/0/0 (2) ' && grep -q '^    lib:y.sh  PASS' '$tmp/out'"
check "a version that does not build: builds NO, not run" \
	"row 2.0-1 | grep -q '^2.0-1 yes NO not run '"
check "a patch that does not apply is named, with its file" \
	"row 1.0-1 | grep -q '^1.0-1 NO: 0001-lib-a-is-2.patch - not run ' && grep -q '^1.0-1: failed at tree: .*failing file(s): lib/a.c' '$tmp/out'"
check "newest first; the failures did not stop the others" \
	"[ \"\$(grep -o '^[12]\.0-[12] ' '$tmp/out' | tr -d ' ' | tr '\n' ' ')\" = '2.0-2 2.0-1 1.0-1 ' ]"
check "each version keeps its logs" \
	"grep -q 'does not apply' '$BUILD/drift/1.0-1/logs/tree.log' && grep -q 'kernel build failed' '$BUILD/drift/2.0-1/logs/kernel.log'"
check "report.txt and report.json" \
	"grep -q '^drift: 1 of 3 versions passed' '$BUILD/drift/report.txt' && python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); sys.exit(r[\"failed\"] != 2 or r[\"versions\"][0][\"ksrc_version\"] != \"2.0-2\")' '$BUILD/drift/report.json'"
check "no stage printed a shell error" "! grep -q 'No such file or directory' '$tmp/out'"
check "the main image is hardlinked, not copied" \
	"[ \"\$(stat -c %i '$tmp/main/image/base.cpio')\" = \"\$(stat -c %i '$BUILD/drift/2.0-2/image/base.cpio')\" ]"

drift
check "default: the two newest, no download again" \
	"[ $? -eq 1 ] && row 2.0-2 | grep -q passed && row 2.0-1 | grep -q NO && ! row 1.0-1 | grep -q . && [ \$(wc -l < '$FAKE_POOL/downloads') -eq 3 ]"
head -c 100 "$FAKE_POOL/fake-source_2.0-2_all.deb" > "$BUILD/drift/debs/fake-source_2.0-2_all.deb"
DRIFT_VERSIONS=2.0-2 drift
check "DRIFT_VERSIONS=2.0-2: exit 0" "[ $? -eq 0 ] && grep -q '^drift: 1 of 1 versions passed' '$tmp/out'"
check "a corrupt cached .deb is downloaded again" \
	"[ \$(grep -c 2.0-2 '$FAKE_POOL/downloads') -eq 2 ]"
drift 3.0-1
check "a version the archive does not have: exit 2, the offered ones named" \
	"[ $? -eq 2 ] && grep -q 'it offers: 2.0-2 2.0-1 1.0-1' '$tmp/out'"
# (2.0-2 is in the cache; other-source's download fails.)
printf '#!/bin/sh\necho "E: 404 Not Found" >&2; exit 100\n' > "$tmp/bin/apt-get"
DRIFT_PKGS="fake-source other-source" drift 1
check "two source packages: the newest of each, in one table" \
	"[ $? -eq 1 ] && row 2.0-2 | grep -q passed && grep -q '^=== other-source 5.0-1 ===' '$tmp/out' && ! row 2.0-1 | grep -q ."
check "a failed download fails that version only" \
	"row 5.0-1 | grep -q '^5.0-1 - - not run' && grep -q 'E: 404 Not Found' '$BUILD/drift/5.0-1/fetch.log'"
[ "$fails" -eq 0 ]
