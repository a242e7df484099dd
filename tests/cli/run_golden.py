#!/usr/bin/env python3
"""Golden CLI tests: runs every case of a tests/cli/*.test file and compares output.

File format (cases separated by one or more blank lines; '#' lines are comments):
    $ amc parse --as json tests/data/ok.json     the command (shell words; 'amc' = the binary)
    <<< {"a": 1}                                 a line of standard input (repeatable)
    > {"a":1}                                    an expected line of standard output
    2> tests/data/bad.json:1:5: error[...]: ...  an expected line of standard error
    exit: 1                                      the expected exit status (default 0)
Standard error is compared only when the case has at least one '2>' line or says 'stderr: -'
(meaning: standard error must be empty). In the output, the amc binary's absolute path reads
<amc> and the source tree's (the working directory) <src>.
On a mismatch the runner prints a unified diff and the command that accepts the new output:
    AMC_BLESS=1 ctest --test-dir BUILD -R cli.NAME
"""
import argparse
import difflib
import os
import shlex
import subprocess
import sys


def parse(path):
    """Returns (header comment lines, cases)."""
    cases, cur, header = [], None, []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for no, line in enumerate(lines, 1):
        if line.startswith("#") and cur is None:
            if not cases:
                header.append(line)
            continue
        if line.strip() == "":
            if cur is not None:
                cases.append(cur)
                cur = None
            continue
        if line.startswith("$ "):
            if cur is not None:
                cases.append(cur)
            cur = {"cmd": line[2:], "line": no, "stdin": [], "out": [], "err": [],
                   "exit": 0, "check_err": False, "comments": []}
            continue
        if cur is None:
            sys.exit(f"{path}:{no}: expected '$ command' to start a case")
        if line.startswith("#"):
            cur["comments"].append(line)
        elif line.startswith("<<<"):
            cur["stdin"].append(line[4:] if line.startswith("<<< ") else line[3:])
        elif line.startswith("2>"):
            cur["err"].append(line[3:] if line.startswith("2> ") else line[2:])
            cur["check_err"] = True
        elif line.startswith(">"):
            cur["out"].append(line[2:] if line.startswith("> ") else line[1:])
        elif line.startswith("exit:"):
            cur["exit"] = int(line[5:].strip())
        elif line.strip() == "stderr: -":
            cur["check_err"] = True
        else:
            sys.exit(f"{path}:{no}: unrecognised line: {line!r}")
    if cur is not None:
        cases.append(cur)
    return header, cases


def run(case, amc):
    words = shlex.split(case["cmd"])
    if words and words[0] == "amc":
        words[0] = amc
    stdin = "".join(s + "\n" for s in case["stdin"]).encode() if case["stdin"] else b""
    env = dict(os.environ, NO_COLOR="1", LC_ALL="C")
    p = subprocess.run(words, input=stdin, capture_output=True, env=env, timeout=120)
    out = p.stdout.decode("utf-8", "replace").split("\n")
    err = p.stderr.decode("utf-8", "replace").split("\n")
    # paths that depend on where the tree and the build are: <amc> and <src> in golden files
    for path, name in ((os.path.realpath(amc), "<amc>"), (os.path.abspath(amc), "<amc>"),
                       (os.path.realpath(os.getcwd()), "<src>"), (os.getcwd(), "<src>")):
        out = [ln.replace(path, name) for ln in out]
        err = [ln.replace(path, name) for ln in err]
    if out and out[-1] == "":
        out.pop()
    if err and err[-1] == "":
        err.pop()
    return out, err, p.returncode


def render(header, cases):
    parts = ["\n".join(header)] if header else []
    for c in cases:
        lines = ["$ " + c["cmd"]] + c["comments"]
        lines += ["<<< " + s for s in c["stdin"]]
        lines += [("> " + s) if s else ">" for s in c["out"]]
        if c["check_err"]:
            lines += [("2> " + s) if s else "2>" for s in c["err"]] or ["stderr: -"]
        if c["exit"] != 0:
            lines.append(f"exit: {c['exit']}")
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--amc", required=True)
    ap.add_argument("file")
    a = ap.parse_args()
    bless = os.environ.get("AMC_BLESS") == "1"
    header, cases = parse(a.file)
    name = os.path.splitext(os.path.basename(a.file))[0]
    failed = 0
    for c in cases:
        out, err, code = run(c, a.amc)
        ok = out == c["out"] and code == c["exit"] and (not c["check_err"] or err == c["err"])
        if ok:
            continue
        if bless:
            c["out"], c["exit"] = out, code
            if c["check_err"]:
                c["err"] = err
            continue
        failed += 1
        print(f"FAIL {a.file}:{c['line']}: $ {c['cmd']}")
        want = [f"> {s}" for s in c["out"]] + ([f"2> {s}" for s in c["err"]] if c["check_err"] else []) + [f"exit: {c['exit']}"]
        got = [f"> {s}" for s in out] + ([f"2> {s}" for s in err] if c["check_err"] else []) + [f"exit: {code}"]
        sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(want, got, "expected", "actual", lineterm=""))
        if not c["check_err"] and err:
            print("(stderr, not compared):\n  " + "\n  ".join(err[:20]))
    if bless:
        with open(a.file, "w", encoding="utf-8") as f:
            f.write(render(header, cases))
        print(f"blessed {a.file}: {len(cases)} cases")
        return 0
    print(f"{len(cases) - failed} passed, {failed} failed")
    if failed:
        print(f"To accept the new output: AMC_BLESS=1 ctest --test-dir <build> -R cli.{name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
