#!/usr/bin/env python3
"""ctest cli.c15_alloc_mutate (AMC_ALLOC_FAILPOINTS builds): amc fuzz --generate 1 from a JSON seed
of one member whose key and string value are 70000 bytes each, so that a mutation's copy of either
(more than the mutator arena's 64 KiB chunk) is an allocation of its own, with each of the run's
last 24 (seed 70) or 8 (seed 160) allocations failing once (AMC_FAIL_ALLOC=N,
tests/cli/alloc_fail_wrap.c), for --seed 70 (op "value": an emoji inserted into the long string,
cli_fuzz_mut.c string_insert) and --seed 160 (op "key": a space appended to the long key,
mutate_key; then a trailing comma). The clean runs are checked to make those mutations (else the
seeds no longer reach them: pick others). Each run ends as the clean one did (exit 0, the same
inputs.jsonl) or with exit 2 and "out of memory" on standard error, never a crash. Issue 22:
cli_fuzz_mut.c:960 (string_insert's `return NULL` when the copy or its node failed) and :1024
(mutate_key's `return false` when the longer key failed), both deleted in survivors of the
300-mutant runs: the mutants copied into a NULL buffer; and :445 (jn_text's `return NULL` when the
copy of a 70000-byte string token failed, seed 112907): the mutant kept a string node without its
bytes. Not labelled 'sweep' (32 short runs), so ci/mutate.py --quick runs it.

usage: c15_alloc_mutate.py AMC"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
tmp = tempfile.mkdtemp(prefix="amc-c15-mutate-")
K, S = "K" * 70000, "S" * 70000


def run(seed, extra):
    out = os.path.join(tmp, "out")
    shutil.rmtree(out, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    env.update(extra)
    p = subprocess.run([AMC, "fuzz", "--profile", "mailbox", "--corpus", "seeds", "--generate",
                        "1", "--seed", str(seed), "--out", "out", "-q"],
                       capture_output=True, text=True, timeout=60, env=env, cwd=tmp)
    lst = os.path.join(out, "inputs.jsonl")
    made = os.path.join(out, "inputs", "000001.json")
    return (p, open(lst).read() if os.path.exists(lst) else None,
            open(made, encoding="utf-8").read() if os.path.exists(made) else "")


def string_insert(made):  # the long value with one short sequence inserted
    m = re.search(r'"(S+)([^S"]{1,8})(S+)"', made)
    return m is not None and len(m.group(1)) + len(m.group(3)) == 70000


CASES = [(70, "value", string_insert, 24), (160, "key", lambda made: f'"{K} ":' in made, 8)]
try:
    os.makedirs(os.path.join(tmp, "seeds"))
    with open(os.path.join(tmp, "seeds", "s.json"), "w") as fh:
        json.dump({K: S}, fh)
    count = os.path.join(tmp, "count")
    for seed, op, made_by, tail in CASES:
        clean, clean_lst, made = run(seed, {"AMC_FAIL_ALLOC_COUNT": count})
        try:
            total = int(open(count).read().strip())
        except (OSError, ValueError):
            print("c15_alloc_mutate: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
            sys.exit(0)
        if clean.returncode != 0 or not clean_lst or \
                json.loads(clean_lst.splitlines()[0]).get("op") != op or not made_by(made):
            failures.append(f"seed {seed}: clean run: exit {clean.returncode}, not the {op} "
                            f"mutation of the long member: {clean_lst!r:.300}\n"
                            f"{clean.stderr[-300:]}")
            continue
        for n in range(max(0, total - tail), total):
            p, lst, _ = run(seed, {"AMC_FAIL_ALLOC": str(n)})
            same = p.returncode == 0 and lst == clean_lst
            nomem = p.returncode == 2 and "out of memory" in p.stderr
            if not (same or nomem):
                failures.append(f"seed {seed}: allocation {n} of {total} failed: exit "
                                f"{p.returncode}\n{p.stderr[-300:]}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("c15_alloc_mutate:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
