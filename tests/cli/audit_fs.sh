#!/bin/sh
# audit_fs.sh AMC SRCDIR - filesystem behaviour of `amc audit` that a committed tree cannot hold:
#   1. a FIFO in DIR is reported (AUDIT_SPECIAL_FILE) and never opened (the run would block),
#   2. a file over --max-bytes is AUDIT_TOO_LARGE, not read,
#   3. an unreadable file: as non-root a chmod 000 file is AUDIT_UNREADABLE; root reads every
#      file, so then this part is skipped (the FIFO and the size limit cover the "not read" path),
#   4. read-only: a listing of every entry (name, type, size, mode, mtime, ctime, inode) is the
#      same before and after, and, where strace exists, no syscall of the run opens a file for
#      writing or creates, renames, removes or changes any path (the trace is checked by grep),
#   5. a tree deeper than 64 levels stops at the limit (AUDIT_TOO_DEEP for the 64th directory).
set -eu
AMC=$1
SRC=$2
T=$(mktemp -d /tmp/amc-audit-fs.XXXXXX)
trap 'chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp -R "$SRC/tests/data/audit/ignite-bad" "$T/ws"
mkfifo "$T/ws/queue/coordinator/pipe_1770692606249440.mime"
head -c 5000 /dev/zero | tr '\0' 'x' > "$T/ws/queue/coordinator/big_1770692606249441.mime"
ln -s "$T" "$T/ws/queue/escape"
if [ "$(id -u)" != 0 ]; then
    cp "$T/ws/queue/coordinator/task_completed_1770692606249438.mime" \
       "$T/ws/queue/coordinator/locked_1770692606249442.mime"
    chmod 000 "$T/ws/queue/coordinator/locked_1770692606249442.mime"
fi
listing() { find "$T/ws" -printf '%p %y %s %m %T@ %C@ %i\n' | sort; }
listing > "$T/before"
set +e
timeout 60 "$AMC" audit --max-bytes 4096 "$T/ws" > "$T/out" 2> "$T/err"
rc=$?
set -e
[ $rc = 1 ] || { cat "$T/out" "$T/err"; fail "exit status $rc, expected 1"; }
grep -q 'pipe_1770692606249440.mime:1:1: warning\[AUDIT_SPECIAL_FILE\]' "$T/out" || fail "FIFO not reported"
grep -q 'big_1770692606249441.mime:1:1: error\[AUDIT_TOO_LARGE\]' "$T/out" || fail "large file not reported"
grep -q 'queue/escape:1:1: warning\[AUDIT_SYMLINK\]' "$T/out" || fail "symlink not reported"
grep -q 'AUDIT_DUPLICATE' "$T/out" || fail "duplicates not reported"
if [ "$(id -u)" != 0 ]; then
    grep -q 'locked_1770692606249442.mime:1:1: error\[AUDIT_UNREADABLE\]' "$T/out" ||
        fail "unreadable file not reported"
else
    echo "note: running as root: the unreadable-file case is skipped"
fi
listing > "$T/after"
cmp -s "$T/before" "$T/after" || { diff "$T/before" "$T/after"; fail "the tree changed"; }
WRITES='O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|^[0-9]+ +(unlink|unlinkat|rename|renameat|renameat2|mkdir|mkdirat|rmdir|chmod|fchmod|fchmodat|chown|fchown|fchownat|lchown|utime|utimes|utimensat|truncate|ftruncate|symlink|symlinkat|link|linkat|mknod|mknodat)\('
if command -v strace > /dev/null 2>&1 && strace -f -o "$T/trace" -e trace=%file,%desc true 2>/dev/null; then
    strace -f -o "$T/trace" -e trace=%file,%desc "$AMC" audit --max-bytes 4096 "$T/ws" > /dev/null 2>&1 || true
    # (a coverage build's runtime opens its counter files *.gcda at exit and asks their flags
    # with fcntl F_GETFL, which prints O_RDWR: that is not amc writing)
    if grep -E "$WRITES" "$T/trace" |
        grep -v -E '^[0-9]+ +(openat|open)\(.*"/(dev/tty|proc|sys)' |
        grep -v -E '^[0-9]+ +((openat|open)\(.*\.gcda", O_RDWR\|O_CREAT|fcntl\([0-9]+, F_GETFL\))' |
        grep -q .; then
        grep -E "$WRITES" "$T/trace"
        fail "a write-like syscall in the trace"
    fi
    grep -q 'pipe_1770692606249440' "$T/trace" || fail "strace saw no walk"
    if grep -E 'open.*pipe_1770692606249440' "$T/trace" | grep -q .; then fail "the FIFO was opened"; fi
    if grep -E 'open.*escape' "$T/trace" | grep -q .; then fail "the symlink was opened"; fi
    echo "strace: no write-like syscall, FIFO and symlink never opened"
else
    echo "note: strace unavailable: the listing comparison alone proves read-only"
fi
# 5. a tree deeper than 64 levels: the directory at depth 64 is AUDIT_TOO_DEEP, not walked
D="$T/deep/queue"
want=queue
for i in $(seq 1 70); do
    D="$D/d$i"
    [ "$i" -le 63 ] && want="$want/d$i"
done
mkdir -p "$D"
"$AMC" audit "$T/deep" > "$T/deep.out" 2>&1 || true
grep -q "warning\[AUDIT_TOO_DEEP\]: '$want' is nested too deep: not walked" "$T/deep.out" ||
    { cat "$T/deep.out"; fail "the depth limit"; }
[ "$(grep -c AUDIT_TOO_DEEP "$T/deep.out")" = 1 ] || { cat "$T/deep.out"; fail "walked past the limit"; }
echo "ok"
