#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make clean: remove the selected variant's root, build/<variant>/ (its
# kernel build, overlay, logs, times, series and results). The trees, the
# image and the compiler cache are shared and stay (make distclean
# removes all of build/).
. "$(dirname "$0")/lib.sh"

echo "rm -rf ${VARIANT_ROOT#"$KSTRING_ROOT"/}"
rm -rf "$VARIANT_ROOT"
