#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/series/check-series.sh on a fake tree whose Makefile stands in for
# kbuild: every commit is built once, a rerun resumes (built commits are
# not built again), CHECK_REBUILD=1 builds them all again, and a commit
# that fails to build is named, gets no stamp and is built again next time;
# a series applied again (new commit ids, same trees) is not built again;
# CHECK_COMMITS checks a range of patches; ARCH:CONFIG builds the top
# commit with Debian's cross compiler for ARCH, its C library installed
# first (again after a new check.config, without touching the worktree's
# files), CONFIG+llvm every commit with LLVM=1, i386:guest the guest
# config made 32-bit; CHECK_CONFIGS=memblock builds
# tools/testing/memblock (a real compile of a fake mm/memblock.c) alone at
# every commit that has it and fails on a call to an undeclared function,
# which gcc 12 only warns about (review 2, finding 1).
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d); [ -z "$KEEP" ] || echo "# kept: $tmp"
trap '[ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
export BUILD=$tmp/build TREE=$tmp/build/linux KERNEL_CHANGES=$tmp/changes
export CHECK_CONFIGS=x86_64_defconfig JOBS=1 KSRC_PKG=fake-source
. "$(dirname "$0")/tap.sh"
test_git_identity
git() { command git -c user.name=Test -c user.email=test@example.org "$@"; }

# The fake tree: checkpatch and get_maintainer that find nothing wrong, a
# Makefile that fails on a "broken" lib/a.c and logs every build.
mkdir -p "$TREE/scripts" "$TREE/lib" "$KERNEL_CHANGES/config"
: > "$KERNEL_CHANGES/config/check.config"
printf '#!/usr/bin/perl\nexit 0;\n' > "$TREE/scripts/checkpatch.pl"
printf '#!/bin/sh\necho "Test <test@example.org>"\n' > "$TREE/scripts/get_maintainer.pl"
: > "$TREE/scripts/spelling.txt"
: > "$TREE/scripts/const_structs.checkpatch"
chmod +x "$TREE/scripts/"*.pl
cat > "$TREE/Makefile" <<'EOM'
x86_64_defconfig defconfig:
	@mkdir -p $(O) && echo "CONFIG_X=y # $@ ARCH=$(ARCH)" > $(O)/.config
olddefconfig:
	@:
all: bzImage
bzImage:
	@if grep -q broken lib/a.c; then echo 'lib/a.c:1: error: broken'; exit 1; fi
	@echo "built $$(cat lib/a.c) ARCH=$(ARCH) CROSS_COMPILE=$(CROSS_COMPILE) CC=$(CC) LLVM=$(LLVM)" >> $(O)/builds
modules:
	@:
EOM
echo 'int a = 1;' > "$TREE/lib/a.c"
git -C "$TREE" init -q && git -C "$TREE" add -A && git -C "$TREE" commit -qm base &&
	git -C "$TREE" tag pristine
commit() {	# commit CONTENT SUBJECT
	echo "$1" > "$TREE/lib/a.c"
	git -C "$TREE" commit -qam "$2" -m "Signed-off-by: Test <test@example.org>"
	rm -rf "$BUILD/6.1/series"
	git -C "$TREE" format-patch -q -o "$BUILD/6.1/series" pristine..HEAD
}
commit 'int a = 2;' "lib: a is 2"
commit 'int a = 3;' "lib: a is 3"
walk() { "$here/../series/check-series.sh" > "$tmp/out" 2>&1; }
builds() { cat "$BUILD/6.1/check/kernel-x86_64_defconfig/builds" 2>/dev/null | wc -l; }

