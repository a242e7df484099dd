#!/bin/sh
# sign_write.sh AMC SRCDIR - amc sign --write, which a golden test cannot run (it writes files):
#   1. a JSON envelope with a wrong signature gets the right one, every other byte unchanged;
#   2. a JSON Lines file: each line's signature written, blank lines kept, nothing else moved;
#   3. an envelope without a "signature" string, or text that is not JSON: exit 1, the file
#      left byte for byte as it was;
#   4. a directory instead of a file: exit 2.
# The expected bytes are the committed fixtures, whose signatures are right.
set -eu
AMC=$1
SRC=$2
IN="$SRC/conformance/mailbox/inputs"
T=$(mktemp -d /tmp/amc-sign-write.XXXXXX)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# 1. one envelope
E="$IN/env-001-valid-task-assignment.json"
sed 's/"signature": "[0-9a-f]*"/"signature": "not \\"a\\" signature"/' "$E" > "$T/env.json"
cmp -s "$E" "$T/env.json" && fail "the test did not change the signature"
"$AMC" sign --write "$T/env.json" > "$T/out" 2>&1 || { cat "$T/out"; fail "exit status $?"; }
[ ! -s "$T/out" ] || { cat "$T/out"; fail "--write printed something"; }
cmp "$E" "$T/env.json" || fail "the written envelope differs from the fixture"

# 2. JSON Lines, with a blank line in the middle
L="$IN/dup-001-e2e-redelivery.jsonl"
{ head -n 2 "$L"; echo; tail -n +3 "$L"; } > "$T/want.jsonl"
sed 's/"signature":"[0-9a-f]*"/"signature":""/' "$T/want.jsonl" > "$T/lines.jsonl"
"$AMC" sign --write "$T/lines.jsonl" || fail "JSON Lines: exit status $?"
cmp "$T/want.jsonl" "$T/lines.jsonl" || fail "the written JSON Lines differ"

# 3. nothing to write, or not JSON: unchanged, exit 1
printf '{"a": 1}\n' > "$T/nosig.json"
cp "$T/nosig.json" "$T/nosig.orig"
set +e
"$AMC" sign --write "$T/nosig.json" > "$T/out" 2> "$T/err"
rc=$?
set -e
[ $rc = 1 ] || fail "no signature member: exit status $rc"
grep -q 'no string "signature" member to write' "$T/err" || { cat "$T/err"; fail "message"; }
cmp "$T/nosig.orig" "$T/nosig.json" || fail "a file without a signature member was changed"
printf 'not json\n' > "$T/bad.json"
set +e
"$AMC" sign --write "$T/bad.json" > "$T/out" 2> "$T/err"
rc=$?
set -e
[ $rc = 1 ] || fail "not JSON: exit status $rc"
[ "$(cat "$T/bad.json")" = "not json" ] || fail "a file that is not JSON was changed"

# 4. a directory
set +e
"$AMC" sign --write "$T" > "$T/out" 2>&1
rc=$?
set -e
[ $rc = 2 ] || { cat "$T/out"; fail "a directory: exit status $rc"; }
echo ok
