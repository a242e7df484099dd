#!/usr/bin/env python3
"""Output escaping and workspace roots no other test gives amc (issue 22, helper clibr), each
with its exact output:
  1. amc validate --format github of a file whose name holds CR, LF, '%', ':' and ',' (each
     escaped in the file= property: %0D %0A %25 %3A %2C) (cli_util.c gh_esc),
  2. amc validate --format junit of a file whose name holds a control character (U+FFFD in the
     name attribute) (cli_util.c xml_esc),
  3. a policy naming its keyring relative to the policy file given without a folder (the working
     folder's), and by an absolute path (cli_util.c keyring_path),
  4. amc audit of a workspace folder named agent-workspace or inbox (its name is the prefix of
     every path the profile sees), of one whose name is 64 bytes or longer (no prefix)
     (cli_util.c cli_ws_root_prefix),
  5. reading input: a file and standard input larger than --max-size (LIMIT_SIZE, exit 1),
     standard input that is a directory ("amc: <stdin>: Is a directory", exit 2; for JSON Lines
     too)
     (cli_util.c cli_read_file_to),
  6. on a terminal (a pseudo-terminal, NO_COLOR unset): an info finding in cyan (a rule set to
     info by --config), amc watch's findings in colour (cli_util.c cli_print_diag_text,
     cmd_watch.c); amc audit's summary line on standard error when that is a terminal, without
     --stats; with --stats of a folder with no workspace: "no workspace", its files under "./"
     (cmd_audit.c print_stats).
  7. amc validate --stateful --shard K/2 of JSON Lines by task_id, whose lines have none to go
     by (not JSON, an array, no task_id, longer than --max-size): they go by line number, odd
     lines to shard 1, even to shard 2 (cmd_validate.c shard_of_key, jline_end).
Usage: clibr_util.py AMC (run from the source tree)."""
import os
import pty
import re
import shutil
import subprocess
import sys
import tempfile
import time

AMC = os.path.abspath(sys.argv[1])
SRC = os.getcwd()
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def on_tty(args, cwd=None):
    """amc ARGS with standard output on a pseudo-terminal: (exit status, what it wrote)."""
    m, s = pty.openpty()
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    p = subprocess.run([AMC] + args, stdout=s, stderr=subprocess.PIPE, cwd=cwd, env=env,
                       timeout=60)
    os.close(s)
    out = b""
    while True:
        try:
            d = os.read(m, 65536)
        except OSError:  # EIO: the other end is closed and drained
            break
        if not d:
            break
        out += d
    os.close(m)
    return p.returncode, out.decode("utf-8", "replace").replace("\r\n", "\n")


def err_on_tty(args, cwd=None):
    """amc ARGS with standard error on a pseudo-terminal: (exit status, stdout, what it wrote)."""
    m, s = pty.openpty()
    p = subprocess.run([AMC] + args, stdout=subprocess.PIPE, stderr=s, cwd=cwd, timeout=60,
                       env=dict(os.environ, NO_COLOR="1"))
    os.close(s)
    err = b""
    while True:
        try:
            d = os.read(m, 65536)
        except OSError:
            break
        if not d:
            break
        err += d
    os.close(m)
    return p.returncode, p.stdout, err.decode("utf-8", "replace").replace("\r\n", "\n")


def run(args, cwd=None):
    return subprocess.run([AMC] + args, capture_output=True, timeout=60, cwd=cwd,
                          env=dict(os.environ, NO_COLOR="1"))


