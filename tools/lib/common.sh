# SPDX-License-Identifier: GPL-2.0
#
# tools/lib.sh, part: messages, required tools, disk space, time.
# Sourced by tools/lib.sh, never run.

say() { printf '%s\n' "$*"; }
warn() { printf '%s: warning: %s\n' "${0##*/}" "$*" >&2; }
die() { printf '%s: error: %s\n' "${0##*/}" "$*" >&2; exit "${DIE_CODE:-2}"; }

# need_tools CMD...: fail naming every CMD that is not on PATH.
need_tools() {
	local c missing=()
	for c in "$@"; do
		command -v "$c" >/dev/null || missing+=("$c")
	done
	[ ${#missing[@]} -eq 0 ] ||
		die "${missing[*]} not found: run 'make deps' (tools/deb-packages)"
}

# free_mb PATH: megabytes free on the file system of PATH (or of its
# nearest existing parent).
free_mb() {
	local p=$1
	until [ -e "$p" ]; do p=$(dirname "$p"); done
	df -Pm "$p" | awk 'NR == 2 { print $4 }'
}

# full_message PATH [MB]: what to say when the disk under PATH is full
# (MB free if measured already).
full_message() {
	printf 'build/ is full: %s MB free at %s; free space or set BUILD= to a larger disk' \
		"${2:-$(free_mb "$1")}" "$1"
}

# need_space MB PATH WHAT: fail fast, before writing anything, unless the
# file system of PATH has MB megabytes free for WHAT.
need_space() {
	local free
	free=$(free_mb "$2")
	[ -z "$free" ] || [ "$free" -ge "$1" ] ||
		die "$(full_message "$2" "$free") ($3 needs about $1 MB)"
}

# run_time: the UTC time that starts every run id and results directory
# name (20261206-113303, then what the run is: -6.12, -lava, -kunit-6.12).
run_time() { date -u +%Y%m%d-%H%M%S; }

# new_run_id SUFFIX: the id of a new run, RUN_ID when the caller gave one:
# its time, the variant and SUFFIX (build/<variant>/results/<id>/).
new_run_id() {
	printf '%s\n' "${RUN_ID:-$(run_time)${VARIANT:+-$VARIANT}${1:-}}"
}

# now [VAR]: seconds since the epoch, with fractions; printed, or set in
# VAR without a subshell.
now() {
	if [ -n "${1:-}" ]; then printf -v "$1" %s "${EPOCHREALTIME/,/.}"
	else echo "${EPOCHREALTIME/,/.}"; fi
}
# nap SECONDS: sleep without a fork and exec (a wait on a pipe nobody
# writes to, opened once): for the loops that poll.
nap() {
	[ -n "${_nap_fd:-}" ] || exec {_nap_fd}<> <(:)
	read -rt "$1" -u "$_nap_fd" _ || :
}
elapsed() {	# (without a fork: every stage and host test calls it)
	local s=${1%%.*} f=000000 us
	[[ $1 == *.* ]] && f=${1#*.}000000
	us=$((${EPOCHREALTIME/[.,]/} - s * 1000000 - 10#${f:0:6}))
	printf '%d.%d' $((us / 1000000)) $((us / 100000 % 10))
}
