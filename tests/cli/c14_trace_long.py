#!/usr/bin/env python3
"""ctest cli.c14_trace_long: amc trace check --format html on a discussion trace of 516 events
made here (12 discussions opened, their phases 1-4, 420 messages, then each VOTING at index 492
+ k, so that D-08's VOTING span starts at event 500, the first of the second part of the
timeline, and phase 5), cut at 500 and 501 events and with an illegal step at event 499 and at
event 500: the page bodies (without the script; each run of event marks, one line each, as its
number and SHA-256) and exit statuses compared byte for byte with tests/data/c14/trace-long.txt (issue 22: cli_html_trace.c's parts of 500 events: a span starting
on a part's first event is drawn in that part only, from >= b; the part holding the illegal
step). amc's version reads VERSION. AMC_BLESS=1 rewrites the expected file.
usage: c14_trace_long.py AMC SOURCE_DIR"""
import hashlib
import json
import os
import re
import subprocess
import sys

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
WANT = os.path.join(SRC, "tests", "data", "c14", "trace-long.txt")
BLESS = os.environ.get("AMC_BLESS") == "1"
D = [f"D-{i:02d}" for i in range(12)]
ev = []
for d in D:
    ev += [{"event": "open", "disc": d, "t": 0},
           {"event": "status", "disc": d, "status": "IN_PROGRESS", "t": 0}]
for p in range(1, 5):
    ev += [{"event": "phase", "disc": d, "phase": p, "t": p} for d in D]
for _ in range(35):
    ev += [{"event": "message", "disc": d, "tokens": 10, "t": 5} for d in D]
ev += [{"event": "status", "disc": d, "status": "VOTING", "t": 6} for d in D]
ev += [{"event": "phase", "disc": d, "phase": 5, "t": 6} for d in D]
lines = [json.dumps(e) for e in ev]
bad = json.dumps({"event": "phase", "disc": "D-03", "phase": 9, "t": 7})
traces = [("all 516", lines), ("first 500", lines[:500]),
          ("first 501", lines[:501]), ("illegal at 499", lines[:499] + [bad] + lines[499:]),
          ("illegal at 500", lines[:500] + [bad] + lines[500:])]
version = subprocess.run([AMC, "--version"], capture_output=True).stdout.split(b"\n")[0]
version = version.split(b" ")[1]
out = []


def collapse(m):  # a run of event marks (one line each): their number and SHA-256
    return b"[%d event marks, sha256 %s]\n" % (m.group(0).count(b"\n"),
                                                hashlib.sha256(m.group(0)).hexdigest().encode())


for name, tr in traces:
    p = subprocess.run([AMC, "trace", "check", "--profile", "discussion", "--format", "html",
                        "-"], input=("\n".join(tr) + "\n").encode(), capture_output=True,
                       timeout=60, env=dict(os.environ, AMC_NO_CONFIG="1"))
    body = p.stdout[p.stdout.find(b"<body"):]
    body = re.sub(rb"<script.*?</script>", b"<script/>", body, flags=re.S)
    body = re.sub(rb"amc " + re.escape(version) + rb"\b", b"amc VERSION", body)
    body = re.sub(rb'(?:<rect class="ev [^\n]*\n)+', collapse, body)
    out.append(f"=== {name}: exit {p.returncode}, stderr {len(p.stderr)} bytes\n".encode() +
               body + (b"" if body.endswith(b"\n") else b"\n"))
got = b"".join(out)
failures = []
if BLESS:
    with open(WANT, "wb") as fh:
        fh.write(got)
else:
    want = open(WANT, "rb").read()
    if got != want:
        a, b = want.split(b"\n"), got.split(b"\n")
        i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
        head = next((a[k] for k in range(min(i, len(a) - 1), -1, -1)
                     if a[k].startswith(b"=== ")), b"")
        failures.append(f"the pages differ from {WANT} at line {i + 1} (in {head[4:]!r}):\n"
                        f"  want {a[i][:300] if i < len(a) else b'(end)'!r}\n"
                        f"  got  {b[i][:300] if i < len(b) else b'(end)'!r}")
for f in failures:
    print("FAIL:", f)
print("c14_trace_long:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
