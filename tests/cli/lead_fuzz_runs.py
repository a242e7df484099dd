#!/usr/bin/env python3
"""ctest cli.lead_fuzz_runs: amc fuzz --runs N runs exactly N inputs, not one more (issue 22:
cli_fuzz_drive.c fz_job_done, `j->units >= j->runs` made >, a survivor of seed 112904). One job,
a one-seed corpus, an implementation that says valid for everything: the summary line says
"N execs" for N = 1, 5, 16 and 17 (the job flushes its counts every 16 runs).
usage: lead_fuzz_runs.py AMC"""
import os
import re
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
with tempfile.TemporaryDirectory(prefix="amc-lead-runs-") as t:
    os.makedirs(os.path.join(t, "seeds"))
    with open(os.path.join(t, "seeds", "s.json"), "w") as fh:
        fh.write("{}\n")
    for n in (1, 5, 16, 17):
        out = os.path.join(t, "out%d" % n)
        p = subprocess.run([AMC, "fuzz", "--profile", "mailbox", "--corpus",
                            os.path.join(t, "seeds"), "--impl-exec", "exit 0 {file}", "--runs",
                            str(n), "--seed", "1", "--jobs", "1", "--out", out],
                           capture_output=True, text=True, timeout=120, cwd=t,
                           env=dict(os.environ, AMC_NO_CONFIG="1", NO_COLOR="1"))
        m = re.search(r"^(\d+) execs in ", p.stdout + p.stderr, re.M)
        if p.returncode not in (0, 1) or not m or int(m.group(1)) != n:
            failures.append(f"--runs {n}: exit {p.returncode}, "
                            f"{m.group(0) if m else 'no execs line'}\n{p.stdout}{p.stderr}")
for f in failures:
    print("FAIL:", f)
print("lead_fuzz_runs:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
