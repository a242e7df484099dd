#!/usr/bin/env python3
"""ctest cli.lead_conform_many (issue 22, a surviving mutant of a sample): amc conform loads
every lifecycle scenario of a profile, however many (cmd_conform.c load_scenarios read at most
1024 names into a fixed array and silently left the others out; its n < 1024 -> <= mutant wrote
past the array only with more than 1024 files).

A suite of the mailbox profile (cases.json and inputs as bundled) whose lifecycle folder holds
its 25 scenarios and 1,030 more (copies of delivery-happy.json with their own ids): --check-suite
counts the bundled 170 cases plus all 1,030, and a scenario whose name sorts last is among them.

usage: lead_conform_many.py AMC SOURCE_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
with tempfile.TemporaryDirectory(prefix="amc-lead-conform-many-") as t:
    suite = os.path.join(t, "suite")
    shutil.copytree(os.path.join(SRC, "conformance", "mailbox"), os.path.join(suite, "mailbox"))
    lc = os.path.join(suite, "mailbox", "lifecycle")
    p = subprocess.run([AMC, "conform", "--check-suite", "--suite", suite], capture_output=True,
                       text=True, timeout=120)
    if (p.returncode, p.stdout, p.stderr) != (0, "170 cases checked: ok\n", ""):
        failures.append(f"the bundled mailbox suite: exit {p.returncode}, {p.stdout!r} {p.stderr!r}")
    with open(os.path.join(lc, "delivery-happy.json")) as f:
        sc = json.load(f)
    for i in range(1030):
        sc["id"] = "mailbox-lc-many-%04d" % i
        with open(os.path.join(lc, "many-%04d.json" % i), "w") as f:
            json.dump(sc, f)
    p = subprocess.run([AMC, "conform", "--check-suite", "--suite", suite], capture_output=True,
                       text=True, timeout=120)
    if (p.returncode, p.stdout, p.stderr) != (0, "1200 cases checked: ok\n", ""):
        failures.append(f"1,055 scenarios: exit {p.returncode}, {p.stdout!r} {p.stderr!r}")
    # the last name in order (zz-...) is loaded too: a broken one there is reported
    with open(os.path.join(lc, "zz-broken.json"), "w") as f:
        f.write("{")
    p = subprocess.run([AMC, "conform", "--check-suite", "--suite", suite], capture_output=True,
                       text=True, timeout=120)
    want = f"amc conform: {lc}/zz-broken.json is not a valid scenario\n"
    if p.returncode != 2 or not p.stderr.startswith(want):
        failures.append(f"a broken last scenario: exit {p.returncode}, {p.stderr!r}")
for f in failures:
    print("FAIL:", f)
print("ok" if not failures else f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
