#!/usr/bin/env python3
"""ctest cli.c12_alloc_load (AMC_ALLOC_FAILPOINTS builds): amc validate --schema root.json, whose
$ref "item.json" is read from disk by the CLI's schema loader (cli_schema.c load_cb, slurp), with
each of its allocations failing once (AMC_FAIL_ALLOC=N for every N of the clean run's count,
tests/cli/alloc_fail_wrap.c; about 300 short runs). Each run ends as the clean one did (exit 1,
the same standard output: bad.json lacks the "a" item.json requires, so item.json was loaded)
or with exit 2 and "out of memory" on standard error (the loader's failures included); never a
crash (issue 22: cli_schema.c:211, the `return -1` after slurp's realloc failed, deleted, a
survivor: the mutant freads into NULL from a closed FILE and dies).
Not labelled 'sweep', so ci/mutate.py --quick runs it.

usage: c12_alloc_load.py AMC SOURCE_DIR"""
import os
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
DATA = os.path.join(SRC, "tests", "data", "c12", "load")
ARGS = ["validate", "--schema", "root.json", "ok.json", "bad.json"]
failures = []


def run(extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    env.update(extra)
    return subprocess.run([AMC] + ARGS, capture_output=True, text=True, timeout=60, env=env,
                          cwd=DATA)


with tempfile.TemporaryDirectory(prefix="amc-c12-load-") as tmp:
    count = os.path.join(tmp, "count")
    clean = run({"AMC_FAIL_ALLOC_COUNT": count})
    try:
        total = int(open(count).read().strip())
    except (OSError, ValueError):
        print("c12_alloc_load: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)
if clean.returncode != 1 or clean.stdout != \
        'bad.json:1:1: error[SCHEMA_REQUIRED]: "a" is a required property\n':
    failures.append(f"clean run: exit {clean.returncode}\n{clean.stdout}{clean.stderr}")
for n in range(total):
    p = run({"AMC_FAIL_ALLOC": str(n)})
    same = p.returncode == clean.returncode and p.stdout == clean.stdout
    nomem = p.returncode == 2 and "out of memory" in p.stderr
    if not (same or nomem):
        failures.append(f"allocation {n} of {total} failed: exit {p.returncode}\n"
                        f"{p.stdout[-300:]}{p.stderr[-300:]}")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
