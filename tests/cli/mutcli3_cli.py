#!/usr/bin/env python3
"""Surviving mutants of src/cli (issue 22), each killed here by an exact diagnostic and exit
status, in cases a golden file cannot set up:
  1. amc conform --update-xfail when the rewrite of the --xfail file fails at fclose (the
     --impl-exec command turns the file into a link to /dev/full while the cases run, after
     amc read it: fopen succeeds, the flush fails with ENOSPC): "amc conform: cannot write
     FILE: No space left on device", exit 2 (cmd_conform.c write_xfail; tests/cli/
     cov_write_fail.py reaches the same line under a file size limit, which also stops gcov
     from writing its counts, so the mutation test map never saw the line run).
  2. amc fuzz in exec mode whose command cannot start (exit 127 before any verdict): the
     worker stops at the first such input, so the command runs exactly once although the
     corpus has two seeds; "stopped: the implementation is no longer reachable", exit 3
     (cli_fuzz_msg.c exec_one: kills return false -> return true after FZ_R_UNREACHED, which
     ran every seed).
  3. amc fuzz --stateful whose keyed session case cannot be written: a first run (tests/fuzz's
     planted_st_adapter.py key-trust-sender, seed 7, as cli.mutfuzz_st's st_key) names the case
     folder; the same run again into a fresh --out where the case's policy or keyring file is
     a folder already: "amc fuzz: cannot write the session OUT/<case>: Is a directory", exit 2
     (cli_fuzz_st.c write_session: kills the deleted returns of the policy's and the keyring's
     writes, which said nothing and exited 1).
  4. amc fuzz --socket against a server that reads 64 KiB of a 2 MiB request, shuts its
     reading side (the client's next send fails: EPIPE), reads what was queued and then answers
     with an error reply and closes: the reply counts (both sides say invalid: "no findings",
     exit 0), not a connection closed without one (cli_sock.c cli_sock_request: kills *rlen
     == 0 -> != at EOF, which made it a crash finding).
Usage: mutcli3_cli.py AMC (run from the source tree)."""
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading

AMC = os.path.abspath(sys.argv[1])
SUITE = os.path.abspath("conformance")
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(args, cwd=None, stdin=b""):
    p = subprocess.run([AMC] + args, input=stdin, capture_output=True, timeout=120, cwd=cwd)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


with tempfile.TemporaryDirectory(prefix="amc-mutcli3-") as t:
    # 1. --update-xfail: the write fails at fclose
    open(os.path.join(t, "xf.txt"), "w").close()
    rc, out, err = run(["conform", "--suite", SUITE, "--impl-exec",
                        "sh -c 'ln -sf /dev/full xf.txt; exit 1' {file}", "--filter",
                        "mailbox-env-001*", "--update-xfail", "--xfail", "xf.txt"], cwd=t)
    check(rc == 2 and err == "amc conform: cannot write xf.txt: No space left on device\n",
          f"update-xfail into /dev/full: exit {rc}, stderr {err!r}")
    check(os.readlink(os.path.join(t, "xf.txt")) == "/dev/full",
          "update-xfail: the --impl-exec command did not run")

    # 2. fuzz --impl-exec: a command that cannot start is run once
    log = os.path.join(t, "runs.log")
    cmd = f"sh -c 'echo x >> {log}; exit 127' {{file}}"
    rc, out, err = run(["fuzz", "--profile", "socket", "--corpus",
                        os.path.abspath("tests/fuzz/seeds/socket"), "--impl-exec", cmd, "--runs",
                        "20", "--seed", "1", "--jobs", "1", "--out", "fz"], cwd=t)
    runs = open(log).read() if os.path.exists(log) else ""
    check(rc == 3 and runs == "x\n" and err == "" and
          out.startswith(f"amc fuzz: profile socket, exec {cmd}, seed 1, 1 job\n0 execs in ") and
          out.endswith("no findings\nstopped: the implementation is no longer reachable (the "
                       "command could not start (127))\n"),
          f"fuzz, a command that cannot start: exit {rc}, runs {runs!r}, stdout {out!r}, "
          f"stderr {err!r}")

    # 3. fuzz --stateful: a keyed session's policy or keyring cannot be written
    fz = ["fuzz", "--stateful", "--profile", "mailbox", "--suite", SUITE, "--impl",
          f"{sys.executable} {os.path.abspath('tests/fuzz/planted_st_adapter.py')} "
          f"key-trust-sender {AMC}", "--runs", "40", "--seed", "7", "--timeout", "120",
          "--max-findings", "3", "--out"]
    rc, out, err = run(fz + ["st0"], cwd=t)
    case = re.search(r"  stateful  st0/(stateful-[0-9a-f]+)\.json ", out)
    pol = os.path.join(t, "st0", case.group(1), "policies") if case else ""
    check(rc == 1 and err == "" and case and os.path.isfile(os.path.join(pol, "hmac.yaml")) and
          os.path.isfile(os.path.join(pol, "keyring.json")),
          f"fuzz --stateful, a keyed finding: exit {rc}, stdout {out!r}, stderr {err!r}")
    for k, name in enumerate(("hmac.yaml", "keyring.json")):
        if not case:
            break
        d = f"st{k + 1}"
        os.makedirs(os.path.join(t, d, case.group(1), "policies", name))
        rc, out, err = run(fz + [d], cwd=t)
        check(rc == 2 and err == f"amc fuzz: cannot write the session {d}/{case.group(1)}: Is a "
                                 "directory\n",
              f"fuzz --stateful, {name} a folder: exit {rc}, stderr {err!r}")

    # 4. fuzz --socket: a reply after the server stopped reading the request
    os.makedirs(os.path.join(t, "big"))
    with open(os.path.join(t, "big", "big.json"), "w") as f:
        json.dump({"type": "nope", "pad": "x" * (2 << 20)}, f)
    sock = os.path.join(t, "s.sock")
    ls = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    ls.bind(sock)
    ls.listen(4)
    ls.settimeout(0.1)
    stop = threading.Event()

    def serve():
        while not stop.is_set():
            try:
                c, _ = ls.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            try:
                c.settimeout(60)
                got = 0
                while got < 65536:
                    d = c.recv(65536)
                    if not d:
                        break
                    got += len(d)
                c.shutdown(socket.SHUT_RD)  # the client's sends fail from here on
                while c.recv(65536):  # what was queued; then end of file
                    pass
                c.sendall(b'{"type": "error", "message": "request too large"}\n')
            except OSError:
                pass
            c.close()

    th = threading.Thread(target=serve, daemon=True)
    th.start()
    rc, out, err = run(["fuzz", "--socket", sock, "--corpus", "big", "--runs", "1", "--max-len",
                        "4M", "--seed", "1", "--out", "fzs"], cwd=t)
    stop.set()
    th.join(10)
    ls.close()
    check(rc == 0 and err == "" and
          out.startswith(f"amc fuzz: profile socket, socket {sock}, seed 1, 1 job\n1 execs in ")
          and out.endswith(", corpus 1, amc codes reached 1/15\nno findings\n"),
          f"fuzz --socket, a reply after a failed send: exit {rc}, stdout {out!r}, "
          f"stderr {err!r}")

for f in failures:
    print("FAIL", f)
print(f"mutcli3_cli: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
