#!/usr/bin/env python3
"""ctest cli.clicov_serve (issue 22, helper clicov): amc serve on a Unix socket in a temporary
folder (nothing else), driven by a client in this script; replies and the request log asserted
exactly:
  1. a stale socket at the path replaced; --socket-mode 0660 applied; --fault error
     --fault-on invalid: an unknown type, bad JSON, an array, a task that fails the schema and a
     request over --max-request get the scripted error, a status request its reply;
  2. --fault no-close --fault-on task: the task's result, then the connection held until
     --timeout; a status request answered and closed at once;
  3. --fault close --fault-on status: closed without a reply; an invalid request answered.
Waits are bounded (a reply within 5 s).

usage: clicov_serve.py AMC SOURCE_DIR
"""
import os
import signal
import socket
import subprocess
import threading
import time
from clicov_lib import AMC, count, fail, finish, path

S = path("s.sock")


def req(data, timeout=5):
    """Sends data, half-closes, reads to EOF. Returns (reply, seconds to EOF)."""
    c = socket.socket(socket.AF_UNIX)
    c.settimeout(timeout)
    t0 = time.monotonic()
    c.connect(S)
    c.sendall(data)
    c.shutdown(socket.SHUT_WR)
    out = b""
    try:
        while True:
            b = c.recv(65536)
            if not b:
                break
            out += b
    except socket.timeout:
        out += b"<no EOF>"
    c.close()
    return out, time.monotonic() - t0


def start(args):
    """Starts amc serve; returns (process, its stderr lines) once it says it is listening."""
    p = subprocess.Popen([AMC, "serve", "--socket", S] + args, stderr=subprocess.PIPE,
                         stdout=subprocess.DEVNULL)
    lines = []

    def reader():
        for line in iter(p.stderr.readline, b""):
            lines.append(line.decode().replace(path(""), "{t}/").rstrip("\n"))

    t = threading.Thread(target=reader, daemon=True)
    t.start()
    end = time.monotonic() + 5
    while time.monotonic() < end and p.poll() is None and not any("listening" in x for x in lines):
        time.sleep(0.02)
    return p, lines, t


def stop(server):
    p, lines, t = server
    p.send_signal(signal.SIGTERM)
    try:
        rc = p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = "hang"
    t.join(5)
    return rc, lines


ERR = b'{ "type": "error", "from": "amc-serve", "message": "amc serve: scripted fault (--fault %s)" }'
STATUS = b'{ "type": "status_response", "from": "amc-serve", "state": "idle", "current_task": null }'
NOFROM = "warning[SOCKET_NO_FROM] SOCKET-FROM-001: %s request without from"
TASK = (b'{"type":"task","id":"task-20260101-120000-abcd","from":"c","payload":{"instruction":'
        b'"echo","project_dir":"/nonexistent"}}')

# 1.
count[0] += 1
s0 = socket.socket(socket.AF_UNIX)
s0.bind(S)
s0.close()  # a socket file nobody listens on
p = start(["--socket-mode", "0660", "--fault", "error", "--fault-on", "invalid",
           "--max-request", "200"])
mode = oct(os.stat(S).st_mode & 0o777) if os.path.exists(S) else None
got = [req(d)[0] for d in (b'{"type":"foo"}', b'{"type":"status","x":', b"[1]",
                           b'{"type":"task","id":"t1"}', b"x" * 300, b'{"type":"status"}')]
rc, log = stop(p)
if mode != "0o660" or got != [ERR % b"error"] * 5 + [STATUS] or rc != 0:
    fail(f"1: mode {mode}, exit {rc}, replies {got}")
want = ["amc serve: {t}/s.sock: replaced a stale socket",
        "amc serve: listening on {t}/s.sock (profile socket, mode 0660, name amc-serve, fault error)",
        "request#1:1:9: error[SOCKET_MESSAGE] SOCKET-MSG-001: unknown type: the server answers with "
        "an error reply (expected task, result, status, status_response or error) (at /type)",
        "request#1: invalid -> error (fault error)",
        "request#2:1:22: error[JSON_UNEXPECTED_END] SOCKET-DOC-001: unexpected end of input, "
        "expected a value",
        "request#2:1:1: note: object starts here",
        "request#2: invalid -> error (fault error)",
        "request#3:1:1: error[SOCKET_MESSAGE] SOCKET-MSG-001: a socket message is a JSON object",
        "request#3: invalid -> error (fault error)",
        "request#4:1:1: error[SOCKET_TASK] SOCKET-TASK-001: SCHEMA_REQUIRED: \"payload\" is a "
        "required property",
        "request#4:1:1: " + NOFROM % "task",
        "request#4:1:21: warning[SOCKET_ID_FORMAT] SOCKET-ID-002: task id is not "
        "task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), optionally "
        "with -<phase>-sub<N> (at /id)",
        "request#4: invalid -> error (fault error)",
        "request#5: error: request larger than 200 bytes",
        "request#5: invalid -> error (fault error)",
        "request#6:1:1: " + NOFROM % "status",
        "request#6: status -> status_response",
        "amc serve: SIGTERM: stopping"]
if log != want:
    fail("1: log:\n" + "\n".join(log))

# 2.
count[0] += 1
p = start(["--fault", "no-close", "--fault-on", "task", "--timeout", "0.4"])
task, t_task = req(TASK)
status, t_status = req(b'{"type":"status","from":"c"}')
rc, log = stop(p)
RESULT = (b'{ "type": "result", "id": "task-20260101-120000-abcd", "from": "amc-serve", "status": '
          b'"success", "payload": { "output": "amc serve: task received; nothing was run", '
          b'"summary": "nothing was run (amc serve is a test peer)" } }')
if task != RESULT or not 0.3 < t_task < 4 or status != STATUS or t_status > 0.3 or rc != 0:
    fail(f"2: exit {rc}, task {task} after {t_task:.2f} s, status {status} after {t_status:.2f} s")
if log[1:] != ["request#1: task -> result (fault no-close)",
               "request#2: status -> status_response",
               "amc serve: SIGTERM: stopping"]:
    fail("2: log:\n" + "\n".join(log))

# 3.
count[0] += 1
p = start(["--fault", "close", "--fault-on", "status", "--quiet"])
a = req(b'{"type":"status","from":"c"}')[0]
b = req(b"{")[0]
rc, log = stop(p)
if a != b"" or not b.startswith(b'{ "type": "error", "from": "amc-serve", "message": ') or rc != 0:
    fail(f"3: exit {rc}, replies {a!r} {b!r}")
if log != ["amc serve: listening on {t}/s.sock (profile socket, mode 0600, name amc-serve, "
           "fault close)"]:
    fail("3: log:\n" + "\n".join(log))
finish()
