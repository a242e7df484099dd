#!/usr/bin/env python3
"""ctest cli.lead_sign_tail: amc sign --write keeps a JSON Lines file byte for byte around the
envelopes it signs, a last line of blanks without a newline included (cmd_sign.c: the blank
line is copied with its newline only when one follows, `end < len`; the mutant `<=` appended the
NUL after the buffer: a survivor of seed 112908). The file: the first envelope of
conformance/mailbox/inputs/dup-001-e2e-redelivery.jsonl (correctly signed), then "\\n  ";
once with its signature emptied, which --write puts back.
Usage: lead_sign_tail.py AMC SOURCE_DIR."""
import os
import re
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
src = os.path.join(SRC, "conformance", "mailbox", "inputs", "dup-001-e2e-redelivery.jsonl")
first = open(src, "rb").read().split(b"\n")[0]
unsigned = re.sub(rb'"signature":"[0-9a-f]+"', b'"signature":""', first)
failures = []
with tempfile.TemporaryDirectory() as t:
    for name, line in (("signed", first), ("unsigned", unsigned)):
        path = os.path.join(t, name + ".jsonl")
        with open(path, "wb") as f:
            f.write(line + b"\n  ")
        p = subprocess.run([AMC, "sign", "--write", path], capture_output=True, timeout=60)
        got = open(path, "rb").read()
        if p.returncode != 0 or got != first + b"\n  ":
            failures.append(f"{name}: exit {p.returncode}, file ends {got[-12:]!r}, want the "
                            f"signed line then b'\\n  '\n{p.stdout!r}{p.stderr!r}")
for f in failures:
    print("FAIL:", f)
print(f"lead_sign_tail: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
