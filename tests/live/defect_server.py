#!/usr/bin/env python3
"""Socket-protocol servers with one planted defect each, for tests/live/run_live.py (stdlib only).

usage: defect_server.py MODE PATH
Serves PATH (a Unix socket) the way the protocol works (seed 003; docs/profiles/socket.md
"Framing"): read the request to EOF, answer with one JSON reply, close. MODE:
  good              correct: a thread per connection, error replies for rejected requests
  wrong-id          a task's result carries another id                  (SOCKET-LIVE-003)
  nan               the status reply holds a NaN                         (SOCKET-LIVE-002)
  dies-on-bad-json  the process exits on a request that is not JSON      (SOCKET-LIVE-007)
  never-answers     reads the request, never replies, keeps the socket   (SOCKET-LIVE-001)
  never-closes      replies, then keeps the connection open              (SOCKET-LIVE-006)
  serial            one connection at a time, each waited for up to 600 s, like the public
                    implementation's accept loop                         (SOCKET-LIVE-008)
  silent            closes the connection without a reply on a request it cannot read
                                                                         (SOCKET-LIVE-004)
  slow-status       answers its first status request after 5.3 s        (SOCKET-LIVE-005)
  locked            answers one request at a time, 0.2 s each, so several clients at once wait
                    in line                                              (SOCKET-LIVE-009)
Prints "ready" once it listens; the socket file is removed on SIGTERM/SIGINT.
"""
import json
import os
import signal
import socket
import sys
import threading
import time

mode, path = sys.argv[1], sys.argv[2]
NAME = "yadon-1"
hold = []  # connections kept open on purpose (never-answers, never-closes)
lock = threading.Lock()
first_status = [True]


class Silent(Exception):
    pass


def error(message):
    return {"type": "error", "from": NAME, "message": message}


def reply_for(data):
    try:
        msg = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        if mode == "silent":
            raise Silent() from e
        if isinstance(e, UnicodeDecodeError):
            return error(f"bad UTF-8: {e}")
        if mode == "dies-on-bad-json":
            os._exit(1)
        return error(f"bad JSON: {e}")
    except UnicodeDecodeError as e:
        return error(f"bad UTF-8: {e}")
    except json.JSONDecodeError as e:
        if mode == "dies-on-bad-json":
            os._exit(1)
        return error(f"bad JSON: {e}")
    if not isinstance(msg, dict):
        return error("not an object")
    t = msg.get("type", "")
    if t == "task":
        payload = msg.get("payload")
        if not isinstance(payload, dict) or not isinstance(payload.get("instruction"), str):
            return error("a task needs payload.instruction")
        tid = msg.get("id", "unknown")
        if mode == "wrong-id":
            tid = "task-20260101-000000-beef"
        return {"type": "result", "id": tid, "from": NAME, "status": "success",
                "payload": {"output": "ok", "summary": "ok"}}
    if t == "status":
        r = {"type": "status_response", "from": NAME, "state": "idle", "current_task": None}
        if mode == "nan":
            r["load"] = float("nan")  # json.dumps writes the bare token NaN
        if mode == "slow-status" and first_status[0]:
            first_status[0] = False
            time.sleep(5.3)
        return r
    return error(f"unknown type: {t}")


def handle(conn):
    # SIGTERM/SIGINT go to the main thread only: a signal the kernel hands to a worker thread
    # runs Python's handler only when the main thread next wakes, and it sleeps in accept()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
    try:
        conn.settimeout(600)
        chunks = []
        while True:
            b = conn.recv(65536)
            if not b:
                break
            chunks.append(b)
        if mode == "never-answers":
            hold.append(conn)
            return
        if mode == "locked":
            with lock:
                time.sleep(0.2)
                reply = reply_for(b"".join(chunks))
        else:
            reply = reply_for(b"".join(chunks))
        conn.sendall(json.dumps(reply, ensure_ascii=False).encode())
        if mode == "never-closes":
            hold.append(conn)
            return
    except (OSError, Silent):
        pass
    conn.close()


def stop(*_):
    try:
        os.unlink(path)
    except OSError:
        pass
    os._exit(0)


signal.signal(signal.SIGTERM, stop)
signal.signal(signal.SIGINT, stop)
if os.path.exists(path):
    os.unlink(path)
srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
srv.bind(path)
srv.listen(16)
srv.settimeout(0.2)  # the main thread wakes to run a signal handler even if a thread took it
print("ready", flush=True)
while True:
    try:
        conn, _ = srv.accept()
    except socket.timeout:
        continue
    conn.settimeout(None)
    t = threading.Thread(target=handle, args=(conn,), daemon=True)
    t.start()
    if mode == "serial":
        t.join()
