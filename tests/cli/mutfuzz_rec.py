#!/usr/bin/env python3
"""mutfuzz_rec.py - a recording adapter for the mutfuzz golden tests (stdlib only).

usage: mutfuzz_rec.py LOG CMD [ARG...]
Starts CMD (an adapter: conformance/PROTOCOL.md), forwards every request line of stdin to it
and every reply line back, and appends each request line, as received, to LOG: the exact
requests amc fuzz sent, which tests/cli/mutfuzz_golden.py compares with a golden file. When CMD
ends, the recorder ends the same way (the same exit status, or the same signal).
"""
import os
import signal
import subprocess
import sys

log = open(sys.argv[1], "a")
impl = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
for line in sys.stdin.buffer:
    log.write(line.decode("utf-8", "replace").rstrip("\n") + "\n")
    log.flush()
    impl.stdin.write(line)
    impl.stdin.flush()
    rep = impl.stdout.readline()
    if not rep:
        break
    sys.stdout.buffer.write(rep)
    sys.stdout.buffer.flush()
impl.stdin.close()
rc = impl.wait()
log.close()
if rc < 0:
    signal.signal(-rc, signal.SIG_DFL)
    os.kill(os.getpid(), -rc)
sys.exit(rc)
