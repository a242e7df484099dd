#!/usr/bin/env bash
# ci/cflite-check.sh - runs .clusterfuzzlite/build.sh outside docker with the environment an
# OSS-Fuzz / ClusterFuzzLite builder gives it for libFuzzer + AddressSanitizer, then checks the
# result: every fuzz/fuzz_*.c became an executable $OUT/fuzz_<surface> with its seed corpus
# archive (and dictionary where corpus/ has one), no binary needs json-c, libyaml, PCRE2 or
# libcrypto at run time (the runner image lacks them), and each harness runs its seed corpus
# plus 300 mutations without a finding. Usage: ci/cflite-check.sh [DIR] (default build/cflite)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
D=${1:-build/cflite}
case "$D" in /*) ;; *) D=$ROOT/$D ;; esac
rm -rf "$D/out" "$D/seeds"
mkdir -p "$D/out" "$D/work" "$D/seeds"
export CC=clang CXX=clang++
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export CXXFLAGS=$CFLAGS
export LIB_FUZZING_ENGINE=-fsanitize=fuzzer
export OUT=$D/out WORK=$D/work SRC=$D AMC_SRC=$ROOT
nice bash .clusterfuzzlite/build.sh >"$D/build.log" 2>&1 || { tail -40 "$D/build.log"; exit 1; }
tail -1 "$D/build.log"
fail=0
for src in fuzz/fuzz_*.c; do
    name=$(basename "$src" .c)
    s=${name#fuzz_}
    bin=$OUT/$name
    if [ ! -x "$bin" ]; then echo "cflite: $bin missing"; fail=1; continue; fi
    if [ ! -s "$OUT/${name}_seed_corpus.zip" ]; then echo "cflite: no seed corpus for $name"; fail=1; fi
    if { [ -f "corpus/$s.dict" ] || [ -f "corpus/${s%%_*}.dict" ]; } && [ ! -f "$OUT/$name.dict" ]; then
        echo "cflite: no dictionary for $name"; fail=1
    fi
    if ldd "$bin" | grep -E 'libjson-c|libyaml|libpcre2|libcrypto'; then
        echo "cflite: $name needs a shared library the runner image lacks"; fail=1
    fi
    mkdir -p "$D/seeds/$s"
    (cd "$D/seeds/$s" && python3 -m zipfile -e "$OUT/${name}_seed_corpus.zip" .)
    if ! ASAN_OPTIONS=detect_leaks=1 nice "$bin" -runs=300 -seed=1 -timeout=25 \
            -artifact_prefix="$D/" "$D/seeds/$s" >"$D/$s.log" 2>&1; then
        echo "cflite: $name failed on its seeds: $D/$s.log"; tail -20 "$D/$s.log"; fail=1
    fi
done
[ $fail -eq 0 ] && echo "cflite: $(ls "$D/seeds" | wc -l) harnesses built by .clusterfuzzlite/build.sh ran their seeds"
exit $fail
