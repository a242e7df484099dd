#!/usr/bin/env python3
"""ctest cli.fzcov_cli: amc fuzz's branches that no test ran or checked (issue 22), each run
seeded and short, every assertion on the exact output, finding or exit status:

  - --replay of a message finding: reproduced, "both say invalid", "not reached: ..." (a command
    that cannot start), another kind ("crash (exit 3)"), another class or kind recorded
  - --stateful: a suite case whose "tags" is no array is a template like one without tags; one
    tagged "placement" (an array) is left out
  - --lifecycle: a planted defect's finding, shrunk to exactly the same scenario every time
    (the shrinker keeps only candidates that show the finding's class)

usage: fzcov_cli.py AMC SOURCE_DIR
"""
import hashlib
import json
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
from fuzzcheck import Check, findings  # noqa: E402

c = Check("cli.fzcov_cli", "amc-fzcov-")
AMC, TMP, PY = c.amc_path, c.tmp, sys.executable


def out_dir(name):
    return os.path.join(TMP, name)


def expect(what, p, rc, out=None, err=None):
    """exact stdout / stderr when given (None: not checked), exact exit status"""
    if p.returncode != rc or (out is not None and p.stdout != out) or \
            (err is not None and p.stderr != err):
        c.fail(f"{what}: exit {p.returncode} (want {rc})\n--- stdout\n{p.stdout}"
               f"--- want\n{out}--- stderr\n{p.stderr}--- want\n{err}")


# 1. --replay of a message finding (cli_fuzz_msg.c replay_message: each outcome's line)
r1 = out_dir("r1")
p = c.amc(["fuzz", "--profile", "mailbox", "--impl-exec", "true {file}", "--runs", "4", "--seed",
           "5", "--out", r1, "-q"])
fs = findings(r1)
if p.returncode != 1 or [(f["input"], f["kind"], f["class"], f["size"]) for f in fs] != \
        [("verdict-500e7ac9.json", "verdict", "impl-valid", 1)]:
    c.fail(f"r1: exit {p.returncode}, {fs}\n{p.stdout}{p.stderr}")
V = f"{r1}/verdict-500e7ac9.json"
expect("replay as recorded", c.amc(["fuzz", "--replay", r1]), 1,
       f"reproduced     {V}  verdict (impl-valid)\n"
       "amc fuzz --replay: 1 reproduced, 0 not reproduced\n", "")
expect("replay, both invalid", c.amc(["fuzz", "--replay", r1, "--impl-exec", "false {file}"]), 0,
       f"not reproduced {V}  both say invalid\n"
       "amc fuzz --replay: 0 reproduced, 1 not reproduced\n", "")
# (not reached: the finding could not be run, exit 2; it was "not reproduced", exit 0, as if the
# bug were gone)
expect("replay, not reached",
       c.amc(["fuzz", "--replay", r1, "--impl-exec", f"{TMP}/no-such-command {{file}}"]), 2,
       f"error          {V}  not reached: the command could not start (127)\n"
       "amc fuzz --replay: 0 reproduced, 0 not reproduced, some could not be run\n", "")
expect("replay, another kind",
       c.amc(["fuzz", "--replay", r1, "--impl-exec", "sh -c 'exit 3' {file}"]), 0,
       f"not reproduced {V}  crash (exit 3): exit status 3 (0 valid, 1 invalid)\n"
       "amc fuzz --replay: 0 reproduced, 1 not reproduced\n", "")


def edited(name, **kw):
    d = out_dir(name)
    os.makedirs(d)
    shutil.copyfile(V, os.path.join(d, "verdict-500e7ac9.json"))
    f = dict(fs[0], **kw)
    with open(os.path.join(d, "findings.jsonl"), "w") as fh:
        fh.write(json.dumps({k: v for k, v in f.items() if v is not None}) + "\n")
    return d


# the same divergence, but the line records another class, another kind, or none of them
for name, kw in (("cls", {"class": "impl-invalid"}), ("kind", {"kind": "crash"}),
                 ("nocls", {"class": None})):
    d = edited("r-" + name, **kw)
    expect(f"replay, recorded {name}", c.amc(["fuzz", "--replay", d]), 0,
           f"not reproduced {d}/verdict-500e7ac9.json  verdict (impl-valid)\n"
           "amc fuzz --replay: 0 reproduced, 1 not reproduced\n", "")

# 2. --stateful: "tags" that is no array (cli_fuzz_st.c has_tag)
S = os.path.join(c.suite, "mailbox")
cases = json.load(open(os.path.join(S, "cases.json")))
tpl = next(x for x in cases if x["id"] == "mailbox-env-001-valid-task-assignment")


def suite(name, tags):
    d = out_dir(name)
    os.makedirs(os.path.join(d, "mailbox", "inputs"))
    shutil.copyfile(os.path.join(S, tpl["input"]), os.path.join(d, "mailbox", tpl["input"]))
    with open(os.path.join(d, "mailbox", "cases.json"), "w") as fh:
        json.dump([dict(tpl, tags=tags)], fh)
    return d


def write(path, text):
    with open(path, "w") as fh:
        fh.write(text)


def timeless(t):
    return re.sub(r" in [0-9.]+ s \([0-9]+/s\)", " in T s (R/s)", t)


NR = "  not reached: MAILBOX_{} at reuse distance {}\n"
ST_OUT = (f"amc fuzz --stateful: profile mailbox, adapter {AMC} adapter = amc {{v}}, seed 3, 1 job\n"
          "2 sessions (14 messages) in T s (R/s)\n"
          "coverage: session rules 1/4, reuse distances 2/20\n"
          "no sessions under a policy: no policy of the suite names a JSON keyring of two keys "
          "under which the templates are valid\n" +
          "".join(NR.format(code, dist) for code in ("DUPLICATE_DELIVERY", "MSG_ID_CONFLICT")
                  for dist in ("1", "2-3", "4-7", "8-15", "16+")) +
          NR.format("NONCE_REUSED", "4-7") + NR.format("NONCE_REUSED", "8-15") + "no findings\n")
VERSION = c.amc(["--version"]).stdout.split()[1]
for tags in ("placement", {"placement": True}, ["schema"]):
    d = suite(f"su-{type(tags).__name__}", tags)
    p = c.amc(["fuzz", "--stateful", "--profile", "mailbox", "--suite", d, "--impl",
               f"{AMC} adapter", "--runs", "2", "--seed", "3", "--out", out_dir("s-" + d[-4:]),
               "-q"])
    p.stdout = timeless(p.stdout)
    expect(f"stateful, tags {tags!r}", p, 0, ST_OUT.format(v=VERSION), "")
d = suite("su-placement", ["schema", "placement"])
expect("stateful, the only case tagged placement",
       c.amc(["fuzz", "--stateful", "--profile", "mailbox", "--suite", d, "--impl",
              f"{AMC} adapter", "--runs", "2", "--seed", "3", "--out", out_dir("s-pl"), "-q"]), 2,
       "", f"amc fuzz: --stateful: no valid mailbox case to build sessions from in {d}\n")

