#!/usr/bin/env python3
"""ctest fuzz.socket_closed: `amc fuzz --socket` against a server that closes every connection
without reading it (tests/fuzz/socket_server.py reset) reports a crash finding of class "closed"
whose summary names the system's reason: the reset, or the broken pipe when the close came
before the request was sent. Without the reason the finding would not say why the connection
ended.

usage: run_socket_closed.py AMC SOURCE_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

AMC = os.path.abspath(sys.argv[1])
HERE = os.path.join(os.path.abspath(sys.argv[2]), "tests", "fuzz")
TMP = tempfile.mkdtemp(prefix="amc-fuzz-closed-")
sock = os.path.join(TMP, "reset.sock")
srv = subprocess.Popen([sys.executable, os.path.join(HERE, "socket_server.py"), "reset", sock])
try:
    for _ in range(200):
        if os.path.exists(sock):
            break
        time.sleep(0.05)
    out = os.path.join(TMP, "out")
    p = subprocess.run([AMC, "fuzz", "--socket", sock, "--corpus",
                        os.path.join(HERE, "seeds", "socket"), "--runs", "5", "--seed", "5",
                        "--out", out, "-q"], capture_output=True, text=True, timeout=120)
    path = os.path.join(out, "findings.jsonl")
    fs = [json.loads(t) for t in open(path) if t.strip()] if os.path.exists(path) else []
finally:
    srv.kill()
    srv.wait()
    shutil.rmtree(TMP, ignore_errors=True)
why = ("crash: connection closed without a reply: Connection reset by peer",
       "crash: connection closed without a reply: Broken pipe")
ok = p.returncode == 1 and fs and all(
    f["class"] == "closed" and f["summary"].startswith(why) for f in fs)
for f in fs:
    print(f"{f['class']}: {f['summary']}")
if not ok:
    print(f"FAIL: exit {p.returncode} (want 1), want every finding of class closed with one of "
          f"{why}\n{p.stdout}{p.stderr}")
    sys.exit(1)
print(f"fuzz.socket_closed: ok ({len(fs)} finding(s))")
