# watch_lib.sh - shared by the amc watch tests (watch.sh, cov_watch_dirs.sh), sourced after they
# set T (their scratch directory). PID: the amc watch running, killed on exit with T removed.
PID=
cleanup() {
    if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; fi
    rm -rf "$T"
}
trap cleanup EXIT
fail() {
    echo "FAIL: $*"
    for f in out err; do [ -f "$T/$f" ] && { echo "--- $f"; cat "$T/$f"; }; done
    exit 1
}
# waits (up to $2 tenths of a second) until grep -q "$1" "$3" succeeds
wait_for() {
    n=0
    while ! grep -q -- "$1" "$3" 2>/dev/null; do
        n=$((n + 1))
        [ $n -le "$2" ] || return 1
        sleep 0.1
    done
}
