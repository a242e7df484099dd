#!/usr/bin/env python3
"""ctest: amc installed into a fresh prefix finds its conformance suite from any folder.

usage: run_installed.py CMAKE BUILD_DIR SOURCE_DIR

`cmake --install BUILD --prefix TMP`, then from an unrelated folder (no ./conformance):
  1. `TMP/bin/amc conform --impl 'TMP/bin/amc adapter'` uses TMP/share/amc/conformance and is
     CONFORMANT on the socket and mailbox profiles (messages, sessions, policies, lifecycle);
  2. --suite and $AMC_CONFORMANCE_DIR still take precedence, in that order;
  3. the installed kit is complete: the docs, the protocol schemas, the adapter templates, whose
     Python example scores 100% from the installed copy; `amc schemas export` reproduces the
     installed schema files byte for byte;
  4. with the installed suite moved away and no ./conformance, amc says where it looked (exit 2).
"""
import filecmp
import os
import shutil
import subprocess
import sys
import tempfile

CMAKE, BUILD, SRC = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
TMP = tempfile.mkdtemp(prefix="amc-installed-")
PREFIX, ELSEWHERE = os.path.join(TMP, "prefix"), os.path.join(TMP, "elsewhere")
os.makedirs(ELSEWHERE)
failures = []
p = subprocess.run([CMAKE, "--install", BUILD, "--prefix", PREFIX], capture_output=True, text=True)
if p.returncode != 0:
    print(p.stdout, p.stderr)
    sys.exit(1)
AMC = os.path.join(PREFIX, "bin", "amc")
SHARE = os.path.join(PREFIX, "share", "amc")
env = {k: v for k, v in os.environ.items() if k != "AMC_CONFORMANCE_DIR"}
env["NO_COLOR"] = "1"


def run(args, want, name, extra_env=None, must=()):
    p = subprocess.run([AMC] + args, cwd=ELSEWHERE, env=dict(env, **(extra_env or {})),
                       capture_output=True, text=True, errors="replace", timeout=600)
    out = p.stdout + p.stderr
    if p.returncode != want:
        failures.append(f"{name}: exit {p.returncode}, want {want}\n{out[-3000:]}")
    for m in must:
        if m not in out:
            failures.append(f"{name}: no '{m}' in\n{out[-3000:]}")
    return out


suite = os.path.join(SHARE, "conformance")
run(["conform", "--impl", f"{AMC} adapter", "--profile", "socket", "--profile", "mailbox"], 0,
    "installed suite", must=[f"suite: {suite}\n", "verdict: CONFORMANT: measured 268 of 268 cases"])
run(["conform", "--suite", os.path.join(SRC, "conformance"), "--impl", f"{AMC} adapter", "--profile", "socket"],
    0, "--suite wins", extra_env={"AMC_CONFORMANCE_DIR": "/nonexistent"},
    must=[f"suite: {os.path.join(SRC, 'conformance')}\n"])
run(["conform", "--impl", f"{AMC} adapter", "--profile", "socket"], 0, "$AMC_CONFORMANCE_DIR wins",
    extra_env={"AMC_CONFORMANCE_DIR": os.path.join(SRC, "conformance")},
    must=[f"suite: {os.path.join(SRC, 'conformance')}\n"])
for f in ("README.md", "PROTOCOL.md", "REPORT.md", "LIFECYCLE.md", "protocol/report.schema.json",
          "adapters/python/adapter.py", "adapters/node/adapter.mjs", "adapters/shell/exec-adapter.sh",
          "mailbox/policies/keyring.json"):
    if not filecmp.cmp(os.path.join(suite, f), os.path.join(SRC, "conformance", f), shallow=False):
        failures.append(f"installed {f} differs from the source")
run(["conform", "--profile", "socket", "--impl", f"python3 {suite}/adapters/python/adapter.py"], 0,
    "installed Python template", must=["verdict: CONFORMANT: measured 98 of 98 cases"])
exported = os.path.join(TMP, "exported")
run(["schemas", "export", exported], 0, "schemas export")
# every installed schema (*.json; the tree also holds READMEs and licences) is exported byte for
# byte, and nothing else but the adapter protocol's
cmp = filecmp.dircmp(exported, os.path.join(SHARE, "schemas"))
if cmp.left_only != ["adapter-protocol"] or cmp.right_only or cmp.diff_files:
    failures.append(f"exported vs installed schemas: only exported {cmp.left_only}, only installed "
                    f"{cmp.right_only}, differ {cmp.diff_files}")
todo, compared = list(cmp.subdirs.values()), 0
while todo:
    sub = todo.pop()
    todo += sub.subdirs.values()
    compared += len(sub.same_files)
    installed_only = [f for f in sub.right_only if f.endswith(".json")]
    if sub.diff_files or sub.left_only or installed_only:
        failures.append(f"exported vs installed {sub.left}: {sub.diff_files} {sub.left_only} {installed_only}")
if compared < 80:
    failures.append(f"only {compared} schema files compared")
os.rename(suite, suite + ".away")
run(["conform", "--impl", f"{AMC} adapter"], 2, "no suite anywhere",
    must=[f"none installed with amc ({suite})", "no ./conformance"])
shutil.rmtree(TMP, ignore_errors=True)
for f in failures:
    print("FAIL", f)
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
