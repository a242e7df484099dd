#!/usr/bin/env python3
"""ctest cli.c14_html_fields: the HTML pages read only strings from a report, and cut a case's
input at 16 KiB (issue 22, survivors of the 300-mutant runs):
  1. amc report html on tests/data/conform-report/report.json with fields of other types: an
     implementation "version" 7, "name" true and a failed case's "message" {"a": 1} are left
     out as absent (the name shows as "(unknown)", the cell has no title) (cli_html.c cli_json_str, its second && made ||: the mutant printed
     json-c's text of the value, "7", "true", ...); the same report with strings shows them;
  2. amc conform --html of a one-case suite whose failed case's input is 16383, 16384 or 16385
     bytes: the page shows the whole input up to 16384 bytes, and for 16385 the first 16384 then
     "[... cut at 16 KiB]" (cli_html_conform.c input_text, fread of INPUT_MAX + 1 made + 0: the
     mutant never saw the byte past the limit and never said it cut).
usage: c14_html_fields.py AMC SOURCE_DIR"""
import html
import json
import os
import re
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), sys.argv[2]
ENV = dict(os.environ, AMC_NO_CONFIG="1", NO_COLOR="1")
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


with tempfile.TemporaryDirectory(prefix="amc-c14-html-") as t:
    # 1. fields that are not strings
    rep = json.load(open(os.path.join(SRC, "tests", "data", "conform-report", "report.json")))
    fails = [c for c in rep["cases"] if c.get("outcome") == "fail"]
    check(fails and isinstance(fails[0].get("message"), str), "report.json: no failed case")
    for what, impl, msg in (("strings", {"name": "impl-s", "version": "7"}, "m-text"),
                            ("other types", {"name": True, "version": 7}, {"a": 1})):
        r = json.loads(json.dumps(rep))
        r["implementation"].update(impl)
        fid = fails[0]["id"]
        for c in r["cases"]:
            if c["id"] == fid:
                c["message"] = msg
        path = os.path.join(t, "r.json")
        with open(path, "w") as fh:
            json.dump(r, fh)
        p = subprocess.run([AMC, "report", "html", path], capture_output=True, text=True,
                           timeout=60, env=ENV)
        names = re.findall(r'<span class="impl-name">([^<]*)</span> '
                           r'<span class="meta impl-version">([^<]*)</span>', p.stdout)
        rows = [x for x in p.stdout.splitlines() if f'data-case="{fid}"' in x]
        titles = [re.findall(r'<td class="cell o-fail" data-impl="0" data-outcome="fail"'
                             r'(?: title="([^"]*)")?>', x) for x in rows]
        want = ("impl-s", "7") if what == "strings" else ("(unknown)", "")
        wantmsg = "m-text" if what == "strings" else ""
        check(p.returncode == 0 and names and set(names) == {want} and
              titles == [[wantmsg]],
              f"report html, {what}: exit {p.returncode}, name/version {set(names)}, "
              f"want {want}; message {titles}, want {wantmsg!r}\n{p.stderr[-300:]}")

    # 2. a failed case's input at the 16 KiB limit
    suite = os.path.join(t, "suite")
    os.makedirs(os.path.join(suite, "mailbox", "inputs"))
    case = {"id": "mailbox-x-001-big", "description": "big input", "rule": "MAILBOX-ENV-001",
            "level": "MUST", "tags": ["schema"], "input": "inputs/big.json",
            "verdict": "invalid", "codes": [], "absent_codes": [],
            "implementation": {"result": "quarantine"}}
    with open(os.path.join(suite, "mailbox", "cases.json"), "w") as fh:
        json.dump([case], fh)
    for size in (16383, 16384, 16385, 20000):
        text = "".join(chr(0x61 + (i * 7) % 26) if i % 64 != 63 else "\n" for i in range(size))
        with open(os.path.join(suite, "mailbox", "inputs", "big.json"), "w") as fh:
            fh.write(text)
        page = os.path.join(t, "page.html")
        p = subprocess.run([AMC, "conform", "--suite", suite, "--impl-exec", "true {file}",
                            "--html", page], capture_output=True, text=True, timeout=60, env=ENV)
        got = open(page, encoding="utf-8").read() if os.path.exists(page) else ""
        pres = [html.unescape(x) for x in re.findall(r'<pre class="input">(.*?)</pre>', got,
                                                     flags=re.S)]
        want = text if size <= 16384 else text[:16384] + "\n[... cut at 16 KiB]"
        check(p.returncode == 1 and pres == [want],
              f"conform --html, input of {size} bytes: exit {p.returncode}, "
              f"{[(len(x), x[-30:]) for x in pres]}, want {len(want)} ending {want[-30:]!r}"
              f"\n{p.stderr[-300:]}")

for f in failures:
    print("FAIL:", f)
print("c14_html_fields:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
