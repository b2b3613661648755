# SPDX-License-Identifier: GPL-2.0
#
# Shared helpers for the tools/ scripts, one job a file in tools/lib/:
# settings (paths and defaults), common (messages, tools, disk, time),
# stamps, tree (kbuild, kselftest, products), stages (the stage runner),
# guest (command line, exit status) and run-info (meta.env).
# Sourced, never run.

KSTRING_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# (Its parts beside the real file: a test may link lib.sh alone into a
# directory of stand-ins, which KSTRING_ROOT then names.)
for _f in settings common stamps tree stages guest run-info; do
	. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/lib/$_f.sh"
done
unset _f
