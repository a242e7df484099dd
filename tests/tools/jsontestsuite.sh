#!/bin/sh
# jsontestsuite.sh - runs nst/JSONTestSuite's parsing tests through amc's JSON reader.
#
# Usage: tests/tools/jsontestsuite.sh DIR [JSON_ACCEPT]
#   DIR          the suite's test_parsing/ directory (or the repository root containing it)
#   JSON_ACCEPT  the json_accept binary (default: build/json_accept; built by cmake/tests-json.cmake)
#
# Every y_ file must be accepted and every n_ file rejected, except the documented deviations
# below; i_ (implementation-defined) results are listed with amc's decision. Exit status 0 when
# there is no unexpected result, 1 otherwise, 2 on usage errors.
#
# The suite itself is not part of amc; fetch it from https://github.com/nst/JSONTestSuite.
set -u

dir=${1:-}
bin=${2:-build/json_accept}
if [ -z "$dir" ]; then
    echo "usage: $0 DIR [JSON_ACCEPT]" >&2
    exit 2
fi
[ -d "$dir/test_parsing" ] && dir="$dir/test_parsing"
if [ ! -d "$dir" ] || [ ! -x "$bin" ]; then
    echo "$0: need a test_parsing directory and an executable json_accept ($dir, $bin)" >&2
    exit 2
fi

# Deliberate deviations (see src/formats/json_read.c): duplicate keys are errors in amc.
deviation() {
    case "$1" in
    y_object_duplicated_key.json | y_object_duplicated_key_and_value.json) return 0 ;;
    esac
    return 1
}

fail=0 ny=0 nn=0 ni=0 dev=0
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT
# one json_accept run over every file: "ACCEPT path" / "REJECT path CODE line:col message"
"$bin" "$dir"/*.json >"$out" 2>&1 || true
while read -r verdict path detail; do
    case "$verdict" in ACCEPT | REJECT) ;; *) continue ;; esac
    name=$(basename "$path")
    case "$name" in
    y_*)
        ny=$((ny + 1))
        if [ "$verdict" != ACCEPT ]; then
            if deviation "$name"; then
                dev=$((dev + 1))
                echo "deviation  $name: REJECT $detail"
            else
                fail=1
                echo "UNEXPECTED $name: $verdict $detail"
            fi
        fi
        ;;
    n_*)
        nn=$((nn + 1))
        if [ "$verdict" != REJECT ]; then
            fail=1
            echo "UNEXPECTED $name: $verdict"
        fi
        ;;
    i_*)
        ni=$((ni + 1))
        echo "i          $name: $verdict $detail"
        ;;
    esac
done <"$out"
total=$(ls "$dir"/*.json | wc -l)
if [ $((ny + nn + ni)) -lt "$total" ]; then
    echo "only $((ny + nn + ni)) of $total y_/n_/i_ files produced a verdict"
    fail=1
fi
echo "JSONTestSuite: $ny y_, $nn n_, $ni i_; $dev documented deviation(s); $([ $fail = 0 ] && echo OK || echo FAILED)"
exit $fail
