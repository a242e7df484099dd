#!/usr/bin/env python3
"""amc conformance adapter (protocol v1, conformance/PROTOCOL.md) that wraps any command-line
validator. Python 3.8+, standard library only.

    amc conform --impl "python3 adapter.py --profile ignite --cmd 'myvalidator {file}'"

Each validate request's files are written under a fresh temporary directory with their fixture
names (so file-name and placement rules see the right path), then CMD runs through the shell:
  {file}    the (last) input file, shell-quoted
  {files}   every input file of the request, in order, shell-quoted
  {profile} the profile name
  {policy}  the policy file, when the case has one (claim it with --policy-flag)
Exit status 0 = valid, 1 = invalid, anything else = error (reported as such, never guessed).

Options:
  --cmd CMD            the validator command (required)
  --profile P          a profile you implement (repeatable)
  --codes-regex RE     extract amc code ids from the command's stdout+stderr (group 1 of each
                       match); claims the "codes" capability, so codes are compared too
  --path               claim <profile>.path (your validator reads the file name)
  --stateful           claim <profile>.stateful ({files} is one session)
  --name/--version/--language/--homepage   what the report says about you
  --timeout S          kill the validator after S seconds (default 30)
"""
import argparse
import base64
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cmd", required=True)
    ap.add_argument("--profile", action="append", default=[])
    ap.add_argument("--codes-regex")
    ap.add_argument("--path", action="store_true")
    ap.add_argument("--stateful", action="store_true")
    ap.add_argument("--name", default="cli-validator")
    ap.add_argument("--version", default="")
    ap.add_argument("--language", default="")
    ap.add_argument("--homepage", default="")
    ap.add_argument("--timeout", type=float, default=30)
    a = ap.parse_args()
    codes_re = re.compile(a.codes_regex) if a.codes_regex else None

    def reply(obj):
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        if not line.strip():
            continue
        seq = 0
        try:
            req = json.loads(line)
            seq = req.get("seq", 0)
            op = req["op"]
        except (ValueError, KeyError, AttributeError) as e:
            reply({"seq": seq, "error": f"bad request: {e}"})
            continue
        if op == "hello":
            caps = ["codes"] if codes_re else []
            for p in a.profile:
                caps.append(p)
                if a.path:
                    caps.append(p + ".path")
                if a.stateful:
                    caps.append(p + ".stateful")
            reply({"seq": seq, "protocol": 1, "profiles": a.profile, "capabilities": caps,
                   "implementation": {"name": a.name, "version": a.version,
                                      "language": a.language, "homepage": a.homepage}})
        elif op == "validate":
            reply(validate(seq, req, a, codes_re))
        elif op in ("reset", "stop"):
            reply({"seq": seq, "ok": True})
            if op == "stop":
                return
        else:
            reply({"seq": seq, "skipped": f"op {op} not supported"} if op == "lifecycle"
                  else {"seq": seq, "error": f"unknown op {op}"})


def validate(seq, req, a, codes_re):
    with tempfile.TemporaryDirectory(prefix="amc-adapter-") as tmp:
        paths = []
        for f in req["files"]:
            name = os.path.normpath(f["name"]).lstrip("/")
            if name.startswith(".."):
                return {"seq": seq, "error": f"unsafe file name {f['name']!r}"}
            path = os.path.join(tmp, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as out:
                out.write(base64.b64decode(f["data"], validate=True))
            paths.append(path)
        subst = {"file": shlex.quote(paths[-1]), "files": " ".join(map(shlex.quote, paths)),
                 "profile": shlex.quote(req["profile"]), "policy": ""}
        cmd = re.sub(r"\{(file|files|profile|policy)\}", lambda m: subst[m.group(1)], a.cmd)
        try:
            p = subprocess.run(cmd, shell=True, capture_output=True, timeout=a.timeout)
        except subprocess.TimeoutExpired:
            return {"seq": seq, "error": f"validator timed out after {a.timeout}s"}
        if p.returncode not in (0, 1):
            tail = (p.stderr or p.stdout).decode("utf-8", "replace")[-300:]
            return {"seq": seq, "error": f"validator exit status {p.returncode}: {tail}"}
        r = {"seq": seq, "verdict": "valid" if p.returncode == 0 else "invalid"}
        if codes_re:
            text = (p.stdout + p.stderr).decode("utf-8", "replace")
            r["codes"] = sorted(set(m.group(1) for m in codes_re.finditer(text)))
        return r


if __name__ == "__main__":
    main()
