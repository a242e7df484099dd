#!/usr/bin/env python3
"""ctest cli.rules_formats: `amc rules` as text, JSON and Markdown lists the same codes, in the
same order, with the same fields; each profile's catalog as JSON agrees with its text form.
(A golden file would repeat ~400 lines that change with every new code; this checks the
agreement instead.)

usage: rules_formats.py AMC
"""
import json
import re
import subprocess
import sys

AMC = sys.argv[1]
fail = []


def run(*args):
    p = subprocess.run([AMC, "rules", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode != 0 or p.stderr:
        sys.exit(f"amc rules {' '.join(args)}: exit {p.returncode}: {p.stderr}")
    return p.stdout


codes = json.loads(run("--format", "json"))
text = run().rstrip("\n").split("\n")
md = run("--format", "markdown")
if len(codes) < 100:
    fail.append(f"only {len(codes)} codes")
if len(text) != len(codes):
    fail.append(f"text lists {len(text)} codes, JSON {len(codes)}")
nums = [c["number"] for c in codes]
if nums != sorted(nums) or len(set(nums)) != len(nums):
    fail.append("JSON numbers are not strictly increasing")
for c, line in zip(codes, text):
    if set(c) != {"number", "code", "name", "severity", "message"}:
        fail.append(f"{c.get('code')}: members {sorted(c)}")
    if c["severity"] not in ("error", "warning", "info"):
        fail.append(f"{c['code']}: severity {c['severity']}")
    m = re.match(r"^\s*(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(.*)$", line)
    if not m or (int(m.group(1)), m.group(2), m.group(3), m.group(4), m.group(5)) != (
            c["number"], c["code"], c["severity"], c["name"], c["message"]):
        fail.append(f"text line {line!r} differs from JSON {c}")
    if f"`{c['code']}`" not in md and c["code"] not in md:
        fail.append(f"{c['code']} missing from the Markdown")
for prof in ("ignite", "mailbox", "discussion", "socket", "acp"):
    rules = json.loads(run("--profile", prof, "--format", "json"))
    lines = run("--profile", prof).rstrip("\n").split("\n")
    ids = [r["id"] for r in rules]
    if not rules or any(r["profile"] != prof for r in rules):
        fail.append(f"{prof}: empty catalog or a rule of another profile")
    if len(set(ids)) != len(ids):
        fail.append(f"{prof}: duplicate rule ids")
    for r in rules:
        if r["level"] not in ("MUST", "SHOULD") or r["code"] not in {c["code"] for c in codes}:
            fail.append(f"{prof} {r['id']}: level {r['level']} code {r['code']}")
    listed = [ln.split()[0] for ln in lines if ln and not ln.startswith(" ")]
    if listed != ids:
        fail.append(f"{prof}: text lists {len(listed)} rules, JSON {len(ids)} (or another order)")
for f in fail:
    print("FAIL:", f)
print(f"{len(codes)} codes, 5 catalogs checked" if not fail else f"{len(fail)} failure(s)")
sys.exit(1 if fail else 0)
