#!/usr/bin/env python3
"""ctest cli.c14_conform_page: amc conform --html and amc report html compared whole, byte for
byte, with tests/data/c14/conform-page.html and report-page.html (issue 22: the HTML boundaries
the other pages do not reach). The suite tests/data/c14/suite has a case of every outcome: pass,
fail (two of one rule, one with an empty description, one with codes and absent codes and text
to escape), error (a SHOULD case), xfail with and without a reason, a stale xfail, not-tested
(--max-fail), skip (a missing clock capability, and a profile not claimed); and inputs the page
shows or hides (inputs/../outside.json and ../mailbox/outside.json are not shown,
inputs/..x.json is). The implementation is tests/data/c14/impl.sh (valid, except an error for
the "crash" input). report html puts that run's JSON report beside one of an implementation
that says invalid to everything, run on a part of the cases (the others are "absent").
In the pages, amc's version reads VERSION, the amc binary's path <amc>, the source tree's <src>
and the scratch folder's <t>. AMC_BLESS=1 rewrites the expected files.
usage: c14_conform_page.py AMC SOURCE_DIR"""
import os
import re
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
DATA = os.path.join(SRC, "tests", "data", "c14")
BLESS = os.environ.get("AMC_BLESS") == "1"
failures = []


def run(args):
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env.update(AMC_NO_CONFIG="1", NO_COLOR="1")
    return subprocess.run([AMC] + args, capture_output=True, timeout=120, env=env, cwd=SRC)


version = run(["--version"]).stdout.split(b"\n")[0].split(b" ")[1]


def norm(b, t):
    b = b.replace(AMC.encode(), b"<amc>").replace(t.encode(), b"<t>")
    b = b.replace(SRC.encode(), b"<src>")
    return re.sub(rb"amc " + re.escape(version) + rb"\b", b"amc VERSION", b)


def compare(name, page, t):
    path = os.path.join(DATA, name)
    got = norm(open(page, "rb").read(), t) if os.path.exists(page) else b""
    if BLESS:
        with open(path, "wb") as f:
            f.write(got)
        return
    want = open(path, "rb").read()
    if got != want:
        a, b = want.split(b"\n"), got.split(b"\n")
        i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
        failures.append(f"{name}: the page differs at line {i + 1}:\n"
                        f"  want {a[i][:300] if i < len(a) else b'(end)'!r}\n"
                        f"  got  {b[i][:300] if i < len(b) else b'(end)'!r}")


SUITE = ["--suite", "tests/data/c14/suite", "--capabilities", "mailbox"]
with tempfile.TemporaryDirectory(prefix="amc-c14-page-") as t:
    page, rep_a, rep_b = (os.path.join(t, x) for x in ("page.html", "a.json", "b.json"))
    p = run(["conform"] + SUITE + ["--impl-exec", "sh tests/data/c14/impl.sh {file}",
                                    "--xfail", "tests/data/c14/xfail.txt", "--max-fail", "6",
                                    "--html", page, "--json", rep_a])
    if p.returncode != 1 or p.stderr:
        failures.append(f"conform: exit {p.returncode}, want 1\n{p.stderr[-300:]!r}")
    compare("conform-page.html", page, t)
    p = run(["conform"] + SUITE + ["--impl-exec", "exit 1", "--filter", "c14-[fpx]*",
                                    "--json", rep_b])
    if p.returncode != 1 or p.stderr:
        failures.append(f"conform (all invalid): exit {p.returncode}, want 1\n"
                        f"{p.stderr[-300:]!r}")
    p = run(["report", "html", rep_a, rep_b, "-o", page])
    if p.returncode != 0 or p.stderr:
        failures.append(f"report html: exit {p.returncode}, want 0\n{p.stderr[-300:]!r}")
    compare("report-page.html", page, t)
for f in failures:
    print("FAIL:", f)
print("c14_conform_page:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
