#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make deb-kernel: Debian's own kernel with the series. The tree's HEAD
# configured with Debian's config for the flavour (DEB_FLAVOUR=,
# amd64_none_amd64 by default, from linux-config-6.1), module signing and
# debug info off as for a user's `make bindeb-pkg`, everything else as
# Debian ships it (the test modules are built out of tree at boot, as for
# any distribution kernel). The .debs land in build/deb-kernel/, ready for
# `make run KERNEL=...`.
#
# Hours on two cores. The build keeps a source checkout and an O=
# directory of its own, so an interrupted build resumes where it stopped
# and `make tree` does not touch it; build-time.log adds up the attempts.
. "$(dirname "$0")/../lib.sh"

dir=${DEB_KERNEL_DIR:-$BUILD/deb-kernel}
src=$dir/src obj=$dir/obj
flavour=${DEB_FLAVOUR:-amd64_none_amd64}
debian_config=/usr/src/linux-config-${KSRC_PKG#linux-source-}/config.$flavour.xz
[ -f "$debian_config" ] ||
	die "no $debian_config: run 'make deps' (linux-config-${KSRC_PKG#linux-source-}), or name an existing flavour with DEB_FLAVOUR="
[ -d "$TREE/.git" ] || die "no tree at $TREE: run 'make tree'"
busy=$(git_busy "$TREE") && die "$TREE: $busy is under way; finish it (or abort it), then rerun"
commit=$(git -C "$TREE" rev-parse HEAD)
[ -z "$(git -C "$TREE" status --porcelain | head -1)" ] ||
	die "$TREE has uncommitted changes: the .debs are built from a commit; commit or drop them"

# The source: a checkout of the tree's HEAD that only this stage moves
# (git rewrites just the files that differ, so kbuild rebuilds little).
mkdir -p "$dir"
if [ ! -d "$src/.git" ]; then
	say "deb-kernel: checking out $TREE into ${src#"$KSTRING_ROOT"/}"
	git clone --quiet --no-checkout "$TREE" "$src" || die "cannot clone $TREE"
fi
{ git -C "$src" fetch --quiet "$TREE" HEAD &&
  git -C "$src" -c advice.detachedHead=false checkout --quiet --force --detach "$commit"; } ||
	die "cannot check out $commit in $src (remove that directory to start over)"

# The config: Debian's, with signing and debug info off. Installed only
# when it changed, so a resumed build keeps what it made.
mkdir -p "$obj"
want=$dir/config.wanted
xz -dc "$debian_config" > "$want.new"
"$src/scripts/config" --file "$want.new" \
	--disable MODULE_SIG --disable MODULE_SIG_ALL --disable MODULE_SIG_FORCE \
	--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
	--disable DEBUG_INFO --disable DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT \
	--disable DEBUG_INFO_DWARF4 --disable DEBUG_INFO_DWARF5 \
	--disable DEBUG_INFO_BTF --enable DEBUG_INFO_NONE
if cmp -s "$want.new" "$want" && [ -f "$obj/.config" ]; then
	rm -f "$want.new"
else
	mv "$want.new" "$want"
	cp "$want" "$obj/.config"
	make -s -C "$src" O="$obj" olddefconfig || die "olddefconfig failed in $obj"
fi
# (MODULE_SIG itself stays: the lockdown LSM selects it. Unsigned
# modules load, tainting the kernel, as long as it is not forced.)
for sym in MODULE_SIG_ALL MODULE_SIG_FORCE DEBUG_INFO; do
	! grep -q "^CONFIG_$sym=y" "$obj/.config" ||
		die "CONFIG_$sym=y survived olddefconfig in $obj/.config: this stage cannot turn it off"
done

# build-time.log: one line per attempt, "END COMMIT FLAVOUR SECONDS exit=RC".
log=$dir/build-time.log running=$dir/build-time.running
attempt_line() {
	printf '%s %s %s %s exit=%s\n' "$(date -u +%FT%TZ)" "$commit" \
		"$flavour" "$(($(date +%s) - t0))" "$1"
}
if [ -f "$running" ]; then
	cat "$running" >> "$log" && rm -f "$running"
fi

key=$( (echo "$commit $flavour"; cat "$want") | sha256sum | cut -d' ' -f1)
stamp=deb-kernel
debs() { ls "$dir"/linux-image-*.deb "$dir"/linux-headers-*.deb 2>/dev/null; }
debs_sum() { debs | xargs -r sha256sum | sha256sum | cut -d' ' -f1; }
if stamp_ok "$stamp" "$key" && [ "$(debs_sum)" = "$(stamp_field "$stamp" debs)" ]; then
	say "deb-kernel: up to date ($(cat "$obj/include/config/kernel.release"))"
else
	stamp_drop "$stamp"
	need_tools make gcc flex bison bc perl dpkg-buildpackage fakeroot
	if [ -f "$obj/vmlinux" ]; then
		need_space 2000 "$obj" "an incremental Debian kernel build"
	else
		need_space 25000 "$obj" "a Debian-config kernel build"
	fi
	# Old packages would be mistaken for the new ones.
	rm -f "$dir"/*.deb "$dir"/*.buildinfo "$dir"/*.changes
	say "deb-kernel: make -j$JOBS bindeb-pkg of $(git -C "$src" log -1 --format='%h %s') with config.$flavour"
	say "deb-kernel: hours on a small machine; interrupt at will, rerun to resume"
	t0=$(date +%s)
	# A heartbeat keeps the attempt's time if it is killed outright (a
	# session's end, a reboot): the next attempt logs it as "killed".
	( while sleep 60; do
		attempt_line killed > "$running.new" && mv "$running.new" "$running"
	  done ) &
	heartbeat=$!
	# gzip: dpkg-deb's default xz spends minutes on the modules package.
	KBUILD_BUILD_TIMESTAMP=$KBUILD_BUILD_TIMESTAMP \
	KBUILD_BUILD_USER=kstring KBUILD_BUILD_HOST=deb-kernel KDEB_COMPRESS=gzip \
		make -C "$src" O="$obj" -j"$JOBS" bindeb-pkg
	rc=$?
	kill "$heartbeat" 2>/dev/null
	attempt_line "$rc" >> "$log"
	rm -f "$running"
	[ "$rc" -eq 0 ] ||
		die "the Debian-config build stopped (exit $rc); rerun 'make deb-kernel' to resume"
	stamp_done "$stamp" "$key" "debs=$(debs_sum)"
fi

total=$(awk '{ s += $4 } END { print s + 0 }' "$log" 2>/dev/null)
say "deb-kernel: $(cat "$obj/include/config/kernel.release"), built in $((total / 60)) min over $(wc -l < "$log") attempt(s) (build-time.log)"
image=$(ls "$dir"/linux-image-*.deb | grep -v -- '-dbg_')
headers=$(ls "$dir"/linux-headers-*.deb)
say "deb-kernel: make run KERNEL=${image#"$KSTRING_ROOT"/} KERNEL_HEADERS=${headers#"$KSTRING_ROOT"/}"
