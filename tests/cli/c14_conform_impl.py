#!/usr/bin/env python3
"""ctest cli.c14_conform_impl: the head of an amc conform --html page says what the adapter's
hello said about the implementation, compared whole with tests/data/c14/conform-impl-*.html
(issue 22: cli_html_conform.c, language && *language, homepage && *homepage). The adapter hands each request to `amc adapter` and rewrites
the hello's "implementation": a name with an empty version, language and homepage (no language,
no homepage shown), and all four set (with text to escape). One case of the conformance
suite is run. In the pages, amc's version reads VERSION, the amc binary's path <amc>, Python's
<python>, the source tree's <src> and the scratch folder's <t>. AMC_BLESS=1 rewrites the
expected files.
usage: c14_conform_impl.py AMC SOURCE_DIR"""
import json
import os
import re
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
DATA = os.path.join(SRC, "tests", "data", "c14")
BLESS = os.environ.get("AMC_BLESS") == "1"
ADAPTER = r'''
import json, subprocess, sys
impl = json.load(open(sys.argv[2]))
ref = subprocess.Popen([sys.argv[1], "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                       text=True)
for line in sys.stdin:
    ref.stdin.write(line)
    ref.stdin.flush()
    reply = ref.stdout.readline()
    if json.loads(line).get("op") == "hello":
        r = json.loads(reply)
        r["implementation"] = impl
        reply = json.dumps(r) + "\n"
    sys.stdout.write(reply)
    sys.stdout.flush()
'''
IMPLS = {"empty": {"name": "x", "version": "", "language": "", "homepage": ""},
         "set": {"name": "n<1>", "version": "2&3", "language": "L'",
                 "homepage": "https://example.com/?a=1&b=\"2\""}}
failures = []
version = subprocess.run([AMC, "--version"], capture_output=True).stdout.split(b"\n")[0]
version = version.split(b" ")[1]
with tempfile.TemporaryDirectory(prefix="amc-c14-impl-") as t:
    script = os.path.join(t, "adapter.py")
    with open(script, "w") as fh:
        fh.write(ADAPTER)
    for name, impl in IMPLS.items():
        page = os.path.join(t, "page.html")
        with open(os.path.join(t, "impl.json"), "w") as fh:
            json.dump(impl, fh)
        cmd = f"exec {sys.executable} {script} {AMC} {os.path.join(t, 'impl.json')}"
        p = subprocess.run([AMC, "conform", "--impl", cmd, "--filter",
                            "mailbox-env-001-valid-task-assignment", "--html", page],
                           capture_output=True, timeout=120, cwd=SRC,
                           env=dict(os.environ, AMC_NO_CONFIG="1", NO_COLOR="1"))
        if p.returncode != 0 or p.stderr:
            failures.append(f"{name}: exit {p.returncode}, want 0\n{p.stderr[-300:]!r}")
        got = open(page, "rb").read() if os.path.exists(page) else b""
        got = got.replace(AMC.encode(), b"<amc>").replace(sys.executable.encode(), b"<python>")
        got = got.replace(t.encode(), b"<t>").replace(SRC.encode(), b"<src>")
        got = re.sub(rb"amc " + re.escape(version) + rb"\b", b"amc VERSION", got)
        path = os.path.join(DATA, f"conform-impl-{name}.html")
        if BLESS:
            with open(path, "wb") as fh:
                fh.write(got)
            continue
        want = open(path, "rb").read()
        if got != want:
            a, b = want.split(b"\n"), got.split(b"\n")
            i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]),
                     min(len(a), len(b)))
            failures.append(f"{name}: the page differs from {path} at line {i + 1}:\n"
                            f"  want {a[i][:300] if i < len(a) else b'(end)'!r}\n"
                            f"  got  {b[i][:300] if i < len(b) else b'(end)'!r}")
for f in failures:
    print("FAIL:", f)
print("c14_conform_impl:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
