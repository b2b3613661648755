#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run/build-failed.sh LOG STARTED SECONDS: a kernel build that failed is a
# result too. Keeps <root>/results/<id>-build-failed/ with the build's log
# (build.log), meta.env and a kcidb.json whose build has status FAIL
# (tools/results build-failed), so a dashboard sees the failure instead of
# a missing build. Called by tools/stages/kernel.sh; prints the directory.
. "$(dirname "$0")/../lib.sh"

log=$1 started=$2 seconds=$3
run_id=$(run_time)${VARIANT:+-$VARIANT}-build-failed
rundir=$RESULTS/$run_id
mkdir -p "$rundir" || exit 1
cp "$log" "$rundir/build.log" 2>/dev/null || : > "$rundir/build.log"
write_run_info "$rundir" > /dev/null 2>&1
# (write_run_info records the last good build; this one is the failure.)
sed -i -e '/^kernel_release=\|^kernel_image=\|^kernel_sha256=\|^kernel_build_/d' "$rundir/meta.env"
printf 'kernel_build_time=%s\nkernel_build_seconds=%s\n' "$started" "$seconds" >> "$rundir/meta.env"
python3 "$KSTRING_ROOT/tools/results" build-failed "$rundir" > /dev/null ||
	exit 1
echo "$rundir"
