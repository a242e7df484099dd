#!/usr/bin/env python3
"""ctest cli.cov_fuzz: `amc fuzz` message mode against implementations that fail in one way each
(tests/cli/cov_fuzz_adapter.py, exec commands, socket servers in this script): the finding's
kind, class, detail and shrunk size, the summary lines, the exit status; the shrinker's run
budget; seeds from .jsonl files and subdirectories; the progress line on a terminal; --replay
and --emit-cases on hand-made and broken findings directories. Seeded, a few runs each.

usage: cov_fuzz.py AMC SOURCE_DIR
"""
import base64
import json
import os
import pty
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
from fuzzcheck import Check, findings  # noqa: E402

c = Check("cli.cov_fuzz", "amc-covfuzz-")
AMC, TMP, PY = c.amc_path, c.tmp, sys.executable
ADAPTER = os.path.join(c.src, "tests", "cli", "cov_fuzz_adapter.py")
MB_SEEDS = os.path.join(c.here, "seeds", "mailbox")


def adapter(mode):
    return f"{PY} {ADAPTER} {mode} {AMC}"


def out_dir(name):
    return os.path.join(TMP, name)


def run(name, args, runs=20, seed=3, extra=()):
    """amc fuzz ARGS --out TMP/NAME; returns (process, findings)."""
    out = out_dir(name)
    p = c.amc(["fuzz"] + args + ["--runs", str(runs), "--seed", str(seed), "--out", out, "-q"]
              + list(extra))
    return p, findings(out)


def expect(name, p, fs, rc, n=None):
    if p.returncode != rc:
        c.fail(f"{name}: exit {p.returncode}, want {rc}\n{p.stdout}{p.stderr}")
        return False
    if n is not None and len(fs) != n:
        c.fail(f"{name}: {len(fs)} findings, want {n}: {fs}")
        return False
    return True


def expect_one(name, args, kind, cls, detail=None, size=None, runs=20, extra=()):
    p, fs = run(name, args, runs=runs, extra=extra)
    if not expect(name, p, fs, 1) or not fs:
        if p.returncode == 1:
            c.fail(f"{name}: exit 1 without a finding\n{p.stdout}{p.stderr}")
        return None, None
    f = fs[0]
    if (f["kind"], f["class"]) != (kind, cls):
        c.fail(f"{name}: {f['kind']} ({f['class']}), want {kind} ({cls})")
    if detail is not None and f["impl"].get("detail") != detail:
        c.fail(f"{name}: detail {f['impl'].get('detail')!r}, want {detail!r}")
    if size is not None and f["size"] != size:
        c.fail(f"{name}: shrunk to {f['size']} bytes, want {size}")
    data = open(os.path.join(out_dir(name), f["input"]), "rb").read()
    if len(data) != f["size"]:
        c.fail(f"{name}: {f['input']} has {len(data)} bytes, the line says {f['size']}")
    return p, f


mb = ["--profile", "mailbox", "--corpus", MB_SEEDS]

# 1. adapter replies that are no verdict: an error reply is a crash (its text made one printable
# line), "skipped" for a claimed profile and a line that is not JSON are garbage. Every input
# shows them, so each shrinks to one byte. -v prints each finding as it is stored.
p, f = expect_one("error", mb + ["--impl", adapter("error")], "crash", "error reply",
                  detail="error reply: boom?here", size=1, extra=["-v"])
if p and "amc fuzz: finding: crash: error reply: boom?here (amc says invalid: " \
        "JSON_UNEXPECTED_END)" not in p.stderr:
    c.fail(f"error -v: the finding is not on stderr\n{p.stderr}")
if p and "findings: 1 new (0 verdict, 1 crash, 0 hang, 0 garbage)" not in p.stdout:
    c.fail(f"error: summary\n{p.stdout}")
expect_one("skipped", mb + ["--impl", adapter("skipped")], "garbage", "skipped",
           detail="skipped an input of a claimed capability: not today", size=1)
p, f = expect_one("garbage", mb + ["--impl", adapter("garbage")], "garbage", "garbage",
                  detail="garbage reply (adapter reply: not JSON: this is not?JSON)", size=1,
                  extra=["-v"])
# -v: the reply's diagnostic on stderr
if p and "<adapter>:1:1: error[CONFORM_REPLY_INVALID]: adapter reply: not JSON\n" \
        not in p.stderr:
    c.fail(f"garbage -v: {p.stderr}")

