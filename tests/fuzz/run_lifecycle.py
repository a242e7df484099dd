#!/usr/bin/env python3
"""ctest fuzz.lifecycle: `amc fuzz --lifecycle` (issue 21) finds nothing against the reference
adapter for any profile, generates the same sequences for the same seed, and finds planted
lifecycle defects within a bounded number of seeded runs (not timed), shrinks them, replays
them and emits them as scenarios that the reference passes and the defect fails.

usage: run_lifecycle.py AMC SOURCE_DIR

Planted defects (tests/fuzz/planted_lc_adapter.py), each passing the whole fixed suite (checked
here with amc conform): an ACP backoff counted from the task's start instead of its failure, a
mailbox whose visibility deadlines do not survive a restart, a discussion that stops checking
the phase order after 8 messages.
"""
import json
import os
import sys

from fuzzcheck import Check, findings

CHECK = Check("fuzz.lifecycle", "amc-lcfuzz-test-")
AMC, SRC, HERE, SUITE, TMP = CHECK.amc_path, CHECK.src, CHECK.here, CHECK.suite, CHECK.tmp
PY = sys.executable
fail, amc = CHECK.fail, CHECK.amc


def planted(mode):
    return f"{PY} {HERE}/planted_lc_adapter.py {mode} {AMC}"


# 1. the reference adapter: nothing for any profile; the summary shows the model's coverage
for prof in ("ignite", "mailbox", "discussion", "socket", "acp"):
    out = os.path.join(TMP, "ref-" + prof)
    p = amc(["fuzz", "--lifecycle", "--profile", prof, "--impl", f"{AMC} adapter", "--runs",
             "150", "--seed", "11", "--out", out, "-q"])
    lines = p.stdout.splitlines()
    cov = [l for l in lines if l.startswith("model coverage: rules ")]
    if p.returncode != 0 or "no findings" not in p.stdout or findings(out) or not cov:
        fail(f"reference {prof}: exit {p.returncode}\n{p.stdout}{p.stderr}")
    else:
        print(f"reference {prof}: {lines[1]}; {cov[0]}")

# 2. the same seed gives the same sequences (recorded by the clean proxy), another seed others
logs = []
for i, seed in enumerate(("99", "99", "100")):
    log = os.path.join(TMP, f"det{i}.log")
    env = dict(os.environ, LCF_LOG=log)
    p = amc(["fuzz", "--lifecycle", "--profile", "mailbox", "--impl", planted("clean"), "--runs",
             "60", "--seed", seed, "--out", os.path.join(TMP, f"det{i}"), "-q"], env=env)
    if p.returncode != 0:
        fail(f"determinism run {i}: exit {p.returncode}\n{p.stdout}{p.stderr}")
    logs.append(open(log).read() if os.path.exists(log) else "")
if not logs[0] or logs[0] != logs[1] or logs[0] == logs[2]:
    fail("seed 99 twice: different sequences (or seed 100 the same ones)")
else:
    seqs = [json.loads(l) for l in logs[0].splitlines()]
    print(f"determinism: seed 99 twice gave the same {len(seqs)} sequences "
          f"({sum(map(len, seqs))} events, longest {max(map(len, seqs))})")

