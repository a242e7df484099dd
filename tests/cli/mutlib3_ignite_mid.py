#!/usr/bin/env python3
"""mutlib3_ignite_mid.py - the ignite profile's Message-ID rules (src/profiles/ignite.c is_msg_id,
is_dot_atom, ignite_id_left; IGNITE-MID-001, -002, -003; issue 22) against a reference written
here from their text:
  MID-001  the value is an RFC 5322 msg-id without CFWS: "<" dot-atom-text "@" (dot-atom-text or
           a no-fold-literal "[" *dtext "]") ">";
  MID-002  (a msg-id) its left side is digits "." digits "." ASCII letters and digits;
  MID-003  (a msg-id) its right side is "ignite.local" in any case.
Messages that differ only in their Message-ID (left sides by right sides, then broken shapes)
go through one `amc validate --profile ignite`; for each file the MID diagnostics must be exactly
the reference's, with their exact text and position.

usage: mutlib3_ignite_mid.py AMC
"""
import os
import re
import subprocess
import sys
import tempfile

AMC = sys.argv[1]
ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
DOT_ATOM = "%s+(?:\\.%s+)*" % (ATEXT, ATEXT)
MSG_ID = re.compile(r"<(%s)@(%s|\[[\x21-\x5a\x5e-\x7e]*\])>" % (DOT_ATOM, DOT_ATOM))
LEFT = re.compile(r"[0-9]+\.[0-9]+\.[A-Za-z0-9]+")
HEAD = ("MIME-Version: 1.0\nMessage-ID: %s\nFrom: ignitian_1\nTo: coordinator\n"
        "Date: Wed, 25 Nov 2026 13:51:20 +0000\nX-IGNITE-Type: task_completed\n"
        "X-IGNITE-Priority: normal\nContent-Type: text/x-yaml; charset=utf-8\n"
        "Content-Transfer-Encoding: 8bit\n\ntask_id: \"task_001\"\nstatus: success\n"
        "deliverables: [\"a\"]\n")


def reference(v):
    m = MSG_ID.fullmatch(v)
    if not m:
        return ["2:13: error[IGNITE_MSGID_SYNTAX] IGNITE-MID-001: Message-ID '%s' is not an RFC "
                "5322 msg-id (at Message-ID)" % v]
    out = []
    if not LEFT.fullmatch(m.group(1)):
        out.append("2:13: warning[IGNITE_MSGID_SHAPE] IGNITE-MID-002: Message-ID '%s' is not of "
                   "the form <number.pid.id@domain> (at Message-ID)" % v)
    if m.group(2).lower() != "ignite.local":
        out.append("2:13: warning[IGNITE_MSGID_DOMAIN] IGNITE-MID-003: Message-ID domain '%s' is "
                   "not ignite.local (at Message-ID)" % m.group(2))
    return out


lefts = ["1.2.a", "179561468074.27978.abcXYZ09", "1.2", "1.2.a.b", "1.2.3.4", ".1.2.a", "1..2.a",
         "1.2.a.", "a.2.b", "1.b.c", "1.2.-", "1.2.a_b", "12", "0.0.0", "1!.2.a", "~", "1.2.a-b",
         "1/.2.a", "1:.2.a", "1.2.`", "1.2.{", "1.2.@", "", "1.2.a b"]
rights = ["ignite.local", "IGNITE.Local", "ignite.locals", "ignite", "ignite.loca", "[1.2.3.4]",
          "[]", "[a@b]", "[a]b]", "[a\\b]", "[a b]", "[~]", "[!]", "ignite..local",
          ".ignite.local", "ignite.local.", "x", "", "[", "[x"]
ids = ["<%s@%s>" % (a, b) for a in lefts for b in rights]
ids += ["1.2.a@ignite.local", "<1.2.a@ignite.local", "1.2.a@ignite.local>", "<1.2.a>", "<>",
        "<@>", "<a@>", "<@b>", "<a@b>", "<1.2.a@ignite.local>x", "<<1.2.a@ignite.local>>",
        "<1.2.a@b@ignite.local>"]
ids = [i for i in ids if i.strip() == i]  # header values are trimmed

failures = []
with tempfile.TemporaryDirectory(prefix="mutlib3-mid-") as tmp:
    d = os.path.join(tmp, "queue", "coordinator")
    os.makedirs(d)
    paths = []
    for n, mid in enumerate(ids):
        p = os.path.join(d, "task_completed_%d.mime" % (1795614680490000 + n))
        with open(p, "w", encoding="utf-8", newline="") as f:
            f.write(HEAD % mid)
        paths.append(p)
    p = subprocess.run([AMC, "validate", "--profile", "ignite"] + paths, capture_output=True,
                       env=dict(os.environ, LC_ALL="C", NO_COLOR="1"), timeout=120)
    got = {}
    for line in p.stdout.decode("utf-8").splitlines():
        path, _, rest = line.partition(":")
        got.setdefault(path, []).append(rest)
    flagged = 0
    for mid, path in zip(ids, paths):
        want = reference(mid)
        flagged += bool(want)
        have = got.pop(path, [])
        if have != want:
            failures.append("%r: got %r, want %r" % (mid, have, want))
    if got:
        failures.append("lines for no file: %r" % got)
    if not 0 < flagged < len(ids):
        failures.append("the reference flags %d of %d ids: the test checks too little"
                        % (flagged, len(ids)))

if failures:
    print("\n".join(failures[:40]))
    sys.exit(1)
print("ok: %d Message-IDs (%d with findings), IGNITE-MID-001/002/003 agree with the reference"
      % (len(ids), flagged))
