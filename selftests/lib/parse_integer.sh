#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Userspace half of the parse_integer() selftest.
#
# Loads test_parse_integer, checks the module's own verdict in dmesg, then
# feeds every vector of parse_integer.vectors (next to this script) that
# holds for the kernel's width of long (the module's long_bits file) to
# /sys/kernel/test_parse_integer/parse and compares the "result" file with
# the expectation, checks a few value_<type> knobs, and unloads the module.
# Output is TAP; exit 0 iff everything passed, 4 (kselftest skip) when the
# module is not available or we are not root; a module without long_bits
# is a failure (Bail out!). Every request goes through one coprocess,
# parse_integer_feed (built next to this script): no fork per vector, and
# each request is exactly one write().
#
# Environment (for dry runs against a fake sysfs directory):
#   SYSFS_DIR=dir     use dir instead of /sys/kernel/test_parse_integer
#   SKIP_MODPROBE=1   do not load/unload the module nor look at dmesg
#   VECTORS=file      use another vectors file
#   MODPROBE=path     modprobe to use (default /sbin/modprobe)
#   FEED=path         the request feeder (default: next to this script)

export LC_ALL=C

ksft_skip=4
MODULE=test_parse_integer
DIR=$(dirname "$0")
desc=parse_integer
. "$DIR/kmod_log.sh"
VECTORS=${VECTORS:-$DIR/parse_integer.vectors}
SYSFS_DIR=${SYSFS_DIR:-/sys/kernel/$MODULE}
SKIP_MODPROBE=${SKIP_MODPROBE:-0}
feeder=${FEED:-$DIR/parse_integer_feed}

# long and ulong: set from long_bits once the module is loaded
declare -A POISON=(
	[u8]=165 [s8]=-91 [u16]=42405 [s16]=-23131
	[u32]=2779096485 [s32]=-1515870811
	[u64]=11936128518282651045 [s64]=-6510615555426900571
	[long]=? [ulong]=?
)
declare -A ERRNO=([-EINVAL]=-22 [-ERANGE]=-34)

skip_all()
{
	echo "TAP version 13"
	echo "1..0 # SKIP $*"
	exit $ksft_skip
}

if [ "$SKIP_MODPROBE" != 1 ]; then
	[ "$(id -u)" -eq 0 ] || skip_all "must be run as root"
	"$modprobe" -n -q $MODULE || skip_all "module $MODULE is not available"
fi
if [ ! -r "$VECTORS" ]; then
	echo "TAP version 13"
	echo "Bail out! cannot read $VECTORS"
	exit 1
fi

# Convert an input token of the vectors file into an argument for
# printf '%b' in REPLY.  \s -> \x20 and \0 -> \x00 (printf's %b would read
# "\0" plus following digits as an octal escape); "" -> empty.
# Returns 1 on a malformed token.
token_to_b()
{
	local t=$1 out='' c hh i=0 n=${#1}

	REPLY=
	[ "$t" = '""' ] && return 0
	if [[ $t != *\\* ]]; then
		REPLY=$t
		return 0
	fi
	while (( i < n )); do
		c=${t:i:1}
		if [ "$c" != "\\" ]; then
			out+=$c
			(( i += 1 ))
			continue
		fi
		c=${t:i+1:1}
		case $c in
		n|t|\\)	out+="\\$c"; (( i += 2 ));;
		s)	out+='\x20'; (( i += 2 ));;
		0)	out+='\x00'; (( i += 2 ));;
		x)	hh=${t:i+2:2}
			[[ $hh == [0-9a-fA-F][0-9a-fA-F] ]] || return 1
			out+="\\x$hh"; (( i += 4 ));;
		*)	return 1;;
		esac
	done
	REPLY=$out
	return 0
}

