#!/usr/bin/env python3
"""ctest cli.c15_conform_deep: amc run from a folder deeper than PATH_MAX (a copy of the executable
at a path of about 4300 bytes, run as ./amc from there: readlink("/proc/self/exe") then fails
with ENAMETOOLONG, so amc does not know its own folder), with PATH=/usr/bin:/bin: amc conform's
replay lines name it "amc" (cmd_conform.c self_name: no folder, no path), exactly as a run of
the usual executable found on PATH would, and its exit status is the usual one. Issue 22:
cmd_conform.c:835, exe_dir's `return false` when readlink fails made `return true`, a survivor
("line not run by any test"): the mutant took the unset buffer for the folder.

usage: c15_conform_deep.py AMC SOURCE_DIR"""
import os
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
SUITE = os.path.join(SRC, "conformance")
failures = []
tmp = tempfile.mkdtemp(prefix="amc-c15-deep-")
fd = os.open(tmp, os.O_RDONLY)
try:
    depth = 0
    while len(tmp) + depth * 201 < 4300:  # the path is made one folder at a time (openat)
        os.mkdir("d" * 200, dir_fd=fd)
        nfd = os.open("d" * 200, os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd, depth = nfd, depth + 1
    src = os.open(AMC, os.O_RDONLY)
    dst = os.open("amc", os.O_WRONLY | os.O_CREAT, 0o755, dir_fd=fd)
    while True:
        chunk = os.read(src, 1 << 20)
        if not chunk:
            break
        os.write(dst, chunk)
    os.close(src)
    os.close(dst)
    args = ["conform", "--suite", SUITE, "--profile", "acp", "--impl-exec", "exit 0",
            "--filter", "acp-seed-001"]
    env = dict(os.environ, AMC_NO_CONFIG="1", PATH="/usr/bin:/bin")
    p = subprocess.run(["./amc"] + args, preexec_fn=lambda: os.fchdir(fd), capture_output=True,
                       text=True, timeout=60, env=env)
    tail = " --impl-exec 'exit 0' --capabilities acp --filter acp-seed-001"
    replays = [line.strip() for line in p.stdout.splitlines() if "replay: " in line]
    if p.returncode != 1 or len(replays) != 1 or \
            not replays[0].startswith("replay: amc conform --suite ") or \
            not replays[0].endswith(tail):
        failures.append(f"exit {p.returncode} (want 1), replay lines {replays} (want one, "
                        f"'replay: amc conform --suite ...')\n{p.stdout[-1500:]}{p.stderr[-500:]}")
finally:
    os.close(fd)
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("c15_conform_deep:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