echo "TAP version 13"
echo "1..36"
walk
check "first walk passes" "[ $? -eq 0 ] && grep -q 'all patches pass' '$tmp/out'"
check "... building each commit once" "[ \$(grep -c ' builds (' '$tmp/out') -eq 2 ] && [ \$(builds) -eq 2 ]"
walk
check "a second walk passes and builds nothing" "[ $? -eq 0 ] && [ \$(builds) -eq 2 ]"
check "... saying each commit was built before" "[ \$(grep -c 'built before' '$tmp/out') -eq 2 ]"
CHECK_REBUILD=1 walk
check "CHECK_REBUILD=1 builds every commit again" "[ $? -eq 0 ] && [ \$(builds) -eq 4 ]"
commit 'int a = broken;' "lib: break a"
walk
rc=$?
check "a commit that does not build fails the walk" "[ $rc -ne 0 ] && grep -q 'lib: break a .*BUILD FAILS' '$tmp/out'"
check "... after resuming past the two built ones" "[ \$(grep -c 'built before' '$tmp/out') -eq 2 ] && [ \$(builds) -eq 4 ]"
check "... and names the error" "grep -q 'lib/a.c:1: error: broken' '$tmp/out'"
git -C "$TREE" reset -q --hard HEAD~1 && commit 'int a = 4;' "lib: a is 4"
walk
check "the fixed commit builds, the others are not built again" "[ $? -eq 0 ] && [ \$(builds) -eq 5 ] && [ \$(grep -c 'built before' '$tmp/out') -eq 2 ]"
GIT_COMMITTER_DATE=2001-01-01T00:00:00 git -C "$TREE" rebase -q --force-rebase pristine &&
	rm -rf "$BUILD/6.1/series" && git -C "$TREE" format-patch -q -o "$BUILD/6.1/series" pristine..HEAD
walk
check "a series applied again (new commit ids, same trees) is not built again" \
	"[ $? -eq 0 ] && [ \$(builds) -eq 5 ] && [ \$(grep -c 'built before' '$tmp/out') -eq 3 ]"
CHECK_REBUILD=1 CHECK_COMMITS=2 walk
check "CHECK_COMMITS=2 checks and builds patch 2 alone" \
	"[ $? -eq 0 ] && [ \$(builds) -eq 6 ] && [ \$(grep -c ' ok\$' '$tmp/out') -eq 1 ] && grep -q 'lib: a is 3 .* builds (' '$tmp/out'"
CHECK_COMMITS=2-9 walk
check "CHECK_COMMITS beyond the series is refused by name" \
	"[ $? -ne 0 ] && grep -q 'CHECK_COMMITS=2-9: the series has patches 1-3' '$tmp/out'"
# A walk that builds holds the variant's lock: here the test holds it.
lock=$BUILD/6.1/check/walk.lock
exec 8>> "$lock" && flock 8 && echo 'pid 4242, CHECK_CONFIGS="i386:guest", since 18:00' > "$lock"
n_before=$(builds)
CHECK_REBUILD=1 walk
check "a walk while another builds in the variant is refused, naming the other, before any build" \
	"[ $? -ne 0 ] && grep -q 'another check-series walk builds in .*pid 4242, CHECK_CONFIGS=\"i386:guest\"' '$tmp/out' && [ \$(builds) -eq $n_before ]"
CHECK_REBUILD=1 CHECKPATCH_ONLY=1 walk
check "... checkpatch alone runs beside it" "[ $? -eq 0 ] && grep -q 'all patches pass' '$tmp/out'"
exec 8>&-
mkdir -p "$tmp/bin" && printf '#!/bin/sh\n' > "$tmp/bin/aarch64-linux-gnu-gcc"
chmod +x "$tmp/bin/aarch64-linux-gnu-gcc"
PATH=$tmp/bin:$PATH CHECK_CONFIGS=arm64:defconfig walk
arm=$BUILD/6.1/check/kernel-arm64-defconfig
check "arm64:defconfig configures and builds the top commit (target all) with ARCH=arm64 and Debian's cross compiler" \
	"[ $? -eq 0 ] && grep -q 'defconfig ARCH=arm64' '$arm/.config' && [ \"\$(cat '$arm/builds')\" = 'built int a = 4; ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- CC=ccache aarch64-linux-gnu-gcc LLVM=' ]"
# Run again with a new check.config (a new key): built again, from the
# defconfig kept beside the objects, without a checkout of pristine that
# would touch every file the series changes (and rebuild all of it).
a_c=$BUILD/6.1/check/linux/lib/a.c
touch -d @1000000000 "$a_c"
echo '# a comment' >> "$KERNEL_CHANGES/config/check.config"
PATH=$tmp/bin:$PATH CHECK_CONFIGS=arm64:defconfig walk
check "... a new check.config builds it again, without touching the tree's files (no pristine checkout)" \
	"[ $? -eq 0 ] && [ \$(wc -l < '$arm/builds') -eq 2 ] && [ \$(stat -c %Y '$a_c') -eq 1000000000 ] && ls '$arm'/.config.defconfig-* > /dev/null"
