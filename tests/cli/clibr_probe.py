#!/usr/bin/env python3
"""amc probe against a server that answers wrongly on purpose (issue 22, helper clibr): a proxy
in front of amc serve (both on Unix sockets in a temporary folder) that gives a task's result
another id and answers every request amc serve rejects with a status *request*; each finding
asserted: SOCKET-LIVE-003 "the result's id is "wrong-id", the task's ...", SOCKET-LIVE-002 "the
reply is a status request, not a reply", SOCKET-LIVE-004 "a request the protocol rejects was
answered with status"; a proxy that stops answering (closes each connection unanswered) or
stops listening after the empty request: SOCKET-LIVE-007 "no longer answers a status request" /
"no longer accepts connections", and the run stops there (cli_probe.c judge, bad_step).
Waits are bounded (10 s).
Usage: clibr_probe.py AMC (run from the source tree)."""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

AMC = os.path.abspath(sys.argv[1])
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def recv_all(c):
    got = b""
    while True:
        d = c.recv(65536)
        if not d:
            return got
        got += d


def ask(path, data):
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    c.settimeout(10)
    c.connect(path)
    c.sendall(data)
    c.shutdown(socket.SHUT_WR)
    got = recv_all(c)
    c.close()
    return got


def proxy(lsock, real, stop, mode="wrong"):
    """mode "wrong": results get another id, rejections become status requests; "mute": after
    the empty request every connection is closed without a reply; "gone": after the empty
    request the listening socket is closed."""
    while not stop.is_set():
        try:
            conn, _ = lsock.accept()
        except socket.timeout:
            continue
        except OSError:
            return
        conn.settimeout(10)
        try:
            req = recv_all(conn)
            if mode == "mute" and stop.muted:
                conn.close()
                continue
            if mode != "wrong" and req == b"":
                stop.muted = True
                if mode == "gone":
                    # the listening socket first: closed after the connection, a probe that
                    # reconnects at once could land in the backlog and be reset unanswered
                    # ("no longer answers" instead of "no longer accepts"; seen once in CI)
                    lsock.close()
                    conn.close()
                    return
            rep = ask(real, req)
            try:
                o = json.loads(rep)
            except ValueError:
                o = None
            if mode != "wrong":
                pass
            elif isinstance(o, dict) and o.get("type") == "result":
                o["id"] = "wrong-id"
                rep = json.dumps(o).encode()
            elif isinstance(o, dict) and o.get("type") == "error":
                rep = b'{"type": "status", "from": "fake"}'
            conn.sendall(rep)
        except OSError:
            pass
        conn.close()


with tempfile.TemporaryDirectory(prefix="amc-clibr-probe-") as t:
    real = os.path.join(t, "real.sock")
    fake = os.path.join(t, "fake.sock")
    sv = subprocess.Popen([AMC, "serve", "--socket", real, "--quiet"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    end = time.monotonic() + 10
    while time.monotonic() < end and sv.poll() is None:
        try:
            ask(real, b'{"type": "status", "from": "clibr"}')
            break
        except OSError:
            time.sleep(0.02)
    lsock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    lsock.bind(fake)
    lsock.listen(16)
    lsock.settimeout(0.1)
    stop = threading.Event()
    stop.muted = False
    th = threading.Thread(target=proxy, args=(lsock, real, stop), daemon=True)
    th.start()
    try:
        # --timeout 20: every request goes through the serial proxy to amc serve; on a loaded
        # machine the default 5 s could turn a slow reply into a timeout finding
        p = subprocess.run([AMC, "probe", "--socket", fake, "--allow-tasks", "--block-limit",
                            "0.2", "--clients", "2", "--timeout", "20"], capture_output=True,
                           timeout=120,
                           env=dict(os.environ, NO_COLOR="1"))
        out = p.stdout.decode()
        m = re.search(r'task: the result\'s id is "wrong-id", the task\'s (task-\S+)\n', out)
        check(p.returncode == 1 and m is not None and
              "  FAIL    SOCKET-LIVE-003 MUST   SOCKET_LIVE_REPLY_MISMATCH\n" in out and
              "  FAIL    SOCKET-LIVE-002 MUST   SOCKET_LIVE_REPLY_INVALID\n" in out and
              "          empty: the reply is a status request, not a reply (and " in out and
              "  WARN    SOCKET-LIVE-004 SHOULD SOCKET_LIVE_BAD_INPUT\n" in out and
              "          empty: a request the protocol rejects was answered with status (and "
              in out, f"probe via the proxy: exit {p.returncode}\n{out}\n{p.stderr!r}")
        stop.set()
        th.join(5)
        lsock.close()
        for mode in ("mute", "gone"):
            os.unlink(fake)
            lsock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            lsock.bind(fake)
            lsock.listen(16)
            lsock.settimeout(0.1)
            stop = threading.Event()
            stop.muted = False
            th = threading.Thread(target=proxy, args=(lsock, real, stop, mode), daemon=True)
            th.start()
            p = subprocess.run([AMC, "probe", "--socket", fake, "--block-limit", "0.2",
                                "--timeout", "20"],
                               capture_output=True, timeout=120, env=dict(os.environ, NO_COLOR="1"))
            out = p.stdout.decode()
            what = ("no longer answers a status request" if mode == "mute"
                    else "no longer accepts connections")
            check(p.returncode == 1 and
                  "  FAIL    SOCKET-LIVE-007 MUST   SOCKET_LIVE_DIED\n" in out and
                  "          empty: after an empty request (half-close without data) the server "
                  "%s\n" % what in out and
                  out.endswith("\nstopped: the server stopped answering after the empty "
                               "request\n") and
                  ("          empty: the connection was closed without an error reply (closed)\n"
                   in out) == (mode == "gone"),
                  f"probe, the server {mode} after the empty request: exit {p.returncode}\n{out}")
            stop.set()
            th.join(5)
            lsock.close()
    finally:
        stop.set()
        th.join(5)
        lsock.close()
        sv.send_signal(signal.SIGTERM)
        try:
            sv.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            sv.kill()
            sv.communicate()

for f in failures:
    print("FAIL:", f)
print(f"clibr_probe: {len(failures)} failures")
sys.exit(1 if failures else 0)
