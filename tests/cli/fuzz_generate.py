#!/usr/bin/env python3
"""cli.fuzz_generate: `amc fuzz --generate N` writes exactly the inputs the seed fixes.

usage: fuzz_generate.py AMC [--update]
For each profile, 240 inputs mutated from the seeds in tests/data/lead/gen/<profile>/ with
--seed 7 are compared line by line with tests/data/lead/gen/<profile>.golden (n, depth, the
operator, size, the first 16 hex digits of the SHA-256, the seed): any change to the mutation
operators, the profile dictionary, the random stream or the mailbox re-signing shows here as
the first line that differs. After an intended change, `--update` rewrites the goldens (review
the diff: the operators' names and sizes say what changed).
Also checked: every listed file exists with the listed size and SHA-256, the list is numbered
1..N, --max-len bounds every input, the same seed gives the same files and another seed other
ones, the usage errors, and an existing DIR/inputs.jsonl is refused and left as it was.
"""
import hashlib
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
UPDATE = "--update" in sys.argv[2:]
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "lead", "gen")
PROFILES = ("ignite", "mailbox", "discussion", "socket", "acp")
N = 240
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def amc(*args):
    return subprocess.run([AMC, "fuzz"] + list(args), capture_output=True, text=True, timeout=120)


def generate(out, profile, seed="7", n=N, extra=()):
    p = amc("--generate", str(n), "--profile", profile, "--seed", seed, "--out", out, "--corpus",
            os.path.join(DATA, profile), *extra)
    lines = []
    if p.returncode == 0:
        with open(os.path.join(out, "inputs.jsonl")) as f:
            lines = [json.loads(x) for x in f]
    return p, lines


def brief(e):
    return "%d %d %s %d %s %s" % (e["n"], e["depth"], e["op"], e["size"], e["sha256"][:16],
                                  e["seed"])