# A cross compiler without its C library (-print-file-name finds no
# libc.a): the library is installed before the config is made, or
# Kconfig's CC_CAN_LINK changes once make cross-boot installs it. apt-get
# and dpkg-query are stand-ins; not as root, deps.sh names the command.
mkdir -p "$tmp/apt"
printf '#!/bin/sh\necho "${1#-print-file-name=}"\n' > "$tmp/bin/riscv64-linux-gnu-gcc"
printf '#!/bin/sh\n[ -f %s/installed ] && echo "install ok installed"\n' "$tmp/apt" > "$tmp/apt/dpkg-query"
printf '#!/bin/sh\necho "$*" >> %s/log; touch %s/installed\n' "$tmp/apt" "$tmp/apt" > "$tmp/apt/apt-get"
chmod +x "$tmp/bin/riscv64-linux-gnu-gcc" "$tmp/apt/"*
PATH=$tmp/apt:$tmp/bin:$PATH CHECK_CONFIGS=riscv:defconfig walk
check "a cross compiler without its C library: libc6-dev-ARCH-cross is installed first" \
	"cat '$tmp/apt/log' '$tmp/out' 2>/dev/null | grep -q 'gcc-riscv64-linux-gnu libc6-dev-riscv64-cross'"
: > "$KERNEL_CHANGES/config/check.config"
printf '#!/bin/sh\n' > "$tmp/bin/ld.lld" && cp "$tmp/bin/ld.lld" "$tmp/bin/llvm-ar" &&
	chmod +x "$tmp/bin/ld.lld" "$tmp/bin/llvm-ar"
mkdir -p "$BUILD/6.1/kernel" && echo 'CONFIG_GUEST=y' > "$BUILD/6.1/kernel/.config"
echo 'CONFIG_CHECK=y' > "$KERNEL_CHANGES/config/check.config"
PATH=$tmp/bin:$PATH CHECK_CONFIGS="guest+llvm i386:guest" walk
llvm=$BUILD/6.1/check/kernel-guest+llvm i386=$BUILD/6.1/check/kernel-i386-guest
check "guest+llvm builds every commit with LLVM=1 and clang, the guest's config alone" \
	"[ $? -eq 0 ] && [ \$(grep -c 'ARCH= CROSS_COMPILE= CC=ccache clang LLVM=1\$' '$llvm/builds') -eq 3 ] && grep -qx CONFIG_GUEST=y '$llvm/.config.base' && ! grep -q CONFIG_CHECK '$llvm/.config.base'"
check "i386:guest builds every commit with ARCH=i386, the guest's config with arch-i386.config" \
	"[ \$(grep -c 'ARCH=i386 CROSS_COMPILE= CC=ccache gcc LLVM=\$' '$i386/builds') -eq 3 ] && grep -qx CONFIG_GUEST=y '$i386/.config.base' && grep -qx '# CONFIG_64BIT is not set' '$i386/.config.base'"
CHECK_CONFIGS=vax:defconfig walk
check "an architecture without a Debian cross compiler is refused by name" \
	"[ $? -ne 0 ] && grep -q 'no Debian cross compiler for ARCH=vax' '$tmp/out'"
# check.config must land: the fake Kconfig defines DROPPED, which its
# olddefconfig drops (as riscv's defconfig drops the Runtime Testing
# menu), and not LATER (a symbol a later commit adds).
kconfig=$BUILD/6.1/check/linux/Kconfig	# (untracked: kept by the walk's checkouts)
printf 'config X\n\tbool\nconfig DROPPED\n\ttristate\n' > "$kconfig"
printf 'CONFIG_X=y\nCONFIG_LATER=m\n' > "$KERNEL_CHANGES/config/check.config"
CHECK_CONFIGS=x86_64_defconfig CHECK_BUILDS_ONLY=1 CHECK_REBUILD=1 walk
check "check.config symbols the commit's Kconfig does not define are not required" \
	"[ $? -eq 0 ] && grep -q 'all 1 requested symbols landed (1 unknown to this Kconfig)' '$BUILD/6.1/check/kernel-x86_64_defconfig/build-'*.log"
echo 'CONFIG_DROPPED=m' >> "$KERNEL_CHANGES/config/check.config"
sed -i 's|^olddefconfig:|&\n\t@sed -i /DROPPED/d $(O)/.config|' "${kconfig%/*}/Makefile"
n_before=$(builds)
CHECK_CONFIGS=x86_64_defconfig CHECK_BUILDS_ONLY=1 walk
check "a check.config symbol olddefconfig drops fails the commit, named, before any build" \
	"[ $? -ne 0 ] && grep -q 'CHECK.CONFIG DID NOT LAND' '$tmp/out' && grep -q 'CONFIG_DROPPED=m requested, not set in .config' '$tmp/out' && [ \$(builds) -eq $n_before ]"
