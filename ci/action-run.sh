#!/usr/bin/env bash
# The run step of the amc GitHub Action (action.yml): runs amc validate, lint-schema or conform
# with the action's inputs (INPUT_* environment variables), keeps the reports, turns failures
# into annotations (ci/gh-annotate.py), writes the job summary and the step outputs, and exits
# with amc's exit status. Usable outside GitHub too: GITHUB_OUTPUT / GITHUB_STEP_SUMMARY unset
# means no outputs / no summary. tests/conform/run_action.py runs it in ctest.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
AMC=${AMC:-amc}
cmd=${INPUT_COMMAND:-conform}
out=${INPUT_REPORT_DIR:-${RUNNER_TEMP:-/tmp}/amc-reports}
mkdir -p "$out"
usage() {  # a bad input: an annotation, exit-code output 2
  echo "::error title=amc::$*"
  [ -n "${GITHUB_OUTPUT:-}" ] && echo "exit-code=2" >> "$GITHUB_OUTPUT"
  exit 2
}
args=()
# shellcheck disable=SC2206  # word splitting of the free-form inputs is intended
[ -n "${INPUT_ARGS:-}" ] && eval "args+=(${INPUT_ARGS})"
profiles=${INPUT_PROFILE:-}
for p in ${profiles//,/ }; do args+=(--profile "$p"); done
case "$cmd" in
  validate|lint-schema)
    [ -n "${INPUT_FILES:-}" ] || usage "input 'files' is required for $cmd"
    report="$out/amc-$cmd.json"
    # shellcheck disable=SC2086
    "$AMC" "$cmd" "${args[@]}" --format json ${INPUT_FILES} > "$report"
    rc=$?
    ;;
  conform)
    [ -n "${INPUT_SUITE:-}" ] && args+=(--suite "$INPUT_SUITE")
    [ -n "${INPUT_IMPL:-}" ] && args+=(--impl "$INPUT_IMPL")
    [ -n "${INPUT_IMPL_EXEC:-}" ] && args+=(--impl-exec "$INPUT_IMPL_EXEC")
    [ -n "${INPUT_CAPABILITIES:-}" ] && args+=(--capabilities "$INPUT_CAPABILITIES")
    [ -n "${INPUT_XFAIL:-}" ] && args+=(--xfail "$INPUT_XFAIL")
    report="$out/amc-conform.json"
    "$AMC" conform "${args[@]}" --json "$report" --junit "$out/amc-conform.xml" \
      --markdown "$out/amc-conform.md"
    rc=$?
    ;;
  *)
    usage "unknown command '$cmd' (validate, lint-schema or conform)"
    ;;
esac
if [ -s "$report" ]; then
  python3 "$HERE/gh-annotate.py" "$report" --base "${GITHUB_WORKSPACE:-$PWD}" || true
fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ "${INPUT_SUMMARY:-true}" = "true" ]; then
  if [ "$cmd" = conform ] && [ -s "$out/amc-conform.md" ]; then
    cat "$out/amc-conform.md" >> "$GITHUB_STEP_SUMMARY"
  else
    printf '## amc %s: exit %d\n\nReport: `%s`\n' "$cmd" "$rc" "$report" >> "$GITHUB_STEP_SUMMARY"
  fi
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  {
    echo "exit-code=$rc"
    echo "report=$report"
    if [ "$cmd" = conform ] && [ -s "$report" ]; then
      python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("verdict="+r["verdict"]); print("gate="+r["gate"])' "$report"
    fi
  } >> "$GITHUB_OUTPUT"
fi
exit "$rc"
