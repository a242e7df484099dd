#!/usr/bin/env python3
"""ctest cli.lead_adapter_toolong: amc fuzz --profile acp against an adapter that answers its
first validate request with a line of 257 MiB (tests/data/lead/toolong_adapter.py), more than
amc reads of one reply (256 MiB, cli_adapter.c MAX_LINE). The finding is a "garbage" reply,
class "garbage", its detail "reply line too long" (not a crash, not a hang), exit 1.
Issue 22: cli_adapter.c:61 `io == CLI_IO_TOOLONG` made `!=`, a survivor: the mutant called it
an I/O failure, a crash finding of class "io". Found with it: amc searched the whole reply
for its newline after every read (a 256 MiB reply took longer than the 5-second default
--timeout and was reported as a hang); cli_proc_readline now searches only the new bytes.

usage: lead_adapter_toolong.py AMC SOURCE_DIR"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ADAPTER = f"{sys.executable} " + os.path.join(SRC, "tests", "data", "lead", "toolong_adapter.py")
failures = []
tmp = tempfile.mkdtemp(prefix="amc-lead-toolong-")
try:
    out = os.path.join(tmp, "out")
    env = dict(os.environ, AMC_NO_CONFIG="1")
    p = subprocess.run([AMC, "fuzz", "--profile", "acp", "--impl", ADAPTER, "--runs", "1",
                        "--seed", "1", "--timeout", "60", "--out", out, "-q"],
                       capture_output=True, text=True, timeout=600, env=env, cwd=tmp)
    lines = []
    try:
        with open(os.path.join(out, "findings.jsonl")) as fh:
            lines = [json.loads(x) for x in fh if x.strip()]
    except (OSError, ValueError) as e:
        failures.append(f"findings.jsonl: {e}")
    if p.returncode != 1 or len(lines) != 1:
        failures.append(f"exit {p.returncode}, {len(lines)} findings (want exit 1, 1 finding)\n"
                        f"{p.stdout[-600:]}{p.stderr[-600:]}")
    for f in lines:
        got = (f.get("kind"), f.get("class"), f.get("impl"))
        want = ("garbage", "garbage", {"outcome": "garbage", "detail": "reply line too long"})
        if got != want:
            failures.append(f"finding {got}, want {want}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("lead_adapter_toolong:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
