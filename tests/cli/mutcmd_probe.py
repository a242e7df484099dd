#!/usr/bin/env python3
"""amc probe against servers that do not answer (issue 22): a server that accepts and then
holds every connection open without a word, and one that reads each request and closes without
a reply. amc probe --timeout 0.3 must stop after the first status request and say exactly what
it saw, in the text and the JSON report: "no reply and no close within 0.3 s" (the smaller of
--timeout and the time the request took: that time is at least --timeout, since the request
timed out; kills cli_probe.c:345's t_done > 0 -> >= 0, which took the time from 0 and printed a
negative number of seconds), or "closed without a reply". The whole text report is compared
(the socket's path reads SOCK, the run's total time T); exit status 1.
Usage: mutcmd_probe.py AMC."""
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading

AMC = os.path.abspath(sys.argv[1])
failures = []

NOT_RUN = """  NOT RUN SOCKET-LIVE-002 MUST   SOCKET_LIVE_REPLY_INVALID
  NOT RUN SOCKET-LIVE-003 MUST   SOCKET_LIVE_REPLY_MISMATCH
  NOT RUN SOCKET-LIVE-004 SHOULD SOCKET_LIVE_BAD_INPUT
  NOT RUN SOCKET-LIVE-005 SHOULD SOCKET_LIVE_TIMEOUT
  NOT RUN SOCKET-LIVE-006 MUST   SOCKET_LIVE_NO_CLOSE
  NOT RUN SOCKET-LIVE-007 MUST   SOCKET_LIVE_DIED
  NOT RUN SOCKET-LIVE-008 SHOULD SOCKET_LIVE_BLOCKED
  NOT RUN SOCKET-LIVE-009 MUST   SOCKET_LIVE_CONCURRENT
stopped: the server did not answer and close the first status request, so nothing else was \
asked (each request would wait as long)
"""
RULE = ("          rule: After the client half-closes (shutdown(SHUT_WR)), the server sends a "
        "reply within --timeout; a request it rejects may instead be closed without a reply.\n")


def serve(path, mode):
    """A server on path: 'hold' keeps every connection open and silent, 'close' reads the
    request to its end and closes. Returns the listening socket (close it to stop)."""
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(16)
    held = []

    def conn(c):
        c.settimeout(30)
        try:
            while c.recv(65536):
                pass
        except OSError:
            pass
        c.close()

    def loop():
        while True:
            try:
                c, _ = srv.accept()
            except OSError:
                return
            if mode == "hold":
                held.append(c)
            else:
                threading.Thread(target=conn, args=(c,), daemon=True).start()

    threading.Thread(target=loop, daemon=True).start()
    return srv


with tempfile.TemporaryDirectory(prefix="amc-mutcmd-probe-") as t:
    for mode, finding in (("hold", "no reply and no close within 0.3 s"),
                          ("close", "the connection was closed without a reply (closed)")):
        path = os.path.join(t, mode + ".sock")
        srv = serve(path, mode)
        want = (f"amc probe: SOCK (profile socket)\n"
                f"fail: 1 MUST rule failed, 0 SHOULD rules failed, 8 not run; 1 requests in T s "
                f"(exit 1)\n"
                f"  FAIL    SOCKET-LIVE-001 MUST   SOCKET_LIVE_NO_REPLY\n{RULE}"
                f"          status: {finding}\n{NOT_RUN}")
        p = subprocess.run([AMC, "probe", "--socket", path, "--timeout", "0.3"],
                           capture_output=True, timeout=60)
        out = p.stdout.decode().replace(path, "SOCK")
        out = re.sub(r" in [0-9.]+ s \(exit", " in T s (exit", out)
        if (p.returncode, out, p.stderr) != (1, want, b""):
            failures.append(f"{mode} text: exit {p.returncode}\n{out}\nwant:\n{want}\n"
                            f"stderr {p.stderr!r}")
        p = subprocess.run([AMC, "probe", "--socket", path, "--timeout", "0.3", "--format",
                            "json"], capture_output=True, timeout=60)
        try:
            r = json.loads(p.stdout)
            got = (p.returncode, r["verdict"], r["requests"], r["notRun"],
                   r["rules"][0]["findings"], r["stopped"])
        except (ValueError, KeyError, IndexError) as e:
            got = (p.returncode, repr(e))
        want_j = (1, "fail", 1, 8, [{"step": "status", "message": finding.replace(
            "status: ", ""), "alsoInLaterSteps": 0}],
            "the server did not answer and close the first status request, so nothing else was "
            "asked (each request would wait as long)")
        if got != want_j:
            failures.append(f"{mode} json: {got!r}, want {want_j!r}")
        srv.close()

for f in failures:
    print("FAIL:", f)
print(f"mutcmd_probe: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
