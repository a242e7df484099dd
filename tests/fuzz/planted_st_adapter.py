#!/usr/bin/env python3
"""Stateful mailbox adapters with one planted defect each, for tests/fuzz/run_stateful.py
(stdlib only).

usage: planted_st_adapter.py MODE AMC
Every request goes to the reference adapter (AMC adapter), except a stateful mailbox validate:
each message of the session is validated alone by the reference (its stateless rules), and
the session rules are this file's own (docs/profiles/mailbox.md: receipt key (sender_id,
msg_id) with the content digest of the envelope without signature and delivery_attempt; nonce
per sender; state_version per task may repeat or step by one; only messages without errors are
recorded). Each defect passes the whole fixed suite (conformance/mailbox/), which
run_stateful.py checks.
  nonce-cache-3  nonces are kept in a cache of the last 3 accepted ones: a nonce used 4
                 accepted messages ago is taken as new
  dup-last-2     the msg_id look-up sees only the last 2 accepted messages: a redelivery (or a
                 conflicting re-use) of an older message is taken as a new message
  key-trust-sender  (sessions with a policy: HMAC keys) once a message of a sender was
                 accepted under a key_id, later messages of that sender with the same key_id
                 are not MAC-checked (a verification cache keyed by sender and key_id): a
                 tampered or wrongly keyed message passes
  clean          no defect (must agree with amc); with STF_LOG=FILE every stateful session's
                 messages are appended to FILE (one JSON line per session)
"""
import hashlib
import json
import os
import subprocess
import sys

mode, amc = sys.argv[1], sys.argv[2]
ref = subprocess.Popen([amc, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
log = os.environ.get("STF_LOG")
seq = [0]
# the mailbox codes of SHOULD rules (warnings: they do not make a message invalid)
WARN = {l.split()[2] for l in subprocess.run([amc, "rules", "--profile", "mailbox"],
                                             capture_output=True, text=True).stdout.splitlines()
        if len(l.split()) > 2 and l.split()[1] == "SHOULD"}


def ask(obj):
    ref.stdin.write(json.dumps(obj) + "\n")
    ref.stdin.flush()
    return json.loads(ref.stdout.readline())


def messages(files):
    import base64
    for f in files:
        data = base64.b64decode(f["data"])
        if f["name"].endswith(".jsonl"):
            for line in data.split(b"\n"):
                if line:
                    yield f["name"], line
        else:
            yield f["name"], data


def digest(obj):
    o = dict(obj)
    o["signature"] = ""
    o.pop("delivery_attempt", None)
    return hashlib.sha256(json.dumps(o, sort_keys=True, separators=(",", ":"),
                                     ensure_ascii=False).encode()).hexdigest()


def session(req):
    receipts = {}   # (sender, msg_id) -> digest, in acceptance order
    order = []      # accepted receipt keys, oldest first
    nonces = []     # accepted (sender, nonce), oldest first
    tasks = {}
    trusted = set()  # key-trust-sender: (sender, key_id) of accepted messages
    valid, codes = True, []
    logged = []

    def add(c):
        if c not in codes:
            codes.append(c)
    for name, data in messages(req["files"]):
        logged.append(data.decode("utf-8", "replace"))
        import base64
        one = {k: v for k, v in req.items() if k not in ("files", "stateful", "seq")}
        one.update(seq=0, stateful=False,
                   files=[{"name": name if not name.endswith(".jsonl") else name[:-1],
                           "data": base64.b64encode(data).decode()}])
        rep = ask(one)
        if "verdict" not in rep:
            return rep
        try:
            obj = json.loads(data)
        except ValueError:
            obj = None
        mcodes = rep.get("codes", [])
        err = rep["verdict"] == "invalid"
        tkey = (obj.get("sender_id"), obj.get("key_id")) if isinstance(obj, dict) else None
        if mode == "key-trust-sender" and "policy" in req and tkey in trusted:
            mcodes = [c for c in mcodes if c != "MAILBOX_SIGNATURE_INVALID"]
            err = any(c not in WARN for c in mcodes)
        for c in mcodes:
            add(c)
        if not isinstance(obj, dict) or any(c.startswith("JSON_") for c in rep.get("codes", [])):
            valid = valid and not err
            continue
        sender, mid = obj.get("sender_id"), obj.get("msg_id")
        if not isinstance(sender, str) or not isinstance(mid, str):
            valid = valid and not err
            continue
        d = digest(obj)
        rkey = (sender, mid)
        visible = order[-2:] if mode == "dup-last-2" else order
        if rkey in receipts and rkey in visible:
            if receipts[rkey] == d:
                add("MAILBOX_DUPLICATE_DELIVERY")
            else:
                add("MAILBOX_MSG_ID_CONFLICT")
                err = True
            valid = valid and not err
            continue
        nonce = obj.get("nonce")
        nkey = (sender, nonce) if isinstance(nonce, str) else None
        known = nonces[-3:] if mode == "nonce-cache-3" else nonces
        seen = nkey is not None and nkey in known
        if seen:
            add("MAILBOX_NONCE_REUSED")
            err = True
        task, sv = obj.get("task_id"), obj.get("state_version")
        has_sv = isinstance(task, str) and isinstance(sv, int) and not isinstance(sv, bool)
        if has_sv and task in tasks and (sv < tasks[task] or sv > tasks[task] + 1):
            add("MAILBOX_RESYNC_REQUIRED")
            err = True
        if err:
            valid = False
            continue
        receipts[rkey] = d
        trusted.add(tkey)
        if rkey in order:
            order.remove(rkey)
        order.append(rkey)
        if nkey is not None and not seen:
            if nkey in nonces:
                nonces.remove(nkey)
            nonces.append(nkey)
        if has_sv:
            tasks[task] = sv if task not in tasks else max(tasks[task], sv)
    if log:
        with open(log, "a") as f:
            f.write(json.dumps(logged) + "\n")
    return {"verdict": "valid" if valid else "invalid", "codes": codes}


for line in sys.stdin:
    req = json.loads(line)
    if req.get("op") == "validate" and req.get("stateful") and req.get("profile") == "mailbox":
        rep = session(req)
        rep["seq"] = req["seq"]
        print(json.dumps(rep), flush=True)
        continue
    rep = ask(req)
    print(json.dumps(rep), flush=True)
    if req.get("op") == "stop":
        break
