#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stages/stage.sh NAME CMD...: run one pipeline stage with its log in
# <root>/logs/NAME.log and progress lines while it runs (tools/lib.sh).
. "$(dirname "$0")/../lib.sh"
run_stage "$@"
