#!/bin/bash -eu
# .clusterfuzzlite/build.sh - builds amc's libFuzzer harnesses the OSS-Fuzz / ClusterFuzzLite way.
# Honours the environment of an OSS-Fuzz builder: $CC $CFLAGS (sanitizer and coverage flags),
# $CXX $CXXFLAGS (the link: fuzzing engines are C++), $LIB_FUZZING_ENGINE (-fsanitize=fuzzer or
# an engine library), $OUT (binaries, seed corpora, dictionaries, options), $SRC (the checkout
# is $SRC/amc unless $AMC_SRC says otherwise), $WORK (scratch; default $OUT/../work).
# json-c, libyaml, PCRE2 and libcrypto are linked statically: the runner image does not have
# them. Outside docker (ci/test.sh does this): CC=clang CXX=clang++
#   CFLAGS='-O1 -g -fsanitize=address,fuzzer-no-link' CXXFLAGS=$CFLAGS
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/out SRC=$PWD/.. bash .clusterfuzzlite/build.sh
AMC=${AMC_SRC:-$SRC/amc}
WORK=${WORK:-$OUT/../work}
BLD=$WORK/amc-build
mkdir -p "$OUT" "$BLD"

# the library with the builder's flags (its own -fsanitize=fuzzer-no-link etc. come in $CFLAGS)
cmake -S "$AMC" -B "$BLD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$CC" \
    -DCMAKE_C_FLAGS="$CFLAGS" -DAMC_BUILD_SHARED=OFF -DAMC_BUILD_TESTS=OFF -DAMC_FUZZ=OFF
ninja -C "$BLD" amc_static

n=0
STATIC_DEPS="-Wl,-Bstatic -ljson-c -lyaml -lpcre2-8 -lcrypto -Wl,-Bdynamic -lpthread -ldl -lm"
for src in "$AMC"/fuzz/fuzz_*.c; do
    name=$(basename "$src" .c)
    surface=${name#fuzz_}
    $CC $CFLAGS -I"$AMC/src/include" -I"$AMC/src" -I"$AMC/fuzz" -I"$BLD/generated" \
        -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -std=c11 -c "$src" -o "$BLD/$name.o"
    $CXX $CXXFLAGS "$BLD/$name.o" -o "$OUT/$name" $LIB_FUZZING_ENGINE "$BLD/libamc.a" \
        $STATIC_DEPS
    n=$((n + 1))
    # seed corpus: the surface's corpus and every regression input
    rm -f "$OUT/${name}_seed_corpus.zip"
    (cd "$AMC/corpus" && find "$surface" regressions -maxdepth 1 -type f -print0 2>/dev/null |
        xargs -0 -r zip -q -j "$OUT/${name}_seed_corpus.zip")
    for d in "$AMC/corpus/$surface.dict" "$AMC/corpus/${surface%%_*}.dict"; do
        if [ -f "$d" ]; then cp "$d" "$OUT/$name.dict"; break; fi
    done
done
# fuzz_conform_diff without an implementation compares amc with itself (see the harness);
# a project that wants its own adapter fuzzed sets AMC_DIFF_IMPL in its workflow instead.
echo "built $n harnesses in $OUT"
