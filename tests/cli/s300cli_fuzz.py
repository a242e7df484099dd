#!/usr/bin/env python3
"""ctest cli.s300cli_fuzz: amc fuzz at two edges that no test pinned (issue 22: survivors of
src/cli/ in the 300-mutant run, seed 112901), each on the exact exit status, message or finding.

  - --replay of a findings.jsonl line whose kind is a string but no kind amc knows ("bogus"):
    "not a finding line", exit 2 (cli_fuzz_find.c:366, the third || made &&: the mutant takes
    the line)
  - --socket: a reply of exactly 64 MiB (the limit; "error" padded with spaces) is read as the
    answer (amc agrees with it for seed 1: exit 0, no finding), one byte more is a "garbage"
    finding, "reply too long or unreadable" (cli_sock.c:115, *rlen > max made >=)

usage: s300cli_fuzz.py AMC SOURCE_DIR"""
import json
import os
import re
import shutil
import socket
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
from fuzzcheck import Check, findings  # noqa: E402

c = Check("cli.s300cli_fuzz", "amc-s300cli-")
TMP = c.tmp

# 1. a kind that is a string but not a kind
good = {"kind": "verdict", "input": "x.json", "profile": "mailbox"}
for i, line in enumerate([dict(good, kind="bogus"), dict(good, kind=""),
                          dict(good, kind="verdicts")]):
    d = os.path.join(TMP, f"badkind{i}")
    os.makedirs(d)
    with open(os.path.join(d, "findings.jsonl"), "w") as fh:
        fh.write(json.dumps(line) + "\n")
    p = c.amc(["fuzz", "--replay", d])
    if p.returncode != 2 or p.stderr != f"amc fuzz: {d}/findings.jsonl:1: not a finding line\n":
        c.fail(f"kind {line['kind']!r}: exit {p.returncode}\n{p.stdout}{p.stderr}")


# 2. a socket reply at the 64 MiB limit and one byte over it
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


LIMIT = 64 << 20
head = b'{"type": "error"'
for name, size in (("at-limit", LIMIT), ("over-limit", LIMIT + 1)):
    reply = head + b" " * (size - len(head) - 1) + b"}"
    assert len(reply) == size
    path = os.path.join(TMP, name + ".sock")
    srv = serve(path, reply)
    d = os.path.join(TMP, name)
    p = c.amc(["fuzz", "--profile", "socket", "--socket", path, "--runs", "1", "--seed", "1",
               "--out", d, "-q", "--max-findings", "1"])
    srv.close()
    classes = [(f["class"], f["impl"].get("detail")) for f in findings(d)]
    if size > LIMIT:
        if p.returncode != 1 or classes != [("garbage", "reply too long or unreadable")]:
            c.fail(f"{name}: exit {p.returncode}, findings {classes}\n{p.stdout}{p.stderr}")
    elif p.returncode != 0 or classes or "1 execs" not in p.stdout:
        c.fail(f"{name}: exit {p.returncode}, findings {classes}\n{p.stdout}{p.stderr}")

# 3. an adapter that closes its output at the first validate but lives on: amc waits 0.1 s for
# it, finds it running and calls the finding "closed" (it is killed when amc stops it)
ADAPTER = os.path.join(TMP, "closer.py")
with open(ADAPTER, "w") as fh:
    fh.write("""import json, os, subprocess, sys, time
ref = subprocess.Popen([sys.argv[1], "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                       text=True)
for line in sys.stdin:
    if json.loads(line).get("op") == "validate":
        sys.stdout.flush()
        os.close(1)
        time.sleep(60)
    ref.stdin.write(line)
    ref.stdin.flush()
    sys.stdout.write(ref.stdout.readline())
    sys.stdout.flush()
""")
seeds = os.path.join(TMP, "seeds")
os.makedirs(seeds)
with open(os.path.join(seeds, "s.json"), "w") as fh:
    fh.write("{}")
d = os.path.join(TMP, "closer")
p = c.amc(["fuzz", "--profile", "mailbox", "--corpus", seeds, "--impl",
           f"exec {sys.executable} {ADAPTER} {c.amc_path}", "--runs", "1", "--seed", "1",
           "--out", d, "-q", "--max-findings", "1"])
fs = [(f["kind"], f["class"], f["impl"].get("detail"), f["size"]) for f in findings(d)]
if p.returncode != 1 or fs != [("crash", "closed", "adapter exited or closed its output (crash?)",
                                1)]:
    c.fail(f"closer: exit {p.returncode}, findings {fs}\n{p.stdout}{p.stderr}")

# 4. --generate's key mutation flips the case of a key's first letter, A-Z and a-z only: seed 2
# gives 2000 inputs from one object whose keys start with A, Z, a, z and with the four
# characters just outside those ranges (@ [ ` {); among the inputs made by the "key" operator,
# the four letters show up flipped and the four others never do
seeds = os.path.join(TMP, "keyseeds")
os.makedirs(seeds)
with open(os.path.join(seeds, "s.json"), "w") as fh:
    fh.write('{"Ab": 1, "Zc": 2, "ad": 3, "ze": 4, "@f": 5, "[g": 6, "`h": 7, "{i": 8}')
d = os.path.join(TMP, "keys")
p = c.amc(["fuzz", "--generate", "2000", "--profile", "mailbox", "--corpus", seeds, "--seed", "2",
           "--max-len", "120", "--out", d, "-q"])
keys = set()
nkey = 0
for line in open(os.path.join(d, "inputs.jsonl")) if p.returncode == 0 else ():
    row = json.loads(line)
    if row["op"] == "key":
        nkey += 1
        with open(os.path.join(d, row["file"]), "rb") as fh:
            keys.update(k.decode("latin-1") for k in re.findall(rb'"([^"]*)"\s*:', fh.read()))
got = [k for k in ("ab", "zc", "Ad", "Ze", "`f", "{g", "@h", "[i") if k in keys]
if p.returncode != 0 or nkey != 35 or got != ["ab", "zc", "Ad", "Ze"]:
    c.fail(f"key case: exit {p.returncode}, {nkey} key inputs, flipped {got}\n{p.stderr}")
shutil.rmtree(d, ignore_errors=True)
c.finish()
