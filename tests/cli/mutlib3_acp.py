#!/usr/bin/env python3
"""mutlib3_acp.py - the ACP profile's message_id calendar check (src/profiles/acp.c bad_calendar,
rule ACP-ID-001 "names a date that does not exist"; issue 22) against Python's calendar module.

One JSON Lines file of envelopes (conformance/acp/inputs/agent-empty.json with a valid to_agent),
each with another message_id, goes through one `amc validate --profile acp --jsonl`; for every
line the calendar diagnostic must be there exactly when the reference says so, with its exact
text and position. The ids: every month of a common year, a leap year, 1900 and 2000 (the
century rules), each with days 00, 01, the month's last day, the day after it, 31, 32 and 39;
then malformed ones: the separator after the day not '-' (the schema's pattern reports those,
the calendar check must not), a letter in each digit position, ids one byte too short, and
months 00 and 13.

usage: mutlib3_acp.py AMC
"""
import calendar
import json
import os
import subprocess
import sys
import tempfile

AMC = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PREFIX = "MSG-"


def reference(mid):
    """True when the id is PREFIX + YYYY-MM-DD- with a month 1..12, a day >= 1 and a day past
    the month's end (what the schema's pattern cannot see)."""
    s = mid[len(PREFIX):]
    if not mid.startswith(PREFIX) or len(s) < 11:
        return False
    if not all(s[i] == "-" if i in (4, 7) else s[i].isdigit() and s[i].isascii()
               for i in range(10)) or s[10] != "-":
        return False
    y, m, d = int(s[0:4]), int(s[5:7]), int(s[8:10])
    if m < 1 or m > 12 or d < 1:
        return False
    return d > calendar.monthrange(y, m)[1]


ids = []
for y in (2025, 2024, 1900, 2000):
    for m in range(1, 13):
        last = calendar.monthrange(y, m)[1]
        for d in sorted({0, 1, last, last + 1, 31, 32, 39}):
            ids.append("%s%04d-%02d-%02d-001" % (PREFIX, y, m, d))
ids += [PREFIX + "2025-02-30X001", PREFIX + "2025-02-30_001", PREFIX + "2025-02-30-",
        PREFIX + "2025-02-30", PREFIX + "2025-02-3", PREFIX + "2025-00-10-001",
        PREFIX + "2025-13-01-001", PREFIX + "2025-02-29-1", PREFIX + "001"]
for i in range(10):  # a letter in each position of YYYY-MM-DD (the dashes too)
    s = list("2025-02-30")
    s[i] = "x"
    ids.append(PREFIX + "".join(s) + "-001")

with open(os.path.join(ROOT, "conformance", "acp", "inputs", "agent-empty.json")) as f:
    base = json.load(f)
base["to_agent"] = "agent-worker"
failures = []
with tempfile.TemporaryDirectory(prefix="mutlib3-acp-") as tmp:
    path = os.path.join(tmp, "ids.jsonl")
    with open(path, "w") as f:
        for mid in ids:
            base["message_id"] = mid
            f.write(json.dumps(base) + "\n")
    p = subprocess.run([AMC, "validate", "--profile", "acp", "--jsonl", path], capture_output=True,
                       env=dict(os.environ, LC_ALL="C", NO_COLOR="1"), timeout=120)
    out = p.stdout.decode()
    got = {}
    for line in out.splitlines():
        if "names a date that does not exist" in line:
            n = int(line[len(path) + 1:].split(":")[0])
            got.setdefault(n, []).append(line[len(path):])
    want_any = False
    for n, mid in enumerate(ids, 1):
        want = [":%d:16: error[ACP_ID_FORMAT] ACP-ID-001: message_id '%s' names a date that does "
                "not exist (at /message_id)" % (n, mid)] if reference(mid) else []
        want_any = want_any or bool(want)
        if got.get(n, []) != want:
            failures.append("%s: got %r, want %r" % (mid, got.get(n, []), want))
    if not want_any:
        failures.append("the reference found no impossible date: the test checks nothing")
    if p.returncode != 1:
        failures.append("exit status %d, want 1" % p.returncode)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok: %d message ids, the calendar check agrees with Python's calendar" % len(ids))
