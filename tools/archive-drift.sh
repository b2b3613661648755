#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# archive-drift.sh [VERSION... | all | N]: show that the series applies,
# builds and passes on each linux-source-6.1 version the Debian archive
# offers (apt-cache madison). Default: the two newest (DRIFT_VERSIONS= takes
# the same words as the arguments; N means the N newest).
#
# Per version, in build/drift/<ver>/ (its own BUILD):
#   fetch     apt-get download into build/drift/debs/ (checked against the
#             archive's SHA256), dpkg-deb -x into build/drift/<ver>/deb/;
#             nothing is installed
#   pipeline  tree, selftests, kernel, image, overlay, run: the Makefile's
#             stages, with KSRC_TARBALL pointing at that version's tarball
# The guest image is the main one (BUILD, or DRIFT_MAIN_BUILD=), verified
# once by tools/build-image.sh in build/drift/shared/ and hardlinked into
# each version; the kernel builds share the main ccache. A version that
# fails keeps its logs (build/drift/<ver>/logs) and results and does not
# stop the others. The drift trees are throwaway (FORCE=1): hack in
# build/linux, not there.
#
# Ends with a table, written to build/drift/report.txt and report.json;
# exits 0 when every version passed, 1 when one did not, 2 on a usage or
# setup error, 130 when interrupted.
. "$(dirname "$0")/lib.sh"

MAIN_BUILD=${DRIFT_MAIN_BUILD:-$BUILD}
DRIFT=${DRIFT_DIR:-$BUILD/drift}
DEBS=$DRIFT/debs
NICE=${DRIFT_NICE:-10}
TOOLS=${DRIFT_TOOLS:-$KSTRING_ROOT/tools}	# another set: the host test
STAGES=(tree selftests kernel image overlay run)

usage() {
	sed -n '4,7p' "$0" | sed 's/^# \{0,1\}//'
	exit "${1:-2}"
}

# archive_versions: every version apt knows, newest first.
archive_versions() {
	apt-cache madison "$KSRC_PKG" 2>/dev/null |
		awk -F'|' '{ gsub(/[ \t]/, "", $2); if ($2 != "") print $2 }' |
		sort -Vru
}

# pick WORD...: the versions to check, newest first.
pick() {
	local w avail=() want=()
	mapfile -t avail < <(archive_versions)
	[ ${#avail[@]} -gt 0 ] ||
		die "apt-cache madison $KSRC_PKG lists no version: run 'apt-get update'"
	for w in "$@"; do
		case $w in
		all) want+=("${avail[@]}") ;;
		[1-9]|[1-9][0-9]) want+=("${avail[@]:0:$w}") ;;
		*)
			printf '%s\n' "${avail[@]}" | grep -qxF -- "$w" ||
				die "$KSRC_PKG $w is not in the archive; it offers: ${avail[*]}"
			want+=("$w")
			;;
		esac
	done
	printf '%s\n' "${want[@]}" | sort -Vru
}

