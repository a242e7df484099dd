#!/usr/bin/env python3
"""An adapter for tests/cli/c18_stfuzz.py: amc's own (AMC adapter) behind a relay that does not
answer the first stateful session of 12 messages or more (it sleeps 30 s: past --timeout, a hang;
amc kills it), and answers everything after that, so no shrinking candidate shows the hang.
FLAG is a file it creates when it has hung once (the relay amc starts again must not hang).

usage: c18_hang_adapter.py AMC FLAG"""
import json
import os
import subprocess
import sys
import time

amc, flag = sys.argv[1], sys.argv[2]
ref = subprocess.Popen([amc, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    req = json.loads(line)
    if (req.get("op") == "validate" and req.get("stateful") and len(req.get("files", [])) >= 12
            and not os.path.exists(flag)):
        open(flag, "w").close()
        time.sleep(30)
    ref.stdin.write(line)
    ref.stdin.flush()
    print(ref.stdout.readline(), end="", flush=True)
    if req.get("op") == "stop":
        break
