#!/usr/bin/env python3
"""ctest cli.lead_fd_limit: amc conform started with standard input closed and a small limit on
open files (RLIMIT_NOFILE 4 to 12; with 3, an ASan build does not get through its own start). The adapter's pipes are moved above descriptor 2
(cli_conform.c above_stdio); when no descriptor is left for that, or for the pipes, the run is
"implementation not reached: cannot start the adapter: Too many open files" (exit 3), never a
run with a broken pipe or a message about another error (it said "Bad file descriptor": the
clean-up closed descriptors already closed and overwrote errno; fixed with this test). With
enough descriptors the run passes. (Issue 22: cli_conform.c above_stdio's `return -1`, a survivor
of seed 112906.)
usage: lead_fd_limit.py AMC SOURCE_DIR"""
import os
import resource
import subprocess
import sys

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
failures = []
outcomes = []
for lim in range(4, 13):
    def pre(lim=lim):
        os.close(0)
        resource.setrlimit(resource.RLIMIT_NOFILE, (lim, lim))

    p = subprocess.run([AMC, "conform", "--impl", f"'{AMC}' adapter", "--filter",
                        "mailbox-env-001-valid-task-assignment"], capture_output=True, text=True,
                       timeout=60, cwd=SRC, stdin=subprocess.DEVNULL, preexec_fn=pre,
                       env=dict(os.environ, AMC_NO_CONFIG="1", NO_COLOR="1"))
    if p.returncode == 0 and "verdict: CONFORMANT" in p.stdout:
        outcomes.append("pass")
    elif p.returncode == 3 and p.stderr == ("amc conform: implementation not reached: cannot "
                                            "start the adapter: Too many open files\n"):
        outcomes.append("emfile")
    elif p.returncode == 2 and "Too many open files" in p.stderr:
        outcomes.append("emfile-early")  # the suite itself could not be read
    else:
        failures.append(f"limit {lim}: exit {p.returncode}\n{p.stderr[-400:]}")
# the scan must cross from "no descriptor" to "enough" (else it tests nothing)
if "pass" not in outcomes or "emfile" not in outcomes:
    failures.append(f"outcomes by limit 4..12: {outcomes}")
elif outcomes.index("pass") < max(i for i, o in enumerate(outcomes) if o != "pass"):
    failures.append(f"a run failed with more descriptors than one that passed: {outcomes}")
for f in failures:
    print("FAIL:", f)
print("lead_fd_limit:", "FAIL" if failures else "ok", outcomes)
sys.exit(1 if failures else 0)
