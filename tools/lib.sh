# SPDX-License-Identifier: GPL-2.0
#
# Shared helpers for the tools/ scripts: paths, messages, content keys and
# a stage runner that keeps a log and shows progress on long stages.
# Sourced, never run.

KSTRING_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Stamps and products are named after these paths: a relative one (a
# TREE=build/linux-6.12 left in the user's shell) would name another
# stamp for the same tree, so it is refused before anything is touched.
for _v in BUILD TREE KOBJ INITRD IMAGE_DIR OVERLAY_DIR KERNEL_CHANGES \
	  SELFTESTS_SRC LOGS_DIR TIMINGS_FILE; do
	case ${!_v:-/} in
	/*) ;;
	*) printf '%s: error: %s=%s (from the environment) is a relative path; products and stamps are named after absolute paths: unset %s (make and the variants set it) or give an absolute one\n' \
		"${0##*/}" "$_v" "${!_v}" "$_v" >&2
	   exit 2 ;;
	esac
done
unset _v
BUILD=${BUILD:-$KSTRING_ROOT/build}
TREE=${TREE:-$BUILD/linux}
# A variant's stage logs and times (`make ARCH=i386` sets these).
LOGS=${LOGS_DIR:-$BUILD/logs}
TIMINGS=${TIMINGS_FILE:-$BUILD/timings}
# The series and the selftest sources (overridable for the harness tests).
CHANGES=${KERNEL_CHANGES:-$KSTRING_ROOT/kernel-changes}
SELFTESTS=${SELFTESTS_SRC:-$KSTRING_ROOT/selftests}
# Debian's source package; KSRC_TARBALL= points at another tree (QA option).
KSRC_PKG=${KSRC_PKG:-linux-source-6.1}
KSRC_TARBALL=${KSRC_TARBALL:-/usr/src/$KSRC_PKG.tar.xz}
# Every default of the pipeline's products and options, here only: make
# passes its variables (README "Options") and a variant's
# (tools/variants/*.mk) through the environment.
OBJ=${KOBJ:-$BUILD/kernel}		# the kernel build
INITRD=${INITRD:-$OBJ/initrd.cpio}	# base image + overlay
IMAGE=${IMAGE_DIR:-$BUILD/image}	# the base image (mkosi)
OVERLAY=${OVERLAY_DIR:-$BUILD/overlay}
RESULTS=$BUILD/results
# make ... KERNEL=PATH (KSTRING_KERNEL here): the kernel under test is an
# input (tools/stages/kernel-input.sh unpacks it); its modules, overlay
# and initrd live in a directory of its own.
if [ -n "${KSTRING_KERNEL:-}" ]; then
	KERNEL_INPUT_DIR=$BUILD/kernel-input/$(basename "${KSTRING_KERNEL%/}" .deb)-$(printf %s "$KSTRING_KERNEL" | sha256sum | cut -c1-8)
	OBJ=$KERNEL_INPUT_DIR
	OVERLAY=$KERNEL_INPUT_DIR/overlay
	INITRD=$KERNEL_INPUT_DIR/initrd.cpio
	KERNEL_IMAGE=$KERNEL_INPUT_DIR/bzImage
else
	KERNEL_IMAGE=$OBJ/arch/x86/boot/bzImage
fi
QEMU=${QEMU:-qemu-system-x86_64}
KSFT_TARGETS=${KSFT_TARGETS:-lib}	# the kselftest collections
TIMEOUT=${TIMEOUT:-900}			# seconds before a guest counts as hung
JOBS=${JOBS:-$(($(nproc) + 1))}
PROFILE=${PROFILE:-quick}		# tools/guest/profiles (qa, test: full)
MEM=${MEM:-1024}			# the guest's RAM (MB) and CPUs
SMP=${SMP:-2}
RESULTS_LATEST=${RESULTS_LATEST:-latest}	# the variant's link to its last run
SERIES_DIR=${SERIES_DIR:-$BUILD/series}	# make series' output
# The negative control (tools/qa/negative-control.sh): the tests whose
# failure it injects, by these module parameters, and what it expects.
INJECT_TESTS=${INJECT_TESTS:-lib:strscpy.sh,lib:parse_integer.sh,lib:parse_integer_stress.sh,lib:kmod_loop.sh}
INJECT_ARGS=${INJECT_ARGS:-test_strscpy.inject_failure=1 test_parse_integer.inject_failure=1}
INJECT_EXPECT=${INJECT_EXPECT:-$KSTRING_ROOT/tools/qa/negative-control.expect}

