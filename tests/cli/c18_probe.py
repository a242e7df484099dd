#!/usr/bin/env python3
"""ctest cli.c18_probe: amc probe's concurrent step against a server whose socket is gone by then
(issue 22: cli_probe.c concurrent_step, `cs[i].st == PC_RUN` made != survived the 300-mutant run,
seed 112909: the mutant wrote the request to the clients that could not connect, to fd -1, and
reported the send's EBADF instead of the connect's error).

The server (a thread here) answers each connection with a status_response once the client has
half-closed, and removes its socket file after accepting its 15th connection: the status step,
the bad-input steps and the idle step's two connections. The 3 concurrent clients then cannot
connect: SOCKET-LIVE-009 fails with "client N of 3 could not connect (No such file or
directory)" for each, exit 1; the other MUST rules pass (the server answers bad input with a
status_response: SOCKET-LIVE-004, a SHOULD rule, fails). If the probe's steps change, the count
of connections before the concurrent step (15) changes with them.

usage: c18_probe.py AMC"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading

AMC = os.path.abspath(sys.argv[1])
BEFORE_CONCURRENT = 15
failures = []


def serve(path):
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(64)

    def one(conn):
        with conn:
            conn.settimeout(10)
            try:
                while conn.recv(65536):
                    pass
                conn.sendall(b'{"type": "status_response", "from": "yadon-1", "state": "idle", '
                             b'"current_task": null}')
            except OSError:
                pass

    def loop():
        n = 0
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:
                return
            n += 1
            if n == BEFORE_CONCURRENT:  # before that connection is answered: the probe goes on
                os.unlink(path)         # to the concurrent step only after its answer
            threading.Thread(target=one, args=(conn,), daemon=True).start()
    threading.Thread(target=loop, daemon=True).start()
    return srv


with tempfile.TemporaryDirectory(prefix="amc-c18-probe-") as t:
    path = os.path.join(t, "s.sock")
    srv = serve(path)
    p = subprocess.run([AMC, "probe", "--socket", path, "--clients", "3", "--block-limit", "0.5",
                        "--format", "json"], capture_output=True, text=True, timeout=120)
    srv.close()
    try:
        rules = {r["id"]: r for r in json.loads(p.stdout)["rules"]}
        live9 = rules["SOCKET-LIVE-009"]
        msgs = [f["message"] for f in live9["findings"]]
        want = [f"client {i} of 3 could not connect (No such file or directory)"
                for i in (1, 2, 3)]
        if p.returncode != 1 or live9["outcome"] != "fail" or msgs != want:
            failures.append(f"exit {p.returncode}, SOCKET-LIVE-009 {live9['outcome']}: {msgs}, "
                            f"want fail: {want}\n{p.stderr[-300:]}")
        others = [i for i, r in rules.items()
                  if i != "SOCKET-LIVE-009" and r["level"] == "MUST" and r["outcome"] != "pass"]
        if others:
            failures.append(f"other rules failed: {others}")
    except (ValueError, KeyError) as e:
        failures.append(f"json report: {e!r}\n{p.stdout[:2000]}{p.stderr[-300:]}")

for f in failures:
    print("FAIL:", f)
print(f"c18_probe: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
