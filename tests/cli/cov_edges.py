#!/usr/bin/env python3
"""ctest cli.cov_edges: CLI output at its edges that a golden file cannot hold (file names with
characters a repository should not carry), each asserted exactly (issue 22).

usage: cov_edges.py AMC SOURCE_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
TMP = tempfile.mkdtemp(prefix="amc-covedges-")
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def amc(args, **kw):
    return subprocess.run([AMC] + args, cwd=TMP, capture_output=True, text=True,
                          errors="replace", timeout=120, **kw)


# 1. SARIF artifact URIs: letters and digits at both ends of their ranges kept, the characters
# next to them ('`' '{' '[') percent-encoded, like a space, '%' and UTF-8 bytes; '~' kept; a
# first segment with ':' (it would read as a scheme) prefixed with "./"
name = "Zz9 aA0`{[\u00e9%~.json"
os.makedirs(os.path.join(TMP, "a:b"))
for f in (name, "a:b/x.json"):
    with open(os.path.join(TMP, f), "w") as fh:
        fh.write('{"a": 1, "a": 2}\n')
p = amc(["validate", "--format", "sarif", "--schema",
         os.path.join(SRC, "tests/data/schema/address.schema.json"), name, "a:b/x.json"])
uris = []
if p.returncode == 1:
    for r in json.loads(p.stdout)["runs"][0]["results"]:
        for loc in r["locations"]:
            uris.append(loc["physicalLocation"]["artifactLocation"]["uri"])
if sorted(set(uris)) != ["./a:b/x.json", "Zz9%20aA0%60%7B%5B%C3%A9%25~.json"]:
    fail(f"sarif uris: exit {p.returncode}, {uris}\n{p.stderr}")

shutil.rmtree(TMP, ignore_errors=True)
if failures:
    print(f"{len(failures)} failure(s)")
    sys.exit(1)
print("cli.cov_edges: ok")
