#!/usr/bin/env python3
"""ctest cli.cov_fuzz_st: `amc fuzz --stateful` and `--lifecycle` against adapters that fail in
one way each (tests/cli/cov_fuzz_adapter.py): the finding's class, summary, detail and shrunk
size; the summary's coverage lines (no policy claimed, no keyring policy in the suite, not
reached, no codes claimed); the progress line on a terminal; suites it cannot use; --replay and
--emit-cases on broken findings directories. Seeded, a few sessions or sequences each.

usage: cov_fuzz_st.py AMC SOURCE_DIR
"""
import json
import os
import pty
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
from fuzzcheck import Check, findings  # noqa: E402

c = Check("cli.cov_fuzz_st", "amc-covfuzzst-")
AMC, TMP, PY = c.amc_path, c.tmp, sys.executable
ADAPTER = os.path.join(c.src, "tests", "cli", "cov_fuzz_adapter.py")


def adapter(mode):
    return f"{PY} {ADAPTER} {mode} {AMC}"


def out_dir(name):
    return os.path.join(TMP, name)


def tty_last(args):
    """Runs amc ARGS with stderr on a pseudo-terminal; (exit status, the whole stderr, its last
    carriage-return-separated part)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([AMC] + args, cwd=TMP, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: every holder of the terminal closed it
            break
        if not chunk:
            break
        seen += chunk
    proc.communicate(timeout=120)
    os.close(master)
    text = seen.decode("utf-8", "replace").replace("\r\n", "\n")
    return proc.returncode, text, text.rsplit("\r", 1)[-1]


def st(name, mode, runs=10, suite=None, extra=()):
    out = out_dir(name)
    p = c.amc(["fuzz", "--stateful", "--profile", "mailbox", "--suite", suite or c.suite,
               "--impl", adapter(mode), "--runs", str(runs), "--seed", "3", "--out", out,
               "-q", "--max-findings", "1"] + list(extra))
    return p, findings(out)


def expect(name, p, fs, rc, n=None):
    if p.returncode != rc or (n is not None and len(fs) != n):
        c.fail(f"{name}: exit {p.returncode} (want {rc}), {len(fs)} findings\n{p.stdout}{p.stderr}")
        return False
    return True


def first(name, p, fs, cls, summary, size, impl=None):
    if not expect(name, p, fs, 1):
        return None
    f = fs[0]
    if (f["kind"], f["class"], f["summary"], f["size"], f["unit"]) != \
            ("stateful", cls, summary, size, "messages"):
        c.fail(f"{name}: {f}")
    if impl is not None and f["impl"] != impl:
        c.fail(f"{name}: impl {f['impl']}, want {impl}")
    return f


# 1. an error reply to a session's validate or to the reset before it: a crash, shrunk to one
# message; the reply's control character is '?' in the summary and the detail (it was printed
# raw); -v prints the finding as it is stored
p, fs = st("error", "error", extra=["-v"])
first("error", p, fs, "crash:error reply",
      "crash:error reply: error reply: boom?here, first at message 1 of 1", 1,
      impl={"outcome": "crash", "detail": "error reply: boom?here"})
if "amc fuzz: stateful finding: crash:error reply: error reply: boom?here, first at message 1 " \
        "of 1 [" not in p.stderr:
    c.fail(f"error -v: stderr\n{p.stderr}")
p, fs = st("reset", "opfail:reset")
first("reset", p, fs, "crash:error reply",
      "crash:error reply: error reply: no reset, first at message 1 of 1", 1)

# 2. verdicts: "valid" for every session (amc's errors a subset while shrinking), "invalid" with
# a code for every one
p, fs = st("valid", "valid")
f = first("valid", p, fs, "impl-valid", "implementation says the session is valid, amc says "
          "invalid (MAILBOX_SIGNATURE_INVALID), first at message 1 of 1", 1,
          impl={"verdict": "valid", "codes": []})
p, fs = st("invalid", "invalid", runs=30, extra=["--max-findings", "5"])
inv = [f for f in fs if f["class"] == "impl-invalid"]
if p.returncode != 1 or len(inv) != 1 or inv[0]["summary"] != \
        "implementation says the session is invalid (MAILBOX_NONCE_REUSED), amc says valid, " \
        "first at message 1 of 1" or inv[0]["size"] != 1:
    c.fail(f"invalid: exit {p.returncode}\n{fs}")
miss = [f for f in fs if f["class"].startswith("missing:")]
if not miss or any(f["summary"] != "the implementation does not report "
                   f"{f['class'][8:]}, first at message {f['message']} of {f['size']}"
                   for f in miss):
    c.fail(f"invalid: missing: {miss}")

# 3. the summary: verdicts only without "codes"; no policy claimed; a suite without a keyring
# policy; what a short run did not reach
p, fs = st("nocodes", "nocodes", runs=3)
if expect("nocodes", p, fs, 0, 0) and "sessions (" not in p.stdout or \
        ", verdicts only (no codes claimed)\n" not in p.stdout:
    c.fail(f"nocodes: {p.stdout}")
p, fs = st("nopolicy", "dropcap:mailbox.policy", runs=3)
if expect("nopolicy", p, fs, 0, 0) and "no sessions under policy policies/hmac.yaml: the " \
        "implementation does not claim mailbox.policy\n" not in p.stdout:
    c.fail(f"nopolicy: {p.stdout}")
# a suite of the plain valid cases only
suite = out_dir("suite")
os.makedirs(os.path.join(suite, "mailbox"))
os.symlink(os.path.join(c.suite, "mailbox", "inputs"), os.path.join(suite, "mailbox", "inputs"))
cases = json.load(open(os.path.join(c.suite, "mailbox", "cases.json")))
plain = [x for x in cases if x.get("verdict") == "valid" and "policy" not in x
         and "session" not in x and "now" not in x]
with open(os.path.join(suite, "mailbox", "cases.json"), "w") as fh:
    json.dump(plain, fh)
p, fs = st("plain", "reference", runs=2, suite=suite)
lines = p.stdout.splitlines()
if not expect("plain", p, fs, 0, 0) or \
        "no sessions under a policy: no policy of the suite names a JSON keyring of two keys " \
        "under which the templates are valid" not in lines or \
        not any(re.fullmatch(r"  not reached: MAILBOX_\w+ at reuse distance (1|2-3|4-7|8-15|16\+)",
                             x) for x in lines) or \
        not any(x.startswith("coverage: session rules ") and "key rules" not in x for x in lines):
    c.fail(f"plain: {p.stdout}")
# suites it cannot use: no valid case; no cases.json
with open(os.path.join(suite, "mailbox", "cases.json"), "w") as fh:
    json.dump([x for x in cases if x.get("verdict") == "invalid"][:3], fh)
p, fs = st("novalid", "reference", runs=2, suite=suite)
if p.returncode != 2 or p.stderr != "amc fuzz: --stateful: no valid mailbox case to build " \
        f"sessions from in {suite}\n":
    c.fail(f"novalid: exit {p.returncode}\n{p.stderr}")
os.unlink(os.path.join(suite, "mailbox", "cases.json"))
p, fs = st("nocases", "reference", runs=2, suite=suite)
if p.returncode != 2 or not p.stderr.endswith(
        f"amc fuzz: --stateful: cannot read the profile's cases {suite}/mailbox/cases.json "
        "(--suite DIR or $AMC_CONFORMANCE_DIR)\n"):
    c.fail(f"nocases: exit {p.returncode}\n{p.stderr}")

# 4. the progress line on a terminal (its last state, ended by a newline)
rc, text, last = tty_last(["fuzz", "--stateful", "--profile", "mailbox", "--suite", c.suite,
                          "--impl", f"{AMC} adapter", "--runs", "4", "--seed", "3", "--out",
                          out_dir("tty")])
if rc != 0 or not re.fullmatch(
        r"#4 sessions \(\d+/s\), 0 findings, session rules \d/4, reuse distances \d+/20, "
        r"key rules \d/3, \d+ s  \n", last):
    c.fail(f"tty: exit {rc}: {text!r}")

# 5. --replay and --emit-cases of a stateful finding that cannot be run as it was saved
good = findings(out_dir("valid"))[0]


def broken(name, edit, line=None):
    d = out_dir(name)
    shutil.copytree(out_dir("valid"), d)
    case = os.path.join(d, good["input"])
    if edit:
        edit(d, case)
    if line is not None:
        with open(os.path.join(d, "findings.jsonl"), "w") as fh:
            fh.write(json.dumps(line) + "\n")
    return d


def replay(d, args, rc, row):
    p = c.amc(["fuzz", "--replay", d] + args)
    if p.returncode != rc or row not in p.stdout:
        c.fail(f"replay {d} {args}: exit {p.returncode} (want {rc}), want {row!r}\n"
               f"{p.stdout}{p.stderr}")


def drop_case(d, case):
    os.unlink(case)


def not_session(d, case):
    with open(case, "w") as fh:
        json.dump({"id": "x", "session": []}, fh)


def drop_message(d, case):
    rel = json.load(open(case))["session"][0]
    os.unlink(os.path.join(d, rel))


d = broken("nocase", drop_case)
replay(d, [], 2, f"cannot read the case {d}/{good['input']}")
p = c.amc(["fuzz", "--replay", d, "--emit-cases", out_dir("em1")])
if p.returncode != 2 or f"amc fuzz: --emit-cases: cannot read the case {d}/{good['input']}\n" \
        not in p.stderr:
    c.fail(f"emit nocase: exit {p.returncode}\n{p.stderr}")
d = broken("notsession", not_session)
replay(d, [], 2, f"{d}/{good['input']} is not a session case")
d = broken("nomsg", drop_message)
rel = json.load(open(os.path.join(out_dir("valid"), good["input"])))["session"][0]
replay(d, [], 2, f"cannot read {d}/{rel}")
replay(out_dir("valid"), ["--impl", adapter("dropcap:mailbox.stateful")], 2,
       "the implementation does not validate sessions (mailbox.stateful)")
replay(out_dir("valid"), ["--impl", f"{AMC} adapter"], 0, "not reproduced ")
p = c.amc(["fuzz", "--replay", out_dir("valid"), "--emit-cases", "/dev/null/y"])
if p.returncode != 2 or p.stderr != f"amc fuzz: --emit-cases: cannot copy {out_dir('valid')}/" \
        f"{rel} to /dev/null/y/mailbox/inputs/{rel}\n":
    c.fail(f"stateful emit to /dev/null/y: exit {p.returncode}\n{p.stderr}")
replay(out_dir("valid"), [], 1, "impl-valid")

# 5b. a profile without session rules (acp): sessions of its plain cases, shrunk by dropping
# messages only; --emit-cases writes them as session cases with amc's rule, verdict and codes,
# which the reference passes and the always-"valid" adapter fails
em = out_dir("em-acp")
p = c.amc(["fuzz", "--stateful", "--profile", "acp", "--suite", c.suite, "--impl",
           adapter("valid"), "--runs", "10", "--seed", "3", "--out", out_dir("acp"), "-q",
           "--emit-cases", em])
fs = findings(out_dir("acp"))
if expect("acp", p, fs, 1) and not (
        "coverage: no session rules in amc for acp\n" in p.stdout and
        all(f["class"] == "impl-valid" and f["size"] == 1 and f["summary"].startswith(
            "implementation says the session is valid, amc says invalid (") for f in fs)):
    c.fail(f"acp: {p.stdout}\n{fs}")
cases = json.load(open(os.path.join(em, "acp", "cases.json"))) if fs else []
got = sorted((x["id"], x["rule"], x["verdict"], tuple(x["codes"]), tuple(x["tags"])) for x in cases)
want = sorted((f["case_id"], f["amc"]["rule"], "invalid", tuple(f["amc"]["codes"]),
               ("fuzz", "stateful")) for f in fs)
if got != want or not all(os.path.isfile(os.path.join(em, "acp", m))
                          for x in cases for m in x["session"]):
    c.fail(f"acp emit: {got} != {want}")
p = c.amc(["conform", "--suite", em, "--impl", f"{AMC} adapter"])
q = c.amc(["conform", "--suite", em, "--impl", adapter("valid")])
if p.returncode != 0 or q.returncode != 1:
    c.fail(f"acp emitted cases: reference exit {p.returncode}, planted exit {q.returncode}\n"
           f"{p.stdout}{q.stdout}")

# 6. --lifecycle: an error reply to the lifecycle request is a crash, shrunk to no events at all
# (-v prints it); no codes claimed is said; replays: reproduced, "crash: ..."; not against the
# reference; a scenario file gone; an implementation that does not claim the lifecycle
def lc(name, mode, extra=()):
    out = out_dir(name)
    p = c.amc(["fuzz", "--lifecycle", "--profile", "acp", "--impl", adapter(mode), "--runs", "3",
               "--seed", "3", "--out", out, "-q", "--max-findings", "1"] + list(extra))
    return p, findings(out)


p, fs = lc("lc-error", "opfail:lifecycle", extra=["-v"])
if expect("lc-error", p, fs, 1, 1):
    f = fs[0]
    if (f["kind"], f["class"], f["summary"], f["size"], f["impl"]) != \
            ("lifecycle", "crash:error reply", "error reply: no lifecycle", 0,
             {"outcome": "crash", "detail": "error reply: no lifecycle"}) or \
            "amc fuzz: lifecycle finding: error reply: no lifecycle [" not in p.stderr:
        c.fail(f"lc-error: {f}\n{p.stderr}")
    replay(out_dir("lc-error"), [], 1, "crash: error reply: no lifecycle")
    replay(out_dir("lc-error"), ["--impl", f"{AMC} adapter"], 0, "the scenario passes")
    replay(out_dir("lc-error"), ["--impl", adapter("dropcap:acp.lifecycle")], 2,
           "the implementation does not replay lifecycle events (acp.lifecycle)")
    p = c.amc(["fuzz", "--replay", out_dir("lc-error"), "--emit-cases", "/dev/null/x"])
    if p.returncode != 2 or p.stderr != "amc fuzz: --emit-cases: cannot write /dev/null/x/acp/" \
            f"lifecycle/{f['scenario_id']}.json: Not a directory\n":
        c.fail(f"lc emit to /dev/null/x: exit {p.returncode}\n{p.stderr}")
    d = out_dir("lc-gone")
    shutil.copytree(out_dir("lc-error"), d)
    os.unlink(os.path.join(d, f["input"]))
    replay(d, [], 2, f"cannot read the scenario {d}/{f['input']}")
    p = c.amc(["fuzz", "--replay", d, "--emit-cases", out_dir("em2")])
    if p.returncode != 2 or f"amc fuzz: --emit-cases: cannot read {d}/{f['input']}\n" \
            not in p.stderr:
        c.fail(f"lc emit gone: exit {p.returncode}\n{p.stderr}")
# a final state the implementation leaves empty: class final:state:end, found "at the end";
# an implementation without a version is named alone in the summary
p, fs = lc("lc-final", "lcfinal")
if expect("lc-final", p, fs, 1, 1) and not (
        fs[0]["class"] == "final:state:end" and fs[0]["step"] == fs[0]["size"] + 1 and
        fs[0]["summary"].startswith("end: amc's state {") and fs[0]["summary"].endswith(
            "} is not contained in the implementation's, at the end (after "
            f"{fs[0]['size']} events)") and f" = amc, seed 3, 1 job\n" in p.stdout):
    c.fail(f"lc-final: {fs[0]}\n{p.stdout}")
p, fs = lc("lc-nocodes", "nocodes")
if expect("lc-nocodes", p, fs, 0, 0) and \
        " sequences (" not in p.stdout or ", accepted and state only (no codes claimed)\n" \
        not in p.stdout:
    c.fail(f"lc-nocodes: {p.stdout}")
rc, text, last = tty_last(["fuzz", "--lifecycle", "--profile", "acp", "--impl", f"{AMC} adapter",
                          "--runs", "3", "--seed", "3", "--out", out_dir("lctty")])
if rc != 0 or not re.fullmatch(
        r"#3 sequences \(\d+/s\), 0 findings, rules \d+/\d+, transitions \d+/\d+, "
        r"states \d+/\d+, \d+ s  \n", last):
    c.fail(f"lc tty: exit {rc}: {text!r}")

c.finish()