# 3. --lifecycle: the acp-backoff defect's finding, pinned (cli_fuzz_lc.c still(): a candidate
# is kept only when it shows the class)
LC_PLANTED = f"{PY} {c.here}/planted_lc_adapter.py acp-backoff {AMC}"
d = LCD = out_dir("lc")
p = c.amc(["fuzz", "--lifecycle", "--profile", "acp", "--impl", LC_PLANTED, "--runs", "3",
           "--seed", "7", "--out", d, "-q", "--max-findings", "1"])
fs = findings(d)
want = {"kind": "lifecycle", "input": "lifecycle-d1e6b70e.json", "step": 3, "size": 3,
        "original_size": 76, "shrink_runs": 69, "class": "accepted:retry:impl-accepted",
        "codes": ["LC_ACP_BACKOFF"], "event": {"event": "retry", "task": "task-0", "attempt": 1}}
got = [{k: f.get(k) for k in want} for f in fs]
if p.returncode != 1 or got != [want]:
    c.fail(f"lifecycle acp-backoff: exit {p.returncode}, {got}\n{p.stdout}{p.stderr}")
else:
    sc = json.load(open(os.path.join(d, "lifecycle-d1e6b70e.json")))
    ev = [(s["event"]["event"], s["event"].get("t"), s["expect"]["accepted"]) for s in sc["steps"]]
    if ev != [("assign", 1767225600000, True), ("fail", 1767225601000, True),
              ("retry", None, False)]:
        c.fail(f"lifecycle acp-backoff: the shrunk scenario's steps {ev}")

FZ = f"{PY} {c.src}/tests/cli/fzcov_adapter.py"
CFA = f"{PY} {c.src}/tests/cli/cov_fuzz_adapter.py"


def replay_line(what, d, args, rc, line, err=""):
    """--replay of a folder with one finding: its one line, the summary, the exit status"""
    p = c.amc(["fuzz", "--replay", d] + args)
    n = (1, 0) if line.startswith("reproduced") else (0, 1)
    tail = ("amc fuzz --replay: 0 reproduced, 0 not reproduced, some could not be run\n"
            if line.startswith("error") else
            f"amc fuzz --replay: {n[0]} reproduced, {n[1]} not reproduced\n")
    expect(what, p, rc, line + "\n" + tail, err)


def hang_timeout(what):
    """--timeout 0.5 for the cases that hang (the others keep the default: a loaded machine may
    take longer than 0.5 s to answer)"""
    return ["--timeout", "0.5"] if "hang" in what or "sleep" in what else []


# 4. exec validators: each way a command ends (cli_fuzz_target.c: exec outcomes)
for cmd, now in (("exit 126", "not reached: the command could not start (126)"),
                 ("exit 130", "crash (signal 2): killed by signal 2"),
                 ("exit 200", "crash (exit 200): exit status 200 (0 valid, 1 invalid)"),
                 ("kill -9 $$", "crash (signal 9): killed by signal 9"),
                 ("sleep 5", "hang (timeout): no exit within 0.5 s"),
                 ("exit 0", None)):
    replay_line(f"exec {cmd}", r1, ["--impl-exec", f"{cmd}; true {{file}}"] + hang_timeout(cmd),
                1 if now is None else 2 if now.startswith("not reached") else 0,
                f"reproduced     {V}  verdict (impl-valid)" if now is None else
                f"error          {V}  {now}" if now.startswith("not reached") else
                f"not reproduced {V}  {now}")

# 5. adapters: each way a validate request ends
for mode, now in (("validate:garbage", "garbage (garbage): garbage reply (adapter reply: not "
                                       "JSON: this is not JSON)"),
                  ("validate:notype", "garbage (garbage): garbage reply (adapter reply: \"seq\" "
                                      "missing or not the request's: {})"),
                  ("validate:exit", "crash (exit 0): adapter exited with status 0 (crash?)"),
                  ("validate:kill", "crash (signal 9): adapter killed by signal 9"),
                  ("validate:hang", "hang (timeout): timeout: no reply in time"),
                  ("validate:invalid", "verdict (codes:JSON_UNEXPECTED_END)"),
                  ("validate:valid", None)):
    replay_line(f"adapter {mode}", r1, ["--impl", f"{FZ} {mode} {AMC}"] + hang_timeout(mode),
                1 if now is None else 0,
                f"reproduced     {V}  verdict (impl-valid)" if now is None else
                f"not reproduced {V}  {now}")
expect("adapter, hello garbage",
       c.amc(["fuzz", "--replay", r1, "--impl", f"{FZ} hello:garbage {AMC}"]), 3, "",
       "amc fuzz: --replay: implementation not reached: garbage reply (adapter reply: not JSON: "
       "this is not JSON)\n")

# 6. --replay of the lifecycle finding (cli_fuzz_lc.c fz_replay_lifecycle: each outcome)
LCV = f"{LCD}/lifecycle-d1e6b70e.json"
for impl, now in ((f"{AMC} adapter", "not reproduced {}  the scenario passes"),
                  (LC_PLANTED, "reproduced     {}  step 3: expected rejected, got accepted"),
                  (f"{FZ} lifecycle:garbage {AMC}", "reproduced     {}  garbage: garbage reply "
                                                    "(adapter reply: not JSON: this is not JSON)"),
                  (f"{FZ} lifecycle:exit3 {AMC}", "reproduced     {}  crash: adapter exited "
                                                  "with status 3 (crash?)"),
                  (f"{FZ} lifecycle:kill {AMC}", "reproduced     {}  crash: adapter killed by "
                                                 "signal 9"),
                  (f"{FZ} lifecycle:hang {AMC}", "reproduced     {}  hang: timeout: no reply in "
                                                 "time"),
                  (f"{CFA} opfail:lifecycle {AMC}", "reproduced     {}  crash: error reply: no "
                                                    "lifecycle"),
                  (f"{CFA} dropcap:acp.lifecycle {AMC}", "error          {}  the implementation "
                                                         "does not replay lifecycle events "
                                                         "(acp.lifecycle)")):
    line = now.format(LCV)
    replay_line(f"lifecycle replay {impl.split()[-2]}", LCD, ["--impl", impl] + hang_timeout(impl),
                1 if line.startswith("reproduced") else 2 if line.startswith("error") else 0,
                line)

# 7. --corpus: a .jsonl file gives a seed a line (blank lines and lines starting with CR left
# out, the last line without its newline kept), dot files and files over --max-len left out,
# subfolders walked in name order; not a folder: exit 2
co = out_dir("corpus")
os.makedirs(os.path.join(co, "sub"))
os.makedirs(os.path.join(co, ".hidden"))
for name, data in (("a.jsonl", '{}\n\n\r\n[1]\n{"a":1}'), ("sub/b.json", '{"b":2}\n'),
                   (".hidden/x.json", "{}"), (".dot.json", "{}"), ("big.json", " " * 300)):
    with open(os.path.join(co, name), "w") as fh:
        fh.write(data)
log = out_dir("corpus.log")
p = c.amc(["fuzz", "--profile", "mailbox", "--impl-exec", f"echo {{file}} >> {log}; exit 1",
           "--corpus", co, "--runs", "4", "--seed", "1", "--max-len", "200", "--out",
           out_dir("corpus-out"), "-q"])
names = [re.sub(r"^.*/amc-fuzz-[^/]*/", "", x) for x in open(log).read().split()] \
    if os.path.exists(log) else []
