#!/usr/bin/env python3
"""ctest cli.c14_xfail_alloc (AMC_ALLOC_FAILPOINTS builds): amc conform --update-xfail with each
of its allocations failing once (a full sweep: about 40 runs of a two-case suite made here, run
against `true {file}`, with an --xfail file that lists one of the two failures). Each run ends as
the clean one did (exit status, the rewritten --xfail file) or with exit 2 and "out of memory" on
standard error, and the --xfail file is then either as it was or as the clean run rewrote it:
never empty, cut short or anything else, and never a crash.

Issue 22: cmd_conform.c write_xfail, the `return -1;` after amc_conform_xfail_render failed
deleted (a survivor of the 300-mutant run, its line run by no test): the mutant wrote the list it
did not have, an empty file, over the user's. The sweep also found that this failure ended amc
with exit 2 and no word; it now says "amc conform: out of memory". Not labelled 'sweep', so
ci/mutate.py --quick runs it.

usage: c14_xfail_alloc.py AMC"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
tmp = tempfile.mkdtemp(prefix="amc-c14-xfail-alloc-")
ORIG = "mailbox-x-001-case  # known\n"


def run(n=None, count=None):
    xf = os.path.join(tmp, "xfail.txt")
    with open(xf, "w") as fh:
        fh.write(ORIG)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env.update(AMC_NO_CONFIG="1", NO_COLOR="1")
    if count:
        env["AMC_FAIL_ALLOC_COUNT"] = count
    else:
        env["AMC_FAIL_ALLOC"] = str(n)
    p = subprocess.run([AMC, "conform", "--suite", "suite", "--impl-exec", "true {file}",
                        "--xfail", "xfail.txt", "--update-xfail"],
                       capture_output=True, text=True, timeout=60, env=env, cwd=tmp)
    return p, open(xf).read()


try:
    os.makedirs(os.path.join(tmp, "suite", "mailbox", "inputs"))
    with open(os.path.join(tmp, "suite", "mailbox", "inputs", "empty.json"), "w") as fh:
        fh.write("{}\n")
    cases = [{"id": f"mailbox-x-00{i}-case", "description": "d", "rule": "MAILBOX-ENV-001",
              "level": "MUST", "tags": ["schema"], "input": "inputs/empty.json",
              "verdict": "invalid", "codes": [], "absent_codes": [],
              "implementation": {"result": "quarantine"}} for i in (1, 2)]
    with open(os.path.join(tmp, "suite", "mailbox", "cases.json"), "w") as fh:
        json.dump(cases, fh)
    count = os.path.join(tmp, "count")
    clean, clean_xf = run(count=count)
    try:
        total = int(open(count).read().strip())
    except (OSError, ValueError):
        print("c14_xfail_alloc: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)
    want_xf = ("# amc conform expected failures: case-id  # reason\n" + ORIG +
               "mailbox-x-002-case  # expected invalid, got valid\n")
    if clean.returncode != 0 or clean_xf != want_xf:
        failures.append(f"clean run: exit {clean.returncode}, --xfail file {clean_xf!r}\n"
                        f"{clean.stderr[-300:]}")
    for n in range(total):
        p, xf = run(n)
        same = p.returncode == clean.returncode and xf == clean_xf
        nomem = p.returncode == 2 and "out of memory" in p.stderr and xf in (ORIG, clean_xf)
        if not (same or nomem):
            failures.append(f"allocation {n} of {total} failed: exit {p.returncode}, --xfail "
                            f"file {xf!r}\n{p.stderr[-300:]}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("c14_xfail_alloc:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
