#!/usr/bin/env python3
"""amc conform --impl-exec on a suite of its own (issue 22, helper clibr): nine mailbox cases
under three rules, answered by a shell script that fails, errs or passes each by its input's
name, with an expected-failure list (a reason, none, a stale entry) and --max-fail; checked
exactly: the text report, the command each case ran ({profile}, {files} of a session, a
[[--policy {policy} --now {now}]] group kept only for the case that has both), the JSON
summary, the HTML page's failure and expected-failure sections grouped by rule in order of first
appearance; the replay command names amc "amc" when PATH finds this executable first (past an
empty PATH entry), and by its path when PATH finds another amc first; a run whose one case is
skipped (a session without the capability): exit 3, "1 skipped case"; --update-xfail rewrites
the list with the failures and errors (a listed reason kept, the stale entry dropped) and the
gate passes (cmd_conform.c expand, expand_part, self_name, write_xfail; cli_html_conform.c
by_rule, case_card, skipped).
Usage: clibr_conform.py AMC (run from the source tree)."""
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


CASES = [("mb-a1", "R-A", "MUST", "a1", "first case"), ("mb-b1", "R-B", "SHOULD", "b1", ""),
         ("mb-a2", "R-A", "MUST", "a2", None), ("mb-b2", "R-B", "SHOULD", "b2", None),
         ("mb-a3", "R-A", "MUST", "a3", None), ("mb-a4", "R-A", "MUST", "a4", None),
         ("mb-a5", "R-A", "MUST", "a5", None)]
IMPL = """#!/bin/sh
printf '[%%s]' "$@" >> %s
echo >> %s
for a; do last=$a; done
case "$last" in
*a2.json|*b1.json|*b2.json|*a4.json) exit 1;;
*a3.json) exit 3;;
esac
exit 0
"""

