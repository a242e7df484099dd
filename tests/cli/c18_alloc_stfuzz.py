#!/usr/bin/env python3
"""ctest cli.c18_alloc_stfuzz (AMC_ALLOC_FAILPOINTS builds): amc fuzz --stateful --profile mailbox
(a suite of two cases, one under policies/hmac.yaml with its keyring) against amc's adapter,
three sessions (one keyed), seed 5, with each allocation of a window of the set-up failing once
(AMC_FAIL_ALLOC=N, tests/cli/alloc_fail_wrap.c). Each run ends as the clean one did (exit 0,
the same standard output but for the speed) or with exit 2 and "out of memory" on standard
error; never another result. Issue 22, survivors of src/cli/cli_fuzz_st.c:

  - :641 (variant_policy: `st == AMC_ENOMEM` made !=; seed 112908): the rotated and aliased
    keyrings are read as policies after the keyring; out of memory there must stop the run
    (exit 2), the mutant went on without keyed sessions (exit 0, another report);
  - :594 and :601 (policy_req: `b.failed || !e` made &&; :601 seed 112909): the policy's and
    the keyring's base64 failing must fail the request, the mutant sent the keyed session
    with an empty keyring (the adapter's verdicts, and the report, changed).

The window (N = 380 to 579) starts just before the suite's keyring is read: a run in it must
say "policies/keyring.json: out of memory", else the set-up's allocations have moved and the
window must follow (AMC_FAIL_ALLOC_TRACE=1 prints a failed allocation's stack). 200 short runs;
an AddressSanitizer build skips it.

usage: c18_alloc_stfuzz.py AMC SOURCE_DIR"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
WINDOW = range(380, 580)
failures = []
with open(AMC, "rb") as fh:
    if b"__asan_init" in fh.read():
        print("c18_alloc_stfuzz: SKIP: an AddressSanitizer build (200 fuzz runs: the mutation "
              "build has no sanitizer)")
        sys.exit(0)
tmp = tempfile.mkdtemp(prefix="amc-c18-stfuzz-")
try:
    src = os.path.join(SRC, "conformance", "mailbox")
    suite = os.path.join(tmp, "suite", "mailbox")
    os.makedirs(os.path.join(suite, "inputs"))
    os.makedirs(os.path.join(suite, "policies"))
    cases = [c for c in json.load(open(os.path.join(src, "cases.json")))
             if c["id"] in ("mailbox-env-001-valid-task-assignment", "mailbox-sig-006-valid-hmac")]
    for c in cases:
        shutil.copy(os.path.join(src, c["input"]), os.path.join(suite, c["input"]))
    for f in ("hmac.yaml", "keyring.json"):
        shutil.copy(os.path.join(src, "policies", f), os.path.join(suite, "policies", f))
    with open(os.path.join(suite, "cases.json"), "w") as fh:
        json.dump(cases, fh)
    out = os.path.join(tmp, "out")

    def run(extra):
        env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
        env["AMC_NO_CONFIG"] = "1"
        env.update(extra)
        shutil.rmtree(out, ignore_errors=True)
        return subprocess.run([AMC, "fuzz", "--stateful", "--profile", "mailbox", "--suite",
                               os.path.dirname(suite), "--impl", f"{AMC} adapter", "--runs", "3",
                               "--seed", "5", "--out", out, "-q"],
                              capture_output=True, text=True, timeout=60, env=env, cwd=tmp)

    def scrub(text):  # the run's speed: "3 sessions (30 messages) in 0.1 s (28/s)"
        return re.sub(r" in [0-9.]+ s \([0-9]+/s\)", "", text)

    count = os.path.join(tmp, "count")
    clean = run({"AMC_FAIL_ALLOC_COUNT": count})
    try:
        total = int(open(count).read().strip())
    except (OSError, ValueError):
        print("c18_alloc_stfuzz: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)
    if clean.returncode != 0 or \
            "under policy policies/hmac.yaml (keyring policies/keyring.json): 1 sessions" \
            not in clean.stdout:
        failures.append(f"clean run: exit {clean.returncode}\n{clean.stdout}{clean.stderr}")
    anchor = 0
    for n in WINDOW:
        p = run({"AMC_FAIL_ALLOC": str(n)})
        same = p.returncode == 0 and scrub(p.stdout) == scrub(clean.stdout)
        nomem = p.returncode == 2 and "out of memory" in p.stderr
        anchor += "policies/keyring.json: out of memory" in p.stderr
        if not (same or nomem):
            failures.append(f"allocation {n} of {total} failed: exit {p.returncode}\n"
                            f"{p.stdout[-300:]}{p.stderr[-300:]}")
    if not anchor:
        failures.append(f"the window {WINDOW.start}-{WINDOW.stop - 1} of {total} allocations has "
                        "drifted: no run in it failed reading the keyring")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures[:10]:
    print("FAIL:", f)
print(f"c18_alloc_stfuzz: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
