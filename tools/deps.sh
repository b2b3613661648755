#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian packages listed in tools/deb-packages that are missing,
# or the packages named as arguments (deps.sh gcc-aarch64-linux-gnu).
# As root it runs apt-get; otherwise it prints the exact command and fails.
. "$(dirname "$0")/lib.sh"

list=${DEB_PACKAGES_FILE:-$KSTRING_ROOT/tools/deb-packages}
mapfile -t wanted < <(grep -v '^[[:space:]]*\(#\|$\)' "$list")
# The kernel source follows KSRC_PKG (make KSRC_PKG=linux-source-6.12),
# with Debian's configs of the same kernel (make check-series
# CHECK_CONFIGS=debian-...).
[ -n "${DEB_PACKAGES_FILE:-}" ] ||
	wanted=("$KSRC_PKG" "linux-config-${KSRC_PKG#linux-source-}" "${wanted[@]}")
[ $# -eq 0 ] || wanted=("$@")
# not_installed PKG...: the ones that are not installed.
not_installed() {
	local p
	for p in "$@"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed$' || echo "$p"
	done
}
mapfile -t missing < <(not_installed "${wanted[@]}")
if [ ${#missing[@]} -eq 0 ]; then
	say "deps: all ${#wanted[@]} packages present"
	exit 0
fi
cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
	die "missing packages: ${missing[*]}
  run as root:  apt-get update && $cmd"
fi
say "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq || die "apt-get update failed; is the Debian archive reachable?"
# shellcheck disable=SC2086
$cmd || die "'$cmd' failed"
mapfile -t still < <(not_installed "${missing[@]}")
[ ${#still[@]} -eq 0 ] || die "still not installed after '$cmd': ${still[*]}"
say "deps: installed ${missing[*]}"
