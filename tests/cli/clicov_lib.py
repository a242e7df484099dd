"""Helpers of the clicov_*.py tests (issue 22): run amc, compare its exit status, standard output
and standard error with the expected text exactly (the temporary folder's path reads {t}, the
source tree's {src}). CLICOV_SHOW=1 prints what each case got instead of failing (to write a
new case's expectation: read it and check it by hand before pasting it in)."""
import os
import shutil
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.getcwd()
TMP = os.path.realpath(tempfile.mkdtemp(prefix="amc-clicov-"))
SHOW = os.environ.get("CLICOV_SHOW") == "1"
failures = []
count = [0]


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def path(*parts):
    return os.path.join(TMP, *parts)


def write(rel, data, mode=None):
    p = path(rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)
    if mode is not None:
        os.chmod(p, mode)
    return p


def sub(text):
    return text.replace(TMP, "{t}").replace(SRC, "{src}")


def run(args, stdin=b"", cwd=None, env=None, timeout=60, exe=None):
    e = dict(os.environ, NO_COLOR="1", LC_ALL="C")
    for k, v in (env or {}).items():  # None: unset
        if v is None:
            e.pop(k, None)
        else:
            e[k] = v
    p = subprocess.run([exe or AMC] + args, input=stdin, capture_output=True, cwd=cwd or SRC, env=e,
                       timeout=timeout)
    return (p.returncode, sub(p.stdout.decode("utf-8", "replace")),
            sub(p.stderr.decode("utf-8", "replace")))


def check(name, args, rc=0, out="", err="", scrub=None, **kw):
    """One case: amc ARGS must exit RC with exactly OUT and ERR (None: not compared); scrub: a
    function applied to both outputs first."""
    count[0] += 1
    got = run(args, **kw)
    if scrub:
        got = (got[0], scrub(got[1]), scrub(got[2]))
    if SHOW:
        print(f"--- {name}: exit {got[0]}\nOUT:\n{got[1]}ERR:\n{got[2]}")
        return got
    want = (rc, out, err)
    bad = [f"{what}:\n  want {want[i]!r}\n  got  {got[i]!r}"
           for i, what in enumerate(("exit status", "stdout", "stderr"))
           if want[i] is not None and got[i] != want[i]]
    if bad:
        fail(f"{name}: " + "\n".join(bad))
    return got


def finish():
    shutil.rmtree(TMP, ignore_errors=True)
    print(f"{count[0]} cases, {len(failures)} failure(s)")
    sys.exit(1 if failures else 0)
