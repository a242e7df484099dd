#!/usr/bin/env python3
"""ctest cli.c15_fuzz_socket_reply: amc fuzz --profile socket --socket against a server that gives
one fixed reply, --runs 1 from one seed {"type": "result"} (a message of a reply type, which amc
finds invalid). docs/fuzzing.md "Socket mode": an "error" reply to a message of a reply type
(anything but task and status) gives no verdict, any other reply is "valid". So a "result"
reply makes a finding (exit 1, one impl-valid verdict finding, found on the 18-byte seed itself)
and an "error" reply none (exit 0, "no findings"). Issue 22: cli_fuzz_target.c:543
(`!res->valid && !socket_is_request(...)` made ||, a survivor of the 300-mutant run seed
112907): the mutant gave no verdict for any reply to a reply-type message, valid ones too.

usage: c15_fuzz_socket_reply.py AMC"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading

AMC = os.path.abspath(sys.argv[1])
failures = []
tmp = tempfile.mkdtemp(prefix="amc-c15-sock-")


def serve(path, reply):
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(16)

    def loop():
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:
                return
            with conn:
                while conn.recv(65536):
                    pass
                try:
                    conn.sendall(reply)
                except OSError:
                    pass
    threading.Thread(target=loop, daemon=True).start()
    return srv


try:
    seeds = os.path.join(tmp, "seeds")
    os.makedirs(seeds)
    with open(os.path.join(seeds, "r.json"), "w") as fh:
        fh.write('{"type": "result"}')
    for name, reply, want_rc, want in (("result", b'{"type": "result"}', 1, [("impl-valid", 18)]),
                                       ("error", b'{"type": "error"}', 0, [])):
        path = os.path.join(tmp, name + ".sock")
        srv = serve(path, reply)
        out = os.path.join(tmp, "out-" + name)
        p = subprocess.run([AMC, "fuzz", "--profile", "socket", "--corpus", seeds, "--socket",
                            path, "--runs", "1", "--seed", "1", "--out", out, "-q"],
                           capture_output=True, text=True, timeout=60,
                           env=dict(os.environ, AMC_NO_CONFIG="1"))
        srv.close()
        lst = os.path.join(out, "findings.jsonl")
        got = [(f["class"], f["original_size"]) for f in
               (json.loads(line) for line in open(lst))] if os.path.exists(lst) else []
        if p.returncode != want_rc or got != want or (not want and "no findings" not in p.stdout):
            failures.append(f"{name} reply: exit {p.returncode} (want {want_rc}), findings {got} "
                            f"(want {want})\n{p.stdout[-600:]}{p.stderr[-300:]}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("c15_fuzz_socket_reply:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
