#!/usr/bin/env python3
"""Allocation failures in amc serve while it reads a request (issue 22; failpoint builds,
AMC_ALLOC_FAILPOINTS=ON): the allocations amc serve makes for one status request after the
first (the first also compiles the profile) are counted (AMC_FAIL_ALLOC_COUNT: one request, then
two), and each of them fails once (AMC_FAIL_ALLOC=N). Every run must end in one of two ways: the
server goes on (a third status request gets its status_response, and SIGTERM ends it with exit
0), or it stops with exit 2 and "out of memory" on standard error. A crash fails the test: this
kills cmd_serve.c:396's deleted return -1 after the failed realloc of the request buffer (the
request was then copied into no buffer). cli.alloc_fail_live starts amc serve without failures
(it sweeps amc probe), so no other test fails the server's own allocations.
Usage: mutcmd_serve_alloc.py AMC."""
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

AMC = os.path.abspath(sys.argv[1])
STATUS = b'{"type": "status", "from": "mutcmd"}'
failures = []


def ask(path, data):
    """The reply to data (b"" when the connection closes without one; None: no server)."""
    c = None
    for _ in range(500):  # the socket file appears just before listen(): retry for 5 s
        c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        c.settimeout(20)
        try:
            c.connect(path)
            break
        except OSError:
            c.close()
            c = None
            time.sleep(0.01)
    if c is None:
        return None
    got = b""
    try:
        c.sendall(data)
        c.shutdown(socket.SHUT_WR)
        while True:
            d = c.recv(65536)
            if not d:
                break
            got += d
    except OSError:
        pass
    c.close()
    return got


def serve(t, extra, nreq):
    """Starts amc serve with extra in its environment, sends nreq status requests, then
    SIGTERM; returns (exit status, stderr, replies)."""
    sock = os.path.join(t, "s.sock")
    if os.path.exists(sock):
        os.unlink(sock)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env.update(extra)
    env["AMC_NO_CONFIG"] = "1"
    p = subprocess.Popen([AMC, "serve", "--socket", sock, "--quiet"], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(500):
        if os.path.exists(sock) or p.poll() is not None:
            break
        time.sleep(0.01)
    replies = []
    for _ in range(nreq):
        if p.poll() is not None:
            break
        replies.append(ask(sock, STATUS))
    if p.poll() is None:
        p.send_signal(signal.SIGTERM)
    try:
        _, err = p.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        _, err = p.communicate()
        failures.append(f"{extra}: amc serve did not end after SIGTERM")
    return p.returncode, err, replies


with tempfile.TemporaryDirectory(prefix="amc-mutcmd-serve-") as t:
    cnt = os.path.join(t, "count")
    counts = []
    for n in (1, 2):
        rc, err, replies = serve(t, {"AMC_FAIL_ALLOC_COUNT": cnt}, n)
        try:
            counts.append(int(open(cnt).read().strip()))
        except (OSError, ValueError):
            print("mutcmd_serve_alloc: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
            sys.exit(0)
        ok = all(r and b'"status_response"' in r for r in replies) and len(replies) == n
        if rc != 0 or not ok:
            failures.append(f"clean run ({n} requests): exit {rc}, replies {replies!r}, "
                            f"stderr {err[-300:]!r}")
    lo, hi = counts
    if not 0 < hi - lo < 200:
        failures.append(f"the second request made {hi - lo} allocations ({lo} -> {hi})")
    for k in range(lo, hi):
        rc, err, replies = serve(t, {"AMC_FAIL_ALLOC": str(k)}, 3)
        went_on = (rc == 0 and len(replies) == 3 and replies[2] is not None and
                   b'"status_response"' in replies[2])
        reported = rc == 2 and b"out of memory" in err
        if not went_on and not reported:
            failures.append(f"allocation {k} failed: exit {rc}, replies {replies!r}, "
                            f"stderr {err[-300:]!r}")
    print(f"mutcmd_serve_alloc: allocations {lo} to {hi - 1} (the second request) each failed "
          f"once")

for f in failures:
    print("FAIL:", f)
print(f"mutcmd_serve_alloc: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
