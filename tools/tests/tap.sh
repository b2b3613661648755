# SPDX-License-Identifier: GPL-2.0
#
# TAP helpers for the host tests in tools/tests/; sourced, never run.
# check DESC CONDITION: CONDITION is eval'ed; prints "ok N - DESC" or
# "not ok N - DESC" and counts the failures in $fails, which the test
# turns into its exit status at the end.
n=0 fails=0
# Debian's python3 first (tools/bin), as lib.sh gives the scripts, for
# the tests' own python3 calls too: a pyenv shim is a hundred execs a call.
_t=${BASH_SOURCE[0]%/tests/*}/bin
[[ $_t == /* ]] || _t=$PWD/$_t
case :$PATH: in *":$_t:"*) ;; *) export PATH=$_t:$PATH ;; esac
unset _t
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fails=$((fails + 1)); fi
}

# test_git_identity: a fixed author and committer for the commits that
# the tree scripts make in a test's scratch trees.
test_git_identity() {
	export GIT_AUTHOR_NAME=Test GIT_AUTHOR_EMAIL=test@example.org
	export GIT_COMMITTER_NAME=Test GIT_COMMITTER_EMAIL=test@example.org
}

# mtimes FILE...: the files' modification times, a line each. A stage that
# finds its product up to date rewrites neither the product nor its stamp:
# a test compares these, not the stage's progress lines.
mtimes() { stat -c '%n %y' "$@" 2>&1; }