# 3. planted defects: found within --runs, shrunk to at most 16 events, replayed, emitted
PLANTED = [  # profile, mode, class, amc's code, --runs, --seed
    ("acp", "acp-backoff", "accepted:retry:impl-accepted", "LC_ACP_BACKOFF", 600, 7),
    ("mailbox", "mailbox-restart", "accepted:visibility_timeout:impl-accepted",
     "LC_MAILBOX_TRANSITION", 600, 7),
    ("discussion", "disc-phase", "accepted:phase:impl-accepted", "LC_DISC_PHASE_ORDER", 1000, 2),
]
for prof, mode, cls, code, runs, seed in PLANTED:
    # realistic: the defect passes the fixed suite
    p = amc(["conform", "--suite", SUITE, "--profile", prof, "--impl", planted(mode)])
    if p.returncode != 0:
        fail(f"{mode}: the planted adapter fails the fixed suite (exit {p.returncode})\n"
             f"{p.stdout[-2000:]}")
    out = os.path.join(TMP, mode)
    p = amc(["fuzz", "--lifecycle", "--profile", prof, "--impl", planted(mode), "--runs",
             str(runs), "--seed", str(seed), "--out", out, "--max-findings", "1", "-q"])
    fs = findings(out)
    if p.returncode != 1 or not fs:
        fail(f"{mode}: exit {p.returncode}, {len(fs)} findings\n{p.stdout}{p.stderr}")
        continue
    f = fs[0]
    print(f"{mode}: {f['kind']} ({f['class']}) at sequence {f['found_at_run']}, "
          f"{f['original_size']} -> {f['size']} events in {f['shrink_runs']} shrink runs: "
          f"{f['summary']}")
    if f["kind"] != "lifecycle" or f["class"] != cls:
        fail(f"{mode}: want lifecycle ({cls}), got {f['kind']} ({f['class']})")
    if not 1 <= f["size"] <= 16 or f["unit"] != "events":
        fail(f"{mode}: shrunk to {f['size']} {f['unit']}, want at most 16 events")
    if code not in f["amc"]["codes"] or f["impl"].get("accepted") is not True:
        fail(f"{mode}: amc {f['amc']}, implementation {f['impl']}")
    for k in ("step", "event", "replay", "scenario_id"):
        if k not in f:
            fail(f"{mode}: findings.jsonl line lacks {k}")
    sc = json.load(open(os.path.join(out, f["input"])))
    if len(sc["steps"]) != f["size"] or sc["id"] != f["scenario_id"] or sc["profile"] != prof:
        fail(f"{mode}: scenario {f['input']} does not match its line")
    elif sc["steps"][f["step"] - 1]["event"] != f["event"]:
        fail(f"{mode}: step {f['step']} of the scenario is not the line's event")
    r = amc(["fuzz", "--replay", out])
    if r.returncode != 1 or "reproduced " not in r.stdout:
        fail(f"{mode}: replay: exit {r.returncode}\n{r.stdout}{r.stderr}")
    r = amc(["fuzz", "--replay", out, "--impl", f"{AMC} adapter"])
    if r.returncode != 0 or "not reproduced" not in r.stdout:
        fail(f"{mode}: replay against the reference: exit {r.returncode}\n{r.stdout}{r.stderr}")
    emit = os.path.join(TMP, "emit-" + mode)
    r = amc(["fuzz", "--replay", out, "--emit-cases", emit])
    scen = os.path.join(emit, prof, "lifecycle", f["scenario_id"] + ".json")
    if r.returncode != 0 or not os.path.exists(scen):
        fail(f"{mode}: emit-cases: exit {r.returncode}\n{r.stdout}{r.stderr}")
        continue
    r = amc(["conform", "--suite", emit, "--impl", f"{AMC} adapter"])
    if r.returncode != 0:
        fail(f"{mode}: emitted scenario vs the reference: exit {r.returncode}\n{r.stdout}")
    r = amc(["conform", "--suite", emit, "--impl", planted(mode)])
    if r.returncode != 1:
        fail(f"{mode}: emitted scenario vs the planted adapter: exit {r.returncode}\n{r.stdout}")

# 4. usage: --lifecycle needs an adapter (2); an adapter that does not claim P.lifecycle (2);
# one that cannot be reached (3)
noclaim = os.path.join(TMP, "noclaim.py")
with open(noclaim, "w") as fh:
    fh.write("import json,sys\nfor l in sys.stdin:\n r=json.loads(l)\n"
             " o={'seq':r['seq'],'protocol':1,'implementation':{'name':'x'},'profiles':['acp'],"
             "'capabilities':['acp']} if r['op']=='hello' else {'seq':r['seq'],'ok':True}\n"
             " print(json.dumps(o),flush=True)\n if r['op']=='stop': break\n")
for args, want in ((["--impl-exec", "x {file}"], 2), (["--impl", f"{PY} {noclaim}"], 2),
                   (["--impl", "exit 1"], 3)):
    p = amc(["fuzz", "--lifecycle", "--profile", "acp", "--runs", "5", "--out",
             os.path.join(TMP, "u"), "-q"] + args)
    if p.returncode != want:
        fail(f"{args}: exit {p.returncode}, want {want}\n{p.stdout}{p.stderr}")

CHECK.finish()
