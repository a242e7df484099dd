#!/bin/sh
# gnu-parallel.sh - amc as the map step of GNU parallel on one machine, the reports joined by
# `amc report merge` (docs/performance.md "Big jobs").
#
# Usage:
#   gnu-parallel.sh files OUTDIR DIR [VALIDATE-OPTION...]     many files: batches of files, one
#                                                             amc process per batch
#   gnu-parallel.sh shards OUTDIR N INPUT [VALIDATE-OPTION...] one big JSON Lines input: N
#                                                             processes, --shard K/N each
# Environment: AMC (the amc binary, default amc), JOBS (parallel jobs, default: the CPUs),
# BATCH (files per amc process, default 1000).
# Writes OUTDIR/parts/* (one report per job) and OUTDIR/report.json (the merged report); exits
# with amc report merge's status: 0 all valid, 1 something invalid, 2 a job failed (its report
# is missing its summary, or says status 2).
# VALIDATE-OPTIONs are passed to amc validate as words (no spaces inside one).
set -eu
amc=${AMC:-amc}
jobs=${JOBS:-$(nproc)}
batch=${BATCH:-1000}
mode=$1
out=$2
shift 2
rm -rf "$out/parts"
mkdir -p "$out/parts"
case $mode in
files)
    dir=$1
    shift
    # -j 1: parallel runs one amc per CPU; each gets up to $batch files. An amc exit status of 1
    # (invalid) or 2 is in its report's summary, so parallel's own status is not needed.
    find "$dir" -type f \( -name '*.json' -o -name '*.yaml' -o -name '*.yml' \) ! -path '*/.*' -print0 |
        parallel -0 -j "$jobs" -n "$batch" -X --halt never \
            "$amc" validate -j 1 --format json "$@" {} '>' "$out/parts/part-{#}.json" || :
    ;;
shards)
    n=$1
    input=$2
    shift 2
    seq 1 "$n" | parallel -j "$jobs" --halt never \
        "$amc" validate -j 1 --jsonl --format json --shard "{}/$n" "$@" "$input" \
        '>' "$out/parts/part-{}.jsonl" '2>' /dev/null || :
    ;;
*)
    echo "usage: gnu-parallel.sh files|shards OUTDIR ..." >&2
    exit 2
    ;;
esac
set +e
"$amc" report merge "$out"/parts/part-* > "$out/report.json"
exit $?
