#!/usr/bin/env python3
"""An implementation for tests/cli/shrink_lines.py and lead_shrink_budget.py (stdlib only):
answers "valid" for an input that holds each of the comma-separated NEEDLES (or, with NEEDLES
">=N", an input of at least N bytes) and "invalid" (no codes) for any other; every other request
goes to the reference adapter.  usage: shrink_adapter.py NEEDLES|>=N AMC"""
import base64
import json
import subprocess
import sys

needles, amc = sys.argv[1].encode().split(b","), sys.argv[2]
least = int(sys.argv[1][2:]) if sys.argv[1].startswith(">=") else None
ref = subprocess.Popen([amc, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    req = json.loads(line)
    if req.get("op") == "validate":
        data = b"".join(base64.b64decode(f["data"]) for f in req["files"])
        ok = len(data) >= least if least is not None else all(n in data for n in needles)
        rep = {"seq": req.get("seq"), "verdict": "valid" if ok else "invalid", "codes": []}
    else:
        ref.stdin.write(line)
        ref.stdin.flush()
        rep = json.loads(ref.stdout.readline())
    sys.stdout.write(json.dumps(rep) + "\n")
    sys.stdout.flush()
    if req.get("op") == "stop":
        break
