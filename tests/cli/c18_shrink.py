#!/usr/bin/env python3
"""ctest cli.c18_shrink: the shrinker's repetition pass takes a unit of up to 16 bytes (issue 22:
cli_fuzz_shrink.c:338 pass_repeats, `per <= 16` made <, survived the 300-mutant run, seed 112909).
An adapter that says "valid" for an input of at least 4993 bytes (tests/cli/cov_fuzz_adapter.py
big:4993) against amc's "invalid" makes a verdict finding of a seed of 5200 letters and digits:
200 random, a random 16-byte unit 300 times, 200 random. The repetition pass cuts whole units
while the input stays long enough: 12 of them, 5008 bytes; the chunk pass after it (16-byte
chunks above 4096 bytes) can cut nothing more. Without a 16-byte period the chunk pass does the
work alone, another way (4999 bytes with the mutant).

usage: c18_shrink.py AMC SOURCE_DIR"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
tmp = tempfile.mkdtemp(prefix="amc-c18-shrink-")
try:
    rnd = random.Random(3)
    alnum = "abcdefghijklmnopqrstuvwxyz0123456789"

    def text(n):
        return "".join(rnd.choice(alnum) for _ in range(n))
    head, tail, unit = text(200), text(200), text(16)
    seeds = os.path.join(tmp, "seeds")
    os.makedirs(seeds)
    with open(os.path.join(seeds, "s.txt"), "w") as fh:
        fh.write(head + unit * 300 + tail)
    out = os.path.join(tmp, "out")
    adapter = f"{sys.executable} {SRC}/tests/cli/cov_fuzz_adapter.py big:4993 {AMC}"
    p = subprocess.run([AMC, "fuzz", "--profile", "mailbox", "--corpus", seeds, "--impl", adapter,
                        "--runs", "1", "--seed", "1", "--out", out, "-q"],
                       capture_output=True, text=True, timeout=300)
    fs = []
    if os.path.exists(os.path.join(out, "findings.jsonl")):
        fs = [json.loads(line) for line in open(os.path.join(out, "findings.jsonl"))]
    got = [(f["kind"], f["class"], f["original_size"], f["size"]) for f in fs]
    want = [("verdict", "impl-valid", 5200, 5008)]
    if p.returncode != 1 or got != want:
        failures.append(f"exit {p.returncode}, findings {got}, want {want}\n{p.stderr[-400:]}")
    else:
        with open(os.path.join(out, fs[0]["input"])) as fh:
            shrunk = fh.read()
        if shrunk != head + unit * 288 + tail:
            failures.append("the shrunk input is not the seed with 12 units cut")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print(f"c18_shrink: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
