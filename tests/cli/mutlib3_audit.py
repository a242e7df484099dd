#!/usr/bin/env python3
"""mutlib3_audit.py - amc audit's retry limit for IGNITE messages still pending (src/audit/audit.c
dec_over, rule IGNITE-WS-002 "X-IGNITE-Retry-Count N is over the limit L but the message is still
in queue/<agent>/"; issue 22) against a reference of the rule: the header value is over the
limit when it is longer than 18 characters, or when it is 1 to 18 ASCII digits whose value is
above the limit (3 by default, max_retries of a --policy otherwise).

A workspace of pending messages (tests/data/audit/ignite-bad's github_task message, each copy
with its own Message-ID and X-IGNITE-Retry-Count) is audited once with the default limit and
once with each of the policies max_retries 0 and 1000000; for each file the IGNITE-WS-002
line must be there exactly when the reference says so, with its exact text.

usage: mutlib3_audit.py AMC
"""
import os
import re
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC = os.path.join(ROOT, "tests", "data", "audit", "ignite-bad", "queue", "leader",
                   "github_task_1770692895002034.mime")


def over(v, lim):
    if len(v) > 18:
        return True
    return bool(v) and all("0" <= c <= "9" for c in v) and int(v) > lim


counts = ["0", "2", "3", "4", "03", "04", "00000000000000004", "999999999999999999",
          "1000000", "1000001", "0999999", "1000000000000000000", "18446744073709551616",
          "1234567890123456789", "12345678901234567x9", "1x", "x", "-1", "+4", "4 ", "3.5", "1e9",
          "/", ":", "9"]
with open(SRC, encoding="utf-8") as f:
    text = f.read()
failures = []
with tempfile.TemporaryDirectory(prefix="mutlib3-audit-") as tmp:
    ws = os.path.join(tmp, "ws")
    q = os.path.join(ws, "queue", "leader")
    os.makedirs(q)
    names = []
    for n, c in enumerate(counts):
        body = re.sub(r"(?m)^X-IGNITE-Retry-Count: .*$", "X-IGNITE-Retry-Count: " + c, text)
        body = body.replace("<177069289500.25945.", "<1770692895%02d.25945." % n)
        name = "github_task_17706928950%05d.mime" % n
        with open(os.path.join(q, name), "w", encoding="utf-8") as f:
            f.write(body)
        names.append(name)
    pols = [(None, 3)]
    for lim in (0, 1000000):
        p = os.path.join(tmp, "p%d.yaml" % lim)
        with open(p, "w") as f:
            f.write("max_retries: %d\n" % lim)
        pols.append((p, lim))
    for pol, lim in pols:
        args = [AMC, "audit", "--profile", "ignite", "--no-config"]
        if pol:
            args += ["--policy", pol]
        p = subprocess.run(args + [ws], capture_output=True, cwd=tmp, timeout=120,
                           env=dict(os.environ, LC_ALL="C", NO_COLOR="1"))
        out = p.stdout.decode("utf-8")
        got = {}
        for line in out.splitlines():
            if "IGNITE-WS-002" in line:
                got.setdefault(os.path.basename(line.split(":")[0]), []).append(line)
        flagged = 0
        for name, c in zip(names, counts):
            want = []
            if over(c.strip(), lim):  # the header's value is trimmed
                want = ["%s:1:1: error[AUDIT_NOT_DEAD_LETTERED] IGNITE-WS-002: "
                        "X-IGNITE-Retry-Count %s is over the limit %d but the message is still in "
                        "queue/<agent>/, not queue/dead_letter/"
                        % (os.path.join(ws, "queue", "leader", name), c.strip(), lim)]
            flagged += bool(want)
            if got.get(name, []) != want:
                failures.append("limit %d, count %r: got %r, want %r"
                                % (lim, c, got.get(name, []), want))
        if not 0 < flagged < len(counts):
            failures.append("limit %d: the reference flags %d of %d" % (lim, flagged, len(counts)))

if failures:
    print("\n".join(failures[:30]))
    sys.exit(1)
print("ok: %d retry counts under 3 limits, IGNITE-WS-002 agrees with the reference" % len(counts))
