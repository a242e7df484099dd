#!/usr/bin/env python3
"""ctest cli.lead_par_ring: `amc validate --jsonl -j 2` whose first batch is slow (one line, an
array of 30,000 numbers, each checked against 24 "anyOf" branches that all fail) and whose other
73,728 lines (nine batches of 8,192) are `[]`, valid and fast. While one worker checks the first
batch, the other reads and checks the next ones until the ring of 4 x 2 = 8 batches is full and
must then wait for the first batch to be written (cli_par.c, can_make). The output must be the
same bytes as with -j 1 and the summary "valid=73728 invalid=1". Issue 22: cli_par.c:48
`tail - head < window` made `<=`, a survivor: the waiting worker made a ninth batch into the
first batch's slot while it was still being checked (a crash, or lines lost).

usage: lead_par_ring.py AMC"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
PRIMES = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83,
          89, 97]
failures = []
tmp = tempfile.mkdtemp(prefix="amc-lead-par-")
try:
    schema = os.path.join(tmp, "s.json")
    lines = os.path.join(tmp, "in.jsonl")
    with open(schema, "w") as fh:
        json.dump({"type": "array", "items": {"anyOf": [{"multipleOf": p} for p in PRIMES]}}, fh)
    with open(lines, "w") as fh:
        fh.write(json.dumps([1] * 30000) + "\n")
        fh.write("[]\n" * (8192 * 9))
    env = dict(os.environ, AMC_NO_CONFIG="1")
    runs = {}
    for j in ("1", "2"):
        p = subprocess.run([AMC, "validate", "-j", j, "--schema", "s.json", "--jsonl", "in.jsonl"],
                           capture_output=True, timeout=300, env=env, cwd=tmp)
        runs[j] = p
    one, two = runs["1"], runs["2"]
    if one.returncode != 1 or not one.stderr.endswith(b"valid=73728 invalid=1\n"):
        failures.append(f"-j 1: exit {one.returncode}, stderr ends {one.stderr[-200:]!r}")
    if not one.stdout.startswith(b"in.jsonl:1:2: error[SCHEMA_ANY_OF]"):
        failures.append(f"-j 1: the first line's diagnostic is missing: {one.stdout[:200]!r}")
    if (two.returncode, two.stdout, two.stderr) != (one.returncode, one.stdout, one.stderr):
        failures.append(f"-j 2 differs from -j 1: exit {two.returncode}, "
                        f"{len(two.stdout)} bytes of stdout (not {len(one.stdout)}), "
                        f"stderr ends {two.stderr[-200:]!r}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("lead_par_ring:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
