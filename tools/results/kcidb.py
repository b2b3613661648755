# SPDX-License-Identifier: GPL-2.0
"""A judged run as a report for KCIDB, KernelCI's common results database.

The report follows KCIDB I/O schema v5.3 (kcidb_io/schema/v05_03.py in
kernelci/kcidb-io): it is that package's LATEST, and kernelci/kcidb
stores v5.3 (its kcidb.io.SCHEMA). KCIDB still takes v4 reports, but
upgrades each to v5 on submission. Where this module cares, v5 differs
from v4.5 in that a build has a "status" (the tests' enum) for "valid",
a test has no "waived", and a test path cannot have empty components.

One run is one checkout (the Debian source package with kstring's
series), one build (the variant's kernel) and one test node for each
result, nested subtest and cross-check of the judged run, plus a "boot"
node for the run itself (see BOOT).
"""

import re

from judge import KERNEL_LOG_CHECK

MAJOR, MINOR = 5, 3
STATUSES = ("FAIL", "ERROR", "MISS", "PASS", "DONE", "SKIP")
# An outcome (parse.outcome_of) -> test status. A timed-out test did not
# complete: the schema's ERROR, the tested code's status unknown.
STATUS = {"pass": "PASS", "xfail": "PASS", "skip": "SKIP", "fail": "FAIL",
          "timeout": "ERROR"}
# The verdict -> the "boot" node's status. A panicked, hung or broken run
# has lost results that no node would show failed (judge adds a failed
# "never reported" result only when the guest printed the TAP plan), so
# this node carries the verdict: FAIL for a panic or reset (the kernel
# died), ERROR for a hang (no verdict; the code's status unknown), MISS
# for an infrastructure error (the harness failed, nothing is known).
BOOT = {"passed": "PASS", "tests-failed": "PASS", "panic": "FAIL",
        "hung": "ERROR", "infra-error": "MISS"}
# The prefixes of judge's cross-checks -> the root of their paths.
CHECKS = {"dmesg": "dmesg", "kernel-log": "kernel_log", "kunit": "kunit"}
# The path's root -> the run's file its tests' output is in.
LOGS = {"boot": "console.log", "kselftest": "kselftest.tap",
        "dmesg": "dmesg.log", "kernel_log": "console.log",
        "kunit": "dmesg.log"}
OUTPUT_FILES = ("dmesg.log", "kselftest.tap", "junit.xml", "summary.json")
# A LAVA job's run (tools/lava/run.sh) has one log: lava-run's.
LAVA_OUTPUT_FILES = ("lava.log", "job.yaml", "junit.xml", "summary.json")
EXCERPT_MAX = 16384


def _component(name):
    """A name as one path component: the characters the schema allows,
    never empty (a v5 path has no empty components)."""
    return re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "_"


def path_of(name):
    """The test path of a top-level result: "lib:strscpy.sh" is
    "kselftest.lib.strscpy_sh", "dmesg:test_printf" "dmesg.test_printf",
    "kunit:string" "kunit.string" (KUnit's own paths)."""
    if name == KERNEL_LOG_CHECK:
        return "kernel_log.clean"
    prefix, sep, rest = name.partition(":")
    if sep and prefix in CHECKS:
        return "%s.%s" % (CHECKS[prefix], _component(rest))
    return ".".join(["kselftest"] + [_component(p) for p in name.split(":")])


def _results(tests, parent=None):
    """(path, result) of each result and its subtests, at any depth."""
    for t in tests:
        # A failing subtest's name goes on with what it expected and got
        # (parse_integer.sh): the path keeps what names the test only.
        name = re.split(r" (?:expected|got) ", t["name"])[0]
        path = ("%s.%s" % (parent, _component(name)) if parent
                else path_of(t["name"]))
        yield path, t
        yield from _results(t.get("subtests", []), path)


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


