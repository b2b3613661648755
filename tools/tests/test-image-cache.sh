#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/stages/image.sh with a stand-in mkosi: the image is built once,
# reused while mkosi.conf is unchanged, and rebuilt (not booted) when the
# cached file no longer matches its recorded checksum or mkosi fails.
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BUILD=$tmp/build
mkdir -p "$tmp/bin"
# The stand-in writes a cpio with usr/lib/systemd/systemd to --output=
# and counts its calls; FAKE_MKOSI_FAIL=1 makes it fail.
cat > "$tmp/bin/mkosi" <<'EOM'
#!/bin/bash
[ "$1" = --version ] && { echo "mkosi 14 (fake)"; exit 0; }
echo call >> "$FAKE_MKOSI_CALLS"
[ "${FAKE_MKOSI_FAIL:-0}" = 1 ] && { echo "fake mkosi: failure" >&2; exit 1; }
out=${1#--output=}
d=$(mktemp -d)
mkdir -p "$d/usr/lib/systemd" && echo fake > "$d/usr/lib/systemd/systemd"
(cd "$d" && find usr | cpio -o -H newc --quiet) > "$out"
rm -rf "$d"
EOM
chmod +x "$tmp/bin/mkosi"
export PATH=$tmp/bin:$PATH FAKE_MKOSI_CALLS=$tmp/calls
img=$BUILD/image/base.cpio
. "$(dirname "$0")/tap.sh"
calls() { grep -c . "$FAKE_MKOSI_CALLS" 2>/dev/null || echo 0; }
echo "TAP version 13"
echo "1..6"
"$here/../stages/image.sh" >/dev/null 2>&1
check "first build runs mkosi" "[ \$(calls) -eq 1 ] && [ -s '$img' ]"
"$here/../stages/image.sh" >/dev/null 2>&1
check "unchanged inputs: no rebuild" "[ \$(calls) -eq 1 ]"
truncate -s 100 "$img"
out=$("$here/../stages/image.sh" 2>&1)
check "a truncated cached image is detected" "grep -q 'does not match its recorded checksum' <<< \"\$out\""
check "... and rebuilt" "[ \$(calls) -eq 2 ] && cpio -it < '$img' 2>/dev/null | grep -qx usr/lib/systemd/systemd"
echo x >> "$img"
FAKE_MKOSI_FAIL=1 "$here/../stages/image.sh" >/dev/null 2>&1
rc=$?
check "a failing mkosi fails the stage" "[ $rc -ne 0 ]"
check "... and drops the stamp, so that image is never reused" "[ ! -f '$BUILD/stamps/image.key' ]"
[ "$fails" -eq 0 ]
