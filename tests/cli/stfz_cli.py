#!/usr/bin/env python3
"""ctest cli.stfz_cli: amc fuzz (--stateful, --lifecycle and plain) on errors and limits, each
run seeded and short, every assertion on the exact exit status, message, finding or count.

  - a finding that cannot be written (its file or findings.jsonl blocked by a directory) is said
    on stderr and the run ends with exit 2 (an I/O error: docs/fuzzing.md), not 1

usage: stfz_cli.py AMC SOURCE_DIR
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
from fuzzcheck import Check, findings  # noqa: E402

c = Check("cli.stfz_cli", "amc-stfz-")
AMC, TMP, PY = c.amc_path, c.tmp, sys.executable
LC_PLANTED = f"{PY} {c.here}/planted_lc_adapter.py acp-backoff {AMC}"


def out_dir(name, blocked=()):
    d = os.path.join(TMP, name)
    for b in blocked:
        os.makedirs(os.path.join(d, b))
    return d


def expect(what, p, rc, err_has=(), out_has=()):
    bad = [s for s in err_has if s not in p.stderr] + [s for s in out_has if s not in p.stdout]
    if p.returncode != rc or bad:
        c.fail(f"{what}: exit {p.returncode} (want {rc}), missing {bad}\n{p.stdout}{p.stderr}")


# 1. findings that cannot be written: exit 2
d = out_dir("plain-blocked", ["findings.jsonl"])
p = c.amc(["fuzz", "--profile", "mailbox", "--impl-exec", "true {file}", "--runs", "4", "--seed",
           "5", "--out", d, "-q"])
expect("plain, findings.jsonl blocked", p, 2,
       [f"amc fuzz: cannot write {d}/findings.jsonl: Is a directory"], ["findings: 1 new"])
if not os.path.isfile(os.path.join(d, "verdict-500e7ac9.json")):
    c.fail("plain, findings.jsonl blocked: the input file was not written")
d = out_dir("lc-blocked", ["lifecycle-d1e6b70e.json"])
p = c.amc(["fuzz", "--lifecycle", "--profile", "acp", "--impl", LC_PLANTED, "--runs", "3",
           "--seed", "7", "--out", d, "-q", "--max-findings", "1"])
expect("lifecycle, scenario blocked", p, 2,
       [f"amc fuzz: cannot write {d}/lifecycle-d1e6b70e.json: Is a directory"],
       ["findings: 1 new"])
if [f["input"] for f in findings(d)] != ["lifecycle-d1e6b70e.json"]:
    c.fail(f"lifecycle, scenario blocked: findings.jsonl {findings(d)}")

c.finish()
