#!/usr/bin/env python3
"""Deliberately broken adapters for tests/conform/run_broken.py (stdlib only).

usage: broken_adapter.py MODE [REAL_ADAPTER_CMD]
MODE:
  accept-all     every input is valid (claims ignite + mailbox, no codes)
  reject-all     every input is invalid
  crash          hello fine, then exits on the first validate request
  hang           hello fine, then never answers validate
  garbage        hello fine, then prints non-JSON for validate
  garbage-hello  prints garbage instead of the hello reply
  exit-at-start  exits 1 before reading anything
  overclaim      claims every profile; proxies ignite to the real adapter, says "valid"
                 for the others (it does not handle them)
  skipper        claims ignite, replies "skipped" to everything
  lifecycle      claims fake + fake.lifecycle; a toy model: an event with "ok": true is accepted
                 and counted, others rejected with LC_FAKE_REJECTED (tests/data/conform/fake/)
  badloc         proxies to the real adapter but sends "locations":[{"line":0}] (schema-invalid)
"""
import json
import subprocess
import sys
import time

mode = sys.argv[1]
real = sys.argv[2] if len(sys.argv) > 2 else None
if mode == "exit-at-start":
    sys.exit(1)
proxy = None
if real and mode in ("overclaim", "badloc"):
    proxy = subprocess.Popen(real, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(req):
    proxy.stdin.write(json.dumps(req) + "\n")
    proxy.stdin.flush()
    return json.loads(proxy.stdout.readline())


def out(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    req = json.loads(line)
    seq, op = req["seq"], req["op"]
    if op == "hello":
        if mode == "garbage-hello":
            print("hello there, I am not JSON", flush=True)
            continue
        profiles = ["ignite", "mailbox"]
        caps = ["ignite", "ignite.path", "mailbox", "mailbox.path"]
        if mode == "overclaim":
            profiles = ["acp", "discussion", "ignite", "mailbox", "socket"]
            caps = ["codes"] + [p + s for p in profiles for s in ("", ".path", ".stateful", ".policy", ".clock")]
        if mode == "skipper":
            profiles, caps = ["ignite"], ["ignite", "ignite.path"]
        if mode == "badloc":
            out(ask(req))
            continue
        if mode == "lifecycle":
            profiles, caps = ["fake"], ["codes", "fake", "fake.lifecycle"]
        out({"seq": seq, "protocol": 1, "profiles": profiles, "capabilities": caps,
             "implementation": {"name": "broken-" + mode, "version": "0", "language": "Python"}})
    elif op == "validate":
        if mode == "crash":
            sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "garbage":
            print("\x00<html>500 Internal Server Error</html>", flush=True)
            continue
        if mode == "skipper":
            out({"seq": seq, "skipped": "not today"})
            continue
        if mode == "badloc":
            r = ask(req)
            r["locations"] = [{"line": 0}]
            out(r)
            continue
        if mode == "overclaim" and req["profile"] == "ignite":
            out(ask(req))
            continue
        out({"seq": seq, "verdict": "invalid" if mode == "reject-all" else "valid"})
    elif op == "lifecycle":
        count, states, last = 0, [], None
        for ev in req["events"]:
            if ev.get("ok"):
                count, last = count + 1, ev
                states.append({"accepted": True, "codes": [], "state": {"count": count, "last": last}})
            else:
                states.append({"accepted": False, "codes": ["LC_FAKE_REJECTED"], "state": {"count": count}})
        out({"seq": seq, "states": states, "final": {"accepted": True, "codes": [], "state": {"count": count}}})
    else:
        out({"seq": seq, "ok": True})
        if op == "stop":
            break
if proxy:
    proxy.stdin.close()
    proxy.wait()
