#!/usr/bin/env python3
"""ctest cli.c18_fuzz_corpus: amc fuzz --jobs 2 with more than 32768 seeds (issue 22, helper c18;
a real bug found at cli_fuzz_msg.c corpus_add, while looking at its survivor :302, seed 112909:
`len + 1` made + 0, on a line no test ran). Each worker's corpus takes every seed the other
worker runs; past 16384 entries it is full and a new entry replaces an older one, chosen among
those after the first nseeds: with more seeds than entries, w->n - nseeds wrapped round and the
entry written was far past the array (a crash, exit 139). Now the replaced entry is any entry
when the corpus holds no more than the seeds.

33000 seeds (one JSON Lines seed file), the exec validator `exit 0` (valid), 4 runs: exit 1, one
verdict finding (amc says the shrunk input is invalid), and both workers' corpora full
("corpus 32768").

usage: c18_fuzz_corpus.py AMC"""
import os
import re
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
with tempfile.TemporaryDirectory(prefix="amc-c18-corpus-") as t:
    os.makedirs(os.path.join(t, "seeds"))
    with open(os.path.join(t, "seeds", "s.jsonl"), "w") as fh:
        fh.write("".join('{"n": %d}\n' % i for i in range(33000)))
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    p = subprocess.run([AMC, "fuzz", "--profile", "socket", "--corpus", "seeds", "--impl-exec",
                        "exit 0 {file}", "--jobs", "2", "--runs", "4", "--seed", "1", "--out",
                        "out", "-q"], capture_output=True, text=True, timeout=120, env=env, cwd=t)
    lines = [re.sub(r" in [0-9.]+ s \([0-9]+/s\)", "", l) for l in p.stdout.splitlines()]
    want = ["amc fuzz: profile socket, exec exit 0 {file}, seed 1, 2 jobs",
            "4 execs, corpus 32768, amc codes reached 1/15",
            "findings: 1 new (1 verdict, 0 crash, 0 hang, 0 garbage), in out/findings.jsonl"]
    if p.returncode != 1 or lines[:3] != want:
        failures.append(f"exit {p.returncode}\n  got  {lines[:3]!r}\n  want {want!r}\n"
                        f"{p.stderr[-400:]}")
for f in failures:
    print("FAIL:", f)
print(f"c18_fuzz_corpus: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
