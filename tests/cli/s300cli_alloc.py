#!/usr/bin/env python3
"""ctest cli.s300cli_alloc (AMC_ALLOC_FAILPOINTS builds): allocation failures at the end of an amc
fuzz run that stores one finding (issue 22: cli_fuzz_find.c:298, the `s->n < s->cap` after the
findings array failed to grow made <=, a survivor of the 300-mutant run, seed 112901: with the
first growth failed the mutant wrote the finding through a NULL array). The run (seed {} against
an exec validator that says valid: one verdict finding, shrunk to 1 byte) is counted clean, then
each of its last 12 allocations fails once (AMC_FAIL_ALLOC=N, tests/cli/alloc_fail_wrap.c): each
run ends as the clean one did (exit 1, one finding) or with exit 2 and "out of memory" on
standard error, never a crash. Not labelled 'sweep', so ci/mutate.py --quick runs it.

usage: s300cli_alloc.py AMC"""
import os
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
TAIL = 12
failures = []
tmp = tempfile.mkdtemp(prefix="amc-s300cli-alloc-")


def run(n, count=None):
    out = os.path.join(tmp, f"out{n}")
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    if count:
        env["AMC_FAIL_ALLOC_COUNT"] = count
    else:
        env["AMC_FAIL_ALLOC"] = str(n)
    p = subprocess.run([AMC, "fuzz", "--profile", "mailbox", "--corpus", seeds, "--impl-exec",
                        "exit 0 {file}", "--runs", "1", "--seed", "1", "--out", out, "-q"],
                       capture_output=True, text=True, timeout=60, env=env)
    path = os.path.join(out, "findings.jsonl")
    lines = len(open(path).read().splitlines()) if os.path.exists(path) else 0
    shutil.rmtree(out, ignore_errors=True)
    return p, lines


try:
    seeds = os.path.join(tmp, "seeds")
    os.makedirs(seeds)
    with open(os.path.join(seeds, "s.json"), "w") as fh:
        fh.write("{}")
    count = os.path.join(tmp, "count")
    clean, lines = run("clean", count)
    try:
        total = int(open(count).read().strip())
    except (OSError, ValueError):
        print("s300cli_alloc: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)
    if clean.returncode != 1 or lines != 1:
        failures.append(f"clean run: exit {clean.returncode}, {lines} finding line(s)\n"
                        f"{clean.stderr[-300:]}")
    for n in range(max(0, total - TAIL), total):
        p, lines = run(n)
        same = p.returncode == 1 and lines == 1
        nomem = p.returncode == 2 and "out of memory" in p.stderr
        if not (same or nomem):
            failures.append(f"allocation {n} of {total} failed: exit {p.returncode}, {lines} "
                            f"finding line(s)\n{p.stderr[-300:]}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
