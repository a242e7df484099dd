#!/usr/bin/env python3
"""ctest cli.lead_conform_eof: amc conform drives its adapter, and closes the adapter's standard
input when it is done so that the adapter sees the end of its requests and exits by itself, also
when amc was started with its own standard input closed (a daemon or cron job may start it so).

A defect this test found (issue 22, while checking cli_conform.c:102, `p->to_fd >= 0` made >, a
survivor of seed 112904): with descriptor 0 closed, pipe() handed out 0 for the adapter's input,
and the child's dup2(in[0], 0) followed by close(in[0]) closed the very descriptor it had set up:
the adapter started with no input and amc reported "implementation not reached". The pipe's ends
are now moved above 2 first (cli_conform.c above_stdio), which also makes that mutant equivalent.

The adapter forwards each request to `amc adapter` and, at the end of its input, writes a marker
file and exits. amc conform runs one case with it twice, with standard input open and closed:
both runs must pass the case, and the marker must be written.
usage: lead_conform_eof.py AMC SOURCE_DIR"""
import os
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ADAPTER = r'''
import subprocess, sys
marker, amc = sys.argv[1], sys.argv[2]
ref = subprocess.Popen([amc, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    ref.stdin.write(line)
    ref.stdin.flush()
    sys.stdout.write(ref.stdout.readline())
    sys.stdout.flush()
with open(marker, "w") as f:
    f.write("eof\n")
'''
failures = []
with tempfile.TemporaryDirectory(prefix="amc-lead-eof-") as t:
    script = os.path.join(t, "adapter.py")
    with open(script, "w") as fh:
        fh.write(ADAPTER)
    for closed in (False, True):
        marker = os.path.join(t, "marker-%d" % closed)
        p = subprocess.run([AMC, "conform", "--impl", f"{sys.executable} {script} {marker} {AMC}",
                            "--filter", "mailbox-env-001-valid-task-assignment"],
                           capture_output=True, text=True, timeout=120, cwd=SRC,
                           env=dict(os.environ, AMC_NO_CONFIG="1", NO_COLOR="1"),
                           stdin=None if closed else subprocess.DEVNULL,
                           preexec_fn=(lambda: os.close(0)) if closed else None)
        what = "standard input closed" if closed else "standard input open"
        if p.returncode != 0 or "measured 1 of 1 cases; 100.0% (1/1)" not in p.stdout:
            failures.append(f"{what}: exit {p.returncode}\n{p.stdout}{p.stderr}")
        elif not os.path.exists(marker):
            failures.append(f"{what}: the adapter never saw the end of its input")
for f in failures:
    print("FAIL:", f)
print("lead_conform_eof:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
