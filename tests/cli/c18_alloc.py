#!/usr/bin/env python3
"""ctest cli.c18_alloc (AMC_ALLOC_FAILPOINTS builds): amc validate (--jsonl mostly) with each allocation
failing once (issue 22, survivors of src/cli/cmd_validate.c in the 300-mutant run, seed 112908).
Every run ends as the clean one did (exit status, standard output and error) or with exit 2 and
"out of memory" on standard error, never a crash, never another result:

  - --profile socket on three lines (valid, invalid, valid; the last without a newline) with
    -j 1, each of the last 120 allocations (the lines' checks) failing once: an allocation of
    the profile's check failing is "out of memory" (cmd_validate.c:308, the first || made &&:
    the mutant counts that line invalid, exit 1, and says nothing);
  - --profile socket on one whole file (not --jsonl), each of the last 120 allocations failing
    once: the same for a file (cmd_validate.c:258, the first || made &&);
  - --schema on one line without a newline, every allocation failing once: the line array of
    the batch is first allocated at the end of the input there (cmd_validate.c:641, `return -1`
    deleted: the mutant drops the line and says valid=0 invalid=0, exit 0).

  - amc fuzz --generate 20 from one seed of 300 array elements: the arena's chunk (64 KiB) fills
    up, so the slot list of some tree mutations (8 KiB) needs a new chunk; its allocation failing
    is "out of memory" at the end (cli_fuzz_mut.c:1087, `return NULL` deleted: the mutant
    collects into a NULL list and crashes). The runs compared: from the last allocations of a
    --generate 1 run (the profile's dictionary comes first) to the end, each failing once; the
    clean result is the exit status and inputs.jsonl. Not in an AddressSanitizer build (about
    250 runs: the validate part runs there alone, failing every third allocation only).


usage: c18_alloc.py AMC"""
import os
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
with open(AMC, "rb") as fh:
    asan = b"__asan_init" in fh.read()
STEP = 3 if asan else 1  # an AddressSanitizer build: every third allocation of each window
tmp = tempfile.mkdtemp(prefix="amc-c18-alloc-")
VALID = ('{"type": "status_response", "from": "yadon-1", "state": "busy", "current_task": '
         '"T-1"}')
INVALID = ('{"type": "status_response", "from": "yadon-1", "state": "running", '
           '"current_task": null}')


def env_of(n=None, count=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    if count:
        env["AMC_FAIL_ALLOC_COUNT"] = count
    else:
        env["AMC_FAIL_ALLOC"] = str(n)
    return env


def run(args, n=None, count=None):
    p = subprocess.run([AMC, "validate", "-j", "1"] + args, capture_output=True,
                       text=True, timeout=60, env=env_of(n, count), cwd=tmp)
    return p.returncode, p.stdout, p.stderr


def generate(k, n=None, count=None):
    out = os.path.join(tmp, "gen")
    shutil.rmtree(out, ignore_errors=True)
    p = subprocess.run([AMC, "fuzz", "--generate", str(k), "--profile", "socket", "--corpus",
                        "seeds", "--seed", "1", "--out", out], capture_output=True, text=True,
                       timeout=60, env=env_of(n, count), cwd=tmp)
    path = os.path.join(out, "inputs.jsonl")
    listed = open(path).read() if os.path.exists(path) else None
    return p.returncode, listed, p.stderr


def total_of(count):
    try:
        return int(open(count).read().strip())
    except (OSError, ValueError):
        print("c18_alloc: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)


try:
    files = {"three.jsonl": VALID + "\n" + INVALID + "\n" + VALID,
             "one.json": VALID,
             "num.jsonl": "1",
             "s.json": '{"type": "integer"}'}
    for name, text in files.items():
        with open(os.path.join(tmp, name), "w") as fh:
            fh.write(text)
    count = os.path.join(tmp, "count")
    cases = [  # (what, arguments, the clean run's exit status and standard error, how many of
        # the last allocations fail: the three lines' checks come last, the dictionary first)
        ("profile, three lines", ["--jsonl", "--profile", "socket", "three.jsonl"], 1,
         "valid=2 invalid=1\n", 120),
        ("schema, one line", ["--jsonl", "--schema", "s.json", "num.jsonl"], 0,
         "valid=1 invalid=0\n", None),
        ("profile, one file", ["--profile", "socket", "one.json"], 0, "", 120),
    ]
    for what, args, code, err, tail in cases:
        clean = run(args, count=count)
        total = total_of(count)
        if clean[0] != code or clean[2] != err:
            failures.append(f"{what}: clean run: {clean!r}")
        nomem = 0
        for n in range(max(0, total - tail) if tail else 0, total, STEP):
            got = run(args, n=n)
            if got[0] == 2 and "out of memory" in got[2]:
                nomem += 1
            elif got != clean:
                failures.append(f"{what}: allocation {n} of {total} failed: {got!r}")
        if nomem == 0:
            failures.append(f"{what}: no run of {total} said out of memory")
    if asan:  # about 250 runs; the mutation build has no sanitizer: there only
        print("c18_alloc: amc fuzz --generate left out (an AddressSanitizer build)")
    else:
        os.makedirs(os.path.join(tmp, "seeds"))
        with open(os.path.join(tmp, "seeds", "s.json"), "w") as fh:
            fh.write('{"type": "task", "id": "T-1", "from": "manager", "instruction": "x", '
                     '"project_dir": "/p", "payload": {"items": [%s]}}'
                     % ", ".join(str(i) for i in range(300)))
        generate(1, count=count)
        first = total_of(count)
        clean = generate(20, count=count)
        total = total_of(count)
        if clean[0] != 0 or not clean[1] or len(clean[1].splitlines()) != 20:
            failures.append(f"generate: clean run: {clean!r}")
        for n in range(max(0, first - 10), total):
            got = generate(20, n=n)
            if not (got[0] == 2 and "out of memory" in got[2]) and got[:2] != clean[:2]:
                failures.append(f"generate: allocation {n} of {total} failed: exit {got[0]}, "
                                f"{got[2][-200:]!r}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures[:20]:
    print("FAIL:", f)
print(f"c18_alloc: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
