#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make watch: boot the guest once, keep it, and rerun what each save
# touches, judged like make run (tools/results: the same table and exit
# codes), each round in <root>/results/<session>-watch/<round>/.
#   a save under selftests/COL/: selftests/ synced into the tree, kselftest
#       reinstalled into the guest's share, and the kselftests of COL that
#       the file is (X.sh) or that name it (a vector file, a helper, a
#       program's source) run again; all of COL when none names it
#   a test module's source in build/linux (a .c built as a .ko): that
#       module rebuilt, replaced in the guest and unloaded, and the
#       kselftests that name it run again; no reboot
#   any other change in build/linux: kernel and overlay rebuilt, reboot,
#       and every test of the boot round again
# The guest side is tools/guest/watch-agent; the share, build/watch/share,
# is virtio-9p. Ctrl-C ends QEMU and removes the share; results stay.
# WATCH_ROUNDS=N ends after N rounds (host tests, make bench-loop).
. "$(dirname "$0")/../lib.sh"

need_tools inotifywait flock
obj=$KOBJ
share=$BUILD/watch/share
collections=$KSFT_TARGETS
round_timeout=$TIMEOUT
export PROFILE
[ -f "$obj/initrd.cpio" ] || die "no initrd in $obj: run 'make overlay'"

mkdir -p "$BUILD/watch"
exec 9> "$BUILD/watch/lock"
flock -n 9 || die "another make watch is running (build/watch/lock)"

session=$RESULTS/$(run_time)-watch${VARIANT:+-$VARIANT}
mkdir -p "$session"
# Each judged round, for the scripts that drive a session
# (tools/lib/guest.sh's watch_wait): "N VERDICT SECONDS RUNDIR".
: > "$WATCH_ROUNDS_FILE"
qpid='' ipid='' rounds=0 boots=0 console=''

