#!/bin/sh
# cov_watch_dirs.sh AMC SRCDIR - amc watch while directories come and go (issue 22):
#   1. a file in a new subdirectory is checked (a subdirectory of a queue folder: AUDIT_STRAY_FILE),
#   2. a directory moved out of the tree is forgotten: a file written into it outside is not
#      reported; moved back in under another name, it is scanned again, both files reported
#      under the new name; renamed inside the tree, the same; moved out and back under the
#      same name, both files reported again (what was checked below a directory that left the
#      tree is forgotten: the same files with the same identity are checked anew), while a
#      sibling whose name begins with that directory's name keeps its watch,
#   3. a directory deleted while watched: nothing reported, the watch goes on,
#   4. a file over --max-size landing: AUDIT_TOO_LARGE, not read,
#   5. SIGINT: "interrupted", the summary, exit 1 after an error.
set -eu
AMC=$1
SRC=$2
T=$(mktemp -d /tmp/amc-watchdirs.XXXXXX)
. "$SRC/tests/cli/watch_lib.sh" # cleanup on exit, fail, wait_for
cp -Rp "$SRC/tests/data/audit/ignite-good" "$T/ws"
Q=$T/ws/queue/coordinator
STRAY='warning\[AUDIT_STRAY_FILE\]'
: > "$T/out"
: > "$T/err"
"$AMC" watch --settle 0.2 --max-size 4K "$T/ws" > "$T/out" 2> "$T/err" &
PID=$!
wait_for 'watching' 100 "$T/err" || fail "amc watch did not start"

# 1. a new subdirectory with a file
# (files land whole: written outside, then moved in, so that each is read once)
mkdir "$T/new"
printf 'garbage without a colon\n' > "$T/new/task_x_1.mime"
mkdir "$Q/sub"
mv "$T/new/task_x_1.mime" "$Q/sub/task_x_1.mime"
wait_for "coordinator/sub/task_x_1.mime:1:1: $STRAY" 100 "$T/out" || fail "file in a new subdirectory"

# 2. moved out, written to outside, moved back under a new name, renamed inside
mv "$Q/sub" "$T/away"
printf 'garbage\n' > "$T/away/task_x_2.mime"
sleep 0.5
grep -q 'away' "$T/out" && fail "a file outside the tree was reported"
mv "$T/away" "$Q/back"
wait_for "coordinator/back/task_x_2.mime:1:1: $STRAY" 100 "$T/out" || fail "moved-in directory not scanned"
wait_for "coordinator/back/task_x_1.mime:1:1: $STRAY" 100 "$T/out" || fail "moved-in directory: its older file"
mv "$Q/back" "$Q/renamed"
wait_for "coordinator/renamed/task_x_1.mime:1:1: $STRAY" 100 "$T/out" || fail "renamed directory not scanned"
wait_for "coordinator/renamed/task_x_2.mime:1:1: $STRAY" 100 "$T/out" || fail "renamed directory: second file"
mkdir "$Q/renamedx" # a sibling whose name starts with the other's: not below it
sleep 0.3
mv "$Q/renamed" "$T/away"
sleep 0.3
mv "$T/away" "$Q/renamed"
n=0
while [ "$(grep -c "coordinator/renamed/task_x_[12].mime:1:1: $STRAY" "$T/out")" != 4 ]; do
    n=$((n + 1))
    [ $n -le 100 ] || fail "directory moved out and back under its name: its files not checked again"
    sleep 0.1
done
printf 'garbage\n' > "$T/new/task_x_4.mime"
mv "$T/new/task_x_4.mime" "$Q/renamedx/task_x_4.mime"
wait_for "coordinator/renamedx/task_x_4.mime:1:1: $STRAY" 100 "$T/out" ||
    fail "a sibling directory named like the one moved out lost its watch"

# 3. deleted
rm -rf "$Q/renamed"
sleep 0.3
kill -0 "$PID" || fail "amc watch stopped after a directory was deleted"

# 4. too large
head -c 5000 /dev/zero | tr '\0' 'a' > "$T/new/task_big_3.mime"
mv "$T/new/task_big_3.mime" "$Q/task_big_3.mime"
wait_for "task_big_3.mime:1:1: error\[AUDIT_TOO_LARGE\]: 'queue/coordinator/task_big_3.mime' is larger than the size limit 4096: not read" 100 "$T/out" ||
    fail "a file over --max-size"

# 5. SIGINT
kill -INT "$PID"
set +e
wait "$PID"
rc=$?
set -e
PID=
[ $rc = 1 ] || fail "SIGINT after an error: exit $rc, expected 1"
grep -q 'amc watch: interrupted' "$T/err" || fail "no 'interrupted' on SIGINT"
grep -q 'files checked, 1 errors, [0-9]* warnings' "$T/err" || fail "no summary with the one error"
[ "$(grep -c . "$T/out")" = 9 ] || fail "expected exactly 9 findings"
echo "cov_watch_dirs: ok"
