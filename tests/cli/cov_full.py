#!/usr/bin/env python3
"""Output that cannot be written (issue 22): with standard output on /dev/full (ENOSPC), every
command ends with exit status 2 and one line on stderr ("amc: cannot write standard output:
...", or the command's own message) instead of its verdict (was: exit 0 or 1, the output lost
without a word); the same commands with standard output on /dev/null keep their verdict.
Usage: cov_full.py AMC (run from the source tree)."""
import subprocess
import sys

AMC = sys.argv[1]
PERSON = ["--schema", "tests/data/schema/person.schema.json",
          "--schema", "tests/data/schema/address.schema.json"]
CASES = [  # (args, exit status with stdout on /dev/null, the message with /dev/full)
    (["parse", "tests/data/parse/ok.json"], 0, b"amc: cannot write standard output: "),
    (["rules"], 0, b"amc: cannot write standard output: "),
    (["--help"], 0, b"amc: cannot write standard output: "),
    (["version"], 0, b"amc: cannot write standard output: "),
    (["validate", "--format", "json"] + PERSON + ["tests/data/schema/person-valid.json"], 0,
     b"amc: cannot write standard output: "),
    (["lint-schema", "tests/data/schema/lint/bounds.json"], 1, b"amc: cannot write standard output: "),
    (["trace", "check", "--profile", "ignite", "tests/data/trace/ignite-bad.jsonl"], 1,
     b"amc: cannot write standard output: "),
    (["schemas", "print", "mailbox/control.v1.schema.json"], 0, b"amc schemas: cannot write: "),
    (["report", "merge", "tests/data/report/shard-1.jsonl", "tests/data/report/shard-2.jsonl"], 1,
     b"amc report merge: cannot write the report: "),
]
failures = []
for args, want, msg in CASES:
    with open("/dev/null", "wb") as null:
        p = subprocess.run([AMC] + args, stdout=null, stderr=subprocess.PIPE, timeout=120)
    if p.returncode != want:
        failures.append(f"{args[:2]} > /dev/null: exit {p.returncode}, want {want}")
    with open("/dev/full", "wb") as full:
        p = subprocess.run([AMC] + args, stdout=full, stderr=subprocess.PIPE, timeout=120)
    lines = [ln for ln in p.stderr.split(b"\n") if ln]
    if p.returncode != 2 or len(lines) != 1 or not lines[0].startswith(msg):
        failures.append(f"{args[:2]} > /dev/full: exit {p.returncode}, stderr {p.stderr[:300]!r}")
for f in failures:
    print("FAIL", f)
print(f"cov_full: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
