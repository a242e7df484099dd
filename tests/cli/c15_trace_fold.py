#!/usr/bin/env python3
"""ctest cli.c15_trace_fold: amc trace check --profile acp --format html on a trace of 46 tasks
(T00 assigned once, T01-T45 assigned and then failed: 91 events, one part): the part shows 40
of its 46 lanes, those with the most events (ties: the earlier lane first), so T01-T40, and folds
T00 and T41-T45 into one row ("46 lanes, 40 shown, 6 folded into one row"); T00's mark is in the
folded row. Issue 22: cli_html_trace.c:528 (part(): the loop over an event's linked lanes, `j <
e->nsec` made <=), a survivor of the 300-mutant run seed 112907: the mutant counted lane 0 (the
zeroed sec[] entry past the links) once more for every event, and showed T00 instead of T40.

usage: c15_trace_fold.py AMC"""
import json
import os
import re
import subprocess
import sys

AMC = os.path.abspath(sys.argv[1])
ev = [{"event": "assign", "task": "T00", "t": 0}]
ev += [{"event": "assign", "task": f"T{i:02d}", "t": 0} for i in range(1, 46)]
ev += [{"event": "fail", "task": f"T{i:02d}", "t": 1000} for i in range(1, 46)]
p = subprocess.run([AMC, "trace", "check", "--profile", "acp", "--format", "html", "-"],
                   input="".join(json.dumps(e) + "\n" for e in ev), capture_output=True,
                   text=True, timeout=60, env=dict(os.environ, AMC_NO_CONFIG="1"))
failures = []
summaries = re.findall(r"<summary>([^<]*)", p.stdout)
shown = re.findall(r'<g class="lane" data-lane="([^"]*)"', p.stdout)
want = [f"task:T{i:02d}" for i in range(1, 41)]
if summaries != ["events 1&ndash;91 (lines 1&ndash;91): 46 lanes, 40 shown, 6 folded into one "
                 "row"]:
    failures.append(f"part summaries {summaries}")
if shown != want:
    failures.append(f"shown lanes {shown}, want T01-T40")
# T00's mark (line 1) sits in the folded row, below the 40 lanes: y = 22 + 24 * 40 + 5
m = re.search(r'<rect class="ev ok" x="[0-9.]+" y="([0-9]+)"[^>]*data-line="1"', p.stdout)
if not m or m.group(1) != str(22 + 24 * 40 + 5):
    failures.append(f"T00's mark: {m.group(0) if m else None}")
if p.returncode != 0:
    failures.append(f"exit {p.returncode}\n{p.stderr[-500:]}")
for f in failures:
    print("FAIL:", f)
print("c15_trace_fold:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
