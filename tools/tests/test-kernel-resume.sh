#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# host-test: needs-tree (not in make check)
#
# A kernel build interrupted halfway stops all of its processes and
# writes no stamp, and the next run of tools/stages/kernel.sh completes it
# without `make clean`: kbuild keeps what was compiled and resumes. The
# interrupt is SIGTERM to the process group of tools/stages/stage.sh (run_stage
# passes Ctrl-C on as the same); not SIGINT, which a test run from a
# background shell, as CI may run it, inherits ignored and cannot send.
#
# The real scripts on the real tree. When the pipeline's kernel has not
# been compiled yet (a fresh clone, as in CI), the test interrupts and
# resumes that very build, which make test's pipeline then finds done:
# the property costs no kernel of its own. Otherwise it builds in a
# scratch directory under build/tests/ (removed when the test passes)
# with the main build's config fragments and ccache. (Copying
# build/kernel saves nothing: objtool records its absolute build path, is
# rebuilt in the copy, and every object with it.)
. "$(dirname "$0")/../lib.sh"

if [ ! -d "$TREE/.git" ]; then
	echo "1..0 # SKIP no tree at $TREE: run 'make tree'"
	echo "# summary: skipped: no tree"
	exit 0
fi
scratch=$BUILD/tests/kernel-resume
if [ -z "$(find "$KOBJ" -name '*.o' -print -quit 2>/dev/null)" ]; then
	obj=$KOBJ	# nothing compiled yet: the pipeline's own build
else
	export KOBJ=$scratch/kernel
	obj=$KOBJ
fi
KERNEL_STAMP=$(stamp_name "$obj")	# (lib.sh named the default kernel's)
stage=test-kernel-resume	# its log: <root>/logs/$stage.log
# leftover: processes of the build (working in or naming its object
# directory; not build/sanitize/kernel beside build/6.1/kernel).
leftover() {
	local p cmd cwd
	for p in /proc/[0-9]*; do
		cmd=$(tr '\0' ' ' 2>/dev/null < "$p/cmdline")
		cwd=$(readlink "$p/cwd" 2>/dev/null)
		[[ "$cwd/" == "$obj/"* || "$cmd" == *"$obj "* || "$cmd" == *"$obj/"* ]] &&
			echo "${p#/proc/} $cmd"
	done
}
cleanup() {
	leftover | while read -r p _; do kill -KILL "$p" 2>/dev/null; done
	[ "$fails" = 0 ] && rm -rf "$scratch" "$LOGS_DIR/$stage.log"
}
trap cleanup EXIT
rm -rf "$scratch"
mkdir -p "$scratch"
. "$(dirname "$0")/tap.sh"
# objects: the kernel's objects (not host tools, objtool), with mtimes.
objects() {
	[ -d "$obj" ] && (cd "$obj" && find . \( -path ./scripts -o -path ./tools \) -prune -o \
		-name '*.o' -printf '%p %T@\n' 2>/dev/null | LC_ALL=C sort)
}
count() { objects | grep -c .; }

echo "TAP version 13"
echo "1..9"
want=40	# interrupt once this many objects were compiled

t0=$(now)
set -m	# a process group of its own, as a terminal's foreground job
"$KSTRING_ROOT/tools/stages/stage.sh" "$stage" "$KSTRING_ROOT/tools/stages/kernel.sh" > "$scratch/first.log" 2>&1 &
pid=$!
set +m
# Wait for compilation to be under way, then interrupt the whole group.
while kill -0 "$pid" 2>/dev/null && [ "$(count)" -lt "$want" ]; do
	sleep 0.2
done
at=$(count)
kill -TERM -- "-$pid" 2>/dev/null
wait "$pid"
rc=$?
for _ in $(seq 50); do [ -z "$(leftover)" ] && break; sleep 0.2; done
leftover > "$scratch/leftover"
t1=$(elapsed "$t0")
objects > "$scratch/kept"
check "interrupted while compiling ($at objects): the stage exits 130" \
	"[ $rc -eq 130 ] && [ $at -ge $want ] && grep -q 'make -j' '$LOGS_DIR/$stage.log'"
check "... and no process of the build is left running" "[ ! -s '$scratch/leftover' ]"
check "... no stamp is written" "[ ! -e '$STAMPS/$KERNEL_STAMP.key' ]"
check "... and what was compiled is kept" "[ \$(grep -c . '$scratch/kept') -ge $((at - 10)) ]"

t0=$(now)
"$KSTRING_ROOT/tools/stages/kernel.sh" > "$scratch/second.log" 2>&1
rc=$?
t2=$(elapsed "$t0")
check "the next run completes: exit 0, bzImage" "[ $rc -eq 0 ] && [ -s '$obj/arch/x86/boot/bzImage' ]"
check "... and writes the stamp" "[ -s '$STAMPS/$KERNEL_STAMP.key' ] && grep -q '^products=' '$STAMPS/$KERNEL_STAMP.key'"
# Objects from before the interrupt compiled again (init/version.o always is).
again=$(LC_ALL=C join "$scratch/kept" <(objects) | awk '$2 != $3' | grep -c .)
check "... without starting over: $again of $(grep -c . "$scratch/kept") kept objects compiled again" \
	"[ $again -le 3 ] && ! grep -qE 'mrproper|CLEAN' '$scratch/second.log'"
check "... and compiles what was left" "grep -q '^  CC ' '$scratch/second.log' && [ \$(count) -gt $at ]"
before=$(mtimes "$STAMPS/$KERNEL_STAMP.key" "$obj/arch/x86/boot/bzImage" "$obj/vmlinux")
"$KSTRING_ROOT/tools/stages/kernel.sh" > /dev/null 2>&1
check "a third run is a no-op: stamp, bzImage and vmlinux untouched" \
	"[ $? -eq 0 ] && [ \"\$(mtimes '$STAMPS/$KERNEL_STAMP.key' '$obj/arch/x86/boot/bzImage' '$obj/vmlinux')\" = '$before' ]"
echo "# summary: interrupted after ${t1}s ($at objects), resumed in ${t2}s (${obj#"$KSTRING_ROOT"/})"
[ "$fails" -eq 0 ]
