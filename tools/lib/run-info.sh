# SPDX-License-Identifier: GPL-2.0
#
# tools/lib.sh, part: what a run tests: config.env, meta.env, series.txt,
# timings.env.
# Sourced by tools/lib.sh, never run.

# write_run_info RUNDIR [--kernel]: what a run tests, from the products:
# the series applied in the tree, checked against kernel-changes/series
# (series.txt; tools/run/tested-series.sh, which --kernel is passed to:
# the kernel built from that tree), the settings it resolved (config.env,
# what make print-config prints) and meta.env (kernel, compiler,
# source, series, variant, profile, tests); the latest time of each build
# stage (timings.env), for the summary and kcidb.json. Returns 2, the
# reason on stderr, when the tree is not the series.
# patchset_info: for KCIDB's checkout, the tree's commits on top of the
# import as KCIDB hashes a patchset (the sha256 of each patch's sha256,
# a line each, in order; each patch as `git format-patch --zero-commit`
# writes it), and when the tree got its last commit.
# (Kept in the tree's .git per HEAD: seconds of format-patch a run.)
patchset_info() {
	local c head cache=$TREE/.git/kstring-patchset
	head=$(git -C "$TREE" rev-parse HEAD 2>/dev/null) || return 0
	if [ "$(cut -d' ' -f1 "$cache" 2>/dev/null)" != "$head" ]; then
		echo "$head $(git -C "$TREE" rev-list --reverse pristine..HEAD |
			while read -r c; do
				git -C "$TREE" format-patch --zero-commit --no-signature \
					--stdout -1 "$c" | sha256sum | cut -c1-64
			done | sha256sum | cut -c1-64)" > "$cache"
	fi
	printf 'patchset_hash=%s\n' "$(cut -d' ' -f2 "$cache")"
	printf 'tree_time=%s\n' "$(TZ=UTC git -C "$TREE" log -1 --date=format-local:%FT%TZ --format=%cd)"
}

write_run_info() {
	local obj=$KOBJ changes
	print_settings > "$1/config.env"
	"$KSTRING_ROOT/tools/run/tested-series.sh" ${2:+"$2"} > "$1/series.txt" ||
		return 2
	changes=$(cd "$KSTRING_ROOT" && find kernel-changes selftests -type f |
		LC_ALL=C sort | xargs cat | sha256sum | cut -c1-16)
	cat > "$1/meta.env" <<-EOT
	kernel_release=$(kernel_release)
	kernel_image=$(bzimage_version "$KERNEL_IMAGE")
	kernel_sha256=$(sha256sum < "$KERNEL_IMAGE" 2>/dev/null | cut -d' ' -f1)
	compiler=$(sed -n 's/^#define LINUX_COMPILER[[:space:]]*"\(.*\)"$/\1/p' "$obj/include/generated/compile.h" 2>/dev/null)
	ksrc_package=$KSRC_PKG
	ksrc_version=$(cat "$TREE/.git/kstring-ksrc-version" 2>/dev/null)
	tree_head=$(git -C "$TREE" rev-parse --short HEAD 2>/dev/null)
	tree_dirty=$(git -C "$TREE" status --porcelain -- . ':(exclude)tools/testing/selftests' 2>/dev/null | grep -c .)
	$([ -s "$1/series.txt" ] && printf 'series_commits=%s\nseries_id=%s\nseries_head=%s\n' \
		"$(grep -c . "$1/series.txt")" \
		"$(cut -d' ' -f2- "$1/series.txt" | sha256sum | cut -c1-16)" \
		"$(tail -n 1 "$1/series.txt" | cut -d' ' -f3-)")
	changes_hash=$changes
	variant=${VARIANT:-default}
	$(if [ -n "${KSTRING_KERNEL:-}" ]; then cat "$KOBJ/source.env"; else
		printf 'kernel_input=built\nkernel_config_source=%s\n' "${BASE_CONFIG:-tinyconfig} + kernel-changes/config fragments"
		patchset_info; fi)
	kernel_build_time=$(stamp_field "$KERNEL_STAMP" started)
	kernel_build_seconds=$(stamp_field "$KERNEL_STAMP" seconds)
	$(cp "$obj/.config" "$1/kernel.config" 2>/dev/null && echo kernel_config=kernel.config)
	profile=$PROFILE
	tests=${TESTS:-$KSFT_TARGETS}${EXTRA_TESTS:+,$EXTRA_TESTS}
	EOT
	[ -f "$TIMINGS_FILE" ] && awk '$2 != "boot" { t[$2] = $3 } END { for (s in t) print s "=" t[s] }' \
		"$TIMINGS_FILE" | sort > "$1/timings.env"
	return 0
}
