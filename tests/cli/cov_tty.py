#!/usr/bin/env python3
"""Colour on a terminal (issue 22): diagnostics in text form are coloured by severity only when
standard output is a terminal and NO_COLOR is unset or empty (https://no-color.org):
  error bold red (ESC[1;31m), warning bold magenta (ESC[1;35m), each closed by ESC[0m;
  the same run with NO_COLOR=1, or with standard output a pipe, has no escape at all.
Runs amc validate with its standard output on a pseudo-terminal.
Usage: cov_tty.py AMC (run from the source tree)."""
import os
import pty
import subprocess
import sys

AMC = sys.argv[1]
failures = []
ARGS = ["validate", "--profile", "mailbox", "conformance/mailbox/inputs/env-001-valid-task-assignment.json",
        "conformance/mailbox/inputs/sig-006-valid-hmac.json"]


def on_tty(args, env):
    master, slave = pty.openpty()
    p = subprocess.Popen([AMC] + args, stdout=slave, stderr=subprocess.PIPE, env=env)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the terminal's other end closed
            break
        if not chunk:
            break
        out += chunk
    p.wait(timeout=60)
    os.close(master)
    return p.returncode, out


env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
code, out = on_tty(ARGS, env)
if code != 1:
    failures.append(f"tty: exit {code}, want 1")
if b"\x1b[1;35mwarning" not in out or b"\x1b[1;31merror" not in out:
    failures.append(f"tty: no coloured warning and error: {out[:400]!r}")
if out.count(b"\x1b[0m") < 2:
    failures.append("tty: the colours are not closed with ESC[0m")

code, out = on_tty(ARGS, dict(env, NO_COLOR="1"))
if code != 1 or b"\x1b[" in out or b"error[MAILBOX_SIGNATURE_INVALID]" not in out:
    failures.append(f"NO_COLOR=1 on a tty: exit {code}, escapes or no diagnostic: {out[:300]!r}")

code, out = on_tty(ARGS, dict(env, NO_COLOR=""))
if b"\x1b[1;31merror" not in out:
    failures.append("NO_COLOR= (empty) on a tty: no colour (an empty NO_COLOR does not count)")

p = subprocess.run([AMC] + ARGS, capture_output=True, env=env, timeout=60)
if b"\x1b[" in p.stdout or b"error[MAILBOX_SIGNATURE_INVALID]" not in p.stdout:
    failures.append("pipe: escapes, or no diagnostic")

for f in failures:
    print("FAIL", f)
print(f"cov_tty: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
