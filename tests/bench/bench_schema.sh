#!/usr/bin/env bash
# bench_schema.sh - JSON Schema validation throughput: amc vs ajv 8, @exodus/schemasafe and
# python-jsonschema on the same JSON Lines file of mailbox envelopes.
#
# Usage: tests/bench/bench_schema.sh [-n N] [--amc PATH] [--keep] [--strict]
#   -n N       envelopes to generate (default 100000; ~10% invalid, see gen_mailbox.py)
#   --amc PATH the amc binary (default: $AMC, else build/amc, else build/release/amc)
#   --keep     keep the generated file (tests/bench/mailbox-N.jsonl) for the next run
#   --strict   exit 1 when a target is missed (default: report only)
#
# Every tool runs as a whole process on the same file (startup and parsing included), timed by
# /usr/bin/time (elapsed seconds and peak RSS):
#   amc validate --schema mailbox-envelope --schema review-result --schema aggregation-result --jsonl FILE
#   node ajv_validate.mjs ...         ajv 8 (ajv/dist/2020) + ajv-formats, compile once
#   node schemasafe_validate.mjs ...  @exodus/schemasafe, compile once
#   python3 pyjsonschema_validate.py  Draft202012Validator + FormatChecker, on the first 10000
#                                     lines only (it is slow), throughput scaled from those.
# amc's valid/invalid counts must equal ajv's (else MISMATCH, exit 1). amc's peak RSS is also
# measured on a file ten times smaller to show it does not grow with the file.
# Targets (issue 3): amc >= 6x ajv and >= 4x schemasafe in messages/s; amc peak RSS <= 16 MiB.
# Installs what is missing: the `time` package (apt-get), node modules (npm, in tests/bench).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
N=100000
AMC_BIN="${AMC:-}"
KEEP=0
STRICT=0
while [ $# -gt 0 ]; do
  case "$1" in
    -n) N="$2"; shift 2 ;;
    --amc) AMC_BIN="$2"; shift 2 ;;
    --keep) KEEP=1; shift ;;
    --strict) STRICT=1; shift ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "bench_schema.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ -z "$AMC_BIN" ]; then
  for c in "$ROOT/build/amc" "$ROOT/build/release/amc"; do
    if [ -x "$c" ]; then AMC_BIN="$c"; break; fi
  done
fi
[ -x "${AMC_BIN:-}" ] || { echo "bench_schema.sh: no amc binary (build it, or pass --amc)" >&2; exit 2; }

SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
if [ ! -x /usr/bin/time ]; then
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq time >/dev/null
fi
command -v node >/dev/null || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq nodejs npm >/dev/null; }
if [ ! -d "$HERE/node_modules/ajv" ] || [ ! -d "$HERE/node_modules/ajv-formats" ]; then
  (cd "$HERE" && npm install --no-audit --no-fund --silent >/dev/null 2>&1) ||
    (cd "$HERE" && npm install --no-audit --no-fund ajv@8 ajv-formats@3 >/dev/null)
fi
HAVE_SAFE=1
[ -d "$HERE/node_modules/@exodus/schemasafe" ] ||
  (cd "$HERE" && npm install --no-audit --no-fund --silent @exodus/schemasafe >/dev/null 2>&1) || HAVE_SAFE=0
[ -d "$HERE/node_modules/@exodus/schemasafe" ] || HAVE_SAFE=0
PY=python3
if ! $PY -c 'import jsonschema' 2>/dev/null; then
  if /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then PY=/usr/bin/python3
  else $SUDO apt-get update -qq && $SUDO apt-get install -y -qq python3-jsonschema >/dev/null; PY=/usr/bin/python3; fi
fi

S="$ROOT/examples/schemas"
SCHEMAS=("$S/mailbox-envelope.v1.schema.json" "$S/review-result.v1.schema.json" "$S/aggregation-result.v1.schema.json")
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
if [ "$KEEP" = 1 ]; then DATA="$HERE/mailbox-$N.jsonl"; else DATA="$TMP/mailbox-$N.jsonl"; fi
if [ ! -s "$DATA" ]; then
  python3 "$HERE/gen_mailbox.py" -n "$N" -o "$DATA"
fi
SMALL="$TMP/small.jsonl"
head -n $(( N / 10 > 0 ? N / 10 : 1 )) "$DATA" > "$SMALL"
BYTES=$(wc -c < "$DATA")
echo "file: $N envelopes, $BYTES bytes ($(( BYTES / N )) bytes/line), $(nproc) CPUs"

