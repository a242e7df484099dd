#!/usr/bin/env python3
"""A block one element short in the discussion profile (issue 22: surviving mutants of src/profiles):
src/profiles/discussion.c collects the decision ids a discussion knows (DISC-OBJ-003) in a block
of nrefs + 1 entries: the final decision's id and one per message or phase record. A discussion
whose every message and phase record is an EXECUTION_ORDER with a decision_id fills all of them.
For 1 to 6 such messages, amc validate --profile discussion must accept the document (exit 0,
no output) both plainly and under glibc's malloc checking (libc_malloc_debug.so.0,
glibc.malloc.check=3: a check byte right after each block; free() aborts when it is
overwritten), so a write one entry past the block ends the run with SIGABRT. With an ASan build
the plain runs are enough (ASan reports the write) and the checked runs are skipped.
Usage: mutlib2_heap.py AMC (run from the source tree)."""
import copy
import json
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
MALLOC_DEBUG = "/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0"
failures = []

with open(AMC, "rb") as f:
    image = f.read()
    sanitized = b"AddressSanitizer" in image or b"__asan_init" in image
checked_env = None
if sanitized:
    print("mutlib2_heap: malloc checking skipped: amc is built with AddressSanitizer")
elif not os.path.exists(MALLOC_DEBUG):
    print(f"mutlib2_heap: malloc checking skipped: no {MALLOC_DEBUG}")
else:
    checked_env = dict(os.environ, LD_PRELOAD=MALLOC_DEBUG, GLIBC_TUNABLES="glibc.malloc.check=3")

full = json.load(open("conformance/discussion/inputs/discussion-full.json", encoding="utf-8"))
order = [m for m in full["messages"] if m["message_type"] == "EXECUTION_ORDER"][0]
record = [p for p in full["phases"] if p.get("message_type") == "EXECUTION_ORDER"][0]
assert order["content"]["decision_id"] and record["content"]["decision_id"]
assert full["final_decision"]["decision_id"]

with tempfile.TemporaryDirectory(prefix="amc-mutlib2-heap-") as t:
    for n in range(1, 7):
        doc = dict(full)
        doc["phases"] = [record]
        doc["messages"] = []
        for i in range(n):
            m = copy.deepcopy(order)
            m["message_id"] = "MSG-DISC-2026-01-15-001-%03d" % (i + 1)
            doc["messages"].append(m)
        path = os.path.join(t, "orders-%d.json" % n)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False)
        for env in (None, checked_env) if checked_env else (None,):
            p = subprocess.run([AMC, "validate", "--profile", "discussion", path],
                               capture_output=True, timeout=60, env=env)
            if (p.returncode, p.stdout, p.stderr) != (0, b"", b""):
                failures.append("%d order(s)%s: exit %d, %r %r" % (
                    n, " under malloc checking" if env else "", p.returncode, p.stdout[-200:],
                    p.stderr[-300:]))

for f in failures:
    print("FAIL:", f)
print("mutlib2_heap: %s" % ("FAILED" if failures else "ok"))
sys.exit(1 if failures else 0)
