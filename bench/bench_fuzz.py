#!/usr/bin/env python3
"""bench_fuzz.py - throughput of `amc fuzz` against the reference adapter (`amc adapter`).

Usage: bench/bench_fuzz.py [--amc PATH] [--runs N] [--rounds R] [PROFILE ...]

For each profile (default: all five) runs, R times (default 3) after one warm-up,
    amc fuzz --profile P --impl 'amc adapter' --runs N --seed 1 --out TMP -q
and prints the median of: inputs per wall second, and inputs per CPU second (user + system of
amc fuzz and everything it waited for: the adapter included, os.wait4). Both processes take
turns (one request at a time), so on an idle machine the wall figure is close to the CPU figure
and "inputs per CPU second" is what one core sustains; on a loaded machine the wall figure is
noisy and the CPU figure is the one to quote. Every run must end with "no findings" (the
reference agrees with itself), else the script fails.

The lifecycle workload (--lifecycle) runs `amc fuzz --lifecycle` the same way and counts
sequences instead of inputs.
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


def one(amc, profile, runs, lifecycle, tmp):
    out = os.path.join(tmp, "out")
    shutil.rmtree(out, ignore_errors=True)
    args = [amc, "fuzz", "--profile", profile, "--impl", f"{amc} adapter", "--runs", str(runs),
            "--seed", "1", "--out", out, "-q", "--suite", os.path.join(ROOT, "conformance")]
    if lifecycle:
        args.append("--lifecycle")
    t0 = time.monotonic()
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    text = p.stdout.read() + p.stderr.read()
    p.stdout.close()
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0 or "no findings" not in text:
        sys.exit(f"bench_fuzz: {profile}: not a clean run:\n{text}")
    m = re.search(r"^(\d+) (?:execs|sequences)", text, re.M)
    n = int(m.group(1)) if m else runs
    return n / wall, n / (ru.ru_utime + ru.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("profiles", nargs="*", default=["ignite", "mailbox", "discussion", "socket",
                                                     "acp"])
    ap.add_argument("--amc", default=os.path.join(ROOT, "build", "rel", "amc"))
    ap.add_argument("--runs", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--lifecycle", action="store_true")
    a = ap.parse_args()
    amc = os.path.abspath(a.amc)
    tmp = tempfile.mkdtemp(prefix="amc-bench-fuzz-")
    print(f"machine: {os.cpu_count()} cpus, load {os.getloadavg()[0]:.1f}; amc fuzz "
          f"{'--lifecycle ' if a.lifecycle else ''}--runs {a.runs} against amc adapter, "
          f"median of {a.rounds}")
    unit = "sequences" if a.lifecycle else "inputs"
    print(f"{'profile':<12} {unit + '/s wall':>18} {unit + '/s per CPU':>20}   (min .. max wall)")
    try:
        for prof in a.profiles:
            one(amc, prof, max(a.runs // 10, 100), a.lifecycle, tmp)  # warm-up
            res = [one(amc, prof, a.runs, a.lifecycle, tmp) for _ in range(a.rounds)]
            walls = [r[0] for r in res]
            cpus = [r[1] for r in res]
            print(f"{prof:<12} {statistics.median(walls):>18.0f} {statistics.median(cpus):>20.0f}"
                  f"   ({min(walls):.0f} .. {max(walls):.0f})")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
