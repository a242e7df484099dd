#!/usr/bin/env bash
# ci/fuzz.sh - libFuzzer campaigns over amc's harnesses (fuzz/fuzz_<surface>.c).
# Builds the harnesses with clang (ASan+UBSan by default) and runs each for --seconds, with
# --jobs parallel workers (libFuzzer -fork), deduplicates findings by their top stack frames,
# optionally merges the grown corpus back into corpus/<surface>/ (--merge) and prints an
# llvm-cov coverage report of the corpora (--coverage). docs/fuzzing.md has the details.
set -euo pipefail
CALLER=$PWD
cd "$(dirname "$0")/.."
ROOT=$PWD

usage() {
    cat <<'EOF'
Usage: ci/fuzz.sh [OPTIONS] [HARNESS...]

Runs libFuzzer campaigns over amc's harnesses (all of them when none is named).
A HARNESS is fuzz_<surface> or <surface>, e.g. fuzz_json_read or json_read.

Options:
  --seconds S      run each harness S seconds (default 60; 0: no fuzzing, e.g. --merge
                   or --coverage of the corpora only)
  --jobs N         N parallel workers per harness (libFuzzer -fork=N; findings do not stop
                   the run, they are collected and deduplicated); default 1: one process
                   that stops at its first finding
  --timeout S      an input running longer than S seconds is a finding (default 10)
  --asan           ASan+UBSan build (default)
  --no-asan        no sanitizers (faster; finds only traps, timeouts, out-of-memory)
  --profile P      fuzz_conform_diff only: pin the profile (ignite, mailbox, discussion,
                   socket, acp) whatever the input's first byte says (AMC_DIFF_PROFILE)
  --merge          after the run, merge the inputs that reach new edges into corpus/<surface>/
                   (libFuzzer -merge=1 -use_counters=0: the smallest input per new edge;
                   hit counts do not count, so the corpus grows by a few files, not hundreds)
  --coverage       build the replay binaries with clang source-based coverage (in the build
                   directory + "-cov"), run them over corpus/<surface>/, corpus/regressions/
                   and the work corpus, print an llvm-cov summary (HTML report too)
  --corpus DIR     the corpora's root: seeds from DIR/<surface>/ and DIR/regressions/,
                   --merge writes into DIR/<surface>/ (default corpus)
  --build-dir DIR  build directory (default build/fuzz, build/fuzz-noasan with --no-asan)
  --no-deps        do not run ci/install-deps.sh
  --no-build       use the harnesses already built in the build directory (parallel
                   campaigns sharing one build)
  --list           print the harness names and exit
  -h, --help       this help

Output: build/fuzz*/work/<surface>/ (the growing corpus), build/fuzz*/findings/<surface>/
(crash-*, leak-*, timeout-*, oom-* inputs, kept across runs; signatures.txt and unique/: one
input per stack signature), logs in build/fuzz*/logs/. Each harness prints minutes, execs and
exec/s.
Exit status: 0 no new finding, 1 a finding in this run, 2 usage error or build failure.
EOF
}

die() { echo "ci/fuzz.sh: $*" >&2; exit 2; }

all_harnesses() { for f in fuzz/fuzz_*.c; do basename "$f" .c; done; }

SECS=60 JOBS=1 TIMEOUT=10 ASAN=1 MERGE=0 COVERAGE=0 DEPS=1 BUILD=1 BDIR="" PROFILE="" CORPUS=corpus
harnesses=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds|--jobs|--timeout|--build-dir|--profile|--corpus)
            [ $# -ge 2 ] || die "$1 needs a value (see --help)"
            case "$1" in
                --seconds) SECS=$2 ;; --jobs) JOBS=$2 ;; --timeout) TIMEOUT=$2 ;;
                --build-dir) BDIR=$2 ;; --profile) PROFILE=$2 ;; --corpus) CORPUS=$2 ;;
            esac
            shift 2 ;;
        --seconds=*) SECS=${1#*=}; shift ;;
        --jobs=*) JOBS=${1#*=}; shift ;;
        --timeout=*) TIMEOUT=${1#*=}; shift ;;
        --build-dir=*) BDIR=${1#*=}; shift ;;
        --profile=*) PROFILE=${1#*=}; shift ;;
        --corpus=*) CORPUS=${1#*=}; shift ;;
        --asan) ASAN=1; shift ;;
        --no-asan) ASAN=0; shift ;;
        --merge) MERGE=1; shift ;;
        --coverage) COVERAGE=1; shift ;;
        --no-deps) DEPS=0; shift ;;
        --no-build) BUILD=0; shift ;;
        --list) all_harnesses; exit 0 ;;
        -h|--help) usage; exit 0 ;;
        --) shift; harnesses+=("$@"); break ;;
        -*) die "unknown option '$1' (see --help)" ;;
        *) harnesses+=("$1"); shift ;;
    esac
