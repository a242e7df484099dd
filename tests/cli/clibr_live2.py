#!/usr/bin/env python3
"""amc serve --quiet --timeout 0.3 and a client that never half-closes its request (issue 22,
helper clibr): after the timeout the client gets the error reply "timed out: no half-close
within 0 s" and the connection is closed; --quiet keeps it out of the log (only the listening
line is on standard error) (cmd_serve.c step).
Waits are bounded (at most 10 s).
Usage: clibr_live2.py AMC (run from the source tree)."""
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

AMC = os.path.abspath(sys.argv[1])
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


with tempfile.TemporaryDirectory(prefix="amc-clibr-live2-") as t:
    sock = os.path.join(t, "s.sock")
    sv = subprocess.Popen([AMC, "serve", "--socket", sock, "--quiet", "--timeout", "0.3"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    c.settimeout(10)
    end = time.monotonic() + 10
    while time.monotonic() < end and sv.poll() is None:
        try:
            c.connect(sock)
            break
        except OSError:
            time.sleep(0.02)
    got = b""
    try:
        c.sendall(b'{"type": "status", "from": "clibr"')  # no half-close
        t0 = time.monotonic()
        while True:
            d = c.recv(65536)
            if not d:
                break
            got += d
        waited = time.monotonic() - t0
    except OSError as e:
        waited = -1
        check(False, f"serve --timeout 0.3: {e}")
    c.close()
    rep = json.loads(got) if got else {}
    check(rep.get("type") == "error" and
          rep.get("message") == "timed out: no half-close within 0 s" and 0.2 < waited < 10,
          f"serve --timeout 0.3, no half-close: {got!r} after {waited:.2f} s")
    sv.send_signal(signal.SIGTERM)
    try:
        out, err = sv.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        sv.kill()
        out, err = sv.communicate()
    check(sv.returncode == 0 and err.decode() ==
          "amc serve: listening on %s (profile socket, mode 0600, name amc-serve)\n" % sock,
          f"serve --quiet: exit {sv.returncode} {err!r}")

for f in failures:
    print("FAIL:", f)
print(f"clibr_live2: {len(failures)} failures")
sys.exit(1 if failures else 0)
