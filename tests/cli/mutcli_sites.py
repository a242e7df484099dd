#!/usr/bin/env python3
"""Edges of src/cli that surviving mutants of fresh samples (seed 7101 and the lead's list,
issue 22) showed no test pinned, each asserted exactly:
  1. amc report html: a column's score cell counts each outcome where it belongs: pass, bad
     (fail, error, not-tested and xpass, each one of them), xfail and skip; the score is pass
     over the cases that were not skipped, "measured" leaves out skip and not-tested
     (cli_html_report.c sum_of, score_cell; the whole cell is compared),
  2. amc fuzz --replay: amc gives its own check the finding's file name only when the
     implementation claims <profile>.path: a finding whose name puts a valid envelope into
     another agent's inbox (MAILBOX-TREE-001) is "both say valid" against an implementation
     that does not claim mailbox.path, and reproduced against one that does (cli_fuzz_msg.c
     replay_message),
  3. amc probe: the concurrent step names each client it sent (1 to N) that got no answer
     within --timeout, and says how many of N were answered; a server (in this script) answers
     every connection before that step and only the first of its clients (cli_probe.c
     concurrent_step). The number of connections before the step is counted on a first run,
     so the test does not hard-code the list of steps,
  4. amc conform: a case whose policy names a keyring file the suite lacks stops the run (exit
     2) with the path it could not read (cmd_conform.c read_fixture).
Usage: mutcli_sites.py AMC (run from the source tree)."""
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading

AMC = os.path.abspath(sys.argv[1])
PY = sys.executable
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def run(args, cwd=None, timeout=120):
    return subprocess.run([AMC] + args, capture_output=True, timeout=timeout, cwd=cwd)


T = tempfile.mkdtemp(prefix="amc-mutcli-sites-")


def write(rel, data):
    p = os.path.join(T, rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)
    return p


# 1. amc report html: the score cell of a column, every outcome counted where it belongs
def case(i, outcome):
    return {"id": "c%02d" % i, "rule": "R-1", "level": "MUST", "message": "",
            "profile": "ignite", "outcome": outcome}


# each outcome a different number of times, so that leaving any one out changes a count
OUTS = ["pass"] * 2 + ["fail"] + ["error"] * 2 + ["not-tested"] * 3 + ["xpass"] * 4 + \
       ["xfail"] * 5 + ["skip"] * 6
write("rep/x.json", json.dumps({"report": "amc-conform",
                                "implementation": {"name": "x", "version": "1"},
                                "mode": "exec", "verdict": "not-conformant", "gate": "fail",
                                "cases": [case(i, o) for i, o in enumerate(OUTS)]}))
p = run(["report", "html", "x.json"], cwd=os.path.join(T, "rep"))
CELL = ('<td class="score" data-impl="0"><b class="n-score">11.7%</b> <span class="meta">measured '
        '<span class="n-measured">14 of 23</span></span><svg class="bar" viewBox="0 0 1000 14" '
        'preserveAspectRatio="none" role="img" aria-label="2 pass, 10 fail, error or not tested, '
        '5 excused (xfail), 6 skipped"><rect class="b-pass" x="0.0" y="0" width="87.0" '
        'height="14"><title>pass: 2</title></rect><rect class="b-fail" x="87.0" y="0" '
        'width="434.8" height="14"><title>fail, error or not tested: 10</title></rect><rect '
        'class="b-excused" x="521.7" y="0" width="217.4" height="14"><title>excused (xfail): 5'
        '</title></rect><rect class="b-skip" x="739.1" y="0" width="260.9" height="14"><title>'
        'skipped: 6</title></rect></svg></td>')
rows = re.findall(r'<tr class="scorerow" data-profile="([^"]*)"><th>([^<]*)</th>(.*?)</tr>',
                  p.stdout.decode())
check(p.returncode == 0 and p.stderr == b"", f"report html: exit {p.returncode} {p.stderr!r}")
check(rows == [("ignite", "ignite", CELL), ("", "all profiles", CELL)],
      f"report html: the score rows {rows!r}")

# 2. amc fuzz --replay: the file name goes to amc's own check only with <profile>.path claimed
ADAPTER = write("fz/adapter.py", """import json, sys
caps = ["codes", "mailbox"] + (["mailbox.path"] if sys.argv[1:] == ["path"] else [])
for line in sys.stdin:
    req = json.loads(line)
    seq, op = req.get("seq"), req.get("op")
    if op == "hello":
        r = {"seq": seq, "protocol": 1, "implementation": {"name": "t", "version": "1"},
             "profiles": ["mailbox"], "capabilities": caps}
    elif op == "validate":
        r = {"seq": seq, "verdict": "valid", "codes": []}
    else:
        r = {"seq": seq, "ok": True}
    sys.stdout.write(json.dumps(r) + "\\n")
    sys.stdout.flush()
    if op == "stop":
        break
""")
with open("conformance/mailbox/inputs/acl-016-undefined-type-denied.json", "rb") as f:
    ENV = f.read()  # valid; addressed to another agent than "nobody"