# ---- read the vectors
# V_WIDTH: the width of long a "long@64"-style line is for, or "" (any)
V_LINE=() V_TYPE=() V_WIDTH=() V_BASE=() V_FLAGS=() V_TOKEN=() V_RET=()
V_VALUE=() V_ERR=()
lineno=0
while read -r type base flags token ret value rest; do
	(( lineno++ ))
	[ -z "$type" ] && continue
	[[ $type == \#* ]] && continue
	err='' width=''
	if [[ $type == *@* ]]; then
		width=${type#*@} type=${type%%@*}
	fi
	if [ -z "$value" ] || [[ $value == \#* ]] ||
	   { [ -n "$rest" ] && [[ $rest != \#* ]]; }; then
		err="malformed line (need 6 fields)"
	elif [ -z "$type" ] || [ -z "${POISON[$type]}" ]; then
		err="unknown type $type"
	elif [ -n "$width" ] && [[ $type != *long ]]; then
		err="width marker on $type (only long and ulong take one)"
	elif [ -n "$width" ] && [ "$width" != 32 ] && [ "$width" != 64 ]; then
		err="bad width marker @$width (32 or 64)"
	elif [[ $ret != [0-9]* && -z ${ERRNO[$ret]} ]]; then
		err="bad ret $ret"
	elif ! token_to_b "$token"; then
		err="bad input token"
	fi
	V_LINE+=("$lineno") V_TYPE+=("$type") V_WIDTH+=("$width")
	V_BASE+=("$base") V_FLAGS+=("$flags") V_TOKEN+=("$token")
	V_RET+=("$ret") V_VALUE+=("$value") V_ERR+=("$err")
done < "$VECTORS"

# value_<type> knob checks: "type|input (token syntax)|expectation", where
# expectation is the read-back value, or EINVAL/ERANGE for a failing write.
# Input "" means: no write, only check the read-back (failed writes must not
# change the stored value).  A type long@32 etc. is checked only with that
# width of long, as in the vectors file.
KNOBS=(
	"u8|42\\n|42"
	"u8|4x|EINVAL"
	"u8|256|ERANGE"
	"u8|-1|EINVAL"
	"u8|42\\n\\n|EINVAL"
	"u8|\\s7|EINVAL"
	"u8|\"\"|42"
	"s8|-128\\n|-128"
	"s8|128|ERANGE"
	"u32|0x10|16"
	"u64|0xffffffffffffffff\\n|18446744073709551615"
	"u64|18446744073709551616|ERANGE"
	"s64|-9223372036854775808\\n|-9223372036854775808"
	"long|-2147483648\\n|-2147483648"
	"long@64|-9223372036854775808\\n|-9223372036854775808"
	"long@32|2147483648|ERANGE"
	"ulong|4294967295\\n|4294967295"
	"ulong@64|18446744073709551615\\n|18446744073709551615"
	"ulong@32|4294967296|ERANGE"
	"ulong|18446744073709551616|ERANGE"
)

# ---- 1: load the module, check its verdict in dmesg (reported below)
verdict_ok=1 verdict_desc="$MODULE dmesg verdict # SKIP SKIP_MODPROBE=1"
log=
if [ "$SKIP_MODPROBE" != 1 ]; then
	# a leftover instance would not print a verdict on modprobe
	[ -d /sys/module/$MODULE ] && "$modprobe" -r $MODULE
	before=$(dmesg | wc -l)
	"$modprobe" $MODULE
	mod_rc=$?
	log=$(dmesg | tail -n +$(( before + 1 )) | grep "$MODULE:")
	verdict=$(kstm_verdicts $MODULE <<< "$log" | grep "tests passed" | tail -n 1)
	failure=$(kstm_verdicts $MODULE <<< "$log" | grep -v "tests passed" | tail -n 1)
	if [ $mod_rc -eq 0 ] && [ -n "$verdict" ] && [ -z "$failure" ]; then
		verdict_desc="$MODULE dmesg verdict # $verdict"
		log=
	else
		why=${failure:-${verdict:-no verdict in dmesg}}
		verdict_ok=0
		verdict_desc="$MODULE dmesg verdict # modprobe exit $mod_rc, $why"
	fi
fi
report_verdict()
{
	if [ $verdict_ok = 1 ]; then
		ok "$verdict_desc"
		return
	fi
	not_ok "$verdict_desc"
	[ -n "$log" ] && while IFS= read -r l; do
		echo "# $l"
	done <<< "$log"
}

# ---- the kernel's width of long decides the vectors and the poison
long_bits=
read -r long_bits 2>/dev/null < "$SYSFS_DIR/long_bits"
if [ "$long_bits" != 32 ] && [ "$long_bits" != 64 ]; then
	if [ -e "$SYSFS_DIR/long_bits" ]; then
		why="$SYSFS_DIR/long_bits reads '$long_bits', not 32 or 64"
	elif [ -d "$SYSFS_DIR" ]; then
		why="no $SYSFS_DIR/long_bits: this $MODULE is older than"
		why+=" these vectors, which need the kernel's width of long"
	else
		why="no $SYSFS_DIR: $MODULE is not loaded"
	fi
	echo "TAP version 13"
	echo "1..1"
	report_verdict
	echo "Bail out! $why"
	[ "$SKIP_MODPROBE" = 1 ] || "$modprobe" -r -q $MODULE
	exit 1
fi
if [ ! -x "$feeder" ]; then
	echo "TAP version 13"
	echo "1..1"
	report_verdict
	echo "Bail out! no $feeder (built by this directory's Makefile)"
	[ "$SKIP_MODPROBE" = 1 ] || "$modprobe" -r -q $MODULE
	exit 1
fi
coproc FEEDER { "$feeder" "$SYSFS_DIR"; }

# feed FILE PAYLOAD: one write() of PAYLOAD (vectors escape syntax) to
# $SYSFS_DIR/FILE; REPLY is "ok [result line]" or "error MESSAGE".
feed()
{
	REPLY="error the feeder has exited"
	[ -n "${FEEDER[1]:-}" ] || return
	printf '%s %s\n' "$1" "$2" >&"${FEEDER[1]}" &&
		read -r -t 30 -u "${FEEDER[0]}" ||
		REPLY="error no answer from the feeder"
}

if [ "$long_bits" = 64 ]; then
	POISON[long]=${POISON[s64]} POISON[ulong]=${POISON[u64]}
else
	POISON[long]=${POISON[s32]} POISON[ulong]=${POISON[u32]}
fi

# the vectors and knob checks for this width (malformed lines stay in,
# to fail)
SEL=()
for (( k = 0; k < ${#V_LINE[@]}; k++ )); do
	case ${V_ERR[k]:+bad}@${V_WIDTH[k]} in
	bad@*|@|@"$long_bits")	SEL+=("$k");;
	esac
done
nvec=${#SEL[@]}
knobs=()
for knob in "${KNOBS[@]}"; do
	type=${knob%%|*}
	case $type in
	*@"$long_bits")	knobs+=("${type%@*}|${knob#*|}");;
	*@*)	;;
	*)	knobs+=("$knob");;
	esac
done
nknob=${#knobs[@]}

echo "TAP version 13"
echo "1..$(( 1 + nvec + nknob + 1 ))"
echo "# long is $long_bits bits: $nvec of ${#V_LINE[@]} vectors apply"
report_verdict

# ---- vectors through sysfs
read -r prev_seq _ 2>/dev/null < "$SYSFS_DIR/result"
[[ $prev_seq == [0-9]* ]] || prev_seq=0
interference=0
for k in "${SEL[@]}"; do
	type=${V_TYPE[k]} base=${V_BASE[k]} flags=${V_FLAGS[k]}
	token=${V_TOKEN[k]}
	desc="$type${V_WIDTH[k]:+@${V_WIDTH[k]}} $base $flags ${token//#/\\#}"
	if [ -n "${V_ERR[k]}" ]; then
		not_ok "$desc # vectors line ${V_LINE[k]}: ${V_ERR[k]}"
		continue
	fi
	exp_ret=${ERRNO[${V_RET[k]}]:-${V_RET[k]}}
	exp_val=${V_VALUE[k]}
	[ "$exp_val" = - ] && exp_val=${POISON[$type]}

	[ "$token" = '""' ] && token=
	# "result" is one for all users (the ABI is single-user): a result
	# whose <seq> is not the previous one plus one may be another
	# writer's. Such a request is sent again; after three, it is skipped.
	interfered=
	for try in 1 2 3; do
		feed parse "$type $base $flags $token"
		[[ $REPLY == ok* ]] || break
		res=()
		read -r -a res <<< "${REPLY#ok}"
		want_seq=$((prev_seq + 1)) interfered=
		# (a <seq> that did not grow by one is the module's bug)
		[[ ${res[0]} =~ ^[0-9]+$ ]] && [ "${res[0]}" -gt "$want_seq" ] ||
			break
		interfered="seq ${res[0]} after $prev_seq"
		prev_seq=${res[0]}
		[ "$try" = 1 ] && interference=$((interference + 1))
	done
	if [[ $REPLY != ok* ]]; then
		not_ok "$desc # expected $exp_ret $exp_val" \
			"got write error: ${REPLY#error } (vectors line ${V_LINE[k]})"
		continue
	fi
	got_ret=${res[4]} got_val=${res[5]}
	if [ -n "$interfered" ]; then
		why="another writer overtook it three times ($interfered)"
		ok "$desc # SKIP $why: \"result\" serves one user at a time"
		continue
	fi
	seq=${res[0]}
	[[ $seq =~ ^[0-9]+$ ]] && prev_seq=$seq
	if [ "$seq" != "$want_seq" ]; then
		not_ok "$desc # expected seq $want_seq got seq $seq (vectors line ${V_LINE[k]})"
	elif [ "${res[1]}" != "$type" ] || [ "${res[2]}" != "$base" ] ||
	   [ "${res[3]}" != "$flags" ]; then
		not_ok "$desc # expected $exp_ret $exp_val" \
			"got result line '${res[*]}' (vectors line ${V_LINE[k]})"
	elif [ "$got_ret" != "$exp_ret" ] || [ "$got_val" != "$exp_val" ]; then
		not_ok "$desc # expected $exp_ret $exp_val" \
			"got $got_ret $got_val (vectors line ${V_LINE[k]})"
	else
		ok "$desc"
	fi
done
[ "$interference" -gt 0 ] &&
	echo "# another writer used $SYSFS_DIR/parse during $interference request(s): sent again"

# ---- value_<type> knobs: parse with base 0 | PARSE_INTEGER_NEWLINE
for knob in "${knobs[@]}"; do
	IFS='|' read -r type token expect <<< "$knob"
	file=$SYSFS_DIR/value_$type
	desc="value_$type write ${token//#/\\#} -> $expect"
	[ "$token" = '""' ] && desc="value_$type still reads $expect"
	if [ ! -e "$file" ]; then
		ok "$desc # SKIP no $file"
		continue
	fi
	err='' rc=0
	if [ "$token" != '""' ]; then
		feed "value_$type" "$token"
		[[ $REPLY == ok* ]] || rc=1 err=${REPLY#error }
	fi
	case $expect in
	EINVAL)	want="Invalid argument";;
	ERANGE)	want="Numerical result out of range";;
	*)	want=;;
	esac
	if [ -n "$want" ]; then
		if [ $rc -ne 0 ] && [[ $err == *"$want"* ]]; then
			ok "$desc"
		else
			not_ok "$desc # got exit $rc ${err:-(write succeeded)}"
		fi
		continue
	fi
	if [ $rc -ne 0 ]; then
		not_ok "$desc # got $err"
		continue
	fi
	val=
	read -r val < "$file"
	if [ "$val" = "$expect" ]; then
		ok "$desc"
	else
		not_ok "$desc # got read-back '$val'"
	fi
done

# ---- unload (the feeder first: it holds the module's directory open)
exec {FEEDER[1]}>&-
wait "$FEEDER_PID" 2>/dev/null
if [ "$SKIP_MODPROBE" = 1 ]; then
	ok "modprobe -r $MODULE # SKIP SKIP_MODPROBE=1"
elif "$modprobe" -r $MODULE; then
	ok "modprobe -r $MODULE"
else
	not_ok "modprobe -r $MODULE"
fi

echo "# $tap_failed of $tap_n tests failed"
[ $tap_failed -eq 0 ] && exit 0
exit 1