say() { printf '%s\n' "$*"; }
warn() { printf '%s: warning: %s\n' "${0##*/}" "$*" >&2; }
die() { printf '%s: error: %s\n' "${0##*/}" "$*" >&2; exit "${DIE_CODE:-2}"; }

# key_of FILE... : one hash over the names and contents of the given files.
key_of() {
	local f
	for f in "$@"; do
		printf '%s\n' "${f#"$KSTRING_ROOT"/}"
		if [ -f "$f" ]; then sha256sum < "$f"; else echo missing; fi
	done | sha256sum | cut -d' ' -f1
}

# A tree's own versions of selftests/ files: kernel-changes/6.12/selftests/
# (none for the default tree).
SELFTESTS_TREE=$CHANGES/selftests

# selftests_key: the key of selftests/, the tree's own versions of its
# files and the message of their commit.
selftests_key() {
	local files own=()
	mapfile -t files < <(cd "$SELFTESTS" && find . -type f | sort)
	[ -d "$SELFTESTS_TREE" ] &&
		mapfile -t own < <(find "$SELFTESTS_TREE" -type f | sort)
	(cd "$SELFTESTS" && key_of "$CHANGES/selftests.msg" "${files[@]}" "${own[@]}")
}

# Stamps: build/stamps/NAME.key records the key of the inputs a stage's
# product was made from (a stage skips its work while its key matches).
# The names: each product's path under build/: linux (the tree; linux-6.12)
# and linux-selftests, kernel (kernel-sanitize, kernel-i386), image
# (image-i386), kernel-initrd.cpio (...).
STAMPS=$BUILD/stamps
stamp_name() { local p=${1#"$BUILD"/}; p=${p#/}; echo "${p//\//-}"; }
TREE_STAMP=$(stamp_name "$TREE")
SELFTESTS_STAMP=$TREE_STAMP-selftests
KERNEL_STAMP=$(stamp_name "$OBJ")
IMAGE_STAMP=$(stamp_name "$IMAGE")
INITRD_STAMP=$(stamp_name "$INITRD")

# stamp_key NAME: the key NAME's stamp records (empty when none).
stamp_key() { head -n 1 "$STAMPS/$1.key" 2>/dev/null; }

# stamp_field NAME FIELD: the value of a "FIELD=VALUE" line of NAME's
# stamp: what the stage made (a commit, a checksum), so that "up to date"
# checks the product and not only the inputs.
stamp_field() { sed -n "s/^$2=//p" "$STAMPS/$1.key" 2>/dev/null | head -n 1; }

# stamp_ok NAME KEY: true when NAME's stamp records KEY.
stamp_ok() { [ -n "$2" ] && [ "$(stamp_key "$1")" = "$2" ]; }

# stamp_done NAME KEY [LINE...]: record KEY (and more lines) as NAME's.
stamp_done() {
	local name=$1
	shift
	mkdir -p "$STAMPS" && printf '%s\n' "$@" > "$STAMPS/$name.key"
}

# stamp_drop NAME...: forget the stamps: the stages rebuild.
stamp_drop() {
	local n
	for n; do rm -f "$STAMPS/$n.key"; done
}

# git_busy DIR: print the git operation under way in DIR (an am, rebase,
# merge, cherry-pick, revert or bisect) and succeed; fail when none is.
git_busy() {
	local f
	for f in rebase-apply:am/rebase rebase-merge:rebase MERGE_HEAD:merge \
		 CHERRY_PICK_HEAD:cherry-pick REVERT_HEAD:revert BISECT_LOG:bisect; do
		[ -e "$1/.git/${f%%:*}" ] && { echo "${f#*:}"; return 0; }
	done
	return 1
}

# Each commit of tools/stages/selftests.sh carries this trailer.
SELFTESTS_MARK="Kselftest-Source: selftests/"

# kernel_source_commit: the tree's last commit outside
# tools/testing/selftests (what the kernel is built from).
kernel_source_commit() {
	git -C "$TREE" log -1 --format=%H -- . ':(exclude)tools/testing/selftests'
}

# kernel_release: the release (uname -r) of the kernel under test.
kernel_release() {
	cat "$OBJ/include/config/kernel.release" "$OBJ/release" 2>/dev/null | head -n 1
}

# kernel_products_sum: one checksum of the kernel build's products: the
# bzImage and every module.
kernel_products_sum() {
	(cd "$OBJ" && { echo arch/x86/boot/bzImage; find . -name '*.ko' | LC_ALL=C sort; } |
		xargs -r sha256sum 2>/dev/null) | sha256sum | cut -d' ' -f1
}

# need_tools CMD...: fail naming every CMD that is not on PATH.
need_tools() {
	local c missing=()
	for c in "$@"; do
		command -v "$c" >/dev/null || missing+=("$c")
	done
	[ ${#missing[@]} -eq 0 ] ||
		die "${missing[*]} not found: run 'make deps' (tools/deb-packages)"
}

# free_mb PATH: megabytes free on the file system of PATH (or of its
# nearest existing parent).
free_mb() {
	local p=$1
	until [ -e "$p" ]; do p=$(dirname "$p"); done
	df -Pm "$p" | awk 'NR == 2 { print $4 }'
}

# full_message PATH [MB]: what to say when the disk under PATH is full
# (MB free if measured already).
full_message() {
	printf 'build/ is full: %s MB free at %s; free space or set BUILD= to a larger disk' \
		"${2:-$(free_mb "$1")}" "$1"
}

# need_space MB PATH WHAT: fail fast, before writing anything, unless the
# file system of PATH has MB megabytes free for WHAT.
need_space() {
	local free
	free=$(free_mb "$2")
	[ -z "$free" ] || [ "$free" -ge "$1" ] ||
		die "$(full_message "$2" "$free") ($3 needs about $1 MB)"
}

# now: seconds since the epoch, with fractions.
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# watch_progress PID LABEL SHOW: until PID ends, every PROGRESS_EVERY
# seconds (15) print how long it has run and the line the function SHOW
# prints (the last line of its log, say).
watch_progress() {
	local pid=$1 label=$2 show=$3 t0 tick=0
	t0=$(now)
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1
		tick=$((tick + 1))
		if [ $((tick % ${PROGRESS_EVERY:-15})) -eq 0 ]; then
			printf '    %s: %ss: %s\n' "$label" "$(elapsed "$t0")" \
				"$("$show" | tr -cd '[:print:]' | cut -c1-90)"
		fi
	done
}

# record_timing STAGE SECONDS: appended to build/timings for the summary.
record_timing() {
	mkdir -p "$(dirname "$TIMINGS")"
	printf '%s %s %s\n' "$(date +%s)" "$1" "$2" >> "$TIMINGS"
}

# stage_failed NAME: record in build/logs/failed-stage that the stage
# NAME failed (make drift reads it; a later success of NAME removes it).
stage_failed() { mkdir -p "$LOGS" && echo "$1" > "$LOGS/failed-stage"; }

# run_stage NAME CMD...: run CMD with its output in build/logs/NAME.log.
# Every PROGRESS_EVERY seconds it prints the elapsed time and the log's
# last line; on failure it prints the log's tail and where the log is, and
# says so plainly when the log shows that a disk filled up.
run_stage() {
	local name=$1 log pid rc t0 tick=0 free
	shift
	mkdir -p "$LOGS"
	log=$LOGS/$name.log
	t0=$(now)
	say "==> $name"
	# In a process group of its own: Ctrl-C (or a TERM) is passed on to
	# the whole stage, so no make or compiler is left running. It is
	# passed on as SIGTERM, which make handles like SIGINT (partial
	# targets removed): a shell started in the background, as CI may
	# start us, ignores SIGINT, and so does everything it runs.
	set -m
	"$@" < /dev/null > "$log" 2>&1 &
	pid=$!
	set +m
	trap 'kill -TERM -- "-$pid" 2>/dev/null; wait "$pid" 2>/dev/null; exit 130' INT TERM
	while kill -0 "$pid" 2>/dev/null; do
		sleep 0.2
		tick=$((tick + 1))
		if [ $((tick % (5 * ${PROGRESS_EVERY:-30}))) -eq 0 ]; then
			printf '    %s: %ss elapsed: %s\n' "$name" "$(elapsed "$t0")" \
				"$(tail -n 1 "$log" | cut -c1-100)"
		fi
	done
	wait "$pid"
	rc=$?
	trap - INT TERM
	if [ "$rc" -ne 0 ]; then
		tail -n "${FAIL_TAIL:-25}" "$log" | sed 's/^/    | /' >&2
		# The log itself may be cut short when build/ filled up.
		free=$(free_mb "$BUILD")
		if { grep -q 'No space left on device' "$log" || [ "${free:-16}" -lt 16 ]; } &&
		   ! grep -q 'build/ is full' "$log"; then
			printf '%s: out of disk space: %s\n' "$name" "$(full_message "$BUILD" "$free")" >&2
		fi
		printf '%s: FAILED (exit %d) after %ss; full log: %s\n' \
			"$name" "$rc" "$(elapsed "$t0")" "$log" >&2
		stage_failed "$name"
		return "$rc"
	fi
	[ "$(cat "$LOGS/failed-stage" 2>/dev/null)" = "$name" ] && rm -f "$LOGS/failed-stage"
	record_timing "$name" "$(elapsed "$t0")"
	say "    $(tail -n 1 "$log" | cut -c1-120)"
	say "    $name: done in $(elapsed "$t0")s (log: ${log#"$KSTRING_ROOT"/})"
}

# kbuild ARG...: make in the kernel tree for the build directory KOBJ,
# with the compiler and the reproducible build stamps of every kernel
# build here (tools/stages/kernel.sh, and make watch's module rebuilds).
kbuild() {
	local cc=gcc
	command -v ccache >/dev/null && cc="ccache gcc"
	CCACHE_DIR=${CCACHE_DIR:-$BUILD/ccache} \
	KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-2015-05-01} \
	KBUILD_BUILD_USER=kstring KBUILD_BUILD_HOST=guest \
		make -C "$TREE" O="$OBJ" CC="$cc" "$@"
}

# ksft_install DEST OBJDIR TARGETS: build kselftest's TARGETS (a list)
# in OBJDIR, outside the tree, and install them into DEST; for an i386
# guest with KSFT_CROSS_COMPILE's compiler. Its output goes to
# OBJDIR.log.
ksft_install() {
	local cross=${KSFT_CROSS_COMPILE:-}
	mkdir -p "$2"
	make -s -C "$TREE/tools/testing/selftests" BUILD="$2" \
		${cross:+CROSS_COMPILE="$cross"} TARGETS="$3" \
		KSFT_INSTALL_PATH="$1" install > "$2.log" 2>&1 ||
		die "kselftest install failed: see $2.log"
}

# vm_status RC CONSOLE: "STATUS CODE" for a guest whose QEMU exited with
# RC (tools/guest/run-tests ends the VM through isa-debug-exit; timeout(1)
# kills a hung one) and wrote CONSOLE; CODE is make run's exit code.
vm_status() {
	case $1 in
	85) echo finished 0 ;;
	87) echo runner-error 2 ;;
	124|137) echo hung 4 ;;
	0)
		if grep -q "Kernel panic" "$2" 2>/dev/null; then
			echo panic 3
		else
			echo reset 3
		fi
		;;
	*) echo qemu-error 2 ;;
	esac
}

