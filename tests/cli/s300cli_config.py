#!/usr/bin/env python3
"""ctest cli.s300cli_config: the .amc.yaml that amc finds by walking up from the working folder
is named by its exact path in the diagnostics of a config that does not load (issue 22:
cli_config.c:134, the parent-folder step `dir[n - 1] != '/'` made ==, a survivor of the
300-mutant run, seed 112901: the mutant cut the folder a byte at a time and found the same file
as "top//.amc.yaml"; && made || jumped to / and found none). The search stops at the folder
holding .git; a config two folders up and one a folder up are both found, one in a sibling
folder whose name starts like the working folder's is not.

usage: s300cli_config.py AMC"""
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
BAD = "rules: [unclosed\n"
with tempfile.TemporaryDirectory(prefix="amc-s300cli-cfg-") as t:
    t = os.path.realpath(t)
    top = os.path.join(t, "top")
    deeper = os.path.join(top, "sub", "deeper")
    os.makedirs(os.path.join(top, ".git"))
    os.makedirs(deeper)
    os.makedirs(os.path.join(top, "sub", "deepe"))  # a prefix of "deeper": never searched
    with open(os.path.join(top, "sub", "deepe", ".amc.yaml"), "w") as fh:
        fh.write("rules: {JSON_SYNTAX: off}\n")
    with open(os.path.join(deeper, "m.json"), "w") as fh:
        fh.write("{}\n")
    env = {k: v for k, v in os.environ.items() if k != "AMC_NO_CONFIG"}

    def run(where):
        with open(os.path.join(where, ".amc.yaml"), "w") as fh:
            fh.write(BAD)
        p = subprocess.run([AMC, "validate", "--profile", "mailbox", "m.json"], cwd=deeper,
                           capture_output=True, text=True, timeout=60, env=env)
        os.remove(os.path.join(where, ".amc.yaml"))
        return p

    for where in (top, os.path.join(top, "sub")):
        p = run(where)
        cfg = os.path.join(where, ".amc.yaml")
        want = (f"{cfg}:2:1: error[YAML_SYNTAX]: did not find expected ',' or ']'\n"
                f"{cfg}:1:8: note: while parsing a flow sequence\n")
        if p.returncode != 2 or p.stdout != "" or p.stderr != want:
            failures.append(f"config in {where}: exit {p.returncode}\n  stderr {p.stderr!r}\n"
                            f"  want   {want!r}\n  stdout {p.stdout[:300]!r}")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
