#!/bin/sh
# config_discover.sh AMC SRCDIR - rule settings a golden file cannot express (issue 14 item 5):
#   1. a .amc.yaml in the working folder or a parent is read, up to the repository root (.git);
#      one above the repository root is not;
#   2. --no-config and AMC_NO_CONFIG=1 turn the search off; --config FILE still applies;
#   3. the repository itself carries no .amc.yaml;
#   4. SARIF says executionSuccessful false when the run ends with exit status 2.
set -eu
AMC=$1
SRC=$2
T=$(mktemp -d /tmp/amc-config.XXXXXX)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
[ ! -e "$SRC/.amc.yaml" ] || fail "the repository carries a .amc.yaml"
ENV="$SRC/conformance/mailbox/inputs/env-001-valid-task-assignment.json"
mkdir -p "$T/repo/.git" "$T/repo/sub/dir"
printf 'rules:\n  MAILBOX-SIG-002: off\n' > "$T/repo/.amc.yaml"
run() { d=$1; shift; (cd "$d" && "$AMC" "$@" >/dev/null 2>&1) && echo 0 || echo $?; }
# 1. found from a subfolder, up to the repository root: the warning is off, --strict passes
[ "$(run "$T/repo/sub/dir" validate --strict --profile mailbox "$ENV")" = 0 ] ||
    fail ".amc.yaml at the repository root not found from sub/dir"
# ... but not above the repository root
mkdir -p "$T/repo/inner/.git" "$T/repo/inner/x"
[ "$(run "$T/repo/inner/x" validate --strict --profile mailbox "$ENV")" = 1 ] ||
    fail ".amc.yaml above the enclosing repository root was read"
# 2. --no-config, AMC_NO_CONFIG=1
[ "$(run "$T/repo/sub" validate --strict --no-config --profile mailbox "$ENV")" = 1 ] ||
    fail "--no-config still read .amc.yaml"
[ "$(AMC_NO_CONFIG=1 run "$T/repo/sub" validate --strict --profile mailbox "$ENV")" = 1 ] ||
    fail "AMC_NO_CONFIG=1 still read .amc.yaml"
[ "$(run "$T/repo/sub" validate --strict --no-config --config "$T/repo/.amc.yaml" --profile mailbox "$ENV")" = 0 ] ||
    fail "--config FILE ignored with --no-config"
# the discovered file is also what amc rules shows, and a bad one is an error (exit 2)
(cd "$T/repo/sub" && "$AMC" rules --profile mailbox) | grep -q '^MAILBOX-SIG-002 .* off ' ||
    fail "amc rules does not show the discovered setting"
printf 'rules:\n  NOT-A-RULE: off\n' > "$T/repo/.amc.yaml"
[ "$(run "$T/repo/sub" validate --profile mailbox "$ENV")" = 2 ] || fail "a bad .amc.yaml is not exit 2"
# 4. SARIF on exit 2
set +e
"$AMC" validate --no-config --profile mailbox --format sarif "$T/missing.json" > "$T/sarif" 2>/dev/null
rc=$?
set -e
[ "$rc" = 2 ] || fail "missing input: exit $rc, not 2"
grep -q '"executionSuccessful": false' "$T/sarif" || fail "SARIF of an exit-2 run says executionSuccessful true"
"$AMC" validate --no-config --profile mailbox --format sarif "$ENV" > "$T/sarif2"
grep -q '"executionSuccessful": true' "$T/sarif2" || fail "SARIF of a clean run is not executionSuccessful"
echo "config_discover: ok"