# fetch VER: the version's tarball in build/drift/<ver>/deb/, from a .deb
# in the cache (re-downloaded when it does not match the archive's hash).
fetch() {
	local ver=$1 vdir=$2 deb sum want
	deb=$DEBS/${KSRC_PKG}_${ver//:/%3a}_all.deb
	want=$(apt-cache show "$KSRC_PKG=$ver" 2>/dev/null |
		sed -n 's/^SHA256: //p' | head -n1)
	mkdir -p "$DEBS"
	if [ -f "$deb" ] && [ -n "$want" ] &&
	   [ "$(sha256sum < "$deb" | cut -d' ' -f1)" = "$want" ]; then
		echo "fetch: $(basename "$deb") cached"
	else
		rm -rf "$DEBS/.partial" && mkdir -p "$DEBS/.partial" || return 2
		echo "fetch: apt-get download $KSRC_PKG=$ver"
		(cd "$DEBS/.partial" && apt-get download -q "$KSRC_PKG=$ver") ||
			{ echo "apt-get download failed (stale lists? run 'apt-get update')"; return 2; }
		mv -f "$DEBS/.partial/$(basename "$deb")" "$deb" ||
			{ echo "apt-get download left no $(basename "$deb")"; return 2; }
		rmdir "$DEBS/.partial"
	fi
	sum=$(dpkg-deb -f "$deb" Package Version | awk '{ printf "%s ", $2 }')
	[ "$sum" = "$KSRC_PKG $ver " ] ||
		{ echo "$deb is '$sum', not '$KSRC_PKG $ver'"; return 2; }
	# deb/.source records which .deb it was extracted from.
	sum=$(sha256sum < "$deb" | cut -d' ' -f1)
	if ! stamp_ok "$vdir/deb/.source" "$sum"; then
		echo "fetch: dpkg-deb -x $(basename "$deb")"
		rm -rf "$vdir/deb" "$vdir/deb.new"
		dpkg-deb -x "$deb" "$vdir/deb.new" && mv "$vdir/deb.new" "$vdir/deb" ||
			{ echo "dpkg-deb -x $deb failed (disk full? df -h $DRIFT)"; return 2; }
		echo "$sum" > "$vdir/deb/.source"
	fi
	[ -f "$vdir/deb/usr/src/$KSRC_PKG.tar.xz" ] ||
		{ echo "$deb has no usr/src/$KSRC_PKG.tar.xz"; return 2; }
	echo "fetch: $vdir/deb/usr/src/$KSRC_PKG.tar.xz ($(du -m "$vdir/deb/usr/src/$KSRC_PKG.tar.xz" | cut -f1) MB)"
}

# shared_image: the main guest image, checked once. build-image.sh verifies
# its key and checksum (and rebuilds it here, never in the main BUILD).
shared_image() {
	local f
	mkdir -p "$DRIFT/shared/image"
	if [ ! -f "$DRIFT/shared/image/base.cpio" ] && [ -f "$MAIN_BUILD/image/base.key" ]; then
		for f in base.cpio base.key; do
			ln -f "$MAIN_BUILD/image/$f" "$DRIFT/shared/image/$f" 2>/dev/null ||
				cp -f "$MAIN_BUILD/image/$f" "$DRIFT/shared/image/$f"
		done
	fi
	BUILD=$DRIFT/shared TREE=$DRIFT/shared/linux nice -n "$NICE" \
		"$TOOLS/stage.sh" image "$TOOLS/build-image.sh"
}

# pipeline VER VDIR: the Makefile's stages in VDIR; the first failing one
# ends it. Prints "failed_stage=NAME" for the summary.
pipeline() {
	local ver=$1 vdir=$2 s f rc cmd
	mkdir -p "$vdir/image"
	for f in base.cpio base.key; do
		ln -f "$DRIFT/shared/image/$f" "$vdir/image/$f" 2>/dev/null ||
			cp -f "$DRIFT/shared/image/$f" "$vdir/image/$f"
	done
	# The KVM probe's answer holds for this host boot: share it.
	[ -f "$MAIN_BUILD/accel-probe" ] && [ ! -f "$vdir/accel-probe" ] &&
		cp "$MAIN_BUILD/accel-probe" "$vdir/"
	# base_dir makes ccache hash ../linux/... instead of this tree's
	# absolute path, so the versions share cache entries.
	for s in "${STAGES[@]}"; do
		case $s in
		tree) cmd=("$TOOLS/prepare-tree.sh") ;;
		selftests) cmd=("$TOOLS/sync-selftests.sh") ;;
		kernel) cmd=("$TOOLS/build-kernel.sh") ;;
		image) cmd=("$TOOLS/build-image.sh") ;;
		overlay) cmd=("$TOOLS/build-overlay.sh") ;;
		run) cmd=("$TOOLS/run.sh") ;;
		esac
		env -u KOBJ -u INITRD -u RUN_ID -u VARIANT -u NO_LATEST \
			BUILD="$vdir" TREE="$vdir/linux" FORCE=1 \
			KSRC_TARBALL="$vdir/deb/usr/src/$KSRC_PKG.tar.xz" KSRC_VERSION="$ver" \
			CCACHE_DIR="$MAIN_BUILD/ccache" CCACHE_BASEDIR="$vdir" \
			REUSE="${DRIFT_REUSE:-1}" \
			nice -n "$NICE" "$TOOLS/stage.sh" "$s" "${cmd[@]}"
		rc=$?
		if [ "$rc" -ne 0 ]; then
			echo "failed_stage=$s" > "$vdir/failed-stage"
			[ "$rc" -eq 130 ] && exit 130
			return 1
		fi
	done
	# The guest's verdict table (run_stage shows only the last line).
	sed -n '/^test  /,/^verdict:/p' "$vdir/logs/run.log" | sed 's/^/    /'
	rm -f "$vdir/failed-stage"
}