with tempfile.TemporaryDirectory(prefix="amc-clibr-util-") as t:
    schema = os.path.join(t, "s.json")
    with open(schema, "w") as f:
        f.write('{"properties": {"a": {"type": "integer"}}}')
    # 1. GitHub annotation escaping
    odd = "a\r\nb%:,.json"
    with open(os.path.join(t, odd), "w") as f:
        f.write('{"a": "x"}')
    p = run(["validate", "--schema", "s.json", "--format", "github", odd], cwd=t)
    check(p.returncode == 1 and p.stdout ==
          b"::error file=a%0D%0Ab%25%3A%2C.json,line=1,col=7,title=SCHEMA_TYPE::expected integer, "
          b"got string (at /a)\n",
          f"github: exit {p.returncode} {p.stdout!r} {p.stderr!r}")
    # 2. JUnit: a control character in a name
    ctl = "c\x01\t\r\n.json"
    with open(os.path.join(t, ctl), "w") as f:
        f.write('{"a": "x"}')
    p = run(["validate", "--schema", "s.json", "--format", "junit", ctl], cwd=t)
    out = p.stdout.decode("utf-8", "replace")
    check(p.returncode == 1 and '<testcase classname="amc validate" name="c\ufffd\t\r\n.json">' in out
          and "\x01" not in out, f"junit: exit {p.returncode} {out!r}")
    # 3. the keyring of a policy: relative to a policy given without a folder, or absolute
    pol = os.path.join(SRC, "conformance/mailbox/policies")
    msg = os.path.join(SRC, "conformance/mailbox/inputs/sig-006-valid-hmac.json")
    shutil.copy(os.path.join(pol, "keyring.json"), os.path.join(t, "kr.json"))
    with open(os.path.join(t, "abs.yaml"), "w") as f:
        f.write("security:\n  signature_algorithm: hmac_sha256\n  keyring_file: %s\n"
                % os.path.join(t, "kr.json"))
    with open(os.path.join(t, "rel.yaml"), "w") as f:
        f.write("security:\n  signature_algorithm: hmac_sha256\n  keyring_file: kr.json\n")
    with open(os.path.join(t, "none.yaml"), "w") as f:
        f.write("security:\n  signature_algorithm: hmac_sha256\n  keyring_file: no-such.json\n")
    for pf in ("abs.yaml", "rel.yaml"):
        p = run(["validate", "--profile", "mailbox", "--policy", pf, msg], cwd=t)
        check(p.returncode == 0 and p.stdout == b"" and p.stderr == b"",
              f"keyring of {pf}: exit {p.returncode} {p.stdout!r} {p.stderr!r}")
    p = run(["validate", "--profile", "mailbox", "--policy", "none.yaml", msg], cwd=t)
    check(p.returncode == 2 and p.stdout == b"" and
          p.stderr.startswith(b"amc: no-such.json: No such file or directory\n"),
          f"keyring of none.yaml: exit {p.returncode} {p.stdout!r} {p.stderr!r}")
    # 4. workspace roots named agent-workspace, inbox, or too long to be a root's name
    ws = os.path.join(t, "agent-workspace")
    os.makedirs(os.path.join(ws, "inbox"))
    with open(os.path.join(ws, "inbox", "notes.txt"), "w") as f:
        f.write("x\n")
    p = run(["audit", "--profile", "acp", "agent-workspace"], cwd=t)
    check(p.returncode == 0 and p.stdout ==
          b"agent-workspace/inbox/notes.txt:1:1: warning[AUDIT_STRAY_FILE]: "
          b"'agent-workspace/inbox/notes.txt' is in a message folder but is not a message file\n",
          f"audit agent-workspace: exit {p.returncode} {p.stdout!r} {p.stderr!r}")
    mb = os.path.join(SRC, "tests/data/audit/mailbox-bad/inbox")
    long_name = os.path.join(t, "i" * 64)
    shutil.copytree(mb, os.path.join(t, "inbox"))
    shutil.copytree(mb, long_name)
    past = time.time() - 3600  # amc watch checks a file at once when it is not changing
    for root, dirs, files in os.walk(os.path.join(t, "inbox")):
        for name in files:
            os.utime(os.path.join(root, name), (past, past))
    p = run(["audit", "--profile", "mailbox", "inbox/"], cwd=t)
    out = p.stdout.decode()
    check(p.returncode == 1 and "inbox/claude/README.md:1:1: warning[AUDIT_STRAY_FILE]: "
          "'inbox/claude/README.md' is in a message folder but is not a message file\n" in out and
          out.count("\n") == 7, f"audit inbox/: exit {p.returncode} {out!r} {p.stderr!r}")
    p = run(["audit", "--profile", "mailbox", "i" * 64], cwd=t)
    out = p.stdout.decode()
    check(p.returncode == 0 and out == "i" * 64 + ":1:1: warning[AUDIT_NO_WORKSPACE]: no IGNITE "
          "queue/, mailbox inbox|ack|deadletter/ or ACP inbox/ message folder found\n",
          f"audit {'i' * 64}: exit {p.returncode} {out!r} {p.stderr!r}")

    # 5. input larger than --max-size, standard input a directory
    big = os.path.join(t, "big.json")
    with open(big, "w") as f:
        f.write('{"a": "' + "x" * 70000 + '"}')
    p = run(["parse", "--max-size", "1000", "big.json"], cwd=t)
    check(p.returncode == 1 and p.stdout == b"" and p.stderr ==
          b"big.json:1:1: error[LIMIT_SIZE]: input is larger than the 1000-byte limit\n",
          f"parse big.json: exit {p.returncode} {p.stdout[:80]!r} {p.stderr!r}")
    with open(big, "rb") as f:
        p = subprocess.run([AMC, "parse", "--max-size", "1000", "-"], stdin=f,
                           capture_output=True, timeout=60)
    check(p.returncode == 1 and p.stdout == b"" and p.stderr ==
          b"<stdin>:1:1: error[LIMIT_SIZE]: input is larger than the 1000-byte limit\n",
          f"parse - < big.json: exit {p.returncode} {p.stdout[:80]!r} {p.stderr!r}")
    dfd = os.open(t, os.O_RDONLY | os.O_DIRECTORY)
    p = subprocess.run([AMC, "parse", "-"], stdin=dfd, capture_output=True, timeout=60)
    check(p.returncode == 2 and p.stdout == b"" and
          p.stderr == b"amc: <stdin>: Is a directory\n",
          f"parse - < DIR: exit {p.returncode} {p.stdout[:80]!r} {p.stderr!r}")
    p = subprocess.run([AMC, "validate", "--schema", schema, "--jsonl", "-"], stdin=dfd,
                       capture_output=True, timeout=60)
    os.close(dfd)
    check(p.returncode == 2 and p.stdout == b"" and
          p.stderr == b"amc: <stdin>: Is a directory\nvalid=0 invalid=0\n",
          f"validate --jsonl - < DIR: exit {p.returncode} {p.stdout[:80]!r} {p.stderr!r}")

    # 6. colour on a terminal
    try:
        for fd in os.openpty():
            os.close(fd)
        have_pty = True
    except OSError as e:
        have_pty = False
        print(f"clibr_util: no pseudo-terminal here ({e}): the colour checks are skipped")
    with open(os.path.join(t, "c.yaml"), "w") as f:
        f.write("rules:\n  MAILBOX-SIG-002: info\n")
    if have_pty:
        env1 = os.path.join(SRC, "conformance/mailbox/inputs/env-001-valid-task-assignment.json")
        rc, out = on_tty(["validate", "--profile", "mailbox", "--config", "c.yaml", env1], cwd=t)
        check(rc == 0 and out == env1 + ":10:16: \x1b[1;36minfo\x1b[0m[MAILBOX_SIGNATURE_UNKEYED] "
              "MAILBOX-SIG-002: sha256 signature: an unkeyed digest, not a MAC (anyone can recompute "
              "it) (at /signature)\n", f"info on a terminal: exit {rc} {out!r}")
        rc, out = on_tty(["watch", "--timeout", "0.3", "inbox"], cwd=t)
        check(rc == 1 and "inbox/claude/README.md:1:1: \x1b[1;35mwarning\x1b[0m[AUDIT_STRAY_FILE]: "
              "'inbox/claude/README.md' is in a message folder but is not a message file\n" in out and
              "inbox/aggregator/9cd2be80-df17-45b1-8049-fd66fefc9852--1770804000001--5a1c7e0e-1f7a-"
              "4f59-8c42-6a7d9c2b3e44.json:15:23: \x1b[1;31merror\x1b[0m[MAILBOX_DELIVERY_ATTEMPTS_"
              "EXCEEDED]" in out, f"watch on a terminal: exit {rc} {out!r}")
    nomsg = os.path.join(SRC, "tests/data/clibr/nomsg")
    p = run(["audit", "--stats", nomsg])
    check(p.returncode == 0 and re.fullmatch(
        r"amc audit: %s: no workspace; 1 files \(0 messages, 1 other\), 0 entries not read; "
        r"\./ 1; 0 errors, 1 warnings; [0-9.]+ s, [0-9]+ files/s\n" % re.escape(nomsg),
        p.stderr.decode()) is not None, f"audit --stats, no workspace: {p.stderr!r}")
    if have_pty:
        rc, out, err = err_on_tty(["audit", "inbox"], cwd=t)
        check(rc == 1 and re.fullmatch(
            r"amc audit: inbox: mailbox workspace; 4 files \(3 messages, 0 other\), 0 entries "
            r"not read; aggregator/ 1 claude/ 3; 2 errors, 5 warnings; [0-9.]+ s, [0-9]+ "
            r"files/s\n", err)
            is not None, f"audit, stderr a terminal: exit {rc} {err!r}")

    # 7. shards of lines without a task_id to go by
    with open(os.path.join(t, "sh.jsonl"), "w") as f:
        f.write('not json\n[1]\n{"a": 1}\n{"task_id": "%s"}\n' % ("x" * 3000))
    for k, lines, summary in ((1, {1, 3}, "valid=0 invalid=2\n"),
                              (2, {2, 4}, "valid=0 invalid=2 unparseable=1\n")):
        p = run(["validate", "--profile", "mailbox", "--stateful", "--shard", "%d/2" % k,
                 "--jsonl", "--max-size", "2K", "sh.jsonl"], cwd=t)
        got = {int(m) for m in re.findall(r"^sh\.jsonl:(\d+):", p.stdout.decode(), re.M)}
        check(p.returncode == 1 and got == lines and p.stderr.decode() == summary,
              f"validate --shard {k}/2: exit {p.returncode} lines {got} {p.stderr!r}")
    p = run(["validate", "--profile", "mailbox", "--stateful", "--shard", "2/2", "--jsonl",
             "--max-size", "2K", "sh.jsonl"], cwd=t)
    check("sh.jsonl:4:1: error[LIMIT_SIZE]: line is longer than the 2048-byte limit\n" in
          p.stdout.decode(), f"validate --shard 2/2: {p.stdout!r}")

for f in failures:
    print("FAIL:", f)
print(f"clibr_util: {len(failures)} failures")
sys.exit(1 if failures else 0)
