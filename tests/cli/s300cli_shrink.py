#!/usr/bin/env python3
"""ctest cli.s300cli_shrink: the shrinker's last pass deletes chunks down to 1 byte for an input of
at most 512 bytes, 4 bytes up to 4096, 16 above (issue 22: cli_fuzz_shrink.c:405, n > 512 and
n > 4096 made >=, survivors of the 300-mutant run, seed 112901). An adapter that says "valid" for
an input of at least K bytes (tests/cli/cov_fuzz_adapter.py big:K) against amc's "invalid" makes
a verdict finding of a seed of letters and digits (no brackets, quotes, lines or repeats the other
passes could cut) that only deletions small enough keep: 512 bytes with K = 511 shrink to 511 (a
1-byte chunk), 4096 with K = 4092 to 4092 (4 bytes), 4113 with K = 4100 not at all (16 bytes
are too many, 4 would do); and 512 with K = 300 to 300: the pass that cut a chunk reports it, so
the shrinking goes on (cli_fuzz_shrink.c:410).

usage: s300cli_shrink.py AMC SOURCE_DIR"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
tmp = tempfile.mkdtemp(prefix="amc-s300cli-shrink-")
try:
    for n, k, want in ((512, 511, 511), (4096, 4092, 4092), (4113, 4100, 4113),
                       (512, 300, 300)):
        rnd = random.Random(7)
        seeds = os.path.join(tmp, f"seeds{n}-{k}")
        os.makedirs(seeds)
        with open(os.path.join(seeds, "s.txt"), "w") as fh:
            fh.write("".join(rnd.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(n)))
        out = os.path.join(tmp, f"out{n}-{k}")
        adapter = f"{sys.executable} {SRC}/tests/cli/cov_fuzz_adapter.py big:{k} {AMC}"
        p = subprocess.run([AMC, "fuzz", "--profile", "mailbox", "--corpus", seeds, "--impl",
                            adapter, "--runs", "1", "--seed", "1", "--out", out, "-q"],
                           capture_output=True, text=True, timeout=120)
        fs = []
        if os.path.exists(os.path.join(out, "findings.jsonl")):
            fs = [json.loads(line) for line in open(os.path.join(out, "findings.jsonl"))]
        got = [(f["kind"], f["class"], f["original_size"], f["size"]) for f in fs]
        if p.returncode != 1 or got != [("verdict", "impl-valid", n, want)]:
            failures.append(f"{n} bytes, valid from {k}: exit {p.returncode}, findings {got}, "
                            f"want [('verdict', 'impl-valid', {n}, {want})]\n{p.stderr[-400:]}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
