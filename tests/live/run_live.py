#!/usr/bin/env python3
"""Tests of `amc probe` against live servers (tests/live/defect_server.py, one planted defect
each): the probe passes the correct server, fails each defect with its rule, never hangs, and
keeps its exit statuses (0, 1, 2, 3) and report formats.

usage: run_live.py AMC [probe]
Short --timeout and --block-limit keep the whole test within a few seconds of waiting.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.dom.minidom

AMC = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
FAST = ["--timeout", "1", "--block-limit", "0.5"]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def wait_ready(proc):
    """Waits for the server's "ready" line (it listens then)."""
    return proc.stdout.readline().strip() == b"ready"


class Server:
    def __init__(self, tmp, mode):
        self.path = os.path.join(tmp, mode + ".sock")
        self.p = subprocess.Popen([sys.executable, os.path.join(HERE, "defect_server.py"), mode,
                                   self.path], stdout=subprocess.PIPE)
        if not wait_ready(self.p):
            raise SystemExit(f"defect server {mode} did not start")

    def stop(self):
        if self.p.poll() is None:
            self.p.terminate()
        self.p.wait(10)
        self.p.stdout.close()


def probe(args, limit=70):
    t = time.time()
    p = subprocess.run([AMC, "probe"] + args, capture_output=True, timeout=limit)
    return p, time.time() - t


def probe_json(path, extra):
    p, secs = probe(["--socket", path, "--format", "json"] + FAST + extra)
    try:
        rep = json.loads(p.stdout)
    except ValueError:
        check(False, f"{path}: report is not JSON: {p.stdout[:200]!r} {p.stderr[:200]!r}")
        return p, {}, secs
    return p, rep, secs


def outcomes(rep):
    return {r["id"]: r["outcome"] for r in rep.get("rules", [])}


def defect(tmp, mode, extra, want_exit, failing, must_pass=(), max_secs=10.0):
    s = Server(tmp, mode)
    try:
        p, rep, secs = probe_json(s.path, extra)
    finally:
        s.stop()
    out = outcomes(rep)
    check(p.returncode == want_exit, f"{mode}: exit {p.returncode}, want {want_exit}")
    for rule in failing:
        check(out.get(rule) == "fail", f"{mode}: {rule} is {out.get(rule)}, want fail")
    for rule, o in out.items():
        if o == "fail" and rule not in failing:
            check(False, f"{mode}: {rule} failed too: {rep}")
    for rule in must_pass:
        check(out.get(rule) == "pass", f"{mode}: {rule} is {out.get(rule)}, want pass")
    check(secs < max_secs, f"{mode}: took {secs:.1f} s (limit {max_secs})")
    print(f"ok {mode}: exit {p.returncode}, failing {sorted(failing)}, {secs:.1f} s")
    return rep


def test_probe(tmp):
    all_rules = [f"SOCKET-LIVE-00{i}" for i in range(1, 10)]
    rep = defect(tmp, "good", ["--strict", "--allow-tasks"], 0, [], all_rules)
    check(rep.get("reached") is True and rep.get("verdict") == "pass", "good: verdict")
    check(rep.get("taskDirLeft") is None, "good: the task's project_dir was removed")
    check(any(st["name"] == "task" and st["result"].startswith("result") for st in rep["steps"]),
          f"good: the task step got a result: {rep['steps']}")
    defect(tmp, "wrong-id", ["--allow-tasks"], 1, ["SOCKET-LIVE-003"])
    rep = defect(tmp, "nan", [], 1, ["SOCKET-LIVE-002"])
    msg = [f["message"] for r in rep["rules"] for f in r["findings"]]
    check(any("JSON_NONFINITE" in m for m in msg), f"nan: JSON_NONFINITE quoted: {msg}")
    # the server dies on the empty request (not JSON): a failure (1), not "nothing to probe"
    rep = defect(tmp, "dies-on-bad-json", [], 1, ["SOCKET-LIVE-007", "SOCKET-LIVE-004"])
    check(rep.get("stopped"), "dies-on-bad-json: says why it stopped")
    defect(tmp, "never-answers", [], 1, ["SOCKET-LIVE-001"], max_secs=3)
    defect(tmp, "never-closes", [], 1, ["SOCKET-LIVE-006"], max_secs=3)
    # serial: the public implementation's accept loop: SHOULD only
    defect(tmp, "serial", [], 0, ["SOCKET-LIVE-008"],
           [r for r in all_rules if r != "SOCKET-LIVE-008"])
    defect(tmp, "serial", ["--strict"], 1, ["SOCKET-LIVE-008"])
    defect(tmp, "silent", [], 0, ["SOCKET-LIVE-004"])
    defect(tmp, "locked", ["--clients", "8"], 1, ["SOCKET-LIVE-009"])
    defect(tmp, "slow-status", ["--timeout", "7"], 0, ["SOCKET-LIVE-005"], max_secs=15)

    # the defaults bound the run even when the server never answers
    s = Server(tmp, "never-closes")
    try:
        p, secs = probe(["--socket", s.path])
    finally:
        s.stop()
    check(p.returncode == 1 and secs < 60, f"never-closes, defaults: exit {p.returncode}, "
                                           f"{secs:.1f} s")
    check(b"SOCKET-LIVE-006" in p.stdout and b"FAIL" in p.stdout, "never-closes: text report")
    print(f"ok never-closes with the default timeout: {secs:.1f} s")

    # nothing to probe: 3
    p, _ = probe(["--socket", os.path.join(tmp, "absent.sock")])
    check(p.returncode == 3 and b"cannot connect" in p.stderr, f"absent socket: {p}")
    reg = os.path.join(tmp, "file")
    open(reg, "w").close()
    p, _ = probe(["--socket", reg])
    check(p.returncode == 3, f"regular file: exit {p.returncode}")
    # usage: 2
    for args in ([], ["--socket", reg, "--profile", "ignite"], ["--socket", reg, "--timeout", "x"],
                 ["--socket", reg, "--format", "sarif"]):
        p, _ = probe(args)
        check(p.returncode == 2, f"usage {args}: exit {p.returncode}")
    # formats
    s = Server(tmp, "serial")
    try:
        p, _ = probe(["--socket", s.path, "--format", "junit"] + FAST)
        dom = xml.dom.minidom.parseString(p.stdout)
        cases = dom.getElementsByTagName("testcase")
        check(len(cases) == 9, "junit: 9 testcases")
        bad = [c.getAttribute("name") for c in cases if c.getElementsByTagName("failure")]
        check(bad == ["SOCKET-LIVE-008"], f"junit failures: {bad}")
        p, _ = probe(["--socket", s.path, "--format", "markdown"] + FAST)
        check(b"| SOCKET-LIVE-008 | SHOULD | fail |" in p.stdout, "markdown row")
        p, _ = probe(["--socket", s.path, "-v"] + FAST)
        check(b"steps:" in p.stdout and b"concurrent" in p.stdout, "text -v lists steps")
    finally:
        s.stop()


def main():
    what = sys.argv[2:] or ["probe"]
    tmp = tempfile.mkdtemp(prefix="amc-live-")
    try:
        if "probe" in what:
            test_probe(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print(f"{len(failures)} failure(s)")
        return 1
    print("all live checks passed")
    return 0


sys.exit(main())
