#!/usr/bin/env python3
"""check-rooms.py - no #include in src/ points up or sideways across the rooms.

The rooms, their order (lowest first), their folders and the public headers each owns are read
from one place: the table between the `rooms:begin` and `rooms:end` markers of
docs/internals.md. A file in src/<room>/ (any depth) may include its own room and the rooms below
it; a public header src/include/amc/<name> belongs to the room whose row lists it. The check also
holds the table against the tree: every folder of src/ is a room (or src/include), every public
header has exactly one room, and every path the table names exists.

Usage: ci/check-rooms.py [REPO]   (exit 0: clean; 1: violations, one `file:line: ...` a line)
"""
import fnmatch
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
DOC = "docs/internals.md"
INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCE_EXT = (".c", ".h", ".def", ".inc")
# Files the build writes (build/generated); only the listed room may include them.
GENERATED = {"cli_commands.def": "cli"}

errors = []


def fail(where, msg):
    errors.append(f"{where}: {msg}")


def read_rooms():
    """[(name, folder, [public header globs], [may include])] in table order."""
    path = os.path.join(ROOT, DOC)
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError as e:
        fail(DOC, f"cannot read the room table: {e}")
        return []
    rooms, inside = [], False
    for i, line in enumerate(lines, 1):
        if "rooms:begin" in line:
            inside = True
            continue
        if "rooms:end" in line:
            break
        if not inside or not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "Room" or len(cells) < 4:
            continue
        ticks = lambda s: re.findall(r"`([^`]+)`", s)
        name = cells[0].strip("`* ")
        folder = (ticks(cells[1]) or [""])[0].rstrip("/")
        headers = ticks(cells[2])
        may = [m for m in re.split(r"[,\s]+", cells[3].replace("—", "")) if m]
        rooms.append((name, folder, headers, may, i))
    if not rooms:
        fail(DOC, "no room table between the rooms:begin and rooms:end markers")
    return rooms


def main():
    rooms = read_rooms()
    order = {r[0]: k for k, r in enumerate(rooms)}
    folder_room = {}
    for k, (name, folder, headers, may, line) in enumerate(rooms):
        where = f"{DOC}:{line}"
        if not folder.startswith("src/") or not os.path.isdir(os.path.join(ROOT, folder)):
            fail(where, f"room {name}: folder '{folder}' does not exist")
        folder_room[folder] = name
        below = [r[0] for r in rooms[:k]]
        if sorted(may) != sorted(below):
            fail(where, f"room {name}: 'may include' says {', '.join(may) or 'nothing'}; "
                        f"the order gives {', '.join(below) or 'nothing'}")
    # every folder of src/ is a room
    for d in sorted(os.listdir(os.path.join(ROOT, "src"))):
        if os.path.isdir(os.path.join(ROOT, "src", d)) and d != "include" \
                and f"src/{d}" not in folder_room:
            fail(f"src/{d}", f"a folder of src/ that is no room of the table in {DOC}")
    # every public header has exactly one room
    inc_dir = os.path.join(ROOT, "src/include/amc")
    header_room = {}
    for h in sorted(os.listdir(inc_dir)):
        owners = [r[0] for r in rooms if any(fnmatch.fnmatch(h, g.split("/")[-1]) for g in r[2])]
        if len(owners) != 1:
            fail(f"src/include/amc/{h}", f"public header owned by {len(owners)} rooms "
                                         f"({', '.join(owners) or 'none'}) in {DOC}")
        if owners:
            header_room[f"amc/{h}"] = owners[0]
    for name, _, headers, _, line in rooms:
        for g in headers:
            if not fnmatch.filter(header_room, g):
                fail(f"{DOC}:{line}", f"room {name}: no public header matches '{g}'")

    def room_of(rel):
        """The room of a repo-relative path, or None."""
        if rel.startswith("src/include/"):
            return header_room.get(rel[len("src/include/"):])
        parts = rel.split("/")
        return folder_room.get("/".join(parts[:2])) if len(parts) > 2 else None

    checked = 0
    for top in sorted(set(r[1] for r in rooms)) + ["src/include"]:
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for f in sorted(files):
                if not f.endswith(SOURCE_EXT):
                    continue
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, ROOT)
                me = room_of(rel)
                if me is None:
                    fail(rel, "belongs to no room")
                    continue
                checked += 1
                with open(path, encoding="utf-8", errors="replace") as fh:
                    for n, text in enumerate(fh, 1):
                        m = INCLUDE_RE.match(text)
                        if not m:
                            continue
                        inc = m.group(1)
                        cands = [os.path.normpath(os.path.join(os.path.dirname(rel), inc)),
                                 os.path.normpath(os.path.join("src", inc)),
                                 os.path.normpath(os.path.join("src/include", inc))]
                        target = next((c for c in cands if os.path.isfile(os.path.join(ROOT, c))), None)
                        if target is None and inc in GENERATED:
                            them = GENERATED[inc]
                        elif target is None:
                            fail(f"{rel}:{n}", f'#include "{inc}": no such file in src/ '
                                               "(a generated file must be listed in ci/check-rooms.py)")
                            continue
                        else:
                            them = room_of(target)
                        if them is None:
                            fail(f"{rel}:{n}", f'#include "{inc}": {target} belongs to no room')
                        elif order[them] > order[me]:
                            fail(f"{rel}:{n}", f'#include "{inc}" points up: {me} may not include '
                                               f"{them} (order: {' < '.join(r[0] for r in rooms)})")
    for e in errors:
        print(e)
    if errors:
        print(f"check-rooms: {len(errors)} problem(s); the rooms are in {DOC} (rooms:begin)")
        return 1
    print(f"check-rooms: ok ({len(rooms)} rooms, {checked} files, no include crosses the order)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
