#!/usr/bin/env python3
"""ctest cli.lead_shrink_tail: the shrinker's repetition pass sees a run of bytes that ends the
input whatever the byte, NUL included (issue 22: cli_fuzz_shrink.c pass_repeats, `j < n &&
p[j] == p[j - per]` made `j <= n`, a survivor of CI's seed-22 draw: the mutant compared the
NUL after the input with the run's last byte, and a run of NUL bytes at the end looked as if it
went on, so the pass never saw it).

The seed is 200 letters and digits, then 40 equal bytes; the implementation (shrink_adapter.py
">=215") says "valid" for an input of at least 215 bytes, amc says invalid (not JSON): an
"impl-valid" finding that shrinks to 215 bytes. The run is deterministic (--runs 1, --seed 1):
the shrinker must spend exactly as many candidate runs on a tail of NUL bytes as on a tail of
'#' or '~' (the mutant: 478 for NUL against 365), and reach 215 bytes each time.
usage: lead_shrink_tail.py AMC SOURCE_DIR"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
from fuzzcheck import Check, findings  # noqa: E402

c = Check("cli.lead_shrink_tail", "amc-shrinktail-")
ADAPTER = os.path.join(c.src, "tests", "cli", "shrink_adapter.py")
rnd = random.Random(3)
head = "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(200)).encode()
got = {}
for name, byte in (("nul", b"\0"), ("hash", b"#"), ("tilde", b"~")):
    seeds = os.path.join(c.tmp, "seeds-" + name)
    os.makedirs(seeds)
    with open(os.path.join(seeds, "s.json"), "wb") as fh:
        fh.write(head + byte * 40)
    out = os.path.join(c.tmp, "out-" + name)
    p = c.amc(["fuzz", "--profile", "mailbox", "--corpus", seeds, "--impl",
               f"{sys.executable} {ADAPTER} '>=215' {c.amc_path}", "--runs", "1", "--seed", "1",
               "--out", out, "-q"])
    fs = findings(out)
    if p.returncode != 1 or len(fs) != 1:
        c.fail(f"{name}: want exit 1 and one finding: exit {p.returncode}, {len(fs)} findings\n"
               f"{p.stderr}")
        continue
    f = fs[0]
    got[name] = {k: f.get(k) for k in ("kind", "class", "original_size", "size", "shrink_runs")}
    want = {"kind": "verdict", "class": "impl-valid", "original_size": 240, "size": 215}
    if {k: got[name][k] for k in want} != want:
        c.fail(f"{name}: finding {got[name]}, want {want}")
runs = {name: g["shrink_runs"] for name, g in got.items()}
if len(runs) != 3 or len(set(runs.values())) != 1:
    c.fail(f"candidate runs differ with the tail's byte: {runs}")
c.finish()
