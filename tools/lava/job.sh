#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make lava-job: write a LAVA job for the built guest into
# build/lava/<id>/: job.yaml (tools/lava/job-qemu.yaml filled in), the
# kernel and initramfs it names, with their checksums in the job and in
# SHA256SUMS. Prints the directory. Honours what `make run` honours
# (TESTS, KSFT_TARGETS, EXTRA_TESTS, KSFT_TIMEOUT, PROFILE, KERNEL_ARGS,
# TIMEOUT, MEM, SMP, SANITIZE=1 through KOBJ) and
#   LAVA_ARTIFACT_URL  where the lab fetches the artifacts from (the
#                      directory's files, uploaded as they are); default
#                      file:// of the directory, for a local lava-run
#   ACCEL              tcg: the job asks for no KVM (no_kvm, -cpu max);
#                      default: the probe's answer for a local job, KVM
#                      for a lab's
#   LAVA_JOB_ID        the directory's name (default: a UTC timestamp)
. "$(dirname "$0")/../lib.sh"

obj=$KOBJ
kernel=$KERNEL_IMAGE
initrd=$INITRD
[ -f "$kernel" ] || die "no kernel at $kernel: run 'make kernel'"
[ -f "$initrd" ] || die "no initrd at $initrd: run 'make overlay'"
# A job names what it tests, from the products: never a kernel that is
# not the series' (tools/run/tested-series.sh says why, and exits 2).
series=$("$KSTRING_ROOT/tools/run/tested-series.sh" --kernel) || exit 2

id=$(RUN_ID=${LAVA_JOB_ID:-} new_run_id)
dir=$BUILD/lava/$id
mkdir -p "$dir"
# Hard links when build/ is one file system: the initramfs is large.
for f in "$kernel" "$initrd"; do
	ln -f "$f" "$dir/" 2>/dev/null || cp "$f" "$dir/" ||
		die "cannot copy $f into $dir"
done
(cd "$dir" && sha256sum bzImage initrd.cpio > SHA256SUMS)
url=${LAVA_ARTIFACT_URL:-file://$dir}
accel=${ACCEL:-}
if [ -z "$accel" ] && [ -z "${LAVA_ARTIFACT_URL:-}" ]; then
	accel=$("$KSTRING_ROOT/tools/run/probe-accel.sh" "$kernel" | head -n 1)
fi
no_kvm= cpu=
if [ "$accel" = tcg ]; then
	no_kvm='  no_kvm: true\n'
	cpu='  - -cpu max\n'
fi
# The run's timeout bounds both the wait for the results and the job
# (plus the deploy, the boot and the power-off).
run_timeout=$TIMEOUT
# This host's TSC rate (guest_cmdline, under TCG) means nothing on a
# lab's worker: only a local job gets it.
host=$accel
[ -n "${LAVA_ARTIFACT_URL:-}" ] && host=lab
cmdline="$(guest_cmdline "$host") systemd.unit=kstring-run.target"
cmdline+=" kstring.console=lava $(guest_tests)"
# The kernel the job runs: Debian's source package and version, and the
# build's release.
version=$(cat "$TREE/.git/kstring-ksrc-version" 2>/dev/null || echo unknown)
release=$(kernel_release)
[ -n "$release" ] || release=unknown
# (Without the characters the YAML quotes and sed's replacement keep.)
yaml_safe() { tr -d "\\\\'|&"; }
image=$(bzimage_version "$kernel" | yaml_safe)
series_line="$(grep -c . <<< "$series") commits, id $(cut -d' ' -f2- <<< "$series" |
	sha256sum | cut -c1-16), head: $(tail -n 1 <<< "$series" | cut -d' ' -f3- | yaml_safe)"
tree=$KSRC_PKG
config="${BASE_CONFIG:-tinyconfig} + kernel-changes/config fragments"
if [ -n "${KSTRING_KERNEL:-}" ]; then	# KERNEL=: what was given
	given() { sed -n "s/^$1=//p" "$KOBJ/source.env" | head -n 1; }
	tree=$(given kernel_package)
	[ -n "$tree" ] || tree=$(given kernel_input)
	version=$(given kernel_package_version)
	series_line="unknown: a kernel given as KERNEL= ($(given kernel_input) $(given kernel_input_path | yaml_safe))"
	config=$(given kernel_config_source | yaml_safe)
fi
tests=${TESTS:-$KSFT_TARGETS}${EXTRA_TESTS:+,$EXTRA_TESTS}
sed -e "s|@JOB_NAME@|kstring kselftest $tests ($PROFILE) on $tree $version, $id|" \
	-e "s|@KSRC_PKG@|$tree|" -e "s|@KSRC_VERSION@|$version|" \
	-e "s|@KERNEL_RELEASE@|$release|" -e "s|@PROFILE@|$PROFILE|" \
	-e "s|@KERNEL_IMAGE@|${image:-unknown}|" -e "s|@SERIES@|$series_line|" \
	-e "s|@KERNEL_CONFIG@|$config|" \
	-e "s|@TESTS@|$tests|" \
	-e "s|@MEMORY@|$MEM|" -e "s|@SMP@|$SMP|" \
	-e "s|@NO_KVM@|$no_kvm|" -e "s|@CPU@|$cpu|" \
	-e "s|@RUN_TIMEOUT@|$run_timeout|g" \
	-e "s|@JOB_TIMEOUT@|$((run_timeout + 600))|" \
	-e "s|@URL@|$url|g" \
	-e "s|@KERNEL_SHA256@|$(awk '$2 == "bzImage" { print $1 }' "$dir/SHA256SUMS")|" \
	-e "s|@INITRD_SHA256@|$(awk '$2 == "initrd.cpio" { print $1 }' "$dir/SHA256SUMS")|" \
	-e "s|@CMDLINE@|$cmdline|" \
	"$KSTRING_ROOT/tools/lava/job-qemu.yaml" > "$dir/job.yaml" ||
	die "cannot write $dir/job.yaml"
! grep -n '@[A-Z_0-9]*@' "$dir/job.yaml" ||
	die "tools/lava/job-qemu.yaml has a field lava/job.sh does not fill"
echo "$dir"
