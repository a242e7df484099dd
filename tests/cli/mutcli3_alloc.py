#!/usr/bin/env python3
"""Allocation failures while amc reads a config file's string and list keys (issue 22), in a
build with AMC_ALLOC_FAILPOINTS=ON (tests/cli/alloc_fail_wrap.c): each allocation of
`amc rules --config` (which reads the whole config, in a few allocations) fails once
(AMC_FAIL_ALLOC=N, N over the count of a clean run), and every run must end as the clean run
did (exit status, standard output and standard error, byte for byte) or with exit 2 and "out of
memory" on standard error. The config has profile, policy and format (cli_config.c str_key)
and known-formats (known_formats: its list and each name), which tests/cli/mutcli_alloc.py's
configs do not have: a failure there was an exit 2 without a word (fixed), and one that went on
would use a NULL list (kills the deleted returns of known_formats). And `amc validate --policy
sub/pol.yaml` on an empty input, whose keyring_file is read from the policy's folder
(cli_util.c keyring_path: its path built in a new block). And `amc lint-schema DIR`, whose
walk of the folder said nothing when an allocation failed (exit 2 without a word; fixed).
Usage: mutcli3_alloc.py AMC (run from the source tree)."""
import json
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []


def run(args, extra, cwd):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("AMC_FAIL_ALLOC") and k != "AMC_NO_CONFIG"}
    env.update(extra)
    return subprocess.run([AMC] + args, capture_output=True, timeout=60, env=env, cwd=cwd)


with tempfile.TemporaryDirectory(prefix="amc-mutcli3-alloc-") as t:
    files = {"c.yaml": "profile: socket\npolicy: p.yaml\nformat: json\n"
                       "known-formats: [phone, e-mail]\n",
             "p.yaml": "# no settings\n",
             "sub/pol.yaml": "security:\n  signature_algorithm: hmac_sha256\n"
                             "  keyring_file: kr.json\n",
             "sub/kr.json": json.dumps({"version": 1, "keys": [
                 {"key_id": "k1", "algorithm": "hmac_sha256", "secret_hex": "00" * 32}]})}
    os.makedirs(os.path.join(t, "sub"))
    # a folder for lint-schema to walk: two empty schemas (one in a subfolder), one other file
    os.makedirs(os.path.join(t, "schemas", "sub"))
    files.update({"schemas/sub/b.json": "", "schemas/a.yaml": "", "schemas/c.txt": "x\n"})
    for name, text in files.items():
        with open(os.path.join(t, name), "w") as f:
            f.write(text)
    count_file = os.path.join(t, "count")
    total = 0
    for args, want in ((["rules", "--config", "c.yaml"], 0),
                       # the keyring beside the policy (cli_util.c keyring_path), an empty input
                       (["validate", "--no-config", "--policy", "sub/pol.yaml", "--profile",
                         "mailbox", "/dev/null"], 1),
                       # the folder walk (cmd_lint_schema.c walk, paths_add): two empty inputs
                       (["lint-schema", "schemas"], 1)):
        what = " ".join(args[:3])
        clean = run(args, {"AMC_FAIL_ALLOC_COUNT": count_file}, t)
        try:
            n = int(open(count_file).read().strip())
        except (OSError, ValueError):
            print("mutcli3_alloc: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON "
                  "(no allocation count)")
            sys.exit(0)
        os.unlink(count_file)
        if clean.returncode != want or clean.stderr != b"":
            failures.append(f"{what}: clean run exit {clean.returncode} {clean.stderr[-300:]!r}")
        for k in range(n):
            p = run(args, {"AMC_FAIL_ALLOC": str(k)}, t)
            same = (p.returncode, p.stdout, p.stderr) == (clean.returncode, clean.stdout,
                                                          clean.stderr)
            reported = p.returncode == 2 and b"out of memory" in p.stderr
            if not same and not reported:
                failures.append(f"{what}: allocation {k} failed: exit {p.returncode}, "
                                f"stdout {p.stdout[-200:]!r}, stderr {p.stderr[-200:]!r}")
        total += n
    for f in failures[:20]:
        print("FAIL", f)
    print(f"mutcli3_alloc: {total} allocations failed one at a time; {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
