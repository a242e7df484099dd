#!/usr/bin/env python3
"""ctest cli.covfz_stream: a seed fixes what `amc fuzz` sends (docs/fuzzing.md: "with --jobs 1
and a deterministic implementation, two runs with one seed send the same inputs in the same
order"). Seeded runs of each mode against deterministic implementations are pinned here: the
SHA-256 of every input sent (in order), the summary lines (times taken out) and the findings'
classes and shrunk sizes. Message mode (mailbox JSON mutations with the dictionary, IGNITE MIME
and YAML mutations), the shrinker (an implementation that says "valid" to everything: every
error amc reports is a finding, shrunk; planted defects; a crash on a run of one byte, which the
repeated-unit pass cuts), stateful sessions and lifecycle sequences. Then a policy whose keyring
lies outside the suite: --stateful builds no keyed session from it (one inside: it does).

A golden test: a deliberate change to generation, shrinking or session building changes these
figures; run this script with --print to see the new ones and update PINNED after checking that
the change was meant. An unmeant change (a comparison or a bound off by one in cli_fuzz_*.c) is
what it catches. Each run is also made twice in a row where that is cheap, so a failure tells a
non-deterministic run (a bug of its own) from a changed stream.

usage: covfz_stream.py AMC SOURCE_DIR [--print]
"""
import base64
import hashlib
import json
import os
import pprint
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
from fuzzcheck import Check, findings  # noqa: E402

PRINT = "--print" in sys.argv
if PRINT:
    sys.argv.remove("--print")
c = Check("cli.covfz_stream", "amc-covfzstream-")
AMC, TMP, PY = c.amc_path, c.tmp, sys.executable
ADAPTER = os.path.join(c.src, "tests", "cli", "cov_fuzz_adapter.py")
SEEDS = os.path.join(c.here, "seeds")
TIMES = re.compile(r" in [0-9.]+ s \([0-9]+/s\)")

