#!/usr/bin/env python3
"""Writes N signed mailbox envelopes as JSON Lines for the profile benchmark (bench/bench.py profile).

Usage: gen_mailbox_signed.py [-n N] [-o FILE] [--hmac KEYRING]

Each line is one of the valid fixture envelopes of conformance/mailbox/inputs (task_assignment,
review_result, aggregation_result) with a fresh msg_id, nonce and task_id, per-task state_version
1, 2, 3 in order, and the implementation's sha256 signature recomputed: lowercase hex SHA-256 of
the canonical JSON (keys sorted, no whitespace; all keys are ASCII and all numbers small integers,
so Python's sort_keys/separators output equals RFC 8785 here) with "signature" set to "".
Every line is valid for `amc validate --profile mailbox --stateful --jsonl`.

With --hmac KEYRING (an amc keyring, e.g. conformance/mailbox/policies/keyring.json) the signature
is the HMAC-SHA256 of the same canonical form under the key named by the envelope's key_id (each
template's sender is that key's principal), so every line is valid, without a warning, under a
policy with signature_algorithm hmac_sha256 and that keyring
(conformance/mailbox/policies/hmac.yaml).
"""
import argparse
import hashlib
import hmac
import json
import os
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "..", "conformance", "mailbox", "inputs")
TEMPLATES = ["env-001-valid-task-assignment.json", "acl-003-valid-review-result-claude.json",
             "acl-006-valid-aggregation-result-aggregator.json"]


def sign(env, keys=None):
    e = dict(env, signature="")
    canon = json.dumps(e, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if keys is None:
        return hashlib.sha256(canon).hexdigest()
    return hmac.new(keys[env["key_id"]], canon, hashlib.sha256).hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=100000)
    ap.add_argument("-o", default="-")
    ap.add_argument("--hmac", metavar="KEYRING")
    a = ap.parse_args()
    keys = None
    if a.hmac:
        ring = json.load(open(a.hmac, encoding="utf-8"))
        keys = {k["key_id"]: bytes.fromhex(k["secret_hex"]) for k in ring["keys"]}
    tpl = [json.load(open(os.path.join(INPUTS, t), encoding="utf-8")) for t in TEMPLATES]
    rnd = uuid.UUID(int=0x5eed)
    out = open(a.o, "w", encoding="utf-8") if a.o != "-" else None
    lines = []
    for i in range(a.n):
        e = json.loads(json.dumps(tpl[i % 3]))
        task = "task-bench-%06d" % (i // 3)
        e["msg_id"] = str(uuid.UUID(int=(rnd.int * 7919 + 2 * i) % (1 << 128), version=4))
        e["nonce"] = str(uuid.UUID(int=(rnd.int * 104729 + 2 * i + 1) % (1 << 128), version=4))
        e["task_id"] = task
        if isinstance(e.get("payload"), dict) and "task_id" in e["payload"]:
            e["payload"]["task_id"] = task
        e["state_version"] = i % 3 + 1
        e["signature"] = sign(e, keys)
        lines.append(json.dumps(e, ensure_ascii=False, separators=(",", ":")))
        if len(lines) == 10000:
            (out.write if out else print)("\n".join(lines) + ("\n" if out else ""))
            lines = []
    if lines:
        (out.write if out else print)("\n".join(lines) + ("\n" if out else ""))


if __name__ == "__main__":
    main()
