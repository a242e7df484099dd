#!/usr/bin/env python3
"""ctest cli.lead_probe_oversized: amc probe's oversized request is a status request of exactly
--max-request + 1 bytes, a JSON object padded with "a"s: {"type": "status", "from":
"amc-probe", "padding": "aaa..."}. A server records every request it reads; with
--max-request 5000 exactly one request is 5001 bytes (none longer), and with --max-request 16
(less than the request's fixed part) it is the shortest such object, 55 bytes, an empty
padding. Issue 22: cli_probe.c oversized(), `(size_t)max + 1` made `+ 0`, a survivor of seed
112909 (the probe sent a request the server must take and called it oversized).
Usage: lead_probe_oversized.py AMC."""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading

AMC = os.path.abspath(sys.argv[1])
failures = []
HEAD = b'{"type": "status", "from": "amc-probe", "padding": "'


def serve(path, got):
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(64)

    def one(conn):
        with conn:
            conn.settimeout(10)
            data = b""
            try:
                while True:
                    chunk = conn.recv(65536)
                    if not chunk:
                        break
                    data += chunk
                got.append(data)
                conn.sendall(b'{"type": "error", "message": "no"}')
            except OSError:
                pass

    def loop():
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:
                return
            threading.Thread(target=one, args=(conn,), daemon=True).start()
    threading.Thread(target=loop, daemon=True).start()
    return srv


for max_req, want in ((5000, 5001), (16, len(HEAD) + 2)):
    with tempfile.TemporaryDirectory() as t:
        path = os.path.join(t, "s.sock")
        got = []
        srv = serve(path, got)
        p = subprocess.run([AMC, "probe", "--socket", path, "--max-request", str(max_req),
                            "--format", "json"], capture_output=True, text=True, timeout=120)
        srv.close()
        if p.returncode not in (0, 1) or not p.stdout.startswith("{"):
            failures.append(f"--max-request {max_req}: exit {p.returncode}\n{p.stderr[-400:]}")
        padded = [g for g in got if g.startswith(HEAD)]
        if len(padded) != 1:
            failures.append(f"--max-request {max_req}: {len(padded)} padded requests, want 1")
            continue
        b = padded[0]
        if len(b) != want or b != HEAD + b"a" * (want - len(HEAD) - 2) + b'"}':
            failures.append(f"--max-request {max_req}: the padded request is {len(b)} bytes "
                            f"({b[:60]!r}...{b[-10:]!r}), want {want}")
        else:
            json.loads(b)  # a JSON object, padding and all
        if max_req == 5000 and any(len(g) > want for g in got):
            failures.append(f"a request longer than {want} bytes: {sorted(map(len, got))[-3:]}")
for f in failures:
    print("FAIL:", f)
print("lead_probe_oversized:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