# name -> (sha256 of the inputs sent, summary lines, [(class, size, shrink runs) of each
# finding]) as printed
# by --print
PINNED = {'mailbox': ('3b2ff83652841923',
             ['amc fuzz: profile mailbox, adapter PY SRC/tests/cli/cov_fuzz_adapter.py '
              'logdata:OUT.log AMC = amc 0.1.0, seed 11, 1 job',
              '160 execs in T s, corpus 26, amc codes reached 7/28',
              'no findings'],
             []),
 'ignite': ('fc6575f1864b9c11',
            ['amc fuzz: profile ignite, adapter PY SRC/tests/cli/cov_fuzz_adapter.py '
             'logdata:OUT.log AMC = amc 0.1.0, seed 12, 1 job',
             '160 execs in T s, corpus 68, amc codes reached 23/37',
             'no findings'],
            []),
 'discussion': ('0eff9cb73636ead4',
                ['amc fuzz: profile discussion, adapter PY SRC/tests/cli/cov_fuzz_adapter.py '
                 'logdata:OUT.log AMC = amc 0.1.0, seed 13, 1 job',
                 '80 execs in T s, corpus 7, amc codes reached 2/37',
                 'no findings'],
                []),
 'shrink': ('',
            ['amc fuzz: profile mailbox, adapter PY SRC/tests/cli/cov_fuzz_adapter.py valid AMC = '
             'amc 0.1.0, seed 14, 1 job',
             '40 execs in T s, corpus 10, amc codes reached 5/28',
             'findings: 3 new (3 verdict, 0 crash, 0 hang, 0 garbage), in OUT/findings.jsonl'],
            [('impl-valid', 1, 1), ('impl-valid', 1, 8), ('impl-valid', 1, 42)]),
 'lenient': ('',
             ['amc fuzz: profile mailbox, adapter PY SRC/tests/fuzz/planted_adapter.py lenient AMC '
              '= amc 0.1.0, seed 7, 1 job',
              '60 execs in T s, corpus 19, amc codes reached 6/28',
              'findings: 1 new (1 verdict, 0 crash, 0 hang, 0 garbage), in OUT/findings.jsonl'],
             [('impl-valid', 9, 164)]),
 'longstr': ('',
             ['amc fuzz: profile mailbox, adapter PY SRC/tests/fuzz/planted_adapter.py longstr AMC '
              '= amc 0.1.0, seed 7, 1 job',
              '30 execs in T s, corpus 13, amc codes reached 4/28',
              'findings: 1 new (0 verdict, 1 crash, 0 hang, 0 garbage), in OUT/findings.jsonl'],
             [('signal 11', 1029, 869)]),
 'repeats': ('',
             ['amc fuzz: profile mailbox, exec grep -q aaaaaaaa {file} && kill -SEGV $$; exit 1, '
              'seed 3, 1 job',
              '40 execs in T s, corpus 10, amc codes reached 4/28',
              'findings: 1 new (0 verdict, 1 crash, 0 hang, 0 garbage), in OUT/findings.jsonl'],
             [('signal 11', 8, 66)]),
 'stateful': ('ab4fabae890113c5',
              ['amc fuzz --stateful: profile mailbox, adapter PY SRC/tests/cli/cov_fuzz_adapter.py '
               'logdata:OUT.log AMC = amc 0.1.0, seed 15, 1 job',
               '6 sessions (175 messages) in T s',
               'coverage: session rules 4/4, reuse distances 18/20, key rules 3/3',
               'under policy policies/hmac.yaml (keyring policies/keyring.json): 2 sessions',
               '  not reached: MAILBOX_NONCE_REUSED at reuse distance 2-3',
               '  not reached: MAILBOX_NONCE_REUSED at reuse distance 16+',
               'no findings'],
              []),
 'st-invalid': ('',
                ['amc fuzz --stateful: profile mailbox, adapter PY '
                 'SRC/tests/cli/cov_fuzz_adapter.py invalid AMC = amc 0.1.0, seed 15, 1 job',
                 '6 sessions (175 messages) in T s',
                 'coverage: session rules 4/4, reuse distances 18/20, key rules 3/3',
                 'under policy policies/hmac.yaml (keyring policies/keyring.json): 2 sessions',
                 '  not reached: MAILBOX_NONCE_REUSED at reuse distance 2-3',
                 '  not reached: MAILBOX_NONCE_REUSED at reuse distance 16+',
                 'findings: 5 new, in OUT/findings.jsonl',
                 '  stateful  OUT/stateful-9936dcaa.json  the implementation does not report '
                 'MAILBOX_RESYNC_REQUIRED, first at message 1 of 2 [10 -> 2 messages]',
                 '  stateful  OUT/stateful-0835f726.json  the implementation does not report '
                 'MAILBOX_MSG_ID_CONFLICT, first at message 1 of 2 [39 -> 2 messages]',
                 '  stateful  OUT/stateful-77c8422a.json  the implementation does not report '
                 'MAILBOX_KEY_SENDER_MISMATCH, first at message 1 of 1 [68 -> 1 messages]',
                 '  stateful  OUT/stateful-796ace86.json  the implementation does not report '
                 'MAILBOX_KEY_UNKNOWN, first at message 1 of 1 [16 -> 1 messages]',
                 '  stateful  OUT/stateful-3d7067f1.json  implementation says the session is '
                 'invalid (MAILBOX_NONCE_REUSED), amc says valid, first at message 1 of 1 [4 -> 1 '
                 'messages]'],
                [('impl-invalid', 1, 6),
                 ('missing:MAILBOX_KEY_SENDER_MISMATCH', 1, 52),
                 ('missing:MAILBOX_KEY_UNKNOWN', 1, 11),
                 ('missing:MAILBOX_MSG_ID_CONFLICT', 2, 25),
                 ('missing:MAILBOX_RESYNC_REQUIRED', 2, 33)]),
 'lifecycle': ('',
               ['amc fuzz --lifecycle: profile mailbox, adapter AMC adapter = amc 0.1.0, seed 16, '
                '1 job',
                '6 sequences (402 events) in T s',
                'model coverage: rules 11/14, transitions 21/25, states 13/15',
                '  not reached: rules MAILBOX-LC-003',
                '  not reached: rules MAILBOX-LC-005',
                '  not reached: rules MAILBOX-LC-014',
                '  not reached: transitions dead_letter: msg outbox -> dead_letter',
                '  not reached: transitions heartbeat: task claimed -> claimed',
                '  not reached: transitions complete: task claimed -> done',
                '  not reached: transitions aggregate: task (any) -> (same)',
                '  not reached: states msg.dead_letter',
                '  not reached: states task.done',
                'no findings'],
               [])}


