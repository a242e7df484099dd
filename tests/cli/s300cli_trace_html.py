#!/usr/bin/env python3
"""ctest cli.s300cli_trace_html: amc trace check --format html, which lanes an event is linked to
and which diagnostic its mark shows (issue 22: survivors of src/cli/cli_html_trace.c in the
300-mutant run, seed 112901). Each trace is written here; the assertions are on the exact lanes
(data-lane), the lane titles with their event counts and the marks' <title> texts.

  - a party key whose value is not a string ("from": 5, "reviewer": 3, "agent": ["x"]) links no
    lane; a string one ("worker": "w-1", "to": "agent-x") does (cli_html_trace.c:403, the first
    || made &&: the mutant adds lanes agent:5, agent:3 ...)
  - the key naming the event's own entity is not linked again, even when it is a party key too
    (socket's status event: its entity is "worker"; cli_html_trace.c:403, the second ||: the
    mutant links the worker to an agent lane, "agent yadon-1 (2 events)")
  - an event with two errors shows the first on its mark, the one the "illegal step" box shows
    (cli_html_trace.c:362, s > sev made >=: the mutant shows the last)

usage: s300cli_trace_html.py AMC"""
import html
import json
import re
import subprocess
import sys

AMC = sys.argv[1]
failures = []


def page(profile, events):
    trace = "".join(json.dumps(e) + "\n" for e in events)
    p = subprocess.run([AMC, "trace", "check", "--profile", profile, "--format", "html", "-"],
                       input=trace, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout


def lanes(pg):
    return re.findall(r'<g class="lane" data-lane="([^"]*)">.*?<title>([^<]*)</title>', pg)


def marks(pg):
    # the titles of the event marks (one per event; "line N: ...")
    return [html.unescape(t) for t in re.findall(r"<title>(line \d+:[^<]*)</title>", pg)]


def check(what, got, want):
    if got != want:
        failures.append(f"{what}:\n  got  {got!r}\n  want {want!r}")


# 1. party keys: strings are linked, other values are not
rc, pg = page("acp", [{"event": "assign", "task": "TASK-3.1", "t": 0, "from": 5, "worker": "w-1",
                       "reviewer": 3}])
check("non-string party keys: exit", rc, 0)
check("non-string party keys: lanes", lanes(pg),
      [("task:TASK-3.1", "task TASK-3.1 (1 events)"), ("agent:w-1", "agent w-1 (1 events)")])
rc, pg = page("acp", [{"event": "assign", "task": "TASK-3.1", "t": 0, "to": "agent-x",
                       "agent": ["x"], "sender": {"id": "y"}, "receiver": True}])
check("a list, an object and a boolean as party keys: lanes", lanes(pg),
      [("task:TASK-3.1", "task TASK-3.1 (1 events)"),
       ("agent:agent-x", "agent agent-x (1 events)")])

# 2. the entity's own key is not linked again (socket: status is an event of the worker)
T = "task-20260201-120000-a1b2"
rc, pg = page("socket", [
    {"event": "task", "task": T, "t": 0},
    {"event": "phase", "task": T, "phase": "implement", "t": 0},
    {"event": "dispatch", "task": T, "sub": T + "-implement-sub1", "worker": "yadon-1", "t": 0},
    {"event": "status", "worker": "yadon-1", "state": "idle", "t": 0}])
check("socket status: exit", rc, 1)
check("socket status: lanes", lanes(pg),
      [("task:" + T, "task %s (3 events)" % T),
       ("sub:%s-implement-sub1" % T, "sub %s-implement-sub1 (1 events)" % T),
       ("agent:yadon-1", "agent yadon-1 (1 events)"),
       ("worker:yadon-1", "worker yadon-1 (1 events)")])
check("socket status: arrows", pg.count('<line class="arr"'), 2)

# 3. two errors on one event: the mark shows the first
evs = [{"event": "assign", "task": "TASK-1.1", "t": 0},
       {"event": "complete", "task": "TASK-1.1", "t": 0},
       {"event": "assign", "task": "TASK-1.2", "t": 0},
       {"event": "complete", "task": "TASK-1.2", "t": 0},
       {"event": "assign", "task": "TASK-3.1", "t": 0},
       {"event": "fail", "task": "TASK-3.1", "t": 0}]
for a, t in ((1, 1000), (2, 3000), (3, 7000)):
    evs += [{"event": "retry", "task": "TASK-3.1", "attempt": a, "t": t},
            {"event": "fail", "task": "TASK-3.1", "t": t}]
evs += [{"event": "escalate", "task": "TASK-3.1", "level": 2, "t": 7000},
        {"event": "escalate", "task": "TASK-3.1", "level": 3, "t": 7000},
        {"event": "metrics", "total_tasks": 54, "completed": 3, "failed": 0, "success_rate": 1.0,
         "t": 7000}]
rc, pg = page("acp", evs)
check("two errors: exit", rc, 1)
first = "completed 3, failed 0; the trace has 2 completed, 1 failed"
second = "success_rate 1.0000; completed / finished is 0.6667"
last = marks(pg)[-1:] if marks(pg) else []
check("two errors: the last mark", [m.endswith("error[LC_ACP_COUNTERS] ACP-LC-006: " + first)
                                    for m in last], [True])
check("two errors: both listed", [pg.count(first), pg.count(second)], [3, 1])

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
