#!/usr/bin/env python3
"""Adapters that misbehave in one way each, for tests/cli/cov_fuzz.py (stdlib only).

usage: cov_fuzz_adapter.py MODE[:ARG] AMC
Requests go to the reference adapter (AMC adapter) unless the mode answers a validate itself:
  error     every validate is answered with an error reply (its text holds a control character)
  skipped   every validate is answered "skipped" although the profile is claimed
  garbage   every validate is answered with a line that is not JSON (with a control character)
  exit      the adapter exits with status ARG at the first validate (no reply)
  segv      the adapter kills itself with SIGSEGV at the first validate
  dropcode  the reference's answer without its first code (capability codes claimed)
  big       "valid" for an input of ARG bytes or more, else "invalid" without codes (no
            reference asked: fast)
  nocodes   the reference's answers, but the hello claims no "codes"
  noprofile the hello claims no profile at all
  lognames  the reference's answers; the name of each validated file appended to file ARG
  logdata   the reference's answers; each validated input appended to file ARG (base64, a line)
  dropcap   the reference's answers, but the hello does not claim capability ARG
  valid     every validate is answered "valid" without codes
  invalid   every validate is answered "invalid" with the code MAILBOX_NONCE_REUSED
  opfail    a request of op ARG (hello, reset, lifecycle) is answered with an error reply
  proto     the hello says protocol ARG
  once      starts once: a second start (file ARG exists) exits 1 at once; every validate
            kills it with SIGSEGV
  lcfinal   the reference's answers, but a lifecycle reply's "final" has an empty state; the
            hello names no implementation version
  reference the reference's answers, unchanged
"""
import base64
import json
import os
import signal
import subprocess
import sys

mode, _, arg = sys.argv[1].partition(":")
amc = sys.argv[2]
if mode == "once":
    if os.path.exists(arg):
        sys.exit(1)
    open(arg, "w").close()
ref = subprocess.Popen([amc, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(line):
    ref.stdin.write(line)
    ref.stdin.flush()
    return json.loads(ref.stdout.readline())


def say(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    req = json.loads(line)
    seq, op = req.get("seq"), req.get("op")
    if mode == "opfail" and op == arg:
        say({"seq": seq, "error": "no " + op})
        continue
    if op == "validate":
        data = b"".join(base64.b64decode(f["data"]) for f in req["files"])
        if mode == "lognames":
            with open(arg, "a") as fh:
                fh.write("".join(f["name"] + "\n" for f in req["files"]))
        if mode == "logdata":
            with open(arg, "a") as fh:
                fh.write(base64.b64encode(data).decode() + "\n")
        if mode == "error":
            say({"seq": seq, "error": "boom\x01here"})
            continue
        if mode == "skipped":
            say({"seq": seq, "skipped": "not today"})
            continue
        if mode == "garbage":
            sys.stdout.write("this is not\x01JSON\n")
            sys.stdout.flush()
            continue
        if mode == "exit":
            sys.exit(int(arg))
        if mode in ("segv", "once"):
            os.kill(os.getpid(), signal.SIGSEGV)
        if mode in ("valid", "invalid"):
            say({"seq": seq, "verdict": mode,
                 "codes": ["MAILBOX_NONCE_REUSED"] if mode == "invalid" else []})
            continue
        if mode == "big":
            say({"seq": seq, "verdict": "valid" if len(data) >= int(arg) else "invalid",
                 "codes": []})
            continue
    rep = ask(line)
    if op == "hello":
        if mode == "proto":
            rep["protocol"] = int(arg)
        if mode == "nocodes":
            rep["capabilities"] = [c for c in rep["capabilities"] if c != "codes"]
        if mode == "dropcap":
            rep["capabilities"] = [c for c in rep["capabilities"] if c != arg]
        if mode == "noprofile":
            rep["profiles"] = []
            rep["capabilities"] = []
    if mode == "lcfinal" and op == "hello":
        rep["implementation"].pop("version", None)
    if mode == "lcfinal" and op == "lifecycle" and isinstance(rep.get("final"), dict):
        rep["final"]["state"] = {}
    if op == "validate" and mode == "dropcode" and rep.get("codes"):
        rep["codes"] = sorted(rep["codes"])[1:]
    say(rep)
    if op == "stop":
        break