if p.returncode != 0 or names != ["a-1.json", "a-2.json", "a-3.json", "sub/b.json"] or \
        timeless(p.stdout).splitlines()[1:] != ["4 execs in T s (R/s), corpus 2, amc codes reached "
                                                "4/28", "no findings"]:
    c.fail(f"corpus: exit {p.returncode}, seeds run {names}\n{p.stdout}{p.stderr}")
expect("corpus, a file",
       c.amc(["fuzz", "--profile", "mailbox", "--impl-exec", "true {file}", "--corpus",
              f"{co}/a.jsonl", "--runs", "1", "--seed", "1", "--out", out_dir("c2"), "-q"]), 2,
       "", f"amc fuzz: --corpus {co}/a.jsonl is not a directory\n")

# 8. --stateful: suites it cannot use, cases it leaves out (cli_fuzz_st.c load_cases)
def suite_raw(name, text, files=()):
    d = out_dir(name)
    os.makedirs(os.path.join(d, "mailbox", "inputs"))
    for f in files:
        shutil.copyfile(os.path.join(S, tpl["input"]), os.path.join(d, "mailbox", f))
    with open(os.path.join(d, "mailbox", "cases.json"), "w") as fh:
        fh.write(text)
    return d


def st_run(d, out, *extra):
    return c.amc(["fuzz", "--stateful", "--profile", "mailbox", "--suite", d, "--impl",
                  f"{AMC} adapter", "--runs", "2", "--seed", "3", "--out", out_dir(out), "-q"] +
                 list(extra))


for name, text in (("notjson", "[{"), ("object", "{}")):
    d = suite_raw("su-" + name, text)
    expect(f"stateful, cases.json {name}", st_run(d, "s-" + name), 2, "",
           f"amc fuzz: --stateful: cannot read the profile's cases {d}/mailbox/cases.json "
           "(--suite DIR or $AMC_CONFORMANCE_DIR)\n")
left_out = [dict(tpl, input=7), dict(tpl, input="inputs/x.jsonl"),
            dict(tpl, input="inputs/gone.json"), dict(tpl, input="inputs/a.json", now="x"),
            dict(tpl, input="inputs/a.json", policy="p.yaml"), dict(tpl, tags=["tree"]),
            dict(tpl, tags=["file-name"])]
d = suite_raw("su-left", json.dumps(left_out), ["inputs/x.jsonl", "inputs/a.json"])
# (a case's input that is not there is said; the case left out)
expect("stateful, every case left out", st_run(d, "s-left"), 2, "",
       f"amc: {d}/mailbox/inputs/gone.json: No such file or directory\n"
       f"amc fuzz: --stateful: no valid mailbox case to build sessions from in {d}\n")
# the same input named without "inputs/" is a template
d = suite_raw("su-bare", json.dumps(left_out + [dict(tpl, input="a.json")]), ["a.json"])
p = st_run(d, "s-bare")
p.stdout = timeless(p.stdout)
# (the policy case's policy is looked for: not there)
expect("stateful, input without inputs/", p, 0, ST_OUT.format(v=VERSION),
       f"amc: {d}/mailbox/inputs/gone.json: No such file or directory\n"
       f"amc: {d}/mailbox/p.yaml: No such file or directory\n")

# 9. --emit-cases of message findings (cli_fuzz_find.c emit_message): a line without amc's
# verdict, name or summary; amc's rule recorded, or one amc does not know; paths given with
# trailing slashes
def msg_dir(dname, **kw):
    d = out_dir(dname)
    os.makedirs(d)
    shutil.copyfile(V, os.path.join(d, "verdict-500e7ac9.json"))
    f = {k: v for k, v in dict(fs0, **kw).items() if v is not None}
    with open(os.path.join(d, "findings.jsonl"), "w") as fh:
        fh.write(json.dumps(f) + "\n")
    return d


fs0 = findings(r1)[0]
SUMMARY = "implementation says valid, amc says invalid (JSON_UNEXPECTED_END)"
for name, kw, case in (
        ("bare", {"amc": None, "name": None, "summary": None},
         {"description": "found by amc fuzz", "rule": "MAILBOX-ENV-001",
          "input": "inputs/fuzz-verdict-500e7ac9/verdict-500e7ac9.json", "verdict": "invalid",
          "codes": []}),
        ("rule", {"amc": {"verdict": "invalid", "rule": "MAILBOX-SIG-001",
                          "codes": ["JSON_UNEXPECTED_END", "MAILBOX_SIGNATURE_UNKEYED"]}},
         {"description": SUMMARY, "rule": "MAILBOX-SIG-001",
          "input": "inputs/fuzz-verdict-500e7ac9/seed.json", "verdict": "invalid",
          "codes": ["JSON_UNEXPECTED_END"]}),
        ("unknown-rule", {"amc": {"verdict": "invalid", "rule": "NO-SUCH-RULE", "codes": []}},
         {"description": SUMMARY, "rule": "MAILBOX-ENV-001",
          "input": "inputs/fuzz-verdict-500e7ac9/seed.json", "verdict": "invalid", "codes": []}),
        ("valid", {"amc": {"verdict": "valid", "rule": "MAILBOX-SIG-001"}},
         {"description": SUMMARY, "rule": "MAILBOX-ENV-001",
          "input": "inputs/fuzz-verdict-500e7ac9/seed.json", "verdict": "valid", "codes": []})):
    d, em = msg_dir("e-" + name, **kw), out_dir("em-" + name)
    expect(f"emit {name}", c.amc(["fuzz", "--replay", d + "//", "--emit-cases", em + "///"]), 0,
           f"amc fuzz: wrote 1 case(s) and 0 scenario(s) under {em}/mailbox (run them with: amc "
           f"conform --suite {em} --impl CMD)\n", "")
    want = [dict({"id": "fuzz-verdict-500e7ac9", "level": "MUST", "tags": ["fuzz", "verdict"]},
                 **case)]
    got = json.load(open(os.path.join(em, "mailbox", "cases.json")))
    if got != want or not os.path.isfile(os.path.join(em, "mailbox", case["input"])):
        c.fail(f"emit {name}: {got}")

# 10. --emit-cases of the lifecycle finding: no scenario_id, the scenario not there, the
# destination blocked
lcf = findings(LCD)[0] if findings(LCD) else {"input": "lifecycle-d1e6b70e.json"}


def lc_dir(name, copy=True, **kw):
    d = out_dir(name)
    os.makedirs(d)
    if copy:
        shutil.copyfile(LCV, os.path.join(d, "lifecycle-d1e6b70e.json"))
    with open(os.path.join(d, "findings.jsonl"), "w") as fh:
        fh.write(json.dumps({k: v for k, v in dict(lcf, **kw).items() if v is not None}) + "\n")
    return d


d, em = lc_dir("lc-noid", scenario_id=None), out_dir("em-lc-noid")
expect("emit lifecycle, no scenario_id", c.amc(["fuzz", "--replay", d, "--emit-cases", em]), 0,
       f"amc fuzz: wrote 0 case(s) and 1 scenario(s) under {em}/acp (run them with: amc conform "
       f"--suite {em} --impl CMD)\n", "")
if open(os.path.join(em, "acp", "lifecycle", "fuzz-lifecycle.json")).read() != open(LCV).read():
    c.fail("emit lifecycle, no scenario_id: fuzz-lifecycle.json is not the scenario")
