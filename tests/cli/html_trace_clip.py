#!/usr/bin/env python3
"""amc trace check --format html: a span that runs past the end of a timeline part (issue 22, a
surviving mutant of src/cli/cli_html_trace.c, `to == b && i >= tl->nspans` -> `||`, seed 5150).
The trace (IGNITE, 507 events, written here): m-0 is enqueued, claimed, times out and is requeued
three times (events 1-10), then waits queued while 38 other messages run their whole lives, and
is claimed again at event 505. Its closed "queued" span crosses the part boundary at event 500:
in part 1 it is drawn from the middle of event 10's column to the middle of event 501's (the
event that would end it there), 6874 px wide; an open span at the end of a trace stops at the
part's edge instead, which the mutant did to this one too (6867 px).

Usage: html_trace_clip.py AMC"""
import json
import re
import subprocess
import sys

amc = sys.argv[1]
ev, t = [], 1767261600000


def e(kind, msg, **k):
    global t
    t += 500
    ev.append(dict({"event": kind, "t": t, "msg": msg}, **k))


def cycles(m):
    global t
    for c in range(3):
        e("claim", m, agent="ignitian_1")
        e("timeout", m, retry_count=c + 1, next_retry_after=t + 3500)
        t += 3000
        e("requeue", m)


e("enqueue", "m-0", agent="leader")
cycles("m-0")
for i in range(1, 39):
    m = "m-%d" % i
    e("enqueue", m, agent="leader")
    cycles(m)
    e("claim", m, agent="ignitian_1")
    e("deliver", m)
    e("delete", m)
e("claim", "m-0", agent="ignitian_1")
e("deliver", "m-0")
e("delete", "m-0")
trace = "".join(json.dumps(d) + "\n" for d in ev).encode()

p = subprocess.run([amc, "trace", "check", "--profile", "ignite", "--format", "html", "-"],
                   input=trace, capture_output=True, timeout=60)
page = p.stdout.decode()
failures = []
if p.returncode != 0:
    failures.append(f"exit {p.returncode}, want 0 (a legal trace): {p.stderr[-300:]!r}")
parts = re.split(r'<details class="part" id="part-', page)
if len(parts) != 3:
    failures.append(f"{len(parts) - 1} parts, want 2 (507 events, 500 a part)")
else:
    part1 = parts[1]
    want = ('<rect class="sp s6" x="343.0" y="25" width="6874.0" height="18"><title>queued'
            '</title></rect>')
    if want not in part1:
        got = re.findall(r'<rect class="sp[^>]*y="25"[^>]*><title>queued</title>', part1)
        failures.append(f"part 1: m-0's queued span {got}, want {want}")
    if 'data-lane="msg:m-0"' not in part1:
        failures.append("part 1 does not show m-0's lane")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
