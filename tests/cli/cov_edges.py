#!/usr/bin/env python3
"""ctest cli.cov_edges: CLI output at its edges that a golden file cannot hold (file names with
characters a repository should not carry), each asserted exactly (issue 22).

usage: cov_edges.py AMC SOURCE_DIR
"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
TMP = tempfile.mkdtemp(prefix="amc-covedges-")
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def amc(args, **kw):
    return subprocess.run([AMC] + args, cwd=TMP, capture_output=True, text=True,
                          errors="replace", timeout=120, **kw)


# 1. SARIF artifact URIs: letters and digits at both ends of their ranges kept, the characters
# next to them ('`' '{' '[') percent-encoded, like a space, '%' and UTF-8 bytes; '~' kept; a
# first segment with ':' (it would read as a scheme) prefixed with "./"
name = "Zz9 aA0`{[\u00e9%~.json"
os.makedirs(os.path.join(TMP, "a:b"))
for f in (name, "a:b/x.json"):
    with open(os.path.join(TMP, f), "w") as fh:
        fh.write('{"a": 1, "a": 2}\n')
p = amc(["validate", "--format", "sarif", "--schema",
         os.path.join(SRC, "tests/data/schema/address.schema.json"), name, "a:b/x.json"])
uris = []
if p.returncode == 1:
    for r in json.loads(p.stdout)["runs"][0]["results"]:
        for loc in r["locations"]:
            uris.append(loc["physicalLocation"]["artifactLocation"]["uri"])
if sorted(set(uris)) != ["./a:b/x.json", "Zz9%20aA0%60%7B%5B%C3%A9%25~.json"]:
    fail(f"sarif uris: exit {p.returncode}, {uris}\n{p.stderr}")


# 1b. GitHub annotations: ':' and ',' of a file name percent-encoded in the file= property, the
# restated reader code after the message; JUnit: '&', '<' and a control character of a file
# name escaped (the control character as U+FFFD)
with open(os.path.join(SRC, "conformance/ignite/inputs/msg/line-without-colon.mime"), "rb") as fh:
    mime = fh.read()
with open(os.path.join(TMP, "x:y,z.mime"), "wb") as fh:
    fh.write(mime)
p = amc(["validate", "--profile", "ignite", "--format", "github", "x:y,z.mime"])
if p.returncode != 1 or p.stdout != "::error file=x%3Ay%2Cz.mime,line=10,col=1,title=" \
        "IGNITE_MSG_MALFORMED IGNITE-MSG-001::header line has no colon [MIME_NO_COLON]\n":
    fail(f"github: exit {p.returncode}\n{p.stdout}{p.stderr}")
for f in ("a&b<c.json", "c\x01d.json"):
    with open(os.path.join(TMP, f), "w") as fh:
        fh.write('{"a":1,"a":2}')
p = amc(["validate", "--format", "junit", "--schema",
         os.path.join(SRC, "tests/data/schema/address.schema.json"), "a&b<c.json", "c\x01d.json"])
names = [ln.strip() for ln in p.stdout.splitlines() if "<testcase " in ln]
if p.returncode != 1 or names != [
        '<testcase classname="amc validate" name="a&amp;b&lt;c.json">',
        '<testcase classname="amc validate" name="c\ufffdd.json">'] or \
        "c\ufffdd.json:1:8: error[JSON_DUP_KEY]: duplicate object key &quot;a&quot;" not in p.stdout:
    fail(f"junit: exit {p.returncode}\n{p.stdout}{p.stderr}")

# 1c. JSON reports: U+2028 and U+2029 of a message written as \u escapes (JavaScript reads them as
# line ends), other characters starting with the same two bytes (an em dash) as they are
with open(os.path.join(TMP, "const.json"), "w") as fh:
    fh.write('{"const": "x"}')
with open(os.path.join(TMP, "ls.json"), "w", encoding="utf-8") as fh:
    fh.write('"em \u2014 ls\u2028 ps\u2029"')
p = amc(["validate", "--format", "json", "--schema", "const.json", "ls.json"])
if p.returncode != 1 or "\u2028" in p.stdout or "\u2029" in p.stdout or \
        '"message": "\\"em \u2014 ls\\u2028 ps\\u2029\\" is not the required value \\"x\\""' \
        not in p.stdout:
    fail(f"json U+2028: exit {p.returncode}\n{p.stdout}{p.stderr}")

# 1d. trace check's HTML page: a legal trace with an RFC 3339 time and a party to escape (and an
# unfinished task: a warning); an event that is not an object, one without an event name: the
# illegal step on the "(event)" lane of invalid events, "(no event name)", the reason
traces = {
    "t1": ('{"event": "assign", "task": "T-1", "t": "2026-01-01T00:00:00Z", "worker": "w<1>"}\n',
           0, ["legal trace", "w&lt;1&gt;", "LC_ACP_UNFINISHED"]),
    "t2": ('{"event": "assign", "task": "T-1", "t": 0}\n[1, 2]\n', 1,
           ["illegal step", "(no event name)", ">invalid<", "an event is a JSON object, not array"]),
    "t3": ('{"event": "assign", "task": "T-1", "t": 0}\n{"task": "T-1", "t": 20}\n', 1,
           ["illegal step", "(no event name)", ">invalid<",
            "an event needs a string member &quot;event&quot; (its name)"]),
}
for name, (text, rc, want) in traces.items():
    with open(os.path.join(TMP, name + ".jsonl"), "w") as fh:
        fh.write(text)
    p = amc(["trace", "check", "--profile", "acp", "--format", "html", name + ".jsonl"])
    missing = [w for w in want if w not in p.stdout]
    if p.returncode != rc or missing or not p.stdout.rstrip().endswith("</html>"):
        fail(f"trace html {name}: exit {p.returncode}, missing {missing}\n{p.stderr}")

# 1e. an empty directory (git keeps none, so it is made here): nothing to validate, exit 2
# (under UBSan the walk passed qsort a NULL array: fixed)
os.makedirs(os.path.join(TMP, "empty"))
p = amc(["validate", "--profile", "mailbox", "empty"])
if p.returncode != 2 or p.stderr != "amc validate: empty: no *.json file in this directory: " \
        "nothing to validate\n":
    fail(f"empty directory: exit {p.returncode}\n{p.stderr}")

# 1f. --map-uri: the part of a $ref below PREFIX is percent-decoded (hex digits in either case)
# into a path below DIR; a NUL or a '..' segment after decoding resolves nothing (sec/s.json,
# which '..' would reach, would make "x" valid)
mu = os.path.join(TMP, "mu")
os.makedirs(os.path.join(mu, "dir"))
os.makedirs(os.path.join(mu, "sec"))
with open(os.path.join(mu, "dir", "a bJ.json"), "w") as fh:
    fh.write('{"type": "integer"}')
with open(os.path.join(mu, "sec", "s.json"), "w") as fh:
    fh.write('{"type": "string"}')
with open(os.path.join(mu, "i.json"), "w") as fh:
    fh.write('"x"')
for ref, rc, want in (
        ("http://x/a%20b%4A.json", 1, "mu/i.json:1:1: error[SCHEMA_TYPE]: "),
        ("http://x/a%20b%4a.json", 1, "mu/i.json:1:1: error[SCHEMA_TYPE]: "),
        ("http://x/a%00b.json", 2, "error[SCHEMA_REF_UNRESOLVED]: $ref \"http://x/a%00b.json\""),
        ("http://x/%2e%2e/sec/s.json", 2, "error[SCHEMA_REF_UNRESOLVED]: $ref "
                                          "\"http://x/%2e%2e/sec/s.json\" (http://x/../sec/s.json)"),
        ("http://x/sub/..%2F..%2Fsec/s.json", 2, "error[SCHEMA_REF_UNRESOLVED]: ")):
    with open(os.path.join(mu, "root.json"), "w") as fh:
        fh.write(json.dumps({"$ref": ref}))
    p = amc(["validate", "--schema", "mu/root.json", "--map-uri", "http://x/=mu/dir", "mu/i.json"])
    if p.returncode != rc or want not in p.stdout + p.stderr:
        fail(f"--map-uri {ref}: exit {p.returncode}, want {rc} and {want!r}\n{p.stdout}{p.stderr}")

# 1g. report merge reads a JSON Lines report with CRLF line ends as the LF one
with open(os.path.join(TMP, "ab.jsonl"), "w") as fh:
    fh.write('{"a": 1}\n{"a": "x"}\n')
with open(os.path.join(TMP, "int.json"), "w") as fh:
    fh.write('{"properties": {"a": {"type": "integer"}}}')
p = amc(["validate", "--schema", "int.json", "--jsonl", "--format", "json", "ab.jsonl"])
with open(os.path.join(TMP, "lf.jsonl"), "w") as fh:
    fh.write(p.stdout)
with open(os.path.join(TMP, "crlf.jsonl"), "w", newline="") as fh:
    fh.write(p.stdout.replace("\n", "\r\n"))
lf = amc(["report", "merge", "lf.jsonl"])
crlf = amc(["report", "merge", "crlf.jsonl"])
if p.returncode != 1 or (crlf.returncode, crlf.stdout, crlf.stderr) != \
        (lf.returncode, lf.stdout, lf.stderr) or lf.returncode != 1 or \
        lf.stderr != "" or '"line":2' not in lf.stdout:
    fail(f"report merge CRLF: {crlf.returncode} {crlf.stdout}{crlf.stderr} vs {lf.returncode} "
         f"{lf.stdout}{lf.stderr}")

# 1h. amc bowtie: a registry key ending in '#' names the same document; a test without an
# instance and a case without tests are errored with the reason, the run goes on
reqs = [{"cmd": "start", "version": 1},
        {"cmd": "dialect", "dialect": "https://json-schema.org/draft/2020-12/schema"},
        {"cmd": "run", "seq": 1, "case": {
            "description": "d", "schema": {"$ref": "http://r/s#"},
            "registry": {"http://r/s#": {"type": "integer"}},
            "tests": [{"description": "t", "instance": 1}, {"description": "u", "instance": "x"},
                      {"description": "no instance"}]}},
        {"cmd": "run", "seq": 2, "case": {"description": "d", "schema": {}}},
        {"cmd": "stop"}]
p = amc(["bowtie"], input="".join(json.dumps(r) + "\n" for r in reqs))
got = [json.loads(x) for x in p.stdout.splitlines()[1:]]
if p.returncode != 0 or got != [
        {"ok": True},
        {"seq": 1, "results": [{"valid": True}, {"valid": False},
                               {"errored": True,
                                "context": {"message": "the test has no \"instance\""}}]},
        {"seq": 2, "errored": True,
         "context": {"message": "the run request has no case with a \"tests\" array"}}]:
    fail(f"bowtie: exit {p.returncode}\n{p.stdout}{p.stderr}")

# 2. amc conform against adapters that fail around a case (tests/cli/cov_fuzz_adapter.py): an
# error reply to the reset before a session case is that case's error; an adapter that cannot
# be started again after a crash leaves the next case "not run" with the reason
def conform(mode):
    p = amc(["conform", "--profile", "mailbox", "--suite", os.path.join(SRC, "conformance"),
             "--format", "json", "--impl",
             f"{sys.executable} {SRC}/tests/cli/cov_fuzz_adapter.py {mode} {AMC}"])
    cases = json.loads(p.stdout)["cases"] if p.stdout.startswith("{") else []
    return p.returncode, [(x["kind"], x["outcome"], x["message"]) for x in cases]


rc, cases = conform("opfail:reset")
k = next((i for i, x in enumerate(cases) if x[0] == "session"), None)
if rc != 1 or k is None or cases[k][1:] != ("error", "reset: error reply") or \
        any(x[1] != "pass" for x in cases[:k]):
    fail(f"conform, reset error: exit {rc}, {cases[:(k or 0) + 1]}")
rc, cases = conform("once:" + os.path.join(TMP, "started"))
if rc != 1 or [x[1:] for x in cases[:2]] != [
        ("error", "adapter killed by signal 11"),
        ("not-tested", "not run: adapter restart failed: adapter exited with status 1 (crash?)")]:
    fail(f"conform, restart failed: exit {rc}, {cases[:2]}")
# the same as an HTML page: both outcomes with their messages
os.unlink(os.path.join(TMP, "started"))
p = amc(["conform", "--profile", "mailbox", "--suite", os.path.join(SRC, "conformance"),
         "--format", "html", "--impl",
         f"{sys.executable} {SRC}/tests/cli/cov_fuzz_adapter.py once:{TMP}/started {AMC}"])
if p.returncode != 1 or "adapter killed by signal 11" not in p.stdout or \
        "not run: adapter restart failed: adapter exited with status 1 (crash?)" not in p.stdout:
    fail(f"conform html, restart failed: exit {p.returncode}\n{p.stdout[-2000:]}")

# 3. amc serve: a client that sends part of a request and never half-closes gets an error reply
# after --timeout, and the log says so; SIGINT stops the server
sock = os.path.join(TMP, "serve.sock")
srv = subprocess.Popen([AMC, "serve", "--socket", sock, "--timeout", "1"], cwd=TMP,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
deadline = time.monotonic() + 30
while not os.path.exists(sock) and time.monotonic() < deadline and srv.poll() is None:
    time.sleep(0.05)
reply = b""
try:
    while True:  # the path exists from bind(), a moment before listen(): refused until then
        cl = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        cl.settimeout(30)
        try:
            cl.connect(sock)
            break
        except ConnectionRefusedError:
            cl.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)
    cl.sendall(b'{"type":')
    while True:
        chunk = cl.recv(4096)
        if not chunk:
            break
        reply += chunk
    cl.close()
except OSError as e:
    fail(f"serve: {e}")
srv.send_signal(signal.SIGINT)
try:
    _, err = srv.communicate(timeout=30)
except subprocess.TimeoutExpired:
    srv.kill()
    _, err = srv.communicate()
if json.loads(reply or b"{}") != {"type": "error", "from": "amc-serve",
                                  "message": "timed out: no half-close within 1 s"} or \
        "request#1: timed out: no half-close within 1 s\n" not in err or srv.returncode != 0:
    fail(f"serve timeout: exit {srv.returncode}, reply {reply!r}\n{err}")

# 4. amc probe --allow-tasks against a server whose result to the task has no id, or a number:
# SOCKET-LIVE-003 fails naming what came and the task's id (a thread of this script serves)
def probe_server(path, rid):
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(16)

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
            t = req.get("type") if isinstance(req, dict) else None
            if t == "status":
                out = {"type": "status_response", "from": "cov", "state": "idle",
                       "current_task": None}
            elif t == "task":
                out = {"type": "result", "from": "cov", "status": "success",
                       "payload": {"output": "", "summary": ""}}
                if rid is not None:
                    out["id"] = rid
            else:
                out = {"type": "error", "from": "cov", "message": "no"}
            conn.sendall(json.dumps(out).encode())
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


for rid, what in ((None, "missing"), (7, "7")):
    path = os.path.join(TMP, f"probe{what}.sock")
    srv = probe_server(path, rid)
    p = amc(["probe", "--socket", path, "--format", "json", "--timeout", "10", "--block-limit",
             "1", "--max-request", "1K", "--allow-tasks"])
    srv.close()
    rules = {r["id"]: r for r in json.loads(p.stdout)["rules"]} if p.stdout.startswith("{") \
        else {}
    msgs = [f["message"] for f in rules.get("SOCKET-LIVE-003", {}).get("findings", [])]
    if p.returncode != 1 or rules.get("SOCKET-LIVE-003", {}).get("outcome") != "fail" or \
            not any(m.startswith(f"the result's id is {what}, the task's task-") for m in msgs):
        fail(f"probe result id {what}: exit {p.returncode}, {msgs}\n{p.stderr}")

shutil.rmtree(TMP, ignore_errors=True)
if failures:
    print(f"{len(failures)} failure(s)")
    sys.exit(1)
print("cli.cov_edges: ok")