d = lc_dir("lc-gone", copy=False)
expect("emit lifecycle, scenario gone",
       c.amc(["fuzz", "--replay", d, "--emit-cases", out_dir("em-lc-gone")]), 2, "",
       f"amc: {d}/lifecycle-d1e6b70e.json: No such file or directory\n"
       f"amc fuzz: --emit-cases: cannot read {d}/lifecycle-d1e6b70e.json\n")
replay_line("replay lifecycle, scenario gone", d, [], 2,
            f"error          {d}/lifecycle-d1e6b70e.json  cannot read the scenario "
            f"{d}/lifecycle-d1e6b70e.json",
            f"amc: {d}/lifecycle-d1e6b70e.json: No such file or directory\n")
d, em = lc_dir("lc-blocked"), out_dir("em-lc-blocked")
os.makedirs(os.path.join(em, "acp", "lifecycle", "fuzz-lifecycle-d1e6b70e.json"))
expect("emit lifecycle, blocked", c.amc(["fuzz", "--replay", d, "--emit-cases", em]), 2, "",
       f"amc fuzz: --emit-cases: cannot write {em}/acp/lifecycle/fuzz-lifecycle-d1e6b70e.json: "
       "Is a directory\n")

# 11. --stateful against an adapter that says "valid" to every message: two findings (one
# keyed), pinned; their --replay against other adapters and edited copies, and --emit-cases
# that cannot copy (cli_fuzz_st.c fz_replay_stateful, read_case, fz_emit_session)
ST1 = out_dir("st1")
p = c.amc(["fuzz", "--stateful", "--profile", "mailbox", "--suite", c.suite, "--impl",
           f"{FZ} validate:valid {AMC}", "--runs", "2", "--seed", "3", "--out", ST1, "-q"])
KEYS = ("input", "class", "size", "original_size", "shrink_runs", "message", "summary", "codes")
got = [[f.get(k) for k in KEYS] for f in findings(ST1)]
want = [["stateful-51b19cc1.json", "impl-valid", 1, 6, 7, 1, "implementation says the session is "
         "valid, amc says invalid (MAILBOX_SIGNATURE_INVALID), first at message 1 of 1",
         ["MAILBOX_SIGNATURE_INVALID"]],
        ["stateful-02add9f9.json", "impl-valid", 2, 42, 47, 2, "implementation says the session "
         "is valid, amc says invalid (MAILBOX_RESYNC_REQUIRED), first at message 2 of 2",
         ["MAILBOX_RESYNC_REQUIRED"]]]
if p.returncode != 1 or got != want:
    c.fail(f"stateful, validate:valid: exit {p.returncode}, {got}\n{p.stdout}{p.stderr}")
else:
    stf = findings(ST1)
    K, U = f"{ST1}/stateful-51b19cc1.json", f"{ST1}/stateful-02add9f9.json"
    for impl, lines, rc in (
            (None, [f"reproduced     {K}  impl-valid", f"reproduced     {U}  impl-valid"], 1),
            (f"{AMC} adapter", [f"not reproduced {K}  both say the session is invalid",
                                f"not reproduced {U}  both say the session is invalid"], 0),
            (f"{FZ} validate:garbage {AMC}",
             [f"not reproduced {x}  garbage:garbage: garbage reply (adapter reply: not JSON: "
              "this is not JSON)" for x in (K, U)], 0),
            (f"{FZ} validate:hang {AMC}",
             [f"not reproduced {x}  hang:timeout: timeout: no reply in time" for x in (K, U)], 0),
            (f"{FZ} validate:invalid {AMC}",
             [f"not reproduced {K}  missing:MAILBOX_SIGNATURE_INVALID",
              f"not reproduced {U}  missing:MAILBOX_RESYNC_REQUIRED"], 0)):
        p = c.amc(["fuzz", "--replay", ST1] + (["--impl", impl] if impl else []) +
                  hang_timeout(impl or ""))
        n = 2 if rc else 0
        expect(f"stateful replay {impl}", p, rc, "\n".join(lines) +
               f"\namc fuzz --replay: {n} reproduced, {2 - n} not reproduced\n", "")

    def st_dir(name, f, edit=None):
        d = out_dir(name)
        shutil.copytree(os.path.join(ST1, f["input"][:-5]), os.path.join(d, f["input"][:-5]))
        shutil.copyfile(os.path.join(ST1, f["input"]), os.path.join(d, f["input"]))
        with open(os.path.join(d, "findings.jsonl"), "w") as fh:
            fh.write(json.dumps(f) + "\n")
        if edit:
            edit(d)
        return d

    U2 = "stateful-02add9f9"
    for name, edit, now in (
            ("notjson", lambda d: write(f"{d}/{U2}.json", "{"), "{d}/{u}.json is not a session case"),
            ("nosession", lambda d: write(f"{d}/{U2}.json", "{}"),
             "{d}/{u}.json is not a session case"),
            ("empty", lambda d: write(f"{d}/{U2}.json", '{"session": []}'),
             "{d}/{u}.json is not a session case"),
            ("notarray", lambda d: write(f"{d}/{U2}.json", '{"session": "x"}'),
             "{d}/{u}.json is not a session case"),
            ("msggone", lambda d: os.remove(f"{d}/{U2}/002.json"), "cannot read {d}/{u}/002.json")):
        d = st_dir("st-" + name, stf[1], edit)
        err = f"amc: {d}/{U2}/002.json: No such file or directory\n" if name == "msggone" else ""
        replay_line(f"stateful replay, {name}", d, [], 2,
                    f"error          {d}/{U2}.json  " + now.format(d=d, u=U2), err)
    # --emit-cases: a message gone; the destination of a message, the policy or the keyring
    # blocked
    d = st_dir("st-emit-gone", stf[1], lambda d: os.remove(f"{d}/{U2}/002.json"))
    em = out_dir("em-st-gone")
    expect("stateful emit, message gone", c.amc(["fuzz", "--replay", d, "--emit-cases", em]), 2,
           "", f"amc: {d}/{U2}/002.json: No such file or directory\n"
           f"amc fuzz: --emit-cases: cannot copy {d}/{U2}/002.json to "
           f"{em}/mailbox/inputs/{U2}/002.json\n")
    d, em = st_dir("st-emit-blocked", stf[1]), out_dir("em-st-blocked")
    os.makedirs(f"{em}/mailbox/inputs")
    write(f"{em}/mailbox/inputs/{U2}", "")
    expect("stateful emit, folder blocked", c.amc(["fuzz", "--replay", d, "--emit-cases", em]), 2,
           "", f"amc fuzz: --emit-cases: cannot copy {d}/{U2}/001.json to "
           f"{em}/mailbox/inputs/{U2}/001.json\n")
    K2 = "stateful-51b19cc1"
    for name, blocked in (("policy", "hmac.yaml"), ("keyring", "keyring.json")):
        d, em = st_dir(f"st-emit-{name}", stf[0]), out_dir(f"em-st-{name}")
        os.makedirs(f"{em}/mailbox/inputs/{K2}/policies/{blocked}")
        expect(f"stateful emit, {name} blocked",
               c.amc(["fuzz", "--replay", d, "--emit-cases", em]), 2, "",
               f"amc fuzz: --emit-cases: cannot copy the policy {K2}/policies/hmac.yaml and its "
               "keyring\n")
    d, em = st_dir("st-emit", stf[0]), out_dir("em-st")
    expect("stateful emit, keyed", c.amc(["fuzz", "--replay", d, "--emit-cases", em]), 0,
           f"amc fuzz: wrote 1 case(s) and 0 scenario(s) under {em}/mailbox (run them with: amc "
           f"conform --suite {em} --impl CMD)\n", "")
    case = json.load(open(f"{em}/mailbox/cases.json"))[0]
    if case.get("session") != [f"inputs/{K2}/001.json"] or \
            case.get("policy") != f"inputs/{K2}/policies/hmac.yaml" or \
            open(f"{em}/mailbox/inputs/{K2}/policies/keyring.json").read() != \
            open(f"{ST1}/{K2}/policies/keyring.json").read():
        c.fail(f"stateful emit, keyed: {case}")

