# SPDX-License-Identifier: GPL-2.0
#
# The guest's own verdict lines, for a lab that reads only the console
# (kstring.console=lava, tools/guest/run-tests):
#   awk -f results.awk kernel-log-problems TAP DMESG
# prints, between "KSTRING-LAVA-BEGIN" and
# "KSTRING-LAVA-END pass=N fail=N skip=N", one line a result:
#   KSTRING-RESULT <pass|fail|skip> <test>             a kselftest
#   KSTRING-RESULT <pass|fail|skip> <test> #<n> <name> one of its results
#   KSTRING-RESULT <pass|fail|skip> dmesg:<module>     a module's verdict
#   KSTRING-RESULT <pass|fail|skip> kunit:<suite>      a KUnit suite (6.12)
#   KSTRING-RESULT <pass|fail|skip> kunit:<suite> #<n> <case>
#   KSTRING-RESULT <pass|fail|skip> kernel-log:...     the kernel-log check
#   KSTRING-RESULT <pass|fail> verdict                 fail if any failed
# the same results, named the same way, as the host's tools/results judges
# from the same TAP and kernel log (a host test holds the two together).
# Plain POSIX awk: the image has mawk.

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

# Nesting: "# " (kselftest's runner) or four spaces (KTAP subtests).
function nested(line) {
	if (substr(line, 1, 1) == "#") {
		line = substr(line, 2)
		sub(/^ +/, "", line)
		return line
	}
	return substr(line, 5)
}

function is_nested(line) {
	return substr(line, 1, 1) == "#" || substr(line, 1, 4) == "    "
}

