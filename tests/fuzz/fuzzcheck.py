"""fuzzcheck.py - what the fuzz-mode test scripts (run_lifecycle.py, run_stateful.py) share:
their command line (AMC SOURCE_DIR), a scratch folder that amc runs in, the failures list, the
findings of a run's --out folder, and the end (clean up, report, exit status)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile


class Check:
    def __init__(self, name, prefix):
        self.name = name
        self.amc_path = os.path.abspath(sys.argv[1])
        self.src = os.path.abspath(sys.argv[2])
        self.here = os.path.join(self.src, "tests", "fuzz")
        self.suite = os.path.join(self.src, "conformance")
        self.tmp = tempfile.mkdtemp(prefix=prefix)
        self.failures = []

    def fail(self, msg):
        self.failures.append(msg)
        print("FAIL:", msg)

    def amc(self, args, env=None, timeout=600):
        return subprocess.run([self.amc_path] + args, cwd=self.tmp, capture_output=True,
                              text=True, errors="replace", timeout=timeout, env=env)

    def finish(self):
        shutil.rmtree(self.tmp, ignore_errors=True)
        if self.failures:
            print(f"{len(self.failures)} failure(s)")
            sys.exit(1)
        print(f"{self.name}: ok")


def findings(out):
    path = os.path.join(out, "findings.jsonl")
    if not os.path.exists(path):
        return []
    return [json.loads(l) for l in open(path) if l.strip()]
