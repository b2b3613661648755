# SPDX-License-Identifier: GPL-2.0
#
# tools/lib.sh, part: the guest: its command line, its exit status, make watch's rounds.
# Sourced by tools/lib.sh, never run.

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

# make watch's judged rounds, a line each: "N VERDICT SECONDS RUNDIR"
# (tools/run/watch.sh empties it when a session starts; a script that
# starts one removes it first, so that it never reads the last session's).
WATCH_ROUNDS_FILE=$BUILD/watch/rounds

# watch_wait N PID: wait until the make watch PID has judged N rounds;
# false if it ended first.
watch_wait() {
	until [ -f "$WATCH_ROUNDS_FILE" ] &&
	      [ "$(grep -c . "$WATCH_ROUNDS_FILE")" -ge "$1" ]; do
		kill -0 "$2" 2>/dev/null || return 1
		sleep 0.1
	done
}

# watch_round_dir N, watch_round_verdict N: round N's run directory and
# verdict.
watch_round_dir() { awk -v n="$1" '$1 == n { print $4 }' "$WATCH_ROUNDS_FILE"; }
watch_round_verdict() { awk -v n="$1" '$1 == n { print $2 }' "$WATCH_ROUNDS_FILE"; }

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
