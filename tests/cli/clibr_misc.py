#!/usr/bin/env python3
"""Odd inputs no other test gives amc (issue 22, helper clibr), each with its exact output:
  1. a finding in a file whose path is longer than the 2 KiB line buffer the text report
     builds its lines in (the path goes out by itself, then the rest of the line), and in one
     whose path nearly fills it (the buffer goes out before the next piece)
     (cli_util.c lo_put, lo_flush),
  2. amc bowtie of a schema whose $ref loops: the validation ends at its limit and the test's
     verdict is "invalid" ({"valid": false}), not an errored case (cmd_bowtie.c test_result).
Usage: clibr_misc.py AMC (run from the source tree)."""
import json
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
SRC = os.getcwd()
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


with tempfile.TemporaryDirectory(prefix="amc-clibr-misc-") as t:
    # 1. a path longer than the line buffer
    deep = os.path.join(t, *(["d" * 200] * 12))
    os.makedirs(deep)
    inst = os.path.join(deep, "a.json")
    with open(inst, "w") as f:
        f.write("[]\n")
    schema = os.path.join(SRC, "tests/data/clibr/object.schema.json")
    p = subprocess.run([AMC, "validate", "--schema", schema, inst], capture_output=True,
                       timeout=60, env=dict(os.environ, NO_COLOR="1"))
    check(len(inst) > 2048 and p.returncode == 1 and
          p.stdout.decode() == inst + ":1:1: error[SCHEMA_TYPE]: expected object, got array\n",
          f"validate, a {len(inst)}-byte path: exit {p.returncode} {p.stdout[-120:]!r} "
          f"{p.stderr[-200:]!r}")

    # a path of 2 040 bytes: with ":1:1: " the buffer holds 2 046, "error" does not fit
    base = os.path.join(t, "n")
    os.makedirs(base)
    rest = 2040 - len(base) - len("/a.json")
    parts = []
    while rest > 0:
        k = min(200, rest - 1)
        parts.append("e" * k)
        rest -= k + 1
    near = os.path.join(base, *parts)
    os.makedirs(near)
    inst2 = os.path.join(near, "a.json")
    with open(inst2, "w") as f:
        f.write("[]\n")
    p = subprocess.run([AMC, "validate", "--schema", schema, inst2], capture_output=True,
                       timeout=60, env=dict(os.environ, NO_COLOR="1"))
    check(len(inst2) == 2040 and p.returncode == 1 and
          p.stdout.decode() == inst2 + ":1:1: error[SCHEMA_TYPE]: expected object, got array\n",
          f"validate, a {len(inst2)}-byte path: exit {p.returncode} {p.stdout[-120:]!r}")

# 2. a $ref loop in amc bowtie
reqs = [{"cmd": "start", "version": 1},
        {"cmd": "run", "seq": 1, "case": {
            "description": "d", "schema": {"$defs": {"a": {"$ref": "#/$defs/a"}},
                                           "$ref": "#/$defs/a"},
            "tests": [{"description": "t", "instance": 1}]}},
        {"cmd": "stop"}]
p = subprocess.run([AMC, "bowtie"], input="".join(json.dumps(r) + "\n" for r in reqs).encode(),
                   capture_output=True, timeout=60)
out = p.stdout.decode().splitlines()
check(p.returncode == 0 and out[1:] == ['{"seq":1,"results":[{"valid":false}]}'],
      f"bowtie, a $ref loop: exit {p.returncode} {out[1:]!r} {p.stderr!r}")

for f in failures:
    print("FAIL:", f)
print(f"clibr_misc: {len(failures)} failures")
sys.exit(1 if failures else 0)
