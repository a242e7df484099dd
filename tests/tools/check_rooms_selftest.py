#!/usr/bin/env python3
"""check_rooms_selftest.py - ci/check-rooms.py must fail on what it forbids.

Builds small copies of the repository's layout (the room table of docs/internals.md, one file
per room, the public headers' names) in a temporary folder, breaks them one way at a time and
expects check-rooms.py to fail naming the place; the unbroken copy must pass.
"""
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../.."))
CHECK = os.path.join(REPO, "ci/check-rooms.py")


def make(tmp):
    os.makedirs(os.path.join(tmp, "docs"))
    shutil.copy(os.path.join(REPO, "docs/internals.md"), os.path.join(tmp, "docs/internals.md"))
    os.makedirs(os.path.join(tmp, "src/include/amc"))
    for h in os.listdir(os.path.join(REPO, "src/include/amc")):
        open(os.path.join(tmp, "src/include/amc", h), "w").close()
    for d in os.listdir(os.path.join(REPO, "src")):
        if d != "include" and os.path.isdir(os.path.join(REPO, "src", d)):
            os.makedirs(os.path.join(tmp, "src", d))
            open(os.path.join(tmp, "src", d, "x.h"), "w").close()


def run(tmp):
    p = subprocess.run([sys.executable, CHECK, tmp], capture_output=True, text=True)
    return p.returncode, p.stdout


def case(name, breaker, want):
    with tempfile.TemporaryDirectory() as tmp:
        make(tmp)
        breaker(tmp)
        rc, out = run(tmp)
        ok = (rc == 0) if want is None else (rc == 1 and want in out)
        print(f"{'ok  ' if ok else 'FAIL'} {name}" + ("" if ok else f": rc {rc}\n{out}"))
        return ok


def write(tmp, rel, text):
    path = os.path.join(tmp, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def edit_doc(tmp, old, new):
    path = os.path.join(tmp, "docs/internals.md")
    s = open(path).read()
    assert old in s, old
    open(path, "w").write(s.replace(old, new, 1))


cases = [
    ("clean copy passes", lambda t: write(t, "src/lifecycle/m/a.c",
                                          '#include "profiles/x.h"\n#include "amc/profile.h"\n'), None),
    ("upward include (room path)", lambda t: write(t, "src/profiles/a.c", '\n#include "lifecycle/x.h"\n'),
     "src/profiles/a.c:2: #include \"lifecycle/x.h\" points up"),
    ("upward include (relative path)", lambda t: write(t, "src/core/a.c", '#include "../schema/x.h"\n'),
     "src/core/a.c:1: #include \"../schema/x.h\" points up"),
    ("upward include (public header)", lambda t: write(t, "src/schema/a.c", '#include "amc/audit.h"\n'),
     "src/schema/a.c:1: #include \"amc/audit.h\" points up"),
    ("public header including a higher one", lambda t: write(t, "src/include/amc/doc.h", '#include "amc/json.h"\n'),
     "src/include/amc/doc.h:1"),
    ("unknown include", lambda t: write(t, "src/audit/a.c", '#include "nowhere.h"\n'),
     "src/audit/a.c:1: #include \"nowhere.h\": no such file"),
    ("folder that is no room", lambda t: os.makedirs(os.path.join(t, "src/extra")),
     "src/extra: a folder of src/ that is no room"),
    ("public header without a room", lambda t: write(t, "src/include/amc/new.h", ""),
     "src/include/amc/new.h: public header owned by 0 rooms"),
    ("'may include' that disagrees with the order",
     lambda t: edit_doc(t, "| core, formats, schema | the profile", "| core, formats | the profile"),
     "room profiles: 'may include' says core, formats"),
]
results = [case(*c) for c in cases]
print(f"check_rooms_selftest: {sum(results)}/{len(results)} cases")
sys.exit(0 if all(results) else 1)
