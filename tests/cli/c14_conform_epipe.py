#!/usr/bin/env python3
"""ctest cli.c14_conform_epipe: amc conform --impl with an adapter that answers the hello and then
closes its standard input but lives on: the next request cannot be written (EPIPE), and the case
is an error at once, "adapter exited or closed its output (crash?)", not a wait for the timeout
(issue 22: cli_conform.c cli_proc_send, `errno == EAGAIN || errno == EINTR` made
`errno == EAGAIN || errno != EINTR`, a survivor of the 300-mutant run: the mutant retried the
failed write until the per-case timeout and said "timeout: no reply in time").

The adapter hands the hello to `amc adapter` for its reply, closes descriptor 0 before it writes
that reply (so the request that follows finds no reader), then sleeps until amc kills it.
usage: c14_conform_epipe.py AMC SOURCE_DIR"""
import os
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ADAPTER = r'''
import os, subprocess, sys, time
ref = subprocess.Popen([sys.argv[1], "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                       text=True)
hello = sys.stdin.readline()
reply, _ = ref.communicate(hello)
os.close(0)  # before the reply: amc's next request finds no reader
sys.stdout.write(reply.splitlines(True)[0] if reply else "\n")
sys.stdout.flush()
time.sleep(60)  # amc kills it (its process group) when the case is over
'''
CASE = "mailbox-env-001-valid-task-assignment"
failures = []
with tempfile.TemporaryDirectory(prefix="amc-c14-epipe-") as t:
    script = os.path.join(t, "adapter.py")
    with open(script, "w") as fh:
        fh.write(ADAPTER)
    # exec: no shell left holding the pipe's read end open
    p = subprocess.run([AMC, "conform", "--impl", f"exec {sys.executable} {script} {AMC}",
                        "--filter", CASE, "--timeout", "5", "--max-restarts", "0"],
                       capture_output=True, text=True, timeout=120, cwd=SRC,
                       env=dict(os.environ, AMC_NO_CONFIG="1", NO_COLOR="1"))
    want = f"  error {CASE} [MAILBOX-ENV-001 MUST] adapter exited or closed its output (crash?)"
    errors = [x for x in p.stdout.splitlines() if x.startswith("  error ")]
    if p.returncode != 1 or errors != [want]:
        failures.append(f"exit {p.returncode}, {errors}, want [{want!r}]\n"
                        f"{p.stdout[-600:]}{p.stderr[-300:]}")
for f in failures:
    print("FAIL:", f)
print("c14_conform_epipe:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