# parse_result(line): 1 and r_* set when line is a TAP result line.
function parse_result(line,    rest, hash, i, c) {
	if (line !~ /^(not )?ok [0-9]+/)
		return 0
	r_failed = line ~ /^not /
	rest = line
	sub(/^(not )?ok /, "", rest)
	r_number = rest
	sub(/[^0-9].*$/, "", r_number)
	rest = substr(rest, length(r_number) + 1)
	r_directive = ""
	# (The first "#" that no backslash escapes: a token may hold "\#".)
	hash = 0
	for (i = 1; i <= length(rest) && !hash; i++) {
		c = substr(rest, i, 1)
		if (c == "\\")
			i++
		else if (c == "#")
			hash = i
	}
	if (hash) {
		r_directive = trim(substr(rest, hash + 1))
		rest = substr(rest, 1, hash - 1)
	}
	sub(/^[ \t]*-?[ \t]*/, "", rest)
	r_name = trim(rest)
	gsub(/\\#/, "#", r_name)
	return 1
}

# outcome(failed, directive): pass, fail or skip, as LAVA records them
# (an expected failure counts as a pass, a timeout as a failure).
function outcome(failed, directive,    d) {
	d = toupper(directive)
	if (d ~ /^SKIP/)
		return "skip"
	if (d ~ /^XFAIL/)
		return "pass"
	if (d ~ /^TIMEOUT/)
		return "fail"
	return failed ? "fail" : "pass"
}

function result(res, name) {
	count[res]++
	printf "KSTRING-RESULT %s %s\n", res, name
}

# A result nested in the next one (r_* of parse_result), kept until then.
function keep_subresult() {
	sub_line[++subs] = outcome(r_failed, r_directive) " #" r_number " " \
		substr(r_name, 1, 60)
	sub_why[subs] = r_failed ? r_directive : ""
}

# result_with_subs(res, name, how): the result, then those nested in it.
# A result that passed fails when one nested in it failed (kselftest's
# runner says "ok" for a script that exits 0, whatever it printed); how
# is what passed ("exited 0", "ok").
function result_with_subs(res, name, how,    i, w, bad) {
	bad = 0
	for (i = 1; i <= subs; i++)
		if (sub_line[i] ~ /^fail /)
			bad++
	if (res == "pass" && bad) {
		res = "fail"
		printf "KSTRING-DETAIL %s: %s but reported %d failing subtest%s\n", \
			name, how, bad, (bad > 1 ? "s" : "")
	}
	result(res, name)
	for (i = 1; i <= subs; i++) {
		split(sub_line[i], w, " ")
		count[w[1]]++
		printf "KSTRING-RESULT %s %s %s\n", w[1], name, \
			substr(sub_line[i], length(w[1]) + 2)
		# What a failing one expected and got, as make run's table
		# shows it.
		if (w[1] == "fail" && sub_why[i] != "")
			printf "KSTRING-DETAIL %s %s: %s\n", name, w[2], sub_why[i]
	}
	subs = 0
}

BEGIN {
	print "KSTRING-LAVA-BEGIN"
}

# The list of problem patterns: one regular expression.
FILENAME == ARGV[1] {
	if ($0 !~ /^#/ && $0 !~ /^[ \t]*$/)
		problems = problems (problems == "" ? "" : "|") $0
	next
}

# The TAP: top-level results and the results nested one level in them.
FILENAME == ARGV[2] {
	line = $0
	sub(/[ \t\r]+$/, "", line)
	if (is_nested(line)) {
		inner = nested(line)
		if (!is_nested(inner) && parse_result(inner))
			keep_subresult()
		# Why the test skips, should it: its "1..0 # SKIP why" plan
		# or kselftest's "name: why [SKIP]" (the first of them).
		if (skip_why == "" && inner ~ /^1\.\.0[ \t]*#[ \t]*SKIP/) {
			skip_why = inner
			sub(/^1\.\.0[ \t]*#[ \t]*SKIP[ \t]*/, "", skip_why)
		} else if (skip_why == "" && inner ~ /[ \t]*\[SKIP\]$/) {
			skip_why = inner
			sub(/[ \t]*\[SKIP\]$/, "", skip_why)
		}
		next
	}
	if (line ~ /^1\.\.[0-9]+/) {
		plan_seen = 1
		plan += substr(line, 4) + 0
		next
	}
	if (!parse_result(line))
		next
	name = r_name
	sub(/^selftests:[ \t]*/, "", name)
	gsub(/: /, ":", name)
	res = outcome(r_failed, r_directive)
	if (res == "skip" && skip_why != "")
		printf "KSTRING-DETAIL %s: SKIP: %s\n", name, skip_why
	skip_why = ""
	result_with_subs(res, name, "exited 0")
	tests++
	next
}

# The kernel log (dmesg): keep its timestamped lines.
{
	sub(/\r+$/, "")
}
/^\[ *[0-9]+\.[0-9]+\] / {
	log_line[++n] = trim($0)
	body[n] = $0	# the message, its indentation kept (KTAP)
	sub(/^\[ *[0-9]+\.[0-9]+\] /, "", body[n])
}

END {
	for (t = tests + 1; plan_seen && t <= plan; t++)
		result("fail", "test " t " (never reported)")

	# Each module's last verdict line, in the order first seen.
	for (i = 1; i <= n; i++) {
		if (!match(log_line[i], /[A-Za-z0-9_]+: (all [0-9]+ tests passed|failed [0-9]+ out of [0-9]+ tests)/))
			continue
		v = substr(log_line[i], RSTART, RLENGTH)
		module = substr(v, 1, index(v, ":") - 1)
		if (!(module in verdict))
			modules[++nmodules] = module
		verdict[module] = v ~ /: all / ? "pass" : "fail"
		verdict_text[module] = substr(v, length(module) + 3)
	}
	for (m = 1; m <= nmodules; m++) {
		result(verdict[modules[m]], "dmesg:" modules[m])
		printf "KSTRING-DETAIL dmesg:%s: %s\n", modules[m], verdict_text[modules[m]]
	}

	# The KUnit suites: one KTAP document for those built into the
	# kernel and one for each test module loaded, each from its
	# "KTAP version" line, suites numbered 1..plan, each with the cases
	# nested in it.
	kplans = 0
	ksuites = 0
	for (k = 1; k <= n; k++) {
		if (body[k] !~ /^KTAP version [0-9]+$/)
			continue
		kplan = -1
		suites = 0
		subs = 0
		for (i = k + 1; i <= n && suites != kplan; i++) {
			if (body[i] ~ /^KTAP version [0-9]+$/)
				break	# the next document
			if (kplan < 0 && body[i] ~ /^1\.\.[0-9]+$/) {
				kplan = substr(body[i], 4) + 0
			} else if (substr(body[i], 1, 4) == "    ") {
				if (parse_result(substr(body[i], 5)))
					keep_subresult()
			} else if (parse_result(body[i])) {
				if (r_number != suites + 1)
					break
				suites++
				result_with_subs(outcome(r_failed, r_directive),
						 "kunit:" r_name, "ok")
			}
		}
		if (kplan > 0)
			kplans += kplan
		ksuites += suites
	}
	for (s = ksuites + 1; s <= kplans; s++)
		result("fail", "kunit:suite " s " (never reported)")

	# A crash LKDTM provokes on purpose is excused, from "Performing
	# direct entry" to the end of its trace, and so are the kmemleak
	# objects allocated under the crashed lkdtm_<TEST> (when they are
	# every leak kmemleak counted); "lkdtm: FAIL" never is.
	window = ""
	for (i = 1; i <= n; i++) {
		l = log_line[i]
		if (match(l, /lkdtm: Performing direct entry [A-Za-z0-9_]+/)) {
			window = substr(l, RSTART + 31, RLENGTH - 31)
			crashed[window] = 1
		} else if (window != "" && index(l, "---[ end trace "))
			window = ""
		if (window != "" && l ~ problems && !index(l, "lkdtm: FAIL"))
			excused[i] = 1
	}
	# The allocation-failure reports of parse_integer_faults' own task
	# (comm "parse_integer_f"), which fails allocations on purpose, up to
	# the end of their stack dump (tools/results/parse.py: the same).
	injected = 0
	for (i = 1; i <= n; i++) {
		l = log_line[i]
		if (l ~ /\] parse_integer_f: (vmalloc error|page allocation failure):/)
			injected = 1
		if (injected) {
			excused[i] = 1
			if (index(l, "</TASK>"))
				injected = 0
		}
	}
	objects = 0
	leaks = 0
	for (i = 1; i <= n; i++) {
		l = log_line[i]
		if (match(l, /kmemleak: [0-9]+ new suspected memory leak/))
			leaks += substr(l, RSTART + 10) + 0
		if (index(l, "kmemleak report: unreferenced object ")) {
			object_of[i] = ++objects
		} else if (objects && index(l, "kmemleak report:")) {
			object_of[i] = objects
		}
		if (objects && (i in object_of))
			for (t in crashed)
				if (l ~ ("lkdtm_" t "\\+"))
					ours[object_of[i]] = 1
	}
	nours = 0
	for (o in ours)
		nours++
	for (i = 1; i <= n; i++) {
		if ((i in object_of) && (object_of[i] in ours))
			excused[i] = 1
		if (nours && nours == objects && objects == leaks &&
		    log_line[i] ~ /kmemleak: [0-9]+ new suspected memory leak/)
			excused[i] = 1
	}
	bad = 0
	for (i = 1; i <= n; i++) {
		if (log_line[i] ~ problems && !(i in excused)) {
			if (++bad <= 10)
				print "KSTRING-DETAIL kernel-log: " log_line[i]
		}
	}
	result(bad ? "fail" : "pass",
	       "kernel-log:no oops/panic/WARN/BUG/sanitizer report")
	# The run's own result, for a lab that looks at one case: it fails
	# when any result above failed (LAVA's job result does not).
	result(count["fail"] ? "fail" : "pass", "verdict")
	printf "KSTRING-LAVA-END pass=%d fail=%d skip=%d\n", count["pass"] + 0, \
		count["fail"] + 0, count["skip"] + 0
}