stop_guest() {
	[ -n "$qpid" ] || return 0
	kill -- "-$qpid" 2>/dev/null
	wait "$qpid" 2>/dev/null
	qpid=''
}
cleanup() {
	[ -n "$ipid" ] && kill "$ipid" 2>/dev/null
	stop_guest
	rm -rf "$share"
	say "watch: ended after $rounds rounds; results in ${session#"$KSTRING_ROOT"/}/"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# stage NAME SCRIPT: a pipeline stage (tools/lib.sh's run_stage), then
# this script's own signal handling back.
stage() {
	run_stage "$1" "$KSTRING_ROOT/tools/$2"
	local rc=$?
	trap 'exit 130' INT TERM
	return "$rc"
}

# install_selftests: selftests/ into the tree, kselftest built and
# installed into the share (swapped in whole: the guest is idle).
install_selftests() {
	"$KSTRING_ROOT/tools/stages/selftests.sh" > "$session/sync-selftests.log" 2>&1 ||
		{ warn "syncing selftests/ failed: see $session/sync-selftests.log"; return 1; }
	rm -rf "$share/kselftest.new"
	( ksft_install "$share/kselftest.new" "$BUILD/watch/ksft-build" "$collections" ) ||
		return 1
	rm -rf "$share/kselftest"
	mv "$share/kselftest.new" "$share/kselftest"
}

# boot: a guest that serves the share; its rounds wait in requests/ until
# it is up. Test modules rebuilt earlier in the session stay in modules/.
boot() {
	stop_guest
	boots=$((boots + 1))
	console=$session/console-$boots.log
	rm -rf "$share/requests" "$share/rounds" "$share/ready"
	mkdir -p "$share/requests" "$share/rounds" "$share/modules"
	set -m
	"$KSTRING_ROOT/tools/run/guest.sh" watch "$share" "$console" \
		> "$session/qemu-$boots.log" 2>&1 &
	qpid=$!
	set +m
	say "watch: booting the guest ($PROFILE profile; console ${console#"$KSTRING_ROOT"/})"
}

# kselftests COLLECTION: the kselftests of COLLECTION in the share.
kselftests() { grep "^$1:" "$share/kselftest/kselftest-list.txt" 2>/dev/null; }

# affected PATH...: the kselftests a change of selftests/PATH touches.
affected() {
	local p col name stem found
	for p; do
		col=${p%%/*} name=${p##*/}
		stem=${name%.c}
		found=$(kselftests "$col" | grep -Fx "$col:$name")
		[ -n "$found" ] || found=$(kselftests "$col" | while IFS=: read -r c t; do
			grep -qw -- "$stem" "$share/kselftest/$c/$t" && echo "$c:$t"
		done)
		[ -n "$found" ] || found=$(kselftests "$col")
		printf '%s\n' "$found"
	done
}

# naming MODULE: the kselftests of the collections that name MODULE.
naming() {
	local c t
	for c in $collections; do
		kselftests "$c" | while IFS=: read -r c t; do
			grep -qw -- "$1" "$share/kselftest/$c/$t" && echo "$c:$t"
		done
	done
}

# in_list_order: the kselftests named on stdin, each once, in the order
# kselftest lists them, comma-separated.
in_list_order() {
	grep -Fx -f - "$share/kselftest/kselftest-list.txt" | paste -sd,
}

# round TESTS MODULES WHAT T0: one round in the guest (the kselftests
# TESTS, comma-separated, after reloading MODULES), judged in a run
# directory of its own; T0 is when the change was saved (or make watch
# started: the boot round).
round() {
	local tests=$1 modules=$2 what=$3 t0=$4 since=save dir out offset rc status code secs accel verdict
	rounds=$((rounds + 1))
	dir=$session/$(run_time)-r$rounds
	out=$share/rounds/$rounds
	mkdir -p "$dir"
	# A tree that is no longer the series makes the round an
	# infrastructure error (its tests still run: the guest is up).
	local untested=0
	TESTS=$tests write_run_info "$dir" 2> "$dir/not-tested.log" ||
		{ untested=1; cat "$dir/not-tested.log" >&2; }
	offset=$(stat -c %s "$console" 2>/dev/null || echo 0)
	printf 'tests %s\nreload %s\n' "$tests" "$modules" > "$share/requests/.$rounds"
	mv "$share/requests/.$rounds" "$share/requests/$rounds"
	[ "$what" = boot ] && since=start
	say "watch: round $rounds ($what): ${tests//,/ }"
	status=''
	until [ -f "$out/done" ]; do
		if ! kill -0 "$qpid" 2>/dev/null; then
			wait "$qpid"
			rc=$?
			qpid=''
			read -r status code < <(vm_status "$rc" "$console")
			break
		fi
		if [ "$(elapsed "$t0" | cut -d. -f1)" -ge "$round_timeout" ]; then
			stop_guest
			rc=124 status=hung
			break
		fi
		sleep 0.1
	done
	: "${status:=finished}" "${rc:=85}"
	cp "$out/tap.log" "$out/dmesg.log" "$dir/" 2>/dev/null
	tail -c +"$((offset + 1))" "$console" > "$dir/console.log" 2>/dev/null
	accel=$(sed -n 's/.*accelerator \([a-z]*\) .*/\1/p' "$session/qemu-$boots.log")
	secs=$(elapsed "$t0")
	printf 'status=%s\nqemu_rc=%s\naccel=%s\nseconds=%s\ntimeout=%s\n' \
		"$status" "$rc" "$accel" "$secs" "$round_timeout" > "$dir/qemu.env"
	[ "$untested" = 1 ] && printf 'status=not-tested\nreason=%s\n' \
		"$(sed -n 's/^[^:]*: error: //p' "$dir/not-tested.log" | head -n 1)" >> "$dir/qemu.env"
	python3 "$KSTRING_ROOT/tools/results" verdict "$dir"
	code=$?
	verdict=$(sed -n 's/.*"verdict": "\([a-z-]*\)".*/\1/p' "$dir/summary.json")
	say "watch: round $rounds: $verdict, ${secs}s after the $since; ${dir#"$KSTRING_ROOT"/}"
	echo "$rounds ${verdict:-none} $secs $dir" >> "$WATCH_ROUNDS_FILE"
	[ "$status" = finished ] ||
		say "watch: the guest is down ($status); the next save boots it again"
	if [ -n "${WATCH_ROUNDS:-}" ] && [ "$rounds" -ge "$WATCH_ROUNDS" ]; then
		exit "$code"	# the last round's verdict
	fi
}

# module_of PATH: the module that the tree's PATH (a .c) is built into on
# its own, if any.
module_of() {
	[[ $1 == *.c ]] && [ -f "$obj/${1%.c}.ko" ] || return 1
	local name=${1##*/}
	name=${name%.c}
	echo "${name//-/_}"
}

# ignored EVENTS PATH: true for what is not a save of a source: editors'
# swap and backup files, directories, and files gone again that were
# never more than a temporary (sed -i's, an editor's: created, then
# renamed over the real file).
ignored() {
	case ${2##*/} in
	.*|*~|*.swp|*.swx|4913|'') return 0 ;;
	esac
	[ -d "$2" ] && return 0
	[ -e "$2" ] && return 1
	case $1 in
	*DELETE*) ;;
	*) return 0 ;;
	esac
	# A deleted file: a change only if it was the tree's (or selftests/').
	case $2 in
	"$TREE"/*) ! git -C "$TREE" ls-files --error-unmatch -- "${2#"$TREE"/}" > /dev/null 2>&1 ;;
	*) return 1 ;;
	esac
}

# changed T0 EVENT...: one round for a batch of inotify events ("EVENTS
# PATH" lines), each path judged by its last event.
changed() {
	local t0=$1 e p rel m sel=() mods=() mpaths=() kern=() tests=()
	shift
	while read -r e p; do
		ignored "$e" "$p" && continue
		case $p in
		"$SELFTESTS_SRC"/*) sel+=("${p#"$SELFTESTS_SRC"/}") ;;
		"$TREE"/*)
			rel=${p#"$TREE"/}
			if m=$(module_of "$rel"); then
				mods+=("$m") mpaths+=("$rel")
			else
				kern+=("$rel")
			fi
			;;
		esac
	done < <(printf '%s\n' "$@" | awk '{ p = substr($0, index($0, " ") + 1)
		if (!(p in last)) order[++n] = p; last[p] = $0 }
		END { for (i = 1; i <= n; i++) print last[order[i]] }')
	if [ ${#kern[@]} -gt 0 ]; then
		say "watch: kernel source changed (${kern[*]:0:3}): rebuilding, then a reboot"
		stage kernel stages/kernel.sh && stage overlay stages/overlay.sh &&
			install_selftests || { say "watch: fix it and save again"; return; }
		boot
		round "$(kselftests_default | in_list_order)" "" "reboot" "$t0"
		return
	fi
	if [ ${#sel[@]} -gt 0 ]; then
		install_selftests || { say "watch: fix it and save again"; return; }
		mapfile -t -O "${#tests[@]}" tests < <(affected "${sel[@]}")
	fi
	for m in "${!mods[@]}"; do
		say "watch: rebuilding ${mpaths[m]%.c}.ko"
		kbuild "${mpaths[m]%.c}.ko" > "$session/module.log" 2>&1 || {
			tail -n 15 "$session/module.log" | sed 's/^/    | /' >&2
			say "watch: the build of ${mpaths[m]%.c}.ko failed (above; $session/module.log): fix it and save again"
			return
		}
		cp "$obj/${mpaths[m]%.c}.ko" "$share/modules/${mods[m]}.ko"
		# A single-module build leaves kbuild's module lists partial:
		# the next make kernel must run kbuild whole again.
		stamp_drop "$KERNEL_STAMP"
		mapfile -t -O "${#tests[@]}" tests < <(naming "${mods[m]}")
	done
	[ ${#tests[@]} -gt 0 ] || { say "watch: no kselftest of $collections is affected"; return; }
	[ -n "$qpid" ] || boot
	round "$(printf '%s\n' "${tests[@]}" | in_list_order)" "${mods[*]}" "$(echo "${sel[@]}" "${mpaths[@]}")" "$t0"
}

# kselftests_default: what a boot runs (TESTS=, else the collections).
kselftests_default() {
	local c
	if [ -n "${TESTS:-}" ]; then
		tr ',' '\n' <<< "$TESTS"
	else
		for c in $collections; do kselftests "$c"; done
	fi
}

# Saves under selftests/ and the tree (not its .git, not the selftests the
# sync writes into it), as they come.
exec {events}< <(exec inotifywait -m -r -e close_write,moved_to,create,delete \
	--exclude "^$TREE/(\.git|tools/testing/selftests)(/|$)" --format '%e %w%f' \
	"$SELFTESTS_SRC" "$TREE" 2> "$session/inotify.log")
ipid=$!
until grep -q 'Watches established' "$session/inotify.log"; do
	kill -0 "$ipid" 2>/dev/null ||
		die "inotifywait failed: $(tail -n 3 "$session/inotify.log")"
	sleep 0.2
done

mkdir -p "$share"
install_selftests || exit 2
boot
round "$(kselftests_default | in_list_order)" "" "boot" "$(now)"
while :; do
	say "watch: waiting for saves under selftests/ and build/linux (Ctrl-C ends)"
	read -r -u "$events" path ||
		die "inotifywait ended: $(tail -n 3 "$session/inotify.log")"
	t0=$(now)
	batch=("$path")
	# The rest of the save (editors write more than one file).
	while read -r -t 0.3 -u "$events" path; do batch+=("$path"); done
	changed "$t0" "${batch[@]}"
done
