#!/usr/bin/env python3
"""amc report merge with JSON Lines records whose sizes meet the merger's string arena at its
edges (cmd_report.c arena_put: the arena starts at 64 KiB and doubles; each string is stored
with a NUL after it): a first record of 65,535, 65,536 and 65,537 bytes (the arena exactly
full with its NUL, one byte over, two over), then records that fill it to 131,072 and past. The
merged report must hold every record byte for byte, in file order, and the summed summary. Run
under ASan too: a growth one byte short writes the NUL past the block (issue 22:
cmd_report.c:126 `+ 1` -> `+ 0`).
Usage: lead_arena.py AMC."""
import json
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []


def record(name, size):
    """A record line of exactly size bytes: spaces before the closing brace make up the rest."""
    head = '{"file":"%s","line":1,"valid":false,"diagnostics":[]' % name
    assert size >= len(head) + 1
    return head + " " * (size - len(head) - 1) + "}"


SUMMARY = '{"summary":{"valid":0,"invalid":%d,"unparseable":0,"status":1}}'
with tempfile.TemporaryDirectory(prefix="amc-lead-arena-") as t:
    for first in (65535, 65536, 65537):
        for second in (65536 - first % 65536, 131072 - first - 9, 131072 - first - 8, 100):
            if second < 80:
                continue
            recs = [record("a.json", first), record("b.json", second), record("c.json", 200)]
            path = os.path.join(t, "r.jsonl")
            with open(path, "w") as f:
                f.write("\n".join(recs) + "\n" + SUMMARY % len(recs) + "\n")
            p = subprocess.run([AMC, "report", "merge", path], capture_output=True, timeout=60)
            want = "\n".join(recs) + "\n" + SUMMARY % len(recs) + "\n"
            if p.returncode != 1 or p.stdout.decode() != want or p.stderr:
                failures.append("records of %d and %d bytes: exit %d, %d bytes out (want %d), "
                                "%r" % (first, second, p.returncode, len(p.stdout), len(want),
                                        p.stderr[-300:]))
for f in failures:
    print("FAIL:", f)
print("lead_arena: %d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
