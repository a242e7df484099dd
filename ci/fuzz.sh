#!/usr/bin/env bash
# Builds every libFuzzer harness with clang (ASan+UBSan) and runs each for SECONDS (default 60).
# Findings land in build/fuzz/findings/<harness>/; copy a crash into corpus/regressions/ to
# replay it in ctest forever after.
# Usage: ci/fuzz.sh [SECONDS] [HARNESS...]
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-60}; shift || true
bash ci/install-deps.sh
CC=clang cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAMC_FUZZ=ON \
  -DAMC_SANITIZE=address,undefined -DAMC_BUILD_SHARED=OFF -DAMC_BUILD_TESTS=OFF >/dev/null
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
  for f in fuzz/fuzz_*.c; do harnesses+=("$(basename "$f" .c)"); done
fi
ninja -C build/fuzz "${harnesses[@]}"
status=0
for h in "${harnesses[@]}"; do
  s=${h#fuzz_}
  work=build/fuzz/work/$s; out=build/fuzz/findings/$s
  mkdir -p "$work" "$out"
  dict=""
  for d in corpus/$s.dict corpus/${s%%_*}.dict; do [ -f "$d" ] && { dict="-dict=$d"; break; }; done
  echo "==> $h for ${SECS}s"
  if ! ./build/fuzz/"$h" -max_total_time="$SECS" -print_final_stats=1 -artifact_prefix="$out/" \
        $dict "$work" "corpus/$s" 2>"build/fuzz/$s.log"; then
    echo "FINDING in $h: see build/fuzz/$s.log and $out/"; status=1
  fi
  grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec' "build/fuzz/$s.log" | tr '\n' ' '; echo
done
exit $status
