#!/usr/bin/env python3
"""amc fuzz --lifecycle's summary of the model items no sequence reached (cli_fuzz_lc.c
lc_summary): after "model coverage: rules a/b, transitions c/d, states e/f" come the unreached
items, rules first, then transitions, then states, at most 12 lines; each names a real item
(never "(null)"), none twice, and exactly min(12, unreached) of them. One-sequence runs with
fixed seeds against amc's own adapter: acp (fewer than 12 unreached: every one is listed) and
mailbox (more: the list stops at 12). (Issue 22: kills both `<` -> `<=` of cli_fuzz_lc.c:414.)
Usage: lead_lc_unreached.py AMC."""
import os
import re
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []

with tempfile.TemporaryDirectory(prefix="amc-lead-lcun-") as t:
    for prof in ("acp", "mailbox", "discussion"):
        p = subprocess.run([AMC, "fuzz", "--lifecycle", "--profile", prof, "--impl",
                            f"{AMC} adapter", "--runs", "1", "--seed", "1", "--out",
                            os.path.join(t, prof)], capture_output=True, text=True, timeout=120)
        lines = p.stdout.splitlines()
        cov = [ln for ln in lines if ln.startswith("model coverage: ")]
        m = re.fullmatch(r"model coverage: rules (\d+)/(\d+), transitions (\d+)/(\d+), "
                         r"states (\d+)/(\d+)", cov[0]) if len(cov) == 1 else None
        if p.returncode != 0 or not m:
            failures.append(f"{prof}: exit {p.returncode}, {p.stdout[-400:]!r} {p.stderr[-300:]!r}")
            continue
        v = [int(x) for x in m.groups()]
        missing = {"rules": v[1] - v[0], "transitions": v[3] - v[2], "states": v[5] - v[4]}
        shown = [ln for ln in lines if ln.startswith("  not reached: ")]
        items = [ln[len("  not reached: "):] for ln in shown]
        kinds = [x.split(" ", 1)[0] for x in items]
        want = min(12, sum(missing.values()))
        if len(shown) != want:
            failures.append(f"{prof}: {len(shown)} unreached items listed, want {want} "
                            f"({missing})")
        if any("(null)" in x or len(x.split(" ", 1)) < 2 for x in items):
            failures.append(f"{prof}: an item without a name: {items}")
        if len(set(items)) != len(items):
            failures.append(f"{prof}: an item listed twice: {items}")
        order = ["rules", "transitions", "states"]
        if kinds != sorted(kinds, key=order.index) or any(k not in order for k in kinds):
            failures.append(f"{prof}: kinds out of order: {kinds}")
        for k in order:  # every kind is listed in full before the next one starts
            if k in kinds and kinds[-1] != k and kinds.count(k) != missing[k]:
                failures.append(f"{prof}: {kinds.count(k)} {k} listed, {missing[k]} unreached")
        if prof == "acp" and sum(missing.values()) >= 12:
            failures.append("acp: the seed no longer leaves fewer than 12 items unreached")
        if prof == "mailbox" and sum(missing.values()) <= 12:
            failures.append("mailbox: the seed no longer leaves more than 12 items unreached")
for f in failures:
    print("FAIL:", f)
print("lead_lc_unreached: %d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
