#!/usr/bin/env python3
"""ctest cli.c14_fuzz_alloc (AMC_ALLOC_FAILPOINTS builds): amc fuzz --generate 1 from a JSON seed
of one object with 4097 members, with each of the last 64 allocations failing once (they hold
the whole mutation: the parse of the seed into a tree, or the byte-level copy, and the writing),
for --seed 1 (a tree mutation: the member arrays of the object grow to 8192 entries, each array
an allocation of its own) and --seed 157 (a byte-level mutation whose first operator deletes a
range). Each run ends as the clean one did (exit 0, the same inputs.jsonl) or with exit 2 and
"out of memory" on standard error, never a crash.

Issue 22: cli_fuzz_mut.c jn_push, `!nk || !nkey || !nl || !ne` made `!nk || !nkey && !nl || !ne`
(a survivor of the 300-mutant run): with the key or length array alone failing, the mutant went
on and wrote through a NULL array (a crash). The sweep also found two defects, now fixed: a failed
copy of the input before the byte-level operators crashed amc fuzz (byte_op on a NULL buffer:
fz_mutate now skips them), and --generate ended with exit 2 and no word after an allocation
failure (it now says "amc fuzz: out of memory"). Not labelled 'sweep', so ci/mutate.py --quick
runs it.

usage: c14_fuzz_alloc.py AMC"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
TAIL = 64
failures = []
tmp = tempfile.mkdtemp(prefix="amc-c14-fuzz-alloc-")


def run(seed, n=None, count=None):
    out = os.path.join(tmp, "out")
    shutil.rmtree(out, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    if count:
        env["AMC_FAIL_ALLOC_COUNT"] = count
    else:
        env["AMC_FAIL_ALLOC"] = str(n)
    p = subprocess.run([AMC, "fuzz", "--profile", "mailbox", "--corpus", "seeds", "--generate",
                        "1", "--seed", str(seed), "--out", "out", "-q"],
                       capture_output=True, text=True, timeout=60, env=env, cwd=tmp)
    lst = os.path.join(out, "inputs.jsonl")
    return p, open(lst).read() if os.path.exists(lst) else None


try:
    os.makedirs(os.path.join(tmp, "seeds"))
    with open(os.path.join(tmp, "seeds", "s.json"), "w") as fh:
        json.dump({f"k{i}": i for i in range(4097)}, fh)
    count = os.path.join(tmp, "count")
    for seed in (1, 157):
        clean, clean_lst = run(seed, count=count)
        try:
            total = int(open(count).read().strip())
        except (OSError, ValueError):
            print("c14_fuzz_alloc: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
            sys.exit(0)
        if clean.returncode != 0 or not clean_lst:
            failures.append(f"seed {seed}: clean run: exit {clean.returncode}\n"
                            f"{clean.stderr[-300:]}")
            continue
        for n in range(max(0, total - TAIL), total):
            p, lst = run(seed, n)
            same = p.returncode == 0 and lst == clean_lst
            nomem = p.returncode == 2 and "out of memory" in p.stderr
            if not (same or nomem):
                failures.append(f"seed {seed}: allocation {n} of {total} failed: exit "
                                f"{p.returncode}\n{p.stderr[-300:]}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("c14_fuzz_alloc:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
