#!/usr/bin/env python3
"""amc report merge on the white space a shard's report may carry (cmd_report.c; issue 22):
  1. the two shard reports of tests/data/report with CRLF line ends, blank lines of spaces and
     tabs, white space before the first line and after each JSON value: merged as the originals
     are (the records copied as they are, without the CR);
  2. the same for a JSON document report (tests/data/report/doc.json) with white space around;
  3. a line with text after its JSON value, and a value cut short: REPORT_NOT_JSON at that line
     ("unexpected character": json-c's strict mode stops there itself; "the JSON value is not
     complete"), exit 2.
Usage: mutcli_report.py AMC (run from the source tree)."""
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
DATA = "tests/data/report"


def check(ok, what):
    if not ok:
        failures.append(what)


def merge(*files):
    return subprocess.run([AMC, "report", "merge"] + list(files), capture_output=True,
                          timeout=60)


with tempfile.TemporaryDirectory(prefix="amc-mutcli-report-") as t:
    # 1. JSON Lines shards with white space
    want = merge(os.path.join(DATA, "shard-1.jsonl"), os.path.join(DATA, "shard-2.jsonl"))
    check(want.returncode == 1 and want.stdout, f"plain merge: exit {want.returncode}")
    spaced = []
    for k, name in enumerate(("shard-1.jsonl", "shard-2.jsonl")):
        lines = open(os.path.join(DATA, name), encoding="utf-8").read().splitlines()
        text = " \t\r\n\n" if k == 0 else "\r\n"
        for i, ln in enumerate(lines):
            text += ln + (" \t" if i % 2 else "") + "\r\n" + (" \t \r\n" if i == 0 else "")
        path = os.path.join(t, name)
        with open(path, "w", newline="") as f:
            f.write(text)
        spaced.append(path)
    p = merge(*spaced)  # records are copied as they are, without the CR: compare them trimmed
    check((p.returncode, [x.strip() for x in p.stdout.splitlines()]) ==
          (want.returncode, [x.strip() for x in want.stdout.splitlines()]),
          f"spaced shards: exit {p.returncode}, {p.stdout[-200:]!r} {p.stderr[-300:]!r}")

    # 2. a JSON document report with white space around
    want = merge(os.path.join(DATA, "doc.json"))
    doc = os.path.join(t, "doc.json")
    with open(doc, "w", newline="") as f:
        f.write("\r\n \t" + open(os.path.join(DATA, "doc.json"), encoding="utf-8").read().strip()
                + " \t\r\n\n")
    p = merge(doc)
    check((p.returncode, p.stdout) == (want.returncode, want.stdout),
          f"spaced document: exit {p.returncode}, {p.stderr[-300:]!r}")

    # 3. text after a value; a value cut short
    lines = open(os.path.join(DATA, "shard-1.jsonl"), encoding="utf-8").read().splitlines()
    for bad, why in ((lines[1] + " x", "unexpected character"),
                     (lines[1][:-1], "the JSON value is not complete")):
        path = os.path.join(t, "bad.jsonl")
        with open(path, "w") as f:
            f.write("\n".join([lines[0], bad] + lines[2:]) + "\n")
        p = merge(path)
        err = p.stderr.decode()
        check(p.returncode == 2 and f"{path}:2:" in err and "REPORT_NOT_JSON" in err and
              f"not JSON: {why}" in err, f"{why}: exit {p.returncode}, {err[-300:]!r}")

for f in failures:
    print("FAIL", f)
print(f"mutcli_report: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
