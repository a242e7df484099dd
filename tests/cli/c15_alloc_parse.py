#!/usr/bin/env python3
"""ctest cli.c15_alloc_parse (AMC_ALLOC_FAILPOINTS builds): amc parse --compact of a MIME message
with three header fields (tests/data/c15/three-headers.mime) with each of its allocations failing
once (AMC_FAIL_ALLOC=N, tests/cli/alloc_fail_wrap.c; about 30 runs). Each run ends as the clean
one did (exit 0, the same output) or with exit 2 and "out of memory" on standard error, never a
crash. The runs that fail while the message is printed (exit 2 with output) print it whole, the
missing pieces as null, and their outputs in order are compared with
tests/data/c15/parse-oom.txt: per header field, its scratch document or its name string failing
prints {"name": null, "value": null} (cmd_parse.c print_headers: a field whose two strings were
not both made prints neither), the name's JSON text failing prints the value alone, the value's
JSON text the name alone; then the body. Issue 22: cmd_parse.c:71, `nv && vv` made ||, a
survivor: with the name string failed the mutant printed the value. The runs before the print
(no output) are not compared, so allocations added to the reading or the checks do not move the
expected lines. Not labelled 'sweep', so ci/mutate.py --quick runs it. AMC_BLESS=1 rewrites
the expected file.

usage: c15_alloc_parse.py AMC SOURCE_DIR"""
import os
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
MSG = os.path.join(SRC, "tests", "data", "c15", "three-headers.mime")
WANT = os.path.join(SRC, "tests", "data", "c15", "parse-oom.txt")
failures = []


def run(extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    env.update(extra)
    return subprocess.run([AMC, "parse", "--compact", MSG], capture_output=True, text=True,
                          timeout=60, env=env)


with tempfile.TemporaryDirectory(prefix="amc-c15-parse-") as tmp:
    count = os.path.join(tmp, "count")
    clean = run({"AMC_FAIL_ALLOC_COUNT": count})
    try:
        total = int(open(count).read().strip())
    except (OSError, ValueError):
        print("c15_alloc_parse: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)
if clean.returncode != 0 or '"name": "Subject", "value": "hi"' not in clean.stdout:
    failures.append(f"clean run: exit {clean.returncode}\n{clean.stdout}{clean.stderr}")
printed = []
for n in range(total):
    p = run({"AMC_FAIL_ALLOC": str(n)})
    same = p.returncode == 0 and p.stdout == clean.stdout and not p.stderr
    nomem = p.returncode == 2 and "out of memory" in p.stderr
    if not (same or nomem):
        failures.append(f"allocation {n} of {total} failed: exit {p.returncode}\n"
                        f"{p.stdout[-300:]}{p.stderr[-300:]}")
    elif nomem and p.stdout:
        printed.append(p.stdout)
got = "".join(printed)
if os.environ.get("AMC_BLESS") == "1":
    with open(WANT, "w") as fh:
        fh.write(got)
else:
    want = open(WANT).read()
    if got != want:
        a, b = want.splitlines(), got.splitlines()
        i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
        failures.append(f"the outputs of the runs that failed while printing differ from {WANT} "
                        f"at line {i + 1} ({len(b)} lines, {len(a)} expected):\n"
                        f"  want {a[i] if i < len(a) else '(end)'}\n"
                        f"  got  {b[i] if i < len(b) else '(end)'}")
for f in failures:
    print("FAIL:", f)
print("c15_alloc_parse:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
