#!/usr/bin/env python3
"""ctest cli.lead_adapter_exit: an adapter that exits at once is reported by its exit status, and
a status above 128 (the shell's way of saying its child died of signal status - 128) as that
signal: 128 is "exited with status 128", 129 "killed by signal 1" (issue 22: cli_adapter.c
why_failed, `WEXITSTATUS(...) > 128` made >=, a survivor of seed 112904). amc conform, one case,
exit 3 (not reached).
usage: lead_adapter_exit.py AMC SOURCE_DIR"""
import os
import subprocess
import sys

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
failures = []
for status, want in ((128, "adapter exited with status 128 (crash?)"),
                     (129, "adapter killed by signal 1"), (127, "adapter exited with status 127 (crash?)")):
    p = subprocess.run([AMC, "conform", "--impl", "exit %d" % status, "--filter",
                        "mailbox-env-001-valid-task-assignment"], capture_output=True, text=True,
                       timeout=60, cwd=SRC, env=dict(os.environ, AMC_NO_CONFIG="1", NO_COLOR="1"))
    line = "amc conform: implementation not reached: %s\n" % want
    if p.returncode != 3 or line not in p.stderr:
        failures.append(f"adapter 'exit {status}': exit {p.returncode}, want 3 and {line!r}\n"
                        f"{p.stderr}")
for f in failures:
    print("FAIL:", f)
print("lead_adapter_exit:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
