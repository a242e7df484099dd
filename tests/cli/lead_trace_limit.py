#!/usr/bin/env python3
"""ctest cli.lead_trace_limit: amc trace check keeps at most 100,000 entities of a kind
(LC_MAX_ENTITIES, src/lifecycle/model.h) and stops at the first one past it with LIMIT_NODES
(issue 22: model.c lc_intern, `t->n >= LC_MAX_ENTITIES` made `>`, a survivor of CI's seed-22
sample: the mutant took a 100,001st message).

The trace enqueues 100,001 distinct IGNITE messages, one a line: lines 1 to 100,000 are taken,
line 100,001 is the illegal step (the limit), and the totals count 100,000 messages.
usage: lead_trace_limit.py AMC"""
import os
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
N = 100000
tmp = tempfile.mkdtemp(prefix="amc-lead-tracelimit-")
try:
    path = os.path.join(tmp, "t.jsonl")
    with open(path, "w") as fh:
        for i in range(N + 1):
            fh.write('{"event": "enqueue", "t": "2026-01-15T10:00:00Z", "msg": "m-%d", '
                     '"agent": "codex"}\n' % i)
    p = subprocess.run([AMC, "trace", "check", "--profile", "ignite", path], capture_output=True,
                       text=True, timeout=300, env=dict(os.environ, NO_COLOR="1"))
    out = p.stdout.replace(tmp, "{t}")
    want = ("{t}/t.jsonl:100001:58: error[LIMIT_NODES]: more than 100000 messages\n"
            "{t}/t.jsonl: illegal step; 100001 lines, 100001 events (stopped at line 100001)\n"
            "  events: enqueue=100001\n"
            "  entities: messages=100000\n")
    ok = p.returncode == 1 and out == want
    if not ok:
        print(f"FAIL: exit {p.returncode}, want 1; stdout:\n{out[-2000:]}\nwant:\n{want}"
              f"stderr:\n{p.stderr[-1000:]}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
print("lead_trace_limit:", "ok" if ok else "FAIL")
sys.exit(0 if ok else 1)
