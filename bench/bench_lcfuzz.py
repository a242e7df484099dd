#!/usr/bin/env python3
"""bench_lcfuzz.py - throughput of `amc fuzz --lifecycle` against the reference adapter.

Usage: bench/bench_lcfuzz.py [--amc PATH] [--runs N] [--rounds R] [PROFILE ...]

For each profile with a lifecycle model (default: all five) runs, R times (default 3) after one
warm-up,
    amc fuzz --lifecycle --profile P --impl 'amc adapter' --runs N --seed 1 --out TMP -q
and prints the median of: sequences per wall second, and sequences per CPU second (user +
system of amc fuzz and of everything it waited for, the adapter included: os.wait4), with the
mean sequence length. amc fuzz and the adapter take turns (one request at a time), so sequences
per CPU second is what one core sustains; on a shared, loaded machine the wall figure mostly
measures the scheduler, and the CPU figure is the one to quote. Every run must end with
"no findings" (the reference agrees with amc's model), else the script fails. Run it with
`nice` on a shared machine.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PROFILES = ["ignite", "mailbox", "discussion", "socket", "acp"]


def one(amc, profile, runs, tmp):
    out = os.path.join(tmp, "out")
    shutil.rmtree(out, ignore_errors=True)
    args = [amc, "fuzz", "--lifecycle", "--profile", profile, "--impl", f"{amc} adapter",
            "--runs", str(runs), "--seed", "1", "--out", out, "-q"]
    t0 = time.monotonic()
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    text = p.stdout.read() + p.stderr.read()
    p.stdout.close()
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0 or "no findings" not in text:
        sys.exit(f"bench_lcfuzz: {profile}: not a clean run:\n{text}")
    m = re.search(r"^(\d+) sequences \((\d+) events\)", text, re.M)
    if not m:
        sys.exit(f"bench_lcfuzz: {profile}: no summary line:\n{text}")
    n, events = int(m.group(1)), int(m.group(2))
    return n / wall, n / (ru.ru_utime + ru.ru_stime), events / n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--amc", default=os.path.join(ROOT, "build", "rel", "amc"))
    ap.add_argument("--runs", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("profiles", nargs="*", default=PROFILES)
    a = ap.parse_args()
    amc = os.path.abspath(a.amc)
    tmp = tempfile.mkdtemp(prefix="bench-lcfuzz-")
    try:
        load = os.getloadavg()[0]
        print(f"amc fuzz --lifecycle --runs {a.runs} --seed 1 vs amc adapter, median of "
              f"{a.rounds} (load average {load:.1f}, {os.cpu_count()} CPUs)")
        print(f"{'profile':<12} {'seq/CPU-s':>10} {'seq/s wall':>11} {'events/seq':>11}")
        worst = None
        for prof in a.profiles:
            one(amc, prof, max(a.runs // 10, 10), tmp)  # warm-up
            res = [one(amc, prof, a.runs, tmp) for _ in range(a.rounds)]
            wall = statistics.median(r[0] for r in res)
            cpu = statistics.median(r[1] for r in res)
            ev = statistics.median(r[2] for r in res)
            worst = cpu if worst is None else min(worst, cpu)
            print(f"{prof:<12} {cpu:>10.0f} {wall:>11.0f} {ev:>11.1f}")
        print(f"slowest profile: {worst:.0f} sequences per CPU second (target >= 200)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