# 2. the adapter dies: an exit status is class "exit N"; a signal is "signal N", whether the
# shell reports it (128 + N) or the adapter is the shell's own process (exec)
expect_one("exit3", mb + ["--impl", adapter("exit:3")], "crash", "exit 3", size=1)
expect_one("segv", mb + ["--impl", "exec " + adapter("segv")], "crash", "signal 11", size=1)

# 3. codes: both say invalid, the implementation misses one of amc's error codes
p, fs = run("dropcode", mb + ["--impl", adapter("dropcode"), "--max-findings", "1"], runs=40)
if expect("dropcode", p, fs, 1):
    f = fs[0]
    code = f["class"][len("codes:"):]
    if not f["class"].startswith("codes:") or f["codes"] != [code] or \
            f["summary"] != f"both say invalid, but the implementation does not report {code}" \
            or f["impl"]["verdict"] != "invalid" or code in f["impl"]["codes"] \
            or code not in f["amc"]["codes"]:
        c.fail(f"dropcode: {f}")

# 4. the shrink budget: an implementation wrong only on inputs of 20000 bytes or more, from a
# 20000-byte seed: no shorter candidate shows the finding, so the shrinker spends exactly its
# 2000 runs (not one more) and keeps the input whole
big = out_dir("bigseed")
os.makedirs(big)
with open(os.path.join(big, "big.json"), "w") as fh:
    fh.write('{"pad":"' + "a" * 19990 + '"}')
p, f = expect_one("budget", ["--profile", "mailbox", "--corpus", big, "--impl",
                             adapter("big:20000")], "verdict", "impl-valid", size=20000, runs=1)
if f and (f["shrink_runs"] != 2000 or f["original_size"] != 20000):
    c.fail(f"budget: {f['shrink_runs']} shrink runs from {f['original_size']} bytes, "
           "want 2000 from 20000")

# 5. a second run into the same directory finds the same thing again: counted, not written twice
p, fs = run("error", mb + ["--impl", adapter("error")])
if expect("error again", p, fs, 1, n=1) and \
        "findings: 0 new (0 verdict, 0 crash, 0 hang, 0 garbage), 1 found again from earlier " \
        "runs" not in p.stdout:
    c.fail(f"error again: summary\n{p.stdout}")

# 5b. a hello refused (an error reply) or in another protocol version: not reached, exit 3
for mode, why in (("opfail:hello", "hello refused: no hello"),
                  ("proto:2", "adapter speaks protocol 2, runner 1")):
    p, fs = run("hello-" + mode, mb + ["--impl", adapter(mode)], runs=1)
    if p.returncode != 3 or p.stderr != f"amc fuzz: implementation not reached: {why}\n":
        c.fail(f"hello {mode}: exit {p.returncode}\n{p.stderr}")

# 6. the adapter claims no codes: verdicts only, said in the summary; no profile claimed: exit 2
p, fs = run("nocodes", mb + ["--impl", adapter("nocodes")], runs=10)
if expect("nocodes", p, fs, 0, n=0) and ", verdicts only (no codes claimed)" not in p.stdout:
    c.fail(f"nocodes: summary\n{p.stdout}")
p, fs = run("noprofile", mb + ["--impl", adapter("noprofile")], runs=10)
if expect("noprofile", p, fs, 2, n=0) and \
        "amc fuzz: the adapter does not claim profile mailbox" not in p.stderr:
    c.fail(f"noprofile: stderr\n{p.stderr}")

# two jobs share --runs 5 (3 and 2), each with every seed in its corpus
p, fs = run("jobs2", mb + ["--impl", f"{AMC} adapter", "--jobs", "2"], runs=5)
if expect("jobs2", p, fs, 0, n=0) and not (", seed 3, 2 jobs\n5 execs in " in p.stdout and
                                           p.stdout.endswith("no findings\n")):
    c.fail(f"jobs2: {p.stdout}")

# 7. seeds: a .jsonl file is one seed a non-blank line (CR-only lines skipped), named
# FILE-N.json; subdirectories are walked in name order, dot files skipped, files over
# --max-len left out; an ignite corpus without files gets the built-in MIME seed; --corpus
# naming a file is exit 2
seeds = out_dir("jseeds")
os.makedirs(os.path.join(seeds, "sub"))
env = open(os.path.join(MB_SEEDS, "env-001-valid-task-assignment.json")).read()
one = json.dumps(json.loads(env))
with open(os.path.join(seeds, "a.jsonl"), "w") as fh:
    fh.write(one + "\n\n\r\n" + one + "\n")
