#!/bin/sh
# GNU parallel as the map step (examples/scaling/gnu-parallel.sh): over 300 files in nested
# folders (batches of 23 files, 3 jobs) and over one JSON Lines file (5 shards), the merged
# report equals the report of one amc run over everything, byte for byte, with the same exit
# status. Skipped (exit 77) when GNU parallel is not installed (ci/install-deps.sh installs it).
# Usage: gnu_parallel.sh AMC SRCDIR
set -eu
amc=$1
src=$2
if ! command -v parallel >/dev/null 2>&1 || ! parallel --version 2>/dev/null | grep -q GNU; then
    echo "SKIP: GNU parallel is not installed (apt-get install parallel)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
S="--schema $src/tests/data/schema/person.schema.json --schema $src/tests/data/schema/address.schema.json"
i=0
while [ $i -lt 300 ]; do
    d="$tmp/data/d$((i % 7))/e$((i % 3))"
    mkdir -p "$d"
    case $((i % 4)) in
    0) cp "$src/tests/data/schema/person-invalid.json" "$d/f$i.json" ;;
    1) cp "$src/tests/data/schema/not-json.json" "$d/f$i.json" ;;
    *) cp "$src/tests/data/schema/person-valid.json" "$d/f$i.json" ;;
    esac
    i=$((i + 1))
done
cp "$src/tests/data/schema/person-valid.json" "$tmp/data/d1/with space.json"
fail=0
# whole files
set +e
"$amc" validate $S --format json "$tmp/data" > "$tmp/whole.json" 2>/dev/null
want=$?
AMC=$amc JOBS=3 BATCH=23 sh "$src/examples/scaling/gnu-parallel.sh" files "$tmp/out" "$tmp/data" $S
got=$?
set -e
nparts=$(ls "$tmp/out/parts" | wc -l)
if [ "$got" != "$want" ] || ! cmp -s "$tmp/whole.json" "$tmp/out/report.json" || [ "$nparts" -lt 13 ]; then
    echo "FAIL: files: exit $got (want $want), $nparts parts; diff:"
    diff "$tmp/whole.json" "$tmp/out/report.json" | head -20
    fail=1
fi
# one JSON Lines input in shards
for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    cat "$src/tests/data/schema/people.jsonl"
done > "$tmp/big.jsonl"
set +e
"$amc" validate $S --jsonl --format json "$tmp/big.jsonl" > "$tmp/whole.jsonl" 2>/dev/null
want=$?
AMC=$amc JOBS=3 sh "$src/examples/scaling/gnu-parallel.sh" shards "$tmp/out2" 5 "$tmp/big.jsonl" $S
got=$?
set -e
if [ "$got" != "$want" ] || ! cmp -s "$tmp/whole.jsonl" "$tmp/out2/report.json"; then
    echo "FAIL: shards: exit $got (want $want); diff:"
    diff "$tmp/whole.jsonl" "$tmp/out2/report.json" | head -20
    fail=1
fi
# a lost shard is an error, not a smaller count
rm "$tmp/out2/parts/part-3.jsonl"
: > "$tmp/out2/parts/part-3.jsonl"
set +e
"$amc" report merge "$tmp"/out2/parts/part-* > /dev/null 2>&1
got=$?
set -e
if [ "$got" != 2 ]; then
    echo "FAIL: an empty (lost) shard report: merge exits $got, want 2"
    fail=1
fi
[ $fail = 0 ] && echo "gnu_parallel: files (300, $nparts jobs) and shards (5) merged = one run"
exit $fail