# summarize VER VDIR RC T0: VDIR/result.json from the logs and the run's
# summary.json (only one written since T0, or a passing run reused).
summarize() {
	python3 - "$@" <<'PY'
import json, os, re, sys
import time
ver, vdir, rc, t0 = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
secs = time.time() - t0

def read(p):
    try:
        with open(p, errors="replace") as f:
            return f.read()
    except OSError:
        return ""

logs = os.path.join(vdir, "logs")
failed = read(os.path.join(vdir, "failed-stage")).strip().partition("=")[2]
where = logs
order = ["fetch", "tree", "selftests", "kernel", "image", "overlay", "run"]
if rc != 0 and not failed:
    failed = "fetch"
    where = os.path.join(vdir, "fetch.log")
# How far it got: the index of the failing stage (those before it passed).
reached = order.index(failed) if failed in order else len(order)
if rc == 130:
    failed = "interrupted"
r = {"version": ver, "exit": rc, "failed_stage": failed or None,
     "seconds": round(secs), "dir": vdir, "logs": where}

# applies: the tree and selftests stages; the failing entry by name.
r["applies"] = None if reached < 1 else reached > 2
tree = read(os.path.join(logs, "tree.log"))
m = (re.search(r"error: kernel-changes/(\S+) does not apply[^;]*; failing file\(s\): ?(.*)", tree)
     or re.search(r"error: (generator) kernel-changes/(\S+) failed", tree))
if failed == "tree":
    if m and m.group(1) == "generator":
        r["failing_patch"], r["failing_files"] = m.group(2), ""
    elif m:
        r["failing_patch"], r["failing_files"] = m.group(1), m.group(2).strip()
    err = [l for l in tree.splitlines() if ": error: " in l]
    r["tree_error"] = (err or tree.strip().splitlines() or ["no tree log"])[-1]
# builds: kernel, image and overlay (modules_install, kselftest build).
r["builds"] = None if reached < 3 else reached > 5
if failed == "interrupted":	# the stage it stopped in says nothing
    if reached in (1, 2):
        r["applies"] = None
    if reached in (3, 4, 5):
        r["builds"] = None
r["kernel_release"] = read(os.path.join(vdir, "kernel/include/config/kernel.release")).strip() or None

# The guest: the run this pipeline made (or reused).
r["verdict"] = None
run = read(os.path.join(logs, "run.log"))
latest = os.path.join(vdir, "results/latest")
summary = os.path.join(latest, "summary.json")
reused = re.search(r"inputs unchanged since passing run (\S+)", run)
if (reached >= 6 and os.path.exists(summary)
        and (reused or os.path.getmtime(summary) >= t0)):
    s = json.load(open(summary))
    c = {"pass": 0, "fail": 0, "skip": 0}
    sub = {"pass": 0, "fail": 0, "skip": 0}
    for t in s["tests"]:
        o = t["outcome"]
        c["pass" if o in ("pass", "xfail") else "skip" if o == "skip" else "fail"] += 1
        for st in t.get("subtests", []):
            o = st.get("outcome", "")
            sub["pass" if o in ("pass", "xfail") else "skip" if o == "skip" else "fail"] += 1
    r.update(verdict=s["verdict"], tests=c, subtests=sub,
             reasons=s.get("reasons", []),
             run=os.path.realpath(latest),
             ksrc_version=s.get("meta", {}).get("ksrc_version"),
             changes_hash=s.get("meta", {}).get("changes_hash"),
             accel=s.get("vm", {}).get("accel"),
             guest_seconds=s.get("vm", {}).get("seconds"))
    r["reused_run"] = reused.group(1) if reused else None
# Stage times of this pass (build/drift/<ver>/timings, latest of each).
t = {}
for line in read(os.path.join(vdir, "timings")).splitlines():
    f = line.split()
    if len(f) == 3:
        t[f[1]] = float(f[2])
r["stage_seconds"] = t
with open(os.path.join(vdir, "result.json"), "w") as f:
    json.dump(r, f, indent=2)
PY
}

