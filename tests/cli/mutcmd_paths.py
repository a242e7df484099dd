#!/usr/bin/env python3
"""amc schemas export at the length limit of its path buffer (issue 22): DIR/NAME of exactly
4096 bytes (one more than the buffer holds with its NUL) is refused with "path too long", exit
2, nothing written (kills cmd_schemas.c:136 >= sizeof path -> >, which wrote a path cut by one
byte); 4095 bytes fits the buffer and fails only at the file system (a name longer than 255
bytes): "cannot create DIR: File name too long", exit 2.
Usage: mutcmd_paths.py AMC."""
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
NAME = "socket/message.schema.json"
failures = []

with tempfile.TemporaryDirectory(prefix="amc-mutcmd-paths-") as t:
    for total, want in ((4096, "amc schemas: {d}/{n}: path too long\n"),
                        (4095, "amc schemas: cannot create {d}: File name too long\n")):
        d = "d" * (total - 1 - len(NAME))
        p = subprocess.run([AMC, "schemas", "export", d, NAME], capture_output=True, cwd=t,
                           timeout=60)
        w = want.format(d=d, n=NAME)
        if (p.returncode, p.stdout, p.stderr.decode()) != (2, b"", w):
            failures.append(f"DIR/NAME of {total} bytes: exit {p.returncode}, stdout "
                            f"{p.stdout[-100:]!r}, stderr {p.stderr[-120:]!r}, want {w[-120:]!r}")
        if os.listdir(t):
            failures.append(f"DIR/NAME of {total} bytes: wrote {os.listdir(t)!r}")

for f in failures:
    print("FAIL:", f)
print(f"mutcmd_paths: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
