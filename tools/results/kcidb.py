# SPDX-License-Identifier: GPL-2.0
"""A judged run as a report for KCIDB, KernelCI's common results database.

The report follows KCIDB I/O schema v5.3 (kcidb_io/schema/v05_03.py in
kernelci/kcidb-io): it is that package's LATEST, and kernelci/kcidb
stores v5.3 (its kcidb.io.SCHEMA). KCIDB still takes v4 reports, but
upgrades each to v5 on submission. Where this module cares, v5 differs
from v4.5 in that a build has a "status" (the tests' enum) for "valid",
a test has no "waived", and a test path cannot have empty components.

One run is one checkout (the stable release the Debian source package
is, with kstring's series as its patchset), one build (the kernel under
test) and one test node for each result, nested subtest and cross-check
of the judged run, plus a "boot" node for the run itself (see BOOT).

A test's path names the test, never its outcome: the same test has the
same path in a passing, a failing and a LAVA run, and a run's paths are
unique (a subtest's is escape()d). The roots are KernelCI's catalogue's: "boot" (the
run, and the kernel log's check "boot.kernel_log"), "kselftest" (each
kselftest, and each test module's own verdict as
"kselftest.module_verdict.MODULE") and "kunit".
"""

import datetime
import hashlib
import re

from judge import KERNEL_LOG_CHECK

MAJOR, MINOR = 5, 3
STATUSES = ("FAIL", "ERROR", "MISS", "PASS", "DONE", "SKIP")
# An outcome (parse.outcome_of) -> test status. A timed-out test did not
# complete: the schema's ERROR, the tested code's status unknown. A
# result the run promised and never reported ("not run") is MISS.
STATUS = {"pass": "PASS", "xfail": "PASS", "skip": "SKIP", "fail": "FAIL",
          "timeout": "ERROR"}
NOT_RUN = "not run"
# The verdict -> the "boot" node's status. A panicked, hung or broken run
# has lost results that no node would show failed (judge adds a "not run"
# result only when the guest printed the TAP plan), so this node carries
# the verdict: FAIL for a panic or reset (the kernel died), ERROR for a
# hang or an infrastructure error (the harness failed: the code's status
# unknown).
BOOT = {"passed": "PASS", "tests-failed": "PASS", "panic": "FAIL",
        "hung": "ERROR", "infra-error": "ERROR"}
# The prefixes of judge's cross-checks -> the parent of their paths.
CHECKS = {"dmesg": "kselftest.module_verdict", "kunit": "kunit"}
KERNEL_LOG_PATH = "boot.kernel_log"
# The path's root -> the run's file its tests' output is in.
LOGS = {"boot": "console.log", "kselftest": "kselftest.tap",
        "kunit": "dmesg.log"}
OUTPUT_FILES = ("dmesg.log", "kselftest.tap", "junit.xml", "summary.json")
# A LAVA job's run (tools/lava/run.sh) has one log: lava-run's.
LAVA_OUTPUT_FILES = ("lava.log", "job.yaml", "junit.xml", "summary.json")
EXCERPT_MAX = 16384
# Debian's linux-source-X.Y is a release of the stable tree.
STABLE = "https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git"


def _component(name):
    """A name as one path component: the characters the schema allows,
    never empty (a v5 path has no empty components)."""
    return re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "_"


def escape(name):
    """A subtest's name as one path component, unique to it: a name that
    is a component already stays; any other is made one (_component)
    and gets the first 8 hex digits of its sha256, so "u8 10 - 1" and
    "u8 10 - +1" stay apart and every run names a test the same."""
    readable = _component(name)
    if readable == name:
        return name
    return "%s-%s" % (readable,
                      hashlib.sha256(name.encode()).hexdigest()[:8])


def path_of(name):
    """The test path of a top-level result, whose names are identifiers
    (kselftest's collection:script, a module, a KUnit suite):
    "lib:strscpy.sh" is "kselftest.lib.strscpy_sh", "dmesg:test_printf"
    "kselftest.module_verdict.test_printf", "kunit:string"
    "kunit.string", the kernel-log check "boot.kernel_log"."""
    if name == KERNEL_LOG_CHECK:
        return KERNEL_LOG_PATH
    prefix, sep, rest = name.partition(":")
    if sep and prefix in CHECKS:
        return "%s.%s" % (CHECKS[prefix], _component(rest))
    return ".".join(["kselftest"] + [_component(p) for p in name.split(":")])