with open(os.path.join(seeds, "sub", "b.json"), "w") as fh:
    fh.write(env)
with open(os.path.join(seeds, ".hidden.json"), "w") as fh:
    fh.write(env)
with open(os.path.join(seeds, "zz-big.json"), "w") as fh:
    fh.write('{"x":"' + "b" * 5000 + '"}')
log = os.path.join(TMP, "names.log")
p, fs = run("jseeds", ["--profile", "mailbox", "--corpus", seeds, "--impl",
                       adapter("lognames:" + log), "--max-len", "4096"], runs=3)
names = open(log).read().split() if os.path.exists(log) else []
if expect("jseeds", p, fs, 0, n=0) and names != ["a-1.json", "a-2.json", "sub/b.json"]:
    c.fail(f"jseeds: the first inputs were named {names}")
empty = out_dir("empty")
os.makedirs(empty)
p, f = expect_one("mimeseed", ["--profile", "ignite", "--corpus", empty, "--impl",
                               adapter("error")], "crash", "error reply", runs=1)
if f and (f["name"] != "msg/seed.mime" or not f["input"].endswith(".mime")):
    c.fail(f"mimeseed: {f['name']} {f['input']}")
p = c.amc(["fuzz"] + ["--profile", "mailbox", "--corpus", log, "--impl", adapter("error"),
                      "--runs", "1", "--out", out_dir("nodir"), "-q"])
if p.returncode != 2 or p.stderr != f"amc fuzz: --corpus {log} is not a directory\n":
    c.fail(f"--corpus FILE: exit {p.returncode}\n{p.stderr}")
# a seed path with a quote and a control character: the exec command gets the file (shell-quoted
# right: it exists, so the command exits 3), the adapter gets the name (JSON-escaped right)
odd = out_dir("oddseed")
os.makedirs(os.path.join(odd, "it's"))
with open(os.path.join(odd, "it's", "x\x01y.json"), "w") as fh:
    fh.write('{"a": 1}')
p, f = expect_one("oddname", ["--profile", "mailbox", "--corpus", odd, "--impl-exec",
                              "[ -f {file} ] && exit 3; exit 1"], "crash", "exit 3", runs=1)
if f and f["name"] != "it's/x\x01y.json":
    c.fail(f"oddname: the finding names {f['name']!r}")
olog = os.path.join(TMP, "oddnames.log")
p, fs = run("oddname2", ["--profile", "mailbox", "--corpus", odd, "--impl",
                         adapter("lognames:" + olog)], runs=1)
if not expect("oddname2", p, fs, 0, n=0) or open(olog).read() != "it's/x\x01y.json\n":
    c.fail(f"oddname2: the adapter got {open(olog).read()!r}")

# 8. exec mode: an exit status other than 0 and 1 is a crash "exit N"; a command killed by a
# signal (the shell itself here: no 128 + N) is "signal N"; no exit within --timeout is a hang
# (a two-byte seed: every input shows the finding, so shrinking it costs one or two runs)
tiny = out_dir("tinyseed")
os.makedirs(os.path.join(tiny, "msg"))
with open(os.path.join(tiny, "msg", "x.mime"), "w") as fh:
    fh.write("a\n")
ig = ["--profile", "ignite", "--corpus", tiny]
expect_one("exec-exit", ig + ["--impl-exec", "exit 3; : {file}"], "crash", "exit 3",
           detail="exit status 3 (0 valid, 1 invalid)", size=1, runs=1)
expect_one("exec-signal", ig + ["--impl-exec", "kill -SEGV $$; : {file}"], "crash",
           "signal 11", detail="killed by signal 11", size=1, runs=1)
expect_one("exec-hang", ig + ["--impl-exec", "sleep 30; : {file}", "--timeout", "0.2"], "hang",
           "timeout", detail="no exit within 0.2 s", size=1, runs=1)


