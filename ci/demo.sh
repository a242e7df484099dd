#!/usr/bin/env bash
# The newcomer's first run: installs dependencies, builds amc, and runs it on the example
# messages bundled in examples/, showing what a valid message and typical defects look like.
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install-deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
# the library targets too: `cmake --install build/release` then works on this tree
ninja -C build/release amc-cli amc_static amc_shared >/dev/null
AMC=build/release/amc
B=""; E=""
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then B=$'\033[1m'; E=$'\033[0m'; fi
show() {
  printf '\n%s$ amc %s%s\n' "$B" "$*" "$E"
  set +e; "$AMC" "$@"; local rc=$?; set -e
  printf '(exit status %d)\n' "$rc"
}
echo "amc $("$AMC" version | head -1 | cut -d' ' -f2) built at $AMC"

echo; echo "== 1. An IGNITE message (MIME headers + YAML body) as normalized JSON"
show parse examples/messages/task_assignment_1763794243123456.mime

echo; echo "== 2. An IGNITE queue directory checked against the IGNITE profile (see: amc rules --profile ignite)"
show validate --profile ignite examples/ignite-workspace

echo; echo "== 3. Malformed JSON: every defect gets file:line:col, a code and a reason"
show parse examples/bad/duplicate-from.json
show parse examples/bad/trailing-comma.json
show parse examples/bad/nan.json

echo; echo "== 4. YAML that YAML 1.1 readers (PyYAML) would read differently"
show parse examples/bad/yaml11-booleans.yaml

if "$AMC" validate --help >/dev/null 2>&1; then
  echo; echo "== 5. A mailbox envelope against JSON Schema 2020-12 (bundled copy of the public schemas)"
  show validate --schema examples/schemas/mailbox-envelope.v1.schema.json \
       --schema examples/schemas/review-result.v1.schema.json \
       --schema examples/schemas/aggregation-result.v1.schema.json \
       examples/messages/envelope.json examples/bad/envelope-schema-errors.json \
       examples/bad/duplicate-from.json
fi
echo; echo "== 6. The same envelopes through the mailbox profile (ACL, routing, signature, task ids)"
show validate --profile mailbox examples/messages/envelope.json examples/bad/envelope-schema-errors.json

echo; echo "== 7. Discussion and socket messages, profile detected per file (--profile auto)"
show validate --profile auto examples/messages/discussion-message.json \
     conformance/socket/inputs/seed/task.json conformance/socket/inputs/result-manager-error.json

echo; echo "== 8. A lifecycle trace replayed through the IGNITE model: the first illegal step"
show trace check --profile ignite tests/data/trace/ignite-bad.jsonl

echo; echo "== 9. A whole IGNITE workspace on disk: placement, duplicates across folders, retry limits"
show audit tests/data/audit/ignite-bad

echo; echo "== 10. The conformance runner against amc's own reference adapter (socket fixtures)"
show conform --impl "$AMC adapter" --profile socket

echo; echo "Next: 'amc --help', 'amc rules', README.md."
