#!/usr/bin/env python3
"""Help and man page come from the command declarations (src/cli/cmd_*.c), for every command:
`amc help CMD` prints what `amc CMD --help` prints (exit 0), every help has its usage line, options
and exit statuses, and `amc help --man` (which checks every declaration) documents every
command. Usage: check_help.py AMC"""
import subprocess
import sys

amc = sys.argv[1]


def run(*args):
    return subprocess.run([amc, *args], capture_output=True, text=True, timeout=60)


listing = run("help")
assert listing.returncode == 0, listing.stderr
names = [line.split()[0] for line in listing.stdout.split("commands:\n")[1].split("\n\n")[0].splitlines()]
man = run("help", "--man")
failures = []
if man.returncode != 0:
    failures.append(f"amc help --man: exit {man.returncode}: {man.stderr}")
for name in names:
    a, b = run("help", name), run(name, "--help")
    if a.returncode != 0 or b.returncode != 0 or a.stdout != b.stdout:
        failures.append(f"amc help {name} differs from amc {name} --help (exit {a.returncode}, {b.returncode})")
    for part in (f"usage: amc {name}", "\noptions:\n", "  -h, --help ", "\nexit status:\n"):
        if part not in b.stdout:
            failures.append(f"amc {name} --help lacks {part!r}")
    if f'.SS "amc {name.replace("-", chr(92) + "-")}"' not in man.stdout:
        failures.append(f"the man page has no section for amc {name}")
for f in failures:
    print("FAIL:", f)
print(f"{len(names)} commands checked, {len(failures)} problems")
sys.exit(1 if failures else 0)
