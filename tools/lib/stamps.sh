# SPDX-License-Identifier: GPL-2.0
#
# tools/lib.sh, part: content keys and the stamps that let a stage skip its work.
# Sourced by tools/lib.sh, never run.

# key_of FILE... : one hash over the names and contents of the given files
# (their checksums from one sha256sum, not one a file).
key_of() {
	local f have=() sums=() i=0
	for f in "$@"; do [ -f "$f" ] && have+=("$f"); done
	[ ${#have[@]} -eq 0 ] || mapfile -t sums < <(sha256sum -- "${have[@]}")
	for f in "$@"; do
		printf '%s\n' "${f#"$KSTRING_ROOT"/}"
		if [ -f "$f" ]; then
			printf '%s  -\n' "${sums[i]%% *}"
			i=$((i + 1))
		else
			echo missing
		fi
	done | sha256sum | cut -d' ' -f1
}

# A tree's own versions of selftests/ files: kernel-changes/6.12/selftests/
# (none for the default tree).
SELFTESTS_TREE=$KERNEL_CHANGES/selftests

# selftests_key: the key of selftests/, the tree's own versions of its
# files and the message of their commit.
selftests_key() {
	local files own=()
	mapfile -t files < <(cd "$SELFTESTS_SRC" && find . -type f | sort)
	[ -d "$SELFTESTS_TREE" ] &&
		mapfile -t own < <(find "$SELFTESTS_TREE" -type f | sort)
	(cd "$SELFTESTS_SRC" && key_of "$KERNEL_CHANGES/selftests.msg" "${files[@]}" "${own[@]}")
}

# Stamps: build/NAME.key records the key of the inputs a stage's product
# was made from (a stage skips its work while its key matches). NAME is
# the stamp's path under build/, named after the product: a variant's
# products have theirs in its root (6.1/stamps/kernel,
# 6.1/stamps/kernel-initrd.cpio), so that `make clean` takes them along;
# the shared ones in stamps/ (stamps/linux, stamps/linux-selftests,
# stamps/image; i386's image: i386/stamps/image).
STAMPS=$BUILD
# stamp_name PRODUCT [VAR]: print NAME, or set VAR to it (no subshell:
# every script names four stamps when it sources lib.sh).
stamp_name() {
	local p=${1#"$BUILD"/} root=${VARIANT_ROOT#"$BUILD"/}
	p=${p#/}
	case $p in
	"$root"/*) p=${p#"$root"/}; p=$root/stamps/${p//\//-} ;;
	*) p=stamps/${p//\//-} ;;
	esac
	if [ -n "${2:-}" ]; then printf -v "$2" %s "$p"; else echo "$p"; fi
}
stamp_name "$TREE" TREE_STAMP
SELFTESTS_STAMP=$TREE_STAMP-selftests
stamp_name "$KOBJ" KERNEL_STAMP
stamp_name "$IMAGE_DIR" IMAGE_STAMP
stamp_name "$INITRD" INITRD_STAMP

# stamp_key NAME: the key NAME's stamp records (empty when none).
stamp_key() {
	local k=
	[ -f "$STAMPS/$1.key" ] && IFS= read -r k < "$STAMPS/$1.key"
	printf '%s\n' "$k"
}

# stamp_field NAME FIELD: the value of a "FIELD=VALUE" line of NAME's
# stamp: what the stage made (a commit, a checksum), so that "up to date"
# checks the product and not only the inputs.
stamp_field() { sed -n "s/^$2=//p" "$STAMPS/$1.key" 2>/dev/null | head -n 1; }

# stamp_ok NAME KEY: true when NAME's stamp records KEY.
stamp_ok() {
	local k=
	[ -f "$STAMPS/$1.key" ] && IFS= read -r k < "$STAMPS/$1.key"
	[ -n "$2" ] && [ "$k" = "$2" ]
}

# stamp_done NAME KEY [LINE...]: record KEY (and more lines) as NAME's.
stamp_done() {
	local name=$1
	shift
	name=$STAMPS/$name.key
	{ [ -d "${name%/*}" ] || mkdir -p "${name%/*}"; } &&
		printf '%s\n' "$@" > "$name"
}

# stamp_drop NAME...: forget the stamps: the stages rebuild.
stamp_drop() {
	local n
	for n; do rm -f "$STAMPS/$n.key"; done
}