def adapter(mode):
    return f"{PY} {ADAPTER} {mode} {AMC}"


def one(name, args, log=True):
    """One seeded run; returns (inputs digest, summary lines, findings)."""
    out = os.path.join(TMP, name)
    lp = os.path.join(TMP, name + ".log")
    p = c.amc(["fuzz"] + args + ["--out", out, "-q"])
    if p.returncode not in (0, 1):
        c.fail(f"{name}: exit {p.returncode}\n{p.stdout}{p.stderr}")
    h = hashlib.sha256()
    if log and os.path.exists(lp):
        for line in open(lp):
            h.update(base64.b64decode(line))
            h.update(b"\0")
    lines = [TIMES.sub(" in T s", ln).replace(out, "OUT").replace(AMC, "AMC").replace(PY, "PY")
             .replace(c.src, "SRC")
             for ln in p.stdout.splitlines()
             if not ln.startswith(("  verdict", "  crash", "  hang", "  garbage", "replay:"))]
    fs = sorted((f["class"], f["size"], f["shrink_runs"]) for f in findings(out))
    return h.hexdigest()[:16] if log else "", lines, fs


def planted(mode):
    return f"{PY} {os.path.join(c.here, 'planted_adapter.py')} {mode} {AMC}"


def log_adapter(name, mode="logdata"):
    return adapter(f"{mode}:" + os.path.join(TMP, name + ".log"))


BAD_SEED = os.path.join(TMP, "bad-seed")
os.makedirs(BAD_SEED)
with open(os.path.join(SEEDS, "mailbox", "env-001-valid-task-assignment.json")) as fh:
    env = json.load(fh)
del env["msg_id"]
with open(os.path.join(BAD_SEED, "env.json"), "w") as fh:
    json.dump(env, fh)

RUNS = [
    ("mailbox", ["--profile", "mailbox", "--corpus", os.path.join(SEEDS, "mailbox"), "--impl",
                 log_adapter("mailbox"), "--runs", "160", "--seed", "11"], True),
    ("ignite", ["--profile", "ignite", "--corpus", os.path.join(SEEDS, "ignite"), "--impl",
                log_adapter("ignite"), "--runs", "160", "--seed", "12"], True),
    ("discussion", ["--profile", "discussion", "--impl", log_adapter("discussion"), "--runs",
                    "80", "--seed", "13"], True),
    # every input "valid": each distinct error amc reports is a finding, shrunk
    ("shrink", ["--profile", "mailbox", "--corpus", os.path.join(SEEDS, "mailbox"), "--impl",
                adapter("valid"), "--runs", "40", "--seed", "14", "--max-findings", "0"], False),
    # tests/fuzz/planted_adapter.py: duplicate keys accepted; a crash on a string > 1 KiB
    ("lenient", ["--profile", "mailbox", "--corpus", os.path.join(SEEDS, "mailbox"), "--impl",
                 planted("lenient"), "--runs", "60", "--seed", "7"], False),
    ("longstr", ["--profile", "mailbox", "--corpus", os.path.join(SEEDS, "mailbox"), "--impl",
                 planted("longstr"), "--runs", "30", "--seed", "7"], False),
    # an exec validator that crashes on 8 a's in a row: the shrinker's repeated-unit pass cuts
    # the run to the 8 the crash needs (a mailbox envelope without msg_id: amc says invalid)
    ("repeats", ["--profile", "mailbox", "--corpus", BAD_SEED, "--impl-exec",
                 "grep -q aaaaaaaa {file} && kill -SEGV $$; exit 1", "--runs", "40", "--seed", "3"],
     False),
    ("stateful", ["--stateful", "--profile", "mailbox", "--suite", c.suite, "--impl",
                  log_adapter("stateful"),
                  "--runs", "6", "--seed", "15"], True),
    # every stateful validate answered "invalid" (MAILBOX_NONCE_REUSED): findings, keyed and
    # plain, shrunk to their first message; replayed below
    ("st-invalid", ["--stateful", "--profile", "mailbox", "--suite", c.suite, "--impl",
                    adapter("invalid"), "--runs", "6", "--seed", "15"], False),
    ("lifecycle", ["--lifecycle", "--profile", "mailbox", "--impl", f"{AMC} adapter", "--runs",
                   "6", "--seed", "16"], False),
]

