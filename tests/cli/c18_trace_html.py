#!/usr/bin/env python3
"""ctest cli.c18_trace_html: amc trace check --format html, the lane labels (issue 22:
cli_html_trace.c lane_label, `n > 20` made >= survived the 300-mutant run, seed 112908). A lane's
name of up to 20 bytes is drawn whole; a longer one as its first 18 bytes and an ellipsis (the
lane's <title> keeps the whole name and its event count). Names of 1, 19, 20, 21 and 40 bytes,
for a task lane and an agent lane each; the assertions are on the exact label texts, in order.

usage: c18_trace_html.py AMC"""
import html
import json
import re
import subprocess
import sys

AMC = sys.argv[1]
failures = []


def name(prefix, n):
    return (prefix + "0123456789" * 4)[:n]


events, want = [], []
for n in (1, 19, 20, 21, 40):
    task, worker = name("T", n), name("w", n)
    events.append({"event": "assign", "task": task, "t": 0, "worker": worker})
    for kind, nm in (("task", task), ("agent", worker)):
        shown = nm if n <= 20 else nm[:18] + "\u2026"
        want.append((kind, shown, f"{kind} {nm} (1 events)"))
trace = "".join(json.dumps(e) + "\n" for e in events)
p = subprocess.run([AMC, "trace", "check", "--profile", "acp", "--format", "html", "-"],
                   input=trace, capture_output=True, text=True, timeout=60)
if p.returncode != 0:
    failures.append(f"exit {p.returncode}: {p.stderr[-300:]!r}")
got = [(html.unescape(k), html.unescape(s), html.unescape(t)) for k, s, t in re.findall(
    r'<text class="lbl kind"[^>]*>([^<]*)</text><text class="lbl"[^>]*>([^<]*)<title>([^<]*)'
    r'</title></text>', p.stdout)]
if got != want:
    failures.append("lane labels:\n  got  %r\n  want %r" % (got, want))
for f in failures:
    print("FAIL", f)
print(f"c18_trace_html: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
