#!/usr/bin/env python3
"""Writes N mailbox envelopes as JSON Lines for the schema benchmark (bench/bench.py schema).

Usage: gen_mailbox.py [-n N] [--seed S] [--invalid FRACTION] [-o FILE]

Every line is a realistic envelope of examples/schemas/mailbox-envelope.v1.schema.json (with
review-result.v1 and aggregation-result.v1 payloads): the five message types in the proportions a
review round produces (task_assignment, review_result, aggregation_result, error, control),
payloads with prose, findings, file paths and agent lists, about 1.5 KB per line, some non-ASCII
text. A fraction (default 0.10) is made invalid by exactly one mutation each: a missing required
property, a wrong type, a value outside an enum, a malformed date-time, an extra property, a
pattern mismatch, a too-short string, a number below its minimum, a wrong const, duplicate items
in a uniqueItems array. The output is deterministic for a seed. The counts go to stderr as
"generated N lines: V valid, I invalid".
"""
import argparse
import json
import random
import sys

AGENTS = ["codex", "claude", "gemini", "qwen-coder", "reviewer-2", "security-bot", "perf-audit"]
FILES = ["src/relay/retry_handler.py", "src/relay/dedup_store.py", "src/mailbox/lease.py",
         "src/mailbox/ack.py", "scripts/lib/dlq_handler.sh", "src/orchestrator/quorum.py",
         "src/schemas/envelope.py", "tests/test_retry.py", "docs/protocol.md",
         "src/mailbox/nonce_cache.py", "src/relay/transport/unix_socket.py"]
TITLES = ["Backoff ignores the 300 s cap", "Lease renewal races with the heartbeat",
          "Nonce cache is never pruned", "Dead-letter path drops the original headers",
          "state_version gap is not detected", "Signature computed over a mutated payload",
          "Quorum counts duplicate receipts twice", "ack is sent before the write is fsynced",
          "Retry counter resets after a restart", "Clock skew window is hard-coded",
          "Unbounded read of the request body", "Error code E004 is never raised"]
WORDS = ("the relay retries the delivery with full jitter but the computed delay is not capped "
         "so a long outage produces sleeps far beyond the documented maximum and the lease of "
         "the claiming worker expires before the retry happens which requeues the task and "
         "causes a duplicate assignment that the dedup store only catches when the receipt was "
         "already persisted; add the cap, persist the receipt before acking, and cover the "
         "restart path with a test that kills the worker between claim and ack").split()
UNICODE_BITS = ["— see the runbook", "(確認済み)", "naïve retry", "≤ 300 s", "“quoted” detail",
                "Grüße from the reviewer", "→ escalate"]


def text(r, lo, hi):
    n = r.randint(lo, hi)
    start = r.randrange(len(WORDS))
    words = [WORDS[(start + i) % len(WORDS)] for i in range(n)]
    s = " ".join(words)
    if r.random() < 0.3:
        s += " " + r.choice(UNICODE_BITS)
    return s[0].upper() + s[1:] + "."


