#!/usr/bin/env python3
"""amc probe and amc serve on a Unix socket in a temporary folder (issue 22, helper clibr), each
result asserted exactly:
  1. amc probe --max-time 0.05 (shorter than a step): the status request is made, then the run stops
     before the next step (the task with --allow-tasks, else the empty request), in text and
     JSON (cli_probe.c out_of_time),
  2. (builds with AMC_ALLOC_FAILPOINTS) amc probe --allow-tasks whose first allocation of the task
     step fails: "out of memory", exit 2, nothing on stdout, no report (cli_probe.c run_steps);
     the allocation is found as the count of the run of 1. (which makes none after the status
     step),
  3. amc serve whose socket path was taken over while it ran (a regular file, then a socket of
     another server): SIGTERM leaves what is there now in place (cmd_serve.c remove_socket),
  4. amc serve sent a valid reply (a status_response) instead of a request: an error reply "not
     a request"; --fault error --fault-on status: a task is answered normally, a status request
     with the error; --fault-on task: the other way round (cmd_serve.c answer),
  5. (as root only) a stale socket of another user at the path: left alone, exit 2
     (cmd_serve.c make_socket),
  6. the reports of a probe stopped by --max-time: Markdown has the stopped line between blank
     lines after the rules, JUnit skips the rules not run with that reason; of a probe that could not
     connect: JSON with connectError, JUnit skipping every rule with the connect error
     (cli_probe_report.c),
  7. a server that closes bad requests without an error reply (--fault close --fault-on
     invalid): SOCKET-LIVE-004 fails in five steps: the first one "(and 4 later steps)" in
     text and Markdown, the first one in JUnit; with --strict it fails the run (exit 1, "1 SHOULD
     rule failed (--strict: they count)") (cli_probe_report.c).
Waits are bounded (at most 10 s for the socket to appear).
Usage: clibr_live.py AMC (run from the source tree)."""
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

AMC = os.path.abspath(sys.argv[1])
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(args, env=None, timeout=60):
    e = dict(os.environ, NO_COLOR="1")
    e.update(env or {})
    return subprocess.run([AMC] + args, capture_output=True, timeout=timeout, env=e)


