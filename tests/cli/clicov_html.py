#!/usr/bin/env python3
"""ctest cli.clicov_html (issue 22, helper clicov): amc conform --format html pages for runs a
golden file cannot hold (the page's text, tags stripped, must hold the exact phrases): a stale
--xfail entry listed without a reason (the case passes; the gate fails), an implementation
never reached (exit 3), and an adapter whose hello gave no name ("(unknown)").

usage: clicov_html.py AMC SOURCE_DIR
"""
import html
import re
from clicov_lib import check, fail, finish, path, write


def text_of(p):
    with open(p, encoding="utf-8") as fh:
        t = fh.read()
    t = re.sub(r"<style.*?</style>|<script.*?</script>", "", t, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", t)))


def phrases(name, page, want):
    t = text_of(page)
    for w in want:
        if w not in t:
            fail(f"{name}: the page lacks {w!r}")


BASE = ["conform", "--suite", "conformance", "--format", "html"]
# 1. a passing case listed in --xfail without a reason (stale), an unknown id warned about
write("xf.txt", "mailbox-env-001-valid-task-assignment\nmailbox-env-002-missing-msg-id #   \n")
check("stale xfail", BASE + ["--impl-exec", "true {file}", "--filter", "mailbox-env-00*", "--xfail",
                             path("xf.txt"), "-o", path("p1.html")], rc=1, out="",
      err="{t}/xf.txt:2:1: warning[CONFORM_XFAIL_UNKNOWN]: mailbox-env-002-missing-msg-id: no "
          "such case\n")
phrases("stale xfail", path("p1.html"), [
    "gate: fail (exit 1): 7 MUST cases failed, errored or not tested (not in an expected-failure "
    "list); 1 stale expected-failure entry (the case passes now)",
    "mailbox-env-001-valid-task-assignment stale xfail mailbox",
    "message passes but is listed as an expected failure (stale entry)",
    "expected failure listed without a reason"])
# 2. not reached
check("not reached", BASE + ["--impl-exec", "/nonexistent/x {file}", "--filter", "mailbox-env-001*",
                             "-o", path("p2.html")], rc=3, out="", err="")
phrases("not reached", path("p2.html"), [
    "NOT MEASURED: the implementation was not reached; measured 0 of 1 cases",
    "implementation: /nonexistent/x {file} via exec, verdicts only (codes not compared), not "
    "reached"])
# 3. an adapter that answers its hello with garbage (after reading it, so the reply is always
#    read): no implementation name (the report's is ""), so the page says "(unknown)" in its
#    title and heading, never an empty name
check("no hello", BASE + ["--impl", "read l; echo hi", "--filter", "mailbox-env-001*", "-o",
                          path("p3.html")], rc=3, out="",
      err="amc conform: implementation not reached: garbage reply (adapter reply: not JSON: hi)\n")
with open(path("p3.html"), encoding="utf-8") as fh:
    p3 = fh.read()
if "<title>amc conform: (unknown): not-measured</title>" not in p3:
    fail("no hello: the page's title does not name the implementation \"(unknown)\"")
phrases("no hello", path("p3.html"), ["Conformance of (unknown)"])
finish()
