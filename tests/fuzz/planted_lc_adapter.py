#!/usr/bin/env python3
"""Lifecycle adapters with one planted defect each, for tests/fuzz/run_lifecycle.py (stdlib only).

usage: planted_lc_adapter.py MODE AMC
Every request goes to the reference adapter (AMC adapter); a lifecycle reply is then changed
where the defect would answer differently (the first step it changes is where a real
implementation with the defect would first differ). Each defect passes the whole fixed suite
(conformance/<profile>/lifecycle/), which run_lifecycle.py checks.
  acp-backoff     the backoff is counted from when the task last started (its assign or its
                  previous retry), not from its failure: a task that ran a while before failing
                  may retry at once
  mailbox-restart visibility deadlines are kept in memory only: after a runtime restart, a
                  visibility timeout of a message in flight is taken at any time
  disc-phase      the phase-order check is skipped once a discussion has 8 messages or more:
                  a phase started out of order is then accepted
  clean           no defect (the reference, through this proxy); with LCF_LOG=FILE every
                  lifecycle request's events are appended to FILE (one line each)
"""
import json
import os
import subprocess
import sys

mode, amc = sys.argv[1], sys.argv[2]
ref = subprocess.Popen([amc, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
log = os.environ.get("LCF_LOG")
ACP_BACKOFF = [1000, 2000, 4000]


def ask(line):
    ref.stdin.write(line)
    ref.stdin.flush()
    return json.loads(ref.stdout.readline())


def accept(res):
    res["accepted"] = True
    res["codes"] = [c for c in res.get("codes", []) if not c.startswith("LC_")]


def planted(events, states):
    now = 0
    start_t = {}     # acp: task -> time it last started running (assign, retry)
    restarted = False  # mailbox: a runtime restart was accepted
    msgs = {}        # discussion: disc -> messages
    prev_state = {}
    for i, (ev, res) in enumerate(zip(events, states)):
        t = ev.get("t", now) if isinstance(ev.get("t", now), int) else now
        name = ev.get("event")
        codes = res.get("codes", [])
        if mode == "acp-backoff" and name == "retry" and not res["accepted"] \
                and codes == ["LC_ACP_BACKOFF"] and isinstance(ev.get("attempt"), int):
            n = ev["attempt"]
            if 1 <= n <= 3 and ev.get("task") in start_t and t - start_t[ev["task"]] >= ACP_BACKOFF[n - 1]:
                accept(res)
        if mode == "mailbox-restart" and name == "visibility_timeout" and not res["accepted"] \
                and restarted and codes == ["LC_MAILBOX_TRANSITION"]:
            m = prev_state.get("messages", {}).get(ev.get("msg"), {})
            if m.get("state") == "inflight":
                accept(res)
        if mode == "disc-phase" and name == "phase" and not res["accepted"] \
                and codes == ["LC_DISC_PHASE_ORDER"] and msgs.get(ev.get("disc"), 0) >= 8:
            accept(res)
        if res["accepted"]:
            now = t
            if name in ("assign", "retry"):
                start_t[ev.get("task")] = t
            if name == "restart":
                restarted = True
            if name == "message":
                msgs[ev.get("disc")] = msgs.get(ev.get("disc"), 0) + 1
        prev_state = res.get("state", prev_state)


for line in sys.stdin:
    req = json.loads(line)
    rep = ask(line)
    if req.get("op") == "lifecycle" and "states" in rep:
        if log:
            with open(log, "a") as f:
                f.write(json.dumps(req["events"], sort_keys=True) + "\n")
        if mode != "clean":
            planted(req["events"], rep["states"])
    sys.stdout.write(json.dumps(rep) + "\n")
    sys.stdout.flush()
    if req.get("op") == "stop":
        break
