#!/usr/bin/env python3
"""amc conformance adapter template: the whole adapter protocol v1 (conformance/PROTOCOL.md) in
one file, Python 3.8+, standard library only.

    amc conform --profile socket --impl 'python3 adapter.py'                      # the example
    amc conform --profile mailbox --impl 'python3 adapter.py --impl mine.py'       # your module
    amc conform --profile ignite --impl "python3 adapter.py --impl cli_validator.py \\
        --profile ignite --cmd 'mytool check {file}'"                              # any CLI

This file does the protocol: newline-delimited JSON on stdin/stdout, sequence numbers, base64
inputs written to a temporary tree under their fixture names (so file-name and placement rules
see the real path), the policy file and the files it names (a keyring), the reference clock,
sessions, lifecycle events, reset and stop, errors turned into "error" replies (the traceback
goes to stderr, which amc passes through). Your implementation is called in exactly five places,
each marked  >>> YOUR IMPLEMENTATION  below. Either edit those places, or leave this file as it
is and give --impl a module (path to a .py file) that defines:

    describe() -> {"name", "version", "language", "homepage", "profiles", "capabilities"}
    validate(req) -> {"verdict": "valid"|"invalid", "codes": [...], "locations": [...]}
    lifecycle(req) -> {"states": [{"accepted", "codes", "state"}, ...], "final": {...}}
    reset()                      forget any state kept between requests
    configure(argv)   optional:  the arguments after --impl FILE
    stop()            optional:  called before the adapter exits

The default module is example_socket.py next to this file (a small socket-profile validator and
lifecycle model). cli_validator.py wraps any command-line validator.
"""
import base64
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import traceback

PROTOCOL = 1


class Skip(Exception):
    """Raise from validate()/lifecycle() to answer "skipped". amc counts a skipped case it sent
    as a FAIL (it only sends cases whose capabilities you claimed): claim less instead."""


class File:
    """One file of a request: name (the fixture path, '/' separators), data (bytes), path (where
    this adapter wrote it: <tmp>/<name> for the policy and aux files, <tmp>/inputs/<name> for
    inputs, so a policy's relative references to its aux files resolve)."""

    def __init__(self, name, data, path):
        self.name, self.data, self.path = name, data, path

    def __repr__(self):
        return f"File({self.name!r}, {len(self.data)} bytes)"


class ValidateRequest:
    """case, profile, stateful (bool), files [File] (one input, or a session's files in order),
    policy (File or None), aux [File] (files the policy names), now (RFC 3339 or None: the
    reference clock; never read the real one), tmp (the directory holding everything)."""

    def messages(self):
        """The session's messages in order: (file, line number or None, bytes). A *.jsonl file
        holds one message per line (blank lines skipped); any other file is one message."""
        for f in self.files:
            if f.name.endswith(".jsonl"):
                for no, line in enumerate(f.data.split(b"\n"), 1):
                    if line.strip():
                        yield f, no, line
            else:
                yield f, None, f.data


class LifecycleRequest:
    """case, profile, events [dict] (conformance/LIFECYCLE.md), policy (File or None), tmp."""


def safe_name(name):
    """A fixture name as a relative path that stays inside the temporary tree."""
    if not isinstance(name, str) or not name or "\0" in name:
        raise ValueError(f"bad file name {name!r}")
    norm = os.path.normpath(name)
    if os.path.isabs(norm) or norm == ".." or norm.startswith(".." + os.sep):
        raise ValueError(f"unsafe file name {name!r}")
    return norm


