#!/usr/bin/env python3
"""ctest cli.lead_fuzz_sockreply: amc fuzz --profile socket --socket judges a reply-type input
(JSON whose "type" is neither "task" nor "status") by the server's answer: an error reply is no
verdict (a server need not answer what is not a request), but any other reply means the server
took the input, so where amc says invalid that is a finding (cli_fuzz_target.c,
`no_verdict = !valid && !socket_is_request(...)`; the mutant `||`, a survivor of seed 112907,
took every reply-type input for no verdict and never reported one).
One seed, {"type": "result", "id": "x"} (amc: invalid, members missing), one run, seed 1:
against a server that answers every request with a result, exit 1 and one impl-valid finding;
against one that answers with an error, exit 0 and no finding.
Usage: lead_fuzz_sockreply.py AMC."""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading

AMC = os.path.abspath(sys.argv[1])
failures = []


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
                conn.settimeout(10)
                try:
                    while conn.recv(65536):
                        pass
                    conn.sendall(reply)
                except OSError:
                    pass
    threading.Thread(target=loop, daemon=True).start()
    return srv


with tempfile.TemporaryDirectory() as t:
    seeds = os.path.join(t, "seeds")
    os.makedirs(seeds)
    with open(os.path.join(seeds, "a.json"), "w") as f:
        f.write('{"type": "result", "id": "x"}')
    for name, reply, want_rc, want in (
            ("result", b'{"type": "result", "status": "success"}', 1, ["impl-valid"]),
            ("error", b'{"type": "error", "message": "not a request"}', 0, [])):
        path = os.path.join(t, name + ".sock")
        srv = serve(path, reply)
        out = os.path.join(t, "out-" + name)
        p = subprocess.run([AMC, "fuzz", "--profile", "socket", "--socket", path, "--corpus",
                            seeds, "--runs", "1", "--seed", "1", "--out", out, "-q"],
                           capture_output=True, text=True, timeout=60)
        srv.close()
        fl = os.path.join(out, "findings.jsonl")
        got = [json.loads(ln)["class"] for ln in open(fl)] if os.path.exists(fl) else []
        if p.returncode != want_rc or got != want or "1 execs" not in p.stdout:
            failures.append(f"{name} reply: exit {p.returncode}, findings {got}; want exit "
                            f"{want_rc}, {want}\n{p.stdout}{p.stderr}")

for f in failures:
    print("FAIL:", f)
print(f"lead_fuzz_sockreply: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