# A LAVA job records a subtest's first 60 characters (tools/guest/
# results.awk; LAVA keeps test case names short): its path is made from
# those in every run, so that a QEMU and a LAVA run agree. Longer names
# that share them are told apart by --N, in TAP order.
SUBTEST_NAME_MAX = 60


def results(tests, parent=None, key=()):
    """(path, result, key) of each result and its subtests, at any depth;
    key: what makes it the same test in another run, whatever its name
    says: the top-level result's name (kselftest's own), then each
    subtest's TAP number. A name that comes again under
    the same parent (a vector listed twice in parse_integer.vectors) is
    another test: its second path ends in "--2", its third in "--3"
    (so does a long name whose first SUBTEST_NAME_MAX characters came
    before)."""
    seen = {}
    for t in tests:
        path = ("%s.%s" % (parent, escape(t["name"][:SUBTEST_NAME_MAX]))
                if parent else path_of(t["name"]))
        seen[path] = seen.get(path, 0) + 1
        if seen[path] > 1:
            path += "--%d" % seen[path]
        mine = key + (t.get("number", 0) if parent else t["name"],)
        yield path, t, mine
        yield from results(t.get("subtests", []), path, mine)


def _compact(obj):
    """obj without empty or None values: the schema allows no null, and
    an empty value says nothing."""
    return dict((k, v) for k, v in obj.items()
                if v is not None and v != "" and v != {} and v != [])


