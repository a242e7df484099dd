#!/usr/bin/env python3
"""Drives JSON-Schema-Test-Suite (draft2020-12, required tests) through the amc CLI.

Usage: suite_via_cli.py SUITE_DIR AMC_BIN [--expected FILE] [-j N] [-v]

Every test of SUITE_DIR/tests/draft2020-12/*.json (not optional/) runs as its own process:
    amc validate --no-format-assert --schema <tmp>/schema.json
                 --map-uri http://localhost:1234/=SUITE_DIR/remotes <tmp>/instance.json
(format is an annotation in the required tests, hence --no-format-assert). Exit status 0 must
match "valid": true and 1 "valid": false; anything else (2, a crash) is a failure. A schema
without "$id" gets the file:// URI of its temporary file as base URI.

This is the independent check of the engine: it goes through the CLI's file handling, the
loader and the exit codes, not through the test runner linked to the library
(tests/schema/jsts_run.c). --expected takes the same expected-failures file as that runner
("file:group description:test description  # reason" per line); listed failures are reported
but do not fail the run, and a listed test that passes is an error (the list must shrink).

Prints the failures, then "N passed, M failed" (plus ", K skipped" for listed expected failures), and
exits 0 when nothing unexpected happened, 1 otherwise (a missing SUITE_DIR included: the suite
is committed in the repository, a test that cannot run fails).
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile


def load_expected(path):
    exp = set()
    if not path or not os.path.exists(path):
        return exp
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                exp.add(line)
    return exp


def run_case(amc, suite, tmpdir, idx, schema, data):
    d = os.path.join(tmpdir, str(idx))
    os.makedirs(d, exist_ok=True)
    sp = os.path.join(d, "schema.json")
    ip = os.path.join(d, "instance.json")
    with open(sp, "w", encoding="utf-8") as f:
        json.dump(schema, f, ensure_ascii=False)
    with open(ip, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False)
    cmd = [amc, "validate", "--no-format-assert", "--schema", sp,
           "--map-uri", "http://localhost:1234/=" + os.path.join(suite, "remotes"), ip]
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=60)
        return p.returncode, p.stdout.decode("utf-8", "replace") + p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return -1, "timeout"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("suite")
    ap.add_argument("amc")
    ap.add_argument("--expected")
    ap.add_argument("-j", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    tests_dir = os.path.join(a.suite, "tests", "draft2020-12")
    if not os.path.isdir(tests_dir):
        print(f"FAIL: {tests_dir} not found (the suite is committed under tests/external/)")
        return 1
    expected = load_expected(a.expected)
    cases = []
    for name in sorted(os.listdir(tests_dir)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(tests_dir, name), encoding="utf-8") as f:
            groups = json.load(f)
        for g in groups:
            for t in g["tests"]:
                key = f"{name}:{g['description']}:{t['description']}"
                cases.append((key, g["schema"], t["data"], t["valid"]))
    passed = failed = xfailed = 0
    problems = []
    with tempfile.TemporaryDirectory(prefix="amc-jsts-") as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
            futs = [ex.submit(run_case, a.amc, a.suite, tmp, i, c[1], c[2])
                    for i, c in enumerate(cases)]
            for (key, _schema, _data, valid), fut in zip(cases, futs):
                code, out = fut.result()
                ok = code == (0 if valid else 1)
                listed = key in expected
                if ok and not listed:
                    passed += 1
                elif ok and listed:
                    failed += 1
                    problems.append(f"UNEXPECTED PASS (remove from the list): {key}")
                elif listed:
                    xfailed += 1
                    if a.v:
                        problems.append(f"expected failure: {key} (exit {code})")
                else:
                    failed += 1
                    want = "valid (exit 0)" if valid else "invalid (exit 1)"
                    problems.append(f"FAIL {key}: want {want}, got exit {code}\n    "
                                    + "\n    ".join(out.strip().splitlines()[:6]))
    for p in problems:
        print(p)
    tail = f", {xfailed} skipped" if xfailed else ""  # listed expected failures
    print(f"{passed} passed, {failed} failed{tail}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
