#!/usr/bin/env python3
"""ctest cli.lead_exe_path: `amc conform --check-suite` without --suite, $AMC_CONFORMANCE_DIR or
./conformance looks for the suite installed beside the executable (cmd_conform.c, exe_dir and
find_suite: DIR/../share/amc/conformance). amc is linked (or copied) to DIR/bin/amc with a
path of exactly 4095 bytes, the most readlink("/proc/self/exe") fits in a buffer of PATH_MAX
(4096) with its NUL: exe_dir cannot tell that from a cut-off name, so it calls the location
unknown, and the message says so. At 4094 bytes the location is known and the message names
the place looked at, under DIR. Issue 22: cmd_conform.c:834 `(size_t)len >= n - 1` made `>`,
a survivor: the mutant took the 4095 bytes as the whole name, the cut-off suite path
"DIR/bin/../" became DIR, and amc checked DIR as the suite.

usage: lead_exe_path.py AMC"""
import os
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.realpath(sys.argv[1])
failures = []
base = os.path.realpath(tempfile.mkdtemp(prefix="amc-lead-exe-"))


def place(total):
    """DIR such that DIR/bin/amc is `total` bytes long; amc linked or copied there."""
    root = os.path.join(base, str(total))
    need = total - len("/bin/amc")
    d = root
    while len(d) < need:
        room = need - len(d) - 1  # the bytes left after the next "/"
        d = os.path.join(d, "x" * (room if room <= 200 else min(200, room - 2)))
    os.makedirs(os.path.join(d, "bin"))
    exe = os.path.join(d, "bin", "amc")
    try:
        os.link(AMC, exe)
    except OSError:
        shutil.copy(AMC, exe)
    return d, exe


try:
    cwd = os.path.join(base, "cwd")
    os.makedirs(cwd)
    env = {k: v for k, v in os.environ.items() if k != "AMC_CONFORMANCE_DIR"}
    env["AMC_NO_CONFIG"] = "1"
    head = ("amc conform: no conformance suite: no --suite DIR, no $AMC_CONFORMANCE_DIR, "
            "none installed with amc (")
    for total in (4095, 4094):
        d, exe = place(total)
        if len(exe) != total:
            failures.append(f"{total}: the path is {len(exe)} bytes")
            continue
        p = subprocess.run([exe, "conform", "--check-suite"], capture_output=True, text=True,
                           timeout=60, env=env, cwd=cwd)
        if total == 4095:
            want = head + "location of the executable unknown) and no ./conformance\n"
            ok = p.stderr == want
        else:  # the place looked at: DIR/bin/../share/amc/conformance, cut at 4095 bytes
            ok = p.stderr.startswith(head + d + "/") and \
                p.stderr.endswith(") and no ./conformance\n")
        if p.returncode != 2 or p.stdout or not ok:
            failures.append(f"{total}-byte path: exit {p.returncode}, stdout {p.stdout[:200]!r}, "
                            f"stderr {p.stderr[:160]!r}...{p.stderr[-120:]!r}")
finally:
    shutil.rmtree(base, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("lead_exe_path:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
