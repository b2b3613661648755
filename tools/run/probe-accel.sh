#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run/probe-accel.sh KERNEL: print the accelerator to use, "kvm" or "tcg", and
# on a second line why. With ACCEL=kvm or ACCEL=tcg that choice is taken
# as is. Otherwise KVM is used only if /dev/kvm is usable AND the kernel
# really boots under it: on some hosts the KVM API answers but a Linux
# guest aborts at once or hangs in the decompressor. The probe boots
# KERNEL without an initrd until it panics (panic=-1 + -no-reboot end
# QEMU) and wants "Linux version" on the console within PROBE_SECONDS.
# The answer is cached per host boot and QEMU binary in build/accel-probe
# (build/accel-probe-qemu-system-i386 for `make ARCH=i386`'s QEMU=).
. "$(dirname "$0")/../lib.sh"

kernel=$1
qemu=$QEMU
case ${ACCEL:-auto} in
kvm|tcg) printf '%s\nACCEL=%s given\n' "$ACCEL" "$ACCEL"; exit 0 ;;
auto) ;;
*) die "ACCEL=$ACCEL: want auto, kvm or tcg" ;;
esac
if [ ! -w /dev/kvm ]; then
	printf 'tcg\n/dev/kvm not present or not writable\n'
	exit 0
fi

cache=$BUILD/accel-probe
[ "${qemu##*/}" = qemu-system-x86_64 ] || cache+=-${qemu##*/}
key="$(cat /proc/sys/kernel/random/boot_id) $(command -v "$qemu") $(stat -c %Y "$(command -v "$qemu")" 2>/dev/null)"
if [ -f "$cache" ] && [ "$(head -n1 "$cache")" = "$key" ]; then
	tail -n +2 "$cache"
	exit 0
fi

log=$(mktemp)
# In a subshell whose stderr is dropped: a QEMU that aborts would
# otherwise have bash print an "Aborted" job message here.
rc=$( { timeout -k 2 "${PROBE_SECONDS:-15}" "$qemu" -accel kvm -cpu host \
	-m 256 -nodefaults -display none -no-reboot -kernel "$kernel" \
	-append "console=ttyS0 panic=-1" -serial "file:$log" \
	>/dev/null 2>"$log.err"; echo $?; } 2>/dev/null )
if grep -q "Linux version" "$log"; then
	result=$(printf 'kvm\nKVM boots a guest here (probe: %s)' "$(grep -m1 -o 'Linux version [^ ]*' "$log")")
elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	result=$(printf 'tcg\nKVM present but broken: the probe guest printed nothing in %ss; using TCG' "${PROBE_SECONDS:-15}")
else
	result=$(printf 'tcg\nKVM present but broken: QEMU exited %d (%s); using TCG' "$rc" "$(head -c 200 "$log.err" | tr '\n' ' ')")
fi
rm -f "$log" "$log.err"
mkdir -p "$BUILD"
printf '%s\n%s\n' "$key" "$result" > "$cache"
printf '%s\n' "$result"
