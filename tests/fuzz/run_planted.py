#!/usr/bin/env python3
"""ctest fuzz.planted: `amc fuzz` finds planted defects within a bounded number of runs (seeded,
not timed), shrinks them, replays them, emits them as conformance cases, and finds nothing
against the reference adapter.

usage: run_planted.py AMC SOURCE_DIR

Implementations under test (tests/fuzz/): planted_adapter.py (lenient duplicate keys, a crash on
long strings, a hang on deep nesting), planted_exec.py (an exec-mode validator crashing on
invalid UTF-8), socket_server.py (a json.loads server, and a correct one). Seeds: the small
valid messages of tests/fuzz/seeds/, so every finding needs mutation. Each run prints the run
at which its finding showed and the shrunk size.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
HERE = os.path.join(SRC, "tests", "fuzz")
PY = sys.executable
TMP = tempfile.mkdtemp(prefix="amc-fuzz-test-")
SEEDS = os.path.join(HERE, "seeds")
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def amc(args, timeout=240):
    t0 = time.monotonic()
    p = subprocess.run([AMC] + args, cwd=TMP, capture_output=True, text=True, errors="replace",
                       timeout=timeout)
    return p, time.monotonic() - t0


def findings(out):
    path = os.path.join(out, "findings.jsonl")
    if not os.path.exists(path):
        return []
    return [json.loads(l) for l in open(path) if l.strip()]


def planted(mode):
    return f"{PY} {HERE}/planted_adapter.py {mode} {AMC}"


def expect_finding(name, args, kind, cls, max_size, min_size=1, runs=600, replay_timeout=None,
                   code=None):
    out = os.path.join(TMP, name)
    p, _ = amc(["fuzz"] + args + ["--runs", str(runs), "--seed", "7", "--out", out,
                                  "--max-findings", "1", "-q"])
    fs = findings(out)
    if p.returncode != 1 or not fs:
        fail(f"{name}: exit {p.returncode}, {len(fs)} findings\n{p.stdout}{p.stderr}")
        return None
    f = fs[0]
    print(f"{name}: {f['kind']} ({f['class']}) at run {f['found_at_run']}, "
          f"{f['original_size']} -> {f['size']} bytes in {f['shrink_runs']} shrink runs: "
          f"{f['summary']}")
    if f["kind"] != kind or f["class"] != cls:
        fail(f"{name}: want {kind} ({cls}), got {f['kind']} ({f['class']})")
    if not (min_size <= f["size"] <= max_size):
        fail(f"{name}: shrunk to {f['size']} bytes, want {min_size}..{max_size}")
    data = open(os.path.join(out, f["input"]), "rb").read()
    if len(data) != f["size"]:
        fail(f"{name}: {f['input']} has {len(data)} bytes, the line says {f['size']}")
    if code and code not in f["amc"]["codes"]:
        fail(f"{name}: amc's codes {f['amc']['codes']} lack {code}")
    for k in ("kind", "input", "impl", "amc", "codes", "replay"):
        if k not in f:
            fail(f"{name}: findings.jsonl line lacks {k}")
    # the recorded replay command reproduces it (the implementation recorded in the line)
    rargs = ["fuzz", "--replay", out] + (["--timeout", replay_timeout] if replay_timeout else [])
    r, _ = amc(rargs)
    if r.returncode != 1 or "reproduced " not in r.stdout:
        fail(f"{name}: replay: exit {r.returncode}\n{r.stdout}{r.stderr}")
    # and the reference does not show it
    r, _ = amc(["fuzz", "--replay", out, "--impl", f"{AMC} adapter"])
    if r.returncode != 0 or "not reproduced" not in r.stdout:
        fail(f"{name}: replay against the reference: exit {r.returncode}\n{r.stdout}{r.stderr}")
    return out


# 1. the reference adapter: nothing, for every profile, and the same seed gives the same run
for prof in ("ignite", "mailbox", "discussion", "socket", "acp"):
    out = os.path.join(TMP, "ref-" + prof)
    p, _ = amc(["fuzz", "--profile", prof, "--impl", f"{AMC} adapter", "--runs", "1000",
                "--seed", "11", "--out", out, "-q", "--suite", os.path.join(SRC, "conformance")])
    if p.returncode != 0 or "no findings" not in p.stdout or findings(out):
        fail(f"reference {prof}: exit {p.returncode}\n{p.stdout}{p.stderr}")
    else:
        print(f"reference {prof}: {p.stdout.splitlines()[1]}")
two = []
for i in range(2):
    p, _ = amc(["fuzz", "--profile", "mailbox", "--impl", f"{AMC} adapter", "--runs", "800",
                "--seed", "99", "--out", os.path.join(TMP, f"det{i}"), "-q", "--corpus",
                os.path.join(SEEDS, "mailbox")])
    two.append(p.stdout.splitlines()[1].split(" in ")[0] + p.stdout.splitlines()[1].split(")")[1])
if two[0] != two[1]:
    fail(f"same seed, different runs: {two}")

# 2. planted defects, each found, shrunk and replayed
mb = ["--profile", "mailbox", "--corpus", os.path.join(SEEDS, "mailbox")]
lenient = expect_finding("lenient", mb + ["--impl", planted("lenient")], "verdict", "impl-valid",
                         64, code="JSON_DUP_KEY")
expect_finding("longstr", mb + ["--impl", planted("longstr"), "--timeout", "2"], "crash",
               "signal 11", 1100, min_size=1025)
expect_finding("deep", mb + ["--impl", planted("deep"), "--timeout", "0.5"], "hang", "timeout",
               120, min_size=49, replay_timeout="0.5")
expect_finding("exec-utf8", ["--profile", "ignite", "--corpus", os.path.join(SEEDS, "ignite"),
                             "--impl-exec", f"{PY} -S {HERE}/planted_exec.py {AMC} {{profile}} {{file}}"],
               "crash", "signal 11", 8, runs=100)

# 3. --emit-cases: the finding as a conformance case, which the reference passes and the planted
# implementation fails
if lenient:
    emit = os.path.join(TMP, "emit")
    p, _ = amc(["fuzz", "--replay", lenient, "--emit-cases", emit])
    if p.returncode != 0 or not os.path.exists(os.path.join(emit, "mailbox", "cases.json")):
        fail(f"emit-cases: exit {p.returncode}\n{p.stdout}{p.stderr}")
    p, _ = amc(["conform", "--suite", emit, "--impl", f"{AMC} adapter"])
    if p.returncode != 0:
        fail(f"emitted cases vs the reference: exit {p.returncode}\n{p.stdout}")
    p, _ = amc(["conform", "--suite", emit, "--impl", planted("lenient")])
    if p.returncode != 1:
        fail(f"emitted cases vs the planted adapter: exit {p.returncode}\n{p.stdout}")

# 4. socket mode: a json.loads server is lenient where the protocol's implementation is; a server
# deciding with amc gives nothing
for mode, want in (("loads", 1), ("amc", 0)):
    sock = os.path.join(TMP, f"{mode}.sock")
    srv = subprocess.Popen([PY, os.path.join(HERE, "socket_server.py"), mode, sock, AMC])
    for _ in range(100):
        if os.path.exists(sock):
            break
        time.sleep(0.05)
    out = os.path.join(TMP, f"sock-{mode}")
    p, _ = amc(["fuzz", "--socket", sock, "--corpus", os.path.join(SEEDS, "socket"), "--runs",
                "300" if mode == "loads" else "120", "--seed", "5", "--out", out, "-q"])
    fs = findings(out)
    if p.returncode != want or (want and not all(f["class"] == "impl-valid" for f in fs)):
        fail(f"socket {mode}: exit {p.returncode}\n{p.stdout}{p.stderr}")
    elif want:
        print(f"socket loads: {len(fs)} findings, first at run {fs[0]['found_at_run']}: "
              f"{fs[0]['summary']}")
        r, _ = amc(["fuzz", "--replay", out])
        if r.returncode != 1:
            fail(f"socket replay: exit {r.returncode}\n{r.stdout}{r.stderr}")
    srv.kill()
    srv.wait()

# 5. the run ends in time even when the implementation hangs longer than the run
p, took = amc(["fuzz"] + mb + ["--impl", planted("deep"), "--timeout", "30", "--seconds", "3",
                               "--seed", "7", "--out", os.path.join(TMP, "cut"), "-q"])
if took > 8 or findings(os.path.join(TMP, "cut")):
    fail(f"--seconds 3 with a 30 s hang took {took:.1f} s (or reported a cut run as a hang)")
else:
    print(f"time bound: --seconds 3 against a hanging implementation ended after {took:.1f} s")

# 6. not reachable: 3; usage: 2
for args in (["--impl", "exit 1"], ["--impl-exec", "/nonexistent/x {file}"],
             ["--socket", os.path.join(TMP, "none.sock")]):
    p, _ = amc(["fuzz", "--profile", "socket", "--runs", "10", "--out", os.path.join(TMP, "u"),
                "-q"] + args)
    if p.returncode != 3:
        fail(f"unreachable {args}: exit {p.returncode}\n{p.stdout}{p.stderr}")
for args in (["--profile", "nope", "--impl", "x"], ["--profile", "acp"],
             ["--profile", "acp", "--impl", "x", "--socket", "y"],
             ["--profile", "acp", "--impl-exec", "no-file-placeholder"]):
    p, _ = amc(["fuzz"] + args)
    if p.returncode != 2:
        fail(f"usage {args}: exit {p.returncode}")

shutil.rmtree(TMP, ignore_errors=True)
if failures:
    print(f"{len(failures)} failure(s)")
    sys.exit(1)
print("fuzz.planted: ok")