# 12. a --out folder with findings of earlier runs (cli_fuzz_find.c load_known): lines that
# are not JSON, have no signature or one that is no string are no known finding; the same run
# again finds its finding again, not anew
k1 = out_dir("known")
os.makedirs(k1)
with open(os.path.join(k1, "findings.jsonl"), "w") as fh:
    fh.write('not json\n{"x": 1}\n{"signature": 5}\n')
RUN5 = ["fuzz", "--profile", "mailbox", "--impl-exec", "true {file}", "--runs", "4", "--seed", "5",
        "--out", k1, "-q"]
HEAD5 = "amc fuzz: profile mailbox, exec true {file}, seed 5, 1 job\n"
STATS5 = "4 execs in T s (R/s), corpus 3, amc codes reached 4/28\n"
REPLAY5 = f"replay: amc fuzz --replay {k1} --impl-exec 'true {{file}}'\n"
for n, out in ((1, f"findings: 1 new (1 verdict, 0 crash, 0 hang, 0 garbage), in {k1}/findings.jsonl"
                   f"\n  verdict   {k1}/verdict-500e7ac9.json  {SUMMARY} [2 -> 1 bytes]\n"),
               (2, "findings: 0 new (0 verdict, 0 crash, 0 hang, 0 garbage), 1 found again from "
                   f"earlier runs, in {k1}/findings.jsonl\n")):
    p = c.amc(RUN5)
    p.stdout = timeless(p.stdout)
    expect(f"known findings, run {n}", p, 1, HEAD5 + STATS5 + out + REPLAY5, "")
if len(open(os.path.join(k1, "findings.jsonl")).readlines()) != 4:
    c.fail("known findings: the second run wrote a line")

# 13. --emit-cases that cannot write: the folder under a file, cases.json blocked (said on
# stderr: it was not, only exit 2); an empty
# input copied as an empty file; --replay / (no findings.jsonl there)
d = msg_dir("e-under")
write(os.path.join(TMP, "a-file"), "")
expect("emit under a file", c.amc(["fuzz", "--replay", d, "--emit-cases", f"{TMP}/a-file/em"]), 2,
       "", f"amc fuzz: --emit-cases: cannot copy {d}/verdict-500e7ac9.json to "
       f"{TMP}/a-file/em/mailbox/inputs/fuzz-verdict-500e7ac9/seed.json\n")
d, em = msg_dir("e-cases"), out_dir("em-cases")
os.makedirs(os.path.join(em, "mailbox", "cases.json"))
expect("emit, cases.json blocked", c.amc(["fuzz", "--replay", d, "--emit-cases", em]), 2, "",
       f"amc fuzz: --emit-cases: cannot write {em}/mailbox/cases.json: Is a directory\n")
d, em = msg_dir("e-empty"), out_dir("em-empty")
write(os.path.join(d, "verdict-500e7ac9.json"), "")
expect("emit, an empty input", c.amc(["fuzz", "--replay", d, "--emit-cases", em]), 0,
       f"amc fuzz: wrote 1 case(s) and 0 scenario(s) under {em}/mailbox (run them with: amc "
       f"conform --suite {em} --impl CMD)\n", "")
if os.path.getsize(os.path.join(em, "mailbox", "inputs", "fuzz-verdict-500e7ac9", "seed.json")):
    c.fail("emit, an empty input: the copy is not empty")
p = c.amc(["fuzz", "--replay", "/", "--emit-cases", out_dir("em-root")])
if p.returncode != 2 or p.stdout or "/findings.jsonl" not in p.stderr:
    c.fail(f"--replay /: exit {p.returncode}\n{p.stdout}{p.stderr}")

# 14. --replay of message findings: no "name" (the adapter is sent the input's file name), an
# input both call valid, two findings recorded with two adapters (each started), and a profile
# amc does not implement
valid_in = os.path.join(S, tpl["input"])
d = msg_dir("r-both", name=None, target={"mode": "adapter", "command": f"{AMC} adapter"})
shutil.copyfile(valid_in, os.path.join(d, "verdict-500e7ac9.json"))
replay_line("replay, both valid", d, [], 0,
            f"not reproduced {d}/verdict-500e7ac9.json  both say valid")
d = out_dir("r-two")
os.makedirs(d)
shutil.copyfile(V, os.path.join(d, "verdict-500e7ac9.json"))
with open(os.path.join(d, "findings.jsonl"), "w") as fh:
    for impl in (f"{FZ} validate:valid {AMC}", f"{FZ} validate:garbage {AMC}"):
        fh.write(json.dumps(dict(fs0, target={"command": impl})) + "\n")
expect("replay, two adapters", c.amc(["fuzz", "--replay", d]), 1,
       f"reproduced     {d}/verdict-500e7ac9.json  verdict (impl-valid)\n"
       f"not reproduced {d}/verdict-500e7ac9.json  garbage (garbage): garbage reply (adapter "
       "reply: not JSON: this is not JSON)\n"
       "amc fuzz --replay: 1 reproduced, 1 not reproduced\n", "")

# 15. the ignite profile (MIME): no seeds in the suite: the built-in MIME seed; its finding is
# a .mime file
em = out_dir("ig-suite")
os.makedirs(os.path.join(em, "ignite"))
d = out_dir("ig")
p = c.amc(["fuzz", "--profile", "ignite", "--suite", em, "--impl-exec", "true {file}", "--runs",
           "1", "--seed", "1", "--out", d, "-q"])
p.stdout = timeless(p.stdout)
expect("ignite, built-in seed", p, 1,
       "amc fuzz: profile ignite, exec true {file}, seed 1, 1 job\n"
       "1 execs in T s (R/s), corpus 1, amc codes reached 3/37\n"
       f"findings: 1 new (1 verdict, 0 crash, 0 hang, 0 garbage), in {d}/findings.jsonl\n"
       f"  verdict   {d}/verdict-685d50f3.mime  implementation says valid, amc says invalid "
       "(IGNITE_MSG_MALFORMED) [98 -> 1 bytes]\n"
       f"replay: amc fuzz --replay {d} --impl-exec 'true {{file}}'\n", "")
expect("corpus, not there",
       c.amc(["fuzz", "--profile", "mailbox", "--impl-exec", "true {file}", "--corpus",
              f"{TMP}/nothing", "--runs", "1", "--out", out_dir("c3"), "-q"]), 2,
       "", f"amc fuzz: --corpus {TMP}/nothing is not a directory\n")

