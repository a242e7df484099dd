#!/usr/bin/env python3
"""ctest cli.lead_alloc (AMC_ALLOC_FAILPOINTS builds): every allocation of a few small commands
fails once (AMC_FAIL_ALLOC=N, tests/cli/alloc_fail_wrap.c), and each run must end either exactly
as the clean run did (exit status and standard output) without a word about memory, or with
exit 2 and "out of memory" on standard error: amc never says it ran out of memory and then
exits as if it had not (issue 22: cli_schema.c cli_schema_add_file, the `return -1` after its
diagnostics list could not be made deleted: the mutant printed "out of memory" and validated
on, exit 0 or 1; that mutant turned out equivalent, see ci/mutate-equivalent.txt; and slurp's
`return -1` after a failed realloc, a schema read through --map-uri: the mutant read into
NULL). It found two wrong diagnostics, fixed with it: a failed allocation while reading
--map-uri was reported as "--map-uri wants PREFIX=DIR", and one while a $ref's file was read
through the loader as "$ref ... cannot be resolved" (now "out of memory", exit 2). Not labelled 'sweep' (about 100 runs a command), so ci/mutate.py --quick runs
it.

usage: lead_alloc.py AMC"""
import os
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
S = "tests/data/schema/"
COMMANDS = [
    ["validate", "--schema", S + "person.schema.json", "--schema", S + "address.schema.json",
     S + "person-valid.json", S + "person-invalid.json"],
    ["lint-schema", "--schema", S + "address.schema.json", S + "person.schema.json"],
    # rule settings (--disable): their filter goes on each diagnostics list only once the list
    # was made (cli_config.c cli_config_install's `ds` test; its mutant `... || ds` handed a
    # failed list to amc_diags_set_filter)
    ["validate", "--disable", "SCHEMA_FORMAT", "--schema", S + "person.schema.json", "--schema",
     S + "address.schema.json", S + "person-invalid.json"],
    # the $ref to address.json read through --map-uri (cli_schema.c load_cb and slurp)
    ["validate", "--schema", S + "person.schema.json", "--map-uri",
     "https://example.com/schemas/=tests/data/lead/mapdir", S + "person-valid.json"],
    # a MIME message printed as JSON: each header's name and value are copied to JSON text
    # (cmd_parse.c print_headers: a failed copy of either is out of memory; its mutant
    # `!ns && !vs` printed null for the one that failed and exited 0)
    ["parse", "tests/data/lead/in-reply-to-two.mime"],
]
failures = []


def run(args, n=None, count=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env.update(AMC_NO_CONFIG="1", NO_COLOR="1")
    if count:
        env["AMC_FAIL_ALLOC_COUNT"] = count
    if n is not None:
        env["AMC_FAIL_ALLOC"] = str(n)
    return subprocess.run([AMC] + args, capture_output=True, text=True, errors="replace",
                          timeout=60, env=env)


with tempfile.TemporaryDirectory(prefix="amc-lead-alloc-") as t:
    count = os.path.join(t, "count")
    for args in COMMANDS:
        clean = run(args, count=count)
        try:
            total = int(open(count).read().strip())
        except (OSError, ValueError):
            print("lead_alloc: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
            sys.exit(0)
        os.unlink(count)
        if clean.returncode not in (0, 1) or "memory" in clean.stderr:
            failures.append(f"{args[0]}: clean run: exit {clean.returncode}\n{clean.stderr}")
            continue
        for n in range(total):
            p = run(args, n)
            same = (p.returncode == clean.returncode and p.stdout == clean.stdout and
                    "memory" not in p.stderr)
            nomem = p.returncode == 2 and "out of memory" in p.stderr
            if not (same or nomem):
                failures.append(f"{args[0]}: allocation {n} of {total} failed: exit "
                                f"{p.returncode}\n{p.stderr[-400:]}")
        print(f"lead_alloc: {' '.join(args[:2])}...: {total} allocations, each failed once")
for f in failures:
    print("FAIL:", f)
print("lead_alloc:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
