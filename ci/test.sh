#!/usr/bin/env bash
# The test command: installs what is missing, then
#   1. Release build, warnings as errors, full ctest, the Debian package (ci/package.sh);
#   2. ASan+UBSan build, full ctest (unit, CLI, schema suite, fuzz-corpus replay; the CLI
#      allocation-failure sweeps run every other allocation: AMC_SWEEP_SHARE=0/2);
#   3. the ClusterFuzzLite build (ci/cflite-check.sh) and the style check;
#   4. coverage of src/ by the whole suite (ci/coverage.sh; prints the summary);
#   5. a 30-mutant sample (ci/mutate.sh --quick; prints the score, a lower bound, fails below
#      40%: docs/testing.md).
# Usage: ci/test.sh [--quick]   (--quick: step 1 only)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
JOBS=$(nproc 2>/dev/null || echo 2)
bash ci/install-deps.sh

# each step's header says how long the script has run so far (the steps' costs, for CI's time)
step() { printf '\n==> %s  [%d min %02d s]\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

step "Release build (-Werror)"
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DAMC_WERROR=ON >/dev/null
ninja -C build/release -j"$JOBS"
step "Release tests"
ctest --test-dir build/release --output-on-failure -j"$JOBS"
step "Debian package: contents, dpkg install into a temporary root, the installed amc"
bash ci/package.sh build/release

if [ "${1:-}" = "--quick" ]; then exit 0; fi

step "ASan+UBSan build"
cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DAMC_WERROR=ON \
      -DAMC_SANITIZE=address,undefined -DAMC_BUILD_SHARED=OFF -DAMC_ALLOC_FAILPOINTS=ON >/dev/null
ninja -C build/asan -j"$JOBS"
step "ASan+UBSan tests (includes the fuzz-corpus replay tests, label 'fuzz'; the sweeps, label 'sweep', half)"
# the CLI allocation-failure sweeps (label 'sweep') fail every other allocation here, and
# every one in the coverage build (ci/coverage.sh), which checks the same verdicts without the
# sanitizers: half the cost of the slowest tests of this step (docs/testing.md)
AMC_SWEEP_SHARE=0/2 \
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build/asan --output-on-failure -j"$JOBS"

step "ClusterFuzzLite build: .clusterfuzzlite/build.sh outside docker (libFuzzer + ASan), each harness over its seeds"
bash ci/cflite-check.sh build/cflite

step "Style"
bash ci/check-style.sh

step "Coverage (gcc --coverage, every test)"
bash ci/coverage.sh build/coverage
step "Mutation sample (30 mutants, seed ${MUTATE_SEED:-22})"
bash ci/mutate.sh -n 30 --quick --coverage build/coverage/coverage.json --min-score 40 \
  --report build/mutate/report.txt
echo
cat build/coverage/summary.txt
tail -1 build/mutate/report.txt
echo "ci/test.sh: all steps passed in $((SECONDS / 60)) min $((SECONDS % 60)) s"
