#!/usr/bin/env python3
"""ctest cli.c15_conform_fixture_gone: amc conform --impl-exec on a suite of two acp cases (made
here from the first two of conformance/acp/cases.json) whose command, run on the first case's
fixture, deletes the second's. The fixtures are checked before the run (all there), so the
second case's {file} cannot be expanded: amc stops with exit 2, "amc conform: cannot read fixture
SUITE/acp/inputs/f1.json" on standard error and no report, rather than run the command without
the file. Issue 22: cmd_conform.c:502 (expand_part's `return -1` after a failed {file}), deleted
in a survivor of the 300-mutant run seed 112907 ("line not run by any test"): the mutant ran the
command with an empty {file} and reported the case as an error (exit 1).

usage: c15_conform_fixture_gone.py AMC SOURCE_DIR"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
tmp = tempfile.mkdtemp(prefix="amc-c15-gone-")
try:
    suite = os.path.join(tmp, "suite")
    os.makedirs(os.path.join(suite, "acp", "inputs"))
    with open(os.path.join(SRC, "conformance", "acp", "cases.json")) as fh:
        cases = json.load(fh)[:2]
    for i, c in enumerate(cases):
        shutil.copyfile(os.path.join(SRC, "conformance", "acp", c["input"]),
                        os.path.join(suite, "acp", "inputs", f"f{i}.json"))
        c["input"] = f"inputs/f{i}.json"
    with open(os.path.join(suite, "acp", "cases.json"), "w") as fh:
        json.dump(cases, fh)
    script = os.path.join(tmp, "rmnext.sh")
    with open(script, "w") as fh:  # on f0.json: delete f1.json; say invalid
        fh.write('case "$1" in *f0.json) rm -f "$(dirname "$1")/f1.json" ;; esac\nexit 1\n')
    p = subprocess.run([AMC, "conform", "--suite", suite, "--impl-exec", f"sh {script} {{file}}"],
                       capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, AMC_NO_CONFIG="1"))
    want = f"amc conform: cannot read fixture {suite}/acp/inputs/f1.json\n"
    if p.returncode != 2 or p.stderr != want or p.stdout:
        failures.append(f"exit {p.returncode} (want 2), stderr {p.stderr!r} (want {want!r})\n"
                        f"{p.stdout[-800:]}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("c15_conform_fixture_gone:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
