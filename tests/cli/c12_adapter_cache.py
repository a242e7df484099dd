#!/usr/bin/env python3
"""ctest cli.c12_adapter_cache (AMC_ALLOC_FAILPOINTS builds, whose allocation counter
AMC_FAIL_ALLOC_COUNT, tests/cli/alloc_fail_wrap.c, this reads): amc adapter keeps one plain
validator per profile across requests (cmd_adapter.c plain_validator): a validate request
without policy, now or stateful builds the profile's validator once, and the same request again
costs only the check. N identical requests (mailbox; then mailbox and acp in turn) are sent to
one adapter; the allocations of the 2 and 4 request runs are compared with those of 0 and 1 (or
0 and 2): an extra request must cost less than a quarter of what the first one cost (today about
8 against 390), and every reply is the same. A ratio of counts, not a time. Issue 22:
cmd_adapter.c:254, `amc_validator_new(...) != AMC_OK` made ==, a survivor: the mutant never
kept the validator (each request built two, the same answers, the old ones leaked).

usage: c12_adapter_cache.py AMC SOURCE_DIR"""
import base64
import json
import os
import subprocess
import sys
import tempfile

AMC, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []


def b64(path):
    with open(os.path.join(SRC, "conformance", path), "rb") as fh:
        return base64.b64encode(fh.read()).decode()


FILES = {"mailbox": {"name": "m.json", "data": b64("mailbox/inputs/env-001-valid-task-assignment.json")},
         "acp": {"name": "a.json", "data": b64("acp/inputs/agent-space.json")}}


def cost(profiles, tmp):
    """amc adapter's allocations for one validate request per profile named, and its replies
    (without the seq)."""
    count = os.path.join(tmp, "count")
    reqs = "".join(json.dumps({"seq": i + 1, "op": "validate", "profile": p, "files": [FILES[p]]})
                   + "\n" for i, p in enumerate(profiles))
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMC_FAIL_ALLOC")}
    env.update({"AMC_NO_CONFIG": "1", "AMC_FAIL_ALLOC_COUNT": count})
    p = subprocess.run([AMC, "adapter"], input=reqs, capture_output=True, text=True, timeout=60,
                       env=env, cwd=tmp)
    try:
        n = int(open(count).read().strip())
    except (OSError, ValueError):
        print("c12_adapter_cache: SKIP: amc was not built with AMC_ALLOC_FAILPOINTS=ON")
        sys.exit(0)
    replies = [json.loads(line) for line in p.stdout.splitlines()]
    for r in replies:
        r.pop("seq", None)
    if p.returncode != 0 or len(replies) != len(profiles):
        failures.append(f"{profiles}: exit {p.returncode}, {len(replies)} replies\n{p.stderr}")
    return n, replies


with tempfile.TemporaryDirectory(prefix="amc-c12-adcache-") as tmp:
    for what, one in (("mailbox", ["mailbox"]), ("mailbox, acp", ["mailbox", "acp"])):
        c0, _ = cost([], tmp)
        c1, r1 = cost(one, tmp)
        c2, r2 = cost(one * 2, tmp)
        c4, r4 = cost(one * 4, tmp)
        first, extra = c1 - c0, (c4 - c2) / 2
        if not extra * 4 < first:
            failures.append(f"{what}: the first request cost {first} allocations, each further "
                            f"one {extra} (0, 1, 2, 4 requests: {c0}, {c1}, {c2}, {c4}): the "
                            "validator is not kept")
        if r2 != r1 * 2 or r4 != r1 * 4:
            failures.append(f"{what}: the replies differ: {r1} {r2} {r4}")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
