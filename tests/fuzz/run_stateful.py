#!/usr/bin/env python3
"""ctest fuzz.stateful: `amc fuzz --stateful` (issue 21 item 2) finds nothing against the
reference adapter (mailbox, the profile with session rules, and a short run of every other
profile), generates the same sessions for the same seed, and finds planted session-rule defects
within a bounded number of seeded runs (not timed), shrinks them, replays them and emits them as
session cases that the reference passes and the defect fails.

usage: run_stateful.py AMC SOURCE_DIR

Planted defects (tests/fuzz/planted_st_adapter.py), each passing the whole fixed suite (checked
here with amc conform): a nonce cache of the last 3 accepted nonces, a msg_id look-up among the
last 2 accepted messages only, and (sessions under the suite's HMAC policy) a MAC check skipped
for a sender whose earlier message was accepted under the same key_id.
"""
import json
import os
import sys

from fuzzcheck import Check, findings

CHECK = Check("fuzz.stateful", "amc-stfuzz-test-")
AMC, SRC, HERE, SUITE, TMP = CHECK.amc_path, CHECK.src, CHECK.here, CHECK.suite, CHECK.tmp
PY = sys.executable
fail, amc = CHECK.fail, CHECK.amc


def planted(mode):
    return f"{PY} {HERE}/planted_st_adapter.py {mode} {AMC}"


# 1. the reference adapter: nothing; mailbox reaches every session rule at every distance, and
# every key rule in sessions under the suite's HMAC policy
for prof, runs in (("mailbox", "200"), ("ignite", "40"), ("discussion", "40"), ("socket", "40"),
                   ("acp", "40")):
    out = os.path.join(TMP, "ref-" + prof)
    p = amc(["fuzz", "--stateful", "--profile", prof, "--impl", f"{AMC} adapter", "--runs", runs,
             "--seed", "11", "--suite", SUITE, "--out", out, "-q"])
    lines = p.stdout.splitlines()
    cov = [l for l in lines if l.startswith("coverage: ")]
    if p.returncode != 0 or "no findings" not in p.stdout or findings(out) or not cov:
        fail(f"reference {prof}: exit {p.returncode}\n{p.stdout}{p.stderr}")
    elif prof == "mailbox" and (
            cov[0] != "coverage: session rules 4/4, reuse distances 20/20, key rules 3/3"
            or not any(l.startswith("under policy policies/hmac.yaml (keyring "
                                    "policies/keyring.json): ") for l in lines)):
        fail(f"reference mailbox: {cov[0]}\n{p.stdout}")
    else:
        print(f"reference {prof}: {lines[1]}; {cov[0]}")

# 2. the clean re-implementation agrees with amc; the same seed gives the same sessions
logs = []
for i, seed in enumerate(("99", "99", "100")):
    log = os.path.join(TMP, f"det{i}.log")
    env = dict(os.environ, STF_LOG=log)
    p = amc(["fuzz", "--stateful", "--profile", "mailbox", "--impl", planted("clean"), "--runs",
             "60", "--seed", seed, "--suite", SUITE, "--out", os.path.join(TMP, f"det{i}"), "-q"],
            env=env)
    if p.returncode != 0:
        fail(f"determinism run {i}: exit {p.returncode}\n{p.stdout}{p.stderr}")
    logs.append(open(log).read() if os.path.exists(log) else "")
if not logs[0] or logs[0] != logs[1] or logs[0] == logs[2]:
    fail("seed 99 twice: different sessions (or seed 100 the same ones)")
else:
    ss = [json.loads(l) for l in logs[0].splitlines()]
    print(f"determinism: seed 99 twice gave the same {len(ss)} sessions "
          f"({sum(map(len, ss))} messages, longest {max(map(len, ss))})")

