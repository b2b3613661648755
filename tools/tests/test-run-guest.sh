#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Harness faults, with tools/tests/fake-qemu standing in for QEMU: a guest
# that panics, one that hangs, a KVM that is present but broken, and a QEMU
# that fails must each end with their own exit code, within the timeout,
# with the console kept.
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/kernel/arch/x86/boot"
: > "$tmp/kernel/arch/x86/boot/bzImage"
: > "$tmp/initrd"
export BUILD=$tmp/build KOBJ=$tmp/kernel INITRD=$tmp/initrd
export QEMU=$here/fake-qemu PROBE_SECONDS=2 PROGRESS_EVERY=1000
n=0 fails=0

check() {	# check NAME CONDITION...
	n=$((n + 1))
	local name=$1
	shift
	if "$@"; then echo "ok $n - $name"; else echo "not ok $n - $name"; fails=$((fails + 1)); fi
}

# scenario NAME FAKE_QEMU ACCEL TIMEOUT: run it, leave rc, secs and dir.
scenario() {
	dir=$tmp/$1
	rm -f "$BUILD"/accel-probe*
	local t0=$SECONDS
	FAKE_QEMU=$2 ACCEL=$3 TIMEOUT=$4 "$here/../run/guest.sh" test "$dir" > "$dir.out" 2>&1
	rc=$?
	secs=$((SECONDS - t0))
}

echo "TAP version 13"
echo "1..14"
scenario finish finish tcg 20
check "finished guest: exit 0" [ "$rc" -eq 0 ]
check "finished guest: status recorded" grep -qx status=finished "$dir/qemu.env"

scenario panic panic tcg 20
check "panicking guest: exit 3" [ "$rc" -eq 3 ]
check "panicking guest: console kept" grep -q "Kernel panic" "$dir/console.log"
check "panicking guest: status panic" grep -qx status=panic "$dir/qemu.env"

scenario hang hang tcg 3
check "hung guest: exit 4" [ "$rc" -eq 4 ]
check "hung guest: ended within the timeout (+kill grace)" [ "$secs" -le 10 ]
check "hung guest: console kept" grep -q "Linux version" "$dir/console.log"

scenario abort abort tcg 20
check "QEMU failure: exit 2 (infrastructure)" [ "$rc" -eq 2 ]

if [ -w /dev/kvm ]; then
	scenario kvm silent-kvm auto 20
	check "broken KVM: fell back to TCG and finished" [ "$rc" -eq 0 ]
	check "broken KVM: accelerator recorded as tcg" grep -qx accel=tcg "$dir/qemu.env"
	check "broken KVM: said so" grep -q "KVM present but broken" "$dir.out"
else
	for s in 1 2 3; do n=$((n + 1)); echo "ok $n - broken KVM # SKIP no /dev/kvm"; done
fi
scenario forced finish kvm 20
check "ACCEL=kvm is honoured without probing" grep -qx accel=kvm "$dir/qemu.env"
check "the results module maps a hung run to exit 4" \
	bash -c "'$here/../bin/python3' '$here/../results' verdict '$tmp/hang' >/dev/null; [ \$? -eq 4 ]"
[ "$fails" -eq 0 ]