def ts(r, base=1763794243):
    t = base + r.randrange(0, 86400 * 30)
    ms = r.randrange(1000)
    sec = t % 60
    mi = (t // 60) % 60
    h = (t // 3600) % 24
    day = 1 + (t // 86400) % 28
    return f"2025-11-{day:02d}T{h:02d}:{mi:02d}:{sec:02d}.{ms:03d}Z"


def hexs(r, n):
    return "".join(r.choice("0123456789abcdef") for _ in range(n))


def finding(r):
    f = {"code": f"R{r.randrange(100, 999)}", "title": r.choice(TITLES), "detail": text(r, 25, 55),
         "severity": r.choice(["critical", "high", "medium", "low"])}
    if r.random() < 0.85:
        f["file_path"] = r.choice(FILES)
        f["line"] = r.randrange(1, 900)
    return f


def payload(r, mtype, task_id, msg_ids):
    if mtype == "task_assignment":
        return {"review_request_ref": f"reviews/{task_id}.md",
                "required_agents": r.sample(AGENTS[:5], r.randint(2, 4)),
                "instruction": text(r, 80, 170)}
    if mtype == "review_result":
        blocking = [finding(r) for _ in range(r.choice([0, 0, 1, 2]))]
        non_blocking = [finding(r) for _ in range(r.randint(1, 3))]
        verdict = "FAIL" if blocking else "PASS"
        return {"schema_version": 1, "task_id": task_id, "model": r.choice(
                    ["gpt-5-codex", "claude-opus-4", "gemini-2.5-pro", "qwen3-coder"]),
                "verdict": verdict, "blocking": blocking, "non_blocking": non_blocking,
                "summary": text(r, 20, 45),
                "confidence": r.choice(["high", "medium", "low"]),
                "next_action": "rework" if blocking else r.choice(["proceed", "manual_review_required"]),
                "generated_at": ts(r), "raw_output_ref": f"runs/{task_id}/{r.choice(AGENTS)}.txt"}
    if mtype == "aggregation_result":
        req = r.sample(AGENTS[:5], r.randint(2, 4))
        got = r.sample(req, r.randint(1, len(req)))
        return {"schema_version": 1, "task_id": task_id, "required_agents": req,
                "received_agents": got, "quorum_reached": len(got) == len(req),
                "verdict": r.choice(["PASS", "FAIL"]), "blocking_count": r.randrange(0, 5),
                "disagree": r.random() < 0.2,
                "next_action": r.choice(["proceed", "rework", "manual_review_required"]),
                "generated_at": ts(r), "source_msg_ids": msg_ids[:max(1, len(got))]}
    if mtype == "error":
        p = {"code": r.choice(["E_TIMEOUT", "E_SCHEMA", "E_SIGNATURE", "E_LEASE_LOST", "E_QUOTA"]),
             "message": text(r, 10, 25)}
        if r.random() < 0.7:
            p["detail"] = text(r, 60, 120)
        return p
    p = {"action": r.choice(["cancel", "pause", "resume"])}
    if r.random() < 0.8:
        p["reason"] = text(r, 40, 90)
    return p


def envelope(r, i):
    mtype = r.choices(["task_assignment", "review_result", "aggregation_result", "error", "control"],
                      weights=[20, 45, 15, 10, 10])[0]
    sender = "orchestrator" if mtype in ("task_assignment", "aggregation_result", "control") \
        else r.choice(AGENTS)
    to = r.choice(AGENTS) if sender == "orchestrator" else "orchestrator"
    task_id = f"task-202511{r.randrange(1, 29):02d}-{r.randrange(1, 9999):04d}"
    msg_ids = [f"msg-{hexs(r, 8)}-{r.randrange(10000):04d}" for _ in range(4)]
    e = {"msg_id": f"msg-{hexs(r, 8)}-{i:06d}", "schema_version": 1, "task_id": task_id,
         "sender_id": sender, "sender_instance_id": f"{sender}-{r.randint(1, 3)}",
         "key_id": f"{sender}-k{r.randint(1, 2)}", "issued_at": ts(r), "nonce": hexs(r, 32),
         "signature": hexs(r, 64), "from": sender, "to": to, "type": mtype,
         "state_version": r.randrange(0, 40), "delivery_attempt": r.choice([1, 1, 1, 2, 3]),
         "created_at": ts(r), "payload": payload(r, mtype, task_id, msg_ids)}
    if r.random() < 0.5:
        e["parent_id"] = msg_ids[0]
    return e


def mutate(r, e):
    """Applies one mutation that makes e invalid; returns its name."""
    p = e["payload"]
    t = e["type"]
    choices = ["missing", "type", "enum", "date", "extra", "pattern", "minlength", "minimum",
               "const"]
    if t == "aggregation_result":
        choices.append("unique")
    kind = r.choice(choices)
    if kind == "missing":
        if r.random() < 0.5:
            del e[r.choice(["msg_id", "nonce", "signature", "issued_at", "payload", "to"])]
        else:
            req = {"task_assignment": "instruction", "review_result": "verdict",
                   "aggregation_result": "source_msg_ids", "error": "message", "control": "action"}
            del p[req[t]]
    elif kind == "type":
        r.choice([lambda: e.__setitem__("state_version", str(e["state_version"])),
                  lambda: e.__setitem__("delivery_attempt", 1.5),
                  lambda: e.__setitem__("payload", [p])])()
    elif kind == "enum":
        if r.random() < 0.5:
            e["type"] = r.choice(["review", "ack", "heartbeat"])
        else:
            fld = {"task_assignment": None, "review_result": "confidence",
                   "aggregation_result": "verdict", "error": None, "control": "action"}[t]
            if fld:
                p[fld] = r.choice(["MAYBE", "stop", "urgent"])
            else:
                e["type"] = "notify"
    elif kind == "date":
        e[r.choice(["issued_at", "created_at"])] = r.choice(
            ["2025-13-01T00:00:00Z", "2025-11-22T06:61:00Z", "2025-11-22T25:00:00Z",
             "22/11/2025", "2025-11-31T10:00:00Z"])
    elif kind == "extra":
        if r.random() < 0.5:
            e["priority"] = "high"
        else:
            p["debug"] = True
    elif kind == "pattern":
        e["sender_id"] = r.choice(["Codex", "ab", "-codex", "codex_bot"])
    elif kind == "minlength":
        fld = r.choice(["nonce", "signature", "msg_id", "from"])
        e[fld] = {"nonce": "abc123", "signature": "deadbeef", "msg_id": "", "from": ""}[fld]
    elif kind == "minimum":
        fld = r.choice(["delivery_attempt", "state_version"])
        e[fld] = 0 if fld == "delivery_attempt" else -1
    elif kind == "const":
        e["schema_version"] = 2
    elif kind == "unique":
        p["received_agents"] = p["received_agents"] + p["received_agents"][:1]
    return kind


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=100000)
    ap.add_argument("--seed", type=int, default=20251122)
    ap.add_argument("--invalid", type=float, default=0.10)
    ap.add_argument("-o", default="-")
    a = ap.parse_args()
    r = random.Random(a.seed)
    out = sys.stdout if a.o == "-" else open(a.o, "w", encoding="utf-8")
    valid = invalid = 0
    for i in range(a.n):
        e = envelope(r, i)
        if r.random() < a.invalid:
            mutate(r, e)
            invalid += 1
        else:
            valid += 1
        out.write(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n")
    if out is not sys.stdout:
        out.close()
    print(f"generated {a.n} lines: {valid} valid, {invalid} invalid", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
