#!/usr/bin/env python3
"""ctest cli.lead_probe_refused: when clients of probe's concurrent step cannot connect, the
finding names why, from connect() itself. The server answers every request of the earlier
steps, then stops accepting (its listening socket stays, with a backlog of 1): of 6 clients at
once a few are queued and the rest get EAGAIN until --timeout, so SOCKET-LIVE-009 reports "client
N of 6 could not connect (Resource temporarily unavailable)". The number of connections before
the concurrent step is counted in a first run with --clients 1, so the test follows the probe's
steps. Issue 22: cli_probe.c concurrent_step, `if (cs[i].st == PC_RUN) pc_write(...)` made `!=`,
a survivor of seed 112909: the mutant wrote to the failed clients' descriptor (-1), and the
finding said "Bad file descriptor".
Usage: lead_probe_refused.py AMC."""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading

AMC = os.path.abspath(sys.argv[1])
failures = []


def serve(path, stop_after, count):
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(1)

    def one(conn):
        with conn:
            conn.settimeout(10)
            try:
                while conn.recv(65536):
                    pass
                conn.sendall(b'{"type": "status_response", "state": "idle"}')
            except OSError:
                pass

    def loop():
        while stop_after is None or count[0] < stop_after:
            try:
                conn, _ = srv.accept()
            except OSError:
                return
            count[0] += 1
            threading.Thread(target=one, args=(conn,), daemon=True).start()
    threading.Thread(target=loop, daemon=True).start()
    return srv


def probe(path, clients):
    return subprocess.run([AMC, "probe", "--socket", path, "--clients", str(clients),
                           "--timeout", "1", "--block-limit", "0.5", "--format", "json"],
                          capture_output=True, text=True, timeout=120)


with tempfile.TemporaryDirectory() as t:
    path = os.path.join(t, "a.sock")
    count = [0]
    srv = serve(path, None, count)
    p = probe(path, 1)
    srv.close()
    before = count[0] - 1  # the connections before the concurrent step's one client
    path = os.path.join(t, "b.sock")
    count = [0]
    srv = serve(path, before, count)
    p = probe(path, 6)
    srv.close()
    try:
        report = json.loads(p.stdout)
    except ValueError:
        report = None
        failures.append(f"not a JSON report: exit {p.returncode}\n{p.stdout[-400:]}"
                        f"{p.stderr[-400:]}")
    msgs = []

    def walk(v):
        if isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, str) and "could not connect" in v:
            msgs.append(v)
    walk(report)
    if not msgs:
        failures.append(f"no client failed to connect (connections before the concurrent step: "
                        f"{before})\n{p.stdout[-1500:]}")
    for m in msgs:
        if not m.endswith("could not connect (Resource temporarily unavailable)"):
            failures.append(f"a finding names another reason: {m!r}")
for f in failures:
    print("FAIL:", f)
print("lead_probe_refused:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
