#!/usr/bin/env python3
"""ctest cli.lead_st_replay_alloc (AMC_ALLOC_FAILPOINTS builds): allocation failures while amc
fuzz --replay re-runs a saved --stateful finding (issue 22: cli_fuzz_st.c fz_replay_stateful,
`w.nmsg = w.msg && w.names ? k : 0` made ||, a survivor of seed 112907: with one of the two
arrays not allocated the mutant went on with a NULL array and crashed). The finding is made
once without failures (mailbox, an adapter that answers every stateful validate "invalid",
tests/cli/cov_fuzz_adapter.py, seed 15), its replay is counted clean, then each of its first
60 allocations (the case, its messages, the validator, the two arrays) fails once
(AMC_FAIL_ALLOC=N, tests/cli/alloc_fail_wrap.c): each run ends as the clean one did (exit 1,
"reproduced") or with exit 2 and "out of memory" (on standard error, or in the finding's
"error" line), never a crash. Not
labelled 'sweep', so ci/mutate.py --quick runs it.

usage: lead_st_replay_alloc.py AMC SOURCE_DIR"""
import os
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
IMPL = f"{sys.executable} {SRC}/tests/cli/cov_fuzz_adapter.py invalid {AMC}"
failures = []
tmp = tempfile.mkdtemp(prefix="amc-lead-stalloc-")


def amc(args, **env_more):
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    env.update(env_more)
    return subprocess.run([AMC] + args, capture_output=True, text=True, timeout=120, env=env,
                          cwd=tmp)


try:
    out = os.path.join(tmp, "f")
    p = amc(["fuzz", "--stateful", "--profile", "mailbox", "--suite", os.path.join(SRC, "conformance"),
             "--impl", IMPL, "--runs", "2",
             "--seed", "15", "--max-findings", "1", "--out", out, "-q"])
    if p.returncode != 1:
        failures.append(f"the stateful run: exit {p.returncode}, want 1 (a finding)\n"
                        f"{p.stdout}{p.stderr}")
    replay = ["fuzz", "--replay", out, "--impl", IMPL]
    count = os.path.join(tmp, "count")
    clean = amc(replay, AMC_FAIL_ALLOC_COUNT=count)
    try:
        total = int(open(count).read().strip())
    except (OSError, ValueError):
        print("lead_st_replay_alloc: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)
    if clean.returncode != 1 or not clean.stdout.startswith("reproduced "):
        failures.append(f"clean replay: exit {clean.returncode}\n{clean.stdout}{clean.stderr}")
    for n in range(min(60, total)):
        r = amc(replay, AMC_FAIL_ALLOC=str(n))
        same = r.returncode == 1 and r.stdout == clean.stdout
        nomem = r.returncode == 2 and "out of memory" in r.stdout + r.stderr
        if not (same or nomem):
            failures.append(f"allocation {n} of {total} failed: exit {r.returncode}\n"
                            f"{r.stdout[-300:]}{r.stderr[-300:]}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print(f"lead_st_replay_alloc: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
