#!/usr/bin/env python3
"""bench_lcfuzz.py - throughput of `amc fuzz --lifecycle` (or `--stateful`) against the
reference adapter.

Usage: bench/bench_lcfuzz.py [--amc PATH] [--runs N] [--rounds R] [--stateful] [PROFILE ...]

For each profile with a lifecycle model (default: all five) runs, R times (default 3) after one
warm-up,
    amc fuzz --lifecycle --profile P --impl 'amc adapter' --runs N --seed 1 --out TMP -q
and prints the median of: sequences per wall second, and sequences per CPU second (user +
system of amc fuzz and of its descendants, the adapter included: os.wait4 for amc fuzz and the
shell it reaps, /proc readings for the adapter, which amc kills unreaped), with the
mean sequence length. amc fuzz and the adapter take turns (one request at a time), so sequences
per CPU second is what one core sustains; on a shared, loaded machine the wall figure mostly
measures the scheduler, and the CPU figure is the one to quote. Every run must end with
"no findings" (the reference agrees with amc's model), else the script fails. Run it with
`nice` on a shared machine.

--stateful measures `amc fuzz --stateful` instead (sessions of validate requests; --runs counts
sessions, default 1000), and splits the CPU time: the script reads the adapter's CPU time from
/proc every 20 ms while amc fuzz runs (the last reading is at most 20 ms old when amc ends it),
so the table shows the adapter's share (`amc adapter`: decoding, validating, replying) of the
total (the rest is amc fuzz: generating, signing, amc's own validation, comparing).
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


def descendants_cpu(pid, seen, depth=1):
    """CPU seconds (utime + stime) of pid's descendants, latest reading by pid, into seen as
    (depth, seconds): depth 1 = a child."""
    tick = os.sysconf("SC_CLK_TCK")
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return
    for t in tasks:
        try:
            with open(f"/proc/{pid}/task/{t}/children") as f:
                kids = f.read().split()
        except OSError:
            continue
        for k in kids:
            try:
                with open(f"/proc/{k}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                seen[k] = (depth, (int(fields[11]) + int(fields[12])) / tick)
            except (OSError, IndexError, ValueError):
                continue
            descendants_cpu(k, seen, depth + 1)


def one(amc, profile, runs, tmp, stateful=False):
    out = os.path.join(tmp, "out")
    shutil.rmtree(out, ignore_errors=True)
    args = [amc, "fuzz", "--stateful" if stateful else "--lifecycle", "--profile", profile,
            "--impl", f"{amc} adapter", "--runs", str(runs), "--seed", "1", "--out", out, "-q"]
    t0 = time.monotonic()
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen = {}
    # The adapter runs as `sh -c CMD`'s child, and amc fuzz ends it with SIGKILL to its process
    # group: amc reaps the shell, nobody reaps the adapter for amc, so its CPU time is not in
    # amc's rusage. Read every descendant's CPU time from /proc every 20 ms until amc ends (not
    # reaped before the last reading), and add the grandchildren's.
    while os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
        descendants_cpu(p.pid, seen)
        time.sleep(0.02)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    text = p.stdout.read() + p.stderr.read()
    p.stdout.close()
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0 or "no findings" not in text:
        sys.exit(f"bench_lcfuzz: {profile}: not a clean run:\n{text}")
    m = re.search(r"^(\d+) (?:sequences|sessions) \((\d+) (?:events|messages)\)", text, re.M)
    if not m:
        sys.exit(f"bench_lcfuzz: {profile}: no summary line:\n{text}")
    n, events = int(m.group(1)), int(m.group(2))
    # amc fuzz and the children it reaped (the shell), plus the grandchildren (the adapter)
    cpu = ru.ru_utime + ru.ru_stime + sum(c for d, c in seen.values() if d >= 2)
    share = sum(c for _, c in seen.values()) / cpu
    return n / wall, n / cpu, events / n, share


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--amc", default=os.path.join(ROOT, "build", "rel", "amc"))
    ap.add_argument("--runs", type=int, default=None)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--stateful", action="store_true")
    ap.add_argument("profiles", nargs="*", default=PROFILES)
    a = ap.parse_args()
    st = a.stateful
    runs = a.runs or (1000 if st else 2000)
    unit, item, short = ("sessions", "msgs", "sess") if st else ("sequences", "events", "seq")
    amc = os.path.abspath(a.amc)
    tmp = tempfile.mkdtemp(prefix="bench-lcfuzz-")
    try:
        load = os.getloadavg()[0]
        print(f"amc fuzz --{'stateful' if st else 'lifecycle'} --runs {runs} --seed 1 vs amc "
              f"adapter, median of {a.rounds} (load average {load:.1f}, {os.cpu_count()} CPUs)")
        print(f"{'profile':<12} {short + '/CPU-s':>10} {short + '/s wall':>11} "
              f"{item + '/' + short:>11} {'adapter CPU':>12}")
        worst = None
        for prof in a.profiles:
            one(amc, prof, max(runs // 10, 10), tmp, st)  # warm-up
            res = [one(amc, prof, runs, tmp, st) for _ in range(a.rounds)]
            wall = statistics.median(r[0] for r in res)
            cpu = statistics.median(r[1] for r in res)
            ev = statistics.median(r[2] for r in res)
            worst = cpu if worst is None else min(worst, cpu)
            print(f"{prof:<12} {cpu:>10.0f} {wall:>11.0f} {ev:>11.1f}" +
                  f" {100 * statistics.median(r[3] for r in res):>11.0f}%")
        print(f"slowest profile: {worst:.0f} {unit} per CPU second (target >= 200)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
