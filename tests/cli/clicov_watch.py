#!/usr/bin/env python3
"""ctest cli.clicov_watch (issue 22, helper clicov): amc watch on a live copy of
tests/data/audit/ignite-good while files land the ways implementations and people make them,
each finding asserted exactly, in order, with the summary and exit status after SIGTERM:
  1. written as *.tmp (not checked), then renamed: checked once;
  2. opened for append and closed unchanged (IN_CLOSE_WRITE): its identity is the same, not
     checked again;
  3. a hard link in another queue folder (IN_CREATE only): checked after --settle;
  4. a FIFO (AUDIT_SPECIAL_FILE) and a symbolic link (AUDIT_SYMLINK): reported, never opened;
  5. the first file deleted: forgotten, so a later copy of its message is no duplicate of it;
  6. a file written in two pieces and closed: checked once, whole.
  7. (a second run) amc watch stopped (SIGSTOP) while 16 600 writes alternate between two new
     files (more events than the kernel's queue of 16 384 holds), then continued: "the kernel's
     event queue overflowed; rescanning", the two files checked once, the five it had checked
     not again.
Waits are bounded (each step at most 10 s for its findings), no sleep is longer than 0.3 s.

usage: clicov_watch.py AMC SOURCE_DIR
"""
import os
import shutil
import signal
import subprocess
import threading
import time
from clicov_lib import AMC, SRC, TMP, count, fail, finish

shutil.copytree(os.path.join(SRC, "tests/data/audit/ignite-good"), os.path.join(TMP, "ws"))
Q = os.path.join(TMP, "ws/queue/coordinator")
L = os.path.join(TMP, "ws/queue/leader")
with open(os.path.join(Q, "task_completed_1770692606249438.mime"), "rb") as fh:
    MSG = fh.read()

# --settle 2: step 6's two writes, 0.05 s apart, must not be checked in between even when a
# loaded machine stalls this script for a while (with 0.2 it once saw the first piece alone)
p = subprocess.Popen([AMC, "watch", "--settle", "2", os.path.join(TMP, "ws")],
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                     env=dict(os.environ, NO_COLOR="1"))
out, err = [], []


def reader(stream, into):
    for line in iter(stream.readline, b""):
        into.append(line.decode("utf-8", "replace").replace(TMP, "{t}"))


threads = [threading.Thread(target=reader, args=(p.stdout, out), daemon=True),
           threading.Thread(target=reader, args=(p.stderr, err), daemon=True)]
for t in threads:
    t.start()


def wait_lines(lines, n, what):
    end = time.monotonic() + 10
    while len(lines) < n and time.monotonic() < end and p.poll() is None:
        time.sleep(0.02)
    if len(lines) < n:
        fail(f"{what}: {len(lines)} lines, waited for {n}: {lines}")
        return False
    return True


C = "{t}/ws/queue/coordinator/"
NAME = ("warning[IGNITE_FILE_NAME] IGNITE-FILE-001: file name '%s' does not follow "
        "task_completed_<16 digits>.mime")
DUP = ("error[AUDIT_DUPLICATE] IGNITE-WS-001: id '<177069260625.65405.9012852316294850550@ignite"
       ".local>' is also in queue/coordinator/%s")
WANT = [C + "task_a_1.mime:1:1: " + NAME % "task_a_1.mime",
        C + "task_a_1.mime:1:1: " + DUP % "task_completed_1770692606249438.mime",
        "{t}/ws/queue/leader/task_a_2.mime:1:1: " + NAME % "task_a_2.mime",
        "{t}/ws/queue/leader/task_a_2.mime:4:1: error[IGNITE_QUEUE_AGENT] IGNITE-QUE-002: the "
        "message sits in queue/leader/ but leader is not in To or Cc (at To)",
        C + "task_f.mime:1:1: warning[AUDIT_SPECIAL_FILE]: 'queue/coordinator/task_f.mime' is "
        "not a regular file or directory: not read",
        C + "task_l.mime:1:1: warning[AUDIT_SYMLINK]: 'queue/coordinator/task_l.mime' is a "
        "symbolic link: not followed",
        C + "task_s_3.mime:1:1: " + NAME % "task_s_3.mime",
        C + "task_s_3.mime:1:1: " + DUP % "task_completed_1770692606249438.mime"]

