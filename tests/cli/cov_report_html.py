#!/usr/bin/env python3
"""amc conform's HTML page and amc report html (issue 22), on reports made here:
  1. conform --xfail: the expected failure's reason on the case's page entry,
  2. report html of two implementations' JSON reports: one column each, "from 2 JSON conform
     reports", a case both ran in one row,
  3. report html of two reports of one implementation (shards): one column "(2 reports)",
  4. refusals: a file that is not JSON, a JSON file that is not a conform report (exit 2, the
     reason on stderr, nothing on stdout); a page that cannot be written (-o /dev/full, and
     standard output on /dev/full): exit 2 with "cannot write the page" (was exit 2 and no word).
Usage: cov_report_html.py AMC (run from the source tree)."""
import os
import subprocess
import sys
import tempfile

AMC = sys.argv[1]
failures = []
CASE = "mailbox-env-001-valid-task-assignment"


def run(args, **kw):
    return subprocess.run([AMC] + args, capture_output=True, timeout=300, **kw)


def check(ok, what):
    if not ok:
        failures.append(what)


with tempfile.TemporaryDirectory(prefix="amc-covreport-") as t:
    a, b, c = (os.path.join(t, n) for n in ("a.json", "b.json", "c.json"))
    xf = os.path.join(t, "xfail.txt")
    with open(xf, "w") as f:
        f.write(f"{CASE} # known: <this tool> says invalid\n")
    flt = ["--filter", "mailbox-env-00*"]
    p = run(["conform", "--impl-exec", "true {file}", "--json", a] + flt)
    check(p.returncode == 1 and os.path.exists(a), f"conform true: exit {p.returncode}")
    page = os.path.join(t, "b.html")
    p = run(["conform", "--impl-exec", "false {file}", "--xfail", xf, "--json", b, "--html", page] + flt)
    check(p.returncode == 1, f"conform false: exit {p.returncode}")
    html = open(page, encoding="utf-8").read() if os.path.exists(page) else ""
    check("<dt>expected failure</dt><dd>known: &lt;this tool&gt; says invalid</dd>" in html,
          "conform html: the xfail reason (escaped) is not on the page")
    p = run(["conform", "--impl-exec", "true {file}", "--json", c, "--filter", "mailbox-env-002*"])

    # 2. two implementations
    p = run(["report", "html", a, b])
    out = p.stdout.decode("utf-8", "replace")
    check(p.returncode == 0 and out.startswith("<!DOCTYPE html>"), f"report html a b: exit {p.returncode}")
    check("from 2 JSON conform reports" in out, "report html a b: the page does not say 2 reports")
    check(out.count(CASE) >= 1 and "true {file}" in out and "false {file}" in out,
          "report html a b: a column or the case row is missing")

    # 3. shards of one implementation: one column of 2 reports
    p = run(["report", "html", a, c])
    out = p.stdout.decode("utf-8", "replace")
    check(p.returncode == 0 and "(2 reports)" in out, "report html a c: no '(2 reports)' column")

    # 4. refusals
    p = run(["report", "html", xf])
    check(p.returncode == 2 and not p.stdout and b"not JSON" in p.stderr,
          f"report html of a text file: exit {p.returncode}, {p.stderr[:200]!r}")
    p = run(["report", "html", "tests/data/report/doc.json"])
    check(p.returncode == 2 and not p.stdout and b"not a JSON conform report" in p.stderr,
          f"report html of a validate report: exit {p.returncode}, {p.stderr[:200]!r}")
    p = run(["report", "html", a, b, "-o", "/dev/full"])
    check(p.returncode == 2 and b"amc report html: cannot write the page: No space left on device" in p.stderr,
          f"report html -o /dev/full: exit {p.returncode}, {p.stderr[:200]!r}")
    with open("/dev/full", "wb") as full:
        p = subprocess.run([AMC, "report", "html", a], stdout=full, stderr=subprocess.PIPE, timeout=120)
    check(p.returncode == 2 and b"cannot write the page" in p.stderr,
          f"report html > /dev/full: exit {p.returncode}, {p.stderr[:200]!r}")

for f in failures:
    print("FAIL", f)
print(f"cov_report_html: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
