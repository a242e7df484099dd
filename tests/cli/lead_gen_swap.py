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


def generate(t, name, seed_text, n, seed):
    """Writes seed_text as the only seed, runs fuzz --generate n; returns (process, out dir,
    inputs.jsonl's records or None when it failed)."""
    seeds = os.path.join(t, name + "-seeds")
    os.makedirs(seeds)
    with open(os.path.join(seeds, "a.mime"), "wb") as f:
        f.write(seed_text)
    out = os.path.join(t, name + "-out")
    p = subprocess.run([AMC, "fuzz", "--generate", str(n), "--profile", "ignite", "--corpus",
                        seeds, "--seed", str(seed), "--out", out], capture_output=True,
                       text=True, timeout=300)
    recs = None
    if p.returncode == 0:
        recs = [json.loads(x) for x in open(os.path.join(out, "inputs.jsonl"))]
    return p, out, recs


with tempfile.TemporaryDirectory(prefix="amc-lead-swap-") as t:
    p, out, recs = generate(t, "swap", b"\ntype: x\n", 3000, 5)
    if recs is None:
        failures.append(f"exit {p.returncode}: {p.stderr[-300:]}")
    else:
        swaps = [r for r in recs if r["op"] == "header order"]
        if not swaps:
            failures.append("no input swapped header fields: the test no longer tests the swap")
        for r in swaps:
            n = nfields(open(os.path.join(out, r["file"]), "rb").read())
            if n < 1:
                failures.append(f"{r['file']}: labelled 'header order' with no header field")
    for name, text, n, seed in (
            ("a seed ending in a lone CR", b"X-IGNITE-Type: x\n\r", 200, 3),
            ("a seed with 320 header fields",
             "".join("X-F%d: v\n" % k for k in range(320)).encode() + b"\nbody\n", 2000, 1)):
        p, _, recs = generate(t, str(seed), text, n, seed)
        if recs is None or len(recs) != n:
            failures.append(f"{name}: exit {p.returncode}, {len(recs or [])} inputs listed "
                            f"{p.stderr[-300:]!r}")
for f in failures[:10]:
    print("FAIL:", f)
print("lead_gen_swap: %d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
