#!/usr/bin/env python3
"""ctest cli.c18_watch: amc watch stopped (SIGTERM) while a file still waits to settle (issue 22:
cmd_watch.c free_state, `i < NBUCKET` made <= survived the 300-mutant run, seed 112909: the
mutant read one bucket past the table, the list of waiting files that follows it, as a list of
seen files, and freed it the wrong way: a heap overflow, then the waiting list walked again).

In DIR/inbox/codex/, x.json is created and written but kept open (it waits --settle 60 s); then y.json, {} (no ACP
document), is written and closed, so it is checked at once and its diagnostic printed: inotify hands the
events over in order, so when that line is out, x.json is on the waiting list. SIGTERM then
stops the watch: exit 1 (y.json's error), "terminated" and the summary "1 files checked, 1 errors, 0 warnings",
nothing else on standard error. Every wait is bounded (60 s).

usage: c18_watch.py AMC"""
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time

AMC = os.path.abspath(sys.argv[1])
failures = []


def read_line(p, stream, limit=60):
    """The next line of stream (a pipe of p), or None after limit seconds."""
    sel = selectors.DefaultSelector()
    sel.register(stream, selectors.EVENT_READ)
    end, buf = time.monotonic() + limit, b""
    while not buf.endswith(b"\n"):
        left = end - time.monotonic()
        if left <= 0 or not sel.select(left):
            return None
        c = os.read(stream.fileno(), 1)
        if not c:
            return None
        buf += c
    return buf.decode()


with tempfile.TemporaryDirectory(prefix="amc-c18-watch-") as t:
    box = os.path.join(t, "inbox", "codex")  # a message's place (files in DIR itself are not)
    os.makedirs(box)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env["AMC_NO_CONFIG"] = "1"
    p = subprocess.Popen([AMC, "watch", "--profile", "acp", "--settle", "60", "--new-only",
                          "--timeout", "120", t], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=env, cwd=t)
    held = None
    try:
        first = read_line(p, p.stderr)
        if first != f"amc watch: {t}: watching 3 directories\n":
            failures.append(f"start: {first!r}")
        held = open(os.path.join(box, "x.json"), "w")
        held.write("{")
        held.flush()
        with open(os.path.join(box, "y.json"), "w") as fh:
            fh.write("{}\n")
        line = read_line(p, p.stdout)
        if line != f"{t}/inbox/codex/y.json:1:1: error[ACP_KIND_UNKNOWN] ACP-DOC-002: the object is no ACP " \
                   "document kind (it has none of message_id, message_type, agent_id + " \
                   "agent_type, session_id, recovery_strategy, metric_type, audit_event)\n":
            failures.append(f"y.json's diagnostic: {line!r}")
        p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=60)
        want = f"amc watch: terminated\namc watch: {t}: 1 files checked, 1 errors, 0 warnings\n"
        if p.returncode != 1 or err.decode() != want or out:
            failures.append(f"stopped: exit {p.returncode}, stdout {out!r}, stderr "
                            f"{err.decode()[-600:]!r}, want exit 1 and {want!r}")
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        if held:
            held.close()

for f in failures:
    print("FAIL:", f)
print(f"c18_watch: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
