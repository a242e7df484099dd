#!/usr/bin/env python3
"""ctest cli.stfz_cli: amc fuzz (--stateful, --lifecycle and plain) on errors and limits, each
run seeded and short, every assertion on the exact exit status, message, finding or count.

  - a finding that cannot be written (its file or findings.jsonl blocked by a directory) is said
    on stderr and the run ends with exit 2 (an I/O error: docs/fuzzing.md), not 1
  - --stateful against an adapter answering garbage: the finding's class and its "impl" outcome
  - --stateful's shrunk sessions: msg_ids, nonces and tasks renumbered by first use
  - --replay of a keyed stateful finding: an exec validator and an adapter without
    mailbox.policy cannot replay it; a missing keyring or a broken policy; --emit-cases without
    the keyring; the reference does not reproduce it
  - --replay of a lifecycle finding with an exec validator, or a scenario that is not one
  - targets: no temporary directory for an exec validator ($TMPDIR missing; empty: /tmp); a
    command that cannot start (127 before any answer: not reached, exit 3) and 127 after one
    (a crash "exit 127"); 128 + N from /bin/sh (a crash "signal N"); a --socket path that is
    not a socket or too long for one; an adapter that crashes and cannot be restarted
  - --stateful's keyed sessions: the suite's keyring policy left out when its keyring has one
    key, keys without key_id or secret, a key_id too long, two keys whose ids collide with the
    generator's alias of one, no template sender with a key, a keyring missing or not JSON, a
    policy without keyring_file or with a broken keyring (the summary says so); the shipped one
    used (a run without a keyed session says "0 sessions" under it, not that the adapter does
    not claim mailbox.policy)
  - --corpus walked to depth 16 (a seed at 17 left out), symbolic links and files over
    --max-len left out
  - --socket servers whose reply is not JSON, has no string "type", or is empty (garbage and
    closed findings, exact classes)
  - the shrinker unwraps containers down to the one string an exec validator crashes on
  - findings.jsonl lines that are not findings (each condition: not JSON, not an object, no
    kind, a kind that is no string, no input, no profile), counted with the blank lines

usage: stfz_cli.py AMC SOURCE_DIR
"""
import json
import os
import shutil
import socket
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
from fuzzcheck import Check, findings  # noqa: E402

c = Check("cli.stfz_cli", "amc-stfz-")
AMC, TMP, PY = c.amc_path, c.tmp, sys.executable
LC_PLANTED = f"{PY} {c.here}/planted_lc_adapter.py acp-backoff {AMC}"


def out_dir(name, blocked=()):
    d = os.path.join(TMP, name)
    for b in blocked:
        os.makedirs(os.path.join(d, b))
    return d


def expect(what, p, rc, err_has=(), out_has=()):
    bad = [s for s in err_has if s not in p.stderr] + [s for s in out_has if s not in p.stdout]
    if p.returncode != rc or bad:
        c.fail(f"{what}: exit {p.returncode} (want {rc}), missing {bad}\n{p.stdout}{p.stderr}")


# 1. findings that cannot be written: exit 2
d = out_dir("plain-blocked", ["findings.jsonl"])
p = c.amc(["fuzz", "--profile", "mailbox", "--impl-exec", "true {file}", "--runs", "4", "--seed",
           "5", "--out", d, "-q"])
expect("plain, findings.jsonl blocked", p, 2,
       [f"amc fuzz: cannot write {d}/findings.jsonl: Is a directory"], ["findings: 1 new"])
if not os.path.isfile(os.path.join(d, "verdict-500e7ac9.json")):
    c.fail("plain, findings.jsonl blocked: the input file was not written")
d = out_dir("lc-blocked", ["lifecycle-d1e6b70e.json"])
p = c.amc(["fuzz", "--lifecycle", "--profile", "acp", "--impl", LC_PLANTED, "--runs", "3",
           "--seed", "7", "--out", d, "-q", "--max-findings", "1"])
expect("lifecycle, scenario blocked", p, 2,
       [f"amc fuzz: cannot write {d}/lifecycle-d1e6b70e.json: Is a directory"],
       ["findings: 1 new"])
if [f["input"] for f in findings(d)] != ["lifecycle-d1e6b70e.json"]:
    c.fail(f"lifecycle, scenario blocked: findings.jsonl {findings(d)}")

# 2. --stateful: garbage replies; a keyed finding replayed and emitted when it cannot be
AD = f"{PY} {c.src}/tests/cli/cov_fuzz_adapter.py"
d = out_dir("st-garbage")
p = c.amc(["fuzz", "--stateful", "--profile", "mailbox", "--suite", c.suite, "--impl",
           f"{AD} garbage {AMC}", "--runs", "1", "--seed", "3", "--out", d, "-q"])
