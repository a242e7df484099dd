#!/usr/bin/env python3
"""ctest: the pre-commit hooks of .pre-commit-hooks.yaml do what they say.

usage: run_hooks.py AMC SOURCE_DIR

For each hook: its entry is amc (the binary under test replaces it), its `files` pattern selects
the sample paths it is meant for and not unrelated files, and run as pre-commit runs it (entry,
args, then the file names) it passes good files (exit 0) and fails bad ones (exit 1).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
failures = []
p = subprocess.run([AMC, "parse", "--as", "yaml", os.path.join(SRC, ".pre-commit-hooks.yaml")],
                   capture_output=True, text=True)
hooks = {h["id"]: h for h in json.loads(p.stdout)} if p.returncode == 0 else {}
if set(hooks) != {"amc-validate", "amc-lint-schema"}:
    failures.append(f"hooks: {sorted(hooks)} {p.stderr}")
TMP = tempfile.mkdtemp(prefix="amc-hooks-")
os.makedirs(os.path.join(TMP, "agents", "messages"))
shutil.copy(os.path.join(SRC, "examples/messages/envelope.json"), os.path.join(TMP, "agents/messages/ok.json"))
shutil.copy(os.path.join(SRC, "examples/bad/envelope-schema-errors.json"), os.path.join(TMP, "agents/messages/bad.json"))
shutil.copy(os.path.join(SRC, "conformance/protocol/report.schema.json"), os.path.join(TMP, "good.schema.json"))
shutil.copy(os.path.join(SRC, "tests/data/schema/broken.schema.json"), os.path.join(TMP, "broken.schema.json"))
with open(os.path.join(TMP, "package.json"), "w") as f:
    f.write('{"name": "not a message"}\n')
samples = {  # hook: (files it must select and pass, files it must select and fail)
    "amc-validate": (["agents/messages/ok.json"], ["agents/messages/bad.json"]),
    "amc-lint-schema": (["good.schema.json"], ["broken.schema.json"]),
}
for hid, (good, bad) in samples.items():
    h = hooks.get(hid)
    if not h:
        continue
    entry = h["entry"].split()
    if entry[0] != "amc" or h.get("language") != "system":
        failures.append(f"{hid}: entry {h['entry']} / language {h.get('language')}")
        continue
    pat = re.compile(h.get("files", ""))
    for f in good + bad:
        if not pat.search(f):
            failures.append(f"{hid}: files pattern {pat.pattern} misses {f}")
    if pat.search("package.json"):
        failures.append(f"{hid}: files pattern {pat.pattern} selects package.json")
    for files, want in ((good, 0), (bad, 1)):
        cmd = [AMC] + entry[1:] + h.get("args", []) + files
        r = subprocess.run(cmd, cwd=TMP, capture_output=True, text=True)
        if r.returncode != want:
            failures.append(f"{hid} on {files}: exit {r.returncode}, want {want}\n{r.stdout}{r.stderr}")
shutil.rmtree(TMP, ignore_errors=True)
for f in failures:
    print("FAIL", f)
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
