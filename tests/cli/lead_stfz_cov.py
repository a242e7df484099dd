#!/usr/bin/env python3
"""ctest cli.lead_stfz_cov: amc fuzz --stateful's coverage line for seeded runs of 1, 2 and 5
sessions against amc's own adapter (mailbox, seed 7), pinned: the reuse distances reached count
(reuse kind, distance bucket) pairs, buckets 1, 2-3, 4-7, 8-15, 16+ (cli_fuzz_st.c bucket_of;
its mutant `d < 1` moved a distance of 1 into the next bucket and reached 10, 12, 14 pairs
instead of 11, 13, 16: issue 22, a survivor of seed 112906). A change to the session generator
changes these lines too: check the new ones by hand before updating them here.
Usage: lead_stfz_cov.py AMC SOURCE_DIR (the sessions come from SOURCE_DIR/conformance)."""
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
WANT = {
    1: "coverage: session rules 3/4, reuse distances 11/20",
    2: "coverage: session rules 4/4, reuse distances 13/20, key rules 2/3",
    5: "coverage: session rules 4/4, reuse distances 16/20, key rules 3/3",
}
failures = []
with tempfile.TemporaryDirectory(prefix="amc-lead-stfz-") as t:
    for runs, want in WANT.items():
        p = subprocess.run([AMC, "fuzz", "--stateful", "--profile", "mailbox", "--impl",
                            f"'{AMC}' adapter", "--runs", str(runs), "--seed", "7", "--out",
                            os.path.join(t, str(runs))], capture_output=True, text=True,
                           timeout=120, cwd=SRC, env=dict(os.environ, AMC_NO_CONFIG="1"))
        got = [ln for ln in p.stdout.splitlines() if ln.startswith("coverage: ")]
        if p.returncode != 0 or got != [want]:
            failures.append(f"--runs {runs}: exit {p.returncode}, {got}, want [{want!r}]\n"
                            f"{p.stderr[-300:]}")
for f in failures:
    print("FAIL:", f)
print("lead_stfz_cov:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
