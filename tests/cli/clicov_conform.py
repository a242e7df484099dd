#!/usr/bin/env python3
"""ctest cli.clicov_conform (issue 22, helper clicov): amc conform --impl-exec: how the command
template is expanded ({profile}, {file}; a [[...]] group kept only when each placeholder in it
has a value for the case: --policy {policy}, --now {now}; a partial placeholder left as text),
seen by a command that logs its arguments; how a command that exits 3, is killed or cannot
be started is reported (exit status, reached or not, the gate); where the suite is found
without --suite: installed next to the executable (<bin>/../share/amc/conformance, the ".."
taken out), or not found (an empty $AMC_CONFORMANCE_DIR counts as unset).

usage: clicov_conform.py AMC SOURCE_DIR
"""
import os
import re
import shutil
from clicov_lib import AMC, SRC, check, fail, finish, path

LOG = path("args.log")
LOGGER = "sh -c 'printf \"[%%s]\" \"$@\" >> %s; echo >> %s' x" % (LOG, LOG)
SUITE = ["--suite", "conformance"]
CASES = ["--filter", "mailbox-time-001-valid-recent", "--filter", "mailbox-sig-006-valid-hmac",
         "--filter", "mailbox-env-001-*"]
IN = "{src}/conformance/mailbox/"

# 1. the template
tmpl = LOGGER + " {profile} {file} [[--policy {policy}]] [[--now {now}]] [[{fil]] {pro"
check("exec template", ["conform"] + SUITE + ["--capabilities", "mailbox,mailbox.policy,mailbox.clock"]
      + CASES + ["--impl-exec", tmpl], rc=0, err="",
      out="implementation: %s via exec, verdicts only (codes not compared)\n"
          "claims: mailbox, mailbox.policy, mailbox.clock\n"
          "suite: {src}/conformance\n"
          "mailbox      measured 3 of 3 cases; 100.0%% (3/3): 3 pass, 0 fail, 0 error, 0 not "
          "tested, 0 skip, 0 xfail, 0 stale xfail\n"
          "total        measured 3 of 3 cases; 100.0%% (3/3): 3 pass, 0 fail, 0 error, 0 not "
          "tested, 0 skip, 0 xfail, 0 stale xfail\n"
          "verdict: CONFORMANT: measured 3 of 3 cases, every MUST case passed\n"
          "gate: pass (exit 0)\n" % tmpl.replace(path(""), "{t}/"))
with open(LOG) as fh:
    got = fh.read().replace(SRC, "{src}")
want = ("[mailbox][%sinputs/env-001-valid-task-assignment.json][{fil][{pro]\n"
        "[mailbox][%sinputs/sig-006-valid-hmac.json][--policy][%spolicies/hmac.yaml][{fil][{pro]\n"
        "[mailbox][%sinputs/time-001-valid-recent.json][--now][2026-02-11T10:00:00.000Z][{fil][{pro]\n"
        % (IN, IN, IN, IN))
if got != want:
    fail("exec template: the command got\n" + got)


# 2. a command that exits 3, one killed (its shell says 137), one that is not there (the replay
# line names amc as found on the system: not compared)
def errored(cmd, status, reached=True):
    q = cmd.replace("'", "'\\''")
    return ("implementation: %s via exec, verdicts only (codes not compared)%s\n"
            "claims: acp, discussion, ignite, mailbox, socket\n"
            "suite: {src}/conformance\n"
            "mailbox      measured 1 of 1 cases; 0.0%% (0/1): 0 pass, 0 fail, 1 error, 0 not "
            "tested, 0 skip, 0 xfail, 0 stale xfail\n"
            "  error mailbox-env-001-valid-task-assignment [MAILBOX-ENV-001 MUST] exit status %d "
            "(exec mode: 0 valid, 1 invalid)\n"
            "       input: %sinputs/env-001-valid-task-assignment.json\n"
            "       replay: AMC conform --suite {src}/conformance --impl-exec '%s' --capabilities "
            "acp,discussion,ignite,mailbox,socket --filter mailbox-env-001-valid-task-assignment\n"
            "total        measured 1 of 1 cases; 0.0%% (0/1): 0 pass, 0 fail, 1 error, 0 not "
            "tested, 0 skip, 0 xfail, 0 stale xfail\n"
            % (cmd, "" if reached else ", NOT REACHED", status, IN, q)
            + ("verdict: NOT CONFORMANT: measured 1 of 1 cases, 1 MUST case failed\n"
               "gate: fail (exit 1): 1 MUST case failed, errored or not tested (not in an "
               "expected-failure list)\n" if reached else
               "verdict: NOT MEASURED: the implementation was not reached; measured 0 of 1 cases\n"
               "gate: not measured (exit 3)\n"))


for cmd, status, rc in (("sh -c 'exit 3'", 3, 1), ("sh -c 'kill -9 $$'", 137, 1),
                        ("/nonexistent/x {file}", 127, 3)):
    check("exec " + cmd, ["conform"] + SUITE + ["--filter", "mailbox-env-001-*", "--impl-exec", cmd],
          rc=rc, out=errored(cmd, status, rc == 1), err="",
          scrub=lambda t: re.sub(r"replay: \S+ conform", "replay: AMC conform", t))

# 3. the suite installed with amc: a copy of amc in {t}/inst/bin, the suite linked at
# {t}/inst/share/amc/conformance, run in a folder without ./conformance
os.makedirs(path("inst/bin"))
os.makedirs(path("inst/share/amc"))
os.makedirs(path("elsewhere"))
shutil.copy2(AMC, path("inst/bin/amc"))
os.symlink(os.path.join(SRC, "conformance"), path("inst/share/amc/conformance"))
rc, out, err = check("installed suite", ["conform", "--impl-exec", "true {file}", "--filter",
                     "mailbox-env-001-*"], cwd=path("elsewhere"), exe=path("inst/bin/amc"),
                     env={"AMC_CONFORMANCE_DIR": None}, rc=0, out=None, err="")
if out.splitlines()[2:3] != ["suite: {src}/conformance"]:
    fail("installed suite: " + out)
# none: an empty $AMC_CONFORMANCE_DIR, nothing installed next to this amc, no ./conformance
prefix = os.path.dirname(os.path.dirname(os.path.realpath(AMC)))
check("no suite", ["conform", "--impl-exec", "true {file}"], cwd=path("elsewhere"),
      env={"AMC_CONFORMANCE_DIR": ""}, rc=2, out="",
      err="amc conform: no conformance suite: no --suite DIR, no $AMC_CONFORMANCE_DIR, none "
          "installed with amc (%s/share/amc/conformance) and no ./conformance\n"
          % prefix.replace(SRC, "{src}"))
finish()
