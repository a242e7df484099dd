#!/bin/sh
# bench_audit.sh [AMC] [N] - generates an IGNITE runtime dir of N files (default 100000) in /tmp
# (N/2 in queue/coordinator/, N/2 in queue/coordinator/processed/, from one valid conformance message with a
# fresh Message-ID each) and times `amc audit --stats` on it twice (cold-ish, then warm).
# Not part of ctest.
set -eu
AMC=${1:-./build/amc}
N=${2:-100000}
SRC=$(cd "$(dirname "$0")/.." && pwd)
MSG=$SRC/conformance/ignite/inputs/workspace/queue/coordinator/task_completed_1770692606249438.mime
T=$(mktemp -d /tmp/amc-bench-audit.XXXXXX)
trap 'rm -rf "$T"' EXIT
python3 - "$MSG" "$T" "$N" <<'PY'
import os, sys
msg, root, n = open(sys.argv[1], encoding="utf-8").read(), sys.argv[2], int(sys.argv[3])
lines = msg.split("\n")
for i in range(n):
    agent = "coordinator"  # the message is To: coordinator
    sub = "processed" if i % 2 else ""
    d = os.path.join(root, "queue", f"{agent}", sub)
    os.makedirs(d, exist_ok=True)
    body = "\n".join(f"Message-ID: <{1770692606 + i}.{i}.1@ignite.local>" if l.startswith("Message-ID:") else l for l in lines)
    with open(os.path.join(d, f"task_completed_{1770692606249438 + i:016d}.mime"), "w", encoding="utf-8") as f:
        f.write(body)
PY
echo "tree: $N files in $T"
"$AMC" audit --stats "$T" > /dev/null || true
"$AMC" audit --stats "$T" > /dev/null || true
