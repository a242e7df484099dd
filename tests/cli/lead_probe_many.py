#!/usr/bin/env python3
"""ctest cli.lead_probe_many: amc probe keeps the first 8 distinct findings of a rule and counts
the rest (PROBE_MAX_FIND). The server answers every request with a reply of an unknown type
that differs each time ("bogus-1", "bogus-2", ...), and --clients 20 adds 20 status requests:
SOCKET-LIVE-003 fails with more than 8 distinct findings. The JSON report lists exactly 8, each
message different, and "moreFindings" counts the others; the text report says "(N more)".
(issue 22: cli_probe.c finding(), the search of the kept findings `i < pr->nfind` made <=, a
survivor of seed 112906: once 8 were kept the mutant read a 9th entry past the array, which
UBSan's bounds check reports.)
Usage: lead_probe_many.py AMC."""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading

AMC = os.path.abspath(sys.argv[1])
failures = []


def serve(path):
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(64)

    def one(conn, n):
        with conn:
            conn.settimeout(10)
            try:
                while conn.recv(65536):
                    pass
                conn.sendall(b'{"type": "bogus-%d"}' % n)
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
            threading.Thread(target=one, args=(conn, n), daemon=True).start()
    threading.Thread(target=loop, daemon=True).start()
    return srv


with tempfile.TemporaryDirectory() as t:
    path = os.path.join(t, "s.sock")
    srv = serve(path)
    reports = {}
    for fmt in ("json", "text"):
        p = subprocess.run([AMC, "probe", "--socket", path, "--clients", "20", "--block-limit",
                            "0.5", "--format", fmt], capture_output=True, text=True, timeout=120)
        if p.returncode != 1:
            failures.append(f"{fmt}: exit {p.returncode}, want 1\n{p.stdout}{p.stderr}")
        reports[fmt] = p.stdout
    srv.close()
    try:
        rules = {r["id"]: r for r in json.loads(reports["json"])["rules"]}
        r = rules["SOCKET-LIVE-003"]
        msgs = [f["message"] for f in r["findings"]]
        if (r["outcome"] != "fail" or len(msgs) != 8 or len(set(msgs)) != 8
                or not all(m.startswith("a status request was answered with bogus-") for m in msgs)
                or r["moreFindings"] < 12):
            failures.append(f"SOCKET-LIVE-003: {r['outcome']}, {len(msgs)} findings "
                            f"({len(set(msgs))} distinct), {r['moreFindings']} more; want 8 "
                            f"distinct and at least 12 more\n{msgs}")
        more = r["moreFindings"]
        if f"          ({more} more)" not in reports["text"].splitlines():
            failures.append(f"text: no '({more} more)' line\n{reports['text']}")
    except (ValueError, KeyError) as e:
        failures.append(f"json report: {e!r}\n{reports['json'][:2000]}")

for f in failures:
    print("FAIL:", f)
print(f"lead_probe_many: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