fs = findings(d)
want = {"outcome": "garbage", "detail": "garbage reply (adapter reply: not JSON: this is not?JSON)"}
if p.returncode != 1 or len(fs) != 1 or fs[0]["class"] != "garbage:garbage" or \
        fs[0]["impl"] != want or fs[0]["size"] != 1 or fs[0]["message"] != 1 or \
        not fs[0]["summary"].startswith("garbage:garbage: garbage reply"):
    c.fail(f"stateful garbage: exit {p.returncode}, {fs}\n{p.stdout}{p.stderr}")

k1 = out_dir("st-keyed")
p = c.amc(["fuzz", "--stateful", "--profile", "mailbox", "--suite", c.suite, "--impl",
           f"{AD} invalid {AMC}", "--runs", "3", "--seed", "7", "--out", k1, "-q"])
keyed = [f for f in findings(k1)
         if "policy" in json.load(open(os.path.join(k1, f["input"])))]
# the shrunk sessions' msg_ids, nonces and tasks renumbered by first use (msg-1, nonce-0001,
# task-0 first): every one of the three findings
for f in findings(k1):
    case = json.load(open(os.path.join(k1, f["input"])))
    msgs = [json.load(open(os.path.join(k1, rel))) for rel in case["session"]]
    for key, fmt, first in (("msg_id", "msg-{}", 1), ("nonce", "nonce-{:04}", 1),
                            ("task_id", "task-{}", 0)):
        order = list(dict.fromkeys(m[key] for m in msgs))
        if order != [fmt.format(first + i) for i in range(len(order))]:
            c.fail(f"{f['input']}: {key} not renumbered by first use: {order}")
if len(findings(k1)) != 3:
    c.fail(f"stateful keyed: {len(findings(k1))} findings, want 3")
if p.returncode != 1 or [f["input"] for f in keyed] != ["stateful-77c8422a.json"]:
    c.fail(f"stateful keyed: exit {p.returncode}, keyed {keyed}\n{p.stdout}{p.stderr}")
else:
    def keyed_dir(name, edit=None):
        d = out_dir(name)
        os.makedirs(d)
        for n in ("stateful-77c8422a", "stateful-77c8422a.json"):
            (shutil.copytree if os.path.isdir(os.path.join(k1, n)) else shutil.copyfile)(
                os.path.join(k1, n), os.path.join(d, n))
        with open(os.path.join(d, "findings.jsonl"), "w") as fh:
            fh.write(json.dumps(keyed[0]) + "\n")
        if edit:
            edit(os.path.join(d, "stateful-77c8422a", "policies"))
        return d

    def replay(what, d, impl, rc, row):
        p = c.amc(["fuzz", "--replay", d] + impl)
        if p.returncode != rc or row not in p.stdout:
            c.fail(f"replay {what}: exit {p.returncode} (want {rc}), want {row!r}\n"
                   f"{p.stdout}{p.stderr}")

    k2 = keyed_dir("k2")
    pol = "stateful-77c8422a/policies/hmac.yaml"
    replay("exec", k2, ["--impl-exec", "true {file}"], 2,
           f"error          {k2}/stateful-77c8422a.json  the implementation does not validate "
           "sessions (mailbox.stateful)\n")
    replay("no policy claimed", k2, ["--impl", f"{AD} dropcap:mailbox.policy {AMC}"], 2,
           f"error          {k2}/stateful-77c8422a.json  the implementation does not read "
           "policies (mailbox.policy)\n")
    replay("reference", k2, ["--impl", f"{AMC} adapter"], 0,
           f"not reproduced {k2}/stateful-77c8422a.json  both say the session is invalid\n")
    replay("same impl", k2, ["--impl", f"{AD} invalid {AMC}"], 1,
           f"reproduced     {k2}/stateful-77c8422a.json  missing:MAILBOX_KEY_SENDER_MISMATCH\n")
    k3 = keyed_dir("k3", lambda pd: os.unlink(os.path.join(pd, "keyring.json")))
    replay("no keyring", k3, ["--impl", f"{AMC} adapter"], 2,
           f"error          {k3}/stateful-77c8422a.json  cannot read the policy {pol} or its "
           "keyring\n")
    p = c.amc(["fuzz", "--replay", k3, "--emit-cases", out_dir("k3e")])
    if p.returncode != 2 or "amc fuzz: --emit-cases: cannot copy the policy " \
            f"{pol} and its keyring\n" not in p.stderr:
        c.fail(f"emit without keyring: exit {p.returncode}\n{p.stderr}")

    def spoil(pd):
        with open(os.path.join(pd, "hmac.yaml"), "w") as fh:
            fh.write("garbage: [\n")
    k4 = keyed_dir("k4", spoil)
    replay("broken policy", k4, ["--impl", f"{AMC} adapter"], 2,
           f"error          {k4}/stateful-77c8422a.json  cannot read the policy {pol} or its "
           "keyring\n")

