#!/usr/bin/env python3
"""amc watch on a workspace no other test gives it, part 2 (issue 22, helper clibr): two new
folders whose names share a prefix (sub, sub2), a file waiting to settle in each; sub renamed
away: its file is forgotten, sub2's is not (a path under "sub" is not one under "sub2") and is
checked when it is closed (cmd_watch.c under, pend_drop, dir_gone).
Waits are bounded (each at most 10 s); no sleep is longer than 0.3 s.
Usage: clibr_watch2.py AMC (run from the source tree)."""
import os
import sys
import tempfile
import time

from clibr_watchlib import Watch

AMC = os.path.abspath(sys.argv[1])
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def watch(args):
    return Watch(AMC, args, check)



with tempfile.TemporaryDirectory(prefix="amc-clibr-watch2-") as t:
    ws = os.path.join(t, "ws")
    q = os.path.join(ws, "queue", "coordinator")
    os.makedirs(q)
    w = watch(["--timeout", "20", "--settle", "5", "--new-only", ws])
    if w.wait_err("watching", "prefix"):
        sub, sub2 = os.path.join(q, "sub"), os.path.join(q, "sub2")
        os.mkdir(sub)
        os.mkdir(sub2)
        time.sleep(0.3)  # the new folders' watches are set up
        fa = os.open(os.path.join(sub, "a.mime"), os.O_WRONLY | os.O_CREAT)
        fb = os.open(os.path.join(sub2, "b.mime"), os.O_WRONLY | os.O_CREAT)
        os.write(fa, b"x\n")
        os.write(fb, b"y\n")  # both wait --settle (5 s): not closed yet
        time.sleep(0.3)
        os.rename(sub, os.path.join(t, "gone"))
        time.sleep(0.3)
        os.close(fa)
        os.close(fb)  # sub2/b.mime: checked now
        end = time.monotonic() + 10
        while not w.out and time.monotonic() < end:
            time.sleep(0.02)
        time.sleep(0.3)  # a check of a.mime, were there one, would be printed by now
        w.p.terminate()
    rc = w.finish()
    check(rc == 0 and w.out == [ws + "/queue/coordinator/sub2/b.mime:1:1: warning["
                                "AUDIT_STRAY_FILE]: 'queue/coordinator/sub2/b.mime' is in a "
                                "message folder but is not a message file\n"] and
          w.err[1:] == ["amc watch: terminated\n",
                        "amc watch: %s: 1 files checked, 0 errors, 1 warnings\n" % ws],
          f"watch, sub and sub2: exit {rc} {w.out!r} {w.err!r}")

for f in failures:
    print("FAIL:", f)
print(f"clibr_watch2: {len(failures)} failures")
sys.exit(1 if failures else 0)