# 3. planted defects: found within --runs, shrunk, replayed, emitted
PLANTED = [  # mode, allowed classes, amc code, --runs, --seed, most messages after shrinking
    ("nonce-cache-3", ("missing:MAILBOX_NONCE_REUSED", "impl-valid"), "MAILBOX_NONCE_REUSED",
     100, 1, 8),
    ("dup-last-2", ("missing:MAILBOX_DUPLICATE_DELIVERY", "missing:MAILBOX_MSG_ID_CONFLICT",
                    "impl-valid"), None, 100, 1, 8),
    ("key-trust-sender", ("missing:MAILBOX_SIGNATURE_INVALID", "impl-valid"),
     "MAILBOX_SIGNATURE_INVALID", 100, 1, 4),
]
for mode, classes, code, runs, seed, most in PLANTED:
    p = amc(["conform", "--suite", SUITE, "--profile", "mailbox", "--impl", planted(mode)])
    if p.returncode != 0:
        fail(f"{mode}: the planted adapter fails the fixed suite (exit {p.returncode})\n"
             f"{p.stdout[-2000:]}")
    out = os.path.join(TMP, mode)
    p = amc(["fuzz", "--stateful", "--profile", "mailbox", "--impl", planted(mode), "--runs",
             str(runs), "--seed", str(seed), "--suite", SUITE, "--out", out, "--max-findings",
             "1", "-q"])
    fs = findings(out)
    if p.returncode != 1 or not fs:
        fail(f"{mode}: exit {p.returncode}, {len(fs)} findings\n{p.stdout}{p.stderr}")
        continue
    f = fs[0]
    print(f"{mode}: {f['kind']} ({f['class']}) at session {f['found_at_run']}, "
          f"{f['original_size']} -> {f['size']} messages in {f['shrink_runs']} shrink runs: "
          f"{f['summary']}")
    if f["kind"] != "stateful" or f["class"] not in classes:
        fail(f"{mode}: want stateful ({classes}), got {f['kind']} ({f['class']})")
    if not 2 <= f["size"] <= most or f["unit"] != "messages":
        fail(f"{mode}: shrunk to {f['size']} {f['unit']}, want 2 to {most} messages")
    if code and code not in f["amc"]["codes"]:
        fail(f"{mode}: amc {f['amc']}")
    for k in ("message", "message_name", "replay", "case_id"):
        if k not in f:
            fail(f"{mode}: findings.jsonl line lacks {k}")
    case = json.load(open(os.path.join(out, f["input"])))
    if len(case["session"]) != f["size"] or case["id"] != f["case_id"] or \
            not all(os.path.exists(os.path.join(out, s)) for s in case["session"]):
        fail(f"{mode}: case {f['input']} does not match its line")
    if mode.startswith("key-") and not (
            case.get("policy", "").endswith("/policies/hmac.yaml")
            and os.path.exists(os.path.join(out, case["policy"]))
            and os.path.exists(os.path.join(os.path.dirname(os.path.join(out, case["policy"])),
                                            "keyring.json"))):
        fail(f"{mode}: the case has no policy with its keyring: {case}")
    r = amc(["fuzz", "--replay", out + "/"])  # a trailing slash: no "//" in what it prints
    if r.returncode != 1 or "reproduced " not in r.stdout or "//" in r.stdout + r.stderr:
        fail(f"{mode}: replay: exit {r.returncode}\n{r.stdout}{r.stderr}")
    r = amc(["fuzz", "--replay", out, "--impl", f"{AMC} adapter"])
    if r.returncode != 0 or "not reproduced" not in r.stdout:
        fail(f"{mode}: replay against the reference: exit {r.returncode}\n{r.stdout}{r.stderr}")
    emit = os.path.join(TMP, "emit-" + mode)
    # trailing slashes: no "//" in what is printed or written
    r = amc(["fuzz", "--replay", out + "/", "--emit-cases", emit + "/"])
    if r.returncode != 0 or not os.path.exists(os.path.join(emit, "mailbox", "cases.json")):
        fail(f"{mode}: emit-cases: exit {r.returncode}\n{r.stdout}{r.stderr}")
        continue
    if "//" in r.stdout + r.stderr + open(os.path.join(emit, "mailbox", "cases.json")).read():
        fail(f"{mode}: emit-cases DIR/: a doubled slash\n{r.stdout}{r.stderr}")
    r = amc(["conform", "--suite", emit, "--impl", f"{AMC} adapter"])
    if r.returncode != 0:
        fail(f"{mode}: emitted case vs the reference: exit {r.returncode}\n{r.stdout}")
    # the case fails against the planted adapter: exit 1 for a MUST rule, 0 with a warning
    # for a SHOULD one (dup-last-2's only finding under --max-findings 1: MAILBOX-DUP-001)
    level = json.load(open(os.path.join(emit, "mailbox", "cases.json")))[0]["level"]
    r = amc(["conform", "--suite", emit, "--impl", planted(mode)])
    if f"  fail {f['case_id']} " not in r.stdout or r.returncode != (1 if level == "MUST" else 0):
        fail(f"{mode}: emitted {level} case vs the planted adapter: exit {r.returncode}\n"
             f"{r.stdout}")

# 4. usage: --stateful needs an adapter (2), not with --lifecycle (2); an adapter that does not
# claim P.stateful (2); one that cannot be reached (3)
noclaim = os.path.join(TMP, "noclaim.py")
with open(noclaim, "w") as fh:
    fh.write("import json,sys\nfor l in sys.stdin:\n r=json.loads(l)\n"
             " o={'seq':r['seq'],'protocol':1,'implementation':{'name':'x'},'profiles':"
             "['mailbox'],'capabilities':['mailbox']} if r['op']=='hello' else "
             "{'seq':r['seq'],'ok':True}\n print(json.dumps(o),flush=True)\n"
             " if r['op']=='stop': break\n")
for args, want in ((["--impl-exec", "x {file}"], 2), (["--impl", f"{PY} {noclaim}"], 2),
                   (["--impl", "exit 1"], 3), (["--impl", "x", "--lifecycle"], 2),
                   (["--impl", "x", "--corpus", "."], 2)):
    p = amc(["fuzz", "--stateful", "--profile", "mailbox", "--runs", "5", "--suite", SUITE,
             "--out", os.path.join(TMP, "u"), "-q"] + args)
    if p.returncode != want:
        fail(f"{args}: exit {p.returncode}, want {want}\n{p.stdout}{p.stderr}")

CHECK.finish()
