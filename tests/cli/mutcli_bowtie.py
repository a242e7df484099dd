#!/usr/bin/env python3
"""amc bowtie on requests the harness protocol allows but the usual run does not send
(cmd_bowtie.c; issue 22): CRLF line ends and an empty line; a start of another protocol
version (refused: exit 2) or of version 1.0 (fine); a dialect amc does not know or that is not
a string ({"ok": false}); a registry key with an empty fragment ("...json#"); a test without an
"instance", a case without a "schema", a run without a case or with "tests" not an array (each
an errored answer); "output": "annotations" (skipped); an unknown command (stop: exit 2).
Usage: mutcli_bowtie.py AMC (run from the source tree)."""
import json
import os
import subprocess
import sys

AMC = os.path.abspath(sys.argv[1])
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def bowtie(reqs):
    data = "".join((r if isinstance(r, str) else json.dumps(r)) + "\r\n" for r in reqs)
    return subprocess.run([AMC, "bowtie"], input=data.encode(), capture_output=True, timeout=60)


START = {"cmd": "start", "version": 1}
p = bowtie([{"cmd": "start", "version": 2}])
check(p.returncode == 2 and p.stdout == b"" and
      p.stderr == b"amc bowtie: start: only protocol version 1 is spoken\n",
      f"start version 2: exit {p.returncode}, {p.stdout[:100]!r} {p.stderr!r}")
p = bowtie([{"cmd": "start", "version": 1.0}, {"cmd": "stop"}])
out = p.stdout.decode().splitlines()
check(p.returncode == 0 and len(out) == 1 and json.loads(out[0]).get("version") == 1,
      f"start version 1.0: exit {p.returncode}, {out!r}")

REG = "http://ex.com/a.json"
reqs = [START, "",
        {"cmd": "dialect", "dialect": "https://example.com/nope"},
        {"cmd": "dialect", "dialect": 5},
        {"cmd": "dialect", "dialect": "http://json-schema.org/draft-07/schema#"},
        {"cmd": "run", "seq": 1, "case": {"description": "d", "schema": {"$ref": REG},
                                          "registry": {REG + "#": {"type": "string"}},
                                          "tests": [{"description": "t", "instance": 1},
                                                    {"description": "u"}]}},
        {"cmd": "run", "seq": 2, "case": {"description": "d", "tests": []}},
        {"cmd": "run", "seq": 3, "case": {"description": "d", "schema": {}, "tests": {}}},
        {"cmd": "run", "seq": 4},
        {"cmd": "run", "seq": 5, "case": {"description": "d", "schema": True,
                                          "tests": [{"description": "t", "instance": 1}]},
         "output": "annotations"},
        {"cmd": "bogus"},
        {"cmd": "stop"}]
p = bowtie(reqs)
out = p.stdout.decode().splitlines()[1:]
no_tests = '"errored":true,"context":{"message":"the run request has no case with a \\"tests\\" array"}}'
want = ['{"ok":false}', '{"ok":false}', '{"ok":true}',
        '{"seq":1,"results":[{"valid":false},{"errored":true,"context":{"message":"the test has '
        'no \\"instance\\""}}]}',
        '{"seq":2,"errored":true,"context":{"message":"the case has no \\"schema\\""}}',
        '{"seq":3,' + no_tests, '{"seq":4,' + no_tests,
        '{"seq":5,"results":[{"skipped":true,"message":"amc does not report annotations"}]}']
check(out == want, "bowtie answers:\n  " + "\n  ".join(out) + "\n want\n  " + "\n  ".join(want))
check(p.returncode == 2 and p.stderr == b'amc bowtie: unknown command "bogus"\n',
      f"unknown command: exit {p.returncode}, {p.stderr!r}")

for f in failures:
    print("FAIL", f)
print(f"mutcli_bowtie: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
