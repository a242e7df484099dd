#!/usr/bin/env python3
"""amc report html and amc bowtie on inputs no other test gives them (issue 22, helper clibr),
each with its exact output:
  1. amc report html of crafted conform reports: two reports of one implementation (same name,
     version and mode: one column, "(2 reports)", their verdicts differ: "mixed"), the same
     implementation in another mode (its own column), an implementation with an empty name
     ("(unknown)"); a case without "profile" (left out), one case id in two profiles (two rows),
     a case without "outcome" ("?"; the only case of its profile: an empty bar), an id with a
     DEL character (U+FFFD), every bad outcome (fail, error, not-tested, xpass) counted
     against the score, skip not measured; disagreeing rows; -o to a full disk and to a folder
     that does not exist (exit 2 with the reason) (cli_html_report.c),
  2. amc bowtie's start reply names the OS as /etc/os-release says (ID, VERSION_ID; a value in
     double quotes loses them, one without keeps every character) (cmd_bowtie.c add_os),
  3. amc bowtie: a start without a version, with "1" or 1.5 (exit 2); a dialect request without
     a dialect ({"ok": false}); a case registry with an empty key and a key ending in '#' (the
     document it names is served), an empty registry (the $ref is unresolved: errored); a test
     asking for "basic" output (answered); a request whose "cmd" is not a string (exit 2)
     (cmd_bowtie.c cmd_start, cmd_dialect, registry_loader, handle).
Usage: clibr_report.py AMC (run from the source tree)."""
import json
import os
import re
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(args, stdin=b"", cwd=None):
    return subprocess.run([AMC] + args, input=stdin, capture_output=True, timeout=60, cwd=cwd)


def rep(name, ver, mode, verdict, cases):
    return {"report": "amc-conform", "implementation": {"name": name, "version": ver},
            "mode": mode, "verdict": verdict, "gate": "pass", "cases": cases}


def case(i, prof, outcome, rule="R-1"):
    d = {"id": i, "rule": rule, "level": "MUST", "message": ""}
    if prof is not None:
        d["profile"] = prof
    if outcome is not None:
        d["outcome"] = outcome
    return d


# 1. amc report html
with tempfile.TemporaryDirectory(prefix="amc-clibr-report-") as t:
    reps = {
        "a1.json": rep("a", "1", "exec", "conformant",
                       [case("c1", "ignite", "pass"), case("c2", "ignite", "xpass"),
                        case("c1", "mailbox", None), case("nop", None, "pass"),
                        case("c\x7f9", "discussion", None),
                        case("c4", "mailbox", "skip")]),
        "a2.json": rep("a", "1", "exec", "not-conformant", [case("c5", "ignite", "fail")]),
        "a3.json": rep("a", "1", "serve", "conformant", [case("c1", "ignite", "pass")]),
        "b.json": rep("", "2", "exec", "conformant",
                      [case("c1", "ignite", "error"), case("c2", "ignite", "not-tested")]),
    }
    for name, r in reps.items():
        with open(os.path.join(t, name), "w") as f:
            json.dump(r, f)
    p = run(["report", "html", "a1.json", "a2.json", "a3.json", "b.json"], cwd=t)
    page = p.stdout.decode()
    check(p.returncode == 0 and p.stderr == b"", f"report html: exit {p.returncode} {p.stderr!r}")
    heads = re.findall(r'<th class="impl" data-impl="\d">(.*?)</th>', page)
    want_heads = [
        '<span class="impl-name">a</span> <span class="meta impl-version">1</span><br><span '
        'class="badge v-mixed">mixed</span> <span class="meta">(2 reports)</span>',
        '<span class="impl-name">a</span> <span class="meta impl-version">1</span><br><span '
        'class="badge v-conformant">conformant</span>',
        '<span class="impl-name">(unknown)</span> <span class="meta impl-version">2</span><br>'
        '<span class="badge v-conformant">conformant</span>']
    check(heads == want_heads * 4, f"report html: the implementation heads {heads!r}")
    rows = re.findall(r'<tr class="caserow[^>]*>', page)
    want_rows = [
        '<tr class="caserow dis" data-disagree="1" data-case="c1" data-profile="ignite" '
        'data-outcomes="pass error">',
        '<tr class="caserow dis" data-disagree="1" data-case="c2" data-profile="ignite" '
        'data-outcomes="xpass absent not-tested">',
        '<tr class="caserow dis" data-disagree="1" data-case="c5" data-profile="ignite" '
        'data-outcomes="fail absent">',
        '<tr class="caserow dis" data-disagree="1" data-case="c1" data-profile="mailbox" '
        'data-outcomes="absent">',
        '<tr class="caserow dis" data-disagree="1" data-case="c4" data-profile="mailbox" '
        'data-outcomes="skip absent">',
        '<tr class="caserow dis" data-disagree="1" data-case="c\ufffd9" data-profile="discussion" '
        'data-outcomes="absent">']
    check(rows == want_rows, f"report html: the case rows {rows!r}")
    check('<td class="cell o-?" data-impl="0" data-outcome="?">?</td>' in page,
          "report html: a case without an outcome shows '?'")
    check('data-case="nop"' not in page, "report html: a case without a profile is left out")
    scores = re.findall(r'<tr class="scorerow" data-profile="([^"]*)">(.*?)</tr>', page)
    got = [(prof, re.findall(r'<td class="score[^"]*" data-impl="(\d)">(?:<b class="n-score">'
                             r'([^<]*)</b> <span class="meta">measured <span class="n-measured">'
                             r'([^<]*)</span>|&mdash;)', cells))
           for prof, cells in scores]
    want = [("ignite", [("0", "33.3%", "3 of 3"), ("1", "100.0%", "1 of 1"),
                        ("2", "0.0%", "1 of 2")]),
            ("mailbox", [("0", "0.0%", "1 of 2"), ("1", "", ""), ("2", "", "")]),
            ("discussion", [("0", "0.0%", "1 of 1"), ("1", "", ""), ("2", "", "")]),
            ("", [("0", "20.0%", "5 of 6"), ("1", "100.0%", "1 of 1"), ("2", "0.0%", "1 of 2")])]
    check(got == want, f"report html: the scores {got!r}")
    check('<span class="n-cases">6</span> cases, <span class="n-disagree">6</span>' in page,
          "report html: 6 cases, 6 disagree")
    # the discussion score of the first column: one case, no outcome: an empty bar
    disc = re.search(r'<tr class="scorerow" data-profile="discussion">(.*?)</tr>', page)
    check(disc is not None and disc.group(1).count('<rect class="b-empty"') == 1,
          "report html: the empty bar of a column whose only case has no outcome")
    p = run(["report", "html", "-o", "/dev/full", "a1.json"], cwd=t)
    check(p.returncode == 2 and p.stdout == b"" and
          p.stderr == b"amc report html: cannot write the page: No space left on device\n",
          f"report html -o /dev/full: exit {p.returncode} {p.stderr!r}")
    p = run(["report", "html", "-o", os.path.join(t, "no", "x.html"), "a1.json"], cwd=t)
    check(p.returncode == 2 and p.stdout == b"" and
          p.stderr.decode() == "amc report html: cannot write %s: No such file or directory\n"
          % os.path.join(t, "no", "x.html"),
          f"report html -o no/x.html: exit {p.returncode} {p.stderr!r}")
    p = run(["report", "html", "-o", os.path.join(t, "page.html"), "a3.json"], cwd=t)
    with open(os.path.join(t, "page.html"), encoding="utf-8") as f:
        written = f.read()
    check(p.returncode == 0 and p.stdout == b"" and p.stderr == b"" and
          written.startswith("<!DOCTYPE html>") and written.rstrip().endswith("</html>") and
          'data-case="c1" data-profile="ignite" data-outcomes="pass">' in written,
          f"report html -o page.html: exit {p.returncode} {p.stderr!r} {written[:60]!r}")

