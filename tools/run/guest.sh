#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run/guest.sh test RUNDIR   boot the guest, run kselftest, keep the evidence
# run/guest.sh shell         boot the guest with a root shell on this terminal
# run/guest.sh watch SHARE CONSOLE
#                            boot the guest that serves make watch's rounds
#                            from the directory SHARE (tools/run/watch.sh)
#
# test mode writes into RUNDIR: console.log (ttyS0), tap.log (ttyS1, the
# runner's TAP), dmesg.log (ttyS2, the guest's dmesg at the end) and
# qemu.env (how the VM ended, the accelerator, the guest time). It exits:
#   0 the runner finished (the TAP says what passed)
#   3 the guest panicked or reset    4 the guest hung (TIMEOUT seconds)
#   2 infrastructure: QEMU failed or the runner could not start
. "$(dirname "$0")/../lib.sh"

mode=$1
rundir=${2:-}
obj=$KOBJ
kernel=$KERNEL_IMAGE
initrd=$INITRD
qemu=$QEMU	# `make ARCH=i386`: qemu-system-i386
timeout=$TIMEOUT

[ -f "$kernel" ] || die "no kernel at $kernel: run 'make kernel'"
[ -f "$initrd" ] || die "no initrd at $initrd: run 'make overlay'"
command -v "$qemu" >/dev/null || die "$qemu not found: run 'make deps'"

{ read -r accel; read -r accel_note; } < <("$KSTRING_ROOT/tools/run/probe-accel.sh" "$kernel")
[ -n "$accel" ] || die "accelerator probe failed"
say "guest: ${qemu##*/}, accelerator $accel ($accel_note)"
cpu=max
[ "$accel" = kvm ] && cpu=host

cmdline=$(guest_cmdline "$accel")
qemu_args=(-machine pc -accel "$accel" -cpu "$cpu" -smp "$SMP"
	-m "$MEM" -nodefaults -display none -no-reboot
	-kernel "$kernel" -initrd "$initrd"
	-device isa-debug-exit,iobase=0xf4,iosize=0x04)

if [ "$mode" = shell ]; then
	say "guest: root shell on this terminal; 'exit' ends the VM (Ctrl-a x kills it)"
	"$qemu" "${qemu_args[@]}" \
		-append "$cmdline systemd.wants=kstring-shell.service quiet ${KERNEL_ARGS:-}" \
		-chardev stdio,id=console,mux=on,signal=off -serial chardev:console \
		-mon chardev=console
	rc=$?
	[ "$rc" -eq 85 ] && exit 0	# the shell ended, the VM with it
	die "QEMU exited $rc"
fi
if [ "$mode" = watch ]; then
	# The host shares SHARE as virtio-9p "kstring"; the guest keeps
	# serving until the host ends QEMU: no timeout here, make watch keeps
	# one a round.
	[ -d "$rundir" ] && [ -n "${3:-}" ] || die "usage: run/guest.sh watch SHARE CONSOLE"
	exec "$qemu" "${qemu_args[@]}" \
		-append "$cmdline systemd.unit=kstring-run.target kstring.watch=kstring kstring.profile=$PROFILE${KERNEL_ARGS:+ $KERNEL_ARGS}" \
		-virtfs local,path="$rundir",mount_tag=kstring,security_model=none,id=kstring \
		-chardev file,id=console,path="$3" -serial chardev:console
fi
[ "$mode" = test ] && [ -n "$rundir" ] || die "usage: run/guest.sh test RUNDIR | shell | watch SHARE CONSOLE"

mkdir -p "$rundir"
# make COVERAGE=1: ttyS3 carries the guest's gcov data (tools/guest/run-tests)
gcov_port=()
[ "${COVERAGE:-}" = 1 ] &&
	gcov_port=(-chardev file,id=gcov,path="$rundir/gcov.b64" -serial chardev:gcov)
t0=$(now)
timeout -k 5 "$timeout" "$qemu" "${qemu_args[@]}" \
	-append "$cmdline systemd.unit=kstring-run.target $(guest_tests)" \
	-chardev file,id=console,path="$rundir/console.log" -serial chardev:console \
	-chardev file,id=tap,path="$rundir/tap.log" -serial chardev:tap \
	-chardev file,id=klog,path="$rundir/dmesg.log" -serial chardev:klog \
	"${gcov_port[@]}" > "$rundir/qemu.log" 2>&1 &
pid=$!
# The TAP's last line, or the console's before the tests start.
last_line() {
	tail -n 1 "$rundir/tap.log" 2>/dev/null | grep . ||
		tail -n 1 "$rundir/console.log" 2>/dev/null
}
watch_progress "$pid" guest last_line
wait "$pid"
rc=$?
secs=$(elapsed "$t0")

read -r status code < <(vm_status "$rc" "$rundir/console.log")
cat > "$rundir/qemu.env" <<EOT
status=$status
qemu_rc=$rc
accel=$accel
accel_note=$accel_note
seconds=$secs
timeout=$timeout
EOT
case $status in
finished) say "guest: finished in ${secs}s" ;;
hung) say "guest: HUNG: no verdict within ${timeout}s (raise TIMEOUT=); console: $rundir/console.log" ;;
panic) say "guest: PANIC after ${secs}s; console: $rundir/console.log" ;;
reset) say "guest: the VM reset or powered off without a verdict after ${secs}s; console: $rundir/console.log" ;;
runner-error) say "guest: the runner could not start kselftest; console: $rundir/console.log" ;;
*) say "guest: QEMU failed (exit $rc): $(head -c 300 "$rundir/qemu.log")" ;;
esac
record_timing boot "$secs"
exit "$code"
