#!/usr/bin/env python3
"""mutfuzz_planted.py - adapters with one deterministic defect each, for the golden tests of
tests/cli/mutfuzz_golden.py (stdlib only): the finding classes that tests/fuzz/'s planted
adapters do not give.

usage: mutfuzz_planted.py MODE AMC
Every request goes to the reference adapter (AMC adapter); the reply is changed by the defect,
which depends on the request alone (so a seeded run is the same every time):
  codes      validate: of two or more codes, the last one (in amc's order) is not reported
  error      validate: an input holding "\\u" is answered with an error reply
  skipped    validate: an input of a length divisible by 29 is answered with a skipped reply
  exit       validate: an input holding a byte above 0x7f ends the adapter (exit status 3)
  wrongseq   validate: an input of a length divisible by 37 is answered with seq + 1
  st-dup     stateful validate (any profile): a session holding the same message twice is
             "invalid" with the code X_DUP_SEEN
  st-drop    stateful validate: the last code of a session of 4 messages or more is not reported
  lc-codes   lifecycle: a step's last code is not reported when the step has two codes or more
  lc-results lifecycle: a sequence of 60 events or more gets one result too few
  lc-state   lifecycle: the state after a step is {} when the step is the 7th of a sequence
  lc-final   lifecycle: the final result's codes are dropped when there are any
  lc-accept  lifecycle: every step amc rejects with exactly one code is accepted from the 12th
             event on
"""
import base64
import json
import os
import subprocess
import sys

mode, amc = sys.argv[1], sys.argv[2]
ref = subprocess.Popen([amc, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(line):
    ref.stdin.write(line)
    ref.stdin.flush()
    return json.loads(ref.stdout.readline())


def out(obj):
    sys.stdout.write((obj if isinstance(obj, str) else json.dumps(obj)) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    req = json.loads(line)
    op, seq = req.get("op"), req.get("seq")
    files = [base64.b64decode(f["data"]) for f in req.get("files", [])]
    data = b"".join(files)
    if op == "validate" and not req.get("stateful"):
        if mode == "error" and b"\\u" in data:
            out({"seq": seq, "error": "planted error"})
            continue
        if mode == "skipped" and len(data) % 29 == 0:
            out({"seq": seq, "skipped": "planted skip"})
            continue
        if mode == "exit" and any(c > 0x7f for c in data):
            sys.exit(3)
        if mode == "wrongseq" and len(data) % 37 == 0:
            rep = ask(line)
            rep["seq"] = seq + 1
            out(rep)
            continue
    rep = ask(line)
    if op == "validate" and not req.get("stateful") and mode == "codes" and \
            len(rep.get("codes", [])) >= 2:
        rep["codes"] = rep["codes"][:-1]
    if op == "validate" and req.get("stateful"):
        if mode == "st-dup" and len(set(files)) < len(files):
            rep["verdict"] = "invalid"
            rep["codes"] = rep.get("codes", []) + ["X_DUP_SEEN"]
        if mode == "st-drop" and len(files) >= 4 and rep.get("codes"):
            rep["codes"] = rep["codes"][:-1]
    if op == "lifecycle" and "states" in rep:
        states = rep["states"]
        for i, (ev, st) in enumerate(zip(req["events"], states)):
            if mode == "lc-codes" and len(st.get("codes", [])) >= 2:
                st["codes"] = st["codes"][:-1]
            if mode == "lc-state" and i == 6 and "state" in st:
                st["state"] = {}
            if mode == "lc-accept" and i >= 11 and not st["accepted"] and \
                    len(st.get("codes", [])) == 1:
                st["accepted"] = True
                st["codes"] = []
        if mode == "lc-results" and len(req["events"]) >= 60:
            states.pop()
        if mode == "lc-final" and rep.get("final", {}).get("codes"):
            rep["final"]["codes"] = []
    out(rep)
    if op == "stop":
        break