# watch_wait OUT N PID: wait until the make watch PID, printing to OUT,
# has judged N rounds (tools/run/watch.sh); false if it ended first.
watch_wait() {
	until [ "$(grep -c '^watch: round [0-9]*: [a-z-]*, [0-9.]*s after' "$1")" -ge "$2" ]; do
		kill -0 "$3" 2>/dev/null || return 1
		sleep 0.1
	done
}

# watch_round_dir OUT N: the run directory of make watch's round N.
watch_round_dir() {
	sed -n "s|^watch: round $2: .*; \(.*\)\$|$KSTRING_ROOT/\1|p" "$1"
}

# guest_cmdline ACCEL: the guest kernel's command line before the test
# selection (tools/run/guest.sh and the LAVA job, tools/lava/job.sh).
guest_cmdline() {
	local cmdline unit tsc_khz
	# mem= is the guest's RAM.
	cmdline="console=ttyS0,115200 rdinit=/usr/lib/systemd/systemd panic=-1"
	cmdline+=" loglevel=5 mem=${MEM}M"
	# Under TCG the guest's TSC is the host's, but calibrating it
	# against the emulated PIT fails or comes out wrong when the host is
	# busy, and guest time (kselftest's timeouts) then runs at the wrong
	# rate. Give it the host's TSC rate instead, when the host knows it
	# (tsc_known_freq).
	if [ "$1" = tcg ] && grep -qw tsc_known_freq /proc/cpuinfo; then
		tsc_khz=$(awk -F: '/^cpu MHz/ { printf "%d", $2 * 1000; exit }' /proc/cpuinfo)
		[ -n "$tsc_khz" ] && cmdline+=" tsc_early_khz=$tsc_khz tsc=reliable"
	fi
	# Units the tests do not need and that cost seconds under TCG
	# (resolved crash-loops without a network; the timers and gettys
	# are for real hosts).
	for unit in serial-getty@ttyS0.service getty@tty1.service \
		systemd-resolved.service systemd-timesyncd.service e2scrub_reap.service \
		apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer \
		e2scrub_all.timer fstrim.timer; do
		cmdline+=" systemd.mask=$unit"
	done
	printf '%s\n' "$cmdline"
}

