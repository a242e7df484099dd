#!/usr/bin/env python3
"""mutfuzz_golden.py - exact-output tests of amc fuzz's stateful, lifecycle and message modes
(issue 22: tests that catch regressions in src/cli/cli_fuzz_*.c and cmd_fuzz.c).

usage: mutfuzz_golden.py AMC SOURCE_DIR GROUP [--update]
GROUP (SCENARIOS below): st, stx (--stateful), lc, lcx (--lifecycle), msg, msgref, msgpl (message
fuzzing: adapter and exec modes), gen (--generate: 1000 inputs a profile). Each scenario of the group
runs amc fuzz with a fixed seed and --runs (no time limit, one job, --timeout 120 so that a slow
machine never turns a reply into a hang) against a deterministic adapter behind a recorder
(tests/cli/mutfuzz_rec.py): the reference (amc adapter) or one with a planted defect
(tests/fuzz/planted_*.py, and tests/cli/mutfuzz_planted.py for the finding classes those do not
give: missing codes, error, skipped and wrong-seq replies, an exit, stateful sessions of other
profiles, lifecycle codes, results, state and final divergences). Everything the run produces is compared line by line with
tests/data/mutfuzz/<scenario>.txt: exit status, stdout and stderr (rates and durations masked),
every request amc sent (op and SHA-256 of the line: the sessions, sequences or inputs generated
and every shrinking candidate), findings.jsonl and the case/scenario files in full, the other
files of --out by size and SHA-256; then --replay (against the defect and the reference) and
--emit-cases on the findings. Paths are written as @AMC, @SRC, @PY, @TMP. A change in the
generator, the random stream, the oracle, the shrinker or the report shows as the first line
that differs; after an intended change, --update rewrites the goldens (read the diff).
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
GROUP = sys.argv[3]
UPDATE = "--update" in sys.argv[4:]
PY = sys.executable
FZ = os.path.join(SRC, "tests", "fuzz")
REC = os.path.join(SRC, "tests", "cli", "mutfuzz_rec.py")
SUITE = os.path.join(SRC, "conformance")
SEEDS = os.path.join(FZ, "seeds")
DATA = os.path.join(SRC, "tests", "data", "mutfuzz")
TMP = tempfile.mkdtemp(prefix="amc-mutfuzz-")
failures = []


def norm(text):
    for path, tok in ((AMC, "@AMC"), (TMP, "@TMP"), (SRC, "@SRC"), (PY, "@PY")):
        text = text.replace(path, tok)
    # durations and rates depend on the machine
    text = re.sub(r"in [0-9.]+ s \([0-9.]+/s\)", "in T s (R/s)", text)
    return text


def rec(log, cmd):
    return f"{PY} {REC} {log} {cmd}"


def ref():
    return f"{AMC} adapter"


def st(mode):
    return f"{PY} {FZ}/planted_st_adapter.py {mode} {AMC}"


def lc(mode):
    return f"{PY} {FZ}/planted_lc_adapter.py {mode} {AMC}"


def pl(mode):
    return f"{PY} {os.path.join(SRC, 'tests', 'cli', 'mutfuzz_planted.py')} {mode} {AMC}"


def msg(mode):
    return f"{PY} {FZ}/planted_adapter.py {mode} {AMC}"


def run(out_lines, args, log=None):
    if log and os.path.exists(log):
        os.remove(log)
    p = subprocess.run([AMC] + args, cwd=TMP, capture_output=True, text=True, errors="replace",
                       timeout=600)
    out_lines.append("$ amc " + norm(" ".join(args)))
    out_lines.append(f"exit: {p.returncode}")
    out_lines += ["> " + l for l in norm(p.stdout).splitlines()]
    out_lines += ["2> " + l for l in norm(p.stderr).splitlines()]
    if log:
        n = 0
        if os.path.exists(log):
            for line in open(log, encoding="utf-8", errors="replace"):
                line = norm(line.rstrip("\n"))
                m = re.search(r'"op":"([a-z_]+)"', line)
                h = hashlib.sha256(line.encode()).hexdigest()[:16]
                out_lines.append(f"req {m.group(1) if m else '?'} {h}")
                n += 1
        out_lines.append(f"requests: {n}")
    return p


def tree(out_lines, d, full=(".jsonl", ".json")):
    """Every file under d: findings.jsonl, the case and scenario files (top level .json) in
    full, the others by size and SHA-256."""
    base = os.path.join(TMP, d)
    for root, dirs, files in sorted(os.walk(base)):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(root, f)
            rel = os.path.relpath(p, TMP)
            data = open(p, "rb").read()
            if root == base and f.endswith(full):
                out_lines.append(f"file {rel}:")
                out_lines += ["| " + l for l in norm(data.decode("utf-8", "replace")).splitlines()]
            else:
                out_lines.append(f"file {rel} {len(data)} {hashlib.sha256(data).hexdigest()[:16]}")


def fuzz_case(name, mode_args, impl, runs, seed, extra=(), replay=True, emit=True):
    """One scenario: the run, its requests, its --out tree, replays and emitted cases."""
    lines = []
    log = os.path.join(TMP, name + ".log")
    out = name
    if impl is None:  # mode_args say it all (exec mode: no adapter to record)
        run(lines, ["fuzz"] + mode_args + ["--out", out])
    else:
        run(lines, ["fuzz"] + mode_args + ["--impl", rec(log, impl), "--runs", str(runs),
                                           "--seed", str(seed), "--timeout", "120", "--out", out]
            + list(extra), log)
    tree(lines, out)
    if replay and os.path.exists(os.path.join(TMP, out, "findings.jsonl")):
        run(lines, ["fuzz", "--replay", out, "--timeout", "120"])
        run(lines, ["fuzz", "--replay", out, "--timeout", "120", "--impl", ref()])
        if emit:
            run(lines, ["fuzz", "--replay", out, "--timeout", "120", "--impl", ref(),
                        "--emit-cases", name + "-cases"])
            tree(lines, name + "-cases")
            for root, dirs, files in os.walk(os.path.join(TMP, name + "-cases")):
                for f in sorted(files):
                    if f == "cases.json":
                        p = os.path.join(root, f)
                        lines.append(f"file {os.path.relpath(p, TMP)}:")
                        lines += ["| " + l for l in norm(open(p).read()).splitlines()]
    return lines


SUITE_ARGS = ["--suite", SUITE]
def st_case(name, prof, impl, runs, seed, extra=("--max-findings", "3")):
    return (name, lambda: fuzz_case(name, ["--stateful", "--profile", prof] + SUITE_ARGS, impl,
                                    runs, seed, extra))


def lc_case(name, prof, impl, runs, seed, extra=("--max-findings", "3")):
    return (name, lambda: fuzz_case(name, ["--lifecycle", "--profile", prof], impl, runs, seed,
                                    extra))


def msg_case(name, prof, impl, runs, seed, extra=("--max-findings", "3")):
    return (name, lambda: fuzz_case(name, ["--profile", prof, "--corpus",
                                           os.path.join(SEEDS, prof)], impl, runs, seed, extra))


def ref_case(name, prof, runs, seed, impl=None, extra=("--max-findings", "3")):
    return (name, lambda: fuzz_case(name, ["--profile", prof] + SUITE_ARGS, impl or ref(), runs,
                                    seed, extra))


def exec_case(name, prof, runs, seed):
    cmd = f"{PY} -S {FZ}/planted_exec.py {AMC} {{profile}} {{file}}"
    return (name, lambda: fuzz_case(name, ["--profile", prof, "--corpus",
                                           os.path.join(SEEDS, prof), "--impl-exec", cmd,
                                           "--runs", str(runs), "--seed", str(seed), "--timeout",
                                           "120", "--max-findings", "2"], None, 0, 0))


def gen_case(name, prof, n, seed):
    """amc fuzz --generate N: many more inputs than cli.fuzz_generate (whose goldens hold 240 a
    profile, line by line), so that rare draws of the operators show; inputs.jsonl by blocks of
    100 lines (SHA-256), and the count of each operator."""
    def go():
        lines = []
        out = name
        run(lines, ["fuzz", "--generate", str(n), "--profile", prof, "--seed", str(seed),
                    "--out", out] + SUITE_ARGS)
        rows = open(os.path.join(TMP, out, "inputs.jsonl")).read().splitlines()
        for i in range(0, len(rows), 100):
            block = "\n".join(rows[i:i + 100])
            lines.append(f"lines {i + 1}-{min(i + 100, len(rows))} "
                         f"{hashlib.sha256(block.encode()).hexdigest()[:16]}")
        ops = {}
        for r in rows:
            m = re.search(r'"op":"([^"]*)"', r)
            op = m.group(1) if m else "?"
            ops[op] = ops.get(op, 0) + 1
        lines += [f"op {k} {v}" for k, v in sorted(ops.items())]
        shutil.rmtree(os.path.join(TMP, out), ignore_errors=True)
        return lines
    return (name, go)


SUITE_ARGS = ["--suite", SUITE]
SCENARIOS = {
    "st": [
        st_case("st_nonce", "mailbox", st("nonce-cache-3"), 40, 5),
        st_case("st_dup", "mailbox", st("dup-last-2"), 40, 6, ("--max-findings", "5")),
        st_case("st_key", "mailbox", st("key-trust-sender"), 40, 7),
    ],
    "stx": [
        st_case("st_ref_mailbox", "mailbox", ref(), 60, 8),
        st_case("st_ref_ignite", "ignite", ref(), 20, 9),
        st_case("st_ref_discussion", "discussion", ref(), 20, 10),
        st_case("st_ref_socket", "socket", ref(), 20, 11),
        st_case("st_ref_acp", "acp", ref(), 20, 12),
        st_case("st_pl_dup_ignite", "ignite", pl("st-dup"), 40, 3),
        st_case("st_pl_dup_socket", "socket", pl("st-dup"), 40, 4),
        st_case("st_pl_drop", "mailbox", pl("st-drop"), 40, 3, ("--max-findings", "6")),
    ],
    "lc": [
        lc_case("lc_acp", "acp", lc("acp-backoff"), 30, 7),
        lc_case("lc_mailbox", "mailbox", lc("mailbox-restart"), 40, 7),
        lc_case("lc_disc", "discussion", lc("disc-phase"), 200, 2, ("--max-findings", "1")),
        lc_case("lc_ref_ignite", "ignite", ref(), 25, 13),
        lc_case("lc_ref_socket", "socket", ref(), 25, 14),
    ],
    "lcx": [
        lc_case("lc_pl_codes", "mailbox", pl("lc-codes"), 40, 3),
        lc_case("lc_pl_results", "acp", pl("lc-results"), 40, 3),
        lc_case("lc_pl_state", "discussion", pl("lc-state"), 40, 3, ("--max-findings", "5")),
        lc_case("lc_pl_final", "mailbox", pl("lc-final"), 40, 3),
        lc_case("lc_pl_accept", "socket", pl("lc-accept"), 40, 3, ("--max-findings", "5")),
    ],
    "msg": [
        msg_case("msg_lenient", "mailbox", msg("lenient"), 120, 7),
        msg_case("msg_longstr", "mailbox", msg("longstr"), 40, 7),
        exec_case("msg_exec", "ignite", 12, 7),
    ],
    "msgref": [
        ref_case("msg_ref_mailbox", "mailbox", 300, 15),
        ref_case("msg_ref_ignite", "ignite", 300, 16),
        ref_case("msg_ref_discussion", "discussion", 200, 17),
        ref_case("msg_ref_socket", "socket", 200, 18),
        ref_case("msg_ref_acp", "acp", 200, 19),
    ],
    "gen": [gen_case("gen_" + p, p, 1000, 5) for p in
            ("ignite", "mailbox", "discussion", "socket", "acp")],
    "msgpl": [
        ref_case("msg_pl_codes", "mailbox", 80, 3, pl("codes"), ("--max-findings", "5")),
        ref_case("msg_pl_error", "mailbox", 100, 3, pl("error")),
        ref_case("msg_pl_skipped", "mailbox", 100, 3, pl("skipped")),
        ref_case("msg_pl_wrongseq", "mailbox", 100, 3, pl("wrongseq")),
        ref_case("msg_pl_exit", "mailbox", 40, 3, pl("exit"), ("--max-findings", "1")),
    ],
}


def main():
    for name, fn in SCENARIOS[GROUP]:
        t0 = time.monotonic()
        got = "\n".join(fn()) + "\n"
        took = f"{time.monotonic() - t0:.1f} s"
        path = os.path.join(DATA, name + ".txt")
        if UPDATE:
            open(path, "w").write(got)
            print(f"{name}: wrote {path} ({got.count(chr(10))} lines)")
            continue
        want = open(path).read() if os.path.exists(path) else ""
        if got == want:
            print(f"{name}: ok ({got.count(chr(10))} lines, {took})")
            continue
        g, w = got.splitlines(), want.splitlines()
        i = next((i for i in range(min(len(g), len(w))) if g[i] != w[i]), min(len(g), len(w)))
        failures.append(name)
        print(f"FAIL {name}: first difference at line {i + 1} of {path}:")
        print(f"  want: {w[i] if i < len(w) else '(end)'}")
        print(f"  got:  {g[i] if i < len(g) else '(end)'}")
    shutil.rmtree(TMP, ignore_errors=True)
    if failures:
        print(f"{len(failures)} scenario(s) differ")
        sys.exit(1)
    print("ok")


main()
