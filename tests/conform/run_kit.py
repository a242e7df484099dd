#!/usr/bin/env python3
"""ctest: the adapter kit of conformance/adapters/ works as its READMEs say.

usage: run_kit.py AMC SOURCE_DIR

1. The Python and Node templates, as shipped (driving their example socket implementation),
   score 100% of what they claim: measured 98 of 98 socket cases, CONFORMANT, with every reply
   checked against the protocol's schemas (--validate-protocol); the JSON report validates
   against conformance/protocol/report.schema.json.
2. Each template behind its cli_validator module, wrapping amc's own CLI, passes every mailbox
   message case it claims (sessions, policies with keyrings, the clock, the tree): this drives
   the templates' validate path with every kind of request; the 25 lifecycle scenarios are
   reported as not measured (INCOMPLETE, exit 0).
3. Each template answers malformed and unknown requests with error replies and keeps serving;
   "stop" ends it with exit 0.
4. The Python example answers deeply nested input (up to 200000 levels) with the verdict amc's
   reference adapter gives (invalid beyond its depth limit), without a traceback.
Everything runs from a temporary directory outside the repository (copies of the adapters),
with --suite pointing at the fixtures, as a third party would.
"""
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
SUITE = os.path.join(SRC, "conformance")
with open(os.path.join(SUITE, "mailbox", "cases.json"), encoding="utf-8") as _f:
    MAILBOX_CASES = len(json.load(_f))  # every message case (the lifecycle scenarios are skipped)
SCHEMA = os.path.join(SUITE, "protocol", "report.schema.json")
TMP = tempfile.mkdtemp(prefix="amc-kit-")
failures = []
for lang in ("python", "node"):
    shutil.copytree(os.path.join(SUITE, "adapters", lang), os.path.join(TMP, lang))
CODES = r"'\[([A-Z][A-Z0-9_]+)\]'"
WRAP = (f"--profile mailbox --path --stateful --policy --clock --split-jsonl --codes-regex {CODES} "
        f"--cmd '{AMC} validate --profile mailbox --stateful [[--policy {{policy}}]] [[--now {{now}}]] {{files}}'")
TEMPLATES = {
    "python": ("python3 adapter.py", "python3 adapter.py --impl cli_validator.py"),
    "node": ("node adapter.mjs", "node adapter.mjs --impl ./cli-validator.mjs"),
}


def conform(lang, args, want_rc, name):
    report = os.path.join(TMP, f"{lang}-{name}.json")
    p = subprocess.run([AMC, "conform", "--suite", SUITE, "--json", report] + args, cwd=os.path.join(TMP, lang),
                       capture_output=True, text=True, errors="replace", timeout=600)
    if p.returncode != want_rc:
        failures.append(f"{lang} {name}: exit {p.returncode}, want {want_rc}\n{p.stdout[-3000:]}{p.stderr[-2000:]}")
        return None
    v = subprocess.run([AMC, "validate", "--schema", SCHEMA, report], capture_output=True, text=True)
    if v.returncode != 0:
        failures.append(f"{lang} {name}: the JSON report fails report.schema.json\n{v.stdout}{v.stderr}")
    return json.load(open(report))