def serve(path, *more):
    p = subprocess.Popen([AMC, "serve", "--socket", path, "--quiet"] + list(more),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    end = time.monotonic() + 10
    up = False
    while not up and time.monotonic() < end and p.poll() is None:
        # listening, not only bound (it records the socket's identity in between)
        c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            c.connect(path)
            up = True
        except OSError:
            time.sleep(0.02)
        c.close()
    check(up, f"serve {path}: not listening after 10 s")
    return p


def ask(path, data):
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    c.settimeout(10)
    c.connect(path)
    c.sendall(data)
    c.shutdown(socket.SHUT_WR)
    got = b""
    while True:
        d = c.recv(65536)
        if not d:
            break
        got += d
    c.close()
    return json.loads(got) if got else None


STATUS = b'{"type": "status", "from": "clibr"}'
TASK = b'{"type": "task", "id": "t-1", "from": "clibr", "payload": {"instruction": "x"}}'


def probe_short(more, env=None):
    """amc probe --max-time 0.05 (no step starts with less than 0.05 s left: the run stops right
    after the status request). The status request itself has those 0.05 s to be answered; on a
    loaded machine it may not be: such a run is made again (at most 10 times), it says nothing
    about what is checked here."""
    for _ in range(10):
        p = run(["probe", "--socket", sock, "--max-time", "0.05"] + more, env=env)
        if b"status: no reply and no close within" not in p.stdout:
            break
        print("clibr_live: the status request was not answered within 0.05 s: run again")
    return p


def stop(p):
    p.send_signal(signal.SIGTERM)
    try:
        out, err = p.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
    return p.returncode, out, err


with tempfile.TemporaryDirectory(prefix="amc-clibr-live-") as t:
    sock = os.path.join(t, "s.sock")
    sv = serve(sock)
    try:
        # 1. --max-time: stopped after the status request
        for tasks, step in ((["--allow-tasks"], "task"), ([], "empty")):
            p = probe_short(tasks)
            out = p.stdout.decode()
            check(p.returncode == 1 and p.stderr == b"" and
                  out.endswith("\nstopped: the run reached --max-time (0 s) before the %s step\n"
                               % step) and
                  "fail: 0 MUST rules failed, 0 SHOULD rules failed, 4 not run; 1 requests" in out,
                  f"probe --max-time 0.05 {tasks}: exit {p.returncode} {out!r} {p.stderr!r}")
        p = probe_short(["--format", "json"])
        rep = json.loads(p.stdout) if p.returncode == 1 else {}
        check(p.returncode == 1 and rep.get("stopped") ==
              "the run reached --max-time (0 s) before the empty step" and
              rep.get("requests") == 1 and rep.get("notRun") == 4 and rep.get("reached") is True,
              f"probe --max-time 0.05 --format json: exit {p.returncode} {p.stdout[:300]!r}")
        # 6. the reports of a stopped run
        stopped = "the run reached --max-time (0 s) before the empty step"
        p = probe_short(["--format", "markdown"])
        check(p.returncode == 1 and "\n| SOCKET-LIVE-009 | MUST | not-run |  |\n\nstopped: %s\n\n"
              "| Step | Sent | Result | Seconds |\n" % stopped in p.stdout.decode(),
              f"probe --format markdown, stopped: exit {p.returncode} {p.stdout[-300:]!r}")
        p = probe_short(["--format", "junit"])
        out = p.stdout.decode()
        check(p.returncode == 1 and
              out.count('<skipped message="not run: %s"/>' % stopped) == 4 and
              'tests="9" failures="0" errors="0" skipped="4"' in out,
              f"probe --format junit, stopped: exit {p.returncode} {out[:400]!r}")
        # 2. the task step out of memory
        cnt = os.path.join(t, "count")
        p = probe_short(["--allow-tasks"], env={"AMC_FAIL_ALLOC_COUNT": cnt})
        if not os.path.exists(cnt):
            print("clibr_live: no AMC_ALLOC_FAILPOINTS in this build: the task step's allocation "
                  "failure is not checked")
        else:
            with open(cnt) as f:
                n = f.read().strip()
            p = run(["probe", "--socket", sock, "--allow-tasks", "--block-limit", "5"],
                    env={"AMC_FAIL_ALLOC": n})
            check(p.returncode == 2 and p.stdout == b"" and
                  p.stderr == b"amc probe: out of memory\n",
                  f"probe --allow-tasks, allocation {n} failing: exit {p.returncode} "
                  f"{p.stdout[:200]!r} {p.stderr!r}")
    finally:
        rc, out, err = stop(sv)
    check(rc == 0 and not os.path.exists(sock), f"serve: exit {rc} {err!r}")

    # 7. one rule failing in five steps
    sv = serve(sock, "--fault", "close", "--fault-on", "invalid")
    # --block-limit 5: amc serve answers the second client at once; the limit is only how long
    # the idle step waits, and 0.2 s could make a slow reply on a loaded machine (ASan, -j4) a
    # SOCKET-LIVE-008 finding that the exact counts below do not expect
    try:
        first = "empty: the connection was closed without an error reply (closed)"
        p = run(["probe", "--socket", sock, "--block-limit", "5"])
        check(p.returncode == 0 and "  WARN    SOCKET-LIVE-004 SHOULD SOCKET_LIVE_BAD_INPUT\n" in
              p.stdout.decode() and "          %s (and 4 later steps)\n" % first in
              p.stdout.decode(), f"probe, close on invalid: exit {p.returncode} {p.stdout!r}")
        p = run(["probe", "--socket", sock, "--block-limit", "5", "--strict"])
        check(p.returncode == 1 and "\nfail: 0 MUST rules failed, 1 SHOULD rule failed (--strict: "
              "they count), 0 not run; " in p.stdout.decode(),
              f"probe --strict, close on invalid: exit {p.returncode} {p.stdout!r}")
        p = run(["probe", "--socket", sock, "--block-limit", "5", "--format", "markdown"])
        check(p.returncode == 0 and "\n| SOCKET-LIVE-004 | SHOULD | fail | %s (and 4 later steps) |"
              "\n" % first in p.stdout.decode(),
              f"probe --format markdown, close on invalid: exit {p.returncode} {p.stdout!r}")
        p = run(["probe", "--socket", sock, "--block-limit", "5", "--format", "junit"])
        check(p.returncode == 0 and '<testcase classname="socket.live" name="SOCKET-LIVE-004">\n'
              '      <failure type="SHOULD" message="%s">%s\n</failure>' % (first, first) in
              p.stdout.decode(),
              f"probe --format junit, close on invalid: exit {p.returncode} {p.stdout!r}")
    finally:
        stop(sv)

    # 6. the reports of a probe that cannot connect
    none = os.path.join(t, "none.sock")
    why = "cannot connect to %s: No such file or directory" % none
    p = run(["probe", "--socket", none, "--format", "json"])
    rep = json.loads(p.stdout) if p.stdout else {}
    check(p.returncode == 3 and rep.get("reached") is False and rep.get("connectError") == why and
          rep.get("verdict") == "not-reached" and p.stderr.decode() == "amc probe: %s\n" % why,
          f"probe --format json, not reached: exit {p.returncode} {p.stdout[:300]!r}")
    p = run(["probe", "--socket", none, "--format", "junit"])
    out = p.stdout.decode()
    check(p.returncode == 3 and out.count('<skipped message="not run: %s"/>' % why) == 9 and
          'tests="9" failures="0" errors="1" skipped="9"' in out,
          f"probe --format junit, not reached: exit {p.returncode} {out[:400]!r}")

    # 3. the socket path taken over while amc serve runs
    sv = serve(sock)
    os.unlink(sock)
    with open(sock, "w") as f:
        f.write("not a socket\n")
    rc, out, err = stop(sv)
    with open(sock) as f:
        kept = f.read()
    check(rc == 0 and kept == "not a socket\n", f"serve, its path now a file: exit {rc} {err!r}")
    os.unlink(sock)
    sv = serve(sock)
    os.unlink(sock)
    other = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    other.bind(sock)
    ino = os.stat(sock).st_ino
    rc, out, err = stop(sv)
    check(rc == 0 and os.path.exists(sock) and os.stat(sock).st_ino == ino,
          f"serve, its path now another socket: exit {rc} {err!r}")
    other.close()
    os.unlink(sock)

    # 4. a reply sent as a request; faults on status or task requests only
    sv = serve(sock, "--fault", "error", "--fault-on", "status")
    try:
        r = ask(sock, b'{"type": "status_response", "from": "clibr", "state": "idle", '
                      b'"current_task": null}')
        check(r is not None and r.get("type") == "error" and
              r.get("message") == "not a request: type status_response is a reply",
              f"serve, a status_response sent: {r!r}")
        r = ask(sock, TASK)
        check(r is not None and r.get("type") == "result" and r.get("id") == "t-1" and
              r.get("status") == "success", f"serve --fault-on status, a task: {r!r}")
        r = ask(sock, STATUS)
        check(r is not None and r.get("type") == "error", f"serve --fault-on status: {r!r}")
    finally:
        stop(sv)
    sv = serve(sock, "--fault", "error", "--fault-on", "task")
    try:
        r = ask(sock, STATUS)
        check(r is not None and r.get("type") == "status_response" and r.get("state") == "idle",
              f"serve --fault-on task, a status request: {r!r}")
        r = ask(sock, TASK)
        check(r is not None and r.get("type") == "error", f"serve --fault-on task: {r!r}")
    finally:
        stop(sv)

    # 5. another user's stale socket
    if os.geteuid() != 0:
        print("clibr_live: not root: the check of another user's socket is skipped")
    else:
        stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        stale.bind(sock)
        stale.close()
        os.chown(sock, 65534, 65534)
        p = run(["serve", "--socket", sock])
        check(p.returncode == 2 and p.stdout == b"" and p.stderr.decode() ==
              "amc serve: %s is another user's socket; refusing to replace it\n" % sock and
              os.path.exists(sock), f"serve, another user's socket: exit {p.returncode} "
              f"{p.stderr!r}")
        os.unlink(sock)

for f in failures:
    print("FAIL:", f)
print(f"clibr_live: {len(failures)} failures")
sys.exit(1 if failures else 0)
