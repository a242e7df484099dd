#!/usr/bin/env python3
"""ctest cli.clicov_util (issue 22, helper clicov): output edges of the shared report code:
a document with 1 202 errors (a number for the name, 1 200 numbers for tags, the tags not
unique: the first 1 000 kept, the rest counted: "202 more diagnostics not shown" in text, a
::notice in GitHub annotations); audit of the queue/ folder itself named with trailing slashes (the workspace
prefix "queue" taken from the name, the slashes kept in the display path).

usage: clicov_util.py AMC SOURCE_DIR
"""
from clicov_lib import check, fail, finish, path, write

PERSON = ["--schema", "tests/data/schema/person.schema.json",
          "--schema", "tests/data/schema/address.schema.json"]
write("many.json", '{"name":1,"tags":[' + ",".join(["1"] * 1200) + "]}")
rc, out, err = check("text, dropped", ["validate"] + PERSON + [path("many.json")], rc=1, out=None,
                     err="")
lines = out.splitlines()
want_last = ["{t}/many.json:1:2013: error[SCHEMA_TYPE]: expected string, got number (at /tags/997)",
             "{t}/many.json: note: 202 more diagnostics not shown"]
if len(lines) != 1001 or lines[-2:] != want_last or lines[0] != (
        "{t}/many.json:1:9: error[SCHEMA_TYPE]: expected string, got number (at /name)"):
    fail("text, dropped: %d lines, first %r, last %r" % (len(lines), lines[:1], lines[-2:]))
rc, out, err = check("github, dropped", ["validate", "--format", "github"] + PERSON
                     + [path("many.json")], rc=1, out=None, err="")
lines = out.splitlines()
if len(lines) != 1001 or lines[-1] != "::notice::202 more diagnostics not shown":
    fail("github, dropped: %d lines, last %r" % (len(lines), lines[-1:]))

DUP = ("error[AUDIT_DUPLICATE] IGNITE-WS-001: id '<177069260625.65405.9012852316294850550@ignite"
       ".local>' is in queue/<agent>/ here and in processed/ at queue/coordinator/processed/"
       "task_completed_1770692606249438.mime: one message in two states")
Q = "tests/data/audit/ignite-bad/queue//"
check("audit queue//", ["audit", Q], rc=1, err=None, out=(
    Q + "coordinator/notes.txt:1:1: warning[AUDIT_STRAY_FILE]: 'queue/coordinator/notes.txt' is "
    "in a message folder but is not a message file\n"
    + Q + "coordinator/task_completed_1770692606249438.mime:1:1: " + DUP + "\n"
    + Q + "coordinator/task_completed_1770692606249438_1.mime:1:1: " + DUP + "\n"
    + Q + "leader/github_task_1770692895002034.mime:11:23: warning[IGNITE_RETRY_LIMIT] "
    "IGNITE-RTY-002: X-IGNITE-Retry-Count 4 exceeds the retry limit 3 (at X-IGNITE-Retry-Count)\n"
    + Q + "leader/github_task_1770692895002034.mime:1:1: error[AUDIT_NOT_DEAD_LETTERED] "
    "IGNITE-WS-002: X-IGNITE-Retry-Count 4 is over the limit 3 but the message is still in "
    "queue/<agent>/, not queue/dead_letter/\n"))
finish()
