#!/usr/bin/env python3
"""ctest cli.lead_probe_split: amc probe reads a reply that comes in two pieces with a pause
between them as one reply (issue 22: cli_probe.c pc_read, `errno == EAGAIN || errno == EINTR`
made !=: a read that found nothing more yet, EAGAIN, was taken for a reset connection).

A proxy in front of amc serve (both on Unix sockets in a temporary folder; one thread per
connection, so that the probe's idle and concurrent clients are served as amc serve serves
them) sends each reply in two pieces, 0.05 s apart, then closes. The probe must pass every
rule, as it does against amc serve itself. Waits are bounded.
usage: lead_probe_split.py AMC"""
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

AMC = os.path.abspath(sys.argv[1])
failures = []


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


def serve_one(conn, real):
    conn.settimeout(10)
    try:
        rep = ask(real, recv_all(conn))
        half = len(rep) // 2
        conn.sendall(rep[:half])
        time.sleep(0.05)
        conn.sendall(rep[half:])
    except OSError:
        pass
    conn.close()


def proxy(lsock, real, stop):
    while not stop.is_set():
        try:
            conn, _ = lsock.accept()
        except socket.timeout:
            continue
        except OSError:
            return
        threading.Thread(target=serve_one, args=(conn, real), daemon=True).start()


with tempfile.TemporaryDirectory(prefix="amc-lead-split-") as t:
    real = os.path.join(t, "real.sock")
    fake = os.path.join(t, "fake.sock")
    sv = subprocess.Popen([AMC, "serve", "--socket", real, "--quiet"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 10
    while time.monotonic() < end and sv.poll() is None:
        try:
            ask(real, b'{"type": "status", "from": "lead"}')
            break
        except OSError:
            time.sleep(0.02)
    lsock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    lsock.bind(fake)
    lsock.listen(64)
    lsock.settimeout(0.1)
    stop = threading.Event()
    th = threading.Thread(target=proxy, args=(lsock, real, stop), daemon=True)
    th.start()
    try:
        p = subprocess.run([AMC, "probe", "--socket", fake, "--timeout", "20"],
                           capture_output=True, timeout=120, env=dict(os.environ, NO_COLOR="1"))
        out = p.stdout.decode()
        lines = out.splitlines()
        if (p.returncode != 0 or len(lines) != 11 or
                not lines[1].startswith("pass: 0 MUST rules failed, 0 SHOULD rules failed, 0 not "
                                        "run; ") or
                sum(x.startswith("  PASS    SOCKET-LIVE-00") for x in lines) != 9):
            failures.append(f"probe through a proxy that splits each reply: exit {p.returncode}"
                            f"\n{out}\n{p.stderr.decode()}")
    finally:
        stop.set()
        th.join(5)
        lsock.close()
        sv.terminate()
        sv.wait(10)
for f in failures:
    print("FAIL:", f)
print("lead_probe_split:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
