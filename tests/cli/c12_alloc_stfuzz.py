#!/usr/bin/env python3
"""ctest cli.c12_alloc_stfuzz (AMC_ALLOC_FAILPOINTS builds without AddressSanitizer: the mutation
build): amc fuzz --stateful --profile mailbox (a suite of two cases, one under policies/hmac.yaml
with its keyring) against amc's adapter, one session, seed 5, with each allocation of a window
failing once (AMC_FAIL_ALLOC=N, tests/cli/alloc_fail_wrap.c): the window (N = 880 to 919 of
about 1480) straddles the end of the set-up ("amc fuzz: out of memory") and the start of the
worker, whose first session grows the rendered messages and their names (cli_fuzz_st.c render;
"amc: out of memory: the output is incomplete"); both kinds must show in it, else the window
has drifted and must move (AMC_FAIL_ALLOC_TRACE=1 prints a failed allocation's stack). Each
run ends as the clean one did (exit 0, the same standard output but for the speed) or with
exit 2 and "out of memory" (or "implementation not reached": the adapter's handshake) on
standard error; never a crash. Issue 22: cli_fuzz_st.c:546, the `return -1` after the names'
realloc failed, deleted, a survivor: the mutant wrote the names through NULL. About 40 runs
(3 s); an ASan build skips it.

usage: c12_alloc_stfuzz.py AMC SOURCE_DIR"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
WINDOW = range(880, 920)
failures = []
with open(AMC, "rb") as fh:
    if b"__asan_init" in fh.read():
        print("c12_alloc_stfuzz: SKIP: an AddressSanitizer build")
        sys.exit(0)
tmp = tempfile.mkdtemp(prefix="amc-c12-stfuzz-")
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
                               os.path.dirname(suite), "--impl", f"{AMC} adapter", "--runs", "1",
                               "--seed", "5", "--out", out, "-q"],
                              capture_output=True, text=True, timeout=60, env=env, cwd=tmp)

    def scrub(text):  # the run's speed: "1 sessions (25 messages) in 0.1 s (19/s)"
        return re.sub(r" in [0-9.]+ s \([0-9]+/s\)", "", text)

    count = os.path.join(tmp, "count")
    clean = run({"AMC_FAIL_ALLOC_COUNT": count})
    try:
        total = int(open(count).read().strip())
    except (OSError, ValueError):
        print("c12_alloc_stfuzz: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)
    if clean.returncode != 0 or "under policy policies/hmac.yaml" not in clean.stdout:
        failures.append(f"clean run: exit {clean.returncode}\n{clean.stdout}{clean.stderr}")
    setup = worker = 0
    for n in WINDOW:
        p = run({"AMC_FAIL_ALLOC": str(n)})
        same = p.returncode == 0 and scrub(p.stdout) == scrub(clean.stdout)
        nomem = p.returncode == 2 and ("out of memory" in p.stderr or
                                       "implementation not reached" in p.stderr)
        setup += p.returncode == 2 and p.stderr.startswith("amc fuzz: out of memory")
        worker += p.returncode == 2 and "amc: out of memory: the output is incomplete" in p.stderr
        if not (same or nomem):
            failures.append(f"allocation {n} of {total} failed: exit {p.returncode}\n"
                            f"{p.stdout[-300:]}{p.stderr[-300:]}")
    if not setup or not worker:
        failures.append(f"the window {WINDOW.start}-{WINDOW.stop - 1} of {total} allocations has "
                        f"drifted: {setup} set-up and {worker} worker out of memory runs")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