# guest_tests: the kernel command line's test selection, from TESTS,
# KSFT_TARGETS, EXTRA_TESTS, KSFT_TIMEOUT, PROFILE and KERNEL_ARGS
# (tools/guest/run-tests reads the kstring.* words).
guest_tests() {
	local sel="kstring.collections=$KSFT_TARGETS"
	[ -n "${TESTS:-}" ] && sel="kstring.tests=$TESTS"
	[ -n "${EXTRA_TESTS:-}" ] && sel+=" kstring.tests=$EXTRA_TESTS"
	[ -n "${KSFT_TIMEOUT:-}" ] && sel+=" kstring.timeout=$KSFT_TIMEOUT"
	sel+=" kstring.profile=$PROFILE"
	printf '%s\n' "$sel${KERNEL_ARGS:+ $KERNEL_ARGS}"
}

# bzimage_version FILE: the version string a bzImage carries (its setup
# header's kernel_version), as the boot loader shows it.
bzimage_version() {
	local off
	off=$(od -An -tu2 -j 526 -N 2 "$1" 2>/dev/null | tr -d ' ')
	[ -n "$off" ] && [ "$(head -c 518 "$1" | tail -c 4)" = HdrS ] || return 0
	tail -c +$((off + 512 + 1)) "$1" | head -c 256 | tr '\0' '\n' | head -n 1
}

