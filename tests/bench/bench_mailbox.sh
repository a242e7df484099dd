#!/usr/bin/env bash
# bench_mailbox.sh - mailbox profile throughput against schema-only validation (issue 5 target:
# `--profile mailbox` within 1.5x of schema-only).
#
# Usage: tests/bench/bench_mailbox.sh [-n N] [--amc PATH] [--runs R]
#   -n N       signed envelopes to generate (default 100000; gen_mailbox_signed.py, all valid)
#   --amc PATH the amc binary (default: $AMC, else build/release/amc, else build/amc)
#   --runs R   runs per mode; the best CPU time (user+sys) is kept (default 3)
#
# Modes, each one process over the same JSON Lines file (startup included):
#   schema     amc validate --schema schemas/mailbox/mailbox-envelope.v1.schema.json --jsonl FILE
#              (the envelope schema and, through its allOf, the payload schema of each type)
#   profile    amc validate --profile mailbox --jsonl FILE      (schema + semantic rules + sha256
#              signature: JCS canonical form and SHA-256 of every envelope)
#   stateful   the same with --stateful                         (+ receipts, nonces, state_version)
# Every envelope is valid; the profile prints one MAILBOX_SIGNATURE_UNKEYED warning per line (to
# /dev/null here), which is part of its cost. CPU time, not wall time, so a loaded machine
# distorts less; the ratio profile/schema is the figure the target is about. Then
# bench_mailbox_parts breaks one envelope's cost down in process (see its header).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
N=100000
RUNS=3
AMC_BIN="${AMC:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    -n) N="$2"; shift 2 ;;
    --amc) AMC_BIN="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "bench_mailbox.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ -z "$AMC_BIN" ]; then
  for c in "$ROOT/build/release/amc" "$ROOT/build/amc"; do [ -x "$c" ] && AMC_BIN="$c" && break; done
fi
[ -x "$AMC_BIN" ] || { echo "bench_mailbox.sh: no amc binary (build first or pass --amc)" >&2; exit 2; }
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
DATA="$TMP/mailbox-signed-$N.jsonl"
python3 "$HERE/gen_mailbox_signed.py" -n "$N" -o "$DATA"
BYTES=$(wc -c < "$DATA")
echo "input: $N signed envelopes, $BYTES bytes ($((BYTES / N)) bytes/line)"
cpu() { # best user+sys seconds of RUNS runs of: amc validate "$@" --jsonl DATA
  local best="" t
  for _ in $(seq "$RUNS"); do
    t=$( { TIMEFORMAT='%3U %3S'; time "$AMC_BIN" validate "$@" --jsonl "$DATA" >/dev/null 2>&1 || true; } 2>&1 | awk '{print $1 + $2}')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a < b)}'; then best="$t"; fi
  done
  echo "$best"
}
# the run must find every envelope valid (else the generator or the profile is wrong)
if ! "$AMC_BIN" validate --profile mailbox --stateful --jsonl "$DATA" >/dev/null 2>&1; then
  echo "bench_mailbox.sh: the generated envelopes are not all valid" >&2; exit 1
fi
S=$(cpu --schema "$ROOT/schemas/mailbox/mailbox-envelope.v1.schema.json")
P=$(cpu --profile mailbox)
T=$(cpu --profile mailbox --stateful)
awk -v n="$N" -v s="$S" -v p="$P" -v t="$T" 'BEGIN {
  printf "%-10s %8.3f s CPU %10.0f msgs/s\n", "schema", s, n / s
  printf "%-10s %8.3f s CPU %10.0f msgs/s\n", "profile", p, n / p
  printf "%-10s %8.3f s CPU %10.0f msgs/s\n", "stateful", t, n / t
  printf "ratio profile/schema:  %.2fx (target <= 1.5x)\n", p / s
  printf "ratio stateful/schema: %.2fx\n", t / s
}'
# Where the profile's time goes, in process (no start-up, file reading or printing): read,
# schema, RFC 8785 and SHA-256 of each envelope, the whole check. schema + jcs + sha256 is the
# floor the signature check alone puts under --profile mailbox.
PARTS=""
for c in "$(dirname "$AMC_BIN")/bench_mailbox_parts" "$ROOT/build/release/bench_mailbox_parts" \
         "$ROOT/build/bench_mailbox_parts"; do
  [ -x "$c" ] && PARTS="$c" && break
done
if [ -n "$PARTS" ]; then
  echo "in process (bench_mailbox_parts):"
  "$PARTS" "$DATA" "$RUNS"
else
  echo "(bench_mailbox_parts not built: no in-process breakdown)"
fi
