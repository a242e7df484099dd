#!/usr/bin/env python3
"""ctest cli.lead_many_profiles: amc conform's report lists every profile of the suite and every
capability its skipped cases need, however many there are. The suite has 140 profile
directories that name no profile of amc (p001 .. p140, one MUST case each; amc loads such cases
without checking their rules), so every case is skipped for want of its profile's
capability. Before the fix the report kept 64 profiles and 128 capabilities in fixed arrays and dropped the rest without a
word: the text and JUnit reports showed p001..p064 only, the JSON "profiles" object 64 of 140
and the Markdown "Not measured" list 128 (issue 22: found from the survivor report.c:73,
`n < max` made `<=`, which wrote past the array). Checked in every format: text (a line per
profile and its "not measured" line, then all the capabilities after the total), Markdown, JSON (profiles, the summary's and each
profile's "skipped") and JUnit (a testsuite per profile); the exit status 3 (nothing measured).
Usage: lead_many_profiles.py AMC."""
import json
import os
import re
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
N = 140
failures = []
names = [f"p{i:03d}" for i in range(1, N + 1)]

with tempfile.TemporaryDirectory() as t:
    for n in names:
        os.makedirs(os.path.join(t, n, "inputs"))
        with open(os.path.join(t, n, "inputs", "a.json"), "w") as f:
            f.write("{}")
        with open(os.path.join(t, n, "cases.json"), "w") as f:
            json.dump([{"id": n + "-1", "description": "x", "rule": "X-1", "level": "MUST",
                        "input": "inputs/a.json", "verdict": "valid", "codes": []}], f)

    def conform(fmt):
        p = subprocess.run([AMC, "conform", "--suite", t, "--impl", f"{AMC} adapter",
                            "--format", fmt], capture_output=True, text=True, timeout=120)
        if p.returncode != 3:
            failures.append(f"{fmt}: exit {p.returncode}, want 3\n{p.stderr[-2000:]}")
        return p.stdout

    out = conform("text")
    per, _, total = out.partition("\ntotal ")
    got = re.findall(r"^(p\d{3}) +measured 0 of 1 cases;[^\n]*\n    not measured: 1 need (p\d{3}) ",
                     per, re.M)
    need = re.findall(r"^    not measured: 1 need (p\d{3}) ", total, re.M)
    if [a for a, b in got if a == b] != names or need != names:
        failures.append(f"text: {len(got)} profile lines with their 'need' line, {len(need)} "
                        f"'need' lines after the total, want {N} of each in order (last: "
                        f"{got[-1:]}, {need[-1:]})")
    md = conform("markdown")
    need = re.findall(r"^- 1 need `(p\d{3})` ", md, re.M)
    if need != names:
        failures.append(f"markdown: {len(need)} 'need' lines, want {N} (last: {need[-1:]})")
    d = json.loads(conform("json"))
    caps = [s["capability"] for s in d["summary"]["skipped"]]
    if list(d["profiles"]) != names or caps != names:
        failures.append(f"json: {len(d['profiles'])} profiles, {len(caps)} skipped "
                        f"capabilities, want {N} of each")
    for n in names:
        if [s["capability"] for s in d["profiles"].get(n, {}).get("skipped", [])] != [n]:
            failures.append(f"json: profile {n}'s skipped list: {d['profiles'].get(n)}")
            break
    suites = re.findall(r'<testsuite name="(p\d{3})"', conform("junit"))
    if suites != names:
        failures.append(f"junit: {len(suites)} testsuites, want {N} (last: {suites[-1:]})")

for f in failures:
    print("FAIL:", f)
print(f"lead_many_profiles: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