with tempfile.TemporaryDirectory(prefix="amc-clibr-conform-") as t:
    t = os.path.realpath(t)
    mb = os.path.join(t, "suite", "mailbox")
    os.makedirs(os.path.join(mb, "inputs"))
    os.makedirs(os.path.join(mb, "policies"))
    cases = []
    for cid, rule, level, inp, desc in CASES:
        c = {"id": cid, "rule": rule, "level": level, "input": "inputs/%s.json" % inp,
             "verdict": "valid", "codes": []}
        if desc is not None:
            c["description"] = desc
        cases.append(c)
    cases.append({"id": "mb-s1", "rule": "R-C", "level": "MUST",
                  "session": ["inputs/s1.json", "inputs/s2.json"], "verdict": "valid",
                  "codes": []})
    cases.append({"id": "mb-p1", "rule": "R-C", "level": "MUST", "input": "inputs/p1.json",
                  "policy": "policies/p.yaml", "now": "2026-01-01T00:00:00Z",
                  "verdict": "valid", "codes": []})
    for n in ("a1", "a2", "a3", "a4", "a5", "b1", "b2", "s1", "s2", "p1"):
        with open(os.path.join(mb, "inputs", n + ".json"), "w") as f:
            f.write('{"n": "%s"}\n' % n)
    with open(os.path.join(mb, "policies", "p.yaml"), "w") as f:
        f.write("x: 1\n")
    with open(os.path.join(mb, "cases.json"), "w") as f:
        json.dump(cases, f, indent=1)
    log = os.path.join(t, "args.log")
    impl = os.path.join(t, "impl.sh")
    with open(impl, "w") as f:
        f.write(IMPL % (log, log))
    os.chmod(impl, 0o755)
    xf = os.path.join(t, "xfail.txt")
    with open(xf, "w") as f:
        f.write("mb-a4 # known bug\nmb-a5 # fixed since\nmb-b2\n")
    bindir = os.path.join(t, "bin")
    os.mkdir(bindir)
    os.symlink(AMC, os.path.join(bindir, "amc"))
    cmd = impl + " {profile} [[--policy {policy} --now {now}]] {files}"
    base = ["conform", "--suite", os.path.join(t, "suite"), "--impl-exec", cmd,
            "--capabilities", "mailbox,mailbox.policy,mailbox.clock,mailbox.stateful",
            "--xfail", xf]
    env = dict(os.environ, PATH="::" + bindir + ":" + os.environ.get("PATH", ""), NO_COLOR="1")
    p = subprocess.run([AMC] + base + ["--max-fail", "10", "--json", os.path.join(t, "r.json"),
                                       "--html", os.path.join(t, "r.html")],
                       capture_output=True, timeout=120, env=env, cwd=t)
    out = p.stdout.decode().replace(t, "{t}")
    rep = ("amc conform --suite {t}/suite --impl-exec '{t}/impl.sh {profile} [[--policy {policy} "
           "--now {now}]] {files}' --capabilities mailbox,mailbox.policy,mailbox.clock,"
           "mailbox.stateful --filter ")

    def item(kind, cid, rule, level, what, inp):
        return ("  %s %s [%s %s] %s\n       input: {t}/suite/mailbox/inputs/%s.json\n"
                "       replay: %s%s\n" % (kind, cid, rule, level, what, inp, rep, cid))

    want = ("implementation: {t}/impl.sh {profile} [[--policy {policy} --now {now}]] {files} via "
            "exec, verdicts only (codes not compared)\n"
            "claims: mailbox, mailbox.policy, mailbox.clock, mailbox.stateful\n"
            "suite: {t}/suite\n"
            "mailbox      measured 9 of 9 cases; 33.3% (3/9): 3 pass, 2 fail, 1 error, 0 not "
            "tested, 0 skip, 2 xfail, 1 stale xfail\n" +
            item("fail", "mb-b1", "R-B", "SHOULD", "expected valid, got invalid", "b1") +
            item("fail", "mb-a2", "R-A", "MUST", "expected valid, got invalid", "a2") +
            item("xfail", "mb-b2", "R-B", "SHOULD",
                 "excused (listed): expected valid, got invalid", "b2") +
            item("error", "mb-a3", "R-A", "MUST", "exit status 3 (exec mode: 0 valid, 1 invalid)",
                 "a3") +
            item("xfail", "mb-a4", "R-A", "MUST",
                 "excused (known bug): expected valid, got invalid", "a4") +
            item("xpass", "mb-a5", "R-A", "MUST",
                 "passes but is listed as an expected failure (stale entry)", "a5") +
            "total        measured 9 of 9 cases; 33.3% (3/9): 3 pass, 2 fail, 1 error, 0 not "
            "tested, 0 skip, 2 xfail, 1 stale xfail\n"
            "verdict: NOT CONFORMANT: measured 9 of 9 cases, 3 MUST cases failed (1 excused by "
            "the expected-failure list); 1 SHOULD case failed (warnings)\n"
            "gate: fail (exit 1): 2 MUST cases failed, errored or not tested (not in an "
            "expected-failure list); 1 stale expected-failure entry (the case passes now)\n")
    check(p.returncode == 1 and out == want and p.stderr == b"",
          f"conform: exit {p.returncode}\n{out}\n{p.stderr!r}")
    with open(log) as f:
        got = f.read().replace(t, "{t}")
    inp = "{t}/suite/mailbox/inputs/"
    want = "".join("[mailbox][%s%s.json]\n" % (inp, n)
                   for n in ("a1", "b1", "a2", "b2", "a3", "a4", "a5"))
    want += "[mailbox][%ss1.json][%ss2.json]\n" % (inp, inp)
    want += ("[mailbox][--policy][{t}/suite/mailbox/policies/p.yaml][--now]"
             "[2026-01-01T00:00:00Z][%sp1.json]\n" % inp)
    check(got == want, f"conform: the commands run\n{got}")
    with open(os.path.join(t, "r.json")) as f:
        s = json.load(f)["summary"]
    check((s["pass"], s["fail"], s["error"], s["xfail"], s["xpass"], s["must_failed"],
           s["should_failed"]) == (3, 2, 1, 2, 1, 2, 1), f"conform --json: the summary {s!r}")
    with open(os.path.join(t, "r.html"), encoding="utf-8") as f:
        page = f.read()
    secs = re.findall(r'<section class="rule" data-rule="([^"]*)"><h3>.*?<span class="meta">'
                      r'(\d+) cases?</span></h3>\n(.*?)</section>', page, re.S)
    got = [(rule, n, re.findall(r'data-case="([^"]*)"', body)) for rule, n, body in secs]
    want = [("R-B", "1", ["mb-b1"]), ("R-A", "3", ["mb-a2", "mb-a3", "mb-a5"]),
            ("R-B", "1", ["mb-b2"]), ("R-A", "1", ["mb-a4"])]
    check(got == want, f"conform --html: the sections by rule {got!r}")
    check("<dt>expected failure</dt><dd>listed without a reason</dd>" in page and
          "<dt>expected failure</dt><dd>known bug</dd>" in page,
          "conform --html: the expected-failure reasons")
    # another amc first on PATH: the replay names this one by its path
    other = os.path.join(t, "other")
    os.mkdir(other)
    os.symlink("/bin/true", os.path.join(other, "amc"))
    env["PATH"] = other + ":" + bindir
    p = subprocess.run([AMC] + base + ["--filter", "mb-a2"], capture_output=True, timeout=60,
                       env=env, cwd=t)
    lines = p.stdout.decode().splitlines()
    replay = [x for x in lines if x.startswith("       replay: ")]
    check(p.returncode == 1 and replay == [
        "       replay: %s conform --suite %s/suite --impl-exec '%s/impl.sh {profile} [[--policy "
        "{policy} --now {now}]] {files}' --capabilities mailbox,mailbox.policy,mailbox.clock,"
        "mailbox.stateful --filter mb-a2"
        % (os.path.join(os.path.dirname(os.path.realpath(AMC)), "amc"), t, t)],
          f"conform, another amc first on PATH: exit {p.returncode} {replay!r}")

    # one case, skipped: exit 3, the page says so in the singular
    p = subprocess.run([AMC, "conform", "--suite", os.path.join(t, "suite"), "--impl-exec",
                        impl + " {file}", "--capabilities", "mailbox", "--filter", "mb-s1",
                        "--html", os.path.join(t, "s1.html")],
                       capture_output=True, timeout=60, env=env, cwd=t)
    with open(os.path.join(t, "s1.html"), encoding="utf-8") as f:
        page = f.read()
    check(p.returncode == 3 and
          'Not measured: <span class="n-skipped">1</span> skipped case</h2>' in page and
          '<li data-case="mb-s1" data-outcome="skip"><code>mb-s1</code>: needs <code>'
          'mailbox.stateful</code></li>' in page,
          f"conform, one case skipped: exit {p.returncode} {p.stdout!r} {p.stderr!r}")

    # --update-xfail
    p = subprocess.run([AMC] + base + ["--update-xfail"], capture_output=True, timeout=120,
                       env=env, cwd=t)
    with open(xf) as f:
        got = f.read()
    check(p.returncode == 0 and p.stderr == b"" and got ==
          "# amc conform expected failures: case-id  # reason\n"
          "mb-b1  # expected valid, got invalid\n"
          "mb-a2  # expected valid, got invalid\n"
          "mb-b2  # expected valid, got invalid\n"
          "mb-a3  # exit status 3 (exec mode: 0 valid, 1 invalid)\n"
          "mb-a4  # known bug\n",
          f"conform --update-xfail: exit {p.returncode} {p.stderr!r}\n{got}")

for f in failures:
    print("FAIL:", f)
print(f"clibr_conform: {len(failures)} failures")
sys.exit(1 if failures else 0)
