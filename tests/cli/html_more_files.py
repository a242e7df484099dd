#!/usr/bin/env python3
"""amc conform's HTML page names a failed case's extra input files (issue 22, a surviving mutant of
src/cli/cli_html_conform.c, `n > 1` -> `n >= 1`, seed 60601): a session case of k > 1 files says
"(+k-1 more files)" after its first input, a case of one file says nothing. Checked against the
JSON report of the same run: every failed case's inputs, counted.

Usage: html_more_files.py AMC SOURCE_DIR"""
import json
import os
import re
import subprocess
import sys
import tempfile

amc, src = sys.argv[1], sys.argv[2]
failures = []

with tempfile.TemporaryDirectory(prefix="amc-morefiles-") as t:
    rep, page = os.path.join(t, "r.json"), os.path.join(t, "p.html")
    p = subprocess.run([amc, "conform", "--suite", os.path.join(src, "conformance"), "--impl-exec",
                        "false {files}", "--capabilities", "mailbox,mailbox.stateful", "--profile",
                        "mailbox", "--json", rep, "--html", page], capture_output=True, timeout=120)
    if p.returncode != 1:
        failures.append(f"conform: exit {p.returncode}, want 1 (failures)")
    cases = json.load(open(rep))["cases"]
    html = open(page, encoding="utf-8").read()
    failed = [c for c in cases if c["outcome"] == "fail"]
    want = sorted(len(c["inputs"]) - 1 for c in failed if len(c["inputs"]) > 1)
    got = sorted(int(n) for n in re.findall(r"\(\+(\d+) more files\)", html))
    singles = sum(1 for c in failed if len(c["inputs"]) == 1)
    if not want or not singles:
        failures.append(f"the run has {len(want)} failed multi-file and {singles} failed "
                        "single-file cases; the test needs both")
    if got != want:
        failures.append(f"'more files' notes {got}, want {want} (one per failed case of k > 1 "
                        "files, k-1 each)")
    if "(+0 more files)" in html:
        failures.append("a one-file case says (+0 more files)")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
