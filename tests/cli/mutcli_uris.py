#!/usr/bin/env python3
"""Which schema URIs amc validate serves from disk (cli_schema.c path_of_uri; issue 22): a $ref
to each URI below, from a schema of its own, on the instance "x". The files it may reach say
{"type": "integer"} (so "x" is invalid: exit 1), except other/int.json, {"type": "string"}
(valid: exit 0); a URI amc does not serve leaves the $ref unresolved (exit 2,
SCHEMA_REF_UNRESOLVED).
  --map-uri PREFIX=DIR: the rest of the URI, percent-decoded (hex digits in either case), is a
  path under DIR; refused: a query, an escaped NUL, an escaped ".." segment (a bad escape never
  gets this far: the $ref is not a valid URI reference); the longest matching PREFIX wins; DIR with or without a trailing '/', a PREFIX
  without one (the rest then starts with '/'); a bad PREFIX=DIR is a usage error.
  file: URIs (without a mapping): file:///PATH, file://localhost/PATH and file:/PATH, percent-
  decoded; refused: another host, a query.
Usage: mutcli_uris.py AMC (run from the source tree)."""
import json
import os
import subprocess
import sys
import tempfile
import urllib.parse

AMC = os.path.abspath(sys.argv[1])
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


with tempfile.TemporaryDirectory(prefix="amc-mutcli-uris-") as t:
    remote, other = os.path.join(t, "remote"), os.path.join(t, "other")
    for d in (remote, os.path.join(remote, "sub dir"), os.path.join(remote, "nested"), other,
              os.path.join(remote, "q*)*", "r")):
        os.makedirs(d)
    for path, typ in ((os.path.join(t, "int.json"), "integer"),  # where an escaped ".." leads
                      (os.path.join(remote, "int.json"), "integer"),
                      (os.path.join(remote, "q*)*", "r", "z .json"), "integer"),
                      (os.path.join(remote, "sub dir", "int.json"), "integer"),
                      (os.path.join(remote, "nested", "int.json"), "integer"),
                      (os.path.join(other, "int.json"), "string")):
        with open(path, "w") as f:
            json.dump({"type": typ}, f)
    inst = os.path.join(t, "x.json")
    with open(inst, "w") as f:
        f.write('"x"\n')
    maps = ["--map-uri", "http://ex.test/s/=" + remote,
            "--map-uri", "http://ex.test/s/nested/=" + other,
            "--map-uri", "http://ex2.test/=" + remote + "/",
            "--map-uri", "http://ex3.test=" + remote]
    absq = urllib.parse.quote(remote)  # the folder as a URI path
    cases = [  # (URI, expected exit: 1 served an integer schema, 0 a string one, 2 not served)
        ("http://ex.test/s/int.json", 1),
        ("http://ex.test/s/sub%20dir/int.json", 1),
        ("http://ex.test/s/i%6Et.json", 1),
        ("http://ex.test/s/i%6et.json", 1),
        ("http://ex.test/s/%69nt.json", 1),
        ("http://ex.test/s/q%2A%29%2a%2Fr%2fz%20.json", 1),  # hex digits at their range edges
        ("http://ex.test/s/int.json?v=1", 2),
        ("http://ex.test/s/int%00.json", 2),
        ("http://ex.test/s/nested/%2E%2E/int.json", 2),
        ("http://ex.test/s/nested/%2e%2e/int.json", 2),
        ("http://ex.test/s/nested/.%2E/int.json", 2),
        ("http://ex.test/s/nested/int.json", 0),
        ("http://ex2.test/int.json", 1),
        ("http://ex3.test/int.json", 1),
        ("http://ex4.test/int.json", 2),
        ("file://" + absq + "/int.json", 1),
        ("file://localhost" + absq + "/sub%20dir/int.json", 1),
        ("file:" + absq + "/int.json", 1),
        ("file://elsewhere" + absq + "/int.json", 2),
        ("file://" + absq + "/int.json?v=1", 2),
    ]
    for i, (uri, want) in enumerate(cases):
        sch = os.path.join(t, "s%d.json" % i)
        with open(sch, "w") as f:
            json.dump({"$ref": uri}, f)
        p = subprocess.run([AMC, "validate", "--no-config", "--schema", sch] + maps + [inst],
                           capture_output=True, timeout=60)
        out = (p.stdout + p.stderr).decode("utf-8", "replace")
        ok = p.returncode == want
        if want == 2:
            ok = ok and "SCHEMA_REF_UNRESOLVED" in out
        elif want == 1:
            ok = ok and "SCHEMA_TYPE" in out
        check(ok, f"{uri}: exit {p.returncode}, want {want}: {out[-300:]!r}")
    # a bad PREFIX=DIR
    for spec in ("=" + remote, "http://ex.test/=", "noequals"):
        p = subprocess.run([AMC, "validate", "--no-config", "--schema", os.path.join(t, "s0.json"),
                            "--map-uri", spec, inst], capture_output=True, timeout=60)
        check(p.returncode == 2 and p.stderr.decode() ==
              f"amc validate: --map-uri wants PREFIX=DIR, got '{spec}'\n",
              f"--map-uri {spec}: exit {p.returncode}, {p.stderr[-200:]!r}")

for f in failures:
    print("FAIL", f)
print(f"mutcli_uris: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
