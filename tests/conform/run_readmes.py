#!/usr/bin/env python3
"""ctest: every command shown in the conformance kit's documentation runs and exits as said.

usage: run_readmes.py AMC SOURCE_DIR

Each ```sh block of conformance/**/*.md is one bash script, run from that file's directory with
the amc under test first on PATH and AMC_CONFORMANCE_DIR naming the source tree's fixtures (as
an installed amc finds its own). It must exit 0, or N when the block has a line "# exit: N".
Blocks with placeholders a reader fills in (mytool ...) are ```text and not run. The test fails
when a document has no runnable block at all (adapters/*/README.md, README.md) so commands
cannot drift out of testing by a change of fence.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
failures, ran = [], 0
MUST_HAVE = ["conformance/README.md", "conformance/adapters/python/README.md",
             "conformance/adapters/node/README.md", "conformance/adapters/shell/README.md"]
bindir = tempfile.mkdtemp(prefix="amc-readmes-")
os.symlink(AMC, os.path.join(bindir, "amc"))
env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""),
           AMC_CONFORMANCE_DIR=os.path.join(SRC, "conformance"), NO_COLOR="1", LC_ALL="C")
for md in sorted(glob.glob(os.path.join(SRC, "conformance", "**", "*.md"), recursive=True)):
    rel = os.path.relpath(md, SRC)
    text = open(md, encoding="utf-8").read()
    blocks = re.findall(r"^```sh\n(.*?)^```", text, re.S | re.M)
    if rel in MUST_HAVE and not blocks:
        failures.append(f"{rel}: no runnable ```sh block")
    for k, block in enumerate(blocks, 1):
        m = re.search(r"^# exit: (\d+)$", block, re.M)
        want = int(m.group(1)) if m else 0
        ran += 1
        try:
            p = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", block], cwd=os.path.dirname(md),
                               env=env, capture_output=True, text=True, errors="replace", timeout=600)
            rc, out = p.returncode, p.stdout + p.stderr
        except subprocess.TimeoutExpired:
            rc, out = "timeout", ""
        status = "ok" if rc == want else "FAIL"
        print(f"{status} {rel} block {k}: exit {rc} (want {want})")
        if rc != want:
            failures.append(f"{rel} block {k}: exit {rc}, want {want}\n$ {block}\n{out[-3000:]}")
shutil.rmtree(bindir, ignore_errors=True)
for f in failures:
    print("FAIL", f)
print(f"{ran} block(s) run, {len(failures)} failure(s)")
sys.exit(1 if failures or ran == 0 else 0)
