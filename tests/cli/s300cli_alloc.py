#!/usr/bin/env python3
"""ctest cli.s300cli_alloc (AMC_ALLOC_FAILPOINTS builds): allocation failures at the end of an amc
fuzz run that stores one finding (issue 22: cli_fuzz_find.c:298, the `s->n < s->cap` after the
findings array failed to grow made <=, a survivor of the 300-mutant run, seed 112901: with the
first growth failed the mutant wrote the finding through a NULL array) and of the socket
profile's run, whose workers' arrays are allocated among its last 52 (cli_fuzz_msg.c:702,
`ws && jobs && sh.dict` made ||: the mutant went on without them; seed 112801). The runs (a
mailbox seed {} and the socket profile's own seeds against an exec validator that says valid,
run in a scratch folder without a config) are counted clean, then each of the last 12 (mailbox)
or 52 (socket; not in an ASan build, where the mailbox part runs alone) allocations fails once
(AMC_FAIL_ALLOC=N, tests/cli/alloc_fail_wrap.c): each run ends as the clean one did (its exit
status and number of findings) or with exit 2 and "out of memory" on standard error, never a
crash. Not labelled 'sweep', so ci/mutate.py --quick runs it.

usage: s300cli_alloc.py AMC"""
import os
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
tmp = tempfile.mkdtemp(prefix="amc-s300cli-alloc-")


def run(n, args, count=None):
    out = os.path.join(tmp, f"out{n}")
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    if count:
        env["AMC_FAIL_ALLOC_COUNT"] = count
    else:
        env["AMC_FAIL_ALLOC"] = str(n)
    p = subprocess.run([AMC, "fuzz"] + args + ["--impl-exec", "exit 0 {file}", "--runs", "1",
                                               "--seed", "1", "--out", out, "-q"],
                       capture_output=True, text=True, timeout=60, env=env, cwd=tmp)
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
    with open(AMC, "rb") as fh:
        asan = b"__asan_init" in fh.read()
    cases = [("mailbox", ["--profile", "mailbox", "--corpus", seeds], 12)]
    if not asan:  # about 0.1 s a run (the run's poll), 52 runs: the mutation build only
        cases.append(("socket", ["--profile", "socket"], 52))
    for what, args, tail in cases:
        clean, clean_lines = run("clean", args, count)
        try:
            total = int(open(count).read().strip())
        except (OSError, ValueError):
            print("s300cli_alloc: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
            sys.exit(0)
        if clean.returncode not in (0, 1) or clean_lines != clean.returncode:
            failures.append(f"{what}: clean run: exit {clean.returncode}, {clean_lines} finding "
                            f"line(s)\n{clean.stderr[-300:]}")
        for n in range(max(0, total - tail), total):
            p, lines = run(n, args)
            same = p.returncode == clean.returncode and lines == clean_lines
            nomem = p.returncode == 2 and "out of memory" in p.stderr
            if not (same or nomem):
                failures.append(f"{what}: allocation {n} of {total} failed: exit "
                                f"{p.returncode}, {lines} finding line(s)\n{p.stderr[-300:]}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
