#!/usr/bin/env python3
"""amc fuzz --socket against a server that answers its first request and then stops listening
(cli_fuzz_target.c socket_validate: a request that connected marks the implementation as
reached, so the refused connect of the second run is a crash, "the server answered before: it
died?", and the run goes on: it is not "no longer reachable"). Two runs, fixed seed; the
finding's record says the same. (Issue 22: kills cli_fuzz_target.c:545 != -> ==.)
Usage: lead_sock_died.py AMC SRCDIR."""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
DIED = "crash: connect: Connection refused (the server answered before: it died?)"

with tempfile.TemporaryDirectory(prefix="amc-lead-sockdied-") as d:
    path = os.path.join(d, "s.sock")
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(8)

    def serve_once():
        conn, _ = srv.accept()
        conn.settimeout(30)
        while conn.recv(65536):
            pass
        srv.close()  # the socket file stays: the next connect is refused
        conn.sendall(b'{"type":"status_response"}')
        conn.close()

    th = threading.Thread(target=serve_once, daemon=True)
    th.start()
    out = os.path.join(d, "out")
    p = subprocess.run([AMC, "fuzz", "--corpus", os.path.join(SRC, "tests/fuzz/seeds/socket"),
                        "--socket", path, "--timeout", "2", "--runs", "2", "--seed", "7",
                        "--out", out], capture_output=True, text=True, timeout=120)
    th.join(30)
    lines = p.stdout.splitlines()
    if p.returncode != 1:
        failures.append(f"exit {p.returncode}, want 1 (a crash finding)")
    if not any(DIED in ln for ln in lines):
        failures.append("no crash finding that says the server answered before")
    if any(ln.startswith("stopped:") for ln in lines):
        failures.append("the run stopped as if the implementation had never been reached")
    try:
        recs = [json.loads(x) for x in open(os.path.join(out, "findings.jsonl"))]
    except OSError as e:
        recs = []
        failures.append(f"findings.jsonl: {e}")
    if recs and [(r["kind"], r["impl"]["outcome"], r["impl"]["detail"]) for r in recs] != \
            [("crash", "crash", DIED[len("crash: "):])]:
        failures.append(f"findings: {recs}")
    if failures:
        print(p.stdout + p.stderr)
for f in failures:
    print("FAIL:", f)
print("lead_sock_died: %d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
