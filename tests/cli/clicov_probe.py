#!/usr/bin/env python3
"""ctest cli.clicov_probe (issue 22, helper clicov): amc probe's Markdown and JUnit reports of a
server (a Unix socket in a temporary folder, served by this script) that answers every request
with a reply whose type is '<a&b>"|' and a control character: in Markdown the '|' is escaped and
the control character shown as U+FFFD in the findings and the steps table (the steps table
broke its row before), in JUnit '<', '&', '>', '"' escaped and the control character as '?';
a finding seen again in later steps says how many. And a server that answers a task with another
id and leaves a file in the task's project_dir: the report says the directory was left in place
(text and Markdown; the test removes it). Times and the task's id are taken out before comparing.

usage: clicov_probe.py AMC SOURCE_DIR
"""
import json
import os
import re
import shutil
import socket
import threading
from clicov_lib import check, fail, finish, path

S = path("w.sock")
REPLY = b'{"type":"<a&b>\\"|\\u0001x","from":"s"}'
srv = socket.socket(socket.AF_UNIX)
srv.bind(S)
srv.listen(16)


def handle(c):
    try:
        c.settimeout(3)
        while c.recv(65536):
            pass
        c.sendall(REPLY)
    except OSError:
        pass
    c.close()


def loop():
    while True:
        try:
            c, _ = srv.accept()
        except OSError:
            return
        threading.Thread(target=handle, args=(c,), daemon=True).start()


threading.Thread(target=loop, daemon=True).start()
T = "<a&b>\"\\|\ufffdx"
STEPS = [("status", "a status request"), ("empty", "an empty request (half-close without data)"),
         ("empty.status", "a status request (is the server still there?)"),
         ("bad-json", "malformed JSON (a truncated object)"),
         ("bad-json.status", "a status request (is the server still there?)"),
         ("not-object", "a top-level array"),
         ("not-object.status", "a status request (is the server still there?)"),
         ("unknown-type", "an unknown type"),
         ("unknown-type.status", "a status request (is the server still there?)"),
         ("invalid-utf8", "invalid UTF-8 in a string"),
         ("invalid-utf8.status", "a status request (is the server still there?)"),
         ("oversized", "an oversized status request (--max-request + 1 bytes)"),
         ("oversized.status", "a status request (is the server still there?)"),
         ("idle", "a status request while another client is connected and sends nothing")]
UNKNOWN = ("SOCKET_MESSAGE SOCKET-MSG-001: unknown type: the server answers with an error reply "
           "(expected task, result, status, status_response or error)")
MD = ("## amc probe: `{t}/w.sock` (profile socket)\n\n"
      "**fail: 2 MUST rules failed, 1 SHOULD rule failed, 0 not run; 23 requests in T s (exit 1)**\n\n"
      "| Rule | Level | Outcome | Findings |\n|---|---|---|---|\n"
      "| SOCKET-LIVE-001 | MUST | pass |  |\n"
      "| SOCKET-LIVE-002 | MUST | fail | status: " + UNKNOWN + " (and 21 later steps) |\n"
      "| SOCKET-LIVE-003 | MUST | fail | status: a status request was answered with " + T
      + " (and 15 later steps) |\n"
      "| SOCKET-LIVE-004 | SHOULD | fail | empty: a request the protocol rejects was answered "
      "with " + T + " (and 4 later steps) |\n"
      + "".join("| SOCKET-LIVE-00%d | %s | pass |  |\n" % (k, lvl) for k, lvl in
                ((5, "SHOULD"), (6, "MUST"), (7, "MUST"), (8, "SHOULD"), (9, "MUST")))
      + "\n| Step | Sent | Result | Seconds |\n|---|---|---|---|\n"
      + "".join("| %s | %s | %s (37 bytes), closed | T |\n" % (n, s, T) for n, s in STEPS)
      + "| concurrent | 8 status requests at once | 8 of 8 answered | T |\n")
check("markdown", ["probe", "--socket", S, "--format", "markdown", "--timeout", "2",
                   "--block-limit", "1"], rc=1, out=MD, err="",
      scrub=lambda t: re.sub(r"\| [0-9.]+ \|\n", "| T |\n", re.sub(r" in [0-9.]+ s ", " in T s ", t)))

J = "&lt;a&amp;b&gt;&quot;|?x"


def fails(rule, level, msg):
    return ('    <testcase classname="socket.live" name="%s">\n      <failure type="%s" message="%s">'
            '%s\n</failure>\n    </testcase>\n' % (rule, level, msg, msg))


JU = ('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n'
      '  <testsuite name="amc probe socket" tests="9" failures="3" errors="0" skipped="0" time="T">\n'
      '    <properties><property name="socket" value="{t}/w.sock"/></properties>\n'
      '    <testcase classname="socket.live" name="SOCKET-LIVE-001"/>\n'
      + fails("SOCKET-LIVE-002", "MUST", "status: " + UNKNOWN)
      + fails("SOCKET-LIVE-003", "MUST", "status: a status request was answered with " + J)
      + fails("SOCKET-LIVE-004", "SHOULD", "empty: a request the protocol rejects was answered with " + J)
      + "".join('    <testcase classname="socket.live" name="SOCKET-LIVE-00%d"/>\n' % k
                for k in range(5, 10))
      + "  </testsuite>\n</testsuites>\n")