done
[[ $SECS =~ ^[0-9]+$ ]] || die "--seconds wants a whole number of seconds, not '$SECS'"
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || die "--jobs wants a positive number, not '$JOBS'"
[[ $TIMEOUT =~ ^[1-9][0-9]*$ ]] || die "--timeout wants a positive number of seconds, not '$TIMEOUT'"
# paths given on the command line are relative to where the command ran
abs() { case "$1" in /*) echo "$1" ;; *) echo "$CALLER/$1" ;; esac; }
[ "$CORPUS" = corpus ] || CORPUS=$(abs "$CORPUS")
[ -z "$BDIR" ] || BDIR=$(abs "$BDIR")
case "$PROFILE" in
    ""|ignite|mailbox|discussion|socket|acp) ;;
    *) die "--profile: unknown profile '$PROFILE' (ignite, mailbox, discussion, socket, acp)" ;;
esac

# validate the harness names before building anything
valid=$(all_harnesses)
if [ ${#harnesses[@]} -eq 0 ]; then
    mapfile -t harnesses <<<"$valid"
else
    for i in "${!harnesses[@]}"; do
        h=${harnesses[$i]}
        [[ $h =~ ^[0-9]+$ ]] && die "'$h' is not a harness (the run time is --seconds $h)"
        [[ $h == fuzz_* ]] || h=fuzz_$h
        if ! grep -qx -- "$h" <<<"$valid"; then
            echo "ci/fuzz.sh: unknown harness '${harnesses[$i]}'; valid harnesses:" >&2
            sed 's/^/  /' <<<"$valid" >&2
            exit 2
        fi
        harnesses[$i]=$h
    done
fi
if [ -n "$PROFILE" ] && [ "${harnesses[*]}" != fuzz_conform_diff ]; then
    die "--profile applies to fuzz_conform_diff alone"
fi

[ "$DEPS" = 1 ] && bash ci/install-deps.sh
command -v clang >/dev/null || die "clang not found (ci/install-deps.sh installs it)"
if [ -z "$BDIR" ]; then
    BDIR=build/fuzz
    [ "$ASAN" = 1 ] || BDIR=build/fuzz-noasan
fi
SAN=""
[ "$ASAN" = 1 ] && SAN="address,undefined"
mkdir -p "$BDIR/logs"

status=0
if [ "$BUILD" = 1 ] && { [ "$SECS" -gt 0 ] || [ "$MERGE" = 1 ]; }; then
    CC=clang cmake -S . -B "$BDIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAMC_FUZZ=ON \
        -DAMC_SANITIZE="$SAN" -DAMC_BUILD_SHARED=OFF -DAMC_BUILD_TESTS=OFF >"$BDIR/logs/cmake.log" \
        || { cat "$BDIR/logs/cmake.log" >&2; die "cmake failed"; }
    nice ninja -C "$BDIR" "${harnesses[@]}" >"$BDIR/logs/build.log" 2>&1 \
        || { tail -30 "$BDIR/logs/build.log" >&2; die "build failed"; }
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
[ -n "$PROFILE" ] && export AMC_DIFF_PROFILE=$PROFILE

dict_of() {
    local s=$1 d
    for d in "$CORPUS/$s.dict" "$CORPUS/${s%%_*}.dict" "corpus/$s.dict" "corpus/${s%%_*}.dict"; do
        [ -f "$d" ] && { echo "-dict=$d"; return 0; }
    done
    return 0
}

# Signature of a finding: its kind plus the top three stack frames in amc's own sources (src/,
# fuzz/: function and file:line), taken from a re-run of the input; sanitizer, libFuzzer and libc
# frames are skipped. Two inputs with one signature are one bug.
signature() {
    local bin=$1 input=$2 kind
    kind=$(basename "$input"); kind=${kind%%-*}
    { timeout $((TIMEOUT * 3 + 60)) "$bin" -runs=1 -timeout="$TIMEOUT" "$input" 2>&1 || true; } |
        grep -E "^ *#[0-9]+ 0x[0-9a-f]+ in [^ ]+ $ROOT/(src|fuzz)/" |
        sed -E "s|^ *#[0-9]+ 0x[0-9a-f]+ in ([^ ]+) $ROOT/([^ ]+)|\\1 \\2|; s/:[0-9]+$//" |
        head -3 | tr '\n' ';' | sed "s/^/$kind;/"
}

NEW=0
dedup() {
    local bin=$1 out=$2 f sig h n=0
    mkdir -p "$out/unique"
    : >"$out/signatures.txt"
    for f in "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-* "$out"/slow-unit-*; do
        [ -f "$f" ] || continue
        n=$((n + 1))
        sig=$(signature "$bin" "$f" || true)
        [ -n "$sig" ] || sig="$(basename "$f" | cut -d- -f1);(no stack)"
        h=$(printf '%s' "$sig" | sha1sum | cut -c1-12)
        printf '%s\t%s\t%s\n' "$h" "$(basename "$f")" "$sig" >>"$out/signatures.txt"
        [ -e "$out/unique/$h" ] || cp "$f" "$out/unique/$h"
    done
    if [ $n -gt 0 ]; then
        echo "    $n finding input(s) in $out ($NEW from this run), $(cut -f1 "$out/signatures.txt" | sort -u | wc -l) unique:"
        sort -u -k1,1 "$out/signatures.txt" | while IFS=$'\t' read -r h f sig; do
            echo "      $out/unique/$h  ($f)  $sig"
        done
    fi
}

for h in "${harnesses[@]}"; do
    s=${h#fuzz_}
    [ -n "$PROFILE" ] && s_run=${s}_$PROFILE || s_run=$s
    work=$BDIR/work/$s_run out=$BDIR/findings/$s_run log=$BDIR/logs/$s_run.log
    mkdir -p "$work" "$out"
    mkdir -p "$CORPUS/$s"
    seeds=("$CORPUS/$s")
    [ -d "$CORPUS/regressions" ] && seeds+=("$CORPUS/regressions")
    dict=$(dict_of "$s")
    if [ "$SECS" -gt 0 ]; then
        args=(-max_total_time="$SECS" -timeout="$TIMEOUT" -print_final_stats=1
              -artifact_prefix="$out/")
        [ -n "$dict" ] && args+=("$dict")
        [ "$JOBS" -gt 1 ] && args+=(-fork="$JOBS" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
        echo "==> $h: ${SECS}s, $JOBS job(s)${PROFILE:+, profile $PROFILE}, $([ "$ASAN" = 1 ] && echo ASan+UBSan || echo no sanitizer)"
        start=$(date +%s)
        touch "$out/.run-start"
        rc=0
        rm -f "$out/.run-cpu"
        timer=()
        [ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%U %S' -o "$out/.run-cpu")
        "${timer[@]}" nice -n 10 "$BDIR/$h" "${args[@]}" "$work" "${seeds[@]}" >"$log" 2>&1 || rc=$?
        el=$(($(date +%s) - start))
        cpu=$(awk '{ printf "%.1f", ($1 + $2) / 60 }' "$out/.run-cpu" 2>/dev/null || echo "?")
        # execs and exec/s: final stats (one process) or the last status line (fork mode)
        execs=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$' || true)
        if [ -z "$execs" ]; then
            execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
        fi
        execs=${execs:-0}
        eps=$((el > 0 ? execs / el : execs))
        printf '    %d.%d min (%s CPU min), %d execs, %d exec/s (wall), corpus %d files, log %s\n' \
            $((el / 60)) $((el % 60 * 10 / 60)) "$cpu" "$execs" "$eps" "$(ls "$work" | wc -l)" "$log"
        NEW=$(find "$out" -maxdepth 1 -type f -newer "$out/.run-start" \( -name 'crash-*' -o \
              -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'slow-unit-*' \) | wc -l)
        dedup "$BDIR/$h" "$out"
        if [ $rc -ne 0 ] || [ "$NEW" -gt 0 ]; then
            echo "    FINDING in $h (exit $rc): see $log and $out/unique/"
            status=1
        fi
    fi
    if [ "$MERGE" = 1 ]; then
        before=$(ls "$CORPUS/$s" | wc -l)
        nice -n 10 "$BDIR/$h" -merge=1 -use_counters=0 -timeout="$TIMEOUT" "$CORPUS/$s" "$work" \
            >"$BDIR/logs/$s_run.merge.log" 2>&1 || { echo "    merge failed: $BDIR/logs/$s_run.merge.log"; status=1; }
        echo "    merge: $CORPUS/$s $before -> $(ls "$CORPUS/$s" | wc -l) files ($(du -sh "$CORPUS/$s" | cut -f1))"
    fi
done

if [ "$COVERAGE" = 1 ]; then
    command -v llvm-profdata >/dev/null && command -v llvm-cov >/dev/null \
        || die "--coverage needs llvm-profdata and llvm-cov (package llvm)"
    CB=$BDIR-cov
    case "$CB" in /*) ;; *) CB=$ROOT/$CB ;; esac
    mkdir -p "$CB/profiles"
    CC=clang cmake -S . -B "$CB" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DAMC_FUZZ=OFF \
        -DAMC_BUILD_SHARED=OFF -DAMC_BUILD_TESTS=OFF \
        -DCMAKE_C_FLAGS="-fprofile-instr-generate -fcoverage-mapping" \
        -DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate" >"$CB/cmake.log" \
        || { cat "$CB/cmake.log" >&2; die "coverage cmake failed"; }
    targets=()
    for h in "${harnesses[@]}"; do targets+=("replay_${h#fuzz_}"); done
    nice ninja -C "$CB" "${targets[@]}" >"$CB/build.log" 2>&1 \
        || { tail -30 "$CB/build.log" >&2; die "coverage build failed"; }
    rm -f "$CB"/profiles/*.profraw
    objs=()
    echo "==> coverage (clang source-based): $CORPUS/<surface>/, $CORPUS/regressions/, $BDIR/work/<surface>*/"
    for h in "${harnesses[@]}"; do
        s=${h#fuzz_}
        dirs=("$CORPUS/$s")
        [ -d "$CORPUS/regressions" ] && dirs+=("$CORPUS/regressions")
        for w in "$BDIR"/work/"$s" "$BDIR"/work/"$s"_*; do [ -d "$w" ] && dirs+=("$w"); done
        LLVM_PROFILE_FILE="$CB/profiles/$s-%p.profraw" nice "$CB/replay_$s" "${dirs[@]}" \
            >"$CB/run-$s.log" 2>&1 || echo "    replay_$s failed: $CB/run-$s.log"
        objs+=(-object "$CB/replay_$s")
    done
    llvm-profdata merge -sparse "$CB"/profiles/*.profraw -o "$CB/amc.profdata"
    ign='(^|/)(fuzz|tests|build[^/]*)/'
    llvm-cov report "${objs[@]:1}" -instr-profile="$CB/amc.profdata" \
        -ignore-filename-regex="$ign" >"$CB/report.txt"
    llvm-cov show "${objs[@]:1}" -instr-profile="$CB/amc.profdata" -ignore-filename-regex="$ign" \
        -format=html -output-dir="$CB/html" >/dev/null 2>&1 || true
    # per directory of src/ (paths are relative to it) and the total
    awk '$1 != "TOTAL" && $2 ~ /^[0-9]+$/ && $8 > 0 {
            n = split($1, p, "/"); d = (n > 1 ? p[1] : ".");
            lt[d] += $8; lm[d] += $9; ft[d] += $5; fm[d] += $6 }
         $1 == "TOTAL" { tot = sprintf("regions %s, functions %s, lines %s, branches %s", $4, $7, $10, $13) }
         END { printf "    %-14s %8s %8s %7s %7s\n", "src/", "lines", "missed", "line%", "func%";
               for (d in lt) printf "    %-14s %8d %8d %6.1f%% %6.1f%%\n", d, lt[d], lm[d],
                   100 * (lt[d] - lm[d]) / lt[d], (ft[d] ? 100 * (ft[d] - fm[d]) / ft[d] : 0) | "sort";
               close("sort"); print "    TOTAL covered: " tot }' "$CB/report.txt"
    echo "    per file: $CB/report.txt; HTML: $CB/html/index.html"
fi
exit $status