count[0] += 1
if wait_lines(err, 1, "start"):
    # 1. *.tmp written (its close ignored), then renamed in
    with open(os.path.join(Q, "task_a_1.mime.tmp"), "wb") as fh:
        fh.write(MSG)
    os.rename(os.path.join(Q, "task_a_1.mime.tmp"), os.path.join(Q, "task_a_1.mime"))
    wait_lines(out, 2, "renamed file")
    # 2. opened for append, closed unchanged: nothing (a new check would repeat two lines)
    open(os.path.join(Q, "task_a_1.mime"), "ab").close()
    time.sleep(0.3)
    # 3. a hard link elsewhere: only IN_CREATE, checked after --settle
    os.link(os.path.join(Q, "task_a_1.mime"), os.path.join(L, "task_a_2.mime"))
    wait_lines(out, 4, "hard link")
    # 4. a FIFO, a symbolic link
    os.mkfifo(os.path.join(Q, "task_f.mime"))
    wait_lines(out, 5, "fifo")
    os.symlink("task_a_1.mime", os.path.join(Q, "task_l.mime"))
    wait_lines(out, 6, "symlink")
    # 5. deleted: forgotten; 6. written in two pieces, then closed
    os.unlink(os.path.join(Q, "task_a_1.mime"))
    time.sleep(0.2)
    with open(os.path.join(Q, "task_s_3.mime"), "wb") as fh:
        fh.write(MSG[:50])
        fh.flush()
        time.sleep(0.05)
        fh.write(MSG[50:])
    wait_lines(out, 8, "written in two pieces")
    time.sleep(0.3)  # anything more would show now
p.send_signal(signal.SIGTERM)
try:
    rc = p.wait(timeout=10)
except subprocess.TimeoutExpired:
    p.kill()
    rc = "hang"
for t in threads:
    t.join(5)
if out != [w + "\n" for w in WANT]:
    fail("findings:\n  " + "  ".join(out))
want_err = ["amc watch: {t}/ws: watching 8 directories\n", "amc watch: terminated\n",
            "amc watch: {t}/ws: 10 files checked, 3 errors, 5 warnings\n"]
if err != want_err or rc != 1:
    fail(f"exit {rc}, stderr {err}")

# 7. the event queue overflows while amc watch is stopped
count[0] += 1
shutil.copytree(os.path.join(SRC, "tests/data/audit/ignite-good"), os.path.join(TMP, "ws2"))
p = subprocess.Popen([AMC, "watch", "--settle", "0.2", os.path.join(TMP, "ws2")],
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                     env=dict(os.environ, NO_COLOR="1"))
out, err = [], []
threads = [threading.Thread(target=reader, args=(p.stdout, out), daemon=True),
           threading.Thread(target=reader, args=(p.stderr, err), daemon=True)]
for t in threads:
    t.start()
if wait_lines(err, 1, "start (overflow)"):
    p.send_signal(signal.SIGSTOP)
    logs = os.path.join(TMP, "ws2/logs")
    fa = os.open(os.path.join(logs, "a.log"), os.O_WRONLY | os.O_CREAT, 0o644)
    fb = os.open(os.path.join(logs, "b.log"), os.O_WRONLY | os.O_CREAT, 0o644)
    for _ in range(8300):  # alternating: the kernel merges only identical consecutive events
        os.write(fa, b"x")
        os.write(fb, b"y")
    os.close(fa)
    os.close(fb)
    p.send_signal(signal.SIGCONT)
    wait_lines(err, 2, "overflow")
    time.sleep(0.3)
p.send_signal(signal.SIGTERM)
try:
    rc = p.wait(timeout=10)
except subprocess.TimeoutExpired:
    p.kill()
    rc = "hang"
for t in threads:
    t.join(5)
want_err = ["amc watch: {t}/ws2: watching 8 directories\n",
            "amc watch: {t}/ws2: the kernel's event queue overflowed; rescanning\n",
            "amc watch: terminated\n",
            "amc watch: {t}/ws2: 7 files checked, 0 errors, 0 warnings\n"]
if out or err != want_err or rc != 0:
    fail(f"overflow: exit {rc}, stdout {out}, stderr {err}")
finish()
