#!/usr/bin/env python3
"""amc probe against servers that answer wrongly in ways tests/live does not plant (issue 22),
each run's JSON report checked for the rule that must fail and its finding:
  echo         answers every request with the request itself: "the reply is a status request,
               not a reply" (SOCKET-LIVE-002)
  result       answers a status request with a result (SOCKET-LIVE-003)
  lenient      answers the requests the protocol rejects with a status_response, not an error
               (SOCKET-LIVE-004, a SHOULD: exit 0, 1 with --strict)
  incomplete   sends half a JSON object and keeps the connection open (SOCKET-LIVE-001)
  huge         answers with more than 16 MiB (SOCKET-LIVE-002: "longer than ... bytes")
The echo server's run is also checked as Markdown and JUnit XML (the failed rules, their level
and first finding). Each server is a thread of this script on a Unix socket in a temporary
directory.
Usage: cov_probe.py AMC."""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading

AMC = sys.argv[1]
failures = []
STATUS = {"type": "status_response", "from": "cov", "state": "idle", "current_task": None}


def serve(path, mode):
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(16)
    held = []

    def handle(conn):
        try:
            conn.settimeout(30)
            data = b""
            while True:
                b = conn.recv(65536)
                if not b:
                    break
                data += b
            try:
                req = json.loads(data)
            except ValueError:
                req = None
            is_status = isinstance(req, dict) and req.get("type") == "status"
            if mode == "echo":
                out = data if data else b"{}"
            elif mode == "result":
                out = json.dumps({"type": "result", "id": "task-1", "from": "cov", "status": "success",
                                  "payload": {"output": "", "summary": ""}}).encode()
            elif mode == "lenient":
                out = json.dumps(STATUS).encode()
            elif mode == "incomplete":
                conn.sendall(b'{"type": "status_resp')
                held.append(conn)
                return
            elif mode == "huge":
                out = (json.dumps(STATUS)[:-1] + ', "pad": "' + "x" * (17 << 20) + '"}').encode() \
                    if is_status else json.dumps(STATUS).encode()
            conn.sendall(out)
        except OSError:
            pass
        conn.close()

    def loop():
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:
                return
            threading.Thread(target=handle, args=(conn,), daemon=True).start()

    threading.Thread(target=loop, daemon=True).start()
    return srv


def probe(tmp, mode, rule, finding, want=1, extra=()):
    path = os.path.join(tmp, "%s%d.sock" % (mode, len(extra)))
    srv = serve(path, mode)
    # --max-request 1K: a small oversized step; where the server never closes, each step waits
    # its whole --timeout: 3 s, and no step starts after 4 s (--max-time)
    t, mt = ("3", "4") if mode == "incomplete" else ("10", "60")
    p = subprocess.run([AMC, "probe", "--socket", path, "--format", "json", "--timeout", t,
                        "--block-limit", "1", "--max-request", "1K", "--max-time", mt] + list(extra),
                       capture_output=True, timeout=120)
    srv.close()
    try:
        rep = json.loads(p.stdout)
    except ValueError:
        failures.append(f"{mode}: not a JSON report (exit {p.returncode}): {p.stdout[:200]!r}")
        return
    if p.returncode != want:
        failures.append(f"{mode}: exit {p.returncode}, want {want}")
    r = [x for x in rep.get("rules", []) if x.get("id") == rule]
    if not r or r[0].get("outcome") != "fail":
        failures.append(f"{mode}: {rule} did not fail: {r}")
        return
    msgs = [f.get("message", "") for f in r[0].get("findings", [])]
    if not any(finding in m for m in msgs):
        failures.append(f"{mode}: {rule}: no finding with {finding!r}: {msgs}")


def formats(tmp):
    path = os.path.join(tmp, "formats.sock")
    srv = serve(path, "echo")
    base = [AMC, "probe", "--socket", path, "--timeout", "10", "--block-limit", "1", "--max-request", "1K"]
    md = subprocess.run(base + ["--format", "markdown"], capture_output=True, timeout=120)
    xml = subprocess.run(base + ["--format", "junit"], capture_output=True, timeout=120)
    srv.close()
    out = md.stdout.decode("utf-8", "replace")
    if md.returncode != 1 or "**fail: 2 MUST rules failed, 1 SHOULD rule failed, 0 not run;" not in out:
        failures.append(f"markdown: exit {md.returncode} or no verdict line: {out[:300]!r}")
    for row in ("| SOCKET-LIVE-001 | MUST | pass |  |",
                "| SOCKET-LIVE-002 | MUST | fail | status: the reply is a status request, not a reply (and ",
                "| SOCKET-LIVE-003 | MUST | fail | status: a status request was answered with status",
                "| SOCKET-LIVE-004 | SHOULD | fail | unknown-type: a request the protocol rejects was answered"):
        if row not in out:
            failures.append(f"markdown: no row {row!r}")
    out = xml.stdout.decode("utf-8", "replace")
    if xml.returncode != 1 or '<testsuite name="amc probe socket" tests="9" failures="3" errors="0" skipped="0"' not in out:
        failures.append(f"junit: exit {xml.returncode} or testsuite counts: {out[:300]!r}")
    if '<failure type="MUST" message="status: a status request was answered with status">' not in out:
        failures.append("junit: SOCKET-LIVE-003's failure")
    if '<testcase classname="socket.live" name="SOCKET-LIVE-001"/>' not in out:
        failures.append("junit: SOCKET-LIVE-001 as a passed testcase")


with tempfile.TemporaryDirectory(prefix="amc-covprobe-") as tmp:
    formats(tmp)
    probe(tmp, "echo", "SOCKET-LIVE-002", "the reply is a status request, not a reply")
    probe(tmp, "result", "SOCKET-LIVE-003", "a status request was answered with result")
    # a SHOULD rule: exit 0, 1 with --strict
    probe(tmp, "lenient", "SOCKET-LIVE-004", "a request the protocol rejects was answered with status_response", 0)
    probe(tmp, "lenient", "SOCKET-LIVE-004", "a request the protocol rejects was answered with status_response", 1,
          ["--strict"])
    probe(tmp, "incomplete", "SOCKET-LIVE-001", "an incomplete reply")
    probe(tmp, "huge", "SOCKET-LIVE-002", "the reply is longer than 16777216 bytes")

for f in failures:
    print("FAIL", f)
print(f"cov_probe: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
