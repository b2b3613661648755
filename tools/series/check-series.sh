#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Check the series in build/<variant>/series/ (make series):
#  1. scripts/checkpatch.pl --strict on every patch, with the checkpatch.pl
#     of the tree the patch applies to (its parent commit), as whoever
#     applies it would run it. A generated mass conversion (a "Generator:"
#     trailer) must add no report: every report on it must also be made on
#     the lines it replaces (checkpatch run on the reverse diff), or be
#     listed with its reason in kernel-changes/checkpatch-accepted;
#  2. bisectability: every commit builds (bzImage + modules), one after
#     the other in a separate worktree (build/<variant>/check/), incrementally and
#     with ccache, once for each config in CHECK_CONFIGS (default: the
#     guest kernel's .config and x86_64_defconfig, whose bzImage links the
#     KASLR decompressor and the EFI stub), each but the guest's with
#     kernel-changes/config/check.config added (the test modules, LKDTM,
#     FORTIFY_SOURCE, whose build-time checks must all pass). CONFIG+llvm
#     builds it with Debian's clang and LLVM tools (LLVM=1). i386:guest is
#     the guest config as a 32-bit kernel (the i386 guest's fragment).
#     ARCH:CONFIG of another architecture builds the top commit only, with
#     Debian's cross compiler and C library, installed when missing
#     (arm64:defconfig, riscv:defconfig, s390:defconfig: boot code that
#     links lib/ files there; target "all"; arm64's took ~1 h 50 min
#     here). `make cross-boot` boots them (tools/qa/cross-boot.sh).
#     The pseudo-config "memblock" (first by default) builds
#     tools/testing/memblock instead: mm/memblock.c in user space against
#     tools/include, with the C errors GCC 14 and clang 16 make by
#     default (an undeclared function), at every commit that has it.
#     The pseudo-config "warnings" (second by default) checks what patch
#     bots check besides the build: no new gcc warning at W=1, sparse
#     warning (C=2) or kernel-doc warning in the files each commit
#     touches, compared with its parent (the guest config's objects).
# A commit already built with the same config and targets is not built
# again (a stamp in the object directory, named after the commit's tree so
# that a series applied again is still known; CHECK_REBUILD=1 ignores
# them). CHECKPATCH_ONLY=1 skips the builds, CHECK_BUILDS_ONLY=1 skips
# checkpatch (with CHECK_CONFIGS=memblock or warnings: that walk alone).
# CHECK_COMMITS=FIRST-LAST (the patch numbers, e.g. 11-20) checks only
# those: a walk longer than one session split where a commit rebuilds
# everything anyway (a header that every file includes). The walks of a
# variant share its worktree: while one builds, another is refused, named
# (build/<variant>/check/walk.lock); checkpatch alone is not. Prints a
# table, fails on any problem.
. "$(dirname "$0")/../lib.sh"

series=$SERIES_DIR
default_configs="memblock warnings guest guest+llvm i386:guest x86_64_defconfig"
default_configs+=" arm64:defconfig riscv:defconfig s390:defconfig"
work=$VARIANT_ROOT/check
[ -d "$series" ] || die "no $series: run 'make series'"
fails=0

# checkpatch_keys LOG: its reports as sorted "TYPE|FILE|message" lines.
checkpatch_keys() {
	awk -f "$KSTRING_ROOT/tools/series/checkpatch-keys.awk" "$1" | LC_ALL=C sort
}

# checkpatch_of COMMIT: a directory with the scripts/checkpatch.pl (and its
# data files) of COMMIT (a full id); it is run from the patched tree, for
# MAINTAINERS.
checkpatch_of() {
	local dir=$work/checkpatch-of/${1:0:12}
	if [ ! -f "$dir/scripts/checkpatch.pl" ]; then
		mkdir -p "$dir"
		git -C "$TREE" archive "$1" scripts/checkpatch.pl scripts/spelling.txt \
			scripts/const_structs.checkpatch | tar -x -C "$dir" ||
			die "cannot extract checkpatch.pl of $1"
	fi
	echo "$dir/scripts/checkpatch.pl"
}

