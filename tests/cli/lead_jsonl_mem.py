#!/usr/bin/env python3
"""ctest cli.lead_jsonl_mem: validate --jsonl streams in constant memory even through a line
longer than --max-size: what was read of that line is dropped as it comes (cmd_validate.c
jsonl_fill: `if (r->too_long || r->skip)`; the mutant `&&` kept the whole line, a survivor of
seed 112906). A 48 MiB line with --max-size 1M between two short lines: the long line is
reported as too large, the others validated, and the peak resident size of amc stays within
24 MiB of a run over the two short lines alone (the mutant's is 48 MiB more and then some).
Usage: lead_jsonl_mem.py AMC."""
import os
import resource
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []


def peak(args):
    """Runs amc in a child of its own and returns (process, its peak RSS in KiB)."""
    code = ("import resource, subprocess, sys; p = subprocess.run(sys.argv[1:], "
            "capture_output=True); sys.stdout.buffer.write(p.stdout); "
            "sys.stderr.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
            " + ' ' + str(p.returncode))")
    p = subprocess.run([sys.executable, "-c", code, AMC] + args, capture_output=True,
                       timeout=300)
    kib, rc = p.stderr.decode().split()[-2:]
    return p.stdout.decode(errors="replace"), int(rc), int(kib)


with tempfile.TemporaryDirectory(prefix="amc-lead-jmem-") as t:
    schema = os.path.join(t, "s.json")
    with open(schema, "w") as f:
        f.write('{"type": "object"}')
    small = os.path.join(t, "small.jsonl")
    with open(small, "w") as f:
        f.write('{"a": 1}\n[2]\n')
    big = os.path.join(t, "big.jsonl")
    with open(big, "w") as f:
        f.write('{"a": 1}\n["')
        chunk = "x" * (1 << 20)
        for _ in range(48):
            f.write(chunk)
        f.write('"]\n[2]\n')
    args = ["validate", "--schema", schema, "--jsonl", "--max-size", "1M"]
    out0, rc0, kib0 = peak(args + [small])
    out1, rc1, kib1 = peak(args + [big])
    if rc0 != 1 or rc1 != 1:
        failures.append(f"exit {rc0} and {rc1}, want 1 and 1 (a line is not an object)\n"
                        f"{out0}\n{out1[-600:]}")
    if "too large" not in out1 and "LIMIT_SIZE" not in out1:
        failures.append(f"the 48 MiB line is not reported as too large:\n{out1[-600:]}")
    if kib1 - kib0 > 24 * 1024:
        failures.append(f"peak RSS {kib1} KiB against {kib0} KiB without the long line: the "
                        f"long line was kept in memory")
for f in failures:
    print("FAIL:", f)
print("lead_jsonl_mem:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