# write_run_info RUNDIR [--kernel]: what a run tests, from the products:
# the series applied in the tree, checked against kernel-changes/series
# (series.txt; tools/run/tested-series.sh, which --kernel is passed to:
# the kernel built from that tree), and meta.env (kernel, compiler,
# source, series, variant, profile, tests); the latest time of each build
# stage (timings.env), for the summary and kcidb.json. Returns 2, the
# reason on stderr, when the tree is not the series.
# patchset_info: for KCIDB's checkout, the tree's commits on top of the
# import as KCIDB hashes a patchset (the sha256 of each patch's sha256,
# a line each, in order; each patch as `git format-patch --zero-commit`
# writes it), and when the tree got its last commit.
# (Kept in the tree's .git per HEAD: seconds of format-patch a run.)
patchset_info() {
	local c head cache=$TREE/.git/kstring-patchset
	head=$(git -C "$TREE" rev-parse HEAD 2>/dev/null) || return 0
	if [ "$(cut -d' ' -f1 "$cache" 2>/dev/null)" != "$head" ]; then
		echo "$head $(git -C "$TREE" rev-list --reverse pristine..HEAD |
			while read -r c; do
				git -C "$TREE" format-patch --zero-commit --no-signature \
					--stdout -1 "$c" | sha256sum | cut -c1-64
			done | sha256sum | cut -c1-64)" > "$cache"
	fi
	printf 'patchset_hash=%s\n' "$(cut -d' ' -f2 "$cache")"
	printf 'tree_time=%s\n' "$(TZ=UTC git -C "$TREE" log -1 --date=format-local:%FT%TZ --format=%cd)"
}