with tempfile.TemporaryDirectory() as tmp:
    ops = set()
    for prof in PROFILES:
        out = os.path.join(tmp, prof)
        p, lines = generate(out, prof)
        check(p.returncode == 0 and p.stderr == "", f"{prof}: exit {p.returncode} {p.stderr}")
        want_out = (f"amc fuzz: {N} {prof} inputs from 6 seeds (seed 7) in {out}/inputs/, "
                    f"listed in {out}/inputs.jsonl\n")
        check(p.stdout == want_out, f"{prof}: stdout {p.stdout!r}")
        check([e["n"] for e in lines] == list(range(1, N + 1)), f"{prof}: numbered 1..{N}")
        ext = "mime" if prof == "ignite" else "json"
        for e in lines:
            ops.add(e["op"])
            path = os.path.join(out, e["file"])
            check(e["file"] == "inputs/%06d.%s" % (e["n"], ext), f"{prof}: file name {e}")
            data = open(path, "rb").read() if os.path.exists(path) else None
            check(data is not None and len(data) == e["size"] and
                  hashlib.sha256(data).hexdigest() == e["sha256"], f"{prof}: {e['file']} vs list")
            check(os.path.exists(os.path.join(DATA, prof, e["seed"])), f"{prof}: seed {e}")
            check(e["depth"] >= 1, f"{prof}: depth {e}")
        check(len(os.listdir(os.path.join(out, "inputs"))) == N, f"{prof}: {N} files")
        golden = os.path.join(DATA, prof + ".golden")
        got = [brief(e) for e in lines]
        if UPDATE:
            with open(golden, "w") as f:
                f.write("\n".join(got) + "\n")
        want = open(golden).read().splitlines()
        diff = [(a, b) for a, b in zip(want, got) if a != b]
        check(len(want) == len(got) and not diff,
              f"{prof}: differs from {prof}.golden; first: want {diff[:1] or len(want)!r}, got "
              f"{len(got)} lines")
        print(f"ok {prof}: {N} inputs, {len(set(e['op'] for e in lines))} operators")

        # the same seed again: the same files; another seed: others
        p2, again = generate(os.path.join(tmp, prof + "-again"), prof)
        check(p2.returncode == 0 and [brief(e) for e in again] == got, f"{prof}: same seed")
        p3, other = generate(os.path.join(tmp, prof + "-other"), prof, seed="8")
        check(p3.returncode == 0 and [e["sha256"] for e in other] != [e["sha256"] for e in lines],
              f"{prof}: another seed gave the same inputs")

    # the operators the list names, over all profiles (each is a branch of the mutator)
    print("operators:", ", ".join(sorted(ops)))
    check(len(ops) >= 20, f"only {len(ops)} operators")

    # --max-len bounds every input
    out = os.path.join(tmp, "short")
    p, lines = generate(out, "mailbox", n=200, extra=("--max-len", "64"))
    check(p.returncode == 0 and lines and max(e["size"] for e in lines) <= 64,
          f"--max-len 64: {p.returncode} {max((e['size'] for e in lines), default=None)}")

    # an existing list is refused and left as it was
    before = open(os.path.join(tmp, "mailbox", "inputs.jsonl"), "rb").read()
    p, _ = generate(os.path.join(tmp, "mailbox"), "mailbox", seed="9")
    check(p.returncode == 2 and p.stdout == "" and p.stderr ==
          f"amc fuzz: {tmp}/mailbox/inputs.jsonl exists (an earlier --generate): remove it or "
          "give another --out\n", f"existing list: {p.returncode} {p.stderr!r}")
    check(open(os.path.join(tmp, "mailbox", "inputs.jsonl"), "rb").read() == before,
          "existing list changed")

    # usage errors (exit 2, the reason, nothing written)
    for args, msg in [
        (["--generate", "3", "--profile", "acp", "--impl", "x"],
         "--generate runs no implementation: give none of --impl, --impl-exec, --socket, "
         "--replay, --emit-cases, --lifecycle and --stateful"),
        (["--generate", "3", "--profile", "acp", "--stateful"],
         "--generate runs no implementation: give none of --impl, --impl-exec, --socket, "
         "--replay, --emit-cases, --lifecycle and --stateful"),
        (["--generate", "3", "--profile", "acp", "--runs", "5"],
         "--generate N is the count: no --runs, --seconds"),
        (["--generate", "3", "--profile", "acp", "--seconds", "5"],
         "--generate N is the count: no --runs, --seconds"),
        (["--generate", "3"], "--generate: --profile is required"),
    ]:
        out = os.path.join(tmp, "usage")
        p = amc(*args, "--out", out)
        check(p.returncode == 2 and p.stderr.startswith(f"amc fuzz: {msg}\n") and
              not os.path.exists(out), f"{args}: {p.returncode} {p.stderr!r}")
    p = amc("--generate", "0", "--profile", "acp", "--out", os.path.join(tmp, "zero"))
    check(p.returncode == 2 and "--generate" in p.stderr, f"--generate 0: {p.returncode}")

    # I/O errors: exit 2 with the path and the reason
    blocker = os.path.join(tmp, "blocker")
    open(blocker, "w").close()
    p = amc("--generate", "2", "--profile", "acp", "--seed", "1", "--out", os.path.join(blocker, "d"))
    check(p.returncode == 2 and p.stderr ==
          f"amc fuzz: cannot create {blocker}/d/inputs: Not a directory\n",
          f"out under a file: {p.returncode} {p.stderr!r}")
    out = os.path.join(tmp, "taken")
    os.makedirs(os.path.join(out, "inputs", "000002.json"))
    p = amc("--generate", "3", "--profile", "socket", "--seed", "1", "--out", out, "--corpus",
            os.path.join(DATA, "socket"))
    check(p.returncode == 2 and p.stdout == "" and p.stderr ==
          f"amc fuzz: cannot write {out}/inputs/000002.json: Is a directory\n",
          f"input file taken: {p.returncode} {p.stderr!r}")
    lst = open(os.path.join(out, "inputs.jsonl")).read().splitlines()
    check(len(lst) == 1 and json.loads(lst[0])["n"] == 1, f"list after the failure: {lst}")
    p = amc("--generate", "2", "--profile", "acp", "-q", "--out", os.path.join(tmp, "nc"), "--corpus",
            os.path.join(tmp, "no-such-corpus"))
    check(p.returncode == 2 and p.stderr ==
          f"amc fuzz: --corpus {tmp}/no-such-corpus is not a directory\n",
          f"no corpus: {p.returncode} {p.stderr!r}")
    # a write that fails (a file size limit, SIGXFSZ ignored: EFBIG as on a full disk): the
    # inputs (at most 100 bytes) fit, the list (1000 lines) does not
    def limited():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20000, 20000))
    out = os.path.join(tmp, "full")
    p = subprocess.run([AMC, "fuzz", "--generate", "1000", "--profile", "socket", "--seed", "1",
                        "--max-len", "100", "--out", out, "--corpus", os.path.join(DATA, "socket")],
                       capture_output=True, text=True, timeout=120, preexec_fn=limited)
    check(p.returncode == 2 and p.stdout == "" and
          p.stderr == f"amc fuzz: cannot write {out}/inputs.jsonl\n",
          f"list past the size limit: {p.returncode} {p.stdout!r} {p.stderr!r}")
    check(os.path.exists(os.path.join(out, "inputs", "001000.json")), "inputs past the limit")

    # an empty corpus: the built-in seed
    os.makedirs(os.path.join(tmp, "empty"))
    p = amc("--generate", "3", "--profile", "mailbox", "--seed", "7", "--out",
            os.path.join(tmp, "builtin"), "--corpus", os.path.join(tmp, "empty"))
    lines = []
    if p.returncode == 0:
        lines = [json.loads(x) for x in open(os.path.join(tmp, "builtin", "inputs.jsonl"))]
    check(p.returncode == 0 and "from 1 seed (seed 7)" in p.stdout and
          [e["seed"] for e in lines] == ["seed.json"] * 3, f"built-in seed: {p.stdout} {lines}")

    # the default DIR is ./fuzz-inputs
    p = subprocess.run([AMC, "fuzz", "--generate", "2", "--profile", "socket", "--seed", "1",
                        "--corpus", os.path.join(DATA, "socket")], capture_output=True,
                       text=True, timeout=60, cwd=tmp)
    check(p.returncode == 0 and os.path.exists(os.path.join(tmp, "fuzz-inputs", "inputs.jsonl"))
          and os.path.exists(os.path.join(tmp, "fuzz-inputs", "inputs", "000002.json")),
          f"default --out: {p.returncode} {p.stderr}")

if failures:
    print(f"{len(failures)} failure(s)")
    sys.exit(1)
print("fuzz_generate: all checks passed")
