#!/usr/bin/env python3
"""ctest cli.lead_state_contains: a lifecycle scenario's expected state is matched member-wise
against the state the implementation reports, and a member that is not an object must equal
the reported one (conform.c contains()). Suite tests/data/lead/state-suite, two ignite
scenarios run against amc's own adapter: "messages": {"m-1": {"state": "queued"}} is contained
(pass); "messages": true is not contained in the reported object (fail, with that message).
(issue 22: `want->type != AMC_T_OBJECT || got->type != AMC_T_OBJECT` made &&, a survivor of seed
112908: the mutant walked true as an object of no members and passed the case.)
Usage: lead_state_contains.py AMC SOURCE_DIR."""
import json
import os
import subprocess
import sys

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
suite = os.path.join(SRC, "tests", "data", "lead", "state-suite")
p = subprocess.run([AMC, "conform", "--suite", suite, "--impl", f"{AMC} adapter", "--format",
                    "json"], capture_output=True, text=True, timeout=120)
failures = []
try:
    cases = {c["id"]: c for c in json.loads(p.stdout)["cases"]}
    got = {k: (c["outcome"], c.get("message", "")) for k, c in cases.items()}
    want_fail = ('step 1: state {"messages":true} not contained in {"messages":{"m-1":'
                 '{"state":"queued","retry_count":0}},"max_retries":3,"t":0}')
    if (p.returncode != 1 or got.get("lead-state-subset", ("",))[0] != "pass"
            or got.get("lead-state-not-object") != ("fail", want_fail)):
        failures.append(f"exit {p.returncode}, outcomes {got}")
except (ValueError, KeyError) as e:
    failures.append(f"report: {e!r}\n{p.stdout[:2000]}{p.stderr[-1000:]}")
for f in failures:
    print("FAIL:", f)
print(f"lead_state_contains: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
