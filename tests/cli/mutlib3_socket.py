#!/usr/bin/env python3
"""mutlib3_socket.py - the socket profile's task id format (src/profiles/socket.c id_format_ok
and canonical_base, rule SOCKET-ID-002; issue 22) against a reference written here from the
rule's text: task-YYYYMMDD-HHMMSS-xxxx with a date of the Gregorian calendar (Python's
calendar module), hours 00-23, minutes 00-59, seconds 00-60 and four lower-case hexadecimal
digits, or 'unknown'; optionally followed by -<phase>-sub<N> (phase: one or more characters, no
CR, LF, U+2028 or U+2029; N >= 1 without a leading zero).

One JSON Lines file of task requests, each with another id, goes through one `amc validate
--profile socket --jsonl`; for every line the SOCKET-ID-002 warning must be there exactly when
the reference says the id is malformed, with its exact text and position. The ids: each month's
day 00, 01, last and last + 1 in a common year, a leap year, 1900 and 2000; months 00 and 13;
hours, minutes and seconds at and past their limits; each digit position holding '/' and ':'
(the characters around '0'-'9'); hex digits and their neighbours ('`', 'g', capitals); lengths
one short and one long; the dashes moved; 'unknown' and its near misses; and suffixes at the
edges (empty phase, N = 0, leading zero, no digits, line breaks inside the phase).

usage: mutlib3_socket.py AMC
"""
import calendar
import json
import os
import re
import subprocess
import sys
import tempfile

AMC = sys.argv[1]
BASE_RE = re.compile(r"task-([0-9]{4})([0-9]{2})([0-9]{2})-([0-9]{2})([0-9]{2})([0-9]{2})-[0-9a-f]{4}")
SUFFIX_RE = re.compile(r"-(.+)-sub([1-9][0-9]*)", re.S)


def canonical(b):
    m = BASE_RE.fullmatch(b)
    if not m:
        return False
    y, mo, d, hh, mm, ss = (int(x) for x in m.groups())
    if not 1 <= mo <= 12 or not 1 <= d <= calendar.monthrange(y, mo)[1]:
        return False
    return hh <= 23 and mm <= 59 and ss <= 60


def reference_ok(s):
    if len(s) >= 25 and canonical(s[:25]):
        rest = s[25:]
    elif s.startswith("unknown"):
        rest = s[7:]
    else:
        return False
    if rest == "":
        return True
    m = SUFFIX_RE.fullmatch(rest)
    return bool(m) and not any(c in m.group(1) for c in "\r\n\u2028\u2029")


ids = []
T = "-120000-a1b2"
for y in (2025, 2024, 1900, 2000):
    for mo in range(1, 13):
        last = calendar.monthrange(y, mo)[1]
        for d in sorted({0, 1, last, last + 1}):
            ids.append("task-%04d%02d%02d%s" % (y, mo, d, T))
ids += ["task-20250010" + T, "task-20251310" + T, "task-20250001" + T]
for hh, mm, ss in ((0, 0, 0), (23, 59, 60), (24, 0, 0), (23, 60, 0), (23, 59, 61), (9, 9, 9),
                   (19, 0, 0), (20, 50, 50)):
    ids.append("task-20250315-%02d%02d%02d-a1b2" % (hh, mm, ss))
good = "task-20250315-123456-a1b2"
for i in list(range(5, 13)) + list(range(14, 20)):
    for c in "/:":
        ids.append(good[:i] + c + good[i + 1:])
for hx in ("0000", "ffff", "9a0f", "`aaa", "gaaa", "aa/a", "aa:a", "A1B2", "a1bG", "a1b"):
    ids.append(good[:21] + hx)
ids += [good[:24], good + "0", good.replace("-", "_", 1), "Task" + good[4:],
        good[:13] + "_" + good[14:], good[:20] + "_" + good[21:], good[:13] + good[14:] + "0"]
ids += ["unknown", "unknow", "unknownx", "Unknown", "unknown-p-sub1", "unknown-sub1",
        "xunknown"]
for base in (good, "unknown"):
    for suf in ("-p-sub1", "-p-sub0", "-p-sub10", "-p-sub01", "-p-sub9", "-sub1", "--sub1",
                "---sub1", "-x-sub", "-x-sub1a", "x-sub1", "-p-su1", "-p-Sub1", "-a-sub1-sub2",
                "-implement-sub12", "-a\nb-sub1", "-a\rb-sub1", "-a\u2028b-sub1", "-\u2029-sub2",
                "-\u2027-sub2", "-\u00e9-sub3", "-p-sub1-", "-p-sub 1", "-p", "-"):
        ids.append(base + suf)

PRE = '{"type": "task", "id": '
failures = []
with tempfile.TemporaryDirectory(prefix="mutlib3-socket-") as tmp:
    path = os.path.join(tmp, "ids.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for tid in ids:
            f.write(PRE + json.dumps(tid) + ', "from": "yadoking", "payload": {"instruction": '
                    '"x", "project_dir": "/tmp"}}\n')
    p = subprocess.run([AMC, "validate", "--profile", "socket", "--jsonl", path],
                       capture_output=True, env=dict(os.environ, LC_ALL="C", NO_COLOR="1"),
                       timeout=120)
    got = {}
    for line in p.stdout.decode("utf-8").splitlines():
        if line.startswith(path + ":"):
            n = int(line[len(path) + 1:].split(":")[0])
            got.setdefault(n, []).append(line[len(path):])
    bad = 0
    for n, tid in enumerate(ids, 1):
        want = [] if reference_ok(tid) else [
            ":%d:%d: warning[SOCKET_ID_FORMAT] SOCKET-ID-002: task id is not "
            "task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
            "optionally with -<phase>-sub<N> (at /id)" % (n, len(PRE) + 1)]
        bad += bool(want)
        if got.get(n, []) != want:
            failures.append("%r: got %r, want %r" % (tid, got.get(n, []), want))
    if not 0 < bad < len(ids):
        failures.append("the reference calls %d of %d ids malformed: the test checks too little"
                        % (bad, len(ids)))
    if p.returncode != 0:
        failures.append("exit status %d, want 0 (warnings only)" % p.returncode)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok: %d task ids (%d malformed), SOCKET-ID-002 agrees with the reference" % (len(ids), bad))
