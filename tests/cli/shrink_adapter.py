#!/usr/bin/env python3
"""An implementation for tests/cli/shrink_lines.py (stdlib only): answers "valid" for an input
that holds each of the comma-separated NEEDLES and "invalid" (no codes) for any other; every other
request goes to the reference adapter.  usage: shrink_adapter.py NEEDLES AMC"""
import base64
import json
import subprocess
import sys

needles, amc = sys.argv[1].encode().split(b","), sys.argv[2]
ref = subprocess.Popen([amc, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    req = json.loads(line)
    if req.get("op") == "validate":
        data = b"".join(base64.b64decode(f["data"]) for f in req["files"])
        rep = {"seq": req.get("seq"), "verdict": "valid" if all(n in data for n in needles) else "invalid",
               "codes": []}
    else:
        ref.stdin.write(line)
        ref.stdin.flush()
        rep = json.loads(ref.stdout.readline())
    sys.stdout.write(json.dumps(rep) + "\n")
    sys.stdout.flush()
    if req.get("op") == "stop":
        break