# 3. --replay of a lifecycle finding: not with an exec validator; a scenario that is not one
d = out_dir("lc-found")
p = c.amc(["fuzz", "--lifecycle", "--profile", "acp", "--impl", LC_PLANTED, "--runs", "3",
           "--seed", "7", "--out", d, "-q", "--max-findings", "1"])
if p.returncode != 1 or [f["input"] for f in findings(d)] != ["lifecycle-d1e6b70e.json"]:
    c.fail(f"lifecycle finding: exit {p.returncode}\n{p.stdout}{p.stderr}")
p = c.amc(["fuzz", "--replay", d, "--impl-exec", "true {file}"])
if p.returncode != 2 or f"error          {d}/lifecycle-d1e6b70e.json  the implementation does " \
        "not replay lifecycle events (acp.lifecycle)\n" not in p.stdout:
    c.fail(f"lifecycle replay, exec: exit {p.returncode}\n{p.stdout}{p.stderr}")
with open(os.path.join(d, "lifecycle-d1e6b70e.json"), "w") as fh:
    fh.write('{"id": "x", "steps": 3}\n')
p = c.amc(["fuzz", "--replay", d, "--impl", f"{AMC} adapter"])
if p.returncode != 2 or f"error          {d}/lifecycle-d1e6b70e.json  cannot read the scenario " \
        f"{d}/lifecycle-d1e6b70e.json\n" not in p.stdout:
    c.fail(f"lifecycle replay, not a scenario: exit {p.returncode}\n{p.stdout}{p.stderr}")

# 4. targets
def fuzz(name, target, runs=2, env=None, profile="mailbox"):
    d = out_dir(name)
    e = None
    if env is not None:
        e = dict(os.environ)
        e.update(env)
    return d, c.amc(["fuzz", "--profile", profile] + target + ["--runs", str(runs), "--seed",
                                                                "1", "--out", d, "-q"], env=e)


d, p = fuzz("tmp-missing", ["--impl-exec", "true {file}"], env={"TMPDIR": TMP + "/nonexistent"})
expect("$TMPDIR missing", p, 3, ["amc fuzz: implementation not reached: cannot create a temporary "
                                 "directory: No such file or directory\n"])
d, p = fuzz("tmp-empty", ["--impl-exec", "exit 0 {file}"], env={"TMPDIR": ""})
expect("$TMPDIR empty", p, 1, [], ["2 execs", "findings: 1 new (1 verdict, 0 crash"])
if [f["input"] for f in findings(d)] != ["verdict-500e7ac9.json"]:
    c.fail(f"$TMPDIR empty: {findings(d)}")
d, p = fuzz("exec-127", ["--impl-exec", "exit 127 {file}"])
expect("exec 127 at once", p, 3, [], ["0 execs", "stopped: the implementation is no longer "
                                      "reachable (the command could not start (127))\n"])
d, p = fuzz("exec-134", ["--impl-exec", "exit 134 {file}"])
expect("exec 134", p, 1, [], ["findings: 1 new (0 verdict, 1 crash, 0 hang, 0 garbage)"])
fs = findings(d)
if len(fs) != 1 or fs[0]["class"] != "signal 6" or \
        fs[0]["impl"] != {"outcome": "crash", "detail": "killed by signal 6"}:
    c.fail(f"exec 134: {fs}")
flag = os.path.join(TMP, "started")
d, p = fuzz("exec-127-late", ["--impl-exec",
                              f"test -e {flag} && exit 127; touch {flag}; exit 1 {{file}}"], 3)
expect("exec 127 after an answer", p, 1, [], ["3 execs", "1 crash"])
fs = findings(d)
if len(fs) != 1 or fs[0]["class"] != "exit 127" or \
        fs[0]["impl"]["detail"] != "exit status 127 (0 valid, 1 invalid)":
    c.fail(f"exec 127 after an answer: {fs}")
open(os.path.join(TMP, "notsock"), "w").close()
d, p = fuzz("not-socket", ["--socket", os.path.join(TMP, "notsock")], profile="socket")
expect("not a socket", p, 3, [f"amc fuzz: implementation not reached: {TMP}/notsock is not a "
                              "Unix socket\n"])