def report(summary, origin="kstring", log_base=None, start_time=None):
    """The KCIDB report of one judged run (judge.judge()'s summary).
    log_base: the URL the run's directory is published at, if it is;
    start_time: when the run started, RFC 3339 ("2025-01-31T12:00:00Z"),
    if known. The same run gives the same ids."""
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

    # No git_commit_hash: the tree's HEAD (tree_head, short) is a local
    # commit of the imported tarball that no public repository has.
    source = [meta.get(k) for k in ("ksrc_package", "ksrc_version",
                                    "changes_hash")]
    checkout = _compact({
        "id": checkout_id, "origin": origin,
        "tree_name": meta.get("ksrc_package"),
        "comment": ("Debian %s %s with kstring's series %s" % tuple(source)
                    if all(source) else None)
        if meta.get("kernel_input", "built") == "built" else
        # KERNEL=: a kernel given to the package, not built from a tree.
        "kernel given as KERNEL= (%s%s)" % (
            meta.get("kernel_input"),
            " %s %s" % (meta.get("kernel_package"),
                        meta.get("kernel_package_version"))
            if meta.get("kernel_package") else ""),
        "valid": True,
        "misc": _compact(dict(
            [(k, meta.get(k)) for k in (
                "ksrc_package", "ksrc_version", "changes_hash", "tree_head",
                "series_id")] +
            # The series the tree held (tools/run/tested-series.sh).
            [("series", ["%s %s" % (p["patch_id"][:12], p["subject"])
                         for p in summary.get("series", [])] or None)])),
    })
    # A run boots a kernel that `make kernel` built: the build passed.
    build = _compact({
        "id": build_id, "checkout_id": checkout_id, "origin": origin,
        "architecture": meta.get("arch") or (
            "i386" if variant == "i386" else "x86_64"),
        "config_name": variant,
        "compiler": meta.get("compiler"),
        "comment": "Linux %s (%s)" % (meta["kernel_release"], variant)
        if meta.get("kernel_release") else None,
        "status": "PASS",
        # The last kernel build's time (build/timings, when recorded):
        # the incremental build's, not a cold one's.
        "duration": _seconds(summary.get("timings", {}).get("kernel")),
        "misc": _compact(dict((k, meta.get(k)) for k in (
            "kernel_release", "kernel_image", "kernel_sha256", "kernel_input",
            "kernel_input_path", "kernel_package", "kernel_package_version",
            "kernel_config_source"))),
    })

    environment = _compact({
        "comment": ("LAVA qemu device (lava-run)" if lava
                    else "QEMU guest") + (", accelerator %s" % vm["accel"]
                                   if vm.get("accel") else ""),
        "misc": _compact({"accel": vm.get("accel"),
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
    for path, t in _results(summary["tests"]):
        node = {"path": path, "status": STATUS.get(t["outcome"], "ERROR"),
                "comment": t.get("directive"),
                "misc": {"outcome": t["outcome"]}}
        if path == "kernel_log.clean" and t["outcome"] == "fail":
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


# validate(): the part of the v5.3 schema that report() relies on, without
# the jsonschema package. A check is a regex its string must match whole,
# a type, or a function.
ORIGIN = re.compile(r"[a-z0-9_]+")
ID = re.compile(r"[a-z0-9_]+:.*", re.S)
PATH = re.compile(r"([A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)?")
TIME = re.compile(r"\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(\.\d+)?"
                  r"([Zz]|[+-]\d\d:\d\d)")
URI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:[^\s]+")
TEXT = re.compile(r".*", re.S)


def _resources(value):
    return isinstance(value, list) and all(
        isinstance(r, dict) and set(r) == {"name", "url"} and
        isinstance(r["name"], str) and re.fullmatch(r"[^/]+", r["name"])
        and isinstance(r["url"], str) and URI.fullmatch(r["url"])
        for r in value)


def _number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


COMMON = {"_timestamp": TIME, "id": ID, "origin": ORIGIN, "comment": TEXT,
          "start_time": TIME, "log_url": URI, "log_excerpt": TEXT,
          "misc": dict}
FIELDS = {
    "checkouts": (("id", "origin"), dict(
        COMMON, tree_name=TEXT, git_repository_url=re.compile("https://.*"),
        git_commit_hash=re.compile("[0-9a-f]{40}"), git_commit_name=TEXT,
        git_commit_tags=list, git_commit_message=TEXT,
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
        number=lambda v: isinstance(v, dict) and _number(v.get("value")),
        environment=lambda v: isinstance(v, dict) and set(v) <= {
            "compatible", "comment", "misc"})),
}


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
    """The report's problems against the schema, as far as report() uses
    it, and ids repeated within a list (KCIDB would keep only one)."""
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
    return problems
