#!/usr/bin/env python3
"""Which tests run which lines of src/, over the whole coverage build (docs/testing.md).

Runs every ctest test of a gcc --coverage build (ci/coverage.sh builds one) on its own, with
GCOV_PREFIX pointing at a directory of its own (child processes inherit it, so the amc
processes a CLI test starts count for that test), then reads each directory's counts with gcov
and writes, per line of src/ that some test executes, the tests that execute it:

  {"src_hash": sha256 of src/, "file_hashes": {"src/x.c": sha256},
   "tests": [{"name", "secs", "passed"}, ...], "files": {"src/x.c": {"LINE": [test index, ...]}}}

ci/mutate.py makes the same map itself, during its clean run, for the files of its sample only
(lines_of below reads the counts); this script makes it for every file, to answer "which tests
run this line" by hand.

Usage: ci/testmap.py [BUILD_DIR] [-j N] [-o OUT]   (default build/coverage, OUT
BUILD_DIR/testmap.json). A test that fails here still maps what it ran (reported).
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def src_hash(root):
    """sha256 over the paths and contents of src/**/*.c and *.h (ci/mutate.py compares it)."""
    h = hashlib.sha256()
    for d, dirs, fs in sorted(os.walk(os.path.join(root, "src"))):
        dirs.sort()
        for f in sorted(fs):
            if f.endswith((".c", ".h", ".inc", ".def")):
                p = os.path.join(d, f)
                h.update(os.path.relpath(p, root).encode() + b"\0" + open(p, "rb").read())
    return h.hexdigest()


def file_hashes(root):
    """{src file: sha256 of its content}: a mutant uses the map only when its file is unchanged
    since the map was made (its line numbers still mean the same code)."""
    out = {}
    for d, _, fs in os.walk(os.path.join(root, "src")):
        for f in fs:
            if f.endswith((".c", ".h")):
                p = os.path.join(d, f)
                out[os.path.relpath(p, root)] = hashlib.sha256(open(p, "rb").read()).hexdigest()
    return out


def ctest_tests(build):
    out = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"],
                         stdout=subprocess.PIPE, check=True, text=True).stdout
    tests = []
    for t in json.loads(out)["tests"]:
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        tests.append({"name": t["name"], "command": t["command"],
                      "cwd": props.get("WORKING_DIRECTORY", build),
                      "timeout": float(props.get("TIMEOUT", 1500)),
                      "long": float(props.get("TIMEOUT", 0)),
                      "will_fail": bool(props.get("WILL_FAIL", False)),
                      "env": props.get("ENVIRONMENT", [])})
    return tests


def run_test(t, prefix):
    env = dict(os.environ, GCOV_PREFIX=prefix, GCOV_PREFIX_STRIP="0")
    for kv in t["env"]:
        k, _, v = kv.partition("=")
        env[k] = v
    t0 = time.time()
    p = subprocess.Popen(t["command"], cwd=t["cwd"], env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        rc = p.wait(timeout=t["timeout"])
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        rc = -9
    ok = (rc != 0) if t["will_fail"] else (rc == 0)
    return ok, time.time() - t0


def lines_of(prefix, build, root, recorded=None):
    """{src file: set of executed lines} from the .gcda files under prefix. With recorded (a
    dict), also adds to recorded[file] every line gcov has a record for, run or not: a line
    without one (a continuation line of a statement whose code gcc attributes to another line)
    says nothing about whether it runs."""
    base = prefix + os.path.abspath(build)
    gcdas = []
    for d, _, fs in os.walk(base):
        for f in fs:
            if f.endswith(".gcda") and "/src/" in os.path.join(d, f):
                gcdas.append(os.path.join(d, f))
    for g in gcdas:  # gcov wants the .gcno beside the .gcda
        gcno = os.path.join(build, os.path.relpath(g, base))[:-5] + ".gcno"
        link = g[:-5] + ".gcno"
        if not os.path.lexists(link):
            os.symlink(os.path.abspath(gcno), link)
    res = {}
    if not gcdas:
        return res
    out = subprocess.run(["gcov", "-j", "-t"] + gcdas, cwd=prefix or None,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                         errors="replace").stdout
    src = os.path.join(root, "src") + os.sep
    for doc in out.split("\n"):
        if not doc.strip().startswith("{"):
            continue
        j = json.loads(doc)
        cwd = j.get("current_working_directory", root)
        for f in j.get("files", []):
            p = os.path.normpath(os.path.join(cwd, f["file"]))
            if not p.startswith(src):
                continue
            rel = os.path.relpath(p, root)
            s = res.setdefault(rel, set())
            rec = recorded.setdefault(rel, set()) if recorded is not None else None
            for ln in f["lines"]:
                if ln["count"] > 0:
                    s.add(ln["line_number"])
                if rec is not None:
                    rec.add(ln["line_number"])
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("build", nargs="?", default=os.path.join(ROOT, "build", "coverage"))
    ap.add_argument("-j", "--jobs", type=int, default=min(os.cpu_count() or 2, 2))
    ap.add_argument("-o", "--out")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    out = a.out or os.path.join(build, "testmap.json")
    scratch = os.path.join(build, "testmap")
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    tests = ctest_tests(build)
    t0 = time.time()

    def one(i):
        prefix = os.path.join(scratch, "t%d" % i)
        os.makedirs(prefix)
        ok, secs = run_test(tests[i], prefix)
        lines = lines_of(prefix, build, ROOT)
        shutil.rmtree(prefix, ignore_errors=True)
        return i, ok, secs, lines

    files = {}
    info = [None] * len(tests)
    # tests with a long TIMEOUT (the slow ones) first, so that they overlap with the rest
    order = sorted(range(len(tests)), key=lambda i: -tests[i]["long"])
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = [ex.submit(one, i) for i in order]
        for fu in concurrent.futures.as_completed(futs):
            i, ok, secs, lines = fu.result()
            info[i] = {"name": tests[i]["name"], "secs": round(secs, 2), "passed": ok}
            if not ok:
                print("testmap: %s failed (its lines are still mapped)" % tests[i]["name"],
                      file=sys.stderr)
            for f, ls in lines.items():
                m = files.setdefault(f, {})
                for ln in ls:
                    m.setdefault(str(ln), []).append(i)
    shutil.rmtree(scratch, ignore_errors=True)
    json.dump({"src_hash": src_hash(ROOT), "file_hashes": file_hashes(ROOT), "tests": info,
               "files": files}, open(out, "w"))
    nlines = sum(len(m) for m in files.values())
    print("testmap: %d tests, %d lines of src/ mapped, %.0f s -> %s"
          % (len(tests), nlines, time.time() - t0, os.path.relpath(out, ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
