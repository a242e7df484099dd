#!/usr/bin/env python3
"""ctest cli.shrink_lines: the shrinker's line pass (src/cli/cli_fuzz_shrink.c pass_lines) drops
blocks of lines at every size, halves first and single lines last, not only halves.

The seed is 42 lines: "AAA", 40 filler lines, "ZZZ"; the implementation (shrink_adapter.py) says
"valid" for any input that holds both AAA and ZZZ, amc says invalid (not JSON), so the finding is
"impl-valid". Neither half of the lines can go (each holds a needle), so the line pass must go on
to quarters, eighths... The shrinker is deterministic (one run, --seed 1, no time limit reached):
it ends at the 6 bytes "AAAZZZ" after exactly 56 candidate runs. A line pass that stops after the
halves still gets there through the later byte passes, but in 59 runs: the count is what shows it.
usage: shrink_lines.py AMC SOURCE_DIR"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
from fuzzcheck import Check, findings  # noqa: E402

c = Check("cli.shrink_lines", "amc-shrinklines-")
ADAPTER = os.path.join(c.src, "tests", "cli", "shrink_adapter.py")
seeds = os.path.join(c.tmp, "seeds")
os.makedirs(seeds)
with open(os.path.join(seeds, "lines.json"), "w") as fh:
    fh.write("\n".join(["AAA"] + ["line %02d of filler" % i for i in range(40)] + ["ZZZ"]) + "\n")
out = os.path.join(c.tmp, "out")
p = c.amc(["fuzz", "--profile", "mailbox", "--corpus", seeds, "--impl",
           f"{sys.executable} {ADAPTER} AAA,ZZZ {c.amc_path}", "--runs", "1", "--seed", "1",
           "--out", out, "-q"])
fs = findings(out)
if p.returncode != 1 or len(fs) != 1:
    c.fail(f"want exit 1 and one finding: exit {p.returncode}, {len(fs)} findings\n{p.stderr}")
else:
    f = fs[0]
    got = {k: f.get(k) for k in ("kind", "class", "original_size", "size", "shrink_runs")}
    want = {"kind": "verdict", "class": "impl-valid", "original_size": 728, "size": 6,
            "shrink_runs": 56}
    if got != want:
        c.fail(f"finding {got}, want {want}")
    with open(os.path.join(out, f["input"]), "rb") as fh:
        data = fh.read()
    if data != b"AAAZZZ":
        c.fail(f"shrunk input {data!r}, want b'AAAZZZ'")
c.finish()
