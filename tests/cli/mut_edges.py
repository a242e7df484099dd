#!/usr/bin/env python3
"""Edges that surviving mutants showed no test pinned (issue 22, the seed-3031 sample):
  1. amc conform --html shows a case's input file only when its path stays inside the suite:
     "../../secret.json" and "ok/../../../secret.json" are not opened; a segment that merely
     starts with ".." ("..x/in.json") is (cli_html_conform.c safe_rel).
  2. format "uri": an IPvFuture host takes every sub-delim of RFC 3986 and ':' but not '^'
     (format.c sub_delim: its "c != '\\0'" guard turned around refused them all).
  3. YAML 1.1 ambiguity: '1.5x+1' is a string for PyYAML too (its float's exponent is [eE][-+]
     digits), so only '1_0.5e+1' is flagged (yaml_read.c y11_exp took any letter for the 'e').
  4. "required" beside "properties" on objects of more than 64 members (the fast validator
     checks them without its member scan: validate.c fv_kw OP_REQUIRED, whose 'sc &&' guard
     turned into 'sc ||' dereferenced the missing scan).
Usage: mut_edges.py AMC SUITE (run from the source tree)."""
import json
import os
import subprocess
import sys
import tempfile

AMC, SUITE = sys.argv[1], sys.argv[2]
failures = []


def run(args, **kw):
    return subprocess.run([AMC] + args, capture_output=True, timeout=300, **kw)


def check(ok, what):
    if not ok:
        failures.append(what)


with tempfile.TemporaryDirectory(prefix="amc-mutedges-") as t:
    # 1. a suite whose inputs lie under "..x/" (inside) and "../../" (outside the suite)
    cases = json.load(open(os.path.join(SUITE, "mailbox", "cases.json")))
    base = next(c for c in cases if c["id"] == "mailbox-env-001-valid-task-assignment")
    src = open(os.path.join(SUITE, "mailbox", base["input"])).read()
    suite = os.path.join(t, "suite")
    os.makedirs(os.path.join(suite, "mailbox", "..x"))
    os.makedirs(os.path.join(suite, "mailbox", "ok"))
    with open(os.path.join(suite, "mailbox", "..x", "in.json"), "w") as f:
        f.write(src.replace("orchestrator", "dotdotx-inside"))
    with open(os.path.join(suite, "mailbox", "ok", "in.json"), "w") as f:
        f.write(src.replace("orchestrator", "plain-inside"))
    with open(os.path.join(t, "secret.json"), "w") as f:
        f.write(src.replace("orchestrator", "secret-outside"))
    mine = []
    for i, inp in enumerate(["..x/in.json", "ok/in.json", "../../secret.json",
                             "ok/../../../secret.json"]):
        c = dict(base)
        c["id"], c["input"] = "%s-%d" % (base["id"], i), inp
        mine.append(c)
    json.dump(mine, open(os.path.join(suite, "mailbox", "cases.json"), "w"))
    page = os.path.join(t, "p.html")
    p = run(["conform", "--suite", suite, "--impl-exec", "false {file}", "--html", page])
    check(p.returncode == 1, f"conform: exit {p.returncode}: {p.stderr[:300]!r}")
    out = open(page, encoding="utf-8").read() if os.path.exists(page) else ""
    check(out.count('data-outcome="fail"') == 4, "conform html: not 4 failed case cards")
    check("dotdotx-inside" in out, "conform html did not show the input under '..x/'")
    check("plain-inside" in out, "conform html did not show the input under 'ok/'")
    check("secret-outside" not in out, "conform html showed an input outside the suite")
    # the text report names every input as it was given
    check(b"/mailbox/../../secret.json" in p.stdout, "conform text: the outside input not named")
    # 2. IPvFuture literals of format "uri"
    sch = os.path.join(t, "uri.json")
    with open(sch, "w") as f:
        f.write('{"format": "uri"}')
    lines = os.path.join(t, "uri.jsonl")
    with open(lines, "w") as f:
        f.write('"http://[v7.a!$&\'()*+,;=:b]/"\n"http://[v7.a^b]/"\n"http://[vF.~_-.]/x"\n')
    p = run(["validate", "--schema", sch, "--jsonl", lines])
    check(p.returncode == 1, f"validate uri: exit {p.returncode}")
    check(p.stdout.decode() == lines + ':2:1: error[SCHEMA_FORMAT]: "http://[v7.a^b]/" is not a '
          'valid "uri"\n', f"validate uri: {p.stdout!r}")
    check(p.stderr.decode().strip() == "valid=2 invalid=1", f"validate uri: {p.stderr!r}")
    # 3. YAML 1.1 floats: an exponent needs 'e' or 'E'
    y = os.path.join(t, "y.yaml")
    with open(y, "w") as f:
        f.write("a: 1_0.5e+1\nb: 1.5x+1\nc: 1.5e+1\n")
    p = run(["parse", y])
    check(p.returncode == 0, f"parse y.yaml: exit {p.returncode}")
    check(p.stderr.decode() == y + ":1:4: warning[YAML_11_AMBIGUOUS]: plain scalar '1_0.5e+1' is a "
          "string in YAML 1.2 (core schema), but YAML 1.1 readers such as PyYAML read a float "
          "('_' ignored) (https://yaml.org/type/float.html); quote or tag it to be unambiguous\n",
          f"parse y.yaml: {p.stderr!r}")
    # 4. required on objects too large for the fast validator's member scan
    sch = os.path.join(t, "req.json")
    with open(sch, "w") as f:
        f.write('{"properties": {"a": {"type": "integer"}}, "required": ["a"]}')
    lines = os.path.join(t, "big.jsonl")
    with open(lines, "w") as f:
        for with_a in (True, False, True):
            o = {"m%d" % i: i for i in range(70)}
            if with_a:
                o["a"] = 1
            f.write(json.dumps(o) + "\n")
    p = run(["validate", "--schema", sch, "--jsonl", lines])
    check(p.returncode == 1, f"validate big objects: exit {p.returncode}")
    check(p.stdout.decode() == lines + ':2:1: error[SCHEMA_REQUIRED]: "a" is a required property\n',
          f"validate big objects: {p.stdout!r}")
    check(p.stderr.decode().strip() == "valid=2 invalid=1", f"validate big objects: {p.stderr!r}")

for f in failures:
    print("FAIL:", f)
print("mut_edges: %d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
