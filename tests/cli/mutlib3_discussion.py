#!/usr/bin/env python3
"""mutlib3_discussion.py - the discussion profile's id rules (src/profiles/discussion.c
date_seq_shape, bad_calendar, the message_id cross-reference; rules DISC-ID-001 "names a date
that does not exist" and DISC-XREF-001; issue 22) against a reference written here:
  DISC-ID-001    discussion_id is "DISC-" YYYY-MM-DD "-" 1*DIGIT (shape) and the date is not a
                 date of the Gregorian calendar (Python's datetime);
  DISC-XREF-001  message_id is "MSG-" "DISC-" YYYY-MM-DD "-" 1*DIGIT "-" 1*DIGIT and the part
                 after "MSG-" up to its last "-" is not the discussion_id.
A specialist opinion (conformance/discussion/inputs/conf-above.json with a valid confidence)
with each pair of ids, one a line, goes through one `amc validate --profile discussion
--jsonl`; for each line the two rules' diagnostics must be exactly the reference's, with their
text and position. The pairs: every month of four years (a common and a leap year, 1900, 2000)
with days 00, 01, the last, the one after it and 32; ids with the shape broken in each place;
message ids embedding the same, another or a malformed discussion id.

Detection (discussion.c has_key, --profile auto): the same opinion written with each kind of
JSON white space (space, tab, CR, LF, and all four) between every member name and its colon is
still found to be a discussion message (its DISC-CONF-001 finding is reported).

usage: mutlib3_discussion.py AMC
"""
import calendar
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile

AMC = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHAPE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})-[0-9]+")


def bad_date(did):
    if not did.startswith("DISC-"):
        return False
    m = SHAPE.fullmatch(did[5:])
    if not m:
        return False
    try:
        datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return True
    return False


def xref_bad(mid, did):
    m = re.fullmatch(r"MSG-(DISC-(.*))-([0-9]+)", mid, re.S)
    return bool(m) and bool(SHAPE.fullmatch(m.group(2))) and m.group(1) != did


pairs = []
for y in (2025, 2024, 1900, 2000):
    for mo in range(1, 13):
        last = calendar.monthrange(y, mo)[1]
        for d in sorted({0, 1, last, last + 1, 32}):
            did = "DISC-%04d-%02d-%02d-001" % (y, mo, d)
            pairs.append(("MSG-%s-002" % did, did))
good = "DISC-2026-01-15-001"
for did in ("DISC-2026-13-15-001", "DISC-2026-00-15-001", "DISC-2026-02-30-1", "DISC-2026-02-30-",
            "DISC-2026-02-30", "DISC-2026-02-30x001", "DISC-2026-2-30-001", "DISC-20260230-001",
            "DISC-2026-02-30-00a", "disc-2026-02-30-001", "DISC-2026/02-30-001",
            "DISC-2026-02/30-001", "DISC-202a-02-28-001", "DISC-2026-0b-28-001",
            "DISC-2026-02-3c-001", "DISC-2026-02-30-001-002"):
    pairs.append(("MSG-%s-002" % good, did))
for mid in ("MSG-DISC-2026-01-15-001-002", "MSG-DISC-2026-01-15-002-002",
            "MSG-DISC-2026-01-16-001-002", "MSG-DISC-2026-01-15-001-", "MSG-DISC-2026-01-15-001",
            "MSG-DISC-2026-01-15-001x002", "MSG-DISC-2026-01-15--002", "MSG-DISC-2026-01-1-001-2",
            "MSG-DISC-2026-01-15-0011-2", "MSG-DISC-2026-01-15-00-2", "MSG-DISC-2026-01-15-001-9",
            "MSG-disc-2026-01-15-001-002", "MSG-2026-01-15-001-002", "MSG-DISC-2026-01-15-1-2",
            "MSG-DISC-2026-01-15-1-", "MSG-DISC-x026-01-15-001-002", "MSG-1", "MSG-",
            "MSG-DISC-2026-01-15-001-002-003", "MSG-DISC-2026-01-16-001-9",
            "MSG-DISC-2026-01-16-001-19", "MSG-DISC-2026-01-16-001-0", "MSG-DISC-2026-01-16-009-5"):
    pairs.append((mid, good))

with open(os.path.join(ROOT, "conformance", "discussion", "inputs", "conf-above.json"),
          encoding="utf-8") as f:
    base = json.load(f)
base["content"]["confidence"] = 0.8
failures = []
with tempfile.TemporaryDirectory(prefix="mutlib3-disc-") as tmp:
    path = os.path.join(tmp, "ids.jsonl")
    lines = []
    for mid, did in pairs:
        doc = dict(base)
        doc["message_id"] = mid
        doc["discussion_id"] = did
        lines.append(json.dumps(doc, ensure_ascii=False))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    p = subprocess.run([AMC, "validate", "--profile", "discussion", "--jsonl", path],
                       capture_output=True, env=dict(os.environ, LC_ALL="C", NO_COLOR="1"),
                       timeout=120)
    got = {}
    for line in p.stdout.decode("utf-8").splitlines():
        if line.startswith(path + ":") and ("names a date" in line or "does not embed" in line):
            n = int(line[len(path) + 1:].split(":")[0])
            got.setdefault(n, []).append(line[len(path):])
    flagged = 0
    for n, ((mid, did), text) in enumerate(zip(pairs, lines), 1):
        want = []
        if xref_bad(mid, did):
            want.append(":%d:%d: error[DISC_ID_MISMATCH] DISC-XREF-001: message_id %s does not "
                        "embed the message's discussion_id %s (at /message_id)"
                        % (n, text.index('"message_id": ') + 15, mid, did))
        if bad_date(did):
            want.append(":%d:%d: error[DISC_ID_FORMAT] DISC-ID-001: discussion_id %s names a date "
                        "that does not exist (at /discussion_id)"
                        % (n, text.index('"discussion_id": ') + 18, did))
        flagged += bool(want)
        if got.get(n, []) != want:
            failures.append("%r %r: got %r, want %r" % (mid, did, got.get(n, []), want))
    if not 0 < flagged < len(pairs):
        failures.append("the reference flags %d of %d pairs" % (flagged, len(pairs)))

with open(os.path.join(ROOT, "conformance", "discussion", "inputs", "conf-above.json"),
          encoding="utf-8") as f:
    above = json.load(f)
with tempfile.TemporaryDirectory(prefix="mutlib3-detect-") as tmp:
    for name, ws in (("space", " "), ("tab", "\t"), ("cr", "\r"), ("lf", "\n"),
                     ("all", " \t\r\n")):
        path = os.path.join(tmp, "opinion-%s.json" % name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps(above, ensure_ascii=False, separators=(", ", ws + ":")))
        p = subprocess.run([AMC, "validate", "--profile", "auto", path], capture_output=True,
                           env=dict(os.environ, LC_ALL="C", NO_COLOR="1"), timeout=60)
        out = p.stdout.decode("utf-8")
        if p.returncode != 1 or "DISC-CONF-001: SCHEMA_MAXIMUM: 1.2 is greater than the maximum 1" \
                not in out:
            failures.append("detection with %s before the colons: exit %d, %r"
                            % (name, p.returncode, out + p.stderr.decode("utf-8")))

if failures:
    print("\n".join(failures[:30]))
    sys.exit(1)
print("ok: %d id pairs (%d with findings), DISC-ID-001 and DISC-XREF-001 agree with the reference"
      % (len(pairs), flagged))
