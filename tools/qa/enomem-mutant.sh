#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/qa/enomem-mutant.sh ROOT: a test_parse_integer that breaks the
# ABI's ENOMEM promise (a write to "parse" whose input copy cannot be
# allocated fails with ENOMEM but still counts a request in "result"),
# built out of tree (kbuild M=) from the tree's source against the kernel
# build in $OBJ and put in ROOT at the overlay's path of the real module,
# so that an initramfs appended with ROOT loads it instead.
# lib:parse_integer_faults.sh must fail on it (enomem-mutant.expect).
. "$(dirname "$0")/../lib.sh"

root=$1
[ -n "$root" ] || die "usage: enomem-mutant.sh ROOT"
[ -f "$OBJ/Module.symvers" ] ||
	die "no kernel build in $OBJ: the ENOMEM mutant is built against the package's own kernel"
installed=$(cd "$OVERLAY/root" && find . -name test_parse_integer.ko | head -n 1)
[ -n "$installed" ] || die "no test_parse_integer.ko in $OVERLAY: run 'make overlay'"

work=$BUILD/enomem-mutant
rm -rf "$work"
mkdir -p "$work/lib"
cp "$TREE"/lib/test_parse_integer.c "$TREE"/lib/test_parse_integer_types.h "$work/lib/" &&
	mkdir -p "$work/tools/testing/selftests" &&
	cp "$TREE/tools/testing/selftests/kselftest_module.h" "$work/tools/testing/selftests/" ||
	die "cannot copy test_parse_integer's sources from $TREE"
# The one change: the failed allocation bumps the request counter.
perl -0pi -e 's/(\tif \(!input\)\n)\t\treturn -ENOMEM;\n/$1\t{\n\t\tpi_result.seq++;\n\t\treturn -ENOMEM;\n\t}\n/ or exit 1' \
	"$work/lib/test_parse_integer.c" ||
	die "lib/test_parse_integer.c no longer has 'if (!input) return -ENOMEM;' in parse_store(): update the mutation in $0"
echo "obj-m += lib/test_parse_integer.o" > "$work/Kbuild"
kbuild M="$work" modules > "$work.log" 2>&1 ||
	die "the ENOMEM mutant did not build (log: ${work#"$KSTRING_ROOT"/}.log)"
install -D -m 644 "$work/lib/test_parse_integer.ko" "$root/$installed" ||
	die "cannot install the ENOMEM mutant into $root"
