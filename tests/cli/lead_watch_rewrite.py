#!/usr/bin/env python3
"""ctest cli.lead_watch_rewrite: amc watch checks a file again when it is rewritten in place with
bytes of the same size within the same second (issue 22: cmd_watch.c same_ts, the
`tv_sec == ... && tv_nsec == ...` made ||: a modification time that differs only in its
nanoseconds then counted as unchanged, and the new content was never checked).

The file (an IGNITE queue file that is not a message: one error and one warning each time it is
checked) is written, its findings awaited, then rewritten in place with other bytes of the same
length; its findings must come a second time. A mutant that compares the seconds only is caught
when both writes fall in the same second of the clock (modification and change times), so the
pair is started just after a second begins and, should the two times still fall in different
seconds (a slow machine), repeated on another file, up to 5 times. Every wait is bounded.
usage: lead_watch_rewrite.py AMC SOURCE_DIR"""
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clibr_watchlib import Watch  # noqa: E402

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
tmp = tempfile.mkdtemp(prefix="amc-lead-rewrite-")
failures = []


def check(ok, msg):
    if not ok:
        failures.append(msg)


def findings(w, name):
    return sum(("/%s:" % name) in o for o in w.out)


def wait_findings(w, name, n):
    end = time.monotonic() + 20
    while findings(w, name) < n and time.monotonic() < end:
        time.sleep(0.01)
    return findings(w, name)


try:
    ws = os.path.join(tmp, "ws")
    shutil.copytree(os.path.join(SRC, "tests", "data", "audit", "ignite-good"), ws)
    q = os.path.join(ws, "queue", "coordinator")
    w = Watch(AMC, ["--settle", "0.05", ws], check)
    same_second = False
    tries = 0
    if w.wait_err("watching", "rewrite"):
        while not same_second and tries < 5:
            name = "task_r%d.mime" % tries
            x = os.path.join(q, name)
            tries += 1
            time.sleep(1.02 - time.time() % 1)  # just after a second begins
            with open(x, "wb") as f:
                f.write(b"garbage one\n")
            st1 = os.stat(x)
            check(wait_findings(w, name, 2) == 2, f"{name}: first version not checked: {w.out!r}")
            with open(x, "wb") as f:
                f.write(b"garbage two\n")
            st2 = os.stat(x)
            check(st1.st_ino == st2.st_ino and st1.st_size == st2.st_size, "not rewritten in place")
            check(wait_findings(w, name, 4) == 4,
                  f"{name}: rewritten in place with the same size: not checked again: {w.out!r}")
            same_second = (st1.st_mtime_ns // 10**9 == st2.st_mtime_ns // 10**9 and
                           st1.st_ctime_ns // 10**9 == st2.st_ctime_ns // 10**9)
        w.p.terminate()
    w.finish()
    for o in w.out:
        check("IGNITE_MSG_MALFORMED" in o or "MIME_NO_BODY_SEPARATOR" in o, f"finding {o!r}")
    check(len(w.out) == 4 * tries, f"{len(w.out)} findings for {tries} files: {w.out!r}")
    if not same_second:
        print(f"note: no pair of writes fell in one second in {tries} tries: the seconds-only "
              "comparison was not exercised")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("lead_watch_rewrite:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
