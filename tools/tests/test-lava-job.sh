#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/lava/job.sh against golden jobs (tools/tests/fixtures/lava/): a
# lab's default job, and a TCG negative-control job with the options make
# run honours, and one for a kernel given as KERNEL=. Where lava-dispatcher is installed, every job also passes
# the schema lava-server checks a submission against. UPDATE_GOLDEN=1
# rewrites the golden files.
here=$(cd "$(dirname "$0")" && pwd)
golden=$here/fixtures/lava
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tap.sh"
# Stand-ins for the tree, the kernel and the initramfs: a fake series
# prepared as make tree does, and a kernel "built" from it.
. "$here/fake-source.sh"
test_git_identity
fake_source "$tmp/fake"
"$here/../stages/tree.sh" > "$tmp/tree.out" 2>&1 &&
	"$here/../stages/selftests.sh" >> "$tmp/tree.out" 2>&1 ||
	echo "# preparing the fake tree failed: $(tail -n 1 "$tmp/tree.out")"
export BUILD=$tmp/build KOBJ=$tmp/kobj
fake_kernel
echo initrd > "$tmp/kobj/initrd.cpio"

# job NAME VAR=VALUE...: write job NAME with those settings.
job() {
	local name=$1
	shift
	env -u TESTS -u KSFT_TARGETS -u EXTRA_TESTS -u KSFT_TIMEOUT -u PROFILE \
		-u KERNEL_ARGS -u TIMEOUT -u MEM -u SMP -u ACCEL -u VARIANT \
		BUILD="$tmp/build" KOBJ="$tmp/kobj" LAVA_JOB_ID="$name" \
		LAVA_ARTIFACT_URL=https://lab.example.org/kstring/$name "$@" \
		"$here/../lava/job.sh" > "$tmp/$name.out" 2>&1
}

# A kernel given as KERNEL=: what tools/stages/kernel-input.sh leaves
# for a .deb (its image, release, source and stamp) and the overlay's
# initramfs, in the directory lib.sh names after the path.
deb=$tmp/linux-image-6.1.0-99-amd64_6.1.999-1_amd64.deb
input=$(KSTRING_KERNEL=$deb VARIANT=input BUILD=$tmp/build bash -c '. "$0/../lib.sh"; echo "$KOBJ"' "$here")
mkdir -p "$input"
echo "Debian's kernel" > "$input/bzImage"
echo "Debian's initramfs and overlay" > "$input/initrd.cpio"
echo 6.1.0-99-amd64 > "$input/release"
printf '%s\n' kernel_input=deb "kernel_input_path=$deb" \
	kernel_package=linux-image-6.1.0-99-amd64 kernel_package_version=6.1.999-1 \
	"kernel_config_source=/boot/config-6.1.0-99-amd64 (linux-image-6.1.0-99-amd64 6.1.999-1)" \
	> "$input/source.env"
(KSTRING_KERNEL=$deb VARIANT=input BUILD=$tmp/build . "$here/../lib.sh" && stamp_done "$KERNEL_STAMP" key \
	"products=$(sha256sum < "$input/bzImage" | cut -d' ' -f1)")
sha() { sha256sum < "$1" | cut -d' ' -f1; }

echo "TAP version 13"
echo "1..13"
job lab
check "a lab's default job is written" "[ -f '$tmp/build/lava/lab/job.yaml' ]"
job lab-tcg-inject ACCEL=tcg PROFILE=quick TIMEOUT=3600 KSFT_TIMEOUT=1500 \
	TESTS=lib:strscpy.sh,lib:parse_integer.sh \
	KERNEL_ARGS="test_strscpy.inject_failure=1 test_parse_integer.inject_failure=1"
check "a TCG negative-control job is written" "[ -f '$tmp/build/lava/lab-tcg-inject/job.yaml' ]"
for name in lab lab-tcg-inject; do
	[ "${UPDATE_GOLDEN:-0}" = 1 ] && cp "$tmp/build/lava/$name/job.yaml" "$golden/job-$name.yaml"
	check "job $name is the golden one" "diff -u '$golden/job-$name.yaml' '$tmp/build/lava/$name/job.yaml'"
done
check "the artifacts' checksums are in SHA256SUMS" \
	"(cd '$tmp/build/lava/lab' && sha256sum --quiet -c SHA256SUMS)"
check "a missing kernel is an error that names make kernel" \
	"! job nokernel KOBJ='$tmp/none' && grep -q \"run 'make kernel'\" '$tmp/nokernel.out'"
check "the lab's job has no host TSC rate" "! grep -q tsc_early_khz '$tmp/build/lava/lab/job.yaml'"
git -C "$TREE" reset -q --hard HEAD~2
check "no job for a tree that is not the series: exit 2, naming the missing entry" \
	"job truncated; [ \$? -eq 2 ] && grep -q 'entry 2, generate gen.sh gen.msg, is missing' '$tmp/truncated.out' && [ ! -e '$tmp/build/lava/truncated/job.yaml' ]"
git -C "$TREE" reset -q --hard ORIG_HEAD
job given KSTRING_KERNEL="$deb" VARIANT=input
given=$tmp/build/lava/given/job.yaml
check "KERNEL=.deb: the job's kernel is that .deb's, its initramfs the input's overlay" \
	"grep -q \"sha256sum: \$(sha '$input/bzImage')\" '$given' && grep -q \"sha256sum: \$(sha '$input/initrd.cpio')\" '$given' && cmp -s '$input/bzImage' '$tmp/build/lava/given/bzImage'"
check "... and its metadata names the package and its config" \
	"grep -q 'kernel.tree: linux-image-6.1.0-99-amd64' '$given' && grep -q \"kernel.version: '6.1.999-1'\" '$given' && grep -q \"kernel.release: '6.1.0-99-amd64'\" '$given' && grep -q 'kernel.config: .*/boot/config-6.1.0-99-amd64' '$given'"
echo changed > "$input/bzImage"
check "... and a kernel changed since it was unpacked gets no job" \
	"! job changed KSTRING_KERNEL='$deb' VARIANT=input && grep -q 'missing or changed' '$tmp/changed.out'"
if /usr/bin/python3 -c 'import lava_common.schemas' 2>/dev/null; then
	for name in lab lab-tcg-inject; do
		check "job $name passes LAVA's submission schema" \
			"/usr/bin/python3 -c 'import sys, yaml; from lava_common.schemas import validate; validate(yaml.safe_load(open(sys.argv[1])), strict=True)' '$tmp/build/lava/$name/job.yaml'"
	done
else
	echo "ok 12 - # SKIP LAVA's schema: lava-dispatcher is not installed (make lava-deps)"
	echo "ok 13 - # SKIP LAVA's schema: lava-dispatcher is not installed (make lava-deps)"
fi
[ "$fails" -eq 0 ]
