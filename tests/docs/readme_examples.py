#!/usr/bin/env python3
"""ctest docs.readme_examples: every example command in README.md (and docs/reports.md) does
what the document says.

usage: readme_examples.py AMC SOURCE_DIR [DOC.md...]   (default: README.md docs/reports.md)

How README.md is read (the conventions a writer follows):
- Examples are the fenced blocks with no info string or `sh`/`shell`/`console` (also indented
  ones, inside a list item). ```c and ```text blocks are not examples.
- A block whose lines start with `$ ` is a transcript: `$ CMD` is a command (a line ending in
  `\\` continues it) and the lines after it, up to the next `$ `, are what it prints. Each
  printed line must appear in the command's output (stdout and stderr), whole and in order.
  `$ cat FILE` followed by lines shows a file: the test writes those lines to FILE, so the
  commands after it run with that file present.
- In a ```sh block every line that is not blank or a comment is a command (`\\` continues).
- A command must exit 0 unless its comment says `exit N` (as in `# exit 1: ...`).

Every command runs with bash in a new scratch folder (HOME is that folder too, for `~/...`),
never in the source tree, with the amc under test first on PATH and NO_COLOR set. The files the
examples name are copied there from bundled inputs (FIXTURES, each an input of the repository);
examples/ is copied whole. A command that cannot run here is listed in NOT_RUN with the reason;
the test fails on a command that is neither runnable (starts with `amc `) nor listed, and on a
NOT_RUN or SHORTER entry that no longer matches a command of the README, so the lists cannot
go stale. SHORTER lists the time budgets the test shortens (the command is otherwise run as
written). A socket path of SERVERS is served by `amc serve` (the reference server) under the
scratch folder. XFAIL names a command that a known bug makes exit otherwise than the README
says: it must exit as the bug makes it, and the test fails once it is fixed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# scratch path -> bundled input (file or folder) it is a copy of
FIXTURES = {
    "examples": "examples",
    # a schema and JSON Lines traffic for it (validate --schema s.json --jsonl traffic.jsonl)
    "s.json": "schemas/mailbox/mailbox-envelope.v1.schema.json",
    # mailbox traffic signed with HMAC keys of keys.yaml (tests/data/readme/README.md)
    "traffic.jsonl": "tests/data/readme/traffic.jsonl",
    # a mailbox inbox whose messages carry sha256 signatures (the .amc.yaml example)
    "inbox": "tests/data/audit/mailbox-good/inbox",
    # IGNITE: a runtime directory, one message, a policy
    ".ignite": "tests/data/audit/ignite-good",
    "msg.mime": "examples/messages/task_assignment_1763794243123456.mime",
    "policy.yaml": "conformance/ignite/policies/max-retries-10.json",
    # mailbox: runtime config with HMAC keys, its keyring, one envelope, a mailbox root
    "runtime.yaml": "conformance/mailbox/policies/hmac.yaml",
    "keys.yaml": "conformance/mailbox/policies/keyring.json",
    "keyring.json": "conformance/mailbox/policies/keyring.json",  # runtime.yaml's keyring_file
    "envelope.json": "conformance/mailbox/inputs/acl-001-valid-task-assignment-orchestrator.json",
    "tmp/poc-mailbox/mailbox": "tests/data/audit/mailbox-good",
    # ACP: a workspace with two inboxes, a session state file, a registration
    "agent-workspace/inbox/thorough-todo-executor/MSG-001.json":
        "conformance/acp/inputs/inbox/thorough-todo-executor/MSG-001.json",
    "agent-workspace/inbox/agent-orchestrator/MSG-002.json":
        "conformance/acp/inputs/inbox/agent-orchestrator/MSG-002.json",
    "session.json": "conformance/acp/inputs/seed/s4-session.json",
    "registry.json": "conformance/acp/inputs/seed/s3-registration.json",
    # discussion: a whole discussion
    "discussion.json": "conformance/discussion/inputs/discussion-full.json",
    # socket: one connection's request and reply
    "request.json": "conformance/socket/inputs/seed/task.json",
    "reply.json": "conformance/socket/inputs/seed/result.json",
    # lifecycle traces
    "queue-events.jsonl": "tests/data/trace/ignite-ok.jsonl",
    "state/message-receipts.jsonl": "tests/data/trace/mailbox-receipts.jsonl",
    # the conformance kit's adapter template and its example implementation
    "adapter.py": "conformance/adapters/python/adapter.py",
    "acme_adapter.py": "conformance/adapters/python/adapter.py",  # docs/reports.md's vendor
    "example_socket.py": "conformance/adapters/python/example_socket.py",
    # amc fuzz: the reader's adapter after the fix (amc's reference adapter), and what a campaign
    # against it found before the fix (a duplicate key it accepted; tests/data/readme/README.md)
    "my_adapter.py": "tests/data/readme/my_adapter.py",
    "fuzz-findings": "tests/data/readme/fuzz-findings",
}

# socket path in the README -> the test serves it with `amc serve` (the reference server) at
# the same name under the scratch folder, and the commands use that path instead.
SERVERS = ["/tmp/yadon-agent-yadon-1.sock", "/tmp/my-agent.sock"]

# `mytool` in the examples is the reader's own validator; here it is amc's (an executable in
# the scratch bin/ folder): `mytool check FILE` = `amc validate --profile socket FILE` (the
# README's exec-mode example is the socket profile: 84 cases, a process each).
MYTOOL = '#!/bin/sh\n[ "$1" = check ] && shift\nexec amc validate --profile socket "$@"\n'

# command prefix -> why it is not run here
NOT_RUN = {
    "docker build": "needs docker (not on the CI machine)",
    "bowtie suite": "needs docker and the network (Bowtie pulls images)",
    "bash ci/install-deps.sh": "the build itself (ci/test.sh runs these steps)",
    "cmake -S . -B build": "the build itself (ci/test.sh runs these steps)",
    "ninja -C build": "the build itself (ci/test.sh runs these steps)",
    "ctest --test-dir build": "the build itself (ci/test.sh runs these steps)",
    "python3 tests/browser/run_browser.py": "writes into the source tree (docs/img) and needs "
                                            "Chromium: ctest browser.reports runs it",
}

# command prefix -> (exit status it has today, the bug): a known bug makes the command exit
# otherwise than the README says; the test fails once it exits as the README says (then remove
# the entry).
XFAIL = {}

# (text in the command, replacement, why): time budgets the test shortens
SHORTER = [
    ("--seconds 60", "--runs 300", "a one-minute fuzzing campaign: 300 runs instead (a count, "
                                   "not a time, so a loaded machine gets the same campaign)"),
    ("--seconds 30", "--runs 300", "a half-minute fuzzing campaign: 300 runs instead"),
    ("--runs 5000", "--runs 50", "5000 runs of an exec-mode validator (a process each)"),
]


def blocks(text):
    """(line number, info string, body lines without the fence's indent) of each fenced block."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        m = re.match(r"^( *)```(\S*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        indent, info, start, body = len(m.group(1)), m.group(2), i + 1, []
        i += 1
        while i < len(lines) and not re.match(r"^ *```\s*$", lines[i]):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        out.append((start, info, body))
        i += 1
    return out


def strip_comment(cmd):
    """The command without a trailing `# comment` (a # outside quotes after a blank)."""
    q = None
    for k, c in enumerate(cmd):
        if q:
            q = None if c == q else q
        elif c in "'\"":
            q = c
        elif c == "#" and (k == 0 or cmd[k - 1] in " \t"):
            return cmd[:k].rstrip(), cmd[k + 1:].strip()
    return cmd.rstrip(), ""


def commands(info, body):
    """[(command line, comment, [shown output lines], file contents or None)]."""
    out, k = [], 0
    transcript = any(l.startswith("$ ") for l in body)
    while k < len(body):
        line = body[k]
        k += 1
        if transcript:
            if not line.startswith("$ "):
                continue
            line = line[2:]
        elif not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [line]
        while parts[-1].rstrip().endswith("\\") and k < len(body):
            parts.append(body[k])
            k += 1
        shown = []
        if transcript:
            while k < len(body) and not body[k].startswith("$ "):
                shown.append(body[k])
                k += 1
        # a continued command: the comment can be on any of its lines
        cmd, notes = [], []
        for p in parts:
            c, n = strip_comment(p)
            cmd.append(c)
            notes.append(n)
        out.append(("\n".join(cmd), " ".join(n for n in notes if n), shown))
    return out


def main():
    amc, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    docs = sys.argv[3:] or ["README.md", "docs/reports.md"]
    failures, ran, seen = [], 0, set()
    for doc in docs:
        text = open(os.path.join(src, doc), encoding="utf-8").read()
        scratch = tempfile.mkdtemp(prefix="amc-readme-")
        try:
            ran += run_doc(doc, text, amc, src, scratch, failures, seen)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    for prefix, why in NOT_RUN.items():
        if prefix not in seen:
            failures.append(f"NOT_RUN entry {prefix!r} ({why}) matches no command any more")
    for prefix in XFAIL:
        if prefix not in seen:
            failures.append(f"XFAIL entry {prefix!r} matches no command any more")
    for path in SERVERS:
        if path not in seen:
            failures.append(f"SERVERS entry {path!r} matches no command any more")
    for old, _, why in SHORTER:
        if old not in seen:
            failures.append(f"SHORTER entry {old!r} ({why}) matches no command any more")
    for f in failures:
        print("FAIL", f)
    print(f"{ran} command(s) run, {len(failures)} failure(s)")
    sys.exit(1 if failures or ran == 0 else 0)


def setup(src, amc, scratch):
    for dst, rel in FIXTURES.items():
        s, d = os.path.join(src, rel), os.path.join(scratch, dst)
        os.makedirs(os.path.dirname(d), exist_ok=True)
        if os.path.isdir(s):
            shutil.copytree(s, d, symlinks=True)
        else:
            shutil.copyfile(s, d)
    bindir = os.path.join(scratch, "bin")
    os.makedirs(bindir)
    os.symlink(amc, os.path.join(bindir, "amc"))
    with open(os.path.join(bindir, "mytool"), "w") as f:
        f.write(MYTOOL)
    os.chmod(os.path.join(bindir, "mytool"), 0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_")}
    env.update(PATH=bindir + os.pathsep + os.environ.get("PATH", ""), HOME=scratch,
               NO_COLOR="1", LC_ALL="C.UTF-8", AMC_CONFORMANCE_DIR=os.path.join(src, "conformance"))
    return env


def serve(amc, scratch, env):
    """Start `amc serve` on each SERVERS path under the scratch folder: [(process, path)]."""
    procs = []
    for path in SERVERS:
        sock = os.path.join(scratch, path.lstrip("/"))
        os.makedirs(os.path.dirname(sock), exist_ok=True)
        p = subprocess.Popen([amc, "serve", "--socket", sock], env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append((p, sock))
    for p, sock in procs:
        deadline = time.monotonic() + 10
        while not os.path.exists(sock) and p.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
    return procs


def run_doc(doc, text, amc, src, scratch, failures, seen):
    env = setup(src, amc, scratch)
    procs = serve(amc, scratch, env)
    try:
        return run_blocks(doc, text, scratch, env, failures, seen)
    finally:
        for p, _ in procs:
            p.terminate()
            p.wait(timeout=10)


def run_blocks(doc, text, scratch, env, failures, seen):
    ran = 0
    for start, info, body in blocks(text):
        if info not in ("", "sh", "shell", "console"):
            continue
        for cmd, note, shown in commands(info, body):
            where = f"{doc}:{start}: {cmd.splitlines()[0]}"
            m = re.match(r"cat (\S+)$", cmd)
            if m:  # a file shown: write it
                path = os.path.join(scratch, m.group(1))
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as f:
                    f.write("\n".join(shown) + "\n")
                seen.add("cat")
                continue
            skip = next((p for p in NOT_RUN if cmd.startswith(p)), None)
            if skip:
                seen.add(skip)
                print(f"not run {where}: {NOT_RUN[skip]}")
                continue
            if not cmd.startswith("amc "):
                failures.append(f"{where}: neither an amc command nor listed in NOT_RUN")
                continue
            xfail = next((p for p in XFAIL if cmd.startswith(p)), None)
            for old, new, _ in SHORTER:
                if old in cmd:
                    seen.add(old)
                    cmd = cmd.replace(old, new)
            for path in SERVERS:
                if path in cmd:
                    seen.add(path)
                    cmd = cmd.replace(path, os.path.join(scratch, path.lstrip("/")))
            m = re.search(r"\bexit (\d+)\b", note)
            want = int(m.group(1)) if m else 0
            ran += 1
            t0 = time.monotonic()
            try:
                p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=scratch, env=env,
                                   stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                   errors="replace", timeout=120)
                rc, out = p.returncode, p.stdout + p.stderr
            except subprocess.TimeoutExpired:
                rc, out = "timeout", ""
            problems = []
            if xfail:
                seen.add(xfail)
                bug_rc, bug = XFAIL[xfail]
                if rc == want:
                    problems.append(f"exits {rc} as the README says: fixed? remove its XFAIL entry")
                elif rc != bug_rc:
                    problems.append(f"exit {rc}, README says {want}, known bug: {bug_rc}")
                else:
                    print(f"xfail {where}: {bug}")
                shown = []
            elif rc != want:
                problems.append(f"exit {rc}, README says {want}")
            got = out.splitlines()
            pos = 0
            for s in shown:
                try:
                    pos = got.index(s, pos) + 1
                except ValueError:
                    problems.append(f"shown line not printed (in order): {s!r}")
                    break
            print(f"{'FAIL' if problems else 'ok'} {where} (exit {rc}, {time.monotonic() - t0:.1f} s)")
            if problems:
                failures.append(f"{where}: " + "; ".join(problems) + "\n--- output:\n" + out[-600:])
    return ran


if __name__ == "__main__":
    main()
