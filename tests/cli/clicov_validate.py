#!/usr/bin/env python3
"""ctest cli.clicov_validate (issue 22, helper clicov): amc validate on inputs a repository
cannot hold or a golden file cannot write: a directory with a FIFO, a symbolic link and a name
without an extension; --stateful --shard of files by task_id (an unreadable file, one without a
task_id); JSON Lines past a batch (8192 lines), a line longer than the 64 KiB read, lines of
other shards only before a long one, from a pipe.

usage: clicov_validate.py AMC SOURCE_DIR
"""
import os
from clicov_lib import SRC, check, finish, path, write

PERSON = ["--schema", os.path.join(SRC, "tests/data/schema/person.schema.json"),
          "--schema", os.path.join(SRC, "tests/data/schema/address.schema.json")]

# 1. a directory walk: a name without a dot and a FIFO are skipped, a symbolic link to a file is
# checked (a link is checked like the file it names), a subdirectory is walked, a dot file not
write("d/README", "not json\n")
write("d/a.json", '{"name": "Ada", "age": -1}\n')
write("d/sub/b.json", '{"name": ""}\n')
write("d/.hidden.json", "nope\n")
os.symlink("a.json", path("d/link.json"))
os.mkfifo(path("d/pipe.json"))
check("dir walk", ["validate"] + PERSON + [path("d")], rc=1,
      out="{t}/d/a.json:1:24: error[SCHEMA_MINIMUM]: -1 is less than the minimum 0 (at /age)\n"
          "{t}/d/link.json:1:24: error[SCHEMA_MINIMUM]: -1 is less than the minimum 0 (at /age)\n"
          "{t}/d/sub/b.json:1:10: error[SCHEMA_MIN_LENGTH]: \"\" is too short (0 characters; at "
          "least 1 required) (at /name)\n")


def files_of(out):
    """The files named by a text report, in order of first appearance."""
    seen = []
    for line in out.splitlines():
        f = line.split(":", 1)[0]
        if f not in seen:
            seen.append(f)
    return seen


# 2. --stateful --shard K/N of files: a file's task_id picks its shard (FNV-1a 64 mod N); a file
# without one (no task_id, not an object) goes by position; one that cannot be read (over
# --max-size) by position too, its error reported by the shard that owns the position
write("st/1.json", '{"task_id":"a"}')
write("st/2.json", '{"x":1}')
write("st/3.json", '{"task_id":"%s"}' % ("b" * 200))
write("st/4.json", "[1]")
write("st/5.json", '{"task_id":7}')
ST = [path("st/%d.json" % i) for i in range(1, 6)]
want = {1: ["{t}/st/1.json", "{t}/st/3.json", "{t}/st/5.json"], 2: ["{t}/st/2.json", "{t}/st/4.json"]}
for k in (1, 2):
    rc, out, err = check("stateful shard %d/2" % k, ["validate", "--profile", "mailbox", "--stateful",
                         "--shard", "%d/2" % k, "--max-size", "100"] + ST, rc=1, out=None, err="")
    if files_of(out) != want[k]:
        fail("stateful shard %d/2: files %r, want %r" % (k, files_of(out), want[k]))


# 3. JSON Lines from a pipe, past one batch (8192 lines): 8300 lines, one of them 70 KB long
# (longer than one 64 KiB read); whole, as shard 3/4 (every 4th line from the 3rd: the long
# line's), with --max-size 65536 (the long line reported, not kept), and so as shard 2/4 (the
# long line another shard's: skipped while read)
LONG = 8251
lines = ['{"name":"n%d","age":%d}' % (i, i % 5 - 1) for i in range(8300)]
lines[LONG - 1] = '{"name":"' + "x" * 70000 + '","age":-3}'
data = ("\n".join(lines) + "\n").encode()