def _seconds(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _tail(text, limit):
    """The last limit characters of text, from a line's start."""
    if len(text) <= limit:
        return text
    cut = text[-limit:]
    return cut[cut.find("\n") + 1:] if "\n" in cut else cut


def status_of(test):
    if test.get("directive") == NOT_RUN:
        return "MISS"
    return STATUS.get(test["outcome"], "ERROR")


def _checkout(meta, series, checkout_id, origin, git_commit, url):
    """The checkout: the stable release the Debian source is, its
    series as the patchset (a kernel given as KERNEL= has neither)."""
    built = meta.get("kernel_input", "built") == "built"
    source = [meta.get(k) for k in ("ksrc_package", "ksrc_version",
                                    "changes_hash")]
    # "6.1.192-3" is upstream v6.1.192, on the stable tree's linux-6.1.y.
    m = re.match(r"(\d+)\.(\d+)(\.\d+)?-", meta.get("ksrc_version") or "")
    upstream = bool(m) and built
    return _compact({
        "id": checkout_id, "origin": origin,
        "tree_name": "stable" if upstream else meta.get("ksrc_package"),
        "git_repository_url": STABLE if upstream else None,
        "git_repository_branch": "linux-%s.%s.y" % m.group(1, 2)
        if upstream else None,
        "git_commit_name": "v%s.%s%s" % (m.group(1), m.group(2),
                                         m.group(3) or "")
        if upstream else None,
        "git_commit_hash": git_commit if upstream else None,
        "patchset_hash": meta.get("patchset_hash") if built else None,
        "start_time": meta.get("tree_time") if built else None,
        "comment": ("Debian %s %s with kstring's series %s" % tuple(source)
                    if all(source) else None)
        if built else
        # KERNEL=: a kernel given to the package, not built from a tree.
        "kernel given as KERNEL= (%s%s)" % (
            meta.get("kernel_input"),
            " %s %s" % (meta.get("kernel_package"),
                        meta.get("kernel_package_version"))
            if meta.get("kernel_package") else ""),
        "log_url": url("series.txt") if built else None,
        "valid": True,
        "misc": _compact(dict(
            [(k, meta.get(k)) for k in (
                "ksrc_package", "ksrc_version", "changes_hash", "tree_head",
                "series_id")] +
            # The series the tree held (tools/run/tested-series.sh).
            [("series", ["%s %s" % (p["patch_id"][:12], p["subject"])
                         for p in series] or None)])),
    })


def report(summary, origin="kstring", log_base=None, start_time=None,
           git_commit=None):
    """The KCIDB report of one judged run (judge.judge()'s summary).
    log_base: the URL the run's directory is published at (file://RUNDIR
    when it is not); start_time: when the run started, RFC 3339
    ("2025-01-31T12:00:00Z"), if known; git_commit: the stable tree's
    commit of the release the Debian source is, if the user knows it
    (KCIDB_GIT_COMMIT). The same run gives the same ids."""
    meta, vm = summary.get("meta", {}), summary.get("vm", {})
    if hasattr(start_time, "isoformat"):
        start_time = start_time.isoformat()
    variant = meta.get("variant") or "default"
    # An id is the origin's: unique among its objects of a kind. Missing
    # meta.env (older runs, the fixtures) reads "unknown".
    checkout_id = ":".join([origin] + [meta.get(k) or "unknown" for k in (
        "ksrc_package", "ksrc_version", "changes_hash")])
    build_id = "%s:%s:%s" % (checkout_id, variant,
                             meta.get("kernel_release") or "unknown")
    lava = bool(vm.get("lava_job"))

    def url(name):
        return log_base and name and "%s/%s" % (log_base.rstrip("/"), name)

    checkout = _checkout(meta, summary.get("series", []), checkout_id,
                         origin, git_commit, url)
    arch = meta.get("arch") or ("i386" if variant == "i386" else "x86_64")
    # A run boots a kernel that `make kernel` built (or was given): the
    # build passed. A failed build is a report of its own
    # (tools/run/build-failed.sh): the build FAIL, with its log, no tests.
    failed = summary["verdict"] == "build-failed"
    build = _compact({
        "id": build_id, "checkout_id": checkout_id, "origin": origin,
        "architecture": arch,
        "config_name": meta.get("kernel_config_source") or variant,
        "config_url": url("kernel.config") if meta.get("kernel_config")
        else None,
        "compiler": meta.get("compiler"),
        "comment": "Linux %s (%s)" % (meta["kernel_release"], variant)
        if meta.get("kernel_release") else None,
        "start_time": meta.get("kernel_build_time"),
        "status": "FAIL" if failed else "PASS",
        "log_url": url("build.log") if failed else None,
        "log_excerpt": _tail(summary.get("build_log", ""), EXCERPT_MAX)
        if failed else None,
        # The build that made this kernel (its stamp; an incremental
        # build's time, not a cold one's).
        "duration": _seconds(meta.get("kernel_build_seconds")),
        "misc": _compact(dict([("variant", variant)] + [
            (k, meta.get(k)) for k in (
                "kernel_release", "kernel_image", "kernel_sha256",
                "kernel_input", "kernel_input_path", "kernel_package",
                "kernel_package_version")])),
    })

    if failed:
        return {"version": {"major": MAJOR, "minor": MINOR},
                "checkouts": [checkout], "builds": [build], "tests": []}
    platform = "lava-qemu-%s" % arch if lava else "qemu-%s" % arch
    environment = _compact({
        "comment": ("LAVA qemu device (lava-run)" if lava
                    else "QEMU guest") + (", accelerator %s" % vm["accel"]
                                   if vm.get("accel") else ""),
        "misc": _compact({"platform": platform, "accel": vm.get("accel"),
                          "accel_note": vm.get("accel_note")}),
    })
    run_id = summary["run_id"]
    verdict = summary["verdict"]
    reasons = summary.get("reasons", [])[:3]
    # The VM's seconds are the run's, boot and all tests: the boot node's
    # duration. KCIDB has no run object, so each test gets the run's
    # start_time.
    boot = {"path": "boot", "status": BOOT.get(verdict, "ERROR"),
            "comment": "verdict %s%s" % (verdict, ": " + "; ".join(
                reasons) if reasons else ""),
            "duration": _seconds(vm.get("seconds")),
            "output_files": [{"name": n, "url": url(n)}
                             for n in (LAVA_OUTPUT_FILES if lava
                                       else OUTPUT_FILES)]
            if log_base else None,
            "misc": _compact({"verdict": verdict,
                              "exit_code": summary.get("exit_code"),
                              "vm_status": vm.get("status"),
                              "qemu_rc": vm.get("qemu_rc"),
                              "timeout": vm.get("timeout"),
                              "tests": meta.get("tests")})}
    nodes = [boot]
    for path, t, _ in results(summary["tests"]):
        node = {"path": path, "status": status_of(t),
                "comment": t.get("directive"),
                "misc": {"outcome": t["outcome"], "name": t["name"]}}
        if path == KERNEL_LOG_PATH and t["outcome"] == "fail":
            node["log_excerpt"] = "\n".join(
                summary.get("console_problems", []))[:EXCERPT_MAX]
        nodes.append(node)

    tests, seen = [], {}
    for node in nodes:
        # Ids from the path: stable for the run; a repeated path (two
        # results of one name) gets "#2", "#3", never a path character.
        test_id = "%s:%s:%s" % (build_id, run_id, node["path"])
        seen[test_id] = seen.get(test_id, 0) + 1
        if seen[test_id] > 1:
            test_id += "#%d" % seen[test_id]
        node["misc"]["run_id"] = run_id
        tests.append(_compact(dict(
            node, id=test_id, build_id=build_id, origin=origin,
            environment=environment, start_time=start_time,
            log_url=url("lava.log" if lava
                        else LOGS.get(node["path"].split(".")[0])))))
    return {"version": {"major": MAJOR, "minor": MINOR},
            "checkouts": [checkout], "builds": [build], "tests": tests}


# validate(): the v5.3 schema on every field report() writes, without the
# jsonschema package, and stricter where the schema leaves a "format" to
# optional checkers: a date-time must be a real one (RFC 3339), a URI
# must be RFC 3986's characters with a scheme. A check is a regex its
# string must match whole, a tuple of values, a type, or a function.
ORIGIN = re.compile(r"[a-z0-9_]+")
ID = re.compile(r"[a-z0-9_]+:[^\0]*")
PATH = re.compile(r"([A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)?")
TEXT = re.compile(r"[^\0]*")
URI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:"
                 r"([A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=-]|%[0-9A-Fa-f]{2})+")
