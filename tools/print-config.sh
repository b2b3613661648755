#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make print-config: the settings the selected variant resolves to (the
# Makefile's variant selection, then tools/lib.sh's defaults), one
# NAME=VALUE a line under the names make takes (README "Options"); an
# empty value is unset. Paths under the checkout and build/ print as
# given, so that tools/tests/test-arch-select.sh can compare them with
# golden files.
. "$(dirname "$0")/lib.sh"

print_settings
