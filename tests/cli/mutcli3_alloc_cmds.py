#!/usr/bin/env python3
"""Allocation failures in amc's option layer (issue 22; cli_opt.c cli_run: the resolved options,
the args struct, the operand list and each list option's array), in a build with
AMC_ALLOC_FAILPOINTS=ON (tests/cli/alloc_fail_wrap.c): for five commands (version, without
options, and the four with list options), `amc CMD --help` with each of its allocations
failing once (AMC_FAIL_ALLOC=N, N over the count of a clean run) must end as the clean run did
(exit status, standard output and standard error, byte for byte) or with exit 2 and
"amc CMD: out of memory" on standard error (or main.c's "amc: out of memory", or the help text
with a part left out and "amc: out of memory: the output is incomplete"): never a crash; and
at least three failures of each command are cli_run's own. A handful of allocations a command:
the sweep takes about a second (tests/cli/alloc_fail.py sweeps whole commands, much longer).
Usage: mutcli3_alloc_cmds.py AMC (run from the source tree)."""
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []


def run(args, extra, cwd):
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env.update(extra)
    return subprocess.run([AMC] + args, capture_output=True, timeout=60, env=env, cwd=cwd)


with tempfile.TemporaryDirectory(prefix="amc-mutcli3-allocc-") as t:
    count_file = os.path.join(t, "count")
    # version: no option; the others have list options (an array each, allocated by cli_run)
    cmds = ["version", "validate", "lint-schema", "conform", "audit"]
    total = 0
    for cmd in cmds:
        args = [cmd, "--help"]
        clean = run(args, {"AMC_FAIL_ALLOC_COUNT": count_file}, t)
        try:
            n = int(open(count_file).read().strip())
        except (OSError, ValueError):
            print("mutcli3_alloc_cmds: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON "
                  "(no allocation count)")
            sys.exit(0)
        os.unlink(count_file)
        if clean.returncode != 0 or not clean.stdout.startswith(b"usage: amc " + cmd.encode()):
            failures.append(f"{cmd} --help: clean run exit {clean.returncode} "
                            f"{clean.stdout[:100]!r} {clean.stderr[-200:]!r}")
        nomem = 0
        for k in range(n):
            p = run(args, {"AMC_FAIL_ALLOC": str(k)}, t)
            same = (p.returncode, p.stdout, p.stderr) == (clean.returncode, clean.stdout,
                                                          clean.stderr)
            own = p.returncode == 2 and p.stdout == b"" and \
                p.stderr == f"amc {cmd}: out of memory\n".encode()
            nomem += own
            # or main.c's "out of memory", or help text with a part left out, which says so
            reported = own or (p.returncode == 2 and
                               p.stderr in (b"amc: out of memory\n",
                                            b"amc: out of memory: the output is incomplete\n"))
            if not same and not reported:
                failures.append(f"{cmd} --help: allocation {k} failed: exit {p.returncode}, "
                                f"stdout {p.stdout[-100:]!r}, stderr {p.stderr[-200:]!r}")
        if nomem < 3:  # the options, the args struct and the operand list at least
            failures.append(f"{cmd} --help: only {nomem} of {n} failed allocations reported")
        total += n
    for f in failures[:20]:
        print("FAIL", f)
    print(f"mutcli3_alloc_cmds: {len(cmds)} commands, {total} allocations failed one at a "
          f"time; {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
