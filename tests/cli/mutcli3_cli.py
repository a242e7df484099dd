#!/usr/bin/env python3
"""Surviving mutants of src/cli (issue 22), each killed here by an exact diagnostic and exit
status, in cases a golden file cannot set up:
  1. amc conform --update-xfail when the rewrite of the --xfail file fails at fclose (the
     --impl-exec command turns the file into a link to /dev/full while the cases run, after
     amc read it: fopen succeeds, the flush fails with ENOSPC): "amc conform: cannot write
     FILE: No space left on device", exit 2 (cmd_conform.c write_xfail; tests/cli/
     cov_write_fail.py reaches the same line under a file size limit, which also stops gcov
     from writing its counts, so the mutation test map never saw the line run).
Usage: mutcli3_cli.py AMC (run from the source tree)."""
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
SUITE = os.path.abspath("conformance")
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(args, cwd=None, stdin=b""):
    p = subprocess.run([AMC] + args, input=stdin, capture_output=True, timeout=120, cwd=cwd)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


with tempfile.TemporaryDirectory(prefix="amc-mutcli3-") as t:
    # 1. --update-xfail: the write fails at fclose
    open(os.path.join(t, "xf.txt"), "w").close()
    rc, out, err = run(["conform", "--suite", SUITE, "--impl-exec",
                        "sh -c 'ln -sf /dev/full xf.txt; exit 1' {file}", "--filter",
                        "mailbox-env-001*", "--update-xfail", "--xfail", "xf.txt"], cwd=t)
    check(rc == 2 and err == "amc conform: cannot write xf.txt: No space left on device\n",
          f"update-xfail into /dev/full: exit {rc}, stderr {err!r}")
    check(os.readlink(os.path.join(t, "xf.txt")) == "/dev/full",
          "update-xfail: the --impl-exec command did not run")

for f in failures:
    print("FAIL", f)
print(f"mutcli3_cli: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
