#!/usr/bin/env python3
"""ctest cli.lead_html_nodesc: amc conform --html leaves the "case" line out of a failed case's
card when the case's description is empty (issue 22: cli_html_conform.c case_card, the
`description && *description` made ||: the mutant printed an empty "case" entry).

A one-case suite in a temporary folder (a mailbox case with "description": "" that expects
invalid) run against an implementation that says valid for everything: the case fails and its
card's list starts with the message, with no "case" entry anywhere.
usage: lead_html_nodesc.py AMC"""
import json
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
with tempfile.TemporaryDirectory(prefix="amc-lead-nodesc-") as t:
    os.makedirs(os.path.join(t, "suite", "mailbox", "inputs"))
    with open(os.path.join(t, "suite", "mailbox", "inputs", "empty.json"), "w") as fh:
        fh.write("{}\n")
    case = {"id": "mailbox-x-001-empty-description", "description": "", "rule": "MAILBOX-ENV-001",
            "level": "MUST", "tags": ["schema"], "input": "inputs/empty.json",
            "verdict": "invalid", "codes": [], "absent_codes": [],
            "implementation": {"result": "quarantine"}}
    with open(os.path.join(t, "suite", "mailbox", "cases.json"), "w") as fh:
        json.dump([case], fh)
    page = os.path.join(t, "page.html")
    p = subprocess.run([AMC, "conform", "--suite", os.path.join(t, "suite"), "--impl-exec",
                        "true {file}", "--html", page], capture_output=True, text=True,
                       timeout=60, env=dict(os.environ, AMC_NO_CONFIG="1", NO_COLOR="1"))
    html = open(page, encoding="utf-8").read() if os.path.exists(page) else ""
    if p.returncode != 1 or 'data-case="mailbox-x-001-empty-description"' not in html:
        failures.append(f"conform --html: exit {p.returncode}, no card for the case\n{p.stderr}")
    elif "<dl><dt>message</dt><dd>expected invalid, got valid</dd>" not in html or \
            "<dt>case</dt>" in html:
        i = html.find("<dl>")
        failures.append(f"the card of a case without a description: {html[i:i + 200]!r}")
for f in failures:
    print("FAIL:", f)
print("lead_html_nodesc:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
