#!/usr/bin/env python3
"""ctest cli.s300cli_audit: amc audit --format html sums up a file's findings in one line: the
first three, then "; and N more" (issue 22: cmd_audit.c:120 `i < 3 && off < 1000` made ||, a
survivor of the 300-mutant run, seed 112901: the mutant listed all six). The workspace is made
here from tests/data/audit/mailbox-bad's first inbox/claude message, with fields broken: six
findings (five schema errors and the signature) and three (two and the signature), whose line has
no "more"; the same line is the title of the file's mark in the SVG.

usage: s300cli_audit.py AMC SOURCE_DIR"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = sys.argv[1], sys.argv[2]
NAME = ("b04d639f-0055-496f-b261-38e6aafd88e9--1770804000000--"
        "0f4e2a52-6c1b-4bb8-9d0e-3c0d2a1f5e11.json")
tmp = tempfile.mkdtemp(prefix="amc-s300cli-audit-")
failures = []
E = "error[MAILBOX_SCHEMA_INVALID] MAILBOX-ENV-001: "
CONST = E + 'SCHEMA_CONST: "x" is not the required value 1'
ISSUED = E + "SCHEMA_TYPE: expected string, got number"
MIN = E + "SCHEMA_MINIMUM: -1 is less than the minimum 0"
SIG = ("error[MAILBOX_SIGNATURE_INVALID] MAILBOX-SIG-001: signature is not the SHA-256 of the "
       "canonical envelope (the implementation quarantines this envelope with SIGNATURE_INVALID: "
       "its first failing check)")
CASES = (
    ("six findings", {"schema_version": "x", "state_version": -1, "delivery_attempt": "y",
                      "created_at": 5, "issued_at": 7},
     "; ".join([CONST, ISSUED, MIN]) + "; and 3 more"),
    ("three findings", {"schema_version": "x", "state_version": -1},
     "; ".join([CONST, MIN, SIG])),
)
try:
    msg = json.load(open(os.path.join(SRC, "tests", "data", "audit", "mailbox-bad", "inbox",
                                      "claude", NAME)))
    for what, broken, want in CASES:
        ws = os.path.join(tmp, what.replace(" ", "-"))
        for d in ("inbox/claude", "ack", "deadletter", "outbox", "state"):
            os.makedirs(os.path.join(ws, d))
        with open(os.path.join(ws, "inbox", "claude", NAME), "w") as fh:
            json.dump(dict(msg, **broken), fh, indent=2)
        p = subprocess.run([AMC, "audit", "--no-config", "--format", "html", ws],
                           capture_output=True, text=True, timeout=60)
        lines = [html.unescape(x) for x in
                 re.findall(r'<span class="mono">inbox/claude/' + re.escape(NAME) +
                            r'</span>: ([^<]*)</li>', p.stdout)]
        titles = [html.unescape(x) for x in re.findall(r"\n(error\[[^<]*)</title>", p.stdout)]
        if p.returncode != 1 or lines != [want] or titles != [want]:
            failures.append(f"{what}: exit {p.returncode}\n  lines  {lines}\n  titles {titles}\n"
                            f"  want   {want!r}\n{p.stderr[-300:]}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
