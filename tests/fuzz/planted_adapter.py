#!/usr/bin/env python3
"""Adapters with one planted defect each, for tests/fuzz/run_planted.py (stdlib only).

usage: planted_adapter.py MODE AMC
Every request goes to the reference adapter (AMC adapter); the answer is changed by the defect:
  lenient   a parser that keeps the last of duplicate keys: an input amc rejects only with
            JSON_DUP_KEY among its errors is answered "valid" (codes without JSON_DUP_KEY)
  longstr   a fixed 1 KiB buffer for strings: a quoted string of more than 1024 bytes in the
            input kills the adapter (SIGSEGV)
  deep      a recursive descent that loops on deep input: brackets nested deeper than 48
            make validate never answer
  clean     no defect (the reference, through this proxy)
"""
import base64
import json
import os
import signal
import subprocess
import sys
import time

mode, amc = sys.argv[1], sys.argv[2]
ref = subprocess.Popen([amc, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(line):
    ref.stdin.write(line)
    ref.stdin.flush()
    return json.loads(ref.stdout.readline())


def longest_string(data):
    best, i, n = 0, 0, len(data)
    while i < n:
        if data[i] == 0x22:
            j = i + 1
            while j < n and data[j] != 0x22:
                j += 2 if data[j] == 0x5C else 1
            best = max(best, j - i - 1)
            i = j + 1
        else:
            i += 1
    return best


def depth(data):
    d = best = 0
    instr = esc = False
    for c in data:
        if instr:
            if esc:
                esc = False
            elif c == 0x5C:
                esc = True
            elif c == 0x22:
                instr = False
        elif c == 0x22:
            instr = True
        elif c in (0x5B, 0x7B):
            d += 1
            best = max(best, d)
        elif c in (0x5D, 0x7D):
            d = max(0, d - 1)
    return best


for line in sys.stdin:
    req = json.loads(line)
    if req.get("op") == "validate":
        data = b"".join(base64.b64decode(f["data"]) for f in req["files"])
        if mode == "longstr" and longest_string(data) > 1024:
            os.kill(os.getpid(), signal.SIGSEGV)
        if mode == "deep" and depth(data) > 48:
            while True:
                time.sleep(1)
    rep = ask(line)
    if mode == "lenient" and rep.get("verdict") == "invalid" and "JSON_DUP_KEY" in rep.get("codes", []):
        rep["codes"] = [c for c in rep["codes"] if c != "JSON_DUP_KEY"]
        rep["verdict"] = "valid"
    sys.stdout.write(json.dumps(rep) + "\n")
    sys.stdout.flush()
    if req.get("op") == "stop":
        break
