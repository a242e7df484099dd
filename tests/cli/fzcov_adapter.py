#!/usr/bin/env python3
"""An adapter for tests/cli/fzcov_cli.py that misbehaves on one request kind (stdlib only).

usage: fzcov_adapter.py OP:ACTION[:N] AMC
With $FZCOV_ONCE=FILE it starts once: a second start (FILE exists) exits 1 at once.
Requests go to the reference adapter (AMC adapter); the N-th request (1: the first, the default)
of op OP (hello, reset, validate, lifecycle) and each after it get ACTION instead:
  garbage  a line that is not JSON
  notype   a JSON object that is no reply (no seq, no verdict)
  exit     the adapter exits 0 without a reply
  exit3    the adapter exits 3 without a reply
  kill     the adapter kills itself with SIGKILL
  hang     no reply: the adapter sleeps until it is stopped
  exit130  the adapter exits 130 without a reply (a shell's "killed by SIGINT")
  reply    the line of $FZCOV_REPLY with SEQ replaced by the request's seq
  valid    (validate) "valid", no codes
  invalid  (validate) "invalid" with the codes of file $FZCOV_CODES (one a line; none if unset)
"""
import json
import os
import signal
import subprocess
import sys
import time

op_want, action, *rest = sys.argv[1].split(":")
once = os.environ.get("FZCOV_ONCE")
if once:  # starts once: a second start (the file exists) exits 1 at once
    if os.path.exists(once):
        sys.exit(1)
    open(once, "w").close()
nth = int(rest[0]) if rest else 1
amc = sys.argv[2]
ref = subprocess.Popen([amc, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
seen = 0


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    req = json.loads(line)
    seq, op = req.get("seq"), req.get("op")
    if op == op_want:
        seen += 1
    if op == op_want and seen >= nth:
        if action == "garbage":
            say("this is not JSON")
            continue
        if action == "notype":
            say("{}")
            continue
        if action == "exit":
            sys.exit(0)
        if action == "exit3":
            sys.exit(3)
        if action == "exit130":
            sys.exit(130)
        if action == "reply":
            say(os.environ["FZCOV_REPLY"].replace("SEQ", str(seq)))
            continue
        if action == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        if action == "hang":
            time.sleep(3600)
        if action == "valid":
            say(json.dumps({"seq": seq, "verdict": "valid", "codes": []}))
            continue
        if action == "invalid":
            path = os.environ.get("FZCOV_CODES")
            codes = [x for x in open(path).read().split("\n") if x] if path else []
            say(json.dumps({"seq": seq, "verdict": "invalid", "codes": codes}))
            continue
    ref.stdin.write(line)
    ref.stdin.flush()
    say(ref.stdout.readline().rstrip("\n"))
    if op == "stop":
        break
