#!/usr/bin/env bash
# bench/bench_fuzz_harness.sh - exec/s of each libFuzzer harness (docs/fuzzing.md, "Harness
# speed"). Runs each harness on one core, `nice -n 10`, from a copy of its seed corpus
# (corpus/<surface>/, with the dictionary ci/fuzz.sh uses) in a scratch directory, so the
# repository's corpus does not grow. Counts, not wall time, bound the runs, and CPU time
# (user + system) is what is measured, so a loaded machine slows the benchmark but does not
# change its figures much:
#   1. -runs=0: start-up and loading the corpus (E0 execs, C0 CPU seconds);
#   2. E0 + 300 runs: a first rate R;
#   3. E0 + max(1000, R * CPU_SECONDS) runs (CPU_SECONDS default 5): E execs, C CPU seconds.
# exec/s per CPU second = (E - E0) / (C - C0): what one core sustains once the corpus is
# loaded. Build first: ci/fuzz.sh --seconds 0 (ASan+UBSan, build/fuzz) or set BUILD_DIR.
# Usage: bench/bench_fuzz_harness.sh [CPU_SECONDS] [HARNESS...]
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-5}; shift || true
BDIR=${BUILD_DIR:-build/fuzz}
hs=("$@")
[ ${#hs[@]} -gt 0 ] || for f in fuzz/fuzz_*.c; do hs+=("$(basename "$f" .c)"); done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
# run NAME ARGS...: runs the harness, leaves "execs cpu wall" in $tmp/NAME.r
run() {
    local name=$1; shift
    /usr/bin/time -f '%e %U %S' -o "$tmp/$name.time" nice -n 10 "$@" >"$tmp/$name.log" 2>&1 ||
        echo "$name: exit $? (a finding? $tmp/$name.log)" >&2
    local e w u s
    e=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$tmp/$name.log" | grep -oE '[0-9]+$' || echo 0)
    read -r w u s <"$tmp/$name.time"
    echo "$e $(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') $w" >"$tmp/$name.r"
}
printf '%-26s %9s %8s %7s %11s\n' harness execs cpu-s wall-s exec/s-cpu
for h in "${hs[@]}"; do
    h=fuzz_${h#fuzz_}; s=${h#fuzz_}
    [ -x "$BDIR/$h" ] || { echo "$BDIR/$h: not built" >&2; exit 2; }
    mkdir -p "$tmp/$s"; cp corpus/"$s"/* "$tmp/$s/" 2>/dev/null || true
    dict=()
    for d in "corpus/$s.dict" "corpus/${s%%_*}.dict"; do [ -f "$d" ] && { dict=("-dict=$d"); break; }; done
    args=(-print_final_stats=1 -seed=1 -artifact_prefix="$tmp/" "${dict[@]}" "$tmp/$s")
    run "$s.0" "$BDIR/$h" -runs=0 "${args[@]}"
    read -r e0 c0 _ <"$tmp/$s.0.r"
    run "$s.1" "$BDIR/$h" -runs=$((e0 + 300)) "${args[@]}"
    read -r e1 c1 _ <"$tmp/$s.1.r"
    n=$(awk -v e="$((e1 - e0))" -v c="$c1" -v c0="$c0" -v t="$SECS" 'BEGIN {
        r = (c - c0 > 0.01 ? e / (c - c0) : 100000); n = int(r * t); print (n < 1000 ? 1000 : (n > 100000 ? 100000 : n)) }')
    run "$s" "$BDIR/$h" -runs=$((e0 + n)) "${args[@]}"
    read -r e c w <"$tmp/$s.r"
    awk -v h="$h" -v e0="$e0" -v c0="$c0" -v e="$e" -v c="$c" -v w="$w" 'BEGIN {
        dc = c - c0; printf "%-26s %9d %8.2f %7.1f %11.0f\n", h, e - e0, dc, w,
            (dc > 0 ? (e - e0) / dc : 0) }'
done