mapfile -t commits < <(git -C "$TREE" rev-list --reverse pristine..HEAD)
base=$(git -C "$TREE" rev-parse pristine)	# (the first commit's parent)
range=${CHECK_COMMITS:-1-${#commits[@]}}
[[ $range =~ ^([0-9]+)(-([0-9]+))?$ ]] ||
	die "CHECK_COMMITS=$range: want FIRST-LAST (patch numbers, e.g. 11-20) or N"
first=$((10#${BASH_REMATCH[1]}))
last=$((10#${BASH_REMATCH[3]:-$first}))
[ "$first" -ge 1 ] && [ "$first" -le "$last" ] && [ "$last" -le ${#commits[@]} ] ||
	die "CHECK_COMMITS=$range: the series has patches 1-${#commits[@]}"
[ "$range" = "1-${#commits[@]}" ] || say "only patches $first-$last (CHECK_COMMITS)"
n=0
[ "${CHECK_BUILDS_ONLY:-0}" = 1 ] || {
	say "checkpatch --strict (each with the checkpatch.pl of its parent commit):"
	mkdir -p "$work/checkpatch"
}
for p in "$series"/[0-9]*.patch; do
	[ "${CHECK_BUILDS_ONLY:-0}" != 1 ] || break
	case $p in *0000-cover-letter.patch) continue ;; esac
	c=${commits[n]} parent=${commits[n - 1]}
	[ "$n" -gt 0 ] || parent=$base
	n=$((n + 1))
	[ "$n" -ge "$first" ] && [ "$n" -le "$last" ] || continue
	# format-patch's first line names the commit the patch was made from.
	read -r _ from _ < "$p"
	[ "$from" = "$c" ] ||
		die "${p##*/} was not made from commit $c: rerun 'make series'"
	checkpatch=$(checkpatch_of "$parent")
	log=$work/checkpatch/${p##*/}
	log=${log%.patch}.log
	ignore=
	# checkpatch asks "does MAINTAINERS need updating?" of every patch
	# that adds a file (and the selftests commit, made from selftests/
	# alone, cannot touch MAINTAINERS). Answer it instead: every added
	# file must already have a maintainer (get_maintainer.pl), or the
	# check fails.
	mapfile -t added < <(git -C "$TREE" diff-tree --no-commit-id --name-only \
		--diff-filter=A -r "$c")
	if [ ${#added[@]} -gt 0 ]; then
		ignore="--ignore FILE_PATH_CHANGES"
		for f in "${added[@]}"; do
			(cd "$TREE" && ./scripts/get_maintainer.pl --nogit --nogit-fallback \
				--norolestats -f "$f" 2>/dev/null | grep -q '@') && continue
			echo "      $f has no maintainer: add a MAINTAINERS entry in the series"
			fails=$((fails + 1))
		done
	fi
	# shellcheck disable=SC2086
	(cd "$TREE" && perl "$checkpatch" --strict -q --show-types $ignore "$p") > "$log" 2>&1
	if grep -q '^Generator: ' "$p"; then
		# Reports on lines a mass rename only touches are the old
		# lines' own: checkpatch makes them on the reverse diff too.
		# (Only the files with reports: checkpatch asks get_maintainer.pl
		# about every file, which is most of its time on 1,300 files.)
		git -C "$TREE" diff --name-only "$c^" "$c" > "$log.files"
		mapfile -t files < <(grep -oF -f "$log.files" "$log" | sort -u)
		: > "$log.reverse"
		if [ ${#files[@]} -gt 0 ]; then
			git -C "$TREE" diff "$c" "$c^" -- "${files[@]}" > "$log.reverse.diff"
			(cd "$TREE" && perl "$checkpatch" --strict -q --show-types \
				--no-signoff "$log.reverse.diff") > "$log.reverse" 2>&1
		fi
		LC_ALL=C comm -23 <(checkpatch_keys "$log") \
			<(checkpatch_keys "$log.reverse") > "$log.new"
		grep -vxF -f <(grep -v '^#' "$KERNEL_CHANGES/checkpatch-accepted") \
			"$log.new" > "$log.unaccepted"
		total=$(grep -c '^\(ERROR\|WARNING\|CHECK\)' "$log")
		if [ -s "$log.unaccepted" ]; then
			printf '  %-60s FAIL: %d new reports\n' "${p##*/}" \
				"$(wc -l < "$log.unaccepted")"
			sed 's/^/      /' "$log.unaccepted" | head -10
			fails=$((fails + 1))
		else
			printf '  %-60s ok: %d reports, %d accepted new, the rest on the old lines too (%s)\n' \
				"${p##*/}" "$total" "$(wc -l < "$log.new")" \
				"${log#"$KSTRING_ROOT"/}"
		fi
	elif grep -q '^\(ERROR\|WARNING\|CHECK\)' "$log"; then
		printf '  %-60s FAIL\n' "${p##*/}"
		grep '^\(ERROR\|WARNING\|CHECK\)' "$log" | sed 's/^/      /' | head -10
		fails=$((fails + 1))
	else
		printf '  %-60s ok\n' "${p##*/}"
	fi
	grep -q '^Signed-off-by: ' "$p" || { echo "      no Signed-off-by"; fails=$((fails + 1)); }
done

# config_for NAME OBJ: write OBJ/.config for a build of the series.
#   guest               the guest kernel's .config (make kernel's, or
#                       kernel.sh --config-only's when none is built)
#   *defconfig          that defconfig of the pristine tree, e.g.
#                       x86_64_defconfig: RANDOMIZE_BASE and EFI_STUB, so
#                       bzImage links the KASLR decompressor and the EFI
#                       stub, which build lib/ files without vmlinux
#   debian-FLAVOUR      Debian's config for FLAVOUR from linux-config-6.1,
#                       e.g. debian-amd64_none_amd64 (see config_for)
# with ARCH:NAME, the kernel's ARCH= (arm64:debian-arm64_none_arm64).
config_for() {
	case $1 in
	guest)
		# (the guest kernel's, written here when it has not been built)
		[ -f "$KOBJ/.config" ] ||
			"$KSTRING_ROOT/tools/stages/kernel.sh" --config-only > "$2.config.log" 2>&1 ||
			die "cannot write the guest .config in $KOBJ (log: $2.config.log): run 'make kernel'"
		cp "$KOBJ/.config" "$2/.config" ;;
	*defconfig)
		kmake -s O="$2" "$1" > /dev/null ||
			die "make $1 failed" ;;
	debian-*)
		# Debian's own config (package linux-config-6.1), without its
		# signing certificates (not in the source tarball) and without
		# debug info (BTF needs pahole, DWARF triples the build).
		local f=/usr/src/linux-config-${KSRC_PKG#linux-source-}/config.${1#debian-}.xz
		[ -f "$f" ] || die "no $f: apt-get install linux-config-${KSRC_PKG#linux-source-}"
		xzcat "$f" > "$2/.config"
		"$work/linux/scripts/config" --file "$2/.config" \
			--set-str SYSTEM_TRUSTED_KEYS "" \
			--set-str SYSTEM_REVOCATION_KEYS "" \
			--disable DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT \
			--disable DEBUG_INFO_BTF --enable DEBUG_INFO_NONE
		kmake -s O="$2" olddefconfig > /dev/null ||
			die "make olddefconfig failed for $1" ;;
	*)
		die "CHECK_CONFIGS: unknown config '$1' (guest, a defconfig or debian-FLAVOUR)" ;;
	esac
}

# base_config NAME OBJ: config_for NAME OBJ, at pristine where the tree is
# needed. A defconfig is kept beside OBJ per pristine commit, so that a
# walk run again (resumed, or with a new check.config) does not check out
# pristine: that would give every file the series changes a new mtime,
# and kbuild would rebuild everything that includes one (string.h).
base_config() {
	local cache
	case $1 in
	guest) config_for "$1" "$2" ;;	# (from the guest kernel's build)
	*defconfig)
		cache=$2/.config.$1-$(git -C "$TREE" rev-parse --short=12 pristine)
		if [ ! -f "$cache" ]; then
			git -C "$work/linux" checkout -q --detach pristine
			config_for "$1" "$2"
			cp "$2/.config" "$cache"
		fi
		cp "$cache" "$2/.config" ;;
	*)	git -C "$work/linux" checkout -q --detach pristine
		config_for "$1" "$2" ;;
	esac
}

# built_before OBJ C KEY: set stamp, subject and log for commit C of a
# walk in OBJ; true, saying so, when C was built there before with KEY
# (a stopped walk resumes where it stopped; CHECK_REBUILD=1 builds again).
built_before() {
	local tree short done_key=
	{ read -r tree short; read -r subject; } < <(git -C "$TREE" log -1 --format='%T %h%n%s' "$2")
	stamp=$1/built/$tree
	log=$1/build-$short.log
	[ -f "$stamp" ] && read -r done_key < "$stamp"
	[ "${CHECK_REBUILD:-0}" != 1 ] && [ "$done_key" = "$3" ] || return 1
	printf '  %-60s built before (%s)\n' "${subject:0:60}" "${log#"$KSTRING_ROOT"/}"
}

# memblock_walk: build tools/testing/memblock at every commit that has it,
# in the worktree (its Makefile builds in the source directory, which is
# cleaned after each build), with the errors that GCC 14 and clang 16
# make by default and Debian's gcc 12 only warns about. Needs liburcu.
memblock_walk() {
	local dir=$work/linux/tools/testing/memblock obj=$work/memblock
	local flags="-Werror=implicit-function-declaration -Werror=implicit-int"
	flags+=" -Werror=int-conversion -Werror=incompatible-pointer-types"
	local c stamp subject log key t0 t_cfg
	if ! echo '#include <urcu/uatomic.h>' | cc -E -x c - > /dev/null 2>&1; then
		"$KSTRING_ROOT/tools/deps.sh" liburcu-dev || exit
	fi
	mkdir -p "$obj/built"
	key="$(cc -dumpfullversion) $flags"
	say "build tools/testing/memblock at every commit (user space, $flags) in ${obj#"$KSTRING_ROOT"/}:"
	t_cfg=$(now)
	for c in "${commits[@]:first-1:last-first+1}"; do
		built_before "$obj" "$c" "$key" && continue
		git -C "$work/linux" checkout -q --detach "$c"
		if [ ! -f "$dir/Makefile" ]; then
			printf '  %-60s no tools/testing/memblock\n' "${subject:0:60}"
			continue
		fi
		git -C "$work/linux" clean -q -fdx -- tools/testing/memblock
		t0=$(now)
		if CFLAGS=$flags make -C "$dir" -j"$jobs" > "$log" 2>&1; then
			printf '  %-60s builds (%ss)\n' "${subject:0:60}" "$(elapsed "$t0")"
			echo "$key" > "$stamp"
		else
			printf '  %-60s BUILD FAILS: %s\n' "${subject:0:60}" "${log#"$KSTRING_ROOT"/}"
			grep -m5 'error:\|undefined reference' "$log" | sed 's/^/      /'
			fails=$((fails + 1))
		fi
		git -C "$work/linux" clean -q -fdx -- tools/testing/memblock
	done
	say "  memblock: patches $first-$last built in $(elapsed "$t_cfg")s"
}

# ticker_start LABEL LOG..., ticker_stop: progress for a long build, the
# last object compiled into any LOG every minute (from $t0).
ticker_start() {
	local label=$1
	shift
	( while sleep 60; do
		printf '    %s: %ss: %s\n' "$label" "$(elapsed "$t0")" \
			"$(cat "$@" 2>/dev/null | grep -a ' CC \| LD \| AR \| CHECK ' |
				tail -n 1 | sed 's/^ *//')"
	  done ) 9>&- &	# (its sleep outlives a stop: not with the walk's lock)
	ticker=$!
}
ticker_stop() {
	kill "$ticker" 2>/dev/null
	wait "$ticker" 2>/dev/null
}

# warnings_at COMMIT OUT FILE...: at COMMIT, build the objects of the .c
# FILEs the guest config builds at W=1 with sparse on them (C=2), and run
# kernel-doc on every FILE that exists there; all of it into OUT. Prints
# the number of objects, of files, and 0, or 1 when the build failed.
# One job: kbuild may build a single target twice at once (two parallel
# CCs of drivers/input/serio/i8042.o broke objtool here).
warnings_at() {
	local c=$1 out=$2 f objs=() docs=() rc=0
	shift 2
	git -C "$work/linux" checkout -q --detach "$c"
	for f in "$@"; do
		[ -f "$work/linux/$f" ] || continue
		docs+=("$f")
		case $f in *.c) [ -f "$KOBJ/${f%.c}.o" ] && objs+=("${f%.c}.o") ;; esac
	done
	cp "$KOBJ/.config" "$wobj/.config"
	(cd "$wobj" && rm -f "${objs[@]}")	# built again, so that gcc warns again
	{
		if [ ${#objs[@]} -gt 0 ]; then
			kmake O="$wobj" olddefconfig &&
				kmake O="$wobj" CC="ccache gcc" W=1 C=2 -j1 "${objs[@]}" || rc=1
		fi
		[ ${#docs[@]} -eq 0 ] ||
			(cd "$work/linux" && perl scripts/kernel-doc -none "${docs[@]}")
	} > "$out" 2>&1
	echo "${#objs[@]} ${#docs[@]} $rc"
}

# warnings_of LOG FILE...: the warnings and errors in LOG about FILEs
# (gcc's, sparse's, kernel-doc's "file:line[:col]: warning: ..."), as
# sorted "file: warning: message" lines: no line numbers, which move
# between a commit and its parent.
warnings_of() {
	local log=$1
	shift
	sed -n -E "s#^($work/linux/)?([^ :]+):[0-9]+:([0-9]+:)? (warning|error): #\2: \4: #p" "$log" |
		awk -F': ' 'NR == FNR { mine[$0] = 1; next } $1 in mine' \
			<(printf '%s\n' "$@") - | LC_ALL=C sort
}

# warnings_walk: what patch bots check at every commit besides the build
# (the 0-day bot, netdev's NIPA): no new gcc warning at W=1, no new sparse
# warning and no new kernel-doc warning in the files the commit touches,
# compared with its parent, as multisets without line numbers. The guest
# config; its objects (make kernel) tell which .c files it builds.
warnings_walk() {
	local c subject stamp log key t0 t_cfg n_obj n_doc rc parent_rc new arch='' cross=''
	local llvm=
	wobj=$work/kernel-warnings
	command -v sparse > /dev/null || "$KSTRING_ROOT/tools/deps.sh" sparse || exit
	[ -f "$KOBJ/.config" ] || die "no guest .config: run 'make kernel'"
	mkdir -p "$wobj/built"
	key="$(sha256sum < "$KOBJ/.config" | cut -d' ' -f1) W=1 C=2 $(cc -dumpfullversion) $(sparse --version)"
	say "new W=1, sparse and kernel-doc warnings at every commit (guest config) in ${wobj#"$KSTRING_ROOT"/}:"
	t_cfg=$(now)
	for c in "${commits[@]:first-1:last-first+1}"; do
		built_before "$wobj" "$c" "$key" && continue
		mapfile -t files < <(git -C "$TREE" diff-tree --no-commit-id --name-only \
			-r "$c" -- '*.c' '*.h')
		now t0
		rm -f "$log.parent" "$log"
		ticker_start warnings "$log.parent" "$log"
		read -r _ _ parent_rc < <(warnings_at "$c^" "$log.parent" "${files[@]}")
		read -r n_obj n_doc rc < <(warnings_at "$c" "$log" "${files[@]}")
		ticker_stop
		new=$(LC_ALL=C comm -13 <(warnings_of "$log.parent" "${files[@]}") \
			<(warnings_of "$log" "${files[@]}"))
		if [ "$parent_rc$rc" != 00 ]; then
			# Without both builds there is nothing to compare.
			printf '  %-60s BUILD FAILS at the %s: %s\n' "${subject:0:60}" \
				"$([ "$rc" = 0 ] && echo parent || echo commit)" \
				"${log#"$KSTRING_ROOT"/}$([ "$rc" = 0 ] && echo .parent)"
			fails=$((fails + 1))
		elif [ -n "$new" ]; then
			printf '  %-60s NEW WARNINGS: %d (%s)\n' "${subject:0:60}" \
				"$(grep -c . <<< "$new")" "${log#"$KSTRING_ROOT"/}"
			sed 's/^/      /' <<< "$new" | head -10
			fails=$((fails + 1))
		else
			printf '  %-60s no new warnings (%d objects, %d files; %ss)\n' \
				"${subject:0:60}" "$n_obj" "$n_doc" "$(elapsed "$t0")"
			echo "$key" > "$stamp"
		fi
	done
	say "  warnings: patches $first-$last checked in $(elapsed "$t_cfg")s"
}

# kmake ARG...: make in the worktree for the architecture being built.
kmake() {
	make -C "$work/linux" ${arch:+ARCH=$arch} ${cross:+CROSS_COMPILE=$cross} \
		${llvm:+LLVM=1} "$@"
}

# Build every commit in turn, once per config in CHECK_CONFIGS, each in
# its own object directory (build/<variant>/check/kernel-NAME), incrementally and
# with ccache; bzImage so that the boot code links too.
if [ "${CHECKPATCH_ONLY:-0}" != 1 ]; then
	# The walks of a variant share its worktree: a second one would
	# check out other commits under the first one's build.
	lock=$work/walk.lock
	mkdir -p "$work"
	exec 9>> "$lock"
	flock -n 9 || die "another check-series walk builds in ${work#"$KSTRING_ROOT"/} ($(cat "$lock")); the walks of a variant share its worktree: wait for that one to end, or stop it"
	printf 'pid %s, CHECK_CONFIGS="%s", since %s\n' "$$" \
		"${CHECK_CONFIGS:-$default_configs}" "$(date '+%F %T')" > "$lock"
	if [ ! -d "$work/linux" ]; then
		git -C "$TREE" worktree prune
		git -C "$TREE" worktree add -q --detach "$work/linux" pristine ||
			die "git worktree add failed"
	fi
	export CCACHE_DIR CCACHE_BASEDIR CCACHE_DEPEND=1 KBUILD_BUILD_TIMESTAMP KBUILD_BUILD_USER=kstring KBUILD_BUILD_HOST=check
	jobs=$JOBS
	for cfg in ${CHECK_CONFIGS:-$default_configs}; do
		if [ "$cfg" = memblock ]; then
			memblock_walk
			continue
		elif [ "$cfg" = warnings ]; then
			warnings_walk
			continue
		fi
		arch='' name=${cfg%+llvm} targets=${CHECK_TARGETS:-bzImage modules}
		llvm='' cc=gcc cross='' walk=("${commits[@]:first-1:last-first+1}")
		[ "$name" = "$cfg" ] || llvm=1 cc=clang	# clang targets every ARCH
		case $name in *:*)
			arch=${name%%:*} name=${name#*:} ;;
		esac
		case ${arch:-x86} in
		x86 | x86_64 | i386) ;;
		*)	# another architecture: its default target, the top only
			targets=${CHECK_TARGETS:-all} walk=("${commits[last-1]}") ;;
		esac
		if [ -n "$llvm" ]; then
			command -v ld.lld > /dev/null && command -v llvm-ar > /dev/null ||
				"$KSTRING_ROOT/tools/deps.sh" clang lld llvm || exit
		else
			cross_toolchain "${arch:-x86}" || die "CHECK_CONFIGS: $cfg: no cross compiler and C library"
			cross=$CROSS
		fi
		obj=$work/kernel-${cfg/:/-}
		mkdir -p "$obj"
		base_config "$name" "$obj"
		# The i386 guest: the guest's config made 32-bit, as make
		# ARCH=i386 kernel does.
		[ "$arch:$name" != i386:guest ] ||
			cat "$KSTRING_ROOT/kernel-changes/config/arch-i386.config" >> "$obj/.config"
		# Symbols the series adds are unknown before their commit:
		# the fragment is kept in the base and each commit's
		# olddefconfig takes what that commit knows.
		[ "$name" = guest ] || cat "$KERNEL_CHANGES/config/check.config" >> "$obj/.config"
		cp "$obj/.config" "$obj/.config.base"
		say "build $([ ${#walk[@]} -eq 1 ] && echo "the top commit" || echo "every commit") with $cfg ($targets${llvm:+, LLVM=1}) in ${obj#"$KSTRING_ROOT"/}:"
		t_cfg=$(now)
		# A commit that built with this config and these targets has a
		# stamp (built_before).
		key="$(sha256sum < "$obj/.config.base" | cut -d' ' -f1) $targets${llvm:+ LLVM=1}"
		mkdir -p "$obj/built"
		for c in "${walk[@]}"; do
			built_before "$obj" "$c" "$key" && continue
			git -C "$work/linux" checkout -q --detach "$c"
			cp "$obj/.config.base" "$obj/.config"
			now t0
			ticker_start "$cfg" "$log"
			fortify=$obj/lib/test_fortify/test_fortify.log
			# check.config must land where this commit's Kconfig
			# has its symbols (a defconfig may turn off a menu they
			# are in), or the walk builds without what it checks.
			# shellcheck disable=SC2086	# ($targets: words)
			if ! kmake O="$obj" CC="ccache ${cross}$cc" olddefconfig > "$log" 2>&1; then
				printf '  %-60s OLDDEFCONFIG FAILS: %s\n' "${subject:0:60}" "${log#"$KSTRING_ROOT"/}"
				fails=$((fails + 1))
			elif [ "$name" != guest ] &&
				! "$KSTRING_ROOT/tools/stages/check-config.sh" --tree "$work/linux" \
					"$obj/.config" "$KERNEL_CHANGES/config/check.config" >> "$log" 2>&1; then
				printf '  %-60s CHECK.CONFIG DID NOT LAND: %s\n' "${subject:0:60}" "${log#"$KSTRING_ROOT"/}"
				grep 'requested' "$log" | sed 's/^[^ ]* /      /' | head -5
				fails=$((fails + 1))
			elif kmake O="$obj" CC="ccache ${cross}$cc" -j"$jobs" \
				$targets >> "$log" 2>&1; then
				printf '  %-60s builds (%ss)\n' "${subject:0:60}" "$(elapsed "$t0")"
				# kbuild reruns test_fortify when its inputs change
				# and only warns when a check fails.
				if [ -f "$fortify" ] && grep -q '^warning: unsafe' "$fortify"; then
					printf '  %-60s TEST_FORTIFY FAILS: %s\n' "" "${fortify#"$KSTRING_ROOT"/}"
					grep '^warning: unsafe' "$fortify" | sed 's/^/      /' | head -5
					fails=$((fails + 1))
				else
					echo "$key" > "$stamp"
				fi
			else
				printf '  %-60s BUILD FAILS: %s\n' "${subject:0:60}" "${log#"$KSTRING_ROOT"/}"
				grep -m5 'error\|undefined reference' "$log" | sed 's/^/      /'
				fails=$((fails + 1))
			fi
			ticker_stop
		done
		say "  $cfg: $([ ${#walk[@]} -eq 1 ] && echo "patch $last" || echo "patches $first-$last") built in $(elapsed "$t_cfg")s"
	done
fi
[ "$fails" -eq 0 ] || die "$fails problem(s) in the series"
say "check-series: all patches pass"
