#!/usr/bin/env python3
"""amc schemas export and amc sign on cases no other test gives them (issue 22, helper clibr),
each with its exact output and written files:
  1. amc schemas export of one schema ("1 schema written"), again without --force (the file
     exists: exit 2, left as it was), with --force (replaced); under a path that is a file (its
     folder cannot be made); a DIR so long the path does not fit; amc schemas print to a full
     disk (exit 2 with the reason) (cmd_schemas.c export_to, print),
  2. amc sign of a *.jsonl file with a blank line of spaces, a tab and CR and no newline at its
     end: each envelope's signature by line number; --write replaces the one wrong signature
     and keeps every other byte (the blank line, the missing final newline); an empty *.json
     (EMPTY_INPUT, exit 1) (cmd_sign.c sign_file),
  3. amc lint-schema of an empty folder (nothing to lint: exit 2); of a folder named with a
     trailing '/' holding a dot-file and a file --exclude leaves out (only the third is linted);
     a .amc.yaml in the working folder is read when AMC_NO_CONFIG is set to anything but "1"
     (cmd_lint_schema.c walk, cli_config.c cli_config_load),
  4. a --config given without a folder naming its policy by a relative path: the policy is read
     from the working folder (an HMAC-signed envelope valid with it, invalid without)
     (cli_config.c path_member),
  5. amc adapter asked to validate for mailbox, then socket (a second kept validator), a JSON
     Lines file with an empty line between two records (skipped, two verdicts), an empty JSON
     Lines file (valid: nothing in it) (cmd_adapter.c validate, plain_validator).
Usage: clibr_cmds.py AMC (run from the source tree)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
SRC = os.getcwd()
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(args, cwd=None, env=None):
    e = dict(os.environ, NO_COLOR="1")
    e.update(env or {})
    return subprocess.run([AMC] + args, capture_output=True, timeout=60, cwd=cwd, env=e)


with tempfile.TemporaryDirectory(prefix="amc-clibr-cmds-") as t:
    # 1. schemas export
    one = "socket/status.schema.json"
    p = run(["schemas", "print", one], cwd=t)
    schema = p.stdout
    p = run(["schemas", "export", "ex", one], cwd=t)
    check(p.returncode == 0 and p.stdout == b"1 schema written under ex\n" and p.stderr == b"",
          f"export: exit {p.returncode} {p.stdout!r} {p.stderr!r}")
    path = os.path.join(t, "ex", one)
    with open(path, "rb") as f:
        check(f.read() == schema and schema.startswith(b"{"), "export: the file written")
    with open(path, "wb") as f:
        f.write(b"mine\n")
    p = run(["schemas", "export", "ex", one], cwd=t)
    with open(path, "rb") as f:
        kept = f.read()
    check(p.returncode == 2 and p.stdout == b"" and kept == b"mine\n" and
          p.stderr == b"amc schemas: ex/socket/status.schema.json exists (--force replaces it)\n",
          f"export again: exit {p.returncode} {p.stdout!r} {p.stderr!r}")
    p = run(["schemas", "export", "ex", one, "--force"], cwd=t)
    with open(path, "rb") as f:
        check(p.returncode == 0 and p.stdout == b"1 schema written under ex\n" and
              f.read() == schema, f"export --force: exit {p.returncode} {p.stderr!r}")
    with open(os.path.join(t, "plain"), "w") as f:
        f.write("x\n")
    p = run(["schemas", "export", "plain", one], cwd=t)
    check(p.returncode == 2 and p.stdout == b"" and
          p.stderr == b"amc schemas: cannot create plain/socket: Not a directory\n",
          f"export under a file: exit {p.returncode} {p.stderr!r}")
    long_dir = "d" * 4080
    p = run(["schemas", "export", long_dir, one], cwd=t)
    check(p.returncode == 2 and p.stdout == b"" and p.stderr.decode() ==
          "amc schemas: %s/%s: path too long\n" % (long_dir, one),
          f"export under a long DIR: exit {p.returncode} {p.stderr[-80:]!r}")

    with open("/dev/full", "wb") as full:
        p = subprocess.run([AMC, "schemas", "print", one], stdout=full, stderr=subprocess.PIPE,
                           timeout=60)
    check(p.returncode == 2 and p.stderr == b"amc schemas: cannot write: No space left on device\n",
          f"schemas print > /dev/full: exit {p.returncode} {p.stderr!r}")

    # 2. sign of JSON Lines with a blank line and no final newline
    with open(os.path.join(SRC, "conformance/mailbox/inputs/env-001-valid-task-assignment.json"),
              encoding="utf-8") as f:
        env = json.load(f)
    good = json.dumps(env)
    bad = json.dumps(dict(env, nonce=env["nonce"] + "x"))
    text = good + "\n  \t\r\n" + bad
    with open(os.path.join(t, "s.jsonl"), "w", encoding="utf-8", newline="") as f:
        f.write(text)
    p = run(["sign", "s.jsonl"], cwd=t)
    lines = p.stdout.decode().splitlines()
    sigs = [x.split(" ")[1] for x in lines]
    check(p.returncode == 0 and [x.split(" ")[0] for x in lines] == ["s.jsonl:1", "s.jsonl:2"] and
          sigs[0] == env["signature"] and sigs[1] != env["signature"] and len(sigs[1]) == 64,
          f"sign s.jsonl: exit {p.returncode} {lines!r} {p.stderr!r}")
    p = run(["sign", "--write", "s.jsonl"], cwd=t)
    with open(os.path.join(t, "s.jsonl"), encoding="utf-8", newline="") as f:
        written = f.read()
    want = text[:len(good) + 6] + bad.replace(env["signature"], sigs[1] if len(sigs) > 1 else "")
    check(p.returncode == 0 and p.stdout == b"" and p.stderr == b"" and written == want,
          f"sign --write s.jsonl: exit {p.returncode} {p.stderr!r}\n{written!r}")
    with open(os.path.join(t, "e.json"), "w") as f:
        pass
    p = run(["sign", "e.json"], cwd=t)
    check(p.returncode == 1 and p.stdout == b"" and
          p.stderr == b"e.json:1:1: error[EMPTY_INPUT]: input is empty\n",
          f"sign e.json: exit {p.returncode} {p.stdout!r} {p.stderr!r}")

    # 3. lint-schema walks; AMC_NO_CONFIG
    d = os.path.join(t, "ls", "d")
    os.makedirs(d)
    os.makedirs(os.path.join(t, "ls", "empty"))
    for name, text in (("a.schema.json", '{"type": "object"}\n'),
                       ("b.schema.json", '{"type": "object"}\n'), (".hidden.json", "{\n")):
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    p = run(["lint-schema", "ls/empty"], cwd=t)
    check(p.returncode == 2 and p.stdout == b"" and p.stderr ==
          b"amc lint-schema: ls/empty: no *.json, *.yaml or *.yml file in this directory: "
          b"nothing to lint\n", f"lint-schema ls/empty: exit {p.returncode} {p.stderr!r}")
    dialect = (b':1:1: info[LINT_DIALECT]: no "$schema": the schema is read as draft 2020-12; '
               b'declare "$schema": "https://json-schema.org/draft/2020-12/schema"\n')
    p = run(["lint-schema", "ls/d/", "--exclude", "b*"], cwd=t, env={"AMC_NO_CONFIG": "1"})
    check(p.returncode == 0 and p.stdout == b"ls/d/a.schema.json" + dialect and p.stderr == b"",
          f"lint-schema ls/d/: exit {p.returncode} {p.stdout!r} {p.stderr!r}")
    with open(os.path.join(d, ".amc.yaml"), "w") as f:
        f.write("rules:\n  LINT_DIALECT: off\n")
    for env, out in (("0", b""), ("1", b"a.schema.json" + dialect)):
        p = run(["lint-schema", "a.schema.json"], cwd=d, env={"AMC_NO_CONFIG": env})
        check(p.returncode == 0 and p.stdout == out and p.stderr == b"",
              f"lint-schema, AMC_NO_CONFIG={env}: exit {p.returncode} {p.stdout!r} {p.stderr!r}")

    # 4. --config c.yaml in the working folder, its policy relative to it
    cfg = os.path.join(t, "cfg")
    os.mkdir(cfg)
    for name in ("hmac.yaml", "keyring.json"):
        shutil.copy(os.path.join(SRC, "conformance/mailbox/policies", name), cfg)
    with open(os.path.join(cfg, "c.yaml"), "w") as f:
        f.write("policy: hmac.yaml\nprofile: mailbox\n")
    msg = os.path.join(SRC, "conformance/mailbox/inputs/sig-006-valid-hmac.json")
    p = run(["validate", "--config", "c.yaml", msg], cwd=cfg)
    check(p.returncode == 0 and p.stdout == b"" and p.stderr == b"",
          f"validate --config c.yaml: exit {p.returncode} {p.stdout!r} {p.stderr!r}")
    p = run(["validate", "--profile", "mailbox", "--no-config", msg], cwd=cfg)
    check(p.returncode == 1 and b"error[MAILBOX_SIGNATURE_INVALID]" in p.stdout,
          f"validate without the policy: exit {p.returncode} {p.stdout!r}")

    # 5. amc adapter: two profiles, JSON Lines with an empty line, an empty JSON Lines file
    reqs = [{"seq": 1, "op": "validate", "profile": "mailbox",
             "files": [{"name": "a.json", "data": "e30="}]},
            {"seq": 2, "op": "validate", "profile": "socket",
             "files": [{"name": "a.json", "data": "e30="}]},
            {"seq": 3, "op": "validate", "profile": "socket",
             "files": [{"name": "b.jsonl", "data": "e30KCnt9"}]},
            {"seq": 4, "op": "validate", "profile": "mailbox",
             "files": [{"name": "c.jsonl", "data": ""}]}]
    p = subprocess.run([AMC, "adapter"], input="".join(json.dumps(r) + "\n" for r in reqs).encode(),
                       capture_output=True, timeout=60)
    out = p.stdout.decode().splitlines()
    sm = '{"code":"SOCKET_MESSAGE","line":1,"col":1}'
    check(p.returncode == 0 and len(out) == 4 and
          out[0].startswith('{"seq":1,"verdict":"invalid","codes":["MAILBOX_SCHEMA_INVALID",') and
          out[1:] == ['{"seq":2,"verdict":"invalid","codes":["SOCKET_MESSAGE"],"locations":[%s]}'
                      % sm,
                      '{"seq":3,"verdict":"invalid","codes":["SOCKET_MESSAGE"],"locations":[%s,%s]}'
                      % (sm, sm),
                      '{"seq":4,"verdict":"valid","codes":[],"locations":[]}'],
          f"adapter: exit {p.returncode} {out!r} {p.stderr!r}")

for f in failures:
    print("FAIL:", f)
print(f"clibr_cmds: {len(failures)} failures")
sys.exit(1 if failures else 0)
