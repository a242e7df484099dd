#!/bin/sh
# bench_json.sh - JSON reader throughput: amc_json_read versus json-c on mailbox envelopes.
#
# Usage: bench/bench_json.sh [BUILD_DIR] [N]
#   BUILD_DIR  a cmake build directory holding bench_json (default: build; use an optimized
#              build, e.g. the default RelWithDebInfo, without sanitizers)
#   N          number of envelopes (default 100000, about 160 MB)
#
# Generates N envelopes as JSONL with gen_envelopes.py (deterministic; cached in $TMPDIR), runs
# each mode 3 times as a whole process under /usr/bin/time, and prints MB/s per run: file size /
# elapsed wall time and file size / CPU time (user + sys; steadier on a shared machine), both
# including reading the file, plus the parse-only MB/s that bench_json reports itself; then the
# median per mode and the amc/json-c ratios of the medians.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
n=${2:-100000}
bin="$build/bench_json"
if [ ! -x "$bin" ]; then
    echo "$0: $bin not found (build the bench_json target first)" >&2
    exit 2
fi
file="${TMPDIR:-/tmp}/amc-bench-envelopes-$n.jsonl"
if [ ! -s "$file" ]; then
    echo "generating $n envelopes into $file" >&2
    python3 "$here/gen_envelopes.py" "$n" "$file"
fi
size=$(wc -c <"$file")
echo "input: $file, $n lines, $size bytes"

tfile=$(mktemp)
ofile=$(mktemp)
trap 'rm -f "$tfile" "$ofile"' EXIT
for mode in jsonc amc; do
    runs=""
    cpus=""
    parse=""
    for i in 1 2 3; do
        /usr/bin/time -f "%e %U %S %M" -o "$tfile" "$bin" "$mode" "$file" >"$ofile"
        set -- $(cat "$tfile")
        mbs=$(awk -v s="$size" -v t="$1" 'BEGIN { printf "%.1f", (t > 0 ? s / t / 1e6 : 0) }')
        cpu=$(awk -v s="$size" -v u="$2" -v y="$3" 'BEGIN { t = u + y; printf "%.1f", (t > 0 ? s / t / 1e6 : 0) }')
        p=$(sed -n 's/.* \([0-9.]*\) MB\/s (parse only).*/\1/p' "$ofile")
        echo "$mode run $i: $1 s wall, $2+$3 s cpu, max RSS $4 KB: $mbs MB/s wall, $cpu MB/s cpu, $p MB/s parse only"
        runs="$runs $mbs"
        cpus="$cpus $cpu"
        parse="$parse $p"
    done
    med=$(echo $runs | tr ' ' '\n' | sort -n | sed -n 2p)
    cmed=$(echo $cpus | tr ' ' '\n' | sort -n | sed -n 2p)
    pmed=$(echo $parse | tr ' ' '\n' | sort -n | sed -n 2p)
    echo "$mode median: $med MB/s wall, $cmed MB/s cpu (whole process), $pmed MB/s parse only"
    eval "med_$mode=$med"
    eval "cmed_$mode=$cmed"
    eval "pmed_$mode=$pmed"
done
awk -v a="$med_amc" -v j="$med_jsonc" -v ca="$cmed_amc" -v cj="$cmed_jsonc" \
    -v pa="$pmed_amc" -v pj="$pmed_jsonc" 'BEGIN {
    printf "ratio amc/json-c: %.2fx wall, %.2fx cpu (whole process), %.2fx parse only\n",
        a / j, ca / cj, pa / pj }'