for lang, (example, wrapper) in TEMPLATES.items():
    # 1. the example implementation
    r = conform(lang, ["--profile", "socket", "--impl", example, "--validate-protocol"], 0, "example")
    if r:
        s = r["summary"]
        if (r["verdict"], s["total"], s["measured"], s["pass"]) != ("conformant", 98, 98, 98) \
                or r["claims"]["capabilities"] != ["socket", "socket.lifecycle"] or not r["verdict_only"]:
            failures.append(f"{lang} example: {r['headline']} claims {r['claims']}")
    # 2. the CLI wrapper around amc validate, on every mailbox message case
    r = conform(lang, ["--profile", "mailbox", "--impl", f"{wrapper} {WRAP}", "--validate-protocol"], 0, "wrapper")
    if r:
        s = r["summary"]
        skipped = {x["capability"]: x["cases"] for x in s["skipped"]}
        kinds = {c["kind"] for c in r["cases"] if c["outcome"] == "pass"}
        policies = sum(1 for c in r["cases"] if c["outcome"] == "pass" and c["policy"])
        if (r["verdict"], s["measured"], s["pass"], s["fail"] + s["error"]) != ("incomplete", MAILBOX_CASES, MAILBOX_CASES, 0) \
                or skipped != {"mailbox.lifecycle": 25} or kinds != {"message", "session"} or policies < 20 \
                or r["verdict_only"]:
            failures.append(f"{lang} wrapper: {r['headline']}; skipped {skipped}; kinds {kinds}; "
                            f"policies {policies}")
    # 3. bad requests
    lines = ['{"seq":1,"op":"hello","protocol":1}', "not json", '{"seq":3,"op":"frob"}',
             '{"seq":4,"op":"validate","case":"x","profile":"socket","stateful":false,'
             '"files":[{"name":"../../etc/x","data":""}]}',
             '{"seq":5,"op":"validate","case":"x","profile":"socket","stateful":false,'
             '"files":[{"name":"a.json","data":"e30="}]}',
             '{"seq":6,"op":"reset"}', '{"seq":7,"op":"stop"}', '{"seq":8,"op":"hello"}']
    p = subprocess.run(example.split(), input="\n".join(lines) + "\n", cwd=os.path.join(TMP, lang),
                       capture_output=True, text=True, timeout=60)
    got = [json.loads(x) for x in p.stdout.splitlines()]
    want = [(1, "protocol"), (0, "error"), (3, "error"), (4, "error"), (5, "verdict"), (6, "ok"), (7, "ok")]
    shape = [(g.get("seq"), next((k for k in ("protocol", "error", "verdict", "ok") if k in g), None)) for g in got]
    if p.returncode != 0 or shape != want or got[4]["verdict"] != "invalid":
        failures.append(f"{lang} bad requests: exit {p.returncode}, replies {shape}\n{p.stdout}{p.stderr[-1500:]}")
    elif not re.search(r"unsafe file name", got[3]["error"]):
        failures.append(f"{lang} bad requests: path escape not refused: {got[3]}")

# 4. deeply nested input (the python example): a verdict as amc's reference adapter gives
# (LIMIT_DEPTH beyond 128 levels), never an error reply or a traceback (json.loads recursion)
def nested(depth):
    doc = '{"type":"task","payload":{"instruction":"x","deep":' + "[" * depth + "]" * depth + "}}"
    return base64.b64encode(doc.encode()).decode()


DEPTHS = (125, 126, 127, 128, 3000, 200000)  # + 2 levels: up to 128 is valid
lines = [json.dumps({"seq": i + 1, "op": "validate", "case": f"deep-{d}", "profile": "socket",
                     "stateful": False, "files": [{"name": f"deep-{d}.json", "data": nested(d)}]})
         for i, d in enumerate(DEPTHS)] + ['{"seq":99,"op":"stop"}']
ref = subprocess.run([AMC, "adapter"], input="\n".join(lines) + "\n", capture_output=True, text=True,
                     timeout=60)
ex = subprocess.run(["python3", "adapter.py"], input="\n".join(lines) + "\n",
                    cwd=os.path.join(TMP, "python"), capture_output=True, text=True, timeout=120)
want = [json.loads(x).get("verdict") for x in ref.stdout.splitlines()][:len(DEPTHS)]
got = [json.loads(x).get("verdict") for x in ex.stdout.splitlines()][:len(DEPTHS)]
if want != ["valid", "valid", "invalid", "invalid", "invalid", "invalid"] or got != want \
        or ex.returncode != 0 or "Traceback" in ex.stderr:
    failures.append(f"python example, nested input at depths {DEPTHS}: verdicts {got}, the reference "
                    f"{want}; exit {ex.returncode}\n{ex.stdout[-1500:]}{ex.stderr[-1500:]}")

shutil.rmtree(TMP, ignore_errors=True)
for f in failures:
    print("FAIL", f)
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