def write_file(tmp, sub, entry):
    if not isinstance(entry, dict):
        raise ValueError("a file entry is not an object")
    name = safe_name(entry.get("name"))
    data = base64.b64decode(entry.get("data", ""), validate=True)
    path = os.path.join(tmp, sub, name) if sub else os.path.join(tmp, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        out.write(data)
    return File(entry["name"], data, path)


def load_module(path):
    spec = importlib.util.spec_from_file_location("amc_impl", path)
    if spec is None:
        raise SystemExit(f"adapter.py: cannot load {path}")
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    spec.loader.exec_module(mod)
    return mod


class Adapter:
    def __init__(self, impl):
        self.impl = impl

    def hello(self, req):
        # >>> YOUR IMPLEMENTATION (1 of 5, hello): who you are and what you claim. Claim only
        # what you handle: "codes" (your replies carry amc's code ids), "<profile>" (messages),
        # "<profile>.path" (reads the file's place), ".stateful", ".policy", ".clock",
        # ".lifecycle". Cases needing an unclaimed capability are left out (and reported so).
        info = self.impl.describe()
        return {"protocol": PROTOCOL,
                "implementation": {k: info.get(k, "") for k in ("name", "version", "language", "homepage")},
                "profiles": list(info.get("profiles", [])),
                "capabilities": list(info.get("capabilities", []))}

    def validate(self, req):
        tmp = tempfile.mkdtemp(prefix="amc-adapter-")
        try:
            r = ValidateRequest()
            r.case, r.profile, r.stateful, r.now, r.tmp = (req.get("case"), req["profile"],
                                                           bool(req.get("stateful")), req.get("now"), tmp)
            r.files = [write_file(tmp, "inputs", f) for f in req["files"]]
            r.policy = write_file(tmp, "", req["policy"]) if req.get("policy") else None
            r.aux = [write_file(tmp, "", f) for f in req.get("aux") or []]
            # >>> YOUR IMPLEMENTATION (2 of 5, validate): judge r.files (r.messages() splits
            # sessions and JSON Lines) under r.policy / r.aux at the clock r.now. Reply
            # "invalid" iff you reject the input (warnings keep it "valid"); add "codes" (amc's
            # code ids) if you claim "codes".
            out = self.impl.validate(r)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        if not isinstance(out, dict) or out.get("verdict") not in ("valid", "invalid"):
            raise ValueError(f"validate() returned {out!r}, not {{'verdict': 'valid'|'invalid', ...}}")
        return out

    def lifecycle(self, req):
        tmp = tempfile.mkdtemp(prefix="amc-adapter-")
        try:
            r = LifecycleRequest()
            r.case, r.profile, r.events, r.tmp = req.get("case"), req["profile"], req["events"], tmp
            r.policy = write_file(tmp, "", req["policy"]) if req.get("policy") else None
            # >>> YOUR IMPLEMENTATION (3 of 5, lifecycle): replay r.events through your state
            # machine; one {"accepted", "codes", "state"} per event, then "final" (the codes and
            # state at the end of the stream). Formats: docs/lifecycle/<profile>.md.
            out = self.impl.lifecycle(r)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        if not isinstance(out, dict) or not isinstance(out.get("states"), list):
            raise ValueError("lifecycle() must return {'states': [...], 'final': {...}}")
        return out

    def reset(self, req):
        # >>> YOUR IMPLEMENTATION (4 of 5, reset): forget every state kept between requests
        # (dedup stores, nonces, sequence numbers). amc sends it before each stateful case.
        self.impl.reset()
        return {"ok": True}

    def stop(self, req):
        # >>> YOUR IMPLEMENTATION (5 of 5, stop): release what you hold; the adapter exits next.
        if hasattr(self.impl, "stop"):
            self.impl.stop()
        return {"ok": True}


def main():
    args = sys.argv[1:]
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "example_socket.py")
    if args[:1] == ["--impl"] and len(args) > 1:
        path, args = args[1], args[2:]
    elif args[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    impl = load_module(path)
    if hasattr(impl, "configure"):
        impl.configure(args)
    elif args:
        raise SystemExit(f"adapter.py: {path} takes no arguments: {args}")
    adapter = Adapter(impl)
    ops = {"hello": adapter.hello, "validate": adapter.validate, "lifecycle": adapter.lifecycle,
           "reset": adapter.reset, "stop": adapter.stop}
    out = sys.stdout
    for raw in sys.stdin.buffer:
        if not raw.strip():
            continue
        seq, req = 0, None
        try:
            req = json.loads(raw.decode("utf-8"))
            if not isinstance(req, dict) or not isinstance(req.get("op"), str):
                raise ValueError("request is not a JSON object with \"op\"")
            seq = req.get("seq", 0)
            op = req["op"]
            if op not in ops:
                raise ValueError(f"unknown op {op!r}")
            reply = ops[op](req)
        except Skip as e:
            reply = {"skipped": str(e) or "skipped"}
        except Exception as e:  # the case is ERROR, the adapter keeps serving
            traceback.print_exc(file=sys.stderr)
            reply = {"error": f"{type(e).__name__}: {e}"}
        reply = dict(reply, seq=seq)
        out.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")) + "\n")
        out.flush()
        if isinstance(req, dict) and req.get("op") == "stop":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
