#!/usr/bin/env python3
"""ctest cli.lead_gen_swap: amc fuzz --generate's MIME mutator labels an input "header order"
only when it swapped header fields, so every such input has at least one header field. Seeded
from a message with no header fields at all (a blank line, then the body), the swap has nothing
to work on and must give way to another mutation (cli_fuzz_mut.c, "swap two fields": `if
(!m->n) return NULL`; the mutant that swapped anyway labelled unchanged, field-less copies of
the seed "header order": issue 22, a survivor of seed 112905). 3000 inputs, seed 5.
Then a seed whose empty line is its last, a lone CR with no LF after it: the mutator's reader
puts the body at the end of the text (cli_fuzz_mut.c `i = e < n ? e + 1 : e`; the mutant that
stepped past the end crashed on the first input): 200 inputs, seed 3, all written.
And a seed with 320 header fields: the reader keeps 300, the mutator's table size, and "duplicate
a field" must give way there (cli_fuzz_mut.c `m->n >= 300`; the mutant wrote a 301st field past
the table and crashed): 2000 inputs, seed 1, all written.
Usage: lead_gen_swap.py AMC."""
import json
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []


def nfields(b):
    """Header fields before the first empty line (0 when the text starts with one)."""
    t = b.replace(b"\r\n", b"\n")
    if t.startswith(b"\n"):
        return 0
    head = t.split(b"\n\n", 1)[0]
    return sum(1 for ln in head.split(b"\n") if ln and ln[:1] not in (b" ", b"\t"))


with tempfile.TemporaryDirectory(prefix="amc-lead-swap-") as t:
    seeds = os.path.join(t, "seeds")
    os.makedirs(seeds)
    with open(os.path.join(seeds, "a.mime"), "wb") as f:
        f.write(b"\ntype: x\n")
    out = os.path.join(t, "out")
    p = subprocess.run([AMC, "fuzz", "--generate", "3000", "--profile", "ignite", "--corpus",
                        seeds, "--seed", "5", "--out", out], capture_output=True, text=True,
                       timeout=120)
    if p.returncode != 0:
        failures.append(f"exit {p.returncode}: {p.stderr[-300:]}")
    else:
        recs = [json.loads(x) for x in open(os.path.join(out, "inputs.jsonl"))]
        swaps = [r for r in recs if r["op"] == "header order"]
        if not swaps:
            failures.append("no input swapped header fields: the test no longer tests the swap")
        for r in swaps:
            n = nfields(open(os.path.join(out, r["file"]), "rb").read())
            if n < 1:
                failures.append(f"{r['file']}: labelled 'header order' with no header field")
    seeds2 = os.path.join(t, "seeds2")
    os.makedirs(seeds2)
    with open(os.path.join(seeds2, "a.mime"), "wb") as f:
        f.write(b"X-IGNITE-Type: x\n\r")
    out2 = os.path.join(t, "out2")
    p = subprocess.run([AMC, "fuzz", "--generate", "200", "--profile", "ignite", "--corpus",
                        seeds2, "--seed", "3", "--out", out2], capture_output=True, text=True,
                       timeout=120)
    n = sum(1 for _ in open(os.path.join(out2, "inputs.jsonl"))) if p.returncode == 0 else 0
    if p.returncode != 0 or n != 200:
        failures.append(f"a seed ending in a lone CR: exit {p.returncode}, {n} inputs listed "
                        f"{p.stderr[-300:]!r}")
    seeds3 = os.path.join(t, "seeds3")
    os.makedirs(seeds3)
    with open(os.path.join(seeds3, "a.mime"), "w") as f:
        f.write("".join("X-F%d: v\n" % k for k in range(320)) + "\nbody\n")
    out3 = os.path.join(t, "out3")
    p = subprocess.run([AMC, "fuzz", "--generate", "2000", "--profile", "ignite", "--corpus",
                        seeds3, "--seed", "1", "--out", out3], capture_output=True, text=True,
                       timeout=300)
    n = sum(1 for _ in open(os.path.join(out3, "inputs.jsonl"))) if p.returncode == 0 else 0
    if p.returncode != 0 or n != 2000:
        failures.append(f"a seed with 320 header fields: exit {p.returncode}, {n} inputs listed "
                        f"{p.stderr[-300:]!r}")
for f in failures[:10]:
    print("FAIL:", f)
print("lead_gen_swap: %d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
