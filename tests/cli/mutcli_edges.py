#!/usr/bin/env python3
"""Edges of src/cli that surviving mutants showed no test pinned (issue 22; the 300-mutant run of
25e6323 and the CI sample of seed 22), one block per behaviour:
  1. a mistyped command equally far from two commands is taken for the first of them
     ("tparce": parse, not trace; cli_opt.c cli_suggest keeps the first best); two letters
     that begin one command only suggest it ("va": validate), one letter nothing,
  2. --shard K/N: each number has at most 11 digits ("000000000001/1" is refused, as is
     "1/000000000001"; "00000000001/00000000001" is 1/1), N at most 2^31, 1 <= K <= N
     (cli_util.c cli_parse_shard),
  3. amc bowtie: a $ref to a document the case's registry does not hold (no registry, or a
     registry that is not an object) is an errored case, not a crash (cmd_bowtie.c
     registry_loader),
  4. amc audit --stats: the summary counts a top folder under its name up to 63 bytes; a
     longer name is counted under "./"; two files of one folder count 2, folders of one length stay apart
     (cmd_audit.c count_top),
  5. amc audit --format html: the lanes come from the files' task_id, From/from and To/to values
     as find_value reads them: a JSON member (to its closing quote), a YAML key with a quoted or
     plain value, a MIME header ended by CRLF, a JSON number member (to ',' or '}'), a value cut
     at 200 bytes; not a key inside a word ("xfrom:", "fromage:", '"to_:'), an empty value, a
     key at the end of the file or without its colon; a name that ends in a 2-byte character keeps it (cli_html.c
     utf8_len at the end of a string; cli_html_trace.c find_value),
  6. the trace timeline shows the 40 lanes of most events (ties: the first lanes), not the first
     40 lanes (cli_html_trace.c cmp_part_lane),
  7. amc conform --html counts the cases the expected-failure list excused (cli_html_conform.c),
  8. HTML text keeps every valid UTF-8 character at the edges of the ranges (U+0080, U+07FF,
     U+0800, U+D7FF, U+E000, U+FFFF, U+10000, U+10FFFF) and shows each byte of the invalid
     neighbours (overlong forms, surrogates, past U+10FFFF, a bad lead byte, a continuation
     byte or 0xF9 followed by three continuation bytes) as U+FFFD (cli_html.c utf8_len),
  9. amc rules --format markdown prints the defaults even beside a .amc.yaml that does not load,
     and amc rules --no-config does not read a .amc.yaml it would find (cmd_rules.c),
 10. amc trace check totals: at most 64 event names are counted by name (70 unknown events,
     their rule turned off: the replay goes on, 70 events, the first 64 names; cmd_trace.c),
 11. an adapter that closes its output and exits a moment later: amc conform waits for it (up to
     0.1 s) and says how it exited; one that stays (2 s) is not waited for (cli_conform.c
     cli_proc_wait),
 12. a number of seconds (amc conform --timeout, at most 86400): a decimal number, optionally
     with a trailing 's', above 0; not 0, negative, NaN, infinite, out of range, another suffix,
     empty (cli_opt.c); a mistyped command longer than 64 bytes gets no suggestion,
 13. amc validate on a folder with nothing to check says which files it looked for (by mode:
     --jsonl, a schema, --profile ignite, auto, another profile; "after --exclude" when that
     left nothing) and exits 2 (cmd_validate.c).
Usage: mutcli_edges.py AMC (run from the source tree)."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
FFFD = "\ufffd".encode()


def run(args, stdin=None, cwd=None):
    return subprocess.run([AMC] + args, input=stdin if stdin is not None else b"",
                          capture_output=True, timeout=120, cwd=cwd)


def check(ok, what):
    if not ok:
        failures.append(what)


# 1. the first of two equally close commands
p = run(["tparce"])
check(p.returncode == 2, f"tparce: exit {p.returncode}")
check(p.stderr.decode().startswith("amc: unknown command 'tparce'; did you mean 'parse'?"),
      f"tparce: {p.stderr[:200]!r}")
# two letters that start one command only: that command (a prefix needs at least two)
for word, rest in (("va", "; did you mean 'validate'?\n"), ("v", "\n")):
    p = run([word])
    check(p.returncode == 2 and p.stderr.decode().startswith(f"amc: unknown command '{word}'{rest}"),
          f"{word}: {p.stderr[:200]!r}")

# 3. bowtie: a $ref the registry cannot serve
REF = {"$ref": "http://example.com/other.json"}
lines = [{"cmd": "start", "version": 1},
         {"cmd": "dialect", "dialect": "https://json-schema.org/draft/2020-12/schema"}]
for seq, reg in ((1, None), (2, [1]), (3, {"http://example.com/other.json": {"type": "string"}})):
    case = {"description": "d", "schema": REF, "tests": [{"description": "t", "instance": 1}]}
    if reg is not None:
        case["registry"] = reg
    lines.append({"cmd": "run", "seq": seq, "case": case})
lines.append({"cmd": "stop"})
p = run(["bowtie"], ("\n".join(json.dumps(x) for x in lines) + "\n").encode())
out = p.stdout.decode().splitlines()
check(p.returncode == 0 and len(out) == 5, f"bowtie: exit {p.returncode}, {len(out)} lines")
unresolved = ('"errored":true,"context":{"message":"SCHEMA_REF_UNRESOLVED: $ref '
              '\\"http://example.com/other.json\\" (http://example.com/other.json) cannot be '
              'resolved"}}')
check(len(out) > 2 and out[2] == '{"seq":1,' + unresolved, f"bowtie seq 1: {out[2:3]!r}")
check(len(out) > 3 and out[3] == '{"seq":2,' + unresolved, f"bowtie seq 2: {out[3:4]!r}")
check(len(out) > 4 and out[4] == '{"seq":3,"results":[{"valid":false}]}',
      f"bowtie seq 3: {out[4:5]!r}")

with tempfile.TemporaryDirectory(prefix="amc-mutcli-") as t:
    # 2. --shard: at most 11 digits a number
    inst = os.path.join(t, "inst.jsonl")
    with open(inst, "w") as f:
        f.write(json.dumps(json.load(open("tests/data/schema/person-valid.json"))) + "\n")
    person = ["--schema", "tests/data/schema/person.schema.json",
              "--schema", "tests/data/schema/address.schema.json", "--jsonl", inst]
    for s in ("000000000001/1", "1/000000000001", "1/2147483649", "0/1", "2/1", "/1", "1/",
              "1/2x", "1x2", "1-2"):
        p = run(["validate", "--shard", s] + person)
        check(p.returncode == 2 and p.stderr.decode() ==
              f"amc validate: --shard: '{s}' is not K/N (whole numbers, 1 <= K <= N)\n",
              f"--shard {s}: exit {p.returncode}, {p.stderr[:200]!r}")
    for s, n in (("00000000001/00000000001", 1), ("9/19", 0), ("2147483648/2147483648", 0)):
        p = run(["validate", "--shard", s] + person)
        check(p.returncode == 0 and p.stderr == b"valid=%d invalid=0\n" % n,
              f"--shard {s}: exit {p.returncode}, {p.stderr[:200]!r}")

    # 4. audit: a 63-byte top folder by name, a 64-byte one under ./
    ws = os.path.join(t, "ws")
    shutil.copytree("tests/data/audit/mailbox-good", ws)
    for name in ("d" * 63, "e" * 64, "f", "g"):
        os.makedirs(os.path.join(ws, name))
        for x in ("x.json", "y.json") if name == "f" else ("x.json",):
            with open(os.path.join(ws, name, x), "w") as f:
                f.write("{}\n")
    p = run(["audit", "--stats", "-j", "1", ws])
    err = p.stderr.decode()
    m = re.search(r"entries not read;(.*); \d+ errors", err)
    tops = m.group(1).split(" ") if m else []
    check(p.returncode == 0 and m is not None, f"audit: exit {p.returncode}, {err[-300:]!r}")
    check(tops[-2:] == ["./", "1"], f"audit: the 64-byte folder not counted under ./: {tops!r}")
    check("d" * 63 + "/" in tops and not any(x.startswith("e") for x in tops),
          f"audit: top folders {tops!r}")
    check(" f/ 2 " in m.group(1) + " " and " g/ 1 " in m.group(1) + " " if m else False,
          f"audit: two files under f/, one under g/: {tops!r}")

    # 5. audit html: lanes from the values find_value reads
    q = os.path.join(t, "ws2", "q")
    os.makedirs(q)
    files = {
        "a_1770692606249401.json": '{"task_id": "T-json", "from":"alice","to": "bob"}\n',
        "b_1770692606249402.yaml": "task_id: 'T-yaml'\nfrom: dave  \nto: \"quoted-to\"\n",
        "c_1770692606249403.mime": "From: erin\r\nTo: frank\r\nSubject: s\r\n\r\nbody\n",
        "d_1770692606249404.yaml": "from: " + "L" * 250 + "\n",
        "e_1770692606249405.json": '{"task_id": 7, "sender_id": "gina","to":"hal"}\n',
        "f_1770692606249406.json": '{"task_id":"T-compact"}\n',
        "g_1770692606249407.yaml": "xfrom: not-me\nfrom:\t\tzed\nto: \nfrom_x: no\n",
        "h_1770692606249408.json": '{"from" :  "yan", "to": "" , "task_id"',
        "i_1770692606249409.yaml": 'note: "to": quoted-key-alone\n"to"x: no\nto',
        "j_1770692606249410.yaml": "from: z\u00e9\n",  # a name that ends in a 2-byte character
        "k_1770692606249411.yaml": 'fromage: cheese\nnote "to_: no\nfrom: kim\n',
    }
    for name, text in files.items():
        with open(os.path.join(q, name), "w", newline="", encoding="utf-8") as f:
            f.write(text)
    p = run(["audit", "--format", "html", os.path.join(t, "ws2")])
    lanes = sorted(set(re.findall(r'data-lane="([^"]*)"', p.stdout.decode("utf-8", "replace"))))
    want = sorted(["agent:" + "L" * 200, "agent:alice", "agent:bob", "agent:dave", "agent:erin",
                   "agent:frank", "agent:gina", "agent:hal", "agent:quoted-key-alone",
                   "agent:quoted-to", "agent:yan",
                   "agent:zed", "agent:z\u00e9", "agent:kim", "folder:q",
                   "task:7", "task:T-compact", "task:T-json", "task:T-yaml"])
    check(lanes == want, f"audit html: lanes {lanes!r}\n  want {want!r}")

    # 7. conform --html: the excused count
    xf = os.path.join(t, "xfail.txt")
    with open(xf, "w") as f:
        f.write("mailbox-env-001-valid-task-assignment # known\n")
    page = os.path.join(t, "c.html")
    p = run(["conform", "--impl-exec", "false {file}", "--xfail", xf, "--html", page,
             "--filter", "mailbox-env-00*"])
    html = open(page, encoding="utf-8").read() if os.path.exists(page) else ""
    check(p.returncode == 1, f"conform: exit {p.returncode}")
    check('<span class="n-excused">1</span>' in html, "conform html: the excused count is not 1")

    # 9. rules: markdown never reads a .amc.yaml; --no-config does not look for one
    repo = os.path.join(t, "repo")
    os.makedirs(os.path.join(repo, ".git"))
    ref = run(["rules", "--format", "markdown", "--no-config"])
    with open(os.path.join(repo, ".amc.yaml"), "w") as f:
        f.write("rules: [unclosed\n")
    p = run(["rules", "--format", "markdown"], cwd=repo)
    check(p.returncode == 0 and p.stdout == ref.stdout and p.stderr == b"",
          f"rules markdown beside a broken .amc.yaml: exit {p.returncode}, {p.stderr[:200]!r}")
    with open(os.path.join(repo, ".amc.yaml"), "w") as f:
        f.write("rules:\n  JSON_SYNTAX: off\n")
    p = run(["rules"], cwd=repo)
    check(p.stdout.startswith(b"# effective severities: "), "rules: the .amc.yaml not found")
    ref = run(["rules", "--no-config"])
    p = run(["rules", "--no-config"], cwd=repo)
    check(p.returncode == 0 and p.stdout == ref.stdout and b"effective" not in p.stdout,
          f"rules --no-config read the .amc.yaml: {p.stdout[:120]!r}")

# 6. the timeline's 40 lanes: most events first, then the first lanes
lines = [json.dumps({"event": "enqueue", "t": i, "msg": f"m-{i}"}) for i in range(45)]
lines += [json.dumps({"event": "claim", "t": 100 + i, "msg": f"m-{i}", "worker": "wz"})
          for i in range(40, 45)]
p = run(["trace", "check", "--profile", "ignite", "--format", "html", "-"],
        ("\n".join(lines) + "\n").encode())
page = p.stdout.decode("utf-8", "replace")
check(p.returncode == 0, f"trace html: exit {p.returncode}")
check("events 1&ndash;50 (lines 1&ndash;50): 46 lanes, 40 shown, 6 folded into one row" in page,
      "trace html: not 46 lanes, 40 shown")
shown = re.findall(r'data-lane="([^"]*)"', page)
want = [f"msg:m-{i}" for i in list(range(34)) + list(range(40, 45))] + ["agent:wz"]
check(shown == want, f"trace html: lanes shown {shown!r}")

# 8. UTF-8 at the edges of the ranges (valid: kept; invalid: U+FFFD a byte)
valid = [b"\xc2\x80", b"\xdf\xbf", b"\xe0\xa0\x80", b"\xed\x9f\xbf", b"\xee\x80\x80",
         b"\xef\xbd\x88", b"\xef\xbf\xbf", b"\xf0\x90\x80\x80", b"\xf4\x8f\xbf\xbf"]
invalid = [b"\xc1\xbf", b"\xe0\x9f\xbf", b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xf0\x8f\xbf\xbf",
           b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xc0\x80", b"\xf8\x88\x80\x80\x80",
           b"\x81\x80\x80\x80", b"\xf9\x80\x80\x80"]
text = b" | ".join(valid + invalid)
want = b" | ".join(valid + [FFFD * len(x) for x in invalid])
p = run(["trace", "check", "--profile", "ignite", "--format", "html", "-"],
        b'{"event":"enqueue","t":0,"msg":"' + text + b'"}\n')
check(p.returncode == 1, f"trace html utf-8: exit {p.returncode}, want 1")
check(want in p.stdout, "trace html: UTF-8 edges not kept or replaced as expected")

# 10. 70 event names: 64 counted by name
trace = "".join(json.dumps({"event": "ev%02d" % i, "t": i, "msg": "m"}) + "\n" for i in range(70))
p = run(["trace", "check", "--profile", "ignite", "--disable", "LC_EVENT_INVALID", "-"],
        trace.encode())
out = p.stdout.decode().splitlines()
check(p.returncode == 0 and len(out) == 3 and out[0] == "<stdin>: legal trace; 70 lines, 70 events",
      f"trace 70 names: exit {p.returncode}, {out[:1]!r}")
check(len(out) == 3 and out[1] == "  events: " + " ".join("ev%02d=1" % i for i in range(64)),
      f"trace 70 names: {out[1:2]!r}")

# 11. the adapter's exit status, 20 ms after it closed its output
p = run(["conform", "--impl", "exec >&-; sleep 0.02; exit 3", "--filter",
         "mailbox-env-001*"])
check(p.returncode == 3 and p.stderr.decode().startswith(
    "amc conform: implementation not reached: adapter exited with status 3 (crash?)\n"),
    f"conform adapter exit: exit {p.returncode}, {p.stderr[:200]!r}")

# ... and one that closes its output but goes on running: amc stops waiting after 0.1 s
p = run(["conform", "--impl", "exec >&-; sleep 2; exit 4", "--filter", "mailbox-env-001*"])
check(p.returncode == 3 and p.stderr.decode().startswith(
    "amc conform: implementation not reached: adapter exited or closed its output (crash?)\n"),
    f"conform adapter alive: exit {p.returncode}, {p.stderr[:200]!r}")

# 12. seconds
for v in ("86400", "86400s", "1e-9", "0.5s"):
    p = run(["conform", "--check-suite", "--timeout", v])
    check(p.returncode == 0 and p.stdout.endswith(b" cases checked: ok\n"),
          f"--timeout {v}: exit {p.returncode}, {p.stderr[-200:]!r}")
for v in ("0", "-1", "nan", "inf", "1e999", "86400.5", "5S", "5ss", "s", ""):
    p = run(["conform", "--check-suite", "--timeout", v])
    check(p.returncode == 2 and p.stderr.decode().startswith(
        f"amc conform: --timeout: '{v}' is not a number of seconds (0 < S <= 86400)\n"),
        f"--timeout {v!r}: exit {p.returncode}, {p.stderr[-200:]!r}")
p = run(["v" * 70])
check(p.returncode == 2 and p.stderr.decode().startswith("amc: unknown command '%s'\n" % ("v" * 70)),
      f"a 70-byte command: {p.stderr[:120]!r}")

# 13. a folder with nothing to validate
with tempfile.TemporaryDirectory(prefix="amc-mutcli-dir-") as t:
    with open(os.path.join(t, "a.json"), "w") as f:
        f.write("{}\n")
    empty = os.path.join(t, "empty")
    os.makedirs(empty)
    schema = ["--schema", "tests/data/schema/person.schema.json",
              "--schema", "tests/data/schema/address.schema.json"]
    here = " in this directory"
    for args, folder, what in ((["--profile", "auto", "--exclude", "a*"], t,
                                "*.mime or *.json file" + here + " (after --exclude)"),
                               (["--profile", "auto"], empty, "*.mime or *.json file" + here),
                               (["--profile", "mailbox", "--jsonl"], empty,
                                "*.jsonl or *.ndjson file" + here),
                               (["--profile", "ignite"], empty, "*.mime file" + here),
                               (["--profile", "acp"], empty, "*.json file" + here),
                               (schema, empty, "*.json, *.yaml or *.yml file" + here)):
        p = run(["validate"] + args + [folder])
        err = p.stderr.decode()
        check(p.returncode == 2 and
              err.startswith(f"amc validate: {folder}: no {what}: nothing to validate\n"),
              f"validate {args} {folder}: exit {p.returncode}, {err[:200]!r}")

for f in failures:
    print("FAIL", f)
print(f"mutcli_edges: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