write_run_info() {
	local obj=$OBJ changes
	"$KSTRING_ROOT/tools/run/tested-series.sh" ${2:+"$2"} > "$1/series.txt" ||
		return 2
	changes=$(cd "$KSTRING_ROOT" && find kernel-changes selftests -type f |
		LC_ALL=C sort | xargs cat | sha256sum | cut -c1-16)
	cat > "$1/meta.env" <<-EOT
	kernel_release=$(kernel_release)
	kernel_image=$(bzimage_version "$KERNEL_IMAGE")
	kernel_sha256=$(sha256sum < "$KERNEL_IMAGE" 2>/dev/null | cut -d' ' -f1)
	compiler=$(sed -n 's/^#define LINUX_COMPILER[[:space:]]*"\(.*\)"$/\1/p' "$obj/include/generated/compile.h" 2>/dev/null)
	ksrc_package=$KSRC_PKG
	ksrc_version=$(cat "$TREE/.git/kstring-ksrc-version" 2>/dev/null)
	tree_head=$(git -C "$TREE" rev-parse --short HEAD 2>/dev/null)
	tree_dirty=$(git -C "$TREE" status --porcelain -- . ':(exclude)tools/testing/selftests' 2>/dev/null | grep -c .)
	$([ -s "$1/series.txt" ] && printf 'series_commits=%s\nseries_id=%s\nseries_head=%s\n' \
		"$(grep -c . "$1/series.txt")" \
		"$(cut -d' ' -f2- "$1/series.txt" | sha256sum | cut -c1-16)" \
		"$(tail -n 1 "$1/series.txt" | cut -d' ' -f3-)")
	changes_hash=$changes
	variant=${VARIANT:-default}
	$(if [ -n "${KSTRING_KERNEL:-}" ]; then cat "$OBJ/source.env"; else
		printf 'kernel_input=built\nkernel_config_source=%s\n' "${BASE_CONFIG:-tinyconfig} + kernel-changes/config fragments"
		patchset_info; fi)
	kernel_build_time=$(stamp_field "$KERNEL_STAMP" started)
	kernel_build_seconds=$(stamp_field "$KERNEL_STAMP" seconds)
	$(cp "$obj/.config" "$1/kernel.config" 2>/dev/null && echo kernel_config=kernel.config)
	profile=$PROFILE
	tests=${TESTS:-$KSFT_TARGETS}${EXTRA_TESTS:+,$EXTRA_TESTS}
	EOT
	[ -f "$TIMINGS" ] && awk '{ t[$2] = $3 } END { for (s in t) print s "=" t[s] }' \
		"$TIMINGS" | sort > "$1/timings.env"
	return 0
}
