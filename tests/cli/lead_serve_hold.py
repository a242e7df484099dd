#!/usr/bin/env python3
"""ctest cli.lead_serve_hold: amc serve --fault no-close lets a held connection go as soon as the
client closes it, not at --timeout (issue 22: cmd_serve.c step(), the `return false` on POLLHUP
in the hold phase; without it the server kept every closed connection until --timeout).

256 clients (amc serve's limit of open connections) each send a task, read its reply (the server
then holds the connection: the fault) and close. With every slot freed at once, a status request
sent next is answered at once. Had the server kept the closed connections to --timeout (60 s),
it could accept nothing: the status request would get no reply within its 10 s.
Then, with --fault delay=0.2 on status requests, 256 clients send a status request and close at
once, before the delayed reply: the server's send fails (EPIPE) and must drop the connection
(cmd_serve.c step(), `w < 0 && (EAGAIN || EINTR)` made ||, a survivor of seed 112904: the
mutant kept retrying a dead connection until --timeout); a task sent after them is answered.
Every wait is bounded.

usage: lead_serve_hold.py AMC"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

AMC = os.path.abspath(sys.argv[1])
TMP = tempfile.mkdtemp(prefix="amc-lead-hold-")
S = os.path.join(TMP, "s.sock")
TASK = (b'{"type":"task","id":"task-20260101-120000-abcd","from":"c","payload":{"instruction":'
        b'"echo","project_dir":"/nonexistent"}}')
STATUS = b'{ "type": "status_response", "from": "amc-serve", "state": "idle", "current_task": null }'
failures = []


def connect(timeout=10):
    """A connected socket. The path exists from amc serve's bind(), a moment before its
    listen(): until then a connection is refused (seen under load), and the listen backlog can
    be full for a moment: bounded retries, 10 s."""
    end = time.monotonic() + 10
    while True:
        c = socket.socket(socket.AF_UNIX)
        c.settimeout(timeout)
        try:
            c.connect(S)
            return c
        except (BlockingIOError, ConnectionRefusedError):
            c.close()
            if time.monotonic() > end:
                raise
            time.sleep(0.01)


def held(timeout=10):
    """Sends a task, half-closes, reads the whole reply (a JSON object; the server holds the
    connection after it) and closes."""
    c = connect(timeout)
    c.sendall(TASK)
    c.shutdown(socket.SHUT_WR)
    out = b""
    while not out.rstrip().endswith(b"}"):
        b = c.recv(65536)
        if not b:
            break
        out += b
    c.close()
    return out


def ask(data, timeout=10):
    """Sends data, half-closes and reads the reply to EOF (bounded by timeout)."""
    c = connect(timeout)
    out = b""
    try:
        c.sendall(data)
        c.shutdown(socket.SHUT_WR)
        while True:
            b = c.recv(65536)
            if not b:
                break
            out += b
    except socket.timeout:
        out += b"<no reply within 10 s>"
    c.close()
    return out


def gone():
    """Sends a status request, half-closes and closes at once, without reading."""
    c = connect()
    c.sendall(b'{"type":"status","from":"c"}')
    c.shutdown(socket.SHUT_WR)
    c.close()


def serve(args):
    p = subprocess.Popen([AMC, "serve", "--socket", S, "--timeout", "60", "--quiet"] + args,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 10
    while not os.path.exists(S) and time.monotonic() < end and p.poll() is None:
        time.sleep(0.02)
    return p


def stop(p):
    p.send_signal(signal.SIGTERM)
    try:
        rc = p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = "hang"
    if rc != 0:
        failures.append(f"amc serve: exit {rc} on SIGTERM")


try:
    p = serve(["--fault", "no-close", "--fault-on", "task"])
    try:
        replies = [held() for _ in range(256)]
        bad = [r for r in replies if not r.startswith(b'{ "type": "result"')]
        if bad:
            failures.append(f"{len(bad)} task(s) without a result reply, first {bad[0][:200]!r}")
        got = ask(b'{"type":"status","from":"c"}')
        if got != STATUS:
            failures.append(f"status request after 256 closed held connections: {got[:200]!r}")
    finally:
        stop(p)
    os.unlink(S) if os.path.exists(S) else None
    p = serve(["--fault", "delay=0.2", "--fault-on", "status"])
    try:
        for _ in range(256):
            gone()
        time.sleep(0.5)  # the delayed replies fall due and fail
        got = ask(TASK)
        if not got.startswith(b'{ "type": "result"'):
            failures.append(f"a task after 256 clients gone before their delayed reply: "
                            f"{got[:200]!r}")
    finally:
        stop(p)
finally:
    shutil.rmtree(TMP, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("lead_serve_hold:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
