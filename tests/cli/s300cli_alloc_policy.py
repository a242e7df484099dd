#!/usr/bin/env python3
"""ctest cli.s300cli_alloc_policy (AMC_ALLOC_FAILPOINTS builds without AddressSanitizer: the
mutation build): amc fuzz --stateful reads the suite's cases.json twice, for its templates and
then for a keyed policy (cli_fuzz_st.c load_policy); when the second read runs out of memory the
run ends with exit 2 and "out of memory", it does not go on without the policy (issue 22:
cli_fuzz_st.c:854 `!ds || errno == ENOMEM` made &&, a survivor of the 300-mutant run, seed
112901, on a line no other test ran: the mutant ran the sessions unkeyed and exited 0).
The suite is made here (two mailbox cases: a valid envelope and one under policies/hmac.yaml with
its keyring); allocation N fails once (AMC_FAIL_ALLOC=N) for N = 0, 1, ... until the second
"cases.json: out of memory"; every run ends as the clean one did (exit 0, the same standard
output but for the speed) or with exit 2 and "out of memory" on stderr. About 400
short runs; an ASan build (about 5 times slower per run) skips it.

usage: s300cli_alloc_policy.py AMC SOURCE_DIR"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
with open(AMC, "rb") as fh:
    if b"__asan_init" in fh.read():
        print("s300cli_alloc_policy: SKIP: an AddressSanitizer build (the sweep is slow there)")
        sys.exit(0)
tmp = tempfile.mkdtemp(prefix="amc-s300cli-alpol-")
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
        env.update(extra)
        shutil.rmtree(out, ignore_errors=True)
        return subprocess.run([AMC, "fuzz", "--stateful", "--profile", "mailbox", "--suite",
                               os.path.dirname(suite), "--impl", f"{AMC} adapter", "--runs", "2",
                               "--seed", "5", "--out", out, "-q"],
                              capture_output=True, text=True, timeout=60, env=env)

    def scrub(text):  # the run's speed: "2 sessions (25 messages) in 0.1 s (19/s)"
        return re.sub(r" in [0-9.]+ s \([0-9]+/s\)", "", text)

    count = os.path.join(tmp, "count")
    clean = run({"AMC_FAIL_ALLOC_COUNT": count})
    try:
        total = int(open(count).read().strip())
    except (OSError, ValueError):
        print("s300cli_alloc_policy: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)
    if clean.returncode != 0 or \
            "under policy policies/hmac.yaml (keyring policies/keyring.json)" not in clean.stdout:
        failures.append(f"clean run: exit {clean.returncode}\n{clean.stdout}{clean.stderr}")
    reads = 0
    for n in range(total):
        p = run({"AMC_FAIL_ALLOC": str(n)})
        if p.stderr.startswith(f"amc: {suite}/cases.json: out of memory\n"):
            reads += 1
        same = p.returncode == 0 and scrub(p.stdout) == scrub(clean.stdout)
        if not same and (p.returncode != 2 or "out of memory" not in p.stderr):
            failures.append(f"allocation {n} failed: exit {p.returncode}\n"
                            f"{p.stdout[-300:]}{p.stderr[-300:]}")
            break
        if reads == 2:
            break
    if not failures and reads != 2:
        failures.append(f"cases.json's second read never ran out of memory ({reads} reads)")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