printed = {}
for name, args, log in RUNS:
    got = one(name, args, log)
    if PRINT:
        printed[name] = got
        continue
    want = PINNED.get(name)
    if got == tuple(want) if want else False:
        continue
    again = one(name + "-again", [a.replace(name + ".log", name + "-again.log") for a in args],
                log)
    if again[:2] != got[:2] or again[2] != got[2]:
        c.fail(f"{name}: two runs with one seed differ:\n{got}\n{again}")
    else:
        c.fail(f"{name}: the stream changed (run with --print for the new figures):\n"
               f"got  {got}\nwant {want}")
# The stateful findings replayed: each reproduces against the same implementation, none against
# the reference (a keyed one reads the policy and keyring saved with it).
if not PRINT:
    sd = os.path.join(TMP, "st-invalid")
    n = len(findings(sd))
    for impl, rc, want in ((adapter("invalid"), 1, f"{n} reproduced, 0 not reproduced"),
                           (f"{AMC} adapter", 0, f"0 reproduced, {n} not reproduced")):
        p = c.amc(["fuzz", "--replay", sd, "--impl", impl])
        keyed = sum(1 for f in findings(sd)
                    if "policy" in json.load(open(os.path.join(sd, f["input"]))))
        if p.returncode != rc or want not in p.stdout or n < 2 or not keyed:
            c.fail(f"replay of {n} stateful findings ({keyed} keyed) against {impl}: exit "
                   f"{p.returncode}, want {rc} and {want!r}\n{p.stdout}{p.stderr}")

# The same run with two session files blocked by directories of their names: a message of one
# finding, the policy of a keyed one. Each is said ("cannot write the session"), the run goes on
# and saves the others, and ends with exit 2 (an I/O error: two saved cases lack their files).
if not PRINT:
    bd = os.path.join(TMP, "st-blocked")
    os.makedirs(os.path.join(bd, "stateful-77c8422a", "001.json"))
    os.makedirs(os.path.join(bd, "stateful-796ace86", "policies", "hmac.yaml"))
    args = dict((r[0], r[1]) for r in RUNS)["st-invalid"]
    p = c.amc(["fuzz"] + args + ["--out", bd, "-q"])
    said = re.findall(r"cannot write the session \S*/(stateful-[0-9a-f]+): Is a directory",
                      p.stderr)
    if p.returncode != 2 or sorted(said) != ["stateful-77c8422a", "stateful-796ace86"] or \
            len(findings(bd)) != 5 or \
            not os.path.isfile(os.path.join(bd, "stateful-3d7067f1", "001.json")):
        c.fail(f"blocked session files: exit {p.returncode}, said {said}, "
               f"{len(findings(bd))} findings\n{p.stderr}")

# A policy whose keyring_file leaves the suite ("../"): its sessions are not built (the request
# would name a file outside the fixture tree); with the keyring inside, they are.
if not PRINT:
    for where, want in (("keyring.json", True), ("../keyring.json", False)):
        suite = os.path.join(TMP, "suite-" + str(want))
        mb = os.path.join(suite, "mailbox")
        os.makedirs(mb)
        for d in ("inputs", "policies"):
            shutil.copytree(os.path.join(c.suite, "mailbox", d), os.path.join(mb, d))
        shutil.copyfile(os.path.join(c.suite, "mailbox", "cases.json"),
                        os.path.join(mb, "cases.json"))
        shutil.copyfile(os.path.join(mb, "policies", "keyring.json"),
                        os.path.join(mb, "keyring.json"))
        hp = os.path.join(mb, "policies", "hmac.yaml")
        text = open(hp).read()
        open(hp, "w").write(text.replace("keyring_file: keyring.json", "keyring_file: " + where))
        p = c.amc(["fuzz", "--stateful", "--profile", "mailbox", "--suite", suite, "--impl",
                   f"{AMC} adapter", "--runs", "6", "--seed", "15", "--out",
                   os.path.join(TMP, "kr-" + str(want)), "-q"])
        keyed = "under policy policies/hmac.yaml" in p.stdout
        if p.returncode != 0 or keyed != want:
            c.fail(f"keyring_file {where}: exit {p.returncode}, keyed sessions {keyed}, want "
                   f"{want}\n{p.stdout}{p.stderr}")

if PRINT:
    print("PINNED = " + pprint.pformat(printed, width=100, sort_dicts=False))
c.finish()