check("junit", ["probe", "--socket", S, "--format", "junit", "--timeout", "2", "--block-limit", "1"],
      rc=1, out=JU, err="", scrub=lambda t: re.sub(r'time="[0-9.]+"', 'time="T"', t))
srv.close()

# a server that answers properly but writes a file into the task's project_dir and answers the
# task with another id: the report names the directory left in place (text and Markdown)
S2 = path("w2.sock")
srv2 = socket.socket(socket.AF_UNIX)
srv2.bind(S2)
srv2.listen(16)


def handle2(c):
    data = b""
    try:
        c.settimeout(1)
        while len(data) <= 1000:  # the oversized request (--max-request 1000): answer at once
            b = c.recv(65536)
            if not b:
                break
            data += b
    except OSError:
        pass
    try:
        req = json.loads(data)
    except ValueError:
        req = None
    t = req.get("type") if isinstance(req, dict) else None
    if t == "task":
        with open(os.path.join(req["payload"]["project_dir"], "left.txt"), "w") as fh:
            fh.write("x")
        rep = {"type": "result", "id": "task-20260101-000000-0000", "from": "s",
               "status": "success", "payload": {"output": "ok", "summary": "ok"}}
    elif t == "status":
        rep = {"type": "status_response", "from": "s", "state": "idle", "current_task": None}
    else:
        rep = {"type": "error", "from": "s", "message": "bad"}
    try:
        c.sendall(json.dumps(rep).encode())
    except OSError:
        pass
    c.close()


def loop2():
    while True:
        try:
            c, _ = srv2.accept()
        except OSError:
            return
        threading.Thread(target=handle2, args=(c,), daemon=True).start()


threading.Thread(target=loop2, daemon=True).start()
LEFT = re.compile(r"/tmp/amc-probe-[A-Za-z0-9]{6}")
ID = re.compile(r"task-[0-9]{8}-[0-9]{6}-[0-9a-f]{4}")
NOTE = "note: the task's project_dir DIR was not empty afterwards; it was left in place\n"
MISMATCH = "task: the result's id is \"task-20260101-000000-0000\", the task's ID"


def scrub2(t):
    for d in set(LEFT.findall(t)):
        shutil.rmtree(d, ignore_errors=True)  # the probe leaves it: remove it here
    return ID.sub(lambda m: m.group(0) if m.group(0).startswith("task-2026010") else "ID",
                  LEFT.sub("DIR", re.sub(r" in [0-9.]+ s ", " in T s ", t)))


rc, out, err = check("task dir left, text", ["probe", "--socket", S2, "--allow-tasks", "--timeout",
                     "2", "--block-limit", "1", "--max-request", "1000"], rc=1, err="", scrub=scrub2, out=(
    "amc probe: {t}/w2.sock (profile socket)\n"
    "fail: 1 MUST rule failed, 0 SHOULD rules failed, 0 not run; 24 requests in T s (exit 1)\n"
    "  PASS    SOCKET-LIVE-001 MUST   SOCKET_LIVE_NO_REPLY\n"
    "  PASS    SOCKET-LIVE-002 MUST   SOCKET_LIVE_REPLY_INVALID\n"
    "  FAIL    SOCKET-LIVE-003 MUST   SOCKET_LIVE_REPLY_MISMATCH\n"
    "          rule: A reply answers its request: a status request gets a status_response, a task "
    "gets a result with the task's id (the error reply is for requests the server rejects).\n"
    "          " + MISMATCH + "\n"
    "  PASS    SOCKET-LIVE-004 SHOULD SOCKET_LIVE_BAD_INPUT\n"
    "  PASS    SOCKET-LIVE-005 SHOULD SOCKET_LIVE_TIMEOUT\n"
    "  PASS    SOCKET-LIVE-006 MUST   SOCKET_LIVE_NO_CLOSE\n"
    "  PASS    SOCKET-LIVE-007 MUST   SOCKET_LIVE_DIED\n"
    "  PASS    SOCKET-LIVE-008 SHOULD SOCKET_LIVE_BLOCKED\n"
    "  PASS    SOCKET-LIVE-009 MUST   SOCKET_LIVE_CONCURRENT\n" + NOTE))
rc, out, err = check("task dir left, markdown", ["probe", "--socket", S2, "--allow-tasks",
                     "--format", "markdown", "--timeout", "2", "--block-limit", "1",
                     "--max-request", "1000"], rc=1, err="",
                     scrub=scrub2, out=None)
if "| SOCKET-LIVE-003 | MUST | fail | " + MISMATCH + " |\n" not in out or "\n\n" + NOTE + "\n| Step" not in out:
    fail("task dir left, markdown:\n" + out)
srv2.close()
finish()
