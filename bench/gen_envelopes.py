#!/usr/bin/env python3
"""gen_envelopes.py - writes N realistic mailbox envelopes as JSONL (one JSON text per line).

The shape follows the Mailbox PoC envelope schema (mailbox-envelope.v1.schema.json) and its
payload schemas (task_assignment, review_result, aggregation_result, error, control): string
ids, RFC 3339 timestamps, nonces, hex signatures, integers, booleans, nested objects and
arrays, free text with some non-ASCII (Japanese, accented Latin, emoji) and escapes. Lines are
written the way Python's json.dumps writes them (", " and ": " separators, ensure_ascii=False),
averaging about 1.6 KB per envelope. Output is deterministic for a given seed.

Usage: gen_envelopes.py N OUT.jsonl [--seed S]
"""
import argparse
import datetime
import json
import random

AGENTS = ["orchestrator", "reviewer-claude", "reviewer-codex", "reviewer-gemini", "planner-01",
          "coder-main", "coder-aux", "qa-bot", "security-scan", "docs-writer"]
TYPES = ["task_assignment", "review_result", "review_result", "review_result",
         "aggregation_result", "error", "control"]
WORDS = ("the function returns early when the buffer is empty so the caller never sees the "
         "error path and the retry counter is not reset after a successful delivery which "
         "makes the backoff grow without bound under load").split()
JA = ["レビュー結果", "修正が必要です", "テストを追加してください", "エラー処理", "境界値",
      "再試行", "タイムアウト", "署名の検証", "重複排除", "状態遷移"]
OTHER = ["café", "naïve", "Zürich", "coöperate", "déjà vu", "✓ done", "→ next", "🚀", "µs"]
FILES = ["src/relay/outbox.py", "src/relay/inbox.py", "src/core/lease.py", "src/core/dedup.py",
         "lib/signature.ts", "cmd/worker/main.go", "docs/protocol.md", "tests/test_retry.py"]


def sentence(r, lo, hi):
    words = [r.choice(WORDS) for _ in range(r.randint(lo, hi))]
    if r.random() < 0.35:
        words.insert(r.randrange(len(words) + 1), r.choice(JA))
    if r.random() < 0.15:
        words.insert(r.randrange(len(words) + 1), r.choice(OTHER))
    s = " ".join(words)
    if r.random() < 0.1:
        s += '\n\tsee "' + r.choice(FILES) + '" \\ line ' + str(r.randint(1, 999))
    return s[0].upper() + s[1:] + "."


def ts(r, base):
    t = base + datetime.timedelta(seconds=r.randint(0, 86400 * 30),
                                  microseconds=r.randint(0, 999999))
    return t.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def hexs(r, n):
    return "%0*x" % (n, r.getrandbits(4 * n))


def finding(r):
    f = {"id": "F-%04d" % r.randint(1, 9999), "file": r.choice(FILES),
         "line": r.randint(1, 2000), "severity": r.choice(["critical", "major", "minor", "info"]),
         "title": sentence(r, 3, 8), "detail": sentence(r, 12, 32)}
    if r.random() < 0.5:
        f["suggestion"] = sentence(r, 6, 16)
    if r.random() < 0.3:
        f["tags"] = r.sample(["security", "perf", "style", "correctness", "tests", "docs"],
                             r.randint(1, 3))
    return f


