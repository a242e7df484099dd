#!/usr/bin/env python3
"""amc parse: how the syntax is chosen and what --ignite-compat makes of lists and line ends
(cmd_parse.c; issue 22):
  1. by the file's extension: .json and .jsonl read JSON, .yaml and .yml YAML, .mime and .eml
     MIME, whatever the content (here "{a: 1}": a mapping for YAML, an error for JSON, a
     header field for MIME); without one (or on standard input) by the content: '{' or '[' after white space (space, tab, CR, LF)
     is JSON, a first line starting "MIME-Version:" (any case) MIME, anything else YAML;
  2. a MIME body is read as YAML for the YAML media types (text/yaml, text/x-yaml,
     application/yaml, application/x-yaml; any case, with parameters), not for a type that
     merely starts like one;
  3. --ignite-compat: To and Cc split at commas, each item trimmed of spaces and tabs, empty
     items dropped; the body with universal newlines (CRLF, a lone CR, a CR that ends the body:
     each one LF).
Usage: mutcli_parse.py AMC (run from the source tree)."""
import json
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(args, stdin=b""):
    return subprocess.run([AMC] + args, input=stdin, capture_output=True, timeout=60)


with tempfile.TemporaryDirectory(prefix="amc-mutcli-parse-") as t:
    # 1. the extension decides
    for ext, kind in ((".json", "json"), (".jsonl", "json"), (".yaml", "yaml"), (".yml", "yaml"),
                      (".mime", "mime"), (".eml", "mime"), (".txt", "json"), ("", "json")):
        path = os.path.join(t, "in" + ext)
        with open(path, "w") as f:
            f.write("{a: 1}\n")
        p = run(["parse", "--compact", path])
        if kind == "json":
            ok = p.returncode == 1 and b"error[JSON_" in p.stderr
        elif kind == "yaml":
            ok = p.returncode == 0 and p.stdout == b'{"a":1}\n'
        else:
            ok = p.returncode == 0 and p.stdout.startswith(
                b'{"headers": [{"name": "{a", "value": "1}"}]')
        check(ok, f"in{ext}: read as {kind}? exit {p.returncode}, {p.stdout[:120]!r} "
                  f"{p.stderr[:200]!r}")
    # ... and without one, the content
    for data, want in ((b" \t\r\n[1, 2]\n", b"[1,2]\n"), (b"\r\n{\"a\": 1}\n", b'{"a":1}\n'),
                       (b"\t- 1\n", None), (b"x: [1]\n", b'{"x":[1]}\n'),
                       (b"mime-version: 1.0\nX: y\n\nbody\n",
                        b'{"headers": [{"name": "mime-version", "value": "1.0"},{"name": "X", '
                        b'"value": "y"}],"body": "body\\n","body_format": "text"}\n'),
                       (b"MIME-Version:", b'{"headers": [{"name": "MIME-Version", "value": ""}],'
                                          b'"body": "","body_format": "text"}\n'),
                       (b"MIME-Versio: 1\n", b'{"MIME-Versio":1}\n')):
        p = run(["parse", "--compact", "-"], data)
        if want is None:  # a tab before "- 1": YAML (tabs are not indentation there)
            ok = p.returncode == 1 and b"YAML" in p.stdout + p.stderr
        else:
            ok = p.returncode == 0 and p.stdout == want
        check(ok, f"stdin {data!r}: exit {p.returncode}, {p.stdout[:160]!r} {p.stderr[:160]!r}")

    # 2. YAML media types for the body
    for ct, yaml in (("text/yaml", True), ("TEXT/X-YAML; charset=utf-8", True),
                     ("application/yaml ;x=1", True), ("application/x-yaml", True),
                     ("text/yamlx", False), ("text/yam", False), ("application/json", False)):
        msg = ("MIME-Version: 1.0\nContent-Type: %s\n\na: 1\n" % ct).encode()
        p = run(["parse", "--compact", "-"], msg)
        out = json.loads(p.stdout) if p.returncode == 0 else {}
        want = ({"a": 1}, "yaml") if yaml else ("a: 1\n", "text")
        check((out.get("body"), out.get("body_format")) == want,
              f"Content-Type {ct}: exit {p.returncode}, {p.stdout[:200]!r}")

# 3. --ignite-compat: lists and line ends
msg = b"From: x\nTo: a ,\tb , ,c\t\nCc: \t\n\nl1\r\nl2\rl3\n\r"
p = run(["parse", "--as", "mime", "--ignite-compat", "-"], msg)
out = json.loads(p.stdout) if p.returncode == 0 else {}
check(out.get("to") == ["a", "b", "c"] and out.get("cc") == [] and
      out.get("body") == "l1\nl2\nl3\n\n", f"ignite-compat: exit {p.returncode}, {out!r}")

for f in failures:
    print("FAIL", f)
print(f"mutcli_parse: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