RFC3339 = re.compile(r"(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)"
                     r"(\.\d+)?([Zz]|[+-](\d\d):(\d\d))")


def TIME(value):
    """An RFC 3339 date-time that exists: no 2025-13-31, no 25:00."""
    m = isinstance(value, str) and RFC3339.fullmatch(value)
    if not m:
        return False
    try:
        datetime.datetime(*(int(g) for g in m.group(1, 2, 3, 4, 5, 6)))
    except ValueError:
        return False
    return m.group(9) is None or (int(m.group(9)) < 24 and
                                  int(m.group(10)) < 60)


def _text(limit):
    return lambda v: isinstance(v, str) and "\0" not in v and len(v) <= limit


def _resources(value):
    return isinstance(value, list) and all(
        isinstance(r, dict) and set(r) == {"name", "url"} and
        isinstance(r["name"], str) and re.fullmatch(r"[^/\0]+", r["name"])
        and isinstance(r["url"], str) and URI.fullmatch(r["url"])
        for r in value)


def _number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


COMMON = {"_timestamp": TIME, "id": ID, "origin": ORIGIN, "comment": TEXT,
          "start_time": TIME, "log_url": URI,
          "log_excerpt": _text(EXCERPT_MAX), "misc": dict}
COMPATIBLE = re.compile(r"[^ \0]+(,[^ \0]+)*")


def _environment(v):
    return (isinstance(v, dict) and set(v) <= {"compatible", "comment",
                                              "misc"}
            and _check(TEXT, v.get("comment", ""))
            and isinstance(v.get("misc", {}), dict)
            and isinstance(v.get("compatible", []), list)
            and all(_check(COMPATIBLE, c) for c in v.get("compatible", [])))


def _measurement(v):
    return (isinstance(v, dict) and set(v) <= {"value", "unit", "prefix"}
            and _number(v.get("value")) and _check(TEXT, v.get("unit", ""))
            and v.get("prefix", "metric") in ("metric", "binary"))


