#!/usr/bin/env python3
"""ctest cli.clicov_adapter (issue 22, helper clicov): amc adapter (the conformance protocol on
standard input and output, conformance/PROTOCOL.md) answering malformed requests, file entries
without a name or data, *.jsonl files (a message a line, blank lines skipped; at most 100
locations), a policy with a keyring found among the aux files (or not), a policy that does not
decode or read, a bad clock, --stateful, lifecycle requests it cannot serve, stop.

usage: clicov_adapter.py AMC SOURCE_DIR
"""
import base64
import json
import os
from clicov_lib import SRC, check, finish

M = os.path.join(SRC, "conformance/mailbox/")


def f(name, path=None, data=None):
    if path:
        with open(M + path, "rb") as fh:
            data = fh.read()
    return {"name": name, "data": base64.b64encode(data).decode()}


with open(M + "inputs/env-001-valid-task-assignment.json", "rb") as fh:
    ENV = fh.read()
LCSTATE = ('{"messages":{"m-1":{"state":"outbox","attempts":0,"receipt":false}},"tasks":{},'
           '"relay":"up","t":0}')
REQS = [
    ("[1]", '"seq":0,"error":"request is not a JSON object with \\"op\\""'),
    ('{"seq":2}', '"seq":2,"error":"request is not a JSON object with \\"op\\""'),
    ('{"seq":3,"op":5}', '"seq":3,"error":"request is not a JSON object with \\"op\\""'),
    ('{"seq":"x","op":"reset"}', '"seq":0,"ok":true'),
    ("", None),  # a blank line: no reply
    ({"seq": 4, "op": "validate", "profile": "mailbox", "files": [{"name": "a.json"}]},
     '"seq":4,"error":"validate: malformed file entry (name, base64 data)"'),
    ({"seq": 5, "op": "validate", "profile": "mailbox", "files": [{"data": "e30="}]},
     '"seq":5,"error":"validate: malformed file entry (name, base64 data)"'),
    # JSON Lines: the envelope on one line (valid, a warning), a blank line, an array
    ({"seq": 6, "op": "validate", "profile": "mailbox",
      "files": [f("m.jsonl", data=ENV.replace(b"\n", b"") + b"\n\n[1]\n")]},
     '"seq":6,"verdict":"invalid","codes":["MAILBOX_SIGNATURE_UNKEYED","MAILBOX_SCHEMA_INVALID"],'
     '"locations":[{"code":"MAILBOX_SIGNATURE_UNKEYED","line":1,"col":323},'
     '{"code":"MAILBOX_SCHEMA_INVALID","line":1,"col":1}]'),
    # a name of 6 characters is not a *.jsonl file: one document (with trailing garbage)
    ({"seq": 7, "op": "validate", "profile": "mailbox", "files": [f(".jsonl", data=b"[1]\n[2]")]},
     '"seq":7,"verdict":"invalid","codes":["JSON_TRAILING_GARBAGE"],'
     '"locations":[{"code":"JSON_TRAILING_GARBAGE","line":2,"col":1}]'),
    # the keyring named by the policy, next to it: found among the aux files (one without data
    # and one of another name before it)
    ({"seq": 8, "op": "validate", "profile": "mailbox", "policy": f("policies/hmac.yaml",
                                                                    "policies/hmac.yaml"),
      "aux": [{"name": "x"}, f("policies/other.json", data=b"{}"),
              f("policies/keyring.json", "policies/keyring.json")],
      "files": [f("s.json", "inputs/sig-006-valid-hmac.json")]},
     '"seq":8,"verdict":"valid","codes":[],"locations":[]'),
    # the policy at the top (no '/'): keyring.json is not among the aux files: the key unknown
    ({"seq": 9, "op": "validate", "profile": "mailbox", "policy": f("hmac.yaml",
                                                                    "policies/hmac.yaml"),
      "files": [f("s.json", "inputs/sig-006-valid-hmac.json")]},
     '"seq":9,"verdict":"invalid","codes":["MAILBOX_KEY_UNKNOWN"],'
     '"locations":[{"code":"MAILBOX_KEY_UNKNOWN","line":7,"col":13}]'),
    ({"seq": 10, "op": "validate", "profile": "mailbox", "policy": {"name": "p.yaml", "data": "!!"},
      "files": []}, '"seq":10,"error":"malformed policy"'),
    ({"seq": 11, "op": "validate", "profile": "mailbox", "policy": f("p.yaml", data=b"a: [\n"),
      "files": []}, '"seq":11,"error":"policy p.yaml does not read"'),
    ({"seq": 12, "op": "validate", "profile": "mailbox", "now": "garbage", "files": []},
     '"seq":12,"error":"cannot create a validator (bad now?)"'),
    ({"seq": 13, "op": "validate", "profile": "mailbox", "stateful": True,
      "files": [f("e.json", "inputs/env-001-valid-task-assignment.json")]},
     '"seq":13,"verdict":"valid","codes":["MAILBOX_SIGNATURE_UNKEYED"],'
     '"locations":[{"code":"MAILBOX_SIGNATURE_UNKEYED","line":10,"col":16}]'),
    # 101 findings: the codes once, the first 100 locations
    ({"seq": 14, "op": "validate", "profile": "mailbox", "files": [f("x.jsonl", data=b"[1]\n" * 101)]},
     '"seq":14,"verdict":"invalid","codes":["MAILBOX_SCHEMA_INVALID"],"locations":['
     + ",".join(['{"code":"MAILBOX_SCHEMA_INVALID","line":1,"col":1}'] * 100) + "]"),
    ({"seq": 15, "op": "lifecycle", "profile": "mailbox", "policy": {"name": "p"}, "events": []},
     '"seq":15,"error":"malformed policy"'),
    ({"seq": 16, "op": "lifecycle", "profile": "nope", "policy": {"name": "p"}, "events": []},
     '"seq":16,"skipped":"amc has no lifecycle model for this profile"'),
    ({"seq": 17, "op": "lifecycle", "profile": "mailbox"},
     '"seq":17,"error":"lifecycle: missing profile or events"'),
    ({"seq": 18, "op": "lifecycle", "profile": "mailbox", "events": {}},
     '"seq":18,"error":"lifecycle: missing profile or events"'),
    ({"seq": 19, "op": "validate", "profile": "mailbox", "files": "x"},
     '"seq":19,"error":"validate: missing profile or files"'),
    ({"seq": 20, "op": "validate", "files": []},
     '"seq":20,"error":"validate: missing profile or files"'),
    ({"seq": 21, "op": "frobnicate"}, '"seq":21,"error":"unknown op"'),
    # a lifecycle: a commit accepted, a relay of an unknown message refused, the message left
    # undelivered at the end; the state after each step
    ({"seq": 24, "op": "lifecycle", "profile": "mailbox",
      "events": [{"event": "commit", "msg": "m-1", "t": 0}, {"event": "relay", "msg": "m-9", "t": 5}]},
     '"seq":24,"states":[{"accepted":true,"codes":[],"state":%s},{"accepted":false,"codes":'
     '["LC_MAILBOX_TRANSITION"],"state":%s}],"final":{"accepted":false,"codes":'
     '["LC_MAILBOX_UNDELIVERED"],"state":%s}' % ((LCSTATE,) * 3)),
    # with a policy (no keyring named): no events, an empty final state
    ({"seq": 25, "op": "lifecycle", "profile": "mailbox",
      "policy": f("p/attempts-3.yaml", "policies/attempts-3.yaml"), "events": []},
     '"seq":25,"states":[],"final":{"accepted":true,"codes":[],"state":{"messages":{},"tasks":{},'
     '"relay":"up","t":0}}'),
    ({"seq": 22, "op": "stop"}, '"seq":22,"ok":true'),
    ({"seq": 23, "op": "reset"}, None),  # after stop: not read
]
stdin = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r, _ in REQS).encode()
out = "".join("{" + want + "}\n" for _, want in REQS if want)
check("adapter requests", ["adapter"], stdin=stdin, out=out)
finish()