# report VDIR...: the table (stdout, report.txt) and report.json.
report() {
	python3 - "$DRIFT" "$@" <<'PY'
import json, os, subprocess, sys
drift, vdirs = sys.argv[1], sys.argv[2:]
rs = []
for d in vdirs:
    try:
        rs.append(json.load(open(os.path.join(d, "result.json"))))
    except (OSError, ValueError):
        rs.append({"version": os.path.basename(d), "exit": 130,
                   "failed_stage": "interrupted", "seconds": 0, "dir": d})

# Disk: each version's own blocks (the shared image counted once, first).
du = subprocess.run(["du", "-sm", os.path.join(drift, "shared")] + vdirs,
                    capture_output=True, text=True).stdout.splitlines()
mb = dict((l.split("\t", 1)[1], int(l.split("\t", 1)[0])) for l in du)
for r in rs:
    r["disk_mb"] = mb.get(r["dir"])

def yn(v):
    return "-" if v is None else "yes" if v else "NO"

def dur(s):
    s = int(s)
    return "%dm%02ds" % (s // 60, s % 60)

rows = [("version", "applies", "builds", "verdict", "tests p/f/s (sub)", "time", "disk")]
notes = []
for r in rs:
    ok = r.get("verdict") == "passed" and r["exit"] == 0
    v = r.get("verdict") or ("not run" if r.get("failed_stage") != "interrupted" else "interrupted")
    if r.get("reused_run"):
        v += " (reused)"
    t = r.get("tests")
    tests = ("%d/%d/%d (%d)" % (t["pass"], t["fail"], t["skip"],
             sum(r["subtests"].values())) if t else "-")
    applies = yn(r.get("applies"))
    if r.get("failing_patch"):
        applies = "NO: " + r["failing_patch"]
    rows.append((r["version"], applies, yn(r.get("builds")), v, tests,
                 dur(r["seconds"]), "%s MB" % r.get("disk_mb", "?")))
    if r.get("failed_stage") == "interrupted":
        notes.append("%s: interrupted; logs: %s" % (r["version"], r.get("logs", r["dir"])))
    elif not ok:
        why = r.get("tree_error") or "; ".join(r.get("reasons", [])[:3])
        notes.append("%s: failed at %s%s; logs: %s" % (
            r["version"], r.get("failed_stage") or "run",
            (": " + why) if why else "", r.get("logs", r["dir"])))
    else:
        notes.append("%s: results %s" % (r["version"], r.get("run")))
w = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
lines = ["  ".join(c.ljust(w[i]) for i, c in enumerate(row)).rstrip() for row in rows]
failed = sum(1 for r in rs if not (r.get("verdict") == "passed" and r["exit"] == 0))
lines.append("")
lines += notes
lines.append("drift: %d of %d versions passed" % (len(rs) - failed, len(rs)))
text = "\n".join(lines) + "\n"
sys.stdout.write(text)
with open(os.path.join(drift, "report.txt"), "w") as f:
    f.write(text)
with open(os.path.join(drift, "report.json"), "w") as f:
    json.dump({"versions": rs, "passed": len(rs) - failed, "failed": failed}, f, indent=2)
sys.exit(1 if failed else 0)
PY
}

case ${1:-} in -h|--help) usage 0 ;; esac
words=("$@")
[ ${#words[@]} -gt 0 ] || read -r -a words <<< "${DRIFT_VERSIONS:-2}"
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null ||
	die "apt-get and dpkg-deb are needed (a Debian host)"
versions=$(pick "${words[@]}") || exit 2
mapfile -t versions <<< "$versions"

mkdir -p "$DRIFT"
exec 9> "$DRIFT/.lock"
flock -n 9 || die "another archive-drift.sh holds $DRIFT/.lock"

say "drift: $KSRC_PKG ${versions[*]} (main build: $MAIN_BUILD; results in $DRIFT)"
"$TOOLS/deps.sh" || exit 2
shared_image || die "no usable guest image (see $DRIFT/shared/logs/image.log)"

# Ctrl-C: the stage stops (run_stage), then the report of what ran.
interrupted=0
trap 'interrupted=1' INT TERM
vdirs=()
for ver in "${versions[@]}"; do
	vdir=$DRIFT/${ver//:/_}
	vdirs+=("$vdir")
	mkdir -p "$vdir"
	rm -f "$vdir/result.json" "$vdir/failed-stage"
	say ""
	say "=== $KSRC_PKG $ver ==="
	t0=$(now)
	(
		fetch "$ver" "$vdir" 2>&1 | tee "$vdir/fetch.log" | sed -u 's/^/    /'
		[ "${PIPESTATUS[0]}" -eq 0 ] || exit 1
		pipeline "$ver" "$vdir"
	) 2>&1 | tee "$vdir/drift.log"
	rc=${PIPESTATUS[0]}
	[ "$interrupted" = 1 ] && rc=130
	summarize "$ver" "$vdir" "$rc" "$t0" ||
		warn "$ver: could not summarize (see $vdir/drift.log)"
	if [ "$rc" -eq 130 ] || [ "$interrupted" = 1 ]; then
		warn "interrupted"
		break
	fi
done

say ""
report "${vdirs[@]}"
rc=$?
[ "$interrupted" = 1 ] && exit 130
exit "$rc"