# 16. --lifecycle against adapters that answer garbage or die: the finding, shrunk to no event
for mode, cls, summary in (("garbage", "garbage:garbage", "garbage reply (adapter reply: not JSON: "
                                                           "this is not JSON)"),
                           ("kill", "crash:signal 9", "adapter killed by signal 9")):
    d = out_dir("lcr-" + mode)
    p = c.amc(["fuzz", "--lifecycle", "--profile", "acp", "--impl",
               f"{FZ} lifecycle:{mode} {AMC}", "--runs", "2", "--seed", "7", "--out", d, "-q"])
    got = [[f.get(k) for k in ("class", "size", "original_size", "shrink_runs", "summary", "impl")]
           for f in findings(d)]
    want = [[cls, 0, 22, 6, summary, {"outcome": cls.split(":")[0], "detail": summary}]]
    if p.returncode != 1 or got != want:
        c.fail(f"lifecycle, {mode}: exit {p.returncode}, {got}\n{p.stdout}{p.stderr}")

# 17. --stateful: the suite's policies: one that is no string, one outside the suite ("..", an
# absolute path), one named twice (tried once), one next to cases.json (its keyring beside it)
d = suite("su-pol", ["schema"])
for f in ("hmac.yaml", "keyring.json"):
    shutil.copyfile(os.path.join(S, "policies", f), os.path.join(d, "mailbox", f))
with open(os.path.join(d, "mailbox", "cases.json"), "w") as fh:
    json.dump([tpl] + [dict(tpl, policy=x) for x in (5, "../hmac.yaml", "/etc/hmac.yaml",
                                                      "hmac.yaml", "hmac.yaml")], fh)
p = st_run(d, "s-pol")
lines = timeless(p.stdout).splitlines()
if p.returncode != 0 or p.stderr or lines[1:5] != [
        "2 sessions (48 messages) in T s (R/s)",
        "coverage: session rules 4/4, reuse distances 12/20, key rules 1/3",
        "under policy hmac.yaml (keyring keyring.json): 1 sessions",
        "  not reached: MAILBOX_KEY_UNKNOWN in a session under the policy"] or \
        lines[-1] != "no findings":
    c.fail(f"stateful, the suite's policies: exit {p.returncode}\n{p.stdout}{p.stderr}")

# 18. --replay of edited stateful cases: a message named without a folder, one that is null, a
# line without the class
if findings(ST1):
    def flat(d):
        shutil.move(f"{d}/{U2}/001.json", f"{d}/001.json")
        write(f"{d}/{U2}.json", json.dumps(dict(json.load(open(f"{ST1}/{U2}.json")),
                                                session=["001.json", f"{U2}/002.json"])))

    d = st_dir("st-flat", stf[1], flat)
    replay_line("stateful replay, a message without a folder", d, [], 1,
                f"reproduced     {d}/{U2}.json  impl-valid")
    # the adapter is sent each message's file name without its folder
    log = out_dir("st-flat.log")
    replay_line("stateful replay, the names sent", d, ["--impl", f"{CFA} lognames:{log} {AMC}"],
                0, f"not reproduced {d}/{U2}.json  both say the session is invalid")
    if not os.path.exists(log) or open(log).read() != "001.json\n002.json\n":
        c.fail(f"stateful replay, the names sent: {open(log).read() if os.path.exists(log) else ''}")
    d = st_dir("st-null", stf[1], lambda d: write(f"{d}/{U2}.json", json.dumps(
        dict(json.load(open(f"{ST1}/{U2}.json")), session=[None]))))
    replay_line("stateful replay, a null message", d, [], 2,
                f"error          {d}/{U2}.json  cannot read {d}/")
    d = st_dir("st-nocls", dict(stf[1], **{"class": "impl-invalid"}))
    replay_line("stateful replay, another class recorded", d, [], 0,
                f"not reproduced {d}/{U2}.json  impl-valid")

# 19. adapters: exit 130 (a shell's report of SIGINT), replies that are no reply to validate
replay_line("adapter exit 130", r1, ["--impl", f"{FZ} validate:exit130 {AMC}"], 0,
            f"not reproduced {V}  crash (signal 2): adapter killed by signal 2")
for reply, why in (('{"seq":SEQ,"error":null}', '"error" is not a string: {"seq":2,"error":null}'),
                   ('{"seq":SEQ,"skipped":true}', '"skipped" malformed or not allowed: '
                                                  '{"seq":2,"skipped":true}'),
                   ('{"seq":SEQ,"ok":true}', 'no outcome member for this request: '
                                             '{"seq":2,"ok":true}')):
    env = dict(os.environ, FZCOV_REPLY=reply)
    p = c.amc(["fuzz", "--replay", r1, "--impl", f"{FZ} validate:reply {AMC}"], env=env)
    expect(f"adapter reply {reply}", p, 0,
           f"not reproduced {V}  garbage (garbage): garbage reply (adapter reply: {why})\n"
           "amc fuzz --replay: 0 reproduced, 1 not reproduced\n", "")

# 20. two jobs: the header says so (plain, --stateful, --lifecycle)
for args, head in (
        (["--profile", "mailbox", "--impl-exec", "exit 1; true {file}"],
         "amc fuzz: profile mailbox, exec exit 1; true {file}, seed 9, 2 jobs"),
        (["--stateful", "--profile", "mailbox", "--suite", c.suite, "--impl", f"{AMC} adapter"],
         f"amc fuzz --stateful: profile mailbox, adapter {AMC} adapter = amc {VERSION}, seed 9, "
         "2 jobs"),
        (["--lifecycle", "--profile", "acp", "--impl", f"{AMC} adapter"],
         f"amc fuzz --lifecycle: profile acp, adapter {AMC} adapter = amc {VERSION}, seed 9, "
         "2 jobs")):
    d = out_dir("jobs-" + args[0][2:])
    p = c.amc(["fuzz"] + args + ["--jobs", "2", "--runs", "4", "--seed", "9", "--out", d, "-q"])
    lines = p.stdout.splitlines()
    if p.returncode != 0 or p.stderr or lines[0] != head or lines[-1] != "no findings":
        c.fail(f"two jobs {args[0]}: exit {p.returncode}\n{p.stdout}{p.stderr}")

# 21. --stateful: keyrings of the suite's policy that give no keyed sessions (keys no list, one
# key, a key_id that is no string) and one that does (two shared keys, without a principal: the
# first is the shared one); the ignite profile (no session rules, no policy line)
KR = json.load(open(os.path.join(S, "policies", "keyring.json")))
NOPOL = ("no sessions under a policy: no policy of the suite names a JSON keyring of two keys "
         "under which the templates are valid")
