#!/usr/bin/env python3
"""ctest cli.c12_fuzz_keyring: amc fuzz --stateful reads the suite's keyring twice, as the policy
(amc's library: a YAML reader, for which an unquoted NaN is the string "NaN") and with json-c
for its own key table (cli_fuzz_st.c read_keys: json-c reads NaN as a number). A key whose
principal is not a JSON string is the fuzzer's shared key, as one without a principal: the
messages of the keyed sessions that use the shared key (a key change) carry its key_id. Two
suites (mailbox: a valid envelope and the case under policies/hmac.yaml) differ only in the
keyring's last key, k-shared-v1: no principal, or "principal": NaN. The same run (seed 5, 30
sessions) against amc's adapter behind a recording proxy must send exactly the same messages
under the policy in both, and some of them carry k-shared-v1. Issue 22: cli_fuzz_st.c:673,
`get_ex(e, "principal", &v) && is_type(v, string)` made ||, a survivor: the mutant took "NaN"
as the key's principal, had no shared key and signed those messages with the sender's own key.

usage: c12_fuzz_keyring.py AMC SOURCE_DIR"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
PROXY = r'''import subprocess, sys
p = subprocess.Popen([sys.argv[1], "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     text=True)
with open(sys.argv[2], "a") as log:
    for line in sys.stdin:
        log.write(line)
        log.flush()
        p.stdin.write(line)
        p.stdin.flush()
        sys.stdout.write(p.stdout.readline())
        sys.stdout.flush()
'''


def make_suite(root, principal):
    src = os.path.join(SRC, "conformance", "mailbox")
    suite = os.path.join(root, "mailbox")
    os.makedirs(os.path.join(suite, "inputs"))
    os.makedirs(os.path.join(suite, "policies"))
    cases = [c for c in json.load(open(os.path.join(src, "cases.json")))
             if c["id"] in ("mailbox-env-001-valid-task-assignment", "mailbox-sig-006-valid-hmac")]
    for c in cases:
        shutil.copy(os.path.join(src, c["input"]), os.path.join(suite, c["input"]))
    shutil.copy(os.path.join(src, "policies", "hmac.yaml"), os.path.join(suite, "policies"))
    kr = open(os.path.join(src, "policies", "keyring.json")).read()
    old = '"key_id": "k-shared-v1",'
    if old not in kr:
        failures.append("conformance/mailbox/policies/keyring.json has no k-shared-v1")
    if principal:
        kr = kr.replace(old, old + '\n      "principal": ' + principal + ",")
    with open(os.path.join(suite, "policies", "keyring.json"), "w") as fh:
        fh.write(kr)
    with open(os.path.join(suite, "cases.json"), "w") as fh:
        json.dump(cases, fh)


def keyed_messages(tmp, name, principal):
    """The messages (decoded) of every validate request under the policy, in order."""
    root = os.path.join(tmp, name)
    make_suite(os.path.join(root, "suite"), principal)
    log = os.path.join(root, "requests.log")
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    p = subprocess.run([AMC, "fuzz", "--stateful", "--profile", "mailbox", "--suite",
                        os.path.join(root, "suite"), "--impl",
                        f"{sys.executable} {os.path.join(tmp, 'proxy.py')} {AMC} {log}",
                        "--runs", "30", "--seed", "5", "--out", os.path.join(root, "out"), "-q"],
                       capture_output=True, text=True, timeout=120, env=env, cwd=root)
    if p.returncode != 0 or "(keyring policies/keyring.json): 8 sessions" not in p.stdout:
        failures.append(f"{name}: exit {p.returncode}\n{p.stdout}{p.stderr}")
    msgs = []
    for line in open(log) if os.path.exists(log) else []:
        r = json.loads(line)
        if r.get("op") == "validate" and "policy" in r:
            msgs.append([base64.b64decode(f["data"]).decode() for f in r["files"]])
    return msgs


with tempfile.TemporaryDirectory(prefix="amc-c12-keyring-") as tmp:
    with open(os.path.join(tmp, "proxy.py"), "w") as fh:
        fh.write(PROXY)
    shared = keyed_messages(tmp, "shared", None)
    nan = keyed_messages(tmp, "nan", "NaN")
ids = [json.loads(m).get("key_id") for s in shared for m in s]
if len(shared) != 8 or "k-shared-v1" not in ids:
    failures.append(f"{len(shared)} sessions under the policy, key_ids {sorted(set(ids))}")
if nan != shared:
    n = [json.loads(m).get("key_id") for s in nan for m in s]
    failures.append("a principal NaN changed the messages: key_ids (no principal, NaN): "
                    f"{[(i, ids.count(i), n.count(i)) for i in sorted(set(ids + n))]}")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
