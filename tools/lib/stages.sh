# SPDX-License-Identifier: GPL-2.0
#
# tools/lib.sh, part: the stage runner: a log, progress on long stages, timings.
# Sourced by tools/lib.sh, never run.

# watch_progress PID LABEL SHOW: until PID ends, every PROGRESS_EVERY
# seconds (15) print how long it has run and the line the function SHOW
# prints (the last line of its log, say).
watch_progress() {
	local pid=$1 label=$2 show=$3 t0 tick=0
	t0=$(now)
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1
		tick=$((tick + 1))
		if [ $((tick % ${PROGRESS_EVERY:-15})) -eq 0 ]; then
			printf '    %s: %ss: %s\n' "$label" "$(elapsed "$t0")" \
				"$("$show" | tr -cd '[:print:]' | cut -c1-90)"
		fi
	done
}

# record_timing STAGE SECONDS: appended to <root>/timings for the summary.
record_timing() {
	mkdir -p "$(dirname "$TIMINGS_FILE")"
	printf '%s %s %s\n' "$(date +%s)" "$1" "$2" >> "$TIMINGS_FILE"
}

# stage_failed NAME: record in <root>/logs/failed-stage that the stage
# NAME failed (make drift reads it; a later success of NAME removes it).
stage_failed() { mkdir -p "$LOGS_DIR" && echo "$1" > "$LOGS_DIR/failed-stage"; }

# run_stage NAME CMD...: run CMD with its output in <root>/logs/NAME.log.
# Every PROGRESS_EVERY seconds it prints the elapsed time and the log's
# last line; on failure it prints the log's tail and where the log is, and
# says so plainly when the log shows that a disk filled up.
run_stage() {
	local name=$1 log pid rc t0 tick=0 free
	shift
	mkdir -p "$LOGS_DIR"
	mkdir -p "$VARIANT_ROOT" && print_settings > "$VARIANT_ROOT/config.env"
	log=$LOGS_DIR/$name.log
	t0=$(now)
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
	trap 'kill -TERM -- "-$pid" 2>/dev/null; wait "$pid" 2>/dev/null; exit 130' INT TERM
	while kill -0 "$pid" 2>/dev/null; do
		sleep 0.2
		tick=$((tick + 1))
		if [ $((tick % (5 * ${PROGRESS_EVERY:-30}))) -eq 0 ]; then
			printf '    %s: %ss elapsed: %s\n' "$name" "$(elapsed "$t0")" \
				"$(tail -n 1 "$log" | cut -c1-100)"
		fi
	done
	wait "$pid"
	rc=$?
	trap - INT TERM
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
	[ "$(cat "$LOGS_DIR/failed-stage" 2>/dev/null)" = "$name" ] && rm -f "$LOGS_DIR/failed-stage"
	record_timing "$name" "$(elapsed "$t0")"
	say "    $(tail -n 1 "$log" | cut -c1-120)"
	say "    $name: done in $(elapsed "$t0")s (log: ${log#"$KSTRING_ROOT"/})"
}
