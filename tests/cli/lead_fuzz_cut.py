#!/usr/bin/env python3
"""ctest cli.lead_fuzz_cut (issue 22, a surviving mutant of a sample): once the implementation
under amc fuzz cannot be reached while a finding is shrunk, the shrinker stops trying it
(cli_fuzz_msg.c still_fails: the probe's "cut" flag was set and never read, so every one of
hundreds of candidates tried a restart; its mutant || -> && could not be told apart).

The adapter here crashes (exit 3) on its first message and cannot start a second time (each
start is one line in a counter file). amc fuzz finds the crash, tries one restart while shrinking
it (the restart fails: the shrink ends), tries once more for the next input and stops ("no
longer reachable"): three starts, not one per shrink candidate (336 before).

usage: lead_fuzz_cut.py AMC SOURCE_DIR
"""
import json
import os
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ADAPTER = r'''
import json, os, subprocess, sys
counter, amc = sys.argv[1], sys.argv[2]
with open(counter, "a") as f:
    f.write("start\n")
with open(counter) as f:
    if len(f.read().splitlines()) > 1:
        sys.exit(1)  # cannot start again
ref = subprocess.Popen([amc, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    if json.loads(line).get("op") == "validate":
        os._exit(3)  # crashes on its first message
    ref.stdin.write(line)
    ref.stdin.flush()
    sys.stdout.write(ref.stdout.readline())
    sys.stdout.flush()
'''
failures = []
with tempfile.TemporaryDirectory(prefix="amc-lead-fuzz-cut-") as t:
    ad, cnt, out = os.path.join(t, "ad.py"), os.path.join(t, "starts"), os.path.join(t, "out")
    with open(ad, "w") as f:
        f.write(ADAPTER)
    p = subprocess.run([AMC, "fuzz", "--profile", "mailbox", "--impl",
                        f"{sys.executable} {ad} {cnt} {AMC}", "--runs", "20", "--seed", "1",
                        "--corpus", os.path.join(SRC, "tests/fuzz/seeds/mailbox"), "--out", out],
                       capture_output=True, text=True, timeout=300)
    with open(cnt) as f:
        starts = len(f.read().splitlines())
    if starts != 3:
        failures.append(f"the adapter was started {starts} times, not 3")
    if p.returncode != 1 or "stopped: the implementation is no longer reachable" not in p.stdout:
        failures.append(f"exit {p.returncode}, stdout {p.stdout!r}, stderr {p.stderr!r}")
    with open(os.path.join(out, "findings.jsonl")) as f:
        found = [json.loads(line) for line in f if line.strip()]
    if [(x["kind"], x["class"]) for x in found] != [("crash", "exit 3")] or \
            found[0]["size"] != found[0]["original_size"]:
        # nothing could be shrunk: no candidate was tried against the implementation
        failures.append(f"findings {found!r}")
for f in failures:
    print("FAIL:", f)
print("ok" if not failures else f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
