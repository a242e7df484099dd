#!/usr/bin/env python3
"""HMAC-SHA256 signatures under many keys (profile mailbox): amc keeps keyed HMAC contexts for the
last few keys of each validator and restarts one per message (src/profiles/mailbox.c, mac_for).
This checks, against signatures made here with Python's hmac module (not with amc), that
  1. envelopes signed with seven different keys, in an order that keeps evicting the contexts
     (more keys than it keeps) and one that re-uses them, are all valid;
  2. a signature made with another key's secret, and one over other content, are caught at
     their lines (MAILBOX_SIGNATURE_INVALID), for -j 1 and -j 2.
Usage: hmac_keys.py AMC (run from the source tree)."""
import hashlib
import hmac
import json
import os
import subprocess
import sys
import tempfile

AMC = sys.argv[1]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def sign(env, secret):
    e = dict(env, signature="")
    canon = json.dumps(e, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    return hmac.new(secret, canon, hashlib.sha256).hexdigest()


tpl = json.load(open("conformance/mailbox/inputs/env-001-valid-task-assignment.json"))
secrets = [hashlib.sha256(b"amc-test-key-%d" % i).digest() for i in range(7)]
# evicting: 0..6 round and round; re-using: runs of one key and a pair back and forth
order = [i % 7 for i in range(35)] + [3] * 5 + [1, 2] * 5 + [6, 0, 6, 0, 5, 5, 4, 3, 2, 1]
bad = {20: "other key", 47: "other content"}
with tempfile.TemporaryDirectory(prefix="amc-hmac-") as tmp:
    with open(os.path.join(tmp, "keyring.json"), "w") as f:
        json.dump({"version": 1, "keys": [{"key_id": f"k-shared-{i}", "algorithm": "hmac_sha256",
                                           "secret_hex": s.hex()} for i, s in enumerate(secrets)]},
                  f)
    with open(os.path.join(tmp, "policy.yaml"), "w") as f:
        f.write("security:\n  signature_algorithm: hmac_sha256\n  keyring_file: keyring.json\n")
    lines = []
    for n, k in enumerate(order):
        env = dict(tpl, key_id=f"k-shared-{k}", msg_id="00000000-0000-4000-8000-%012x" % n,
                   nonce="00000000-0000-4000-8000-%012x" % (1000 + n))
        env["signature"] = sign(env, secrets[(k + 1) % 7] if bad.get(n) == "other key"
                                else secrets[k])
        if bad.get(n) == "other content":
            env["state_version"] = env.get("state_version", 1) + 1
        lines.append(json.dumps(env))
    data = os.path.join(tmp, "signed.jsonl")
    with open(data, "w") as f:
        f.write("\n".join(lines) + "\n")
    for j in ("1", "2"):
        p = subprocess.run([AMC, "validate", "--profile", "mailbox", "--policy",
                            os.path.join(tmp, "policy.yaml"), "--jsonl", "--format", "json",
                            "-j", j, data], capture_output=True, text=True, timeout=60)
        recs = [json.loads(x) for x in p.stdout.splitlines()]
        found = {r["line"]: [d["code"] for d in r["diagnostics"] if d["severity"] == "error"]
                 for r in recs if "line" in r and not r.get("valid", True)}
        want = {n + 1: ["MAILBOX_SIGNATURE_INVALID"] for n in bad}
        check(p.returncode == 1, f"-j {j}: exit {p.returncode}, want 1 ({p.stderr.strip()})")
        check(found == want, f"-j {j}: invalid lines {found}, want {want}")
        summ = recs[-1].get("summary", {}) if recs else {}
        check(summ.get("valid") == len(order) - len(bad) and summ.get("invalid") == len(bad),
              f"-j {j}: summary {summ}")

print(f"{len(order)} envelopes under {len(secrets)} keys; {len(failures)} failures")
sys.exit(1 if failures else 0)