# 2. amc bowtie: the OS from /etc/os-release
try:
    with open("/etc/os-release", encoding="utf-8", errors="replace") as f:
        os_lines = f.read().split("\n")
except OSError:
    os_lines = None
if os_lines is None:
    print("clibr_report: /etc/os-release cannot be read here: the bowtie OS check is skipped")
else:
    want = {}
    for line in os_lines:
        if "=" not in line:
            continue
        k, v = line.split("=", 1)
        v = v.split("\r")[0]
        if len(v) >= 2 and v[0] == '"' and v[-1] == '"':
            v = v[1:-1]
        if k == "ID":
            want["os"] = v
        elif k == "VERSION_ID":
            want["os_version"] = v
    p = run(["bowtie"], stdin=b'{"cmd": "start", "version": 1}\n{"cmd": "stop"}\n')
    out = p.stdout.decode().splitlines()
    impl = json.loads(out[0]).get("implementation", {}) if out else {}
    got = {k: impl[k] for k in ("os", "os_version") if k in impl}
    check(p.returncode == 0 and got == want and want,
          f"bowtie start: exit {p.returncode}, os {got!r}, /etc/os-release says {want!r}")

# 3. amc bowtie's requests
for bad in ('{"cmd": "start"}', '{"cmd": "start", "version": "1"}',
            '{"cmd": "start", "version": 1.5}'):
    p = run(["bowtie"], stdin=(bad + "\n").encode())
    check(p.returncode == 2 and p.stdout == b"" and
          p.stderr == b"amc bowtie: start: only protocol version 1 is spoken\n",
          f"bowtie {bad}: exit {p.returncode} {p.stdout!r} {p.stderr!r}")
reqs = [{"cmd": "start", "version": 1}, {"cmd": "dialect"},
        {"cmd": "run", "seq": 1, "case": {
            "description": "d", "schema": {"$ref": "http://x.test/a.json"},
            "registry": {"": {"type": "string"}, "http://x.test/a.json#": {"type": "integer"}},
            "tests": [{"description": "t", "instance": 1}, {"description": "u", "instance": "s"}]}},
        {"cmd": "run", "seq": 2, "case": {
            "description": "d", "schema": {"$ref": "http://x.test/b.json"}, "registry": {},
            "tests": [{"description": "t", "instance": 1}]}},
        {"cmd": "run", "seq": 3, "case": {
            "description": "d", "schema": {"type": "integer"},
            "tests": [{"description": "t", "instance": 1, "output": "basic"}]}},
        {"cmd": 5}]
p = run(["bowtie"], stdin="".join(json.dumps(r) + "\n" for r in reqs).encode())
out = p.stdout.decode().splitlines()
check(p.returncode == 2 and len(out) == 5 and out[1:] == [
    '{"ok":false}', '{"seq":1,"results":[{"valid":true},{"valid":false}]}',
    '{"seq":2,"errored":true,"context":{"message":"SCHEMA_REF_UNRESOLVED: $ref '
    '\\"http://x.test/b.json\\" (http://x.test/b.json) cannot be resolved"}}',
    '{"seq":3,"results":[{"valid":true}]}'] and
      p.stderr == b'amc bowtie: a request without "cmd"\n',
      f"bowtie requests: exit {p.returncode} {out[1:]!r} {p.stderr!r}")

for f in failures:
    print("FAIL:", f)
print(f"clibr_report: {len(failures)} failures")
sys.exit(1 if failures else 0)
