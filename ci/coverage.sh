#!/usr/bin/env bash
# Coverage of src/ by the whole test suite: a gcc --coverage build (Debug -O0, allocation
# failpoints on, so unit.test_alloc_fail sweeps every allocation failure), every ctest test
# (unit, CLI golden, the JSON-Schema-Test-Suite in tests/external, conformance, properties,
# fuzz-corpus replays, docs), then gcovr:
#   build/coverage/html/index.html   line and branch coverage per file, with the source
#   build/coverage/coverage.txt      per-file table
#   build/coverage/summary.txt       the summary line (ci/test.sh prints it)
#   build/coverage/rooms.txt         lines/branches per room (src/core, src/formats, ...)
#   build/coverage/coverage.json     line and branch counts (gcovr JSON)
# Usage: ci/coverage.sh [BUILD_DIR]     (default build/coverage; docs/testing.md: the figures,
#                                        and the lines left uncovered with the reason)
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build/coverage}
JOBS=$(nproc 2>/dev/null || echo 2)
command -v gcovr >/dev/null || { echo "coverage: gcovr missing (bash ci/install-deps.sh)"; exit 1; }

cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DAMC_BUILD_SHARED=OFF \
      -DAMC_ALLOC_FAILPOINTS=ON -DCMAKE_C_FLAGS="--coverage -O0 -fprofile-update=atomic" \
      -DCMAKE_EXE_LINKER_FLAGS=--coverage >/dev/null
ninja -C "$B" -j"$JOBS" >/dev/null
# counts from an earlier run would add up: start from zero
find "$B" -name '*.gcda' -delete
# a failing test still gets its report (the counts of every other test are valid): the script
# fails at the end, after the summary, naming the failed tests
failed=0
ctest --test-dir "$B" -j"$JOBS" --output-on-failure >"$B/ctest.log" 2>&1 || failed=1
grep -E '^[0-9]+% tests passed' "$B/ctest.log" || true

mkdir -p "$B/html"
# src/ only, every line and branch gcc instruments (nothing excluded)
# (line counts in coverage.json: ci/mutate.sh --coverage skips mutants on lines no test runs)
gcovr -r . --object-directory "$B" --exclude-directories '.*/CompilerIdC' --filter 'src/' \
  -j "$JOBS" --html-details "$B/html/index.html" --html-title "amc coverage" \
  --txt "$B/coverage.txt" --json-summary "$B/summary.json" --json "$B/coverage.json" \
  --print-summary >"$B/gcovr.log"
python3 - "$B" <<'EOF'
import json, sys, collections
b = sys.argv[1]
s = json.load(open(b + "/summary.json"))
def pct(c, t):
    return 100.0 * c / t if t else 100.0
rooms = collections.OrderedDict()
for f in s["files"]:
    parts = f["filename"].split("/")
    room = "/".join(parts[:2]) if len(parts) > 2 else parts[0]
    r = rooms.setdefault(room, [0, 0, 0, 0])
    r[0] += f["line_covered"]; r[1] += f["line_total"]
    r[2] += f["branch_covered"]; r[3] += f["branch_total"]
with open(b + "/rooms.txt", "w") as out:
    out.write("%-16s %8s %14s %9s %14s\n" % ("room", "lines", "", "branches", ""))
    for room, (lc, lt, bc, bt) in sorted(rooms.items()):
        out.write("%-16s %7.1f%% %6d/%-7d %8.1f%% %6d/%-7d\n"
                  % (room, pct(lc, lt), lc, lt, pct(bc, bt), bc, bt))
line = ("coverage of src/: lines %.1f%% (%d/%d), branches %.1f%% (%d/%d), functions %.1f%%"
        % (s["line_percent"], s["line_covered"], s["line_total"], s["branch_percent"],
           s["branch_covered"], s["branch_total"], s["function_percent"]))
open(b + "/summary.txt", "w").write(line + "\n")
EOF
cat "$B/rooms.txt"
echo "report: $B/html/index.html"
cat "$B/summary.txt"
if [ "$failed" = 1 ]; then
  sed -n '/tests failed out of/,$p' "$B/ctest.log"
  echo "coverage: tests failed (log: $B/ctest.log); the figures above lack what they would have run"
  exit 1
fi
