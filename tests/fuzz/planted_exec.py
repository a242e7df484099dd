#!/usr/bin/env python3
"""An exec-mode validator with a planted defect, for tests/fuzz/run_planted.py (stdlib only).

usage: planted_exec.py AMC PROFILE FILE
The verdict is amc's (exit 0 valid, 1 invalid), but the file is first decoded as UTF-8 the way
a C validator with an unchecked decoder would: invalid UTF-8 kills it (SIGSEGV).
"""
import os
import signal
import sys

amc, profile, path = sys.argv[1], sys.argv[2], sys.argv[3]
with open(path, "rb") as f:
    data = f.read()
try:
    data.decode("utf-8")
except UnicodeDecodeError:
    os.kill(os.getpid(), signal.SIGSEGV)
os.execv(amc, [amc, "validate", "--profile", profile, "--format", "json", path])
