#!/usr/bin/env python3
"""ctest cli.clicov_audit (issue 22, helper clicov): amc audit --stats's per-folder totals on a
tree a repository should not hold: 34 top-level folders (the first 32 by name counted each, the
rest under "./"), a file at the top (under "./") and folders whose names are 64 and 70
characters long (longer than a total's 63: under "./").

usage: clicov_audit.py AMC SOURCE_DIR
"""
import re
from clicov_lib import check, finish, path, write

for i in range(1, 35):
    write("aw/d%02d/f.txt" % i, "x\n")
write("aw/d01/g.txt", "x\n")
write("aw/top.txt", "x\n")
write("aw/" + "L" * 70 + "/f.txt", "x\n")
write("aw/" + "M" * 64 + "/f.txt", "x\n")  # 64: one more than a total's name holds
tops = " ".join("d%02d/ %d" % (i, 2 if i == 1 else 1) for i in range(1, 33))
check("audit --stats totals", ["audit", "--stats", path("aw")],
      rc=0, out="{t}/aw:1:1: warning[AUDIT_NO_WORKSPACE]: no IGNITE queue/, mailbox "
      "inbox|ack|deadletter/ or ACP inbox/ message folder found\n",
      err="amc audit: {t}/aw: no workspace; 38 files (0 messages, 38 other), 0 entries not read; "
      + tops + " ./ 5; 0 errors, 1 warnings; T\n",
      scrub=lambda t: re.sub(r"; [0-9.]+ s, [0-9]+ files/s", "; T", t))
finish()
