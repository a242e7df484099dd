#!/usr/bin/env python3
"""src/cli under conditions a plain run never meets (issue 22: surviving mutants of src/cli):
  1. glibc's malloc checking (libc_malloc_debug.so.0, glibc.malloc.check=3) puts a check byte
     right after each block and aborts when free() finds it overwritten: a write one byte past
     an allocation (a string copied into a block one byte short) ends the run with SIGABRT
     instead of going unnoticed. The keyring's path, built from the policy file's folder and
     its security.keyring_file (cli_util.c keyring_path), for a policy given with a folder, a
     bare policy file name and an absolute keyring_file, and mistyped schema names, actions,
     commands, options and values (whose suggestions read a list of candidates: none past its
     end): each run gives the same output and exit status as without the checking;
  2. threads that cannot start: amc validate -j 8 with an address-space limit too small for
     eight 256 MiB thread stacks says "cannot start 8 threads" and exits 2 (the threads that
     did start are stopped and joined; cli_par.c cli_par_new), and so does amc audit -j 8 (which
     said "out of memory" for any cause before).
Both parts need a build without sanitizers (ASan keeps its own heap and needs a huge address
space): with one they are skipped, and say so.
Usage: mutcli_limits.py AMC (run from the source tree)."""
import json
import os
import resource
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []
MALLOC_DEBUG = "/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0"


def check(ok, what):
    if not ok:
        failures.append(what)


def run(args, cwd=None, env=None, preexec=None, stdin=b""):
    return subprocess.run([AMC] + args, input=stdin, capture_output=True, timeout=120, cwd=cwd,
                          env=env, preexec_fn=preexec)


with open(AMC, "rb") as f:  # ASan linked in (static) or needed (libasan.so: __asan_init)
    image = f.read()
    sanitized = b"AddressSanitizer" in image or b"__asan_init" in image
if sanitized:
    print("mutcli_limits: SKIP: amc is built with AddressSanitizer (its own heap and shadow "
          "memory: neither glibc's malloc checking nor an address-space limit applies)")
    sys.exit(0)

env = json.load(open("conformance/mailbox/inputs/env-001-valid-task-assignment.json"))
with tempfile.TemporaryDirectory(prefix="amc-mutcli-lim-") as t:
    # 1. malloc checking: the keyring path one byte past its block would abort
    d = os.path.join(t, "policy-dir")
    os.makedirs(d)
    ring = {"version": 1, "keys": [{"key_id": "k1", "algorithm": "hmac_sha256",
                                    "secret_hex": "00" * 32}]}
    for name in ("keyring.json", "k.json"):
        with open(os.path.join(d, name), "w") as f:
            json.dump(ring, f)
    with open(os.path.join(d, "policy.yaml"), "w") as f:
        f.write("security:\n  signature_algorithm: hmac_sha256\n  keyring_file: keyring.json\n")
    with open(os.path.join(d, "abs.yaml"), "w") as f:
        f.write("security:\n  signature_algorithm: hmac_sha256\n  keyring_file: %s\n"
                % os.path.join(d, "k.json"))
    msg = os.path.join(t, "env.json")
    with open(msg, "w") as f:
        json.dump(env, f)
    runs = [(["validate", "--profile", "mailbox", "--policy", os.path.join(d, "policy.yaml"), msg],
             None),
            (["validate", "--profile", "mailbox", "--policy", "policy.yaml", msg], d),
            (["validate", "--profile", "mailbox", "--policy", os.path.join(d, "abs.yaml"), msg],
             None)]
    if not os.path.exists(MALLOC_DEBUG):
        print(f"mutcli_limits: part 1 skipped: no {MALLOC_DEBUG} (glibc's malloc debugging)")
    else:
        checked = dict(os.environ, LD_PRELOAD=MALLOC_DEBUG, GLIBC_TUNABLES="glibc.malloc.check=3")
        for args, cwd in runs:
            plain = run(args, cwd=cwd)
            p = run(args, cwd=cwd, env=checked)
            # the envelope is signed sha256, the policy wants hmac_sha256: invalid, exit 1
            check(plain.returncode == 1 and b"MAILBOX_" in plain.stdout,
                  f"{args[4]}: plain run exit {plain.returncode}: {plain.stderr[-200:]!r}")
            check((p.returncode, p.stdout, p.stderr) == (plain.returncode, plain.stdout,
                                                          plain.stderr),
                  f"{args[4]} under malloc checking: exit {p.returncode}, "
                  f"{p.stderr[-200:]!r}")
        # suggestions: the candidate lists end at their count, never read past it
        for args in (["schemas", "print", "mailbox/control.v1.schema.jsn"], ["schemas", "prnt"],
                     ["valdate"], ["validate", "--formt", "json"], ["report", "merg"],
                     ["validate", "--format", "jsn"]):
            plain = run(args)
            p = run(args, env=checked)
            check(plain.returncode == 2 and b"did you mean" in plain.stderr and
                  (p.returncode, p.stdout, p.stderr) == (plain.returncode, plain.stdout,
                                                         plain.stderr),
                  f"{args} under malloc checking: exit {p.returncode}, {p.stderr[-200:]!r}")

    # 2. threads that cannot start: 256 MiB stacks in a 1 GiB address space
    def small_space():
        resource.setrlimit(resource.RLIMIT_STACK, (256 << 20, 256 << 20))
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    line = (json.dumps(env) + "\n").encode()
    p = run(["validate", "-j", "1", "--profile", "mailbox", "--jsonl", "-"], preexec=small_space,
            stdin=line)
    check(p.returncode == 0 and p.stderr == b"valid=1 invalid=0\n",
          f"validate -j 1 in 1 GiB: exit {p.returncode}, {p.stderr[-200:]!r}")
    p = run(["validate", "-j", "8", "--profile", "mailbox", "--jsonl", "-"], preexec=small_space,
            stdin=line)
    check(p.returncode == 2 and p.stdout == b"" and p.stderr ==
          b"amc validate: cannot start 8 threads: Resource temporarily unavailable\n",
          f"validate -j 8 in 1 GiB: exit {p.returncode}, {p.stderr[-200:]!r}")
    p = run(["audit", "-j", "8", "tests/data/audit/mailbox-good"], preexec=small_space)
    check(p.returncode == 2 and p.stdout == b"" and p.stderr ==
          b"amc audit: cannot start 8 threads: Resource temporarily unavailable\n",
          f"audit -j 8 in 1 GiB: exit {p.returncode}, {p.stderr[-200:]!r}")

for f in failures:
    print("FAIL", f)
print(f"mutcli_limits: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
