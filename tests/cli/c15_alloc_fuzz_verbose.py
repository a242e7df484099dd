#!/usr/bin/env python3
"""ctest cli.c15_alloc_fuzz_verbose (AMC_ALLOC_FAILPOINTS builds): amc fuzz -v (a mailbox seed {}
against an exec validator that says valid: one verdict finding, shrunk from 3 bytes to 1) with
each of its last 80 allocations failing once (AMC_FAIL_ALLOC=N, tests/cli/alloc_fail_wrap.c),
every other one (40 short runs). Among them are the shrinker's and the finding's own: a finding
made after an allocation failed is not stored (cli_fuzz_find.c fz_store_add: it may be our
failure, not the target's), and -v names a finding only once it is stored. Each run ends as the
clean one did (exit 1, the same case file and findings.jsonl) or with exit 2 and "out of memory"
on standard error, never a crash; a run whose -v line names the finding has its case file in
--out; at least 10 runs end with no finding stored. Issue 22: cli_fuzz_find.c:247, the
`return false` for a finding made while out of memory made `return true`, a survivor: the
caller then printed the -v line of a finding that was never stored (store.v[n - 1] with n == 0).
Not labelled 'sweep', so ci/mutate.py --quick runs it.

usage: c15_alloc_fuzz_verbose.py AMC"""
import os
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
tmp = tempfile.mkdtemp(prefix="amc-c15-fuzzv-")
CASE = "verdict-500e7ac9.json"


def run(extra):
    out = os.path.join(tmp, "out")
    shutil.rmtree(out, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    env.update(extra)
    p = subprocess.run([AMC, "fuzz", "--profile", "mailbox", "--corpus", seeds, "--impl-exec",
                        "exit 0 {file}", "--runs", "1", "--seed", "1", "--out", out, "-v"],
                       capture_output=True, text=True, timeout=60, env=env, cwd=tmp)
    files = {}
    if os.path.isdir(out):
        for name in sorted(os.listdir(out)):
            with open(os.path.join(out, name), "rb") as fh:
                files[name] = fh.read()
    return p, files


try:
    seeds = os.path.join(tmp, "seeds")
    os.makedirs(seeds)
    with open(os.path.join(seeds, "s.json"), "w") as fh:
        fh.write("{}")
    count = os.path.join(tmp, "count")
    clean, clean_files = run({"AMC_FAIL_ALLOC_COUNT": count})
    try:
        total = int(open(count).read().strip())
    except (OSError, ValueError):
        print("c15_alloc_fuzz_verbose: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)
    named = "amc fuzz: finding: implementation says valid"
    if clean.returncode != 1 or named not in clean.stderr or \
            sorted(clean_files) != ["findings.jsonl", CASE] or clean_files[CASE] != b"{":
        failures.append(f"clean run: exit {clean.returncode}, files {sorted(clean_files)}\n"
                        f"{clean.stdout}{clean.stderr}")
    unstored = 0
    for n in range(max(0, total - 80), total, 2):
        p, files = run({"AMC_FAIL_ALLOC": str(n)})
        same = p.returncode == 1 and files == clean_files
        nomem = p.returncode == 2 and "out of memory" in p.stderr
        if not (same or nomem):
            failures.append(f"allocation {n} of {total} failed: exit {p.returncode}, files "
                            f"{sorted(files)}\n{p.stdout[-300:]}{p.stderr[-300:]}")
        elif named in p.stderr and files.get(CASE) != b"{":
            failures.append(f"allocation {n} of {total} failed: -v names a finding that is not "
                            f"stored (files {sorted(files)})\n{p.stderr[-300:]}")
        unstored += nomem and not files
    if unstored < 10:
        failures.append(f"{unstored} runs ended with no finding stored, not at least 10: the "
                        "window no longer holds the shrink (move it)")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("c15_alloc_fuzz_verbose:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