: > "$KERNEL_CHANGES/config/check.config"
git -C "${kconfig%/*}" checkout -q Makefile
rm "$kconfig"

# The memblock check: the fake tools/testing/memblock compiles mm/memblock.c
# against tools/include with the real compiler. A commit adds it, the next
# renames the call to a function tools/include does not declare.
export CPATH=$tmp/inc	# liburcu's header, present or not on this host
mkdir -p "$tmp/inc/urcu" && : > "$tmp/inc/urcu/uatomic.h"
tools_string() {	# tools_string NAME...: tools/include/linux/string.h declaring NAMEs
	mkdir -p "$TREE/tools/testing/memblock" "$TREE/tools/include/linux" "$TREE/mm"
	printf 'CFLAGS += -I../../include -Wall\nmain:\n\t$(CC) $(CFLAGS) -c -o memblock.o %s\n' \
		../../../mm/memblock.c > "$TREE/tools/testing/memblock/Makefile"
	{ echo '#include <string.h>'
	  for f in "$@"; do echo "#define $f strcpy"; done; } > "$TREE/tools/include/linux/string.h"
}
memblock_c() {	# memblock_c NAME: mm/memblock.c calling NAME()
	printf '#include <linux/string.h>\nvoid name(char *d, const char *s)\n{\n\t%s(d, s);\n}\n' \
		"$1" > "$TREE/mm/memblock.c"
}
commit_all() {	# commit_all SUBJECT
	git -C "$TREE" add -A && git -C "$TREE" commit -qm "$1" -m "Signed-off-by: Test <test@example.org>"
	rm -rf "$BUILD/6.1/series" && git -C "$TREE" format-patch -q -o "$BUILD/6.1/series" pristine..HEAD
}
tools_string strscpy && memblock_c strscpy && commit_all "memblock tests: add"
memblock_c strscpy_truncate && commit_all "treewide: use strscpy_truncate()"
memblock_walks() { ls "$BUILD/6.1/check/memblock/"build-*.log 2>/dev/null | wc -l; }
kernel_builds=$(builds)
CHECK_CONFIGS=memblock walk
rc=$?
check "CHECK_CONFIGS=memblock: a call tools/include does not declare fails the walk" \
	"[ $rc -ne 0 ] && grep -q 'treewide: use strscpy_truncate() .*BUILD FAILS' '$tmp/out'"
check "... naming the implicit declaration, an error here as in GCC 14" \
	"grep -q \"error: implicit declaration of function .strscpy_truncate.\" '$tmp/out'"
check "... the commit before it builds, the ones without tools/testing/memblock are named" \
	"grep -q 'memblock tests: add .* builds (' '$tmp/out' && [ \$(grep -c 'no tools/testing/memblock\$' '$tmp/out') -eq 3 ]"
check "... no kernel was built, and the worktree is left clean" \
	"[ \$(builds) -eq $kernel_builds ] && [ -z \"\$(git -C '$BUILD/6.1/check/linux' status --porcelain)\" ]"
git -C "$TREE" reset -q --hard HEAD~2
tools_string strscpy strscpy_truncate && memblock_c strscpy && commit_all "memblock tests: add"
memblock_c strscpy_truncate && commit_all "treewide: use strscpy_truncate()"
CHECK_CONFIGS=memblock walk
check "with strscpy_truncate() in tools/include the memblock walk passes" \
	"[ $? -eq 0 ] && grep -q 'treewide: use strscpy_truncate() .* builds (' '$tmp/out'"
CHECK_CONFIGS=memblock walk
check "... and a second walk builds nothing again" \
	"[ $? -eq 0 ] && [ \$(grep -c 'built before' '$tmp/out') -eq 2 ]"
before=$(memblock_walks)
CHECK_CONFIGS=memblock CHECKPATCH_ONLY=1 walk
check "CHECKPATCH_ONLY=1 skips the memblock build too" \
	"[ $? -eq 0 ] && ! grep -q 'build tools/testing/memblock' '$tmp/out' && [ \$(memblock_walks) -eq $before ]"
CHECK_CONFIGS="memblock x86_64_defconfig" CHECK_REBUILD=1 walk
check "CHECK_CONFIGS=\"memblock x86_64_defconfig\" walks both" \
	"[ $? -eq 0 ] && [ \$(grep -c ' builds (' '$tmp/out') -eq 7 ]"

