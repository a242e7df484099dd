#!/usr/bin/env python3
"""HTML pages (issue 22): what a golden file cannot hold (a whole page), checked by what it must
contain. Text from the input lands in the page escaped (& < > " '), invalid UTF-8 (a stray byte,
an overlong form, a surrogate, a code point past U+10FFFF, a sequence cut short) as U+FFFD one
byte each, while valid 2-, 3- and 4-byte characters stay as they are:
  1. amc trace check --format html on a trace line holding all of these (exit 1: the line is
     not valid UTF-8, LC_EVENT_INVALID),
  2. amc conform --impl-exec --format html: the implementation's command (with & < > ' ") in
     the page, escaped; the failed case listed (exit 1).
  3. the trace timeline of a long trace: parts of 500 events, at most 40 lanes shown per part
     (the others folded into one row), the part holding the illegal step open with its error
     count; an empty trace says "No events.".
Usage: cov_html.py AMC (run from the source tree)."""
import json
import subprocess
import sys

AMC = sys.argv[1]
failures = []
FFFD = "\ufffd".encode()


def run(args, stdin=None):
    return subprocess.run([AMC] + args, input=stdin, capture_output=True, timeout=120)


def check(ok, what):
    if not ok:
        failures.append(what)


# 1. trace check: the raw line shown in the page
bad = (b'{"event":"enqueue","t":0,"msg":"a&b<c>\'q\' \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 '
       b'| \xff | \xc0\xaf | \xed\xa0\x80 | \xf4\x90\x80\x80 | \xe2\x82"}\n')
p = run(["trace", "check", "--profile", "ignite", "--format", "html", "-"], bad)
page = p.stdout
check(p.returncode == 1, f"trace html: exit {p.returncode}, want 1")
check(page.startswith(b"<!DOCTYPE html>"), "trace html: not an HTML page")
check(b"LC_EVENT_INVALID" in page or b"JSON_" in page or b"UTF8" in page,
      "trace html: the invalid line's diagnostic is not on the page")
want = (b"a&amp;b&lt;c&gt;&#39;q&#39; \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 | " + FFFD + b" | "
        + FFFD * 2 + b" | " + FFFD * 3 + b" | " + FFFD * 4 + b" | " + FFFD * 2)
check(want in page, "trace html: the line is not escaped as expected:\n  want %r" % want)
check(b"a&b<c>" not in page, "trace html: raw '<' or '&' from the input on the page")
try:
    page.decode("utf-8")
except UnicodeDecodeError as e:
    failures.append(f"trace html: the page is not valid UTF-8 ({e})")

# 2. conform: the command in the header
cmd = "test -z {file} && echo '<\"x\">' >/dev/null"  # exit 1: "invalid", the case fails
p = run(["conform", "--impl-exec", cmd, "--filter", "mailbox-env-001-valid-task-assignment",
         "--format", "html"])
page = p.stdout.decode("utf-8", "replace")
check(p.returncode == 1, f"conform html: exit {p.returncode}, want 1 ({p.stderr[-300:]!r})")
check("mailbox-env-001-valid-task-assignment" in page, "conform html: the failed case's id is missing")
check("test -z {file} &amp;&amp; echo &#39;&lt;&quot;x&quot;&gt;&#39; &gt;/dev/null" in page,
      "conform html: the command is not escaped in the page")
check("<\"x\">" not in page, "conform html: raw markup from the command on the page")

# 3. a long trace: 300 messages enqueued, 260 claimed, then one claimed twice (illegal, line 561)
lines = [json.dumps({"event": "enqueue", "t": i * 10, "msg": f"m-{i}"}) for i in range(300)]
lines += [json.dumps({"event": "claim", "t": 5000 + i * 10, "msg": f"m-{i}", "worker": f"w{i % 3}"})
          for i in range(260)]
lines.append(json.dumps({"event": "claim", "t": 99999, "msg": "m-0", "worker": "w1"}))
p = run(["trace", "check", "--profile", "ignite", "--format", "html", "-"],
        ("\n".join(lines) + "\n").encode())
page = p.stdout.decode("utf-8", "replace")
check(p.returncode == 1, f"long trace: exit {p.returncode}, want 1")
check('<details class="part" id="part-0" open><summary>events 1&ndash;500 (lines 1&ndash;500): '
      '303 lanes, 40 shown, 263 folded into one row</summary>' in page, "long trace: the first part")
check('<details class="part" id="part-1" open><summary>events 501&ndash;561 (lines 501&ndash;561): '
      '303 lanes, 40 shown, 263 folded into one row, <b class="o-fail">1 error</b></summary>' in page,
      "long trace: the second part (open, with the error)")
check('id="part-2"' not in page, "long trace: a third part")
check("LC_IGNITE_TRANSITION" in page, "long trace: the illegal step's diagnostic")
p = run(["trace", "check", "--profile", "ignite", "--format", "html", "-"], b"")
check(b"No events." in p.stdout, "empty trace: no 'No events.'")

for f in failures:
    print("FAIL", f)
print(f"cov_html: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
