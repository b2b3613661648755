#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/qa/mutant.sh NAME ROOT: a test module with one deliberate change
# (tools/qa/mutants/NAME.mutant says which module, which sources and the
# change), built out of tree (kbuild M=) from the tree's sources against
# the kernel build in $KOBJ and put in ROOT at the overlay's path of the
# real module, so that an initramfs appended with ROOT loads it instead.
# The negative control requires what mutants/NAME.expect says of its run.
# Nothing of a mutant is in the series: the posted tests stay free of
# fault-injection switches.
. "$(dirname "$0")/../lib.sh"

name=$1 root=$2
def=$KSTRING_ROOT/tools/qa/mutants/$name.mutant
[ -n "$root" ] || die "usage: mutant.sh NAME ROOT"
[ -f "$def" ] || die "no mutant '$name': tools/qa/mutants/ has $(cd "${def%/*}" && ls -- *.mutant | sed 's/\.mutant$//' | xargs)"
module= sources= change= edit=
# shellcheck source=/dev/null
. "$def"
[ -f "$KOBJ/Module.symvers" ] ||
	die "no kernel build in $KOBJ: mutant '$name' is built against the package's own kernel"
installed=$(cd "$OVERLAY_DIR/root" && find . -name "${module##*/}.ko" | head -n 1)
[ -n "$installed" ] || die "no ${module##*/}.ko in $OVERLAY_DIR: run 'make overlay' (or build the kernel with it as a module)"

work=$root.mutant-$name	# beside ROOT: two negative controls may build at once
rm -rf "$work"
for f in $sources; do
	install -D -m 644 "$TREE/$f" "$work/$f" ||
		die "cannot copy $f of mutant '$name' from $TREE"
done
perl -0pi -e "$edit or exit 1" "$work/$change" ||
	die "$change no longer has what mutant '$name' changes: update $def"
echo "obj-m += $module.o" > "$work/Kbuild"
kbuild M="$work" modules > "$work.log" 2>&1 ||
	die "mutant '$name' did not build (log: ${work#"$KSTRING_ROOT"/}.log)"
install -D -m 644 "$work/$module.ko" "$root/$installed" ||
	die "cannot install mutant '$name' into $root"