for name, keys, line in (
        ("obj", {}, NOPOL), ("one", KR["keys"][:1], NOPOL),
        ("intid", [dict(KR["keys"][0], key_id=5)] + KR["keys"][1:], NOPOL),
        ("twoshared", KR["keys"] + [{"key_id": "k-shared-v2", "algorithm": "hmac_sha256",
                                     "secret_hex": "00" * 32}],
         "under policy hmac.yaml (keyring keyring.json): 1 sessions")):
    d = suite("su-kr-" + name, ["schema"])
    shutil.copyfile(os.path.join(S, "policies", "hmac.yaml"), os.path.join(d, "mailbox", "hmac.yaml"))
    write(os.path.join(d, "mailbox", "keyring.json"), json.dumps(dict(KR, keys=keys)))
    with open(os.path.join(d, "mailbox", "cases.json"), "w") as fh:
        json.dump([tpl, dict(tpl, policy="hmac.yaml")], fh)
    p = st_run(d, "s-kr-" + name)
    lines = p.stdout.splitlines()
    if p.returncode != 0 or p.stderr or line not in lines or lines[-1] != "no findings":
        c.fail(f"stateful, keyring {name}: exit {p.returncode}\n{p.stdout}{p.stderr}")
p = c.amc(["fuzz", "--stateful", "--profile", "ignite", "--suite", c.suite, "--impl",
           f"{AMC} adapter", "--runs", "2", "--seed", "3", "--out", out_dir("s-ignite"), "-q"])
p.stdout = timeless(p.stdout)
expect("stateful, ignite", p, 0,
       f"amc fuzz --stateful: profile ignite, adapter {AMC} adapter = amc {VERSION}, seed 3, 1 "
       "job\n2 sessions (3 messages) in T s (R/s)\ncoverage: no session rules in amc for ignite\n"
       "no findings\n", "")

# 22. the mutator on IGNITE messages without header fields, with 310 of them, with continued
# header lines and with YAML bodies whose strings need quoting: the inputs of a seeded run
# (through an adapter that logs them), pinned by their SHA-256
mc = out_dir("mime-corpus")
os.makedirs(mc)
HDR = ("MIME-Version: 1.0\nFrom: leader\nTo: coordinator\nX-IGNITE-Type: task_assignment\n"
       "Content-Type: text/x-yaml; charset=utf-8\n\n")
for name, text in (
        ("a-nohdr.mime", "\ntype: task_assignment\n"),
        ("b-many.mime", "".join(f"X-H{i}: v{i}\n" for i in range(310)) + "\ntype: x\n"),
        ("c-yaml.mime", HDR + 'type: task_assignment\na: "1.5"\nb: ".x"\nc: "+3"\nd: "x: y"\n'
                              'e: "a #b"\nf: "x\\u007fy"\ng: "tab\\there"\nh: "yes"\n'
                              'i: "null"\nj: "end:"\nk: [1, 2]\nl: {m: 1}\n'),
        ("d-cont.mime", "MIME-Version: 1.0\nSubject: a\n b\n\tc\nX-E:\nX-F: :\n\nbody\n")):
    write(os.path.join(mc, name), text)
log = out_dir("mime.log")
p = c.amc(["fuzz", "--profile", "ignite", "--corpus", mc, "--impl", f"{CFA} logdata:{log} {AMC}",
           "--runs", "3000", "--seed", "3", "--out", out_dir("mime-out"), "-q"])
p.stdout = timeless(p.stdout)
digest = hashlib.sha256(open(log, "rb").read()).hexdigest() if os.path.exists(log) else None
expect("mutator, MIME seeds", p, 0,
       f"amc fuzz: profile ignite, adapter {CFA} logdata:{log} {AMC} = amc {VERSION}, seed 3, 1 "
       "job\n3000 execs in T s (R/s), corpus 767, amc codes reached 15/37\nno findings\n", "")
if digest != "3cf1ce3716e0581be7c97461feb6c87dad9174803e29fc05ba5b4ff55b8c8dd1":
    c.fail(f"mutator, MIME seeds: the inputs' SHA-256 is {digest}")

# 23. the command line: --seed empty or not a number; --lifecycle / --stateful with --replay
# and no implementation (the recorded one); --emit-cases after a replay with an implementation
# that cannot write (exit 2) or after a replay that failed (not tried)
for seed in ("", "12x"):
    expect(f"--seed '{seed}'", c.amc(["fuzz", "--profile", "mailbox", "--impl", "x", "--seed",
                                      seed]), 2, "", f"amc fuzz: --seed: '{seed}' is not a number\n")
replay_line("--lifecycle --replay", LCD, ["--lifecycle"], 1,
            f"reproduced     {LCV}  step 3: expected rejected, got accepted")
if findings(ST1):
    p = c.amc(["fuzz", "--stateful", "--replay", ST1])
    if p.returncode != 1 or p.stdout.splitlines()[-1] != "amc fuzz --replay: 2 reproduced, 0 not " \
                                                         "reproduced":
        c.fail(f"--stateful --replay: exit {p.returncode}\n{p.stdout}{p.stderr}")
write(os.path.join(TMP, "b-file"), "")
p = c.amc(["fuzz", "--replay", r1, "--impl-exec", "true {file}", "--emit-cases",
           f"{TMP}/b-file/em"])
expect("--replay --impl-exec --emit-cases under a file", p, 2,
       f"reproduced     {V}  verdict (impl-valid)\n"
       "amc fuzz --replay: 1 reproduced, 0 not reproduced\n",
       f"amc fuzz: --emit-cases: cannot copy {V} to "
       f"{TMP}/b-file/em/mailbox/inputs/fuzz-verdict-500e7ac9/seed.json\n")
p = c.amc(["fuzz", "--replay", f"{TMP}/nothing", "--impl-exec", "true {file}", "--emit-cases",
           out_dir("em-nothing")])
expect("--replay of nothing --emit-cases", p, 2, "",
       f"amc fuzz: {TMP}/nothing/findings.jsonl: No such file or directory\n")
if os.path.exists(out_dir("em-nothing")):
    c.fail("--replay of nothing --emit-cases: the emit folder was made")

# 24. --corpus: a folder 17 deep is not walked (16 is); a suite whose inputs is a file: the
# built-in seed
deep = out_dir("deep")
os.makedirs(os.path.join(deep, *["d"] * 18))
write(os.path.join(deep, *["d"] * 16, "s16.json"), "{}")
write(os.path.join(deep, *["d"] * 17, "s17.json"), "{}")
log = out_dir("deep.log")
p = c.amc(["fuzz", "--profile", "mailbox", "--impl-exec", f"echo {{file}} >> {log}; exit 1",
           "--corpus", deep, "--runs", "1", "--seed", "1", "--out", out_dir("deep-out"), "-q"])
names = [re.sub(r"^.*/amc-fuzz-[^/]*/", "", x) for x in open(log).read().split()] \
    if os.path.exists(log) else []
if p.returncode != 0 or names != ["/".join(["d"] * 16 + ["s16.json"])]:
    c.fail(f"corpus 17 deep: exit {p.returncode}, {names}\n{p.stdout}{p.stderr}")
su = out_dir("su-inputs-file")
os.makedirs(os.path.join(su, "mailbox"))
write(os.path.join(su, "mailbox", "inputs"), "")
log = out_dir("builtin.log")
p = c.amc(["fuzz", "--profile", "mailbox", "--suite", su, "--impl-exec",
           f"echo {{file}} >> {log}; exit 1", "--runs", "1", "--seed", "1", "--out",
           out_dir("builtin-out"), "-q"])
names = [re.sub(r"^.*/amc-fuzz-[^/]*/", "", x) for x in open(log).read().split()] \
    if os.path.exists(log) else []