long = "/tmp/" + "x" * 120
d, p = fuzz("long-socket", ["--socket", long], profile="socket")
expect("socket path too long", p, 3, [f"amc fuzz: implementation not reached: {long}: File name "
                                      "too long (a Unix socket path has at most 107 bytes)\n"])
# an adapter that crashes and cannot start again: the session's finding kept unshrunk, the run
# stopped (--stateful)
d = out_dir("st-once")
p = c.amc(["fuzz", "--stateful", "--profile", "mailbox", "--suite", c.suite, "--impl",
           f"{AD} once:{TMP}/once {AMC}", "--runs", "3", "--seed", "1", "--out", d, "-q"])
expect("adapter restart fails", p, 1, [],
       ["1 sessions (19 messages)", "crash:signal 11: adapter killed by signal 11 [19 -> 19 "
        "messages]\n", "stopped: the implementation is no longer reachable (restart failed: "
        "adapter exited with status 1 (crash?))\n"])
# the corpus: directories to depth 16 (a seed at 17 is left out), no symbolic links (to a file or
# a directory), no file over --max-len; seeds in name order
cp = os.path.join(TMP, "corpus")
deep = os.path.join(cp, *[f"d{i}" for i in range(1, 17)])
os.makedirs(os.path.join(deep, "d17"))
for path, text in ((os.path.join(cp, "top.json"), '{"a":1}'),
                   (os.path.join(deep, "at16.json"), '{"b":16}'),
                   (os.path.join(deep, "d17", "at17.json"), '{"c":17}'),
                   (os.path.join(cp, "big.json"), "x" * 3000)):
    with open(path, "w") as fh:
        fh.write(text)
os.symlink("../top.json", os.path.join(cp, "d1", "link.json"))
os.symlink("d1", os.path.join(cp, "dirlink"))
log = os.path.join(TMP, "seeds.log")
d, p = fuzz("corpus-walk", ["--corpus", cp, "--max-len", "2000", "--impl-exec",
                            f"echo {{file}} >> {log}; exit 1"], 2)
sent = [line.split("/amc-fuzz-", 1)[1].split("/", 1)[1] for line in open(log).read().split()] \
    if os.path.exists(log) else []
if p.returncode != 0 or "2 execs" not in p.stdout or \
        sent != ["/".join(f"d{i}" for i in range(1, 17)) + "/at16.json", "top.json"]:
    c.fail(f"corpus walk: exit {p.returncode}, sent {sent}\n{p.stdout}{p.stderr}")
# --socket servers answering wrong: each reply kind gives its finding class
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
                if reply:
                    conn.sendall(reply)
    threading.Thread(target=loop, daemon=True).start()
    return srv


for name, reply, cls, detail in (
        ("notjson", b"hello", "garbage", "reply is not one JSON object with a string type: hello"),
        ("notype", b'{"x": 1}', "garbage",
         'reply is not one JSON object with a string type: {"x": 1}'),
        ("numtype", b'{"type": 3}', "garbage",
         'reply is not one JSON object with a string type: {"type": 3}'),
        ("empty", b"", "closed", "connection closed without a reply")):
    path = os.path.join(TMP, name + ".sock")
    srv = serve(path, reply)
    d, p = fuzz("sock-" + name, ["--socket", path, "--max-findings", "1"], 1, profile="socket")
    srv.close()
    fs = findings(d)
    if p.returncode != 1 or len(fs) != 1 or fs[0]["class"] != cls or \
            fs[0]["impl"].get("detail") != detail:
        c.fail(f"socket {name}: exit {p.returncode}, {fs}\n{p.stdout}{p.stderr}")
# the shrinker: containers nested around the one string the validator crashes on are unwrapped
sc = os.path.join(TMP, "nested")
os.makedirs(sc)
with open(os.path.join(sc, "s.json"), "w") as fh:
    fh.write('{"a": {"b": {"c": {"d": ["xxBOOMxx", 1, 2]}}}, "z": [1, 2, 3]}')
d, p = fuzz("nested", ["--corpus", sc, "--impl-exec",
                       "grep -q BOOM {file} && kill -SEGV $$; exit 1"], 1)
fs = findings(d)
if p.returncode != 1 or len(fs) != 1 or fs[0]["class"] != "signal 11" or \
        (fs[0]["original_size"], fs[0]["size"]) != (62, 4) or \
        open(os.path.join(d, fs[0]["input"])).read() != "BOOM":
    c.fail(f"nested: exit {p.returncode}, {fs}\n{p.stdout}{p.stderr}")

