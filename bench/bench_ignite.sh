#!/usr/bin/env bash
# bench_ignite.sh - IGNITE message throughput: `amc validate --profile ignite DIR` vs the IGNITE
# implementation's own parser (scripts/lib/ignite_mime.py from github.com/myfinder/IGNITE, Python
# stdlib), the baseline its users have today, on the same generated queue of N messages.
#
# Usage: bench/bench_ignite.sh [-n N] [--amc PATH] [--ignite-mime PATH] [--keep]
#   -n N                 messages to generate (default 10000; gen_ignite.py, all valid)
#   --amc PATH           the amc binary (default: $AMC, else build/release/amc, else build/amc)
#   --ignite-mime PATH   ignite_mime.py (default: $IGNITE_MIME_PY). This repository does not ship
#                        it; without it only amc runs and the baseline is reported as skipped.
#   --keep               keep the generated queue (bench/ignite-N/) for the next run
#
# Measured (wall clock, startup included, one run each; the page cache is warm because the
# files were just written or read):
#   amc            one process: amc validate --profile ignite DIR (parse + every profile rule,
#                  body schemas included); it must exit 0 with no error (else the generator is
#                  wrong: exit 1)
#   baseline (a)   one `python3 ignite_mime.py parse FILE` process per file, as the shell tools
#                  do it; timed on the first 1000 files (sorted) and scaled to N
#   baseline (b)   one python3 process importing ignite_mime and calling parse_message() on
#                  every file in a loop (read + parse only, no validation: the fairer figure)
# The baselines only split headers and body (no YAML, no schema check), so amc does more work.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
N=10000
AMC_BIN="${AMC:-}"
IMP="${IGNITE_MIME_PY:-}"
KEEP=0
SAMPLE=1000
while [ $# -gt 0 ]; do
  case "$1" in
    -n) N="$2"; shift 2 ;;
    --amc) AMC_BIN="$2"; shift 2 ;;
    --ignite-mime) IMP="$2"; shift 2 ;;
    --keep) KEEP=1; shift ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "bench_ignite.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ -z "$AMC_BIN" ]; then
  for c in "$ROOT/build/release/amc" "$ROOT/build/amc"; do
    if [ -x "$c" ]; then AMC_BIN="$c"; break; fi
  done
fi
[ -x "${AMC_BIN:-}" ] || { echo "bench_ignite.sh: no amc binary (build it, or pass --amc)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "bench_ignite.sh: python3 is needed (generator)" >&2; exit 2; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
if [ "$KEEP" = 1 ]; then DATA="$HERE/ignite-$N"; else DATA="$TMP/ignite-$N"; fi
if [ ! -d "$DATA/queue" ]; then
  python3 "$HERE/gen_ignite.py" -n "$N" -o "$DATA"
fi
find "$DATA/queue" -type f -name '*.mime' | LC_ALL=C sort > "$TMP/files"
NF=$(wc -l < "$TMP/files")
BYTES=$(tr '\n' '\0' < "$TMP/files" | xargs -0 cat | wc -c)
echo "queue: $NF files, $BYTES bytes ($(( BYTES / NF )) bytes/file), $(nproc) CPUs"
cat "$TMP/files" | xargs cat > /dev/null # warm the page cache for every run alike

now() { date +%s.%N; }
# report NAME SECONDS FILES BYTES : prints one line, leaves files/s in $TMP/NAME.fps
report() {
  awk -v n="$1" -v s="$2" -v f="$3" -v b="$4" 'BEGIN {
    printf "%-34s %8.3f s %10.0f files/s %8.2f MB/s\n", n, s, f / s, b / s / 1e6 }'
  awk -v s="$2" -v f="$3" 'BEGIN { printf "%.3f\n", f / s }' > "$TMP/$5.fps"
}

# amc
t0=$(now)
set +e
"$AMC_BIN" validate --profile ignite "$DATA" > "$TMP/amc.out" 2>&1
rc=$?
set -e
t1=$(now)
ERRS=$(grep -c ': error\[' "$TMP/amc.out" || true)
WARNS=$(grep -c ': warning\[' "$TMP/amc.out" || true)
if [ "$rc" != 0 ] || [ "$ERRS" != 0 ]; then
  echo "bench_ignite.sh: amc exit $rc with $ERRS errors on generated messages (generator bug):" >&2
  grep ': error\[' "$TMP/amc.out" | head -5 >&2
  exit 1
fi
AMC_S=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
echo "amc: exit 0, 0 errors, $WARNS warnings (IGNITE_BODY_LEGACY_ENVELOPE on the v2-envelope bodies)"
report "amc validate --profile ignite" "$AMC_S" "$NF" "$BYTES" amc

if [ -z "$IMP" ] || [ ! -f "$IMP" ]; then
  if [ -z "$IMP" ]; then why="no path given (--ignite-mime PATH or IGNITE_MIME_PY)"
  else why="$IMP does not exist"; fi
  echo "baseline skipped: $why; ignite_mime.py is not shipped here, take it from"
  echo "  https://github.com/myfinder/IGNITE (scripts/lib/ignite_mime.py)"
  exit 0
fi

# baseline (a): one process per file, on a sample
S=$(( NF < SAMPLE ? NF : SAMPLE ))
head -n "$S" "$TMP/files" > "$TMP/sample"
t0=$(now)
while IFS= read -r f; do
  python3 "$IMP" parse "$f" > /dev/null
done < "$TMP/sample"
t1=$(now)
SB=$(tr '\n' '\0' < "$TMP/sample" | xargs -0 cat | wc -c)
A_S=$(awk -v a="$t0" -v b="$t1" -v s="$S" -v n="$NF" 'BEGIN { printf "%.6f", (b - a) * n / s }')
SB_N=$(awk -v sb="$SB" -v s="$S" -v n="$NF" 'BEGIN { printf "%.0f", sb * n / s }')
report "(a) python3 ignite_mime.py parse" "$A_S" "$NF" "$SB_N" a
echo "    (a) timed on $S files, scaled to $NF"

# baseline (b): one process, parse_message() in a loop
t0=$(now)
python3 - "$IMP" "$TMP/files" <<'PY'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("ignite_mime", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
bad = 0
with open(sys.argv[2], encoding="utf-8") as lst:
    for path in lst:
        with open(path.rstrip("\n"), "r", encoding="utf-8") as f:
            r = m.parse_message(f.read())
        if not r["type"] or not r["body"]:
            bad += 1
if bad:
    sys.exit("ignite_mime.parse_message: %d files without type or body" % bad)
PY
t1=$(now)
B_S=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
report "(b) python3 loop parse_message()" "$B_S" "$NF" "$BYTES" b

awk -v amc="$(cat "$TMP/amc.fps")" -v a="$(cat "$TMP/a.fps")" -v b="$(cat "$TMP/b.fps")" 'BEGIN {
  printf "ratio amc / (a) per-file processes: %.1fx\n", amc / a
  printf "ratio amc / (b) in-process loop:    %.1fx\n", amc / b }'