def expect(shard=None, limit=None):
    out, valid, invalid, unparseable = [], 0, 0, 0
    for no, text in enumerate(lines, 1):
        if shard and (no - 1) % shard[1] + 1 != shard[0]:
            continue
        age = int(text.rsplit(":", 1)[1][:-1])
        col = len(text.rsplit(":", 1)[0]) + 2
        if limit and len(text) > limit:
            out.append("<stdin>:%d:1: error[LIMIT_SIZE]: line is longer than the %d-byte limit"
                       % (no, limit))
            unparseable += 1  # counted among the invalid ones too
            invalid += 1
        elif age < 0:
            out.append("<stdin>:%d:%d: error[SCHEMA_MINIMUM]: %d is less than the minimum 0 "
                       "(at /age)" % (no, col, age))
            invalid += 1
        else:
            valid += 1
    err = "valid=%d invalid=%d%s\n" % (valid, invalid,
                                       " unparseable=%d" % unparseable if unparseable else "")
    return "".join(o + "\n" for o in out), err


out, err = expect()
check("jsonl pipe", ["validate", "--jsonl"] + PERSON + ["-"], stdin=data, rc=1, out=out, err=err)
out, err = expect(shard=(3, 4))
check("jsonl pipe shard", ["validate", "--jsonl", "--shard", "3/4"] + PERSON + ["-"], stdin=data,
      rc=1, out=out, err=err)
out, err = expect(limit=65536)
check("jsonl pipe limit", ["validate", "--jsonl", "--max-size", "65536"] + PERSON + ["-"],
      stdin=data, rc=1, out=out, err=err)
out, err = expect(shard=(2, 4), limit=65536)
check("jsonl pipe shard limit", ["validate", "--jsonl", "--shard", "2/4", "--max-size", "65536"]
      + PERSON + ["-"], stdin=data, rc=1, out=out, err=err)


# 4. batch edges (1 MiB or 8192 lines a batch, read 64 KiB at a time into a 1 MiB + 64 KiB
# buffer): a first line of 1.2 MB (the buffer grows for one long line), then 6900 lines of 150
# bytes (about 1 MB) and a 300 KB line that does not fit what is left of the buffer (it goes on
# in the next batch)
def person(no, width, age):
    text = '{"name":"%s","age":%d}' % ("p%d" % no, age)
    return text[:9] + "x" * (width - len(text)) + text[9:]


lines = [person(1, 1200000, -1)] + [person(i, 150, i % 7 - 1) for i in range(2, 6902)]
lines.append(person(6902, 300000, -5))
lines.append(person(6903, 150, -2))
data = ("\n".join(lines) + "\n").encode()
out, err = expect()
check("jsonl long lines", ["validate", "--jsonl"] + PERSON + ["-"], stdin=data, rc=1, out=out,
      err=err)


# 5. --stateful --shard of JSON Lines by task_id: 6700 lines of task "a" (shard 1 of 2: about
# 1 MB, none of them this shard's) before a 200 KB line of task "b" (shard 2): the buffer starts
# over with the long line; shard 2/2 reports lines 6701 and 6702 only
import json  # noqa: E402

lines = ['{"task_id":"a","pad":"%s"}' % ("x" * 130)] * 6700
lines += ['{"task_id":"b","pad":"%s"}' % ("y" * 200000), '{"task_id":"b"}']
data = ("\n".join(lines) + "\n").encode()
rc, out, err = check("jsonl stateful shard by task", ["validate", "--profile", "mailbox", "--jsonl",
                     "--stateful", "--shard", "2/2", "--format", "json", "-"], stdin=data, rc=1,
                     out=None, err="valid=0 invalid=2\n")
recs = [json.loads(x) for x in out.splitlines()] if rc == 1 else []
got = [(r.get("line"), r.get("valid")) for r in recs[:-1]] + [recs[-1] if recs else None]
want = [(6701, False), (6702, False),
        {"summary": {"valid": 0, "invalid": 2, "unparseable": 0, "status": 1, "shard": "2/2"}}]
if got != want:
    fail("jsonl stateful shard by task: %r" % got)
finish()
