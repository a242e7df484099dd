#!/usr/bin/env python3
"""ctest cli.c18_uris: which path segments --map-uri refuses (cli_schema.c has_dotdot; issue 22:
`n == 2` made != survived the 300-mutant run, seed 112908, and cli.mutcli_uris did not kill it).

Why the escaped-".." cases of cli.mutcli_uris cannot see that mutant: the registry normalises a
$ref ("nested/%2E%2E/int.json" -> ".../nested/../int.json", the escape decoded after the dot
segments were removed) and asks the loader for that URI; without the check the loader reads
DIR/../int.json, but the registry files the text it got under the URI with its dot segments
removed, so the lookup by the URI it asked for still fails: "unresolved" either way. What the
mutant changes: (1) a segment that merely starts with ".." ("..a.json", "...") is refused, and
(2) the file outside DIR is read, so its parse errors are reported. Both are pinned here on the
exact output, with segments of two bytes and segments with a '.' in first or second place
(the other mutants of that condition).

usage: c18_uris.py AMC"""
import json
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []

with tempfile.TemporaryDirectory(prefix="amc-c18-uris-") as t:
    remote, other = os.path.join(t, "remote"), os.path.join(t, "other")
    for d in ("...", "ab", "a.", ".a"):
        os.makedirs(os.path.join(remote, d), exist_ok=True)
    os.makedirs(other)
    for rel in ("..a.json", ".../int.json", "ab/int.json", "a./int.json", ".a/int.json",
                "i.json", "..json"):
        with open(os.path.join(remote, rel), "w") as f:
            json.dump({"type": "integer"}, f)
    with open(os.path.join(t, "bad.json"), "w") as f:  # where nested/%2E%2E/ leads: not JSON
        f.write('{"type": "integer",\n')
    with open(os.path.join(t, "x.json"), "w") as f:
        f.write('"x"\n')
    maps = ["--map-uri", "http://ex.test/s/=" + remote,
            "--map-uri", "http://ex.test/s/nested/=" + other]
    served = 'x.json:1:1: error[SCHEMA_TYPE]: expected integer, got string\n'
    cases = [  # (the $ref's URI after http://ex.test/s/, exit status, stdout, stderr)
        ("..a.json", 1, served, ""),
        ("..json", 1, served, ""),
        (".../int.json", 1, served, ""),
        ("ab/int.json", 1, served, ""),
        ("a./int.json", 1, served, ""),
        (".a/int.json", 1, served, ""),
        ("i.json", 1, served, ""),
        ("nested/%2E%2E/bad.json", 2, "",
         's.json:1:10: error[SCHEMA_REF_UNRESOLVED]: $ref "http://ex.test/s/nested/%2E%2E/bad.json"'
         ' (http://ex.test/s/nested/../bad.json) cannot be resolved\n'
         'amc validate: s.json: the schema does not compile\n'),
    ]
    for uri, code, out, err in cases:
        with open(os.path.join(t, "s.json"), "w") as f:
            json.dump({"$ref": "http://ex.test/s/" + uri}, f)
        p = subprocess.run([AMC, "validate", "--no-config", "--schema", "s.json"] + maps +
                           ["x.json"], capture_output=True, text=True, timeout=60, cwd=t)
        got = (p.returncode, p.stdout, p.stderr)
        if got != (code, out, err):
            failures.append(f"{uri}:\n  got  {got!r}\n  want {(code, out, err)!r}")

for f in failures:
    print("FAIL", f)
print(f"c18_uris: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
