#!/usr/bin/env python3
"""amc watch on workspaces no other test gives it (issue 22, helper clibr), each run's findings,
summary and exit status asserted exactly:
  1. --timeout on a copy of tests/data/audit/ignite-good named with a trailing '/', holding a
     file that only warns (a name not in the IGNITE pattern) and names amc never checks
     ('.hidden', 'x.tmp'; 'ab' and 'a.tm' are checked): --strict makes the warnings exit 1,
     without it exit 0; --format json prints one object for the file (cmd_watch.c temp_name,
     flush, watch_main),
  2. DIR renamed while watched: "was moved; stopping", exit 0; DIR removed: "was deleted;
     stopping" (cmd_watch.c on_event, root_deleted),
  3. a folder made under DIR, a file written in it, the folder renamed away before the file
     settled: the file is never checked; a new folder moved in: its file is checked
     (cmd_watch.c on_event, pend_drop, add_dir),
  4. a file written again with the same bytes (a new modification time) and then replaced by a
     rename (a new inode): checked each time; a file deleted while still open (waiting to
     settle): never checked; two files waiting, the older one written to again: each checked
     once when closed; --strict with no warning: exit 0 (cmd_watch.c seen_same, pend_drop,
     run_due, watch_main),
  5. a mailbox message with 1 500 properties the schema does not allow: 1 000 findings shown,
     then "note: 2 more diagnostics not shown" (cmd_watch.c flush).
Waits are bounded (each at most 10 s); no sleep is longer than 0.3 s.
Usage: clibr_watch.py AMC (run from the source tree)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from clibr_watchlib import Watch

AMC = os.path.abspath(sys.argv[1])
SRC = os.getcwd()
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(args):
    return subprocess.run([AMC] + args, capture_output=True, timeout=60,
                          env=dict(os.environ, NO_COLOR="1"))


def watch(args):
    return Watch(AMC, args, check)


def old(path):
    """The file's times an hour back: the initial pass checks it now (not after --settle)."""
    t = time.time() - 3600
    os.utime(path, (t, t))


W = ("warning[IGNITE_FILE_NAME] IGNITE-FILE-001: file name '%s' does not follow "
     "task_completed_<16 digits>.mime")