# The warnings walk (review 2, item 2): a fake gcc warning at W=1 for
# "unused" in lib/a.c, a fake kernel-doc warning for "nodoc", a fake
# sparse; each commit is compared with its parent, without line numbers.
cat >> "$TREE/Makefile" <<'EOM'
%.o: %.c
	@echo "W=$(W) C=$(C) $@" >> $(O)/warnings-builds
	@if grep -q broken $<; then echo "$<:1: error: broken"; exit 1; fi
	@if grep -q unused $<; then echo "$(CURDIR)/$<:$$(grep -n unused $< | cut -d: -f1):7: warning: unused variable 'u' [-Wunused-variable]"; fi
EOM
cat > "$TREE/scripts/kernel-doc" <<'EOM'
#!/usr/bin/perl
shift;
for my $f (@ARGV) {
	open(my $h, '<', $f) or next;
	while (<$h>) {
		print STDERR "$f:$.: warning: Function parameter or member 'x' not described in 'a'\n" if /nodoc/;
	}
}
EOM
printf '#!/bin/sh\necho 0.6.4\n' > "$tmp/bin/sparse" && chmod +x "$tmp/bin/sparse"
mkdir -p "$BUILD/6.1/kernel/lib" && echo CONFIG_X=y > "$BUILD/6.1/kernel/.config" && : > "$BUILD/6.1/kernel/lib/a.o"
git -C "$TREE" stash -q -u && git -C "$TREE" reset -q --hard pristine &&
	git -C "$TREE" stash pop -q && git -C "$TREE" add -A &&
	git -C "$TREE" commit -qm "fake: warnings" && git -C "$TREE" tag -f pristine > /dev/null
commit_all() {	# commit_all CONTENT SUBJECT: lib/a.c is CONTENT
	printf '%b' "$1" > "$TREE/lib/a.c"
	git -C "$TREE" add -A && git -C "$TREE" commit -qm "$2" -m "Signed-off-by: Test <test@example.org>"
	rm -rf "$BUILD/6.1/series" && git -C "$TREE" format-patch -q -o "$BUILD/6.1/series" pristine..HEAD
}
commit_all 'int a;\nint unused;\n' "lib: a warning of its own"
commit_all '/* moved */\nint a;\nint unused;\n' "lib: move the warning down"
commit_all '/* moved */\nint a;\nint unused;\n/* nodoc */\n' "lib: a new kernel-doc warning"
PATH=$tmp/bin:$PATH CHECK_CONFIGS=warnings walk
rc=$?
check "CHECK_CONFIGS=warnings: a commit adding a kernel-doc warning fails the walk" \
	"[ $rc -ne 0 ] && grep -q 'lib: a new kernel-doc warning .*NEW WARNINGS: 1' '$tmp/out' && grep -q \"lib/a.c: warning: Function parameter or member 'x'\" '$tmp/out'"
check "... a commit adding a gcc W=1 warning too, named without its line number" \
	"grep -q 'lib: a warning of its own .*NEW WARNINGS: 1' '$tmp/out' && grep -q \"lib/a.c: warning: unused variable 'u'\" '$tmp/out'"
check "... a warning that only moves is not new" \
	"grep -q 'lib: move the warning down .*no new warnings (1 objects, 1 files' '$tmp/out'"
check "... the objects are built at W=1 with sparse (C=2), at each commit and its parent" \
	"[ \$(grep -c '^W=1 C=2 lib/a.o\$' '$BUILD/6.1/check/kernel-warnings/warnings-builds') -eq 6 ]"
PATH=$tmp/bin:$PATH CHECK_CONFIGS=warnings walk
check "... a second walk checks only the commits that failed" \
	"[ \$(grep -c 'built before' '$tmp/out') -eq 1 ] && [ \$(grep -c 'NEW WARNINGS' '$tmp/out') -eq 2 ]"
commit_all '/* moved */\nint a;\nint unused;\nint broken;\n' "lib: break the build"
PATH=$tmp/bin:$PATH CHECK_CONFIGS=warnings CHECK_COMMITS=4 walk
check "... a commit that does not build fails it, named, with its log" \
	"[ $? -ne 0 ] && grep -q 'lib: break the build .*BUILD FAILS at the commit: .*kernel-warnings/build-' '$tmp/out'"
[ "$fails" -eq 0 ]
