#!/usr/bin/env python3
"""ctest cli.c14_trace_pages: amc trace check --format html on the events of every lifecycle
scenario of the conformance suite (conformance/*/lifecycle/*.json, the five profiles, with the
scenario's policy when it has one), each page's body (without its script) compared byte for
byte with tests/data/c14/trace-pages.txt, with the exit status (issue 22: cli_html_trace.c, the
largest HTML file, had pages of two profiles only: the lanes, marks, counts and errors of the
discussion, socket and ACP models and of every illegal step the suite knows are pinned here).
amc's version reads VERSION. AMC_BLESS=1 rewrites the expected file (after a scenario is added or
a model changes on purpose: check the diff).
usage: c14_trace_pages.py AMC SOURCE_DIR"""
import glob
import json
import os
import re
import subprocess
import sys

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
WANT = os.path.join(SRC, "tests", "data", "c14", "trace-pages.txt")
BLESS = os.environ.get("AMC_BLESS") == "1"
env = dict(os.environ, AMC_NO_CONFIG="1", NO_COLOR="1")
version = subprocess.run([AMC, "--version"], capture_output=True).stdout.split(b"\n")[0]
version = version.split(b" ")[1]
out = []
for f in sorted(glob.glob(os.path.join(SRC, "conformance", "*", "lifecycle", "*.json"))):
    s = json.load(open(f))
    trace = "".join(json.dumps(st["event"]) + "\n" for st in s["steps"])
    args = [AMC, "trace", "check", "--profile", s["profile"], "--format", "html", "-"]
    if s.get("policy"):
        args[5:5] = ["--policy", os.path.normpath(os.path.join(os.path.dirname(f), s["policy"]))]
    p = subprocess.run(args, input=trace.encode(), capture_output=True, timeout=60, env=env)
    body = p.stdout[p.stdout.find(b"<body"):]
    body = re.sub(rb"<script.*?</script>", b"<script/>", body, flags=re.S)
    body = re.sub(rb"amc " + re.escape(version) + rb"\b", b"amc VERSION", body)
    rel = os.path.relpath(f, SRC)
    out.append(f"=== {rel}: exit {p.returncode}, stderr {len(p.stderr)} bytes\n".encode() + body)
got = b"".join(x if x.endswith(b"\n") else x + b"\n" for x in out)
failures = []
if BLESS:
    with open(WANT, "wb") as fh:
        fh.write(got)
else:
    want = open(WANT, "rb").read()
    if got != want:
        a, b = want.split(b"\n"), got.split(b"\n")
        i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
        head = next((a[k] for k in range(min(i, len(a) - 1), -1, -1)
                     if a[k].startswith(b"=== ")), b"")
        failures.append(f"the pages differ from {WANT} at line {i + 1} (in {head[4:]!r}):\n"
                        f"  want {a[i][:300] if i < len(a) else b'(end)'!r}\n"
                        f"  got  {b[i][:300] if i < len(b) else b'(end)'!r}")
for f in failures:
    print("FAIL:", f)
print("c14_trace_pages:", f"{len(out)} pages,", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
