#!/usr/bin/env python3
"""stages.py - where amc validate --jsonl spends its instructions, stage by stage (callgrind).

Usage: bench/stages.py [--amc PATH] [--lines N] [--data FILE] [--profile] [--keep FILE]

Runs the schema workload of bench.py (the first N lines, default 10000, of
bench/data/mailbox-100000.jsonl; generated if absent) under valgrind --tool=callgrind and splits
the instructions executed (user space; the kernel's share of read() is not counted) by stage:

  start-up    everything outside the per-input loop: loading and compiling the schemas
  read        the JSON Lines loop itself: read(), finding newlines, assembling lines into batches
              (run with -j 1: the batches are validated in the reading thread)
  parse       amc_json_read: of it, the UTF-8 pre-check, string scanning (+ unescaping),
              document set-up (allocation, source copy) and the rest (structure, numbers, tree)
  validate    amc_schema_validate: of it, regex (pattern) and format checks
  report      per-line bookkeeping and diagnostics (clear, rebase, sort, format, print)

Instruction counts are deterministic (not disturbed by other load) but are not time: SIMD code
does more per instruction and cache misses cost nothing here. docs/performance.md pairs them with a
perf sample. --profile runs the profile workload (--profile mailbox on the HMAC file) instead.
Needs valgrind (ci/install-deps.sh installs it) and an optimized build (symbols help: -g).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EX = os.path.join(ROOT, "examples", "schemas")


def inclusive(cg_out):
    """{function name: inclusive Ir} from callgrind_annotate --inclusive=yes (first occurrence)."""
    txt = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", cg_out],
                         capture_output=True, text=True, check=True).stdout
    res = {}
    total = 0
    for line in txt.splitlines():
        m = re.match(r"\s*([\d,]+)\s+(?:\([\d. %]+\)\s+)?(\S.*)$", line)
        if not m:
            continue
        n = int(m.group(1).replace(",", ""))
        rest = m.group(2)
        if rest.startswith("PROGRAM TOTALS"):
            total = n
            continue
        if rest.startswith("=>") or " [" not in rest:
            continue
        name = rest.split(" [")[0].rsplit(":", 1)[-1]
        if "'" in name:  # a recursive instance: its cost is inside the outer one
            continue
        res.setdefault(name, n)
    return total, res


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--amc", default=None)
    ap.add_argument("--lines", type=int, default=10000)
    ap.add_argument("--data", default=None)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--keep", default=None, help="keep the callgrind output in this file")
    a = ap.parse_args()
    amc = a.amc or next((os.path.join(ROOT, c) for c in ("build/prof/amc", "build/rel/amc",
                                                         "build/release/amc", "build/amc")
                         if os.access(os.path.join(ROOT, c), os.X_OK)), None)
    if not amc:
        sys.exit("stages.py: no amc binary (pass --amc)")
    name = "mailbox-hmac-100000.jsonl" if a.profile else "mailbox-100000.jsonl"
    data = a.data or os.path.join(HERE, "data", name)
    if not os.path.exists(data):
        gen = ["gen_mailbox_signed.py", "--hmac",
               os.path.join(ROOT, "conformance", "mailbox", "policies", "keyring.json")] \
            if a.profile else ["gen_mailbox.py"]
        os.makedirs(os.path.dirname(data), exist_ok=True)
        subprocess.run([sys.executable, os.path.join(HERE, gen[0])] + gen[1:] +
                       ["-n", "100000", "-o", data], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        part = os.path.join(tmp, "part.jsonl")
        nbytes = 0
        with open(data, "rb") as f, open(part, "wb") as g:
            for i, line in enumerate(f):
                if i >= a.lines:
                    break
                g.write(line)
                nbytes += len(line)
        if a.profile:
            cmd = [amc, "validate", "--profile", "mailbox", "--policy",
                   os.path.join(ROOT, "conformance", "mailbox", "policies", "hmac.yaml"),
                   "--jsonl", "-j", "1", part]
        else:
            cmd = [amc, "validate"]
            for s in ("mailbox-envelope.v1.schema.json", "review-result.v1.schema.json",
                      "aggregation-result.v1.schema.json"):
                cmd += ["--schema", os.path.join(EX, s)]
            cmd += ["--jsonl", "--first-error", "-j", "1", part]
        out = a.keep or os.path.join(tmp, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        total, f = inclusive(out)
    g = lambda *names: sum(f.get(n, 0) for n in names)
    first = lambda *names: next((f[n] for n in names if n in f), 0)
    loop = g("validate_path")
    line = f.get("validate_line")  # absent when the compiler inlined it
    parse = first("amc_json_read_reuse", "amc_json_read", "json_read", "json_read_impl")
    utf8 = g("amc_utf8_validate")
    strings = g("parse_string", "string_rest")
    docnew = g("amc_doc_new", "amc_doc_reuse")
    free = g("amc_doc_free")
    val = g("amc_schema_validate")
    rx = g("amc_regex_search")
    fmt = g("amc_format_check")
    if a.profile:
        val = g("amc_validator_check") - parse - free
    rest = [("read (read, newlines, lines)", loop - line, None),
            ("report (per-line bookkeeping, diagnostics)", line - parse - free - val, None)] \
        if line is not None else \
        [("read + report (read, lines; bookkeeping, diagnostics)", loop - parse - free - val, None)]
    rows = [
        ("start-up (schema load + compile)", total - loop, None),
        ("parse (amc_json_read)", parse, [("UTF-8 check of the whole input", utf8),
                                          ("strings (outside the inlined scan)", strings),
                                          ("document set-up", docnew),
                                          ("structure, numbers, tree, inlined scans",
                                           parse - utf8 - strings - docnew)]),
        ("document free", free, None),
        ("validate" if not a.profile else "profile rules (schema, signature, ...)", val,
         [("regex", rx), ("format", fmt)] if not a.profile else None),
    ] + rest
    print(f"{a.lines} lines, {nbytes} bytes; {total:,} instructions "
          f"({total / a.lines:,.0f} a line, {total / nbytes:.1f} a byte)")
    print(f"  {'stage':44} {'instructions':>14} {'share':>6} {'a line':>8}")
    for label, n, sub in rows:
        print(f"  {label:44} {n:14,} {100 * n / total:5.1f}% {n / a.lines:8,.0f}")
        for sl, sn in sub or []:
            print(f"    {sl:42} {sn:14,} {100 * sn / total:5.1f}% {sn / a.lines:8,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
