#!/usr/bin/env python3
"""amc conform's HTML page counts its failures in words (issue 22, a surviving mutant of
src/cli/cli_html_conform.c, `nbad == 1 ? "" : "s"` -> `!=`, seed 5150): the heading says
"1 case" for one failed case, "2 cases" for two and "0 cases" for none, with the count the JSON
report of the same run gives. The implementation is `false {file}` (every input called
invalid), so the valid mailbox cases selected with --filter fail and the invalid ones pass.

Usage: html_plural.py AMC SOURCE_DIR"""
import json
import os
import re
import subprocess
import sys
import tempfile

amc, src = sys.argv[1], sys.argv[2]
failures = []
RUNS = [  # --filter globs, the heading's words
    (["mailbox-env-001-*"], "1 case"),
    (["mailbox-env-001-*", "mailbox-env-002-*"], "2 cases"),
    (["mailbox-env-003-*"], "0 cases"),
]

with tempfile.TemporaryDirectory(prefix="amc-plural-") as t:
    for globs, want in RUNS:
        rep, page = os.path.join(t, "r.json"), os.path.join(t, "p.html")
        args = [amc, "conform", "--suite", os.path.join(src, "conformance"), "--impl-exec",
                "false {file}", "--profile", "mailbox", "--json", rep, "--html", page]
        for g in globs:
            args += ["--filter", g]
        p = subprocess.run(args, capture_output=True, timeout=120)
        bad = sum(1 for c in json.load(open(rep))["cases"] if c["outcome"] == "fail")
        html = open(page, encoding="utf-8").read()
        m = re.search(r'<h2 id="failures">Failures by rule: <span class="n-failures">(\d+)</span> '
                      r'(cases?)</h2>', html)
        got = f"{m.group(1)} {m.group(2)}" if m else None
        if got != want or int(want.split()[0]) != bad:
            failures.append(f"{globs}: heading {got!r}, want {want!r} ({bad} failed in the JSON "
                            f"report; exit {p.returncode})")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
