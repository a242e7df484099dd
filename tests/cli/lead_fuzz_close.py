#!/usr/bin/env python3
"""ctest cli.lead_fuzz_close (issue 22, a surviving mutant of a fresh sample): amc fuzz stops
the adapter it started before it exits (cli_fuzz_target.c fz_target_close: kills mode ==
FZ_MODE_ADAPTER -> !=, which left the adapter running).

The adapter here answers through `amc adapter` and, once its standard input closes, ignores
SIGTERM and sleeps 20 s, as an adapter that hangs on exit would; it writes its pid first. When
amc fuzz has returned, that process must be dead (gone, or a zombie waiting for init), not
sleeping: amc kills the adapter's process group itself rather than leaving it to notice the
closed pipe.

usage: lead_fuzz_close.py AMC SOURCE_DIR
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ADAPTER = r'''
import os, signal, subprocess, sys, time
pidfile, amc = sys.argv[1], sys.argv[2]
with open(pidfile + ".tmp", "w") as f:
    f.write(str(os.getpid()))
os.rename(pidfile + ".tmp", pidfile)
ref = subprocess.Popen([amc, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
signal.signal(signal.SIGTERM, signal.SIG_IGN)
for line in sys.stdin:
    ref.stdin.write(line)
    ref.stdin.flush()
    sys.stdout.write(ref.stdout.readline())
    sys.stdout.flush()
time.sleep(20)
'''


def state(pid):
    """The process's state letter from /proc (None when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


failures = []
with tempfile.TemporaryDirectory(prefix="amc-lead-fuzz-close-") as t:
    ad, pidfile = os.path.join(t, "ad.py"), os.path.join(t, "pid")
    with open(ad, "w") as f:
        f.write(ADAPTER)
    p = subprocess.run([AMC, "fuzz", "--profile", "mailbox", "--impl",
                        f"{sys.executable} {ad} {pidfile} {AMC}", "--runs", "20", "--seed", "3",
                        "--corpus", os.path.join(SRC, "tests/fuzz/seeds/mailbox"), "--out",
                        os.path.join(t, "out")], capture_output=True, text=True, timeout=120)
    if p.returncode != 0 or "no findings" not in p.stdout:
        failures.append(f"amc fuzz: exit {p.returncode}, stdout {p.stdout!r}, stderr {p.stderr!r}")
    if not os.path.exists(pidfile):
        failures.append("the adapter never started")
    else:
        with open(pidfile) as f:
            pid = int(f.read())
        st = state(pid)
        for _ in range(20):  # a process killed an instant ago may still be on its way out
            if st in (None, "Z", "X"):
                break
            time.sleep(0.05)
            st = state(pid)
        if st not in (None, "Z", "X"):
            failures.append(f"the adapter (pid {pid}) still runs after amc fuzz returned "
                            f"(state {st})")
            os.kill(pid, signal.SIGKILL)
for f in failures:
    print("FAIL:", f)
print("ok" if not failures else f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
