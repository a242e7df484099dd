#!/usr/bin/env python3
"""ctest cli.c18_session_dir: amc fuzz --stateful cannot make a finding's session folder (issue 22:
cli_fuzz_st.c write_session, the `return -1` after a failed mkdir deleted, a survivor of the
300-mutant run, seed 112908: the mutant went on to write the messages into the missing folder
and reported that open's error, "No such file or directory", instead of the mkdir's).

The --out folder is read-only (mode 0555) but holds the two files the run writes into,
findings.jsonl (empty) and the finding's case file (its name is fixed by the run: the adapter
tests/cli/c18_hang_adapter.py hangs once, seed 1, stateful-5b18069e.json), so only the session
folder cannot be made: exit 2, "amc fuzz: cannot write the session OUT/stateful-5b18069e:
Permission denied" on standard error, and the finding's line in findings.jsonl. A mode does not
stop root: run as root, amc (and the adapter, /usr/bin/python3) run as the user nobody (65534),
owning the folders (and may write into $GCOV_PREFIX, where ci/mutate.py's clean run collects
each test's line counts); without /usr/bin/python3 or, as root, without setuid, the test is skipped.

usage: c18_session_dir.py AMC SOURCE_DIR"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
PY = "/usr/bin/python3"  # the adapter's interpreter, readable by nobody
NOBODY = 65534
failures = []
root = os.geteuid() == 0
if not os.access(PY, os.X_OK):
    print("c18_session_dir: SKIP: no /usr/bin/python3")
    sys.exit(0)
t = tempfile.mkdtemp(prefix="amc-c18-sessdir-")
try:
    os.chmod(t, 0o755)
    work, out = os.path.join(t, "w"), os.path.join(t, "out")
    os.makedirs(work)
    os.makedirs(out)
    fid = "stateful-5b18069e"
    for name in ("findings.jsonl", fid + ".json"):
        open(os.path.join(out, name), "w").close()
    if root:
        for d in (t, work, out):
            os.chown(d, NOBODY, NOBODY)
        for name in ("findings.jsonl", fid + ".json"):
            os.chown(os.path.join(out, name), NOBODY, NOBODY)
    os.chmod(out, 0o555)
    gcov = os.environ.get("GCOV_PREFIX")
    if root and gcov and os.path.isdir(gcov):
        os.chmod(gcov, 0o777)  # ci/mutate.py's test map: the counts nobody's amc writes there

    def demote():
        if root:
            os.setgid(NOBODY)
            os.setuid(NOBODY)
    adapter = f"{PY} {SRC}/tests/cli/c18_hang_adapter.py {AMC} {work}/hung"
    if root:  # nobody must reach amc, the adapter and the suite (a tree under /root: not)
        probe = subprocess.run(
            [PY, "-c", "import os, sys; sys.exit(0 if os.access(sys.argv[1], os.X_OK) and "
             "os.access(sys.argv[2], os.R_OK) and os.access(sys.argv[3], os.R_OK) else 1)",
             AMC, f"{SRC}/tests/cli/c18_hang_adapter.py",
             os.path.join(SRC, "conformance", "mailbox", "cases.json")],
            preexec_fn=demote, timeout=60)
        if probe.returncode != 0:
            print("c18_session_dir: SKIP: the user nobody cannot reach amc or the source tree")
            sys.exit(0)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env.update(AMC_NO_CONFIG="1", HOME=work)
    try:
        p = subprocess.run([AMC, "fuzz", "--stateful", "--profile", "mailbox", "--suite",
                            os.path.join(SRC, "conformance"), "--impl", adapter, "--runs", "5",
                            "--seed", "1", "--timeout", "3", "--out", out, "-q"],
                           capture_output=True, text=True, timeout=120, env=env, cwd=work,
                           preexec_fn=demote)
    except (OSError, subprocess.SubprocessError) as e:
        print(f"c18_session_dir: SKIP: cannot run amc as nobody ({e})")
        sys.exit(0)
    want = f"amc fuzz: cannot write the session {out}/{fid}: Permission denied"
    found = [json.loads(l)["input"] for l in open(os.path.join(out, "findings.jsonl"))]
    if p.returncode != 2 or want not in p.stderr.splitlines() or found != [fid + ".json"]:
        failures.append(f"exit {p.returncode}, findings {found}, stderr {p.stderr[-600:]!r}; "
                        f"want exit 2 and {want!r}")
finally:
    os.chmod(os.path.join(t, "out"), 0o755)
    shutil.rmtree(t, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print(f"c18_session_dir: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
