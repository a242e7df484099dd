#!/usr/bin/env python3
"""ctest cli.lead_fd0: amc run with its standard input closed (a daemon or cron job may start it
so) opens its files at descriptor 0 and must work as with standard input open: the same output
and exit status for a set of commands that read files (issue 22: cmd_audit.c, `fd < 0` after
open() made <=, a survivor of seed 112904: the mutant took descriptor 0 for a failure and said
"amc audit: DIR: Success").
usage: lead_fd0.py AMC SOURCE_DIR"""
import os
import subprocess
import sys

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
COMMANDS = [
    ["audit", "tests/data/audit/ignite-good"],
    ["audit", "--format", "json", "tests/data/audit/ignite-good"],
    ["validate", "--schema", "tests/data/schema/person.schema.json", "--schema",
     "tests/data/schema/address.schema.json", "tests/data/schema/person-invalid.json"],
    ["validate", "--profile", "mailbox", "--stateful", "tests/data/lead/sv"],
    ["lint-schema", "tests/data/lead/enum-dup-60.schema.json"],
    ["trace", "check", "--profile", "ignite", "tests/data/trace/ignite-bad.jsonl"],
    ["sign", "tests/data/lead/sv/2-empty-task.json"],
    ["parse", "tests/data/schema/person-valid.json"],
]
failures = []
env = dict(os.environ, AMC_NO_CONFIG="1", NO_COLOR="1")
for args in COMMANDS:
    ref = subprocess.run([AMC] + args, capture_output=True, text=True, timeout=60, cwd=SRC,
                         env=env, stdin=subprocess.DEVNULL)
    got = subprocess.run([AMC] + args, capture_output=True, text=True, timeout=60, cwd=SRC,
                         env=env, stdin=None, preexec_fn=lambda: os.close(0))
    if (got.returncode, got.stdout, got.stderr) != (ref.returncode, ref.stdout, ref.stderr) or \
            ref.returncode not in (0, 1):
        failures.append(f"amc {' '.join(args)}: with standard input closed exit "
                        f"{got.returncode} {got.stderr[-300:]!r}; open: exit {ref.returncode} "
                        f"{ref.stderr[-300:]!r}")
for f in failures:
    print("FAIL:", f)
print("lead_fd0:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