with tempfile.TemporaryDirectory(prefix="amc-clibr-watch-") as t:
    ws = os.path.join(t, "ws")
    shutil.copytree(os.path.join(SRC, "tests/data/audit/ignite-good"), ws)
    for root, dirs, files in os.walk(ws):
        for name in files:
            old(os.path.join(root, name))
    q = os.path.join(ws, "queue", "coordinator")
    with open(os.path.join(q, "task_completed_1770692606249438.mime"), "rb") as f:
        msg = f.read()
    # the same message under other names: one that warns, names never checked; the copies
    # duplicate the original (an error), so the warning file gets a message of its own
    other = msg.replace(b"<177069260625.65405.9012852316294850550@ignite.local>",
                        b"<177069260625.65405.1111111111111111111@ignite.local>")
    for name, data in (("task_w.mime", other), (".hidden", msg), ("x.tmp", msg)):
        with open(os.path.join(q, name), "wb") as f:
            f.write(data)
        old(os.path.join(q, name))
    # 1. the initial pass, --timeout; DIR given with a trailing '/'
    for strict, rc in (([], 0), (["--strict"], 1)):
        p = run(["watch", "--timeout", "0.3"] + strict + [ws + "/"])
        out, err = p.stdout.decode(), p.stderr.decode()
        want_out = ws + "/queue/coordinator/task_w.mime:1:1: " + W % "task_w.mime" + "\n"
        want_err = ("amc watch: %s/: watching 8 directories\n"
                    "amc watch: %s/: 6 files checked, 0 errors, 1 warnings\n" % (ws, ws))
        check(p.returncode == rc and out == want_out and err == want_err,
              f"watch {strict}: exit {p.returncode} {out!r} {err!r}")
    p = run(["watch", "--timeout", "0.3", "--format", "json", ws])
    lines = p.stdout.decode().splitlines()
    obj = json.loads(lines[0]) if len(lines) == 1 else {}
    check(p.returncode == 0 and obj.get("file") == ws + "/queue/coordinator/task_w.mime" and
          obj.get("valid") is True and obj.get("errors") == 0 and obj.get("warnings") == 1 and
          [d.get("code") for d in obj.get("diagnostics", [])] == ["IGNITE_FILE_NAME"],
          f"watch --format json: exit {p.returncode} {lines!r} {p.stderr!r}")
    # 'ab' and 'a.tm' are checked (short names, not *.tmp)
    for name in ("ab", "a.tm"):
        with open(os.path.join(q, name), "wb") as f:
            f.write(other.replace(b"1111111111111111111", b"2222222222222222222"))
        old(os.path.join(q, name))
        p = run(["watch", "--timeout", "0.3", ws])
        out = p.stdout.decode()
        check(p.returncode == 0 and out.startswith(
              ws + "/queue/coordinator/%s:1:1: warning[AUDIT_STRAY_FILE]: 'queue/coordinator/%s' "
              "is in a message folder but is not a message file\n" % (name, name)),
              f"watch with {name}: exit {p.returncode} {out!r} {p.stderr!r}")
        os.unlink(os.path.join(q, name))

    # 2. DIR renamed, then DIR removed, while watched
    w = watch(["--timeout", "60", ws])
    if w.wait_err("watching", "moved"):
        os.rename(ws, ws + "2")
        w.wait_err("stopping", "moved")
    rc = w.finish()
    check(rc == 0 and w.err[1:] == ["amc watch: %s was moved; stopping\n" % ws,
                                    "amc watch: %s: 6 files checked, 0 errors, 1 warnings\n" % ws],
          f"watch, DIR moved: exit {rc} {w.err!r}")
    os.rename(ws + "2", ws)
    empty = os.path.join(t, "empty")
    os.mkdir(empty)
    w = watch(["--timeout", "60", empty])
    if w.wait_err("watching", "deleted"):
        os.rmdir(empty)
        w.wait_err("stopping", "deleted")
    rc = w.finish()
    check(rc == 0 and w.err == ["amc watch: %s: watching 1 directory\n" % empty,
                                "amc watch: %s was deleted; stopping\n" % empty,
                                "amc watch: %s: 0 files checked, 0 errors, 0 warnings\n" % empty],
          f"watch, DIR deleted: exit {rc} {w.err!r}")

    # 3. a folder made, written into and renamed away before its file settled; one moved in
    w = watch(["--timeout", "20", "--settle", "5", "--new-only", ws])
    if w.wait_err("watching", "folders"):
        sub = os.path.join(q, "sub")
        os.mkdir(sub)
        time.sleep(0.3)  # the new folder's watch is set up
        fd = os.open(os.path.join(sub, "task_completed_1770692606249999.mime"),
                     os.O_WRONLY | os.O_CREAT)
        os.write(fd, other)  # not closed yet: waits --settle
        time.sleep(0.3)
        os.rename(sub, os.path.join(t, "gone"))
        os.close(fd)
        moved = os.path.join(t, "incoming")
        os.mkdir(moved)
        with open(os.path.join(moved, "task_m.mime"), "wb") as f:
            f.write(other.replace(b"1111111111111111111", b"3333333333333333333"))
        old(os.path.join(moved, "task_m.mime"))
        os.rename(moved, os.path.join(q, "incoming"))
        end = time.monotonic() + 10
        while not w.out and time.monotonic() < end:
            time.sleep(0.02)
        w.p.terminate()
    rc = w.finish()
    check(rc == 0 and w.out == [ws + "/queue/coordinator/incoming/task_m.mime:1:1: warning["
                                "AUDIT_STRAY_FILE]: 'queue/coordinator/incoming/task_m.mime' is "
                                "in a message folder but is not a message file\n"] and
          w.err[1:] == ["amc watch: terminated\n",
                        "amc watch: %s: 1 files checked, 0 errors, 1 warnings\n" % ws],
          f"watch, folders: exit {rc} {w.out!r} {w.err!r}")

    # 4. rewritten, replaced, deleted while open, two waiting
    def msg_id(k):
        return other.replace(b"1111111111111111111", str(k).encode() * 19)

    w = watch(["--timeout", "20", "--settle", "5", "--new-only", "--strict", ws])
    x = os.path.join(q, "task_x.mime")
    if w.wait_err("watching", "rewritten"):
        def lines_for(name, n):
            end = time.monotonic() + 10
            while sum(name in o for o in w.out) < n and time.monotonic() < end:
                time.sleep(0.02)
            return sum(name in o for o in w.out)

        with open(x, "wb") as f:
            f.write(msg_id(4))
        lines_for("task_x.mime", 1)
        time.sleep(0.1)  # a new modification time (the kernel's clock ticks)
        with open(x, "wb") as f:
            f.write(msg_id(4))
        lines_for("task_x.mime", 2)
        with open(x + ".tmp", "wb") as f:
            f.write(msg_id(4))
        os.rename(x + ".tmp", x)
        lines_for("task_x.mime", 3)
        z = os.path.join(q, "task_z.mime")
        fz = os.open(z, os.O_WRONLY | os.O_CREAT)
        os.write(fz, msg_id(5))
        time.sleep(0.1)
        os.unlink(z)
        os.close(fz)
        fa = os.open(os.path.join(q, "task_a.mime"), os.O_WRONLY | os.O_CREAT)
        os.write(fa, msg_id(6)[:100])
        time.sleep(0.1)
        fb = os.open(os.path.join(q, "task_b.mime"), os.O_WRONLY | os.O_CREAT)
        os.write(fb, msg_id(7))
        time.sleep(0.1)
        os.write(fa, msg_id(6)[100:])  # task_a now waits longer than task_b
        time.sleep(0.1)
        os.close(fa)
        os.close(fb)
        lines_for("task_b.mime", 1)
        lines_for("task_a.mime", 1)
        w.p.terminate()
    rc = w.finish()
    want = [ws + "/queue/coordinator/%s:1:1: " % n + W % n + "\n"
            for n in ("task_x.mime", "task_x.mime", "task_x.mime", "task_a.mime", "task_b.mime")]
    check(rc == 1 and w.out == want and
          w.err[1:] == ["amc watch: terminated\n",
                        "amc watch: %s: 5 files checked, 0 errors, 5 warnings\n" % ws],
          f"watch, rewritten: exit {rc} {w.out!r} {w.err!r}")
    for n in ("task_x.mime", "task_a.mime", "task_b.mime", "task_w.mime"):
        os.unlink(os.path.join(q, n))
    shutil.rmtree(os.path.join(q, "incoming"))
    p = run(["watch", "--timeout", "0.2", "--strict", ws])
    check(p.returncode == 0 and p.stdout == b"" and
          p.stderr.decode().endswith(": 5 files checked, 0 errors, 0 warnings\n"),
          f"watch --strict, no warning: exit {p.returncode} {p.stdout!r} {p.stderr!r}")

    # 5. more findings than are kept
    with open(os.path.join(SRC, "conformance/mailbox/inputs/env-001-valid-task-assignment.json"),
              encoding="utf-8") as f:
        env = json.load(f)
    for i in range(1500):
        env["x%d" % i] = i
    mws = os.path.join(t, "mws")
    os.makedirs(os.path.join(mws, "inbox", "codex"))
    m = os.path.join(mws, "inbox", "codex", "m.json")
    with open(m, "w") as f:
        json.dump(env, f)
    old(m)
    p = run(["watch", "--timeout", "0.3", mws])
    out = p.stdout.decode().splitlines()
    check(p.returncode == 1 and len(out) == 1001 and
          out[-1] == m + ": note: 2 more diagnostics not shown" and
          p.stderr.decode() == "amc watch: %s: watching 3 directories\namc watch: %s: 1 files "
          "checked, 1001 errors, 1 warnings\n" % (mws, mws),
          f"watch, 1 500 findings: exit {p.returncode} {out[-2:]!r} {p.stderr!r}")

for f in failures:
    print("FAIL:", f)
print(f"clibr_watch: {len(failures)} failures")
sys.exit(1 if failures else 0)
