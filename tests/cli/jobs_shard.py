#!/usr/bin/env python3
"""-j N and --shard K/N (issue 18): for schema and profile runs over JSON Lines, directories and
stdin, in every output format,
  1. `-j 2` and `-j 3` print exactly what `-j 1` prints (stdout and stderr byte for byte, same
     exit status), across batch boundaries (a generated JSON Lines file of 5000+ lines with
     invalid, unparseable, blank and too-long lines);
  2. the shards of a run (N = 3, and N = 7 with more shards than files) merged by `amc report
     merge` equal the unsharded run's JSON report (records and summary) and exit status; an empty
     shard writes its summary with zero counts;
  3. `--stateful --shard` keeps one task's messages in one shard: each mailbox session fixture
     (conformance/mailbox/inputs/*.jsonl: redelivery, conflicts, order) sharded and merged equals
     the unsharded session (with lines dealt by position, the redelivery and order findings would
     be lost).
Usage: jobs_shard.py AMC (run from the source tree)."""
import json
import os
import subprocess
import sys
import tempfile

AMC = sys.argv[1]
EX = "examples/schemas"
PERSON = ["--schema", "tests/data/schema/person.schema.json",
          "--schema", "tests/data/schema/address.schema.json"]
failures = []
checked = 0


def run(args, stdin=None):
    p = subprocess.run([AMC] + args, input=stdin, capture_output=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def check(cond, what):
    global checked
    checked += 1
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def same_for_jobs(args, stdin=None, label=None):
    args = ["validate"] + args
    ref = run(args + ["-j", "1"], stdin)
    check(ref[0] in (0, 1, 2), f"{label or args}: exit {ref[0]}")
    for j in (2, 3):
        got = run(args + ["-j", str(j)], stdin)
        check(got == ref, f"-j {j} differs from -j 1: {label or ' '.join(args)} "
                          f"(exit {got[0]} vs {ref[0]}, stdout {len(got[1])} vs {len(ref[1])} "
                          f"bytes, stderr {len(got[2])} vs {len(ref[2])})")
    return ref


def audit_same_for_jobs(args, label):
    """amc audit -j 2 / -j 3 against -j 1 (the summary's timing figures aside)."""
    import re

    def norm(r):
        return r[0], r[1], re.sub(rb"[0-9.]+ s, [0-9]+ files/s", b"T", r[2])
    ref = norm(run(["audit", "--stats"] + args + ["-j", "1"]))
    check(ref[0] in (0, 1) and b"files" in ref[2], f"audit {label}: exit {ref[0]}")
    for j in (2, 3):
        got = norm(run(["audit", "--stats"] + args + ["-j", str(j)]))
        check(got == ref, f"audit -j {j} differs from -j 1: {label} (exit {got[0]} vs {ref[0]}, "
                          f"stdout {len(got[1])} vs {len(ref[1])} bytes)")


def sharded_equals_whole(args, n, tmp, label):
    args = ["validate"] + args
    whole = run(args + ["-j", "2"])
    parts = []
    for k in range(1, n + 1):
        rc, out, _ = run(args + ["--shard", f"{k}/{n}", "-j", "2"])
        check(rc in (0, 1, 2), f"{label}: shard {k}/{n}: exit {rc}")
        path = os.path.join(tmp, f"part-{k}")
        with open(path, "wb") as f:
            f.write(out)
        parts.append(path)
    # given in reverse order: the merge sorts
    rc, merged, err = run(["report", "merge"] + parts[::-1])
    check(rc == whole[0], f"{label}: merge of {n} shards exits {rc}, the whole run {whole[0]} "
                          f"({err.decode(errors='replace').strip()})")
    check(merged == whole[1], f"{label}: merge of {n} shards differs from the whole run")
    return parts


with tempfile.TemporaryDirectory(prefix="amc-jobs-") as tmp:
    # a JSON Lines file crossing batch boundaries: valid, invalid, unparseable, blank, too long
    src = open("tests/data/schema/people.jsonl", encoding="utf-8").read().splitlines()
    big = os.path.join(tmp, "big.jsonl")
    with open(big, "w", encoding="utf-8") as f:
        for i in range(5200):
            line = src[i % len(src)]
            if i % 997 == 0:
                line = "   "
            if i % 1201 == 5:
                line = '{"name": "' + "x" * 3000 + '"}'
            f.write(line + "\n")
        f.write(src[2])  # the last line without a newline
    small = ["--max-size", "2K"]
    for fmt in ("text", "json", "sarif"):
        same_for_jobs(PERSON + ["--jsonl", "--format", fmt] + small + [big], label=f"jsonl {fmt}")
    same_for_jobs(PERSON + ["--jsonl", "--first-error", big, "tests/data/schema/people.jsonl",
                            "missing.jsonl"], label="jsonl, a missing input")
    with open(big, "rb") as f:
        same_for_jobs(PERSON + ["--jsonl", "-"], stdin=f.read(), label="jsonl stdin")
    # the JSON Lines reader against a golden made line by line (not -j 1 against -j 2): 20 000
    # lines (several batches, whose ends fall in the middle of a read), lines longer than a read
    # (64 KiB) that are kept, too-long ones, blank ones, no newline at the end. Every record must
    # be its line's record alone, at the line's number and byte offsets.
    kinds = src + ["", "   ", '{"name": "' + "y" * 3000 + '"}', '{"name": "' + "z" * 150000 + '"}',
                   '{"name": ' + "[" * 70000]
    lines = []
    for i in range(20000):
        k = i % len(src)
        if i % 997 == 0:
            k = len(src) + i % 2
        if i % 1201 == 5:
            k = len(src) + 2
        if i % 4001 == 7:
            k = len(src) + 3 + i % 2
        lines.append(k)
    gold = os.path.join(tmp, "gold.jsonl")
    with open(gold, "w", encoding="utf-8") as f:
        f.write("\n".join(kinds[k] for k in lines))  # no newline after the last
    one = {}
    for k, text in enumerate(kinds):  # each kind's record alone, at line 1 offset 0
        path = os.path.join(tmp, "one.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        for lim in ([], ["--max-size", "100K"]):
            rc, out, _ = run(["validate"] + PERSON + ["--jsonl", "--format", "json"] + lim + [path])
            recs = [json.loads(x) for x in out.decode().splitlines() if '"summary"' not in x]
            one[k, len(lim)] = recs[0] if recs else None

    def moved(rec, lineno, off):
        rec = json.loads(json.dumps(rec))
        rec["file"] = gold
        rec["line"] = lineno
        for d in rec.get("diagnostics", []):
            if "position" in d:
                d["position"]["line"] += lineno - 1
                d["position"]["offset"] += off
        return rec

    for lim in ([], ["--max-size", "100K"]):
        want, off = [], 0
        for i, k in enumerate(lines):
            if one[k, len(lim)] is not None:
                want.append(moved(one[k, len(lim)], i + 1, off))
            off += len(kinds[k].encode()) + 1
        for j in ("1", "2", "3"):
            rc, out, _ = run(["validate"] + PERSON + ["--jsonl", "--format", "json", "-j", j] +
                             lim + [gold])
            got = [json.loads(x) for x in out.decode().splitlines() if '"summary"' not in x]
            bad = [(a, b) for a, b in zip(got, want) if a != b][:1]
            check(got == want, f"gold.jsonl -j {j} {lim}: {len(got)} records, {len(want)} "
                               f"expected; first difference {bad}")

    # directories of whole files (schema and profiles), text / json / sarif
    for fmt in ("text", "json", "sarif"):
        same_for_jobs(PERSON + ["--format", fmt, "tests/data/schema/dir",
                                "tests/data/schema/person-invalid.json", "nonexistent.json",
                                "tests/data/schema/not-json.json"], label=f"files {fmt}")
        same_for_jobs(["--profile", "mailbox", "--format", fmt, "conformance/mailbox/inputs"],
                      label=f"mailbox dir {fmt}")
    same_for_jobs(["--profile", "auto", "conformance/ignite/inputs"], label="auto dir")
    same_for_jobs(["--profile", "mailbox", "--jsonl", "conformance/mailbox/inputs"],
                  label="mailbox jsonl dir")
    same_for_jobs(["--profile", "mailbox", "--stateful", "--jsonl", "conformance/mailbox/inputs"],
                  label="mailbox stateful")
    same_for_jobs(PERSON + ["tests/data/schema/textonly"], label="a directory without instances")

    # amc audit -j N: files checked in parallel, cross-file rules and output in walk order
    for ws in sorted(os.listdir("tests/data/audit")):
        for fmt in ("text", "json", "sarif", "html"):
            audit_same_for_jobs(["--format", fmt, os.path.join("tests/data/audit", ws)],
                                f"{ws} {fmt}")
    audit_same_for_jobs(["--stateful", "tests/data/audit/mailbox-bad"], "stateful (one thread)")
    # a tree of 3000 messages, 10% of them duplicates of an earlier one, some in dead_letter
    big_ws = os.path.join(tmp, "ws")
    msg = open("conformance/ignite/inputs/workspace/queue/coordinator/"
               "task_completed_1770692606249438.mime", encoding="utf-8").read().split("\n")
    for i in range(3000):
        sub = ["", "processed", "../dead_letter"][i % 3]
        d = os.path.normpath(os.path.join(big_ws, "queue", "coordinator", sub))
        os.makedirs(d, exist_ok=True)
        mid = i - 7 if i % 10 == 9 else i
        body = "\n".join(f"Message-ID: <{1770692606 + mid}.{mid}.1@ignite.local>"
                         if x.startswith("Message-ID:") else x for x in msg)
        with open(os.path.join(d, f"task_completed_{1770692606249438 + i:016d}.mime"), "w",
                  encoding="utf-8") as f:
            f.write(body)
    for fmt in ("text", "json"):
        audit_same_for_jobs(["--format", fmt, big_ws], f"3000-file tree {fmt}")

    # shards merged = the whole run
    sharded_equals_whole(PERSON + ["--jsonl", "--format", "json"] + small + [big], 3, tmp,
                         "jsonl, 3 shards")
    sharded_equals_whole(PERSON + ["--jsonl", "--format", "json", big,
                                   "tests/data/schema/people.jsonl"], 4, tmp, "two jsonl, 4 shards")
    sharded_equals_whole(["--profile", "mailbox", "--format", "json",
                          "conformance/mailbox/inputs"], 3, tmp, "mailbox dir, 3 shards")
    sharded_equals_whole(PERSON + ["--format", "json", "tests/data/schema/dir"], 7, tmp,
                         "a small dir, 7 shards (some empty)")
    # an empty shard: its summary with zero counts
    rc, out, _ = run(["validate"] + PERSON + ["--jsonl", "--format", "json", "--shard", "3/3",
                               "tests/data/schema/last-line-no-newline.jsonl"])
    lines = out.decode().splitlines()  # the file has one line: shard 3/3 is empty
    check(rc == 0 and lines == ['{"summary":{"valid":0,"invalid":0,"unparseable":0,'
                                '"status":0,"shard":"3/3"}}'],
          f"an empty shard: exit {rc}, {lines}")
    # every shard together holds every line exactly once
    seen = []
    for k in (1, 2, 3):
        rc, out, _ = run(["validate"] + PERSON + ["--jsonl", "--format", "json", "--shard",
                                                  f"{k}/3", big])
        recs = [json.loads(x) for x in out.decode().splitlines()]
        check("summary" in recs[-1] and recs[-1]["summary"].get("shard") == f"{k}/3",
              f"shard {k}/3: the last record is its summary")
        check(all((r["line"] - 1) % 3 == k - 1 for r in recs[:-1]),
              f"shard {k}/3 holds a line of another shard")
        seen += [r["line"] for r in recs[:-1]]
    check(len(seen) == len(set(seen)), "a line is in two shards")

    # stateful: a task's messages stay together
    for f in sorted(os.listdir("conformance/mailbox/inputs")):
        if f.endswith(".jsonl"):
            sharded_equals_whole(["--profile", "mailbox", "--stateful", "--jsonl", "--format",
                                  "json", os.path.join("conformance/mailbox/inputs", f)], 3, tmp,
                                 f"stateful {f}, 3 shards")

    # usage errors
    for bad in ("0/3", "4/3", "3", "a/b", "1/0", "1/3x", "/3"):
        rc, _, err = run(["validate"] + PERSON + ["--shard", bad, "tests/data/schema/person-valid.json"])
        check(rc == 2 and b"--shard" in err, f"--shard {bad}: exit {rc}, {err!r}")

print(f"{checked} checks, {len(failures)} failures")
sys.exit(1 if failures else 0)