if p.returncode != 0 or names != ["seed.json"]:
    c.fail(f"suite inputs a file: exit {p.returncode}, {names}\n{p.stdout}{p.stderr}")

# 25. --lifecycle against an adapter that dies at its first lifecycle request and cannot be
# restarted: the finding is kept unshrunk (the shrinker's candidates do not reach it), its re-run
# says why, and the run stops
d = out_dir("lc-once")
env = dict(os.environ, FZCOV_ONCE=out_dir("lc-once.started"))
p = c.amc(["fuzz", "--lifecycle", "--profile", "acp", "--impl", f"{FZ} lifecycle:kill {AMC}",
           "--runs", "3", "--seed", "7", "--out", d, "-q"], env=env)
lines = p.stdout.splitlines()
got = [[f.get(k) for k in ("class", "size", "original_size", "impl")] for f in findings(d)]
if p.returncode != 1 or p.stderr or got != [
        ["crash:signal 9", 22, 22, {"outcome": "garbage", "detail": "restart failed: adapter "
                                                             "exited with status 1 (crash?)"}]] or \
        f"  lifecycle {d}/lifecycle-b66cdad5.json  crash:signal 9 (did not show again on the " \
        "shrunk sequence) [22 -> 22 events]" not in lines or lines[-1] != \
        "stopped: the implementation is no longer reachable (restart failed: adapter exited " \
        "with status 1 (crash?))" or not lines[1].startswith("1 sequences (22 events) in "):
    c.fail(f"lifecycle, no restart: exit {p.returncode}, {got}\n{p.stdout}{p.stderr}")

# 26. --replay of message findings: a profile amc does not implement (said: it was an "error"
# line without a reason), targets that change mode and back (exec, adapter, exec: each opened
# anew); --emit-cases of a line whose amc part has no verdict (invalid)
d = msg_dir("r-noprofile", profile="nosuch")
replay_line("replay, a profile amc does not implement", d, [], 2,
            f"error          {d}/verdict-500e7ac9.json  the finding's profile nosuch is not one "
            "amc implements")
d = out_dir("r-modes")
os.makedirs(d)
shutil.copyfile(V, os.path.join(d, "verdict-500e7ac9.json"))
with open(os.path.join(d, "findings.jsonl"), "w") as fh:
    for tg in ({"mode": "exec", "command": "true {file}"}, {"mode": "adapter",
                                                           "command": f"{AMC} adapter"},
               {"mode": "exec", "command": "true {file}"}):
        fh.write(json.dumps(dict(fs0, target=tg)) + "\n")
expect("replay, exec, adapter, exec", c.amc(["fuzz", "--replay", d]), 1,
       f"reproduced     {d}/verdict-500e7ac9.json  verdict (impl-valid)\n"
       f"not reproduced {d}/verdict-500e7ac9.json  both say invalid\n"
       f"reproduced     {d}/verdict-500e7ac9.json  verdict (impl-valid)\n"
       "amc fuzz --replay: 2 reproduced, 1 not reproduced\n", "")
d, em = msg_dir("e-noverdict", amc={"codes": ["JSON_UNEXPECTED_END"]}), out_dir("em-noverdict")
expect("emit, no verdict", c.amc(["fuzz", "--replay", d, "--emit-cases", em]), 0,
       f"amc fuzz: wrote 1 case(s) and 0 scenario(s) under {em}/mailbox (run them with: amc "
       f"conform --suite {em} --impl CMD)\n", "")
got = json.load(open(os.path.join(em, "mailbox", "cases.json")))
if [(x["verdict"], x["codes"], x["rule"]) for x in got] != \
        [("invalid", ["JSON_UNEXPECTED_END"], "MAILBOX-ENV-001")]:
    c.fail(f"emit, no verdict: {got}")

# 27. --emit-cases when amc reported the code of every rule of the profile and recorded no rule:
# no rule passes (lifecycle, workspace, live and SHOULD rules are never picked): rule "?"
for prof in ("socket", "acp"):
    rs = json.loads(c.amc(["rules", "--profile", prof, "--format", "json"]).stdout)
    rs = rs["rules"] if isinstance(rs, dict) else rs
    codes = sorted({r["code"] for r in rs})
    d = msg_dir("e-all-" + prof, profile=prof, amc={"verdict": "invalid", "codes": codes})
    em = out_dir("em-all-" + prof)
    expect(f"emit, every {prof} code", c.amc(["fuzz", "--replay", d, "--emit-cases", em]), 0,
           f"amc fuzz: wrote 1 case(s) and 0 scenario(s) under {em}/{prof} (run them with: amc "
           f"conform --suite {em} --impl CMD)\n", "")
    got = json.load(open(os.path.join(em, prof, "cases.json")))
    if [(x["rule"], x["level"]) for x in got] != [("?", "MUST")]:
        c.fail(f"emit, every {prof} code: {got}")
    # without its last MUST message rule's code, that rule is the one
    last = [r for r in rs if r["level"] == "MUST" and "-LC-" not in r["id"] and
            "-WS-" not in r["id"] and "-LIVE-" not in r["id"]][-1]
    d = msg_dir("e-most-" + prof, profile=prof,
                amc={"verdict": "invalid", "codes": [x for x in codes if x != last["code"]]})
    em = out_dir("em-most-" + prof)
    c.amc(["fuzz", "--replay", d, "--emit-cases", em])
    got = json.load(open(os.path.join(em, prof, "cases.json")))
    if [(x["rule"], x["level"]) for x in got] != [(last["id"], "MUST")]:
        c.fail(f"emit, every {prof} code but {last['code']}: {got}")

# 28. --replay against an adapter that dies at the first finding and cannot be restarted: the
# next finding could not be run ("error", exit 2), for message, stateful and lifecycle findings
def twice(name, src):
    d = out_dir(name)
    os.makedirs(d)
    for f in os.listdir(src):
        if f != "findings.jsonl":
            (shutil.copytree if os.path.isdir(os.path.join(src, f)) else shutil.copyfile)(
                os.path.join(src, f), os.path.join(d, f))
    line = open(os.path.join(src, "findings.jsonl")).readline()
    write(os.path.join(d, "findings.jsonl"), line + line)
    return d


RESTART = "not reached: restart failed: adapter exited with status 1 (crash?)"
for name, src, op, first, out in (
        ("msg", r1, "validate", "not reproduced {}  crash (signal 9): adapter killed by signal 9",
         "0 reproduced, 1 not reproduced, some could not be run"),
        ("st", ST1, "validate", "not reproduced {}  crash:signal 9: adapter killed by signal 9",
         "0 reproduced, 1 not reproduced, some could not be run"),
        ("lc", LCD, "lifecycle", "reproduced     {}  crash: adapter killed by signal 9",
         "1 reproduced, 0 not reproduced, some could not be run")):
    d = twice("once-" + name, src)
    x = f"{d}/{findings(d)[0]['input']}"
    env = dict(os.environ, FZCOV_ONCE=out_dir(f"once-{name}.started"))
    expect(f"replay, no restart ({name})",
           c.amc(["fuzz", "--replay", d, "--impl", f"{FZ} {op}:kill {AMC}"], env=env), 2,
           first.format(x) + f"\nerror          {x}  {RESTART}\namc fuzz --replay: {out}\n", "")

c.finish()
