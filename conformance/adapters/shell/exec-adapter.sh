#!/bin/sh
# exec-mode wrapper for `amc conform --impl-exec` (conformance/PROTOCOL.md "Exec mode").
#
#   amc conform --impl-exec 'VALIDATOR="myvalidator --strict" sh exec-adapter.sh {file}'
#
# Runs $VALIDATOR FILE and turns its result into the exit status amc conform reads:
#   0 valid, 1 invalid, 2 the validator could not judge (crash, usage error...).
# For a validator that exits 0 even when it rejects, set INVALID_PATTERN to a grep -E pattern
# its output contains on rejection (e.g. INVALID_PATTERN='^(ERROR|invalid)'). For one whose
# "invalid" exit status is not 1, set INVALID_STATUS (default 1).
set -u
file=${1:?usage: exec-adapter.sh FILE}
: "${VALIDATOR:?set VALIDATOR to your validator command}"
out=$(eval "$VALIDATOR" '"$file"' 2>&1)
st=$?
if [ -n "${INVALID_PATTERN:-}" ] && [ "$st" -eq 0 ]; then
    if printf '%s\n' "$out" | grep -Eq -- "$INVALID_PATTERN"; then exit 1; fi
    exit 0
fi
[ "$st" -eq 0 ] && exit 0
[ "$st" -eq "${INVALID_STATUS:-1}" ] && exit 1
printf '%s\n' "$out" >&2
exit 2
