#!/usr/bin/env python3
"""More amc conform --impl-exec runs on a suite of its own (issue 22, helper clibr), each with
its exact result: {policy} and {now} outside a [[...]] group for a case that has neither
(nothing put there) and a group with both for cases that have only one of them (dropped); a
command that cannot be executed (exit status 126: an error, the implementation NOT REACHED,
exit 3); a
command that outlives --timeout ("timeout (exec mode)"); --format html on standard output
(cmd_conform.c expand, expand_part, placeholder_set, run_exec_case, write_report); the HTML
card of a failing case that names codes that must be absent ("never: ..."), the profiles
table's count columns hidden on narrow screens (error to stale) (cli_html_conform.c
verdict_codes, cli_html_conform).
Usage: clibr_conform2.py AMC (run from the source tree)."""
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


LOGGER = """#!/bin/sh
printf '[%%s]' "$@" >> %s
echo >> %s
exit 0
"""

with tempfile.TemporaryDirectory(prefix="amc-clibr-conform2-") as t:
    t = os.path.realpath(t)
    mb = os.path.join(t, "suite", "mailbox")
    os.makedirs(os.path.join(mb, "inputs"))
    os.makedirs(os.path.join(mb, "policies"))
    cases = [{"id": "mb-a1", "rule": "R-A", "level": "MUST", "input": "inputs/a1.json",
              "verdict": "valid", "codes": []},
             {"id": "mb-p2", "rule": "R-C", "level": "MUST", "input": "inputs/p2.json",
              "policy": "policies/p.yaml", "verdict": "valid", "codes": []},
             {"id": "mb-n3", "rule": "R-C", "level": "MUST", "input": "inputs/n3.json",
              "now": "2026-01-01T00:00:00Z", "verdict": "valid", "codes": []},
             {"id": "mb-f4", "rule": "R-D", "level": "MUST", "input": "inputs/f4.json",
              "verdict": "valid", "codes": [], "absent_codes": ["MAILBOX_ACL_DENY"]}]
    for n in ("a1", "p2", "n3", "f4"):
        with open(os.path.join(mb, "inputs", n + ".json"), "w") as f:
            f.write('{"n": "%s"}\n' % n)
    with open(os.path.join(mb, "policies", "p.yaml"), "w") as f:
        f.write("x: 1\n")
    with open(os.path.join(mb, "cases.json"), "w") as f:
        json.dump(cases, f)
    log = os.path.join(t, "args.log")
    logger = os.path.join(t, "log.sh")
    with open(logger, "w") as f:
        f.write(LOGGER % (log, log))
    os.chmod(logger, 0o755)
    suite = ["conform", "--suite", os.path.join(t, "suite")]
    caps = "mailbox,mailbox.policy,mailbox.clock"

    def conform(args):
        return subprocess.run([AMC] + suite + args, capture_output=True, timeout=60, cwd=t,
                              env=dict(os.environ, NO_COLOR="1"))

    # placeholders outside and inside a group
    p = conform(["--impl-exec", logger + " {profile} {policy}{now} {file}", "--capabilities",
                 caps, "--filter", "mb-a1"])
    p2 = conform(["--impl-exec", logger + " {profile} [[--policy {policy} --now {now}]] {file}",
                  "--capabilities", caps, "--filter", "mb-p2", "--filter", "mb-n3"])
    with open(log) as f:
        got = f.read().replace(t, "{t}")
    inp = "{t}/suite/mailbox/inputs/"
    check(p.returncode == 0 and p2.returncode == 0 and got ==
          "[mailbox][%sa1.json]\n[mailbox][%sp2.json]\n[mailbox][%sn3.json]\n"
          % (inp, inp, inp), f"conform: the commands run (exit {p.returncode} {p2.returncode})\n"
          f"{got}{p.stderr!r}{p2.stderr!r}")

    # a command that cannot be executed
    noexec = os.path.join(t, "noexec.sh")
    with open(noexec, "w") as f:
        f.write("#!/bin/sh\nexit 0\n")
    os.chmod(noexec, 0o644)
    p = conform(["--impl-exec", noexec + " {file}", "--capabilities", "mailbox",
                 "--filter", "mb-a1"])
    out = p.stdout.decode().replace(t, "{t}")
    check(p.returncode == 3 and out.startswith(
        "implementation: {t}/noexec.sh {file} via exec, verdicts only (codes not compared), "
        "NOT REACHED\n") and
          "  error mb-a1 [R-A MUST] exit status 126 (exec mode: 0 valid, 1 invalid)\n" in out and
          out.endswith("verdict: NOT MEASURED: the implementation was not reached; measured 0 of "
                       "1 cases\ngate: not measured (exit 3)\n"),
          f"conform, not executable: exit {p.returncode}\n{out}")

    # a command that outlives --timeout
    slow = os.path.join(t, "slow.sh")
    with open(slow, "w") as f:
        f.write("#!/bin/sh\nexec sleep 5\n")
    os.chmod(slow, 0o755)
    p = conform(["--impl-exec", slow + " {file}", "--capabilities", "mailbox", "--filter",
                 "mb-a1", "--timeout", "0.3"])
    out = p.stdout.decode()
    check(p.returncode == 1 and "  error mb-a1 [R-A MUST] timeout (exec mode)\n" in out and
          "NOT REACHED" not in out, f"conform, --timeout: exit {p.returncode}\n{out}")

    # --format html on standard output
    p = conform(["--impl-exec", logger + " {file}", "--capabilities", "mailbox", "--filter",
                 "mb-a1", "--format", "html"])
    page = p.stdout.decode()
    check(p.returncode == 0 and page.startswith("<!DOCTYPE html>") and
          page.rstrip().endswith("</html>") and 'data-case="mb-a1"' not in page.split(
              "<h2")[0], f"conform --format html: exit {p.returncode} {page[:200]!r}")

    # a failing case that names codes that must be absent: the card says "never: ..."
    p = conform(["--impl-exec", "false {file}", "--capabilities", "mailbox", "--filter", "mb-f4",
                 "--html", os.path.join(t, "f4.html")])
    with open(os.path.join(t, "f4.html"), encoding="utf-8") as f:
        page = f.read()
    check(p.returncode == 1 and "<dt>expected</dt><dd><b>valid</b>; codes at least: none; never: "
          "<code>MAILBOX_ACL_DENY</code></dd>" in page,
          f"conform --html, absent codes: exit {p.returncode} {p.stdout!r}")
    # the profiles table's count columns: error to stale are hidden on narrow screens
    thead = page.split('<table class="profiles">')[1].split("</thead>")[0]
    heads = re.findall(r'<th class="(num[^"]*)">([^<]*)</th>', thead)
    want = [("num", "measured"), ("num", "score"), ("num", "pass"), ("num", "fail")] + \
        [("num hide-narrow", h) for h in ("error", "not tested", "skip", "xfail", "stale")] + \
        [("num", "MUST failed"), ("num", "SHOULD failed")]
    check(heads == want, f"conform --html: the profiles table's heads {heads!r}")

for f in failures:
    print("FAIL:", f)
print(f"clibr_conform2: {len(failures)} failures")
sys.exit(1 if failures else 0)
