#!/usr/bin/env python3
"""ctest cli.c14_report_page: amc report html compared whole, byte for byte, with
tests/data/c14/report-columns.html, on five reports made here from
tests/data/conform-report/report.json (issue 22: what decides a column and a row):
  - "impl" 1 exec, "impl" 1 adapter, "impl" 2 exec, "other" 1 exec: four columns (a column is
    one name, version and mode), and "impl" 1 exec a second time: a shard of the first column;
  - cases with the same id in two profiles (two rows), a case without an id and one without a
    profile (left out), an empty outcome (shown as "?"), an empty and a non-empty message (a
    cell's title only for the second), outcomes that differ between columns (disagreements
    listed first).
amc's version reads VERSION in the page. AMC_BLESS=1 rewrites the expected file.
usage: c14_report_page.py AMC SOURCE_DIR"""
import json
import os
import re
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
WANT = os.path.join(SRC, "tests", "data", "c14", "report-columns.html")
BLESS = os.environ.get("AMC_BLESS") == "1"
failures = []
base = json.load(open(os.path.join(SRC, "tests", "data", "conform-report", "report.json")))


def report(name, version, mode, edit):
    r = json.loads(json.dumps(base))
    r["implementation"].update(name=name, version=version)
    r["mode"] = mode
    edit(r["cases"])
    return r


def first(cases):  # a copy of the first case in another profile, and the edge cases
    c = dict(cases[0], profile="mailbox", outcome="fail", message="m <1>")
    cases.append(c)
    cases.append({k: v for k, v in cases[1].items() if k != "id"})
    cases.append({k: v for k, v in cases[2].items() if k != "profile"})
    cases[3]["outcome"] = ""
    cases[4]["message"] = ""


def flip(cases):
    first(cases)
    for c in cases:
        if c.get("outcome") == "pass":
            c["outcome"], c["message"] = "fail", "now failing"
        elif c.get("outcome") == "fail":
            c["outcome"], c["message"] = "pass", ""


reps = [report("impl", "1", "exec", first), report("impl", "1", "adapter", flip),
        report("impl", "2", "exec", first), report("other", "1", "exec", flip),
        report("impl", "1", "exec", flip)]
version = subprocess.run([AMC, "--version"], capture_output=True).stdout.split(b"\n")[0]
version = version.split(b" ")[1]
with tempfile.TemporaryDirectory(prefix="amc-c14-report-") as t:
    files = []
    for i, r in enumerate(reps):
        files.append(os.path.join(t, f"r{i}.json"))
        with open(files[-1], "w") as fh:
            json.dump(r, fh)
    p = subprocess.run([AMC, "report", "html"] + files, capture_output=True, timeout=60,
                       env=dict(os.environ, AMC_NO_CONFIG="1"))
    got = re.sub(rb"amc " + re.escape(version) + rb"\b", b"amc VERSION", p.stdout)
    if p.returncode != 0 or p.stderr:
        failures.append(f"exit {p.returncode}, want 0; stderr {p.stderr[-300:]!r}")
    if BLESS:
        with open(WANT, "wb") as fh:
            fh.write(got)
    else:
        want = open(WANT, "rb").read()
        if got != want:
            a, b = want.split(b"\n"), got.split(b"\n")
            i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]),
                     min(len(a), len(b)))
            failures.append(f"the page differs from {WANT} at line {i + 1}:\n"
                            f"  want {a[i][:300] if i < len(a) else b'(end)'!r}\n"
                            f"  got  {b[i][:300] if i < len(b) else b'(end)'!r}")
for f in failures:
    print("FAIL:", f)
print("c14_report_page:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
