#!/usr/bin/env python3
"""ctest cli.lead_shrink_budget: the shrinker runs at most its budget of candidates (2000 for a
finding that is not a hang), not one more (issue 22: cli_fuzz_shrink.c try_cand, the
`failed || out_of_budget(s) || ...` made `failed && out_of_budget(s) || ...`: the mutant ran a
candidate past the budget whenever a pass went on after another had spent it).

The seed is 2,100 distinct lines; the implementation (shrink_adapter.py ">=N") says "valid" only
for an input at least as long as the seed, amc says invalid (not JSON), so the finding is
"impl-valid" and no candidate (each shorter) still fails: the shrinker tries candidate after
candidate (the line pass alone has more than 4,000) until the budget is spent. The run is
deterministic (one run, --seed 1, no time limit): exactly 2000 candidate runs and the input
unshrunk.
usage: lead_shrink_budget.py AMC SOURCE_DIR"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
from fuzzcheck import Check, findings  # noqa: E402

c = Check("cli.lead_shrink_budget", "amc-shrinkbudget-")
ADAPTER = os.path.join(c.src, "tests", "cli", "shrink_adapter.py")
seeds = os.path.join(c.tmp, "seeds")
os.makedirs(seeds)
data = "".join("line %04d\n" % i for i in range(2100))
with open(os.path.join(seeds, "lines.json"), "w") as fh:
    fh.write(data)
out = os.path.join(c.tmp, "out")
p = c.amc(["fuzz", "--profile", "mailbox", "--corpus", seeds, "--impl",
           f"{sys.executable} {ADAPTER} '>={len(data)}' {c.amc_path}", "--runs", "1", "--seed",
           "1", "--out", out, "-q"])
fs = findings(out)
if p.returncode != 1 or len(fs) != 1:
    c.fail(f"want exit 1 and one finding: exit {p.returncode}, {len(fs)} findings\n{p.stderr}")
else:
    f = fs[0]
    got = {k: f.get(k) for k in ("kind", "class", "original_size", "size", "shrink_runs")}
    want = {"kind": "verdict", "class": "impl-valid", "original_size": len(data),
            "size": len(data), "shrink_runs": 2000}
    if got != want:
        c.fail(f"finding {got}, want {want}")
c.finish()
