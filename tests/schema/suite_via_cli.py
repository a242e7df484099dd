#!/usr/bin/env python3
"""Drives JSON-Schema-Test-Suite (required tests) through the amc CLI, per draft.

Usage: suite_via_cli.py SUITE_DIR AMC_BIN [--draft NAME]... [--expected FILE] [--per-test]
                        [-j N] [-v]

For every test group of SUITE_DIR/tests/<draft>/*.json (not optional/) one process runs
    amc validate --no-format-assert --default-dialect <draft> --format json
                 --schema <tmp>/schema.json
                 --map-uri http://localhost:1234/=SUITE_DIR/remotes <tmp>/0.json <tmp>/1.json ...
with one instance file per test (format is an annotation in the required tests, hence
--no-format-assert; schemas without "$schema" are read in the group's draft, hence
--default-dialect). The exit status must be 0 when every test of the group is valid and 1 when
one is not (anything else, 2 or a crash, is a failure of every test of the group), and the JSON
report's "valid" of each instance file must equal the test's "valid". --per-test runs one
process per test instead and checks its exit status alone (slower: the form the 2020-12 runs
used before the drafts were added). A schema without "$id" gets the file:// URI of its
temporary file as base URI. --draft: draft2020-12, draft2019-09, draft7, draft6, draft4
(repeatable; default: all).

This is the independent check of the engine: it goes through the CLI's option parsing, file
handling, the loader, the report and the exit codes, not through the test runner linked to the
library (tests/schema/jsts_run.c). --expected takes the same expected-failures file as that
runner ("draft/file:group description:test description  # reason" per line); listed failures
are reported but do not fail the run, and a listed test that passes is an error (the list must
shrink).

Prints the failures, then per draft "DRAFT: N passed, M failed" (plus ", K expected failures"),
and exits 0 when nothing unexpected happened, 1 otherwise (a missing SUITE_DIR or draft
included: the suite is committed in the repository, a test that cannot run fails).
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

DRAFTS = ["draft2020-12", "draft2019-09", "draft7", "draft6", "draft4"]
DIALECT = {"draft2020-12": "2020-12", "draft2019-09": "2019-09", "draft7": "draft7",
           "draft6": "draft6", "draft4": "draft4"}


def load_expected(path):
    exp = set()
    if not path or not os.path.exists(path):
        return exp
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("  #", 1)[0].strip()
            if line and not line.startswith("#"):
                exp.add(line)
    return exp


def write(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False)


def base_cmd(amc, suite, draft, sp):
    return [amc, "validate", "--no-format-assert", "--default-dialect", DIALECT[draft],
            "--schema", sp, "--map-uri", "http://localhost:1234/=" + os.path.join(suite, "remotes")]


def run_group(amc, suite, draft, tmpdir, idx, schema, tests, per_test):
    """Returns one (ok, detail) per test of the group."""
    d = os.path.join(tmpdir, draft, str(idx))
    os.makedirs(d, exist_ok=True)
    sp = os.path.join(d, "schema.json")
    write(sp, schema)
    paths = []
    for i, t in enumerate(tests):
        p = os.path.join(d, f"{i}.json")
        write(p, t["data"])
        paths.append(p)
    if per_test:
        out = []
        for p, t in zip(paths, tests):
            try:
                r = subprocess.run(base_cmd(amc, suite, draft, sp) + [p], capture_output=True,
                                   timeout=60)
                code, text = r.returncode, (r.stdout + r.stderr).decode("utf-8", "replace")
            except subprocess.TimeoutExpired:
                code, text = -1, "timeout"
            want = 0 if t["valid"] else 1
            out.append((code == want, f"exit {code}, want {want}: " + text.strip()[:400]))
        return out
    cmd = base_cmd(amc, suite, draft, sp) + ["--format", "json"] + paths
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        return [(False, "timeout")] * len(tests)
    want_code = 0 if all(t["valid"] for t in tests) else 1
    err = r.stderr.decode("utf-8", "replace").strip()
    if r.returncode != want_code:
        return [(False, f"exit {r.returncode}, want {want_code}: {err[:400]}")] * len(tests)
    try:
        files = {f["file"]: f for f in json.loads(r.stdout)["files"]}
    except (ValueError, KeyError, TypeError) as e:
        return [(False, f"unreadable JSON report ({e}): {err[:400]}")] * len(tests)
    out = []
    for p, t in zip(paths, tests):
        f = files.get(p)
        if f is None:
            out.append((False, "instance missing from the report"))
        elif f["valid"] != t["valid"]:
            msgs = "; ".join(x["message"] for x in f.get("diagnostics", [])[:3])
            out.append((False, f"reported valid={f['valid']}: {msgs}"))
        else:
            out.append((True, ""))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("suite")
    ap.add_argument("amc")
    ap.add_argument("--draft", action="append", choices=DRAFTS)
    ap.add_argument("--expected")
    ap.add_argument("--per-test", action="store_true")
    ap.add_argument("-j", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    drafts = a.draft or DRAFTS
    expected = load_expected(a.expected)
    seen = set()
    failed_any = False
    summary = []
    with tempfile.TemporaryDirectory(prefix="amc-jsts-") as tmp:
        for draft in drafts:
            tests_dir = os.path.join(a.suite, "tests", draft)
            if not os.path.isdir(tests_dir):
                print(f"FAIL: {tests_dir} not found (the suite is committed under tests/external/)")
                failed_any = True
                continue
            groups = []
            for name in sorted(os.listdir(tests_dir)):
                if not name.endswith(".json"):
                    continue
                with open(os.path.join(tests_dir, name), encoding="utf-8") as f:
                    for g in json.load(f):
                        groups.append((name, g))
            passed = failed = xfailed = 0
            problems = []
            with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
                futs = [ex.submit(run_group, a.amc, a.suite, draft, tmp, i, g["schema"], g["tests"],
                                  a.per_test) for i, (_, g) in enumerate(groups)]
                for (name, g), fut in zip(groups, futs):
                    for t, (ok, detail) in zip(g["tests"], fut.result()):
                        key = f"{draft}/{name}:{g['description']}:{t['description']}"
                        listed = key in expected
                        seen.add(key)
                        if ok and not listed:
                            passed += 1
                        elif ok and listed:
                            failed += 1
                            problems.append(f"UNEXPECTED PASS (remove from the list): {key}")
                        elif listed:
                            xfailed += 1
                            if a.v:
                                problems.append(f"expected failure: {key}: {detail}")
                        else:
                            failed += 1
                            want = "valid" if t["valid"] else "invalid"
                            problems.append(f"FAIL {key} (want {want}): {detail}")
            for p in problems:
                print(p)
            tail = f", {xfailed} expected failures" if xfailed else ""
            summary.append(f"{draft}: {passed} passed, {failed} failed{tail}")
            failed_any = failed_any or failed > 0
    for k in sorted(expected):
        draft = k.split("/", 1)[0]
        if draft in drafts and "/optional/" not in k and k not in seen:
            print(f"STALE expected failure (no such test): {k}")
            failed_any = True
    for line in summary:
        print(line)
    return 1 if failed_any else 0


if __name__ == "__main__":
    sys.exit(main())