# 9. socket mode against servers in this script: a reply that is not JSON is garbage; a server
# that answered once and then went away is a crash ("connect", said so); no reply within
# --timeout is a hang
class Server:
    def __init__(self, path, answer, once=False):
        self.path, self.answer, self.once = path, answer, once
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.s.bind(path)
        self.s.listen(8)
        self.held = []
        self.t = threading.Thread(target=self.loop, daemon=True)
        self.t.start()

    def loop(self):
        while True:
            try:
                conn, _ = self.s.accept()
            except OSError:
                return
            while conn.recv(65536):
                pass
            if self.once:
                self.s.close()  # the socket file stays: the next connect is refused
            if self.answer is None:
                self.held.append(conn)  # never answered, never closed
                continue
            conn.sendall(self.answer)
            conn.close()
            if self.once:
                return

    def close(self):
        self.s.close()
        for h in self.held:
            h.close()


sk = ["--corpus", os.path.join(c.here, "seeds", "socket")]
for name, answer, once, kind, cls, detail in (
        ("sock-garbage", b"not json", False, "garbage", "garbage",
         "reply is not one JSON object with a string type: not json"),
        ("sock-died", b'{"type":"status_response"}', True, "crash", "connect",
         "connect: Connection refused (the server answered before: it died?)"),
        ("sock-hang", None, False, "hang", "timeout", None)):
    path = os.path.join(TMP, name + ".sock")
    srv = Server(path, answer, once)
    expect_one(name, sk + ["--socket", path, "--timeout", "0.2"], kind, cls, detail=detail,
               runs=3)
    if name == "sock-garbage":  # the recorded target is the socket: replayed there
        p = c.amc(["fuzz", "--replay", out_dir(name)])
        if p.returncode != 1 or not p.stdout.startswith("reproduced "):
            c.fail(f"sock-garbage replay: exit {p.returncode}\n{p.stdout}{p.stderr}")
    srv.close()

# a socket path longer than a Unix socket address holds: not reachable (exit 3), said; it was a
# "garbage" finding for every input (connect() failed with ENAMETOOLONG)
longp = os.path.join(TMP, "d" * 60, "e" * 60, "s.sock")
p = c.amc(["fuzz", "--socket", longp, "--runs", "3", "--out", out_dir("longsock"), "-q"])
if p.returncode != 3 or p.stderr != f"amc fuzz: implementation not reached: {longp}: File name " \
        "too long (a Unix socket path has at most 107 bytes)\n" or findings(out_dir("longsock")):
    c.fail(f"long socket path: exit {p.returncode}\n{p.stdout}{p.stderr}")

# 10. --replay and --emit-cases on findings directories put together by hand
def lines_of(name):
    return [json.loads(x) for x in open(os.path.join(out_dir(name), "findings.jsonl"))]


def make_dir(name, lines, inputs=(), raw_tail=""):
    d = out_dir(name)
    os.makedirs(d)
    with open(os.path.join(d, "findings.jsonl"), "w") as fh:
        fh.write("".join(json.dumps(x) + "\n" for x in lines) + raw_tail)
    for src, f in inputs:
        with open(os.path.join(d, f), "wb") as o, open(os.path.join(out_dir(src), f), "rb") as i:
            o.write(i.read())
    return d


def replay(name, args, rc, out=None, err=None):
    p = c.amc(["fuzz", "--replay", out_dir(name)] + args)
    if p.returncode != rc or (out is not None and out not in p.stdout) or \
            (err is not None and not p.stderr.endswith(err)):
        c.fail(f"replay {name} {args}: exit {p.returncode}, want {rc}\n{p.stdout}{p.stderr}")
    return p


err_line, skip_line = lines_of("error")[0], lines_of("skipped")[0]
# two findings recorded with two implementations: each replayed against its own; a blank line
# is skipped
make_dir("two", [err_line, skip_line], [("error", err_line["input"]),
                                        ("skipped", skip_line["input"])], raw_tail="\n")
p = replay("two", [], 1, out="amc fuzz --replay: 2 reproduced, 0 not reproduced\n")
if p.stdout.count("reproduced     ") != 2:
    c.fail(f"two: {p.stdout}")
# an input file that is gone: "error", exit 2
make_dir("gone", [err_line])
p = replay("gone", [], 2, out="amc fuzz --replay: 0 reproduced, 0 not reproduced, some could "
                              "not be run\n")
if p.stdout.startswith("error ") is False:
    c.fail(f"gone: {p.stdout}")