# 5. findings.jsonl lines that are not findings: exit 2 with the line's number (blank lines
# count)
good = {"kind": "verdict", "input": "x.json", "profile": "mailbox"}
bad = ["not json", "[1, 2]", {"input": "x.json", "profile": "mailbox"},
       dict(good, kind=7), {"kind": "verdict", "profile": "mailbox"},
       {"kind": "verdict", "input": "x.json"}, dict(good, input=3), dict(good, profile=[])]
for i, line in enumerate(bad):
    d = out_dir(f"badline{i}")
    os.makedirs(d)
    with open(os.path.join(d, "findings.jsonl"), "w") as fh:
        fh.write("\n \t\n" + (line if isinstance(line, str) else json.dumps(line)) + "\n")
    p = c.amc(["fuzz", "--replay", d])
    if p.returncode != 2 or p.stderr != f"amc fuzz: {d}/findings.jsonl:3: not a finding line\n":
        c.fail(f"bad line {line!r}: exit {p.returncode}\n{p.stdout}{p.stderr}")

# 6. --stateful under the suite's keyring policy: which keyrings give keyed sessions
KR = json.load(open(os.path.join(c.suite, "mailbox", "policies", "keyring.json")))
HMAC = open(os.path.join(c.suite, "mailbox", "policies", "hmac.yaml")).read()
NONE = ("no sessions under a policy: no policy of the suite names a JSON keyring of two keys "
        "under which the templates are valid\n")


def keys(*edits):
    k = json.loads(json.dumps(KR))
    for e in edits:
        e(k["keys"])
    return json.dumps(k)


def first_only(ks):
    del ks[1:]


def set_member(i, name, value):
    def edit(ks):
        if value is None:
            del ks[i][name]
        else:
            ks[i][name] = value
    return edit


def nobody(ks):
    del ks[-1]  # the shared key
    for i, k in enumerate(ks):
        k["principal"] = f"nobody-{i}"


KEYRINGS = [  # name, policy text, keyring file (name, text) or None, keyed sessions
    ("shipped", HMAC, ("keyring.json", json.dumps(KR)), True),
    ("one-key", HMAC, ("keyring.json", keys(first_only)), False),
    ("no-key-id", HMAC, ("keyring.json", keys(set_member(1, "key_id", None))), False),
    ("no-secret", HMAC, ("keyring.json", keys(set_member(2, "secret_hex", None))), False),
    ("long-id", HMAC, ("keyring.json", keys(set_member(0, "key_id", "k" * 62))), False),
    ("alias", HMAC, ("keyring.json", keys(set_member(1, "key_id", "k-orchestrator-v1-x"))),
     False),
    ("dup-id", HMAC, ("keyring.json", keys(set_member(1, "key_id", "k-orchestrator-v1"))),
     False),
    ("nobody", HMAC, ("keyring.json", keys(nobody)), False),
    ("missing", HMAC, None, False),
    ("yaml", HMAC.replace("keyring.json", "keyring.yaml"),
     ("keyring.yaml", "keys:\n  - key_id: a\n    secret_hex: '00'\n"), False),
    ("no-keyring-file", "security:\n  signature_algorithm: hmac_sha256\n", None, False),
    ("not-json", HMAC, ("keyring.json", "{"), False),
]
for name, policy, keyring, keyed in KEYRINGS:
    suite = os.path.join(TMP, "kr-" + name)
    mb = os.path.join(suite, "mailbox")
    shutil.copytree(os.path.join(c.suite, "mailbox", "policies"), os.path.join(mb, "policies"))
    os.unlink(os.path.join(mb, "policies", "keyring.json"))
    os.symlink(os.path.join(c.suite, "mailbox", "inputs"), os.path.join(mb, "inputs"))
    shutil.copyfile(os.path.join(c.suite, "mailbox", "cases.json"), os.path.join(mb, "cases.json"))
    with open(os.path.join(mb, "policies", "hmac.yaml"), "w") as fh:
        fh.write(policy)
    if keyring:
        with open(os.path.join(mb, "policies", keyring[0]), "w") as fh:
            fh.write(keyring[1])
    p = c.amc(["fuzz", "--stateful", "--profile", "mailbox", "--suite", suite, "--impl",
               f"{AMC} adapter", "--runs", "1", "--seed", "15", "--out", suite + "-out", "-q"])
    said = "under policy policies/hmac.yaml (keyring policies/keyring.json): 0 sessions\n" \
        in p.stdout
    if p.returncode != 0 or said != keyed or (not keyed and NONE not in p.stdout):
        c.fail(f"keyring {name}: exit {p.returncode}, keyed {said} (want {keyed})\n"
               f"{p.stdout}{p.stderr}")

c.finish()
