# SPDX-License-Identifier: GPL-2.0
#
# tools/lib.sh, part: the stage runner: a log, progress on long stages, timings.
# Sourced by tools/lib.sh, never run.

# watch_progress PID LABEL SHOW [EVERY]: until PID ends, every
# PROGRESS_EVERY seconds (EVERY, 15 by default) print how long it has run
# and the line the function SHOW prints (the last line of its log, say).
# It looks often at first, so that a short job is not kept waiting.
watch_progress() {
	local pid=$1 label=$2 show=$3 t0 pause=0.01 every=${PROGRESS_EVERY:-${4:-15}}
	local start=${EPOCHREALTIME/[.,]/} next=$every
	now t0
	while kill -0 "$pid" 2>/dev/null; do
		nap "$pause"
		case $pause in 0.01) pause=0.05 ;; 0.05) pause=0.2 ;; esac
		[ $((${EPOCHREALTIME/[.,]/} - start)) -ge $((next * 1000000)) ] || continue
		printf '    %s: %ss: %s\n' "$label" "$(elapsed "$t0")" \
			"$("$show" | tr -cd '[:print:]' | cut -c1-90)"
		next=$((next + every))
	done
}

# record_timing STAGE SECONDS: appended to <root>/timings for the summary.
record_timing() {
	[ -d "${TIMINGS_FILE%/*}" ] || mkdir -p "${TIMINGS_FILE%/*}"
	printf '%(%s)T %s %s\n' -1 "$1" "$2" >> "$TIMINGS_FILE"
}

# stage_failed NAME: record in <root>/logs/failed-stage that the stage
# NAME failed (make drift reads it; a later success of NAME removes it).
stage_failed() { mkdir -p "$LOGS_DIR" && echo "$1" > "$LOGS_DIR/failed-stage"; }

log_tail() { tail -n 1 "$log"; }	# run_stage's progress line (its log)

# run_stage NAME CMD...: run CMD with its output in <root>/logs/NAME.log.
# Every PROGRESS_EVERY seconds it prints the elapsed time and the log's
# last line; on failure it prints the log's tail and where the log is, and
# says so plainly when the log shows that a disk filled up. A stage that
# ends "NAME: up to date" made nothing: its output is added to the log of
# the run that made the product, which it keeps, and its time is not
# recorded (a run's timings.env keeps the build's).
run_stage() {
	local name=$1 log final pid rc t0 free last failed=
	shift
	[ -d "$LOGS_DIR" ] && [ -d "$VARIANT_ROOT" ] || mkdir -p "$LOGS_DIR" "$VARIANT_ROOT"
	print_settings > "$VARIANT_ROOT/config.env"
	final=$LOGS_DIR/$name.log
	log=$final.new
	now t0
	say "==> $name"
	# In a process group of its own: Ctrl-C (or a TERM) is passed on to
	# the whole stage, so no make or compiler is left running. It is
	# passed on as SIGTERM, which make handles like SIGINT (partial
	# targets removed): a shell started in the background, as CI may
	# start us, ignores SIGINT, and so does everything it runs.
	set -m
	"$@" < /dev/null > "$log" 2>&1 &
	pid=$!
	set +m
	trap 'kill -TERM -- "-$pid" 2>/dev/null; wait "$pid" 2>/dev/null
	      mv -f "$log" "$final"; exit 130' INT TERM
	watch_progress "$pid" "$name" log_tail 30
	wait "$pid"
	rc=$?
	trap - INT TERM
	last=$(tail -n 1 "$log")
	if [ "$rc" -eq 0 ] && [ -f "$final" ] && [[ $last == "$name: up to date"* ]]; then
		cat "$log" >> "$final" && rm -f "$log"
	else
		mv -f "$log" "$final"
		last=
	fi
	log=$final
	if [ "$rc" -ne 0 ]; then
		tail -n "${FAIL_TAIL:-25}" "$log" | sed 's/^/    | /' >&2
		# The log itself may be cut short when build/ filled up.
		free=$(free_mb "$BUILD")
		if { grep -q 'No space left on device' "$log" || [ "${free:-16}" -lt 16 ]; } &&
		   ! grep -q 'build/ is full' "$log"; then
			printf '%s: out of disk space: %s\n' "$name" "$(full_message "$BUILD" "$free")" >&2
		fi
		printf '%s: FAILED (exit %d) after %ss; full log: %s\n' \
			"$name" "$rc" "$(elapsed "$t0")" "$log" >&2
		stage_failed "$name"
		return "$rc"
	fi
	[ -f "$LOGS_DIR/failed-stage" ] && read -r failed < "$LOGS_DIR/failed-stage"
	[ "$failed" != "$name" ] || rm -f "$LOGS_DIR/failed-stage"
	[ -n "$last" ] || record_timing "$name" "$(elapsed "$t0")"
	last=$(tail -n 1 "$log")
	say "    ${last:0:120}"
	say "    $name: done in $(elapsed "$t0")s (log: ${log#"$KSTRING_ROOT"/})"
}