# no implementation recorded and none given: exit 2; one given that does not start: exit 3
bare = dict(err_line)
del bare["target"]
make_dir("bare", [bare], [("error", err_line["input"])])
replay("bare", [], 2, err="amc fuzz: --replay: no implementation (give --impl, --impl-exec or "
                          "--socket)\n")
p = replay("bare", ["--impl", "exit 1"], 3)
if not p.stderr.startswith("amc fuzz: --replay: implementation not reached: "):
    c.fail(f"bare --impl 'exit 1': {p.stderr}")
# a line that is not a finding: exit 2, with its line number
make_dir("notfinding", [err_line], raw_tail='{"kind": "nosuch", "input": "x"}\n')
replay("notfinding", [], 2, err=f"amc fuzz: {out_dir('notfinding')}/findings.jsonl:2: not a "
                                "finding line\n")
# --emit-cases: findings of two profiles cannot go into one suite; no findings, no cases; an
# input that cannot be copied is exit 2; a finding amc calls valid becomes a "valid" case under
# the first MUST rule of the profile whose code amc did not report
mime_line = lines_of("mimeseed")[0]
make_dir("twoprof", [err_line, mime_line], [("error", err_line["input"]),
                                            ("mimeseed", mime_line["input"])])
replay("twoprof", ["--emit-cases", out_dir("em1")], 2,
       err=f"amc fuzz: --emit-cases: findings of several profiles in {out_dir('twoprof')}\n")
make_dir("none", [])
replay("none", ["--emit-cases", out_dir("em2")], 0,
       out=f"amc fuzz: no findings in {out_dir('none')}: no cases written\n")
replay("gone", ["--emit-cases", out_dir("em3")], 2,
       err=f"amc fuzz: --emit-cases: cannot copy {out_dir('gone')}/{err_line['input']} to "
           f"{out_dir('em3')}/mailbox/inputs/fuzz-{err_line['input'][:-5]}/{err_line['name']}\n")
amc_codes = ["MAILBOX_DUPLICATE_DELIVERY", "MAILBOX_SCHEMA_INVALID"]  # a warning, an error
valid = dict(err_line, amc={"verdict": "valid", "codes": amc_codes})
make_dir("validamc", [valid], [("error", err_line["input"])])
replay("validamc", ["--emit-cases", out_dir("em4")], 0)
rules = json.loads(c.amc(["rules", "--profile", "mailbox", "--format", "json"]).stdout)
rules = rules["rules"] if isinstance(rules, dict) else rules
want = next(r["id"] for r in rules
            if r["level"] == "MUST" and r["code"] not in amc_codes
            and "-LC-" not in r["id"] and "-WS-" not in r["id"] and "-LIVE-" not in r["id"])
# amc's verdict "invalid" without a rule: the first MUST rule whose code amc did not report too
norule = dict(err_line, amc={"verdict": "invalid", "codes": ["MAILBOX_SCHEMA_INVALID"]})
make_dir("norule", [norule], [("error", err_line["input"])])
replay("norule", ["--emit-cases", out_dir("em6")], 0)
cases6 = json.load(open(os.path.join(out_dir("em6"), "mailbox", "cases.json")))
cases = json.load(open(os.path.join(out_dir("em4"), "mailbox", "cases.json")))
if [(x["verdict"], x["codes"], x["rule"], x["level"]) for x in cases] != \
        [("valid", ["MAILBOX_SCHEMA_INVALID"], want, "MUST")] or want == "MAILBOX-ENV-001":
    c.fail(f"validamc: {cases}, want rule {want}")
want6 = next(r["id"] for r in rules
             if r["level"] == "MUST" and r["code"] != "MAILBOX_SCHEMA_INVALID"
             and "-LC-" not in r["id"] and "-WS-" not in r["id"] and "-LIVE-" not in r["id"])
if [(x["verdict"], x["codes"], x["rule"]) for x in cases6] != \
        [("invalid", ["MAILBOX_SCHEMA_INVALID"], want6)]:
    c.fail(f"norule: {cases6}, want rule {want6}")
# --replay with an implementation, then --emit-cases that cannot write one suite: exit 2
replay("twoprof", ["--impl", adapter("error"), "--emit-cases", out_dir("em5")], 2,
       err=f"amc fuzz: --emit-cases: findings of several profiles in {out_dir('twoprof')}\n")
