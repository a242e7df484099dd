#!/usr/bin/env python3
"""ctest: the GitHub Action's run step (ci/action-run.sh + ci/gh-annotate.py) outside GitHub.

usage: run_action.py AMC SOURCE_DIR

Runs the step as action.yml does (INPUT_* variables, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY) for
validate, lint-schema and conform, and checks the exit status, the annotations (workflow
commands on stdout, with file/line/col for diagnostics and case/input/replay for conformance
failures), the step outputs and the job summary. Also checks that action.yml is YAML whose run
step passes every input on (INPUT_<NAME>) and calls ci/action-run.sh.
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
TMP = tempfile.mkdtemp(prefix="amc-action-")
failures = []


def step(name, inputs, want_rc):
    out_file, summary = os.path.join(TMP, name + ".out"), os.path.join(TMP, name + ".md")
    env = dict(os.environ, AMC=AMC, GITHUB_OUTPUT=out_file, GITHUB_STEP_SUMMARY=summary,
               GITHUB_WORKSPACE=SRC, INPUT_REPORT_DIR=os.path.join(TMP, name), NO_COLOR="1")
    env.update({"INPUT_" + k.upper().replace("-", "_"): v for k, v in inputs.items()})
    p = subprocess.run(["bash", os.path.join(SRC, "ci", "action-run.sh")], cwd=SRC, env=env,
                       capture_output=True, text=True, errors="replace", timeout=300)
    outputs = dict(ln.split("=", 1) for ln in open(out_file).read().splitlines()) if os.path.exists(out_file) else {}
    if p.returncode != want_rc or outputs.get("exit-code") != str(want_rc):
        failures.append(f"{name}: exit {p.returncode} (outputs {outputs}), want {want_rc}\n{p.stdout[-2000:]}{p.stderr[-2000:]}")
    return p.stdout, outputs, open(summary).read() if os.path.exists(summary) else ""


def want(name, text, pattern):
    if not re.search(pattern, text, re.M):
        failures.append(f"{name}: no /{pattern}/ in\n{text[-2500:]}")


# validate: diagnostics become annotations placed on the file
out, o, _ = step("validate", {"command": "validate", "profile": "mailbox",
                              "files": "examples/bad/envelope-schema-errors.json examples/messages/envelope.json"}, 1)
want("validate", out, r"^::error file=examples/bad/envelope-schema-errors\.json,line=3,col=21,"
                      r"title=MAILBOX_SCHEMA_INVALID \(MAILBOX-ENV-001\)::")
if re.search(r"^::error file=examples/messages/envelope\.json", out, re.M):
    failures.append("validate: an error annotation on the valid file")
want("validate", out, r"^::warning file=examples/messages/envelope\.json,line=10,col=16,title=MAILBOX_SIGNATURE_UNKEYED")
# lint-schema
out, o, _ = step("lint", {"command": "lint-schema",
                          "files": "tests/data/schema/broken.schema.json conformance/protocol/report.schema.json"}, 1)
want("lint", out, r"^::error file=tests/data/schema/broken\.schema\.json,line=5,col=\d+,title=LINT_META_SCHEMA::")
# conform, failing: one annotation per failure with its case, input and replay command
broken = os.path.join(SRC, "tests", "conform", "broken", "broken_adapter.py")
out, o, summary = step("conform-fail", {"command": "conform", "profile": "ignite",
                                        "impl": f"python3 {broken} reject-all",
                                        "suite": os.path.join(SRC, "conformance"),
                                        "args": "--filter 'ignite-hdr-00*'"}, 1)
want("conform-fail", out, r"^::error title=amc conform%3A ignite-hdr-00\d-[^:]*::fail ignite-hdr-00\d.*%0Ainput: "
                          r"ignite/inputs/.*%0Areplay: .*--filter ignite-hdr-00")
want("conform-fail", out, r"^::error title=amc conform%3A not-conformant \(gate fail\)::NOT CONFORMANT: measured \d+ of \d+")
if (o.get("verdict"), o.get("gate")) != ("not-conformant", "fail") or not os.path.exists(o.get("report", "")):
    failures.append(f"conform-fail: outputs {o}")
want("conform-fail", summary, r"^## amc conform: NOT CONFORMANT")
# conform, passing: the reference adapter
out, o, summary = step("conform-pass", {"command": "conform", "profile": "socket", "impl": f"'{AMC}' adapter",
                                        "suite": os.path.join(SRC, "conformance")}, 0)
if (o.get("verdict"), o.get("gate")) != ("conformant", "pass"):
    failures.append(f"conform-pass: outputs {o}")
want("conform-pass", out, r"^::notice title=amc conform%3A conformant \(gate pass\)::CONFORMANT: measured 98 of 98")
# a bad command
step("bad", {"command": "frob"}, 2)

# action.yml: YAML, and every input reaches the run step
p = subprocess.run([AMC, "parse", "--as", "yaml", os.path.join(SRC, "action.yml")], capture_output=True, text=True)
if p.returncode != 0:
    failures.append(f"action.yml is not YAML: {p.stdout}{p.stderr}")
else:
    action = json.loads(p.stdout)
    steps = action["runs"]["steps"]
    run = next(s for s in steps if s.get("id") == "run")
    if action["runs"]["using"] != "composite" or "ci/action-run.sh" not in run["run"]:
        failures.append("action.yml: not a composite action calling ci/action-run.sh")
    for name in action["inputs"]:
        if name in ("amc-path", "amc-deb"):
            continue
        key = "INPUT_" + name.upper().replace("-", "_")
        if run["env"].get(key) != "${{ inputs.%s }}" % name:
            failures.append(f"action.yml: input {name} does not reach the run step as {key}")
    for name, o in action["outputs"].items():
        if o["value"] != "${{ steps.run.outputs.%s }}" % name:
            failures.append(f"action.yml: output {name} is not the run step's")

shutil.rmtree(TMP, ignore_errors=True)
for f in failures:
    print("FAIL", f)
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
