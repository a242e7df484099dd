#!/usr/bin/env python3
"""ctest cli.covfz_serve: `amc serve` holds at most 256 connections (MAX_CLIENTS in
src/cli/cmd_serve.c); more wait in the listen queue until one ends. 250 connections are made
and held open (a status request on a 251st, answered, shows every one of them accepted); the
server is stopped (SIGSTOP) while 10 more connect, so that one accept loop finds all 10 queued
when it goes on (SIGCONT): it takes 6 and leaves 4 queued. Then every connection sends a status
request and half-closes: each of the 260 gets its status_response (the last 4 once slots free),
the server is still up and ends with exit 0 on SIGTERM. No timing but the waits for replies.

usage: covfz_serve.py AMC
"""
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

AMC = os.path.abspath(sys.argv[1])
TMP = tempfile.mkdtemp(prefix="amc-covfzserve-")
SOCK = os.path.join(TMP, "s.sock")
STATUS = (b'{"type":"status","from":"covfz","to":"amc-serve","ts":"2026-02-11T10:00:00Z",'
          b'"payload":{}}')
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(SOCK)  # blocking: waits while the listen queue is full
    s.settimeout(60)
    return s


def ask(s):
    """A status request on s, half-closed; the reply's type (or what went wrong)."""
    try:
        s.sendall(STATUS)
        s.shutdown(socket.SHUT_WR)
        data = b""
        while True:
            b = s.recv(65536)
            if not b:
                break
            data += b
        return json.loads(data).get("type")
    except (OSError, ValueError) as e:
        return "error: %s" % e
    finally:
        s.close()


srv = subprocess.Popen([AMC, "serve", "--socket", SOCK, "--timeout", "120", "-q"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
try:
    deadline = time.monotonic() + 60
    held = []
    while not held:  # the socket file is there before listen(): refused until then
        try:
            held.append(connect())
        except (FileNotFoundError, ConnectionRefusedError):
            if srv.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    held += [connect() for _ in range(249)]
    first = ask(connect())  # answered: the 250 before it were accepted (the queue is FIFO)
    if first != "status_response":
        fail(f"the 251st connection: {first}")
    os.kill(srv.pid, signal.SIGSTOP)
    try:
        held += [connect() for _ in range(10)]  # queued: the server does not run
    finally:
        os.kill(srv.pid, signal.SIGCONT)
    got = [ask(s) for s in held]
    bad = [(i, t) for i, t in enumerate(got) if t != "status_response"]
    if bad:
        fail(f"{len(bad)} of 260 connections without a status_response: {bad[:5]}")
    if srv.poll() is not None:
        fail(f"the server ended (exit {srv.returncode}): {srv.stderr.read()[-500:]!r}")
    last = ask(connect())
    if last != "status_response":
        fail(f"a new connection after the 260: {last}")
finally:
    if srv.poll() is None:
        srv.send_signal(signal.SIGTERM)
    try:
        out, err = srv.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        srv.kill()
        out, err = srv.communicate()
        fail("the server did not end on SIGTERM")
    if srv.returncode != 0 and not failures:
        fail(f"exit {srv.returncode} after SIGTERM: {err[-500:]!r}")
    for f in os.listdir(TMP):
        os.unlink(os.path.join(TMP, f))
    os.rmdir(TMP)
if failures:
    sys.exit(1)
print("cli.covfz_serve: ok")
