# SPDX-License-Identifier: GPL-2.0
#
# Shared helpers for the tools/ scripts, one job a file in tools/lib/:
# settings (paths and defaults), common (messages, tools, disk, time),
# stamps, tree (kbuild, kselftest, products), stages (the stage runner),
# guest (command line, exit status) and run-info (meta.env).
# Sourced, never run.

# (Every script sources this: it forks as little as it can.)
_f=${BASH_SOURCE[0]}
[ "${_f#*/}" != "$_f" ] || _f=./$_f
_o=$PWD
CDPATH='' cd "${_f%/*}/.." && KSTRING_ROOT=$PWD	# (pwd, without a subshell)
CDPATH='' cd "$_o" || exit 2
# Its parts lie beside the real file: a test may link lib.sh alone into a
# directory of stand-ins, which KSTRING_ROOT then names.
[ ! -L "$_f" ] || _f=$(readlink -f "$_f")
# python3 is Debian's (stdlib and Debian's modules only), for every script
# and test started from here: not a pyenv or virtualenv one earlier in
# PATH (a pyenv shim also costs 0.4 s a call).
case :$PATH: in
*":${_f%/*}/bin:"*) ;;
*) export PATH=${_f%/*}/bin:$PATH ;;
esac
for _p in settings common stamps tree stages guest run-info; do
	. "${_f%/*}/lib/$_p.sh"
done
unset _f _p _o
