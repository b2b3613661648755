#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# lava/lab.sh start|stop: a LAVA lab on this machine, for make
# lava-submit's own check (tools/qa/lava-lab-check.sh): lava-server
# (PostgreSQL, gunicorn, the scheduler) and a lava-worker with one QEMU
# device, from Debian's packages (tools/deb-packages-lab), every socket
# on 127.0.0.1. No systemd here: each daemon runs the command its unit
# runs and is stopped by its PID. A plain HTTP server on 127.0.0.1:8090
# serves build/lava/ as the lab's artifact store. State, logs and the
# lab's API address (with its token) in build/lava-lab/; start prints
# the make command that submits to it. Root only (packages, daemons).
. "$(dirname "$0")/../lib.sh"

lab=$BUILD/lava-lab
server=127.0.0.1:8000
artifacts=127.0.0.1:8090
user=labadmin worker=kstring-worker device=kstring-qemu-01
pg=15

# daemon NAME CMD...: start CMD in the background unless NAME runs.
daemon() {
	local name=$1
	shift
	if kill -0 "$(cat "$lab/$name.pid" 2>/dev/null)" 2>/dev/null; then
		return 0
	fi
	setsid "$@" >> "$lab/$name.log" 2>&1 < /dev/null &
	echo $! > "$lab/$name.pid"
}

# wait_for WHAT CMD...: CMD succeeds within 60 s, or die.
wait_for() {
	local what=$1 i
	shift
	for i in $(seq 60); do
		"$@" > /dev/null 2>&1 && return 0
		sleep 1
	done
	die "$what did not come up in 60 s (logs in ${lab#"$KSTRING_ROOT"/}/)"
}

manage() { lava-server manage "$@"; }

stop() {
	local p
	for p in "$lab"/*.pid; do
		[ -f "$p" ] || continue
		kill -TERM -- "-$(cat "$p")" 2>/dev/null || kill "$(cat "$p")" 2>/dev/null
		rm -f "$p"
	done
	# PostgreSQL only if the lab started it: it may serve others.
	if [ -f "$lab/pg-started" ]; then
		pg_ctlcluster "$pg" main stop 2>/dev/null
		rm -f "$lab/pg-started"
	fi
	say "lab: stopped"
}

start() {
	[ "$(id -u)" -eq 0 ] || die "the lab needs root (packages, PostgreSQL, lava-worker)"
	mkdir -p "$lab"
	# PostgreSQL first: lava-server's postinst creates its database.
	DEB_PACKAGES_FILE=$KSTRING_ROOT/tools/deb-packages-lab "$KSTRING_ROOT/tools/deps.sh" postgresql ||
		exit 2
	if ! pg_ctlcluster "$pg" main status > /dev/null 2>&1; then
		pg_ctlcluster "$pg" main start && touch "$lab/pg-started" ||
			die "PostgreSQL $pg did not start"
	fi
	DEB_PACKAGES_FILE=$KSTRING_ROOT/tools/deb-packages-lab "$KSTRING_ROOT/tools/deps.sh" || exit 2

	daemon gunicorn gunicorn3 lava_server.wsgi -u lavaserver -g lavaserver \
		--worker-class eventlet --workers 2 --bind "$server"
	daemon scheduler lava-server manage lava-scheduler --level INFO
	wait_for "lava-server on $server" curl -sf "http://$server/api/v0.2/"

	if ! manage users list 2>/dev/null | grep -qw "$user"; then
		manage users add --superuser --staff --passwd "$(head -c 12 /dev/urandom | base64)" "$user" ||
			die "cannot add the lab user $user"
	fi
	if [ ! -s "$lab/token" ]; then
		manage tokens add --user "$user" --description kstring-lab > "$lab/token" ||
			die "cannot make an API token for $user"
	fi
	manage device-types list 2>/dev/null | grep -qw qemu || manage device-types add qemu ||
		die "cannot add the qemu device type"
	manage workers list 2>/dev/null | grep -qw "$worker" || manage workers add "$worker" > /dev/null ||
		die "cannot add the worker $worker"
	# A worker without KVM (platform notes): the device says so.
	printf '%s\n' "{% extends 'qemu.jinja2' %}" "{% set arch = 'amd64' %}" \
		"{% set netdevice = 'user' %}" "{% set no_kvm = True %}" \
		> "/etc/lava-server/dispatcher-config/devices/$device.jinja2"
	manage devices list 2>/dev/null | grep -qw "$device" ||
		manage devices add --device-type qemu --worker "$worker" "$device" ||
		die "cannot add the device $device"
	token=$(manage workers details "$worker" | sed -n 's/^ *token *: *//p')
	[ -n "$token" ] || die "no token for the worker $worker"
	daemon worker lava-worker --level INFO --url "http://$server/" --token "$token" \
		--name "$worker" --log-file "$lab/worker.log"
	mkdir -p "$BUILD/lava"
	daemon artifacts python3 -m http.server --bind "${artifacts%:*}" "${artifacts#*:}" \
		--directory "$BUILD/lava"
	wait_for "the worker $worker" sh -c "lava-server manage workers details '$worker' | grep -q '^state *: *Online'"
	echo "http://$user:$(tr -d '[:space:]' < "$lab/token")@$server/RPC2" > "$lab/uri"
	say "lab: lava-server on $server, worker $worker, device $device; artifacts from $artifacts"
	say "lab: make lava-submit LAVA_URI=\$(cat ${lab#"$KSTRING_ROOT"/}/uri) LAVA_ARTIFACT_BASE=http://$artifacts"
}

case ${1:-} in
start) start ;;
stop) stop ;;
*) die "usage: lava/lab.sh start|stop" ;;
esac
