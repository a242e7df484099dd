#!/usr/bin/env python3
"""Writes an IGNITE lifecycle trace (JSON Lines, conformance/LIFECYCLE.md) for the HTML timeline
tests and benchmark: messages enqueued by a few agents, claimed, some timing out and retried,
delivered and deleted, several in flight at once.

usage: gen_trace.py EVENTS [--illegal-at N] [--hostile PAYLOAD] > trace.jsonl
  --illegal-at N  event N (1-based) is a deliver of a message still queued: an illegal step
                  (IGNITE-LC-001), where amc trace check stops
  --hostile P     message ids, agent names and the illegal event's name carry the text P
"""
import json
import random
import sys

n = int(sys.argv[1])
illegal = int(sys.argv[sys.argv.index("--illegal-at") + 1]) if "--illegal-at" in sys.argv else 0
hostile = sys.argv[sys.argv.index("--hostile") + 1] if "--hostile" in sys.argv else ""
rng = random.Random(20)
agents = [f"ignitian_{i}{hostile}" for i in range(1, 4)] + [f"leader{hostile}"]
t = 1767261600000
out, live, seq = [], [], 0
# per message: its remaining steps
while len(out) < n:
    if len(live) < 6 or rng.random() < 0.1:
        seq += 1
        mid = f"m-{seq:05d}{hostile}"
        plan = ["claim"]
        if rng.random() < 0.3:
            plan += ["timeout", "requeue", "claim"]
        plan += ["deliver", "delete"]
        live.append([mid, plan])
        t += rng.randint(200, 900)
        out.append({"event": "enqueue", "t": t, "msg": mid, "agent": rng.choice(agents)})
        continue
    k = rng.randrange(len(live))
    mid, plan = live[k]
    step = plan.pop(0)
    t += rng.randint(200, 900)
    ev = {"event": step, "t": t, "msg": mid}
    if step == "timeout":
        ev.update(retry_count=1, next_retry_after=t + 3000)
        t += 3000
    out.append(ev)
    if not plan:
        live.pop(k)
    if illegal and len(out) == illegal - 1:
        seq += 1
        qid = f"m-{seq:05d}{hostile}"
        out.append({"event": "enqueue", "t": t + 1, "msg": qid, "agent": agents[0]})
        out.append({"event": "deliver" if not hostile else hostile, "t": t + 2, "msg": qid})
for ev in out[:n] if not illegal else out[:max(n, illegal)]:
    print(json.dumps(ev))
