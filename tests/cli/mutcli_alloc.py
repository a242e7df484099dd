#!/usr/bin/env python3
"""Allocation failures while amc reads a rule-settings file (--config; issue 22), in a build
with AMC_ALLOC_FAILPOINTS=ON (tests/cli/alloc_fail_wrap.c): each allocation of each command
below fails once (AMC_FAIL_ALLOC=N, N over the count of a clean run), and every run must end as
the clean run did (exit status, standard output and standard error, byte for byte) or with
exit 2 and "out of memory" on standard error. The commands read a config that loads, one that
is not YAML (its diagnostics are part of the output), one that is empty, a JSON one, and one
found in the working folder (.amc.yaml). And amc validate --schema and amc lint-schema, each allocation failing once:
every line it writes says "out of memory".
(tests/cli/alloc_fail.py sweeps the commands without a config file.)
Usage: mutcli_alloc.py AMC (run from the source tree)."""
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []


def run(args, extra, cwd=None):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("AMC_FAIL_ALLOC") and k != "AMC_NO_CONFIG"}
    env.update(extra)
    return subprocess.run([AMC] + args, capture_output=True, timeout=60, env=env, cwd=cwd)


with tempfile.TemporaryDirectory(prefix="amc-mutcli-alloc-") as t:
    cfgs = {"ok.yaml": "rules:\n  JSON_SYNTAX: warning\n  MAILBOX-ROUTE-002: off\n",
            "bad.yaml": "rules: [unclosed\n",
            "empty.yaml": "# nothing\n",
            "ok.json": '{"rules": {"JSON_SYNTAX": "warning"}}\n'}
    for name, text in cfgs.items():
        with open(os.path.join(t, name), "w") as f:
            f.write(text)
    # found in the working folder (.amc.yaml; .git ends the search there)
    found = os.path.join(t, "found")
    os.makedirs(os.path.join(found, ".git"))
    with open(os.path.join(found, ".amc.yaml"), "w") as f:
        f.write(cfgs["ok.yaml"])
    count_file = os.path.join(t, "count")
    total = 0
    for name in list(cfgs) + [".amc.yaml"]:
        args = ["rules", "--config", os.path.join(t, name)] if name in cfgs else ["rules"]
        cwd = found if name == ".amc.yaml" else t
        clean = run(args, {"AMC_FAIL_ALLOC_COUNT": count_file}, cwd)
        try:
            n = int(open(count_file).read().strip())
        except (OSError, ValueError):
            print("mutcli_alloc: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON "
                  "(no allocation count)")
            sys.exit(0)
        os.unlink(count_file)
        want_rc = 2 if name == "bad.yaml" else 0
        if clean.returncode != want_rc:
            failures.append(f"{name}: clean run exit {clean.returncode}, want {want_rc}")
        for k in range(n):
            p = run(args, {"AMC_FAIL_ALLOC": str(k)}, cwd)
            same = (p.returncode, p.stdout, p.stderr) == (clean.returncode, clean.stdout,
                                                          clean.stderr)
            reported = p.returncode == 2 and b"out of memory" in p.stderr
            if not same and not reported:
                failures.append(f"{name}: allocation {k} failed: exit {p.returncode}, "
                                f"stderr {p.stderr[-200:]!r}")
        total += n
    # amc validate --schema and amc lint-schema: each allocation fails once; every line amc
    # writes then says "out of memory" (not a crash, not a schema that "does not compile", not
    # a silent exit 2: cmd_validate.c compile_schemas, cmd_lint_schema.c open_set)
    for name, text in (("s.json", '{"type": "object"}\n'), ("d.json", "{}\n")):
        with open(os.path.join(t, name), "w") as f:
            f.write(text)
    for args, out0 in ((["validate", "--schema", "s.json", "d.json"], b""),
                       (["lint-schema", "s.json"], None)):
        what = " ".join(args[:2])
        clean = run(args, {"AMC_FAIL_ALLOC_COUNT": count_file}, t)
        n = int(open(count_file).read().strip())
        if clean.returncode != 0 or clean.stderr != b"" or out0 not in (None, clean.stdout):
            failures.append(f"{what}: clean run exit {clean.returncode} {clean.stderr!r}")
        for k in range(n):
            p = run(args, {"AMC_FAIL_ALLOC": str(k)}, t)
            lines = p.stderr.decode(errors="replace").splitlines()
            out = p.stdout.decode(errors="replace").splitlines()
            same = (p.returncode, p.stdout, p.stderr) == (0, clean.stdout, b"")
            reported = p.returncode == 2 and lines and \
                all(x.endswith("out of memory") for x in lines + out)
            if not same and not reported:
                failures.append(f"{what}: allocation {k} failed: exit {p.returncode}, "
                                f"stdout {p.stdout[-200:]!r}, stderr {p.stderr[-200:]!r}")
        total += n
    for f in failures[:20]:
        print("FAIL", f)
    print(f"mutcli_alloc: {total} allocations failed one at a time; {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
