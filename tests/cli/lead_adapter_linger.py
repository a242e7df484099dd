#!/usr/bin/env python3
"""ctest cli.lead_adapter_linger: an adapter that answers "stop" and then lingers (here: the
shell runs `sleep 120` after amc's own adapter exits) is given 2 s and then killed with its
process group (cli_conform.c cli_proc_stop): amc conform ends with the verdicts, well before
the sleep would. The run is bounded (30 s); a stop loop that waited for the process itself
would hang there (issue 22: cli_conform.c:136 && -> ||, a survivor of seed 112905).
usage: lead_adapter_linger.py AMC SOURCE_DIR"""
import os
import subprocess
import sys

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
failures = []
cmd = [AMC, "conform", "--impl", f"'{AMC}' adapter; exec sleep 120", "--filter",
       "mailbox-env-001-valid-task-assignment"]
try:
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=30, cwd=SRC,
                       env=dict(os.environ, AMC_NO_CONFIG="1", NO_COLOR="1"))
    if p.returncode != 0 or "verdict: CONFORMANT" not in p.stdout:
        failures.append(f"exit {p.returncode}, want 0 and CONFORMANT\n{p.stdout}{p.stderr}")
except subprocess.TimeoutExpired:
    failures.append("amc conform still waited for the lingering adapter after 30 s")
for f in failures:
    print("FAIL:", f)
print("lead_adapter_linger:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