# a second job whose implementation does not start: exit 3, said; --out that cannot be made: 2
p = c.amc(["fuzz"] + mb + ["--impl", adapter("once:" + os.path.join(TMP, "once")), "--jobs",
                           "2", "--runs", "5", "--out", out_dir("jobs"), "-q"])
if p.returncode != 3 or p.stderr != "amc fuzz: job 1: implementation not reached: adapter " \
        "exited with status 1 (crash?)\n":
    c.fail(f"job 1 not reached: exit {p.returncode}\n{p.stderr}")
p = c.amc(["fuzz"] + mb + ["--impl", "x", "--runs", "1", "--out", "/dev/null/x", "-q"])
if p.returncode != 2 or p.stderr != "amc fuzz: cannot create /dev/null/x: Not a directory\n":
    c.fail(f"--out /dev/null/x: exit {p.returncode}\n{p.stderr}")

# 11. the YAML writer of IGNITE bodies (the body mutated as a tree and written back) quotes a
# string that a plain scalar would change: one ending in ':' or holding ': ' (a mapping), one
# holding ' #' (a comment); a ':' inside a word stays plain. The seed's values are single-quoted,
# so a double-quoted one was written by the tree writer.
ys = out_dir("yseed")
qdir = os.path.join(ys, "workspace", "queue", "ignitian_1")
os.makedirs(qdir)
head = open(os.path.join(c.here, "seeds", "ignite", "workspace", "queue", "ignitian_1",
                         "task_assignment_1770263544123456.mime")).read().split("\n\n")[0]
with open(os.path.join(qdir, "task_assignment_1770263544123456.mime"), "w") as fh:
    fh.write(head + "\n\ntype: task_assignment\na: 'ends:'\nb: 'k: v'\nc: 'x #y'\n"
             "d: 'plain:colon'\n")
ylog = os.path.join(TMP, "ydata.log")
p, fs = run("yaml", ["--profile", "ignite", "--corpus", ys, "--impl",
                     adapter("logdata:" + ylog)], runs=200, seed=4)
body_lines = {}
for x in open(ylog) if os.path.exists(ylog) else ():
    for ln in base64.b64decode(x).split(b"\n\n", 1)[-1].split(b"\n"):
        body_lines[ln] = body_lines.get(ln, 0) + 1
want = [b'a: "ends:"', b'b: "k: v"', b'c: "x #y"', b"d: plain:colon"]
never = [b"a: ends:", b"b: k: v", b"c: x #y"]
if not expect("yaml", p, fs, 0, n=0) or not all(body_lines.get(w) for w in want) or \
        any(body_lines.get(w) for w in never):
    c.fail(f"yaml writer: {[(w, body_lines.get(w)) for w in want + never]}")

# 12. on a terminal: the progress line (carriage returns, the last one ended by a newline);
# SIGINT ends the run with its summary, exit 0 when nothing was found
master, slave = pty.openpty()
proc = subprocess.Popen([AMC, "fuzz"] + mb + ["--impl", f"{AMC} adapter", "--seconds", "120",
                                              "--seed", "5", "--out", out_dir("tty")],
                        cwd=TMP, stdout=subprocess.PIPE, stderr=slave, text=True)
os.close(slave)
seen = b""
deadline = time.monotonic() + 60
while b"\r#" not in seen and time.monotonic() < deadline:
    r, _, _ = select.select([master], [], [], 1)
    if r:
        try:
            seen += os.read(master, 4096)
        except OSError:
            break
proc.send_signal(signal.SIGINT)
try:
    stdout, _ = proc.communicate(timeout=60)
except subprocess.TimeoutExpired:
    proc.kill()
    stdout, _ = proc.communicate()
while select.select([master], [], [], 2)[0]:  # the rest (the pty may stay open a while)
    try:
        chunk = os.read(master, 4096)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
os.close(master)
text = seen.decode("utf-8", "replace").replace("\r\n", "\n")
last = text.rsplit("\r", 1)[-1]
if proc.returncode != 0 or not re.fullmatch(
        r"#\d+ execs \(\d+/s\), 0 findings, amc codes \d+/\d+, corpus \d+, \d+ s  \r?\n", last) \
        or "amc fuzz: profile mailbox, adapter" not in stdout or "no findings" not in stdout:
    c.fail(f"tty: exit {proc.returncode}\n{text!r}\n{stdout}")

c.finish()
