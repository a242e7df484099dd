#!/usr/bin/env python3
"""ctest fuzz.script_usage and fuzz.script_run: ci/fuzz.sh, the libFuzzer campaign tool.

usage: test_fuzz_sh.py SOURCE_DIR usage
       test_fuzz_sh.py SOURCE_DIR run BUILD_DIR

usage: --help, an unknown harness (exit 2 and the list of valid ones), a bare number (the old
  `ci/fuzz.sh 60` form), bad option values and --profile on another harness: all exit 2 before
  building anything.
run (only registered when clang is found): a 5-second ASan+UBSan run of fuzz_date from a copy
  of its corpus, with --merge into that copy: exit 0, the execs line, the merge line, the copy
  holds at least its seeds; a 3-second fuzz_conform_diff run pinned to acp; a run where every
  input traps (AMC_DIFF_PROFILE=nosuch) with two planted copies of one input: exit 1 and one
  unique signature naming the trapping function.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SRC = os.path.abspath(sys.argv[1])
MODE = sys.argv[2]
SCRIPT = os.path.join(SRC, "ci", "fuzz.sh")
failures = []


def check(cond, msg, out=""):
    if not cond:
        failures.append(msg)
        print("FAIL:", msg)
        if out:
            print(out[-3000:])


def run(args, timeout=60, **kw):
    p = subprocess.run(["bash", SCRIPT] + args, capture_output=True, text=True, errors="replace",
                       timeout=timeout, **kw)
    return p.returncode, p.stdout + p.stderr


def usage():
    rc, out = run(["--help"])
    check(rc == 0 and "--merge" in out and "--coverage" in out and "--jobs" in out,
          "--help: exit 0 and the options", out)
    rc, out = run(["fuzz_nope"])
    check(rc == 2 and "unknown harness 'fuzz_nope'" in out and "fuzz_json_read" in out
          and "fuzz_profile_ignite" in out, "unknown harness: exit 2 listing the valid ones", out)
    rc, out = run(["json_read", "nope"])
    check(rc == 2 and "unknown harness 'nope'" in out, "a second, unknown harness: exit 2", out)
    rc, out = run(["60"])
    check(rc == 2 and "--seconds 60" in out, "a bare number: exit 2 naming --seconds", out)
    for args, what in ((["--seconds", "x"], "--seconds"), (["--jobs", "0"], "--jobs"),
                       (["--timeout", "-1"], "--timeout"), (["--seconds"], "needs a value"),
                       (["--bogus"], "unknown option"), (["--profile", "xml"], "unknown profile"),
                       (["--profile", "acp", "json_read"], "fuzz_conform_diff alone")):
        rc, out = run(args)
        check(rc == 2 and what in out, f"{' '.join(args)}: exit 2 mentioning {what}", out)
    rc, out = run(["--list"])
    names = sorted(f[:-2] for f in os.listdir(os.path.join(SRC, "fuzz")) if f.startswith("fuzz_"))
    check(rc == 0 and out.split() == names, "--list: every fuzz/fuzz_*.c", out)


def campaign(bdir):
    tmp = tempfile.mkdtemp(prefix="amc-fuzzsh-")
    try:
        corpus = os.path.join(tmp, "corpus")
        shutil.copytree(os.path.join(SRC, "corpus", "date"), os.path.join(corpus, "date"))
        seeds = set(os.listdir(os.path.join(corpus, "date")))
        rc, out = run(["--no-deps", "--seconds", "5", "--merge", "--corpus", corpus,
                       "--build-dir", bdir, "date"], timeout=1500)
        print(out)
        check(rc == 0, "5-second fuzz_date run: exit 0", out)
        check(re.search(r"\d+\.\d min \(\d+\.\d CPU min\), [1-9]\d* execs, \d+ exec/s", out) is not None,
              "the run reports minutes, execs and exec/s", out)
        check(re.search(r"merge: .*/corpus/date \d+ -> \d+ files", out) is not None,
              "--merge reports the corpus before and after", out)
        after = set(os.listdir(os.path.join(corpus, "date")))
        check(seeds <= after, "--merge keeps every seed", out)
        # a pinned fuzz_conform_diff run
        shutil.copytree(os.path.join(SRC, "corpus", "conform_diff"),
                        os.path.join(corpus, "conform_diff"))
        rc, out = run(["--no-deps", "--seconds", "3", "--profile", "acp", "--corpus", corpus,
                       "--build-dir", bdir, "conform_diff"], timeout=1500)
        check(rc == 0 and "profile acp" in out, "a pinned fuzz_conform_diff run: exit 0", out)
        # findings and their deduplication: an unknown AMC_DIFF_PROFILE makes every input trap
        # at one place; two planted copies of an input plus what libFuzzer saves are one bug
        found = os.path.join(bdir, "findings", "conform_diff")
        shutil.rmtree(found, ignore_errors=True)
        os.makedirs(found)
        for n in ("crash-planted-1", "crash-planted-2"):
            shutil.copy(os.path.join(SRC, "corpus", "conform_diff", "acp-env-query.json"),
                        os.path.join(found, n))
        env = dict(os.environ, AMC_DIFF_PROFILE="nosuch")
        rc, out = run(["--no-deps", "--seconds", "3", "--corpus", corpus, "--build-dir", bdir,
                       "conform_diff"], timeout=1500, env=env)
        check(rc == 1 and "FINDING in fuzz_conform_diff" in out, "a trap: exit 1, FINDING", out)
        m = re.search(r"(\d+) finding input\(s\) in \S+ \((\d+) from this run\), (\d+) unique", out)
        check(m is not None and int(m.group(1)) == 3 and m.group(2) == "1" and m.group(3) == "1",
              "the planted copies and the run's crash deduplicate to one signature", out)
        check("pick_profile fuzz/fuzz_conform_diff.c" in out,
              "the signature names the trapping frame", out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if MODE == "usage":
    usage()
elif MODE == "run":
    campaign(os.path.abspath(sys.argv[3]))
else:
    sys.exit("usage: test_fuzz_sh.py SOURCE_DIR usage|run [BUILD_DIR]")
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