# run NAME CMD... : times CMD, leaves "seconds rss_kib" in $TMP/NAME.time and stdout in .out
run() {
  local name="$1"; shift
  /usr/bin/time -f "%e %M" -o "$TMP/$name.time" "$@" > "$TMP/$name.out" 2> "$TMP/$name.err" || true
}
counts() { grep -o 'valid=[0-9]* invalid=[0-9]*' "$1" | tail -1; }

AMC_ARGS=()
for s in "${SCHEMAS[@]}"; do AMC_ARGS+=(--schema "$s"); done
run amc "$AMC_BIN" validate "${AMC_ARGS[@]}" --jsonl "$DATA"
run amc_small "$AMC_BIN" validate "${AMC_ARGS[@]}" --jsonl "$SMALL"
run ajv node "$HERE/ajv_validate.mjs" "${SCHEMAS[@]}" "$DATA"
if [ "$HAVE_SAFE" = 1 ]; then run safe node "$HERE/schemasafe_validate.mjs" "${SCHEMAS[@]}" "$DATA"; fi
PYN=$(( N < 10000 ? N : 10000 ))
run py "$PY" "$HERE/pyjsonschema_validate.py" --limit "$PYN" "${SCHEMAS[@]}" "$DATA"

AMC_COUNTS="$(counts "$TMP/amc.err")"
AJV_COUNTS="$(counts "$TMP/ajv.out")"
SAFE_COUNTS="$( [ "$HAVE_SAFE" = 1 ] && counts "$TMP/safe.out" || echo n/a)"
PY_COUNTS="$(counts "$TMP/py.out")"

python3 - "$TMP" "$N" "$PYN" "$HAVE_SAFE" "$AMC_COUNTS" "$AJV_COUNTS" "$SAFE_COUNTS" "$PY_COUNTS" "$STRICT" <<'EOF'
import sys
tmp, n, pyn, have_safe = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
amc_c, ajv_c, safe_c, py_c, strict = sys.argv[5:10]
def t(name):
    sec, rss = open(f"{tmp}/{name}.time").read().split()[-2:]
    return float(sec), int(rss) / 1024.0
rows = [("amc", "amc", n, amc_c), ("ajv 8 + ajv-formats", "ajv", n, ajv_c)]
if have_safe:
    rows.append(("@exodus/schemasafe", "safe", n, safe_c))
rows.append((f"python-jsonschema ({pyn} lines)", "py", pyn, py_c))
res = {}
print(f"{'validator':34} {'seconds':>8} {'msgs/s':>10} {'peak RSS':>10}  counts")
for label, key, lines, c in rows:
    sec, rss = t(key)
    rate = lines / sec if sec > 0 else float("inf")
    res[key] = (sec, rate, rss)
    print(f"{label:34} {sec:8.2f} {rate:10.0f} {rss:7.1f} MiB  {c}")
small_sec, small_rss = t("amc_small")
print(f"amc peak RSS: {res['amc'][2]:.1f} MiB on {n} lines, {small_rss:.1f} MiB on {max(1, n // 10)} lines")
ok = True
if amc_c != ajv_c:
    print(f"MISMATCH: amc {amc_c} vs ajv {ajv_c}")
    sys.exit(1)
print(f"counts: amc == ajv ({amc_c})" + ("" if not have_safe else
      f"; schemasafe {'agrees' if safe_c == amc_c else 'DIFFERS: ' + safe_c}"))
r_ajv = res["amc"][1] / res["ajv"][1]
line = f"amc/ajv = {r_ajv:.1f}x (target >= 6x)"
ok &= r_ajv >= 6
if have_safe:
    r_safe = res["amc"][1] / res["safe"][1]
    line += f", amc/schemasafe = {r_safe:.1f}x (target >= 4x)"
    ok &= r_safe >= 4
line += f", amc/python-jsonschema = {res['amc'][1] / res['py'][1]:.0f}x"
print(line)
rss_ok = res["amc"][2] <= 16 and small_rss <= 16
ok &= rss_ok
print(f"amc peak RSS {res['amc'][2]:.1f} MiB (target <= 16 MiB): {'met' if rss_ok else 'MISSED'}")
print("targets: " + ("all met" if ok else "TARGET MISSED"))
sys.exit(1 if (strict == "1" and not ok) else 0)
EOF