FIELDS = {
    "checkouts": (("id", "origin"), dict(
        COMMON, tree_name=TEXT,
        git_repository_url=lambda v: (_check(URI, v) and
                                      v.startswith("https://")),
        git_commit_hash=re.compile("[0-9a-f]{40}"), git_commit_name=TEXT,
        git_commit_tags=lambda v: isinstance(v, list) and all(
            _check(TEXT, t) for t in v),
        git_commit_message=TEXT,
        git_repository_branch=TEXT, git_repository_branch_tip=bool,
        patchset_files=_resources,
        patchset_hash=re.compile("([0-9a-f]{64})?"), message_id=TEXT,
        origin_builds_finish_time=TIME, origin_tests_finish_time=TIME,
        valid=bool)),
    "builds": (("checkout_id", "id", "origin"), dict(
        COMMON, checkout_id=ID, duration=_number,
        architecture=re.compile("[a-z0-9_]*"), command=TEXT, compiler=TEXT,
        input_files=_resources, output_files=_resources, config_name=TEXT,
        config_url=URI, status=STATUSES)),
    "tests": (("build_id", "id", "origin"), dict(
        COMMON, build_id=ID, path=PATH, status=STATUSES, duration=_number,
        input_files=_resources, output_files=_resources,
        number=_measurement, environment=_environment)),
}
# What an object's reference must name, in the same report.
REFERENCES = {"builds": ("checkout_id", "checkouts"),
              "tests": ("build_id", "builds")}


def _check(check, value):
    if isinstance(check, re.Pattern):
        return isinstance(value, str) and check.fullmatch(value) is not None
    if isinstance(check, tuple):
        return value in check
    if isinstance(check, type):
        return isinstance(value, check)
    return bool(check(value))


def _nulls(value, where):
    """Problems of nulls and NUL characters (v5 allows neither, except
    within "misc")."""
    if value is None:
        return ["%s: null" % where]
    if isinstance(value, str):
        return ["%s: NUL character" % where] if "\0" in value else []
    items = (value.items() if isinstance(value, dict) else
             enumerate(value) if isinstance(value, list) else [])
    return [p for k, v in items if k != "misc"
            for p in _nulls(v, "%s.%s" % (where, k))]


def validate(report):
    """The report's problems against the schema, on every field report()
    writes; ids repeated within a list (KCIDB would keep only one), ids
    not of their object's origin, and references to objects the report
    does not hold (report() writes each run's whole chain)."""
    if not isinstance(report, dict):
        return ["report: not an object"]
    problems = ["report: unknown field %s" % k for k in sorted(report)
                if k not in ("version", "issues", "incidents", *FIELDS)]
    version = report.get("version")
    if not (isinstance(version, dict) and set(version) <= {"major", "minor"}
            and version.get("major") == MAJOR
            and type(version.get("minor", 0)) is int
            and 0 <= version.get("minor", 0) <= MINOR):
        problems.append("version: %r is not %d.0 to %d.%d"
                        % (version, MAJOR, MAJOR, MINOR))
    for kind, (required, fields) in FIELDS.items():
        objects = report.get(kind, [])
        if not isinstance(objects, list):
            problems.append("%s: not a list" % kind)
            continue
        ids = set()
        for i, obj in enumerate(objects):
            where = "%s[%d]" % (kind, i)
            if not isinstance(obj, dict):
                problems.append("%s: not an object" % where)
                continue
            problems += ["%s: no %s" % (where, f) for f in required
                         if f not in obj]
            problems += ["%s: %s %s" % (where, k, "unknown field"
                                        if k not in fields else
                                        "is %r" % (v,))
                         for k, v in obj.items() if k not in fields or
                         v is not None and not _check(fields[k], v)]
            problems += _nulls(obj, where)
            if obj.get("id") in ids:
                problems.append("%s: id %r repeated" % (where, obj["id"]))
            ids.add(obj.get("id"))
            # An id is its origin's: "ORIGIN:...".
            if (isinstance(obj.get("id"), str) and
                    isinstance(obj.get("origin"), str) and
                    not obj["id"].startswith(obj["origin"] + ":")):
                problems.append("%s: id %r is not origin %r's" % (
                    where, obj["id"], obj["origin"]))
            ref = REFERENCES.get(kind)
            if ref and ref[0] in obj and obj[ref[0]] not in [
                    o.get("id") for o in report.get(ref[1], [])
                    if isinstance(o, dict)]:
                problems.append("%s: %s %r is in no %s of the report" % (
                    where, ref[0], obj[ref[0]], ref[1][:-1]))
    return problems
