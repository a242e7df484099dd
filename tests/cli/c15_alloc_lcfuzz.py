#!/usr/bin/env python3
"""ctest cli.c15_alloc_lcfuzz (AMC_ALLOC_FAILPOINTS builds): amc fuzz --lifecycle --profile acp
against an adapter that answers the hello and then a line that is not JSON to every request
(tests/data/c15/garbage_lc_adapter.sh): one garbage finding, its 22 events shrunk to none. Every
other one of the run's last 48 allocations fails once (AMC_FAIL_ALLOC=N,
tests/cli/alloc_fail_wrap.c; 24 short runs), among them the finding's pieces (its scenario, the
implementation's and amc's results, the extra members). Each run ends with exit 2 and "out of
memory" on standard error, or as the clean one did: exit 1, the same two files, the same
scenario (its description holds the reply parser's diagnostic: when the allocation for that
diagnostic failed, the parser used to return "invalid" without it and the run stored a finding
whose summary read "garbage reply (invalid: this is not JSON)"; it now says out of memory), one
finding line of the same class and size; never a crash, never an empty file stored: a finding
with a piece missing is not stored. At least 8 runs end with no finding stored (the window holds the finding's
making). Issue 22: cli_fuzz_lc.c:307, `!f.data || !f.json_impl` made &&, a survivor:
with the scenario's copy failed the mutant stored the finding with an empty scenario and ended
with exit 1. Not labelled 'sweep', so ci/mutate.py --quick runs it.

usage: c15_alloc_lcfuzz.py AMC SOURCE_DIR"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ADAPTER = "sh " + os.path.join(SRC, "tests", "data", "c15", "garbage_lc_adapter.sh")
failures = []
tmp = tempfile.mkdtemp(prefix="amc-c15-lcfuzz-")


def run(extra):
    out = os.path.join(tmp, "out")
    shutil.rmtree(out, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    env.update(extra)
    p = subprocess.run([AMC, "fuzz", "--lifecycle", "--profile", "acp", "--impl", ADAPTER,
                        "--runs", "1", "--seed", "7", "--out", out, "-q"],
                       capture_output=True, text=True, timeout=60, env=env, cwd=tmp)
    files = {}
    if os.path.isdir(out):
        for name in sorted(os.listdir(out)):
            with open(os.path.join(out, name), "rb") as fh:
                files[name] = fh.read()
    return p, files


try:
    count = os.path.join(tmp, "count")
    clean, clean_files = run({"AMC_FAIL_ALLOC_COUNT": count})
    try:
        total = int(open(count).read().strip())
    except (OSError, ValueError):
        print("c15_alloc_lcfuzz: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)
    scen = [n for n in clean_files if n.startswith("lifecycle-")]
    if clean.returncode != 1 or len(clean_files) != 2 or len(scen) != 1 or \
            json.loads(clean_files[scen[0]]).get("steps") != []:
        failures.append(f"clean run: exit {clean.returncode}, files {sorted(clean_files)}\n"
                        f"{clean.stdout}{clean.stderr}")
    def finding(files):  # the scenario, the line's class and size
        try:
            sc = json.loads(files[scen[0]])
            line = json.loads(files["findings.jsonl"])
        except (KeyError, ValueError):
            return None
        return sc, line.get("class"), line.get("size"), line.get("original_size")

    unstored = 0
    for n in range(max(0, total - 48), total, 2):
        p, files = run({"AMC_FAIL_ALLOC": str(n)})
        same = p.returncode == 1 and sorted(files) == sorted(clean_files) and \
            len(files["findings.jsonl"].splitlines()) == 1 and \
            finding(files) is not None and finding(files) == finding(clean_files)
        nomem = p.returncode == 2 and "out of memory" in p.stderr
        if not (same or nomem):
            failures.append(f"allocation {n} of {total} failed: exit {p.returncode}, files "
                            f"{ {k: len(v) for k, v in files.items()} }\n"
                            f"{p.stdout[-300:]}{p.stderr[-300:]}")
        elif any(not v for v in files.values()):
            failures.append(f"allocation {n} of {total} failed: an empty file stored: "
                            f"{ {k: len(v) for k, v in files.items()} }")
        unstored += nomem and not files
    if unstored < 8:
        failures.append(f"{unstored} runs ended with no finding stored, not at least 8: the "
                        "window no longer holds the finding's making (move it)")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("c15_alloc_lcfuzz:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
