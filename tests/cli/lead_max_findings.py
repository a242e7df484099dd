#!/usr/bin/env python3
"""ctest cli.lead_max_findings: amc fuzz --max-findings N writes exactly N findings, however many
jobs run. The implementation under test is `true {file}` (it accepts every input), so almost
every invalid input amc makes is a verdict finding; mailbox, seed 5, 300 runs. Before the fix a
job looked at the limit only every 16 inputs (cli_fuzz_drive.c fz_job_done) and went on adding
findings: --max-findings 1 wrote 2 with one job and 4 with two (issue 22, seen while looking at
the survivor cli_fuzz_msg.c:527). Checked: findings.jsonl's lines, the finding files, the
summary's list and its "stopped: --max-findings N reached" line, the exit status 1, and that the
run stopped there (fewer than the 300 execs asked for); with no
limit the same run writes 3 (more than 2, so the limit is what stopped it).
Usage: lead_max_findings.py AMC."""
import json
import os
import re
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []


def run(t, name, jobs, limit):
    out = os.path.join(t, name)
    args = [AMC, "fuzz", "--profile", "mailbox", "--impl-exec", "true {file}", "--seed", "5",
            "--runs", "300", "--jobs", str(jobs), "--out", out]
    if limit is not None:
        args += ["--max-findings", str(limit)]
    p = subprocess.run(args, capture_output=True, text=True, timeout=120)
    with open(os.path.join(out, "findings.jsonl")) as f:
        lines = [json.loads(ln) for ln in f if ln.strip()]
    files = sorted(n for n in os.listdir(out) if n != "findings.jsonl")
    listed = [ln for ln in p.stdout.splitlines() if ln.startswith("  verdict ")]
    m = re.search(r"^(\d+) execs in ", p.stdout, re.M)
    return p, lines, files, listed, int(m.group(1)) if m else -1


with tempfile.TemporaryDirectory() as t:
    for jobs in (1, 2):
        for limit in (1, 2):
            name = f"j{jobs}-m{limit}"
            p, lines, files, listed, execs = run(t, name, jobs, limit)
            want_files = sorted(os.path.basename(r["input"]) for r in lines)
            if p.returncode != 1:
                failures.append(f"{name}: exit {p.returncode}, want 1\n{p.stdout}{p.stderr}")
            if len(lines) != limit or files != want_files or len(listed) != limit:
                failures.append(f"{name}: {len(lines)} findings.jsonl lines, files {files}, "
                                f"{len(listed)} listed; want {limit} of each\n{p.stdout}")
            if not 0 < execs < 300:
                failures.append(f"{name}: {execs} execs: the run did not stop at the limit\n"
                                f"{p.stdout}")
            if f"stopped: --max-findings {limit} reached" not in p.stdout.splitlines():
                failures.append(f"{name}: no 'stopped: --max-findings {limit} reached' line\n"
                                f"{p.stdout}")
    p, lines, files, listed, execs = run(t, "free", 1, None)
    if p.returncode != 1 or len(lines) <= 2 or execs != 300 or "stopped: --max" in p.stdout:
        failures.append(f"no limit: exit {p.returncode}, {len(lines)} findings, {execs} execs "
                        f"(want more than 2 findings, 300 execs, no 'stopped' line)\n{p.stdout}")

for f in failures:
    print("FAIL:", f)
print(f"lead_max_findings: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
