#!/bin/sh
# cov_watch_root.sh AMC SRCDIR - amc watch at the edges of its tree (issue 22):
#   1. a directory nested 64 levels deep: AUDIT_TOO_DEEP, neither it nor what is below it
#      watched;
#   2. the watched directory moved away: "DIR was moved; stopping", the summary, exit 0;
#   3. the watched directory deleted: "DIR was deleted; stopping", exit 0.
set -eu
AMC=$1
SRC=$2
T=$(mktemp -d /tmp/amc-watchroot.XXXXXX)
. "$SRC/tests/cli/watch_lib.sh" # cleanup on exit, fail, wait_for

# waits (up to 30 s) for amc watch to end; its exit status in rc
wait_end() {
    n=0
    while kill -0 "$PID" 2>/dev/null; do
        n=$((n + 1))
        [ $n -le 300 ] || fail "amc watch did not stop"
        sleep 0.1
    done
    set +e
    wait "$PID"
    rc=$?
    set -e
    PID=
}

# 1 and 2
cp -Rp "$SRC/tests/data/audit/ignite-good" "$T/ws"
d=queue/coordinator
i=0
while [ $i -lt 64 ]; do d=$d/d; i=$((i + 1)); done
mkdir -p "$T/ws/$d"
deep=${d%/d/d}
# every directory but the last three of the chain (64 levels below the root and more)
n=$(($(find "$T/ws" -type d | wc -l) - 3))
: > "$T/out"
: > "$T/err"
"$AMC" watch --settle 0.2 "$T/ws" > "$T/out" 2> "$T/err" &
PID=$!
wait_for "watching $n directories" 300 "$T/err" || fail "amc watch did not start (or watched past the limit)"
grep -qxF "$T/ws/$deep:1:1: warning[AUDIT_TOO_DEEP]: '$deep' is nested too deep: not walked" "$T/out" ||
    fail "no AUDIT_TOO_DEEP for $deep"
mv "$T/ws" "$T/moved"
wait_end
[ "$rc" = 0 ] || fail "moved: exit $rc"
grep -qxF "amc watch: $T/ws was moved; stopping" "$T/err" || fail "moved: not said"
grep -qxF "amc watch: $T/ws: 6 files checked, 0 errors, 1 warnings" "$T/err" || fail "moved: summary"

# 3
cp -Rp "$SRC/tests/data/audit/ignite-good" "$T/ws2"
: > "$T/err"
"$AMC" watch --settle 0.2 "$T/ws2" > "$T/out" 2> "$T/err" &
PID=$!
wait_for 'watching' 300 "$T/err" || fail "amc watch did not start"
rm -rf "$T/ws2"
wait_end
[ "$rc" = 0 ] || fail "deleted: exit $rc"
grep -qxF "amc watch: $T/ws2 was deleted; stopping" "$T/err" || fail "deleted: not said"
echo "cli.cov_watch_root: ok"
