#!/usr/bin/env python3
"""ctest cli.c12_alloc_lcfuzz (AMC_ALLOC_FAILPOINTS builds): amc fuzz --lifecycle --profile mailbox
against amc's own adapter, one sequence, with each allocation of its set-up failing once
(AMC_FAIL_ALLOC=N, tests/cli/alloc_fail_wrap.c): N = 0, 1, ... up to the first run that fails
in the adapter's handshake ("implementation not reached"), which comes after the fuzzer's own
tables (cli_fuzz_lc.c init_items: per item kind a `reached` and a `names` array, then one strdup
per rule, transition and state name). Each run ends as the clean one did (exit 0, the same
standard output but for the speed) or with exit 2 and "out of memory" (or, in the handshake,
"implementation not reached") on standard error; never a crash. At least 40 runs must end with
"amc fuzz: out of memory" (the tables' allocations are among them). Issue 22: cli_fuzz_lc.c:441,
`!sh->reached[k] || !sh->names[k]` made &&, a survivor: with one of the two callocs failed the
mutant went on and wrote through the NULL array. Not labelled 'sweep' (about 90 short runs), so
ci/mutate.py --quick runs it.

usage: c12_alloc_lcfuzz.py AMC"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
tmp = tempfile.mkdtemp(prefix="amc-c12-lcfuzz-")


def run(extra):
    out = os.path.join(tmp, "out")
    shutil.rmtree(out, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    env.update(extra)
    return subprocess.run([AMC, "fuzz", "--lifecycle", "--profile", "mailbox", "--impl",
                           f"{AMC} adapter", "--runs", "1", "--seed", "1", "--out", out, "-q"],
                          capture_output=True, text=True, timeout=60, env=env, cwd=tmp)


def scrub(text):  # the run's speed: "1 sequences (9 events) in 0.1 s (9/s)"
    return re.sub(r" in [0-9.]+ s \([0-9]+/s\)", "", text)


try:
    count = os.path.join(tmp, "count")
    clean = run({"AMC_FAIL_ALLOC_COUNT": count})
    try:
        total = int(open(count).read().strip())
    except (OSError, ValueError):
        print("c12_alloc_lcfuzz: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)
    if clean.returncode != 0 or "model coverage: " not in clean.stdout:
        failures.append(f"clean run: exit {clean.returncode}\n{clean.stdout}{clean.stderr}")
    setup = 0
    for n in range(total):
        p = run({"AMC_FAIL_ALLOC": str(n)})
        same = p.returncode == 0 and scrub(p.stdout) == scrub(clean.stdout)
        handshake = p.returncode == 2 and "implementation not reached" in p.stderr
        nomem = p.returncode == 2 and "out of memory" in p.stderr
        setup += p.returncode == 2 and p.stderr == "amc fuzz: out of memory\n"
        if not (same or nomem or handshake):
            failures.append(f"allocation {n} of {total} failed: exit {p.returncode}\n"
                            f"{p.stdout[-300:]}{p.stderr[-300:]}")
        if handshake:
            break
    if setup < 40:
        failures.append(f"{setup} runs ended with 'amc fuzz: out of memory' (set-up), not 40")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
