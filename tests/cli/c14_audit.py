#!/usr/bin/env python3
"""ctest cli.c14_audit: amc audit --format html's line for a file with more than three findings
adds "; and N more" only while the first three took less than 1000 bytes (issue 22:
cmd_audit.c diag_line, `n > 3 && off < 1000` made <=, a survivor of the 300-mutant run: at
exactly 1000 bytes the mutant added it). The workspace is made here from
tests/data/audit/ignite-good's queue/coordinator message, with From, To and X-IGNITE-Priority
values whose lengths are chosen and a file name that does not follow the convention: five
findings (two unknown agents, the priority, the file name, the queue folder); the first three
take 500, 999, 1000 and 1001 bytes. The line (and the title of the file's mark in the SVG)
is the three, then "; and 2 more" below 1000 bytes.

usage: c14_audit.py AMC SOURCE_DIR"""
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile

AMC, SRC = sys.argv[1], sys.argv[2]
MSG = os.path.join(SRC, "tests", "data", "audit", "ignite-good", "queue", "coordinator",
                   "task_completed_1770692606249438.mime")
NAME = "task_completed_x.mime"


def three(f, t, p):
    return "; ".join([
        f"warning[IGNITE_AGENT_UNKNOWN] IGNITE-AGT-002: From: unknown agent '{f}'",
        f"warning[IGNITE_AGENT_UNKNOWN] IGNITE-AGT-002: To: unknown agent '{t}'",
        f"error[IGNITE_PRIORITY] IGNITE-PRI-001: X-IGNITE-Priority '{p}' is not critical, high, "
        "normal or low"])


tmp = tempfile.mkdtemp(prefix="amc-c14-audit-")
failures = []
try:
    src = open(MSG, encoding="utf-8").read()
    for line in ("From: ignitian_1\n", "To: coordinator\n", "X-IGNITE-Priority: high\n"):
        if line not in src:
            failures.append(f"{MSG}: no line {line!r}")
    base = len(three("", "", ""))
    for total in (500, 999, 1000, 1001):
        left = total - base  # spread over the three values
        f, t, p = "f" * (left // 3), "t" * (left // 3), "p" * (left - 2 * (left // 3))
        want = three(f, t, p)
        assert len(want) == total
        want += "; and 2 more" if total < 1000 else ""
        ws = os.path.join(tmp, str(total))
        os.makedirs(os.path.join(ws, "queue", "coordinator"))
        with open(os.path.join(ws, "queue", "coordinator", NAME), "w", encoding="utf-8") as fh:
            fh.write(src.replace("From: ignitian_1\n", f"From: {f}\n")
                     .replace("To: coordinator\n", f"To: {t}\n")
                     .replace("X-IGNITE-Priority: high\n", f"X-IGNITE-Priority: {p}\n"))
        r = subprocess.run([AMC, "audit", "--no-config", "--format", "html", ws],
                           capture_output=True, text=True, timeout=60)
        lines = [html.unescape(x) for x in
                 re.findall(r'<span class="mono">queue/coordinator/' + re.escape(NAME) +
                            r'</span>: ([^<]*)</li>', r.stdout)]
        titles = [html.unescape(x) for x in
                  re.findall(r"\n((?:error|warning)\[[^<]*)</title>", r.stdout)]
        if r.returncode != 1 or lines != [want] or titles != [want]:
            failures.append(f"first three findings of {total} bytes: exit {r.returncode}\n"
                            f"  lines  {[(len(x), x[-40:]) for x in lines]}\n"
                            f"  titles {[(len(x), x[-40:]) for x in titles]}\n"
                            f"  want   {(len(want), want[-40:])}\n{r.stderr[-300:]}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
print("c14_audit:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