def payload(r, typ, task_id, base):
    if typ == "task_assignment":
        return {"review_request_ref": "rr://%s/%s" % (task_id, hexs(r, 8)),
                "required_agents": r.sample(AGENTS[1:], r.randint(2, 4)),
                "instruction": " ".join(sentence(r, 14, 34) for _ in range(r.randint(3, 7))),
                "context": {"repo": "git@example.com:team/app.git", "commit": hexs(r, 40),
                            "files": r.sample(FILES, r.randint(1, 4)),
                            "budget": {"tokens": r.randint(1000, 200000),
                                       "seconds": r.randint(30, 3600)}}}
    if typ == "review_result":
        nb = r.randint(0, 2)
        return {"schema_version": 1, "task_id": task_id, "model": r.choice(
                    ["claude-sonnet-4", "gpt-5-codex", "gemini-2.5-pro"]),
                "verdict": "FAIL" if nb else "PASS",
                "blocking": [finding(r) for _ in range(nb)],
                "non_blocking": [finding(r) for _ in range(r.randint(0, 3))],
                "summary": sentence(r, 14, 36), "confidence": r.choice(["high", "medium", "low"]),
                "score": round(r.uniform(0, 1), r.randint(2, 4)),
                "next_action": r.choice(["proceed", "rework", "manual_review_required"]),
                "generated_at": ts(r, base), "raw_output_ref": "blob://%s" % hexs(r, 32)}
    if typ == "aggregation_result":
        req = r.sample(AGENTS[1:], r.randint(2, 4))
        return {"schema_version": 1, "task_id": task_id, "required_agents": req,
                "received_agents": req[:max(1, len(req) - r.randint(0, 1))],
                "quorum_reached": r.random() < 0.8, "verdict": r.choice(["PASS", "FAIL"]),
                "blocking_count": r.randint(0, 5), "disagree": r.random() < 0.2,
                "next_action": r.choice(["proceed", "rework", "manual_review_required"]),
                "generated_at": ts(r, base),
                "source_msg_ids": ["msg-%s" % hexs(r, 24) for _ in range(len(req))],
                "scores": {a: round(r.uniform(0, 1), 3) for a in req},
                "notes": [sentence(r, 10, 24) for _ in range(r.randint(2, 5))]}
    if typ == "error":
        return {"code": r.choice(["E_TIMEOUT", "E_SCHEMA", "E_SIGNATURE", "E_ACL", "E_LEASE"]),
                "message": sentence(r, 8, 20),
                "detail": " ".join(sentence(r, 12, 30) for _ in range(r.randint(2, 6))),
                "retryable": r.random() < 0.5, "attempt": r.randint(1, 5),
                "trace": [{"frame": i, "fn": r.choice(WORDS) + "_" + r.choice(WORDS),
                           "file": r.choice(FILES), "line": r.randint(1, 999)}
                          for i in range(r.randint(2, 6))]}
    return {"action": r.choice(["cancel", "pause", "resume"]), "reason": sentence(r, 30, 70),
            "requested_by": r.choice(AGENTS), "effective_at": ts(r, base),
            "ttl_ms": r.randint(1000, 600000), "ratio": r.uniform(-1e6, 1e6)}


def envelope(r, i, base):
    typ = r.choice(TYPES)
    sender = r.choice(AGENTS)
    task_id = "task-%06d-%s" % (r.randint(0, 999999), hexs(r, 6))
    env = {"msg_id": "msg-%08d-%s" % (i, hexs(r, 16)), "schema_version": 1, "task_id": task_id,
           "sender_id": sender, "sender_instance_id": "%s#%d" % (sender, r.randint(1, 16)),
           "key_id": "k-%s" % hexs(r, 8), "issued_at": ts(r, base),
           "nonce": hexs(r, 32), "signature": hexs(r, 64), "from": sender,
           "to": r.choice(AGENTS), "type": typ, "state_version": r.randint(0, 5000),
           "delivery_attempt": r.randint(1, 5), "created_at": ts(r, base)}
    if r.random() < 0.6:
        env["parent_id"] = "msg-%08d-%s" % (r.randint(0, i + 1), hexs(r, 16))
    env["payload"] = payload(r, typ, task_id, base)
    return env


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=20240601)
    a = ap.parse_args()
    r = random.Random(a.seed)
    base = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
    with open(a.out, "w", encoding="utf-8", newline="\n") as f:
        for i in range(a.n):
            f.write(json.dumps(envelope(r, i, base), ensure_ascii=False))
            f.write("\n")


if __name__ == "__main__":
    main()
