#!/usr/bin/env python3
"""amc's HTML pages compared whole, byte for byte, with tests/data/mutcmd/*.html (issue 22):
amc trace check --format html (ignite, a bad and a good trace; mailbox receipts), amc audit
--format html (every tree under tests/data/audit, and tests/data/mutcmd/audit-first, whose
files begin with the keys the page shows: cli_html_trace.c:843's i > 0), amc conform --format html (an exec
implementation that accepts everything, failing with the inputs shown; amc's own adapter) and
amc report html (the checked-in conform report of every outcome; two reports of this run, which
disagree). Each page's exit status and standard error are checked too. A mutant of
cli_html_trace.c, cli_html_conform.c, cli_html_report.c or cli_html.c that changes a byte of
any of these pages (a count, a class, a sort order, a cut, an escape) fails here.
In the pages, amc's version reads VERSION, the amc binary's path <amc>, the source tree's <src>
and the scratch folder's <t>. AMC_BLESS=1 rewrites the expected files.
Usage: mutcmd_html.py AMC (run from the source tree)."""
import os
import re
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
SRC = os.getcwd()
DATA = os.path.join("tests", "data", "mutcmd")
BLESS = os.environ.get("AMC_BLESS") == "1"
failures = []


def run(args, cwd=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    return subprocess.run([AMC] + args, capture_output=True, timeout=120, env=env, cwd=cwd)


version = run(["--version"]).stdout.split(b"\n")[0].split(b" ")[1]


def norm(b, t):
    b = b.replace(AMC.encode(), b"<amc>").replace(t.encode(), b"<t>")
    b = b.replace(os.path.join(os.path.dirname(AMC), "amc").encode(), b"<amc>")
    b = b.replace(SRC.encode(), b"<src>")
    return re.sub(rb"amc " + re.escape(version) + rb"\b", b"amc VERSION", b)


def check(name, args, rc, t, err=b""):
    p = run(args)
    out = norm(p.stdout, t)
    if p.returncode != rc:
        failures.append(f"{name}: exit {p.returncode}, want {rc}; stderr {p.stderr[-300:]!r}")
    if norm(p.stderr, t) != err:
        failures.append(f"{name}: stderr {p.stderr[-300:]!r}, want {err!r}")
    path = os.path.join(DATA, name + ".html")
    if BLESS:
        with open(path, "wb") as f:
            f.write(out)
        return
    with open(path, "rb") as f:
        want = f.read()
    if out != want:
        a, b = want.split(b"\n"), out.split(b"\n")
        i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
        failures.append(f"{name}: the page differs from {path} at line {i + 1}:\n"
                        f"  want {a[i][:300] if i < len(a) else b'(end)'!r}\n"
                        f"  got  {b[i][:300] if i < len(b) else b'(end)'!r}")


with tempfile.TemporaryDirectory(prefix="amc-mutcmd-html-") as t:
    for name, prof, rc in (("ignite-bad", "ignite", 1), ("ignite-ok", "ignite", 0),
                           ("mailbox-receipts", "mailbox", 1)):
        check("trace-" + name, ["trace", "check", "--profile", prof, "--format", "html",
                                f"tests/data/trace/{name}.jsonl"], rc, t)
    for name, rc in (("ignite-bad", 1), ("ignite-good", 0), ("ignite-links", 0),
                     ("mailbox-bad", 1), ("mailbox-good", 0)):
        check("audit-" + name, ["audit", "--format", "html", f"tests/data/audit/{name}"], rc, t)
    # files whose first bytes are the key read (From:, To:, task_id:): find_value at offset 0
    check("audit-first", ["audit", "--format", "html", "tests/data/mutcmd/audit-first"], 1, t)
    accept = ["--impl-exec", "true {file}"]
    ref = ["--impl", AMC + " adapter"]
    check("conform-accept", ["conform", "--suite", "conformance", "--profile", "mailbox"] +
          accept + ["--filter", "mailbox-env-0*", "--format", "html"], 1, t)
    check("conform-ref", ["conform", "--suite", "conformance", "--profile", "ignite"] + ref +
          ["--format", "html"], 0, t)
    check("report-outcomes", ["report", "html", "tests/data/conform-report/report.json"], 0, t)
    for n, impl in (("a", accept), ("b", ref)):
        p = run(["conform", "--suite", "conformance", "--profile", "mailbox"] + impl +
                ["--filter", "mailbox-env-0*", "--json", os.path.join(t, n + ".json")])
        if p.returncode not in (0, 1):
            failures.append(f"conform --json {n}: exit {p.returncode} {p.stderr[-300:]!r}")
    check("report-two", ["report", "html", os.path.join(t, "a.json"),
                         os.path.join(t, "b.json"), "tests/data/conform-report/report.json"],
          0, t)

if BLESS:
    print("mutcmd_html: expected pages written")
for f in failures:
    print("FAIL:", f)
print(f"mutcmd_html: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