FD = os.path.join(T, "fz", "d")
write("fz/d/verdict-1.json", ENV)
write("fz/d/findings.jsonl", json.dumps(
    {"kind": "verdict", "input": "verdict-1.json", "profile": "mailbox",
     "name": "inbox/nobody/m.json", "class": "impl-valid",
     "target": {"mode": "adapter", "command": f"{PY} {ADAPTER}"}}) + "\n")
for args, rc, line in (
        ([], 0, "not reproduced %s/verdict-1.json  both say valid" % FD),
        (["--impl", f"{PY} {ADAPTER} path"], 1,
         "reproduced     %s/verdict-1.json  verdict (impl-valid)" % FD)):
    p = run(["fuzz", "--replay", FD] + args)
    summary = "amc fuzz --replay: %d reproduced, %d not reproduced" % (rc, 1 - rc)
    check((p.returncode, p.stdout.decode(), p.stderr) == (rc, f"{line}\n{summary}\n", b""),
          f"fuzz --replay {args}: exit {p.returncode}\n{p.stdout!r}\n{p.stderr!r}")

# 3. amc probe: the concurrent step's clients by number
SOCK = os.path.join(T, "s.sock")
STATUS = json.dumps({"type": "status_response", "from": "s", "state": "idle",
                     "current_task": None}).encode()


class Server:
    """Answers each request (read to EOF) with a status reply and closes; connections numbered
    from `hold_after` + 1 on (in the order accepted) are read and kept unanswered."""

    def __init__(self, hold_after=None):
        self.hold_after, self.accepted, self.held = hold_after, 0, []
        if os.path.exists(SOCK):
            os.unlink(SOCK)
        self.s = socket.socket(socket.AF_UNIX)
        self.s.bind(SOCK)
        self.s.listen(32)
        threading.Thread(target=self.loop, daemon=True).start()

    def loop(self):
        while True:
            try:
                c, _ = self.s.accept()
            except OSError:
                return
            self.accepted += 1
            hold = self.hold_after is not None and self.accepted > self.hold_after
            threading.Thread(target=self.handle, args=(c, hold), daemon=True).start()

    def handle(self, c, hold):
        try:
            c.settimeout(10)
            while c.recv(65536):
                pass
            if hold:
                self.held.append(c)
                return
            c.sendall(STATUS)
        except OSError:
            pass
        c.close()

    def close(self):
        self.s.close()
        for c in self.held:
            c.close()


FAST = ["--timeout", "2", "--block-limit", "1", "--clients", "3", "--format", "json"]
srv = Server()
p = run(["probe", "--socket", SOCK] + FAST, timeout=60)
srv.close()
before = srv.accepted - 3  # the connections of the steps before the concurrent one
check(p.returncode == 0, f"probe (all answered): exit {p.returncode} {p.stderr!r}")
srv = Server(hold_after=before + 1)  # the concurrent step's first client is answered
p = run(["probe", "--socket", SOCK] + FAST, timeout=60)
srv.close()
try:
    rep = json.loads(p.stdout)
except ValueError:
    rep = {}
conc = [(r.get("outcome"), [(f.get("step"), f.get("message"), f.get("alsoInLaterSteps"))
                            for f in r.get("findings", [])], r.get("moreFindings"))
        for r in rep.get("rules", []) if r.get("id") == "SOCKET-LIVE-009"]
steps = [(s.get("name"), s.get("result")) for s in rep.get("steps", [])
         if s.get("name") == "concurrent"]
check(p.returncode == 1, f"probe (clients 2 and 3 unanswered): exit {p.returncode}")
check(conc == [("fail", [("concurrent.2", "client 2 of 3 was not answered within 2.0 s", 0),
                          ("concurrent.3", "client 3 of 3 was not answered within 2.0 s", 0)],
                 0)],
      f"probe: the findings {conc!r}")
check(steps == [("concurrent", "1 of 3 answered")], f"probe: the concurrent step {steps!r}")

# 4. amc conform: a case's policy names a keyring file the suite does not hold: the run stops
# before the request is sent, with the file's path (cmd_conform.c read_fixture, sb_file)
with open("conformance/mailbox/cases.json", encoding="utf-8") as f:
    HMAC = [c for c in json.load(f) if c["id"] == "mailbox-sig-006-valid-hmac"]
write("suite/mailbox/cases.json", json.dumps(HMAC))
with open("conformance/mailbox/" + HMAC[0]["input"], "rb") as f:
    write("suite/mailbox/" + HMAC[0]["input"], f.read())
with open("conformance/mailbox/" + HMAC[0]["policy"], "rb") as f:
    write("suite/mailbox/" + HMAC[0]["policy"], f.read())  # keyring_file: keyring.json
p = run(["conform", "--suite", "suite", "--impl", f"{AMC} adapter"], cwd=T)
check((p.returncode, p.stdout, p.stderr.decode()) ==
      (2, b"", "amc: suite/mailbox/policies/keyring.json: No such file or directory\n"
               "amc conform: cannot read fixture suite/mailbox/policies/keyring.json\n"),
      f"conform without the keyring: exit {p.returncode} {p.stdout[:300]!r} {p.stderr!r}")

for f in failures:
    print("FAIL", f)
print(f"mutcli_sites: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
