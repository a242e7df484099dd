#!/usr/bin/env python3
"""bench_html.py - the size and render time of a large HTML timeline (issue 20).

Usage: bench/bench_html.py [--amc PATH] [--events N] [--runs R]

Generates an IGNITE trace of N events (default 10 000; tests/browser/gen_trace.py, an illegal step
at 95%), then, R times (default 3) each, in turn:
  write    amc trace check --format html TRACE > page          (wall time of the whole process)
  render   chromium --headless --dump-dom file://page            (wall time: start, parse, layout,
           run, serialize) minus the same for an empty page, so browser start-up is not counted
  shot     chromium --headless --screenshot (1280x1000)          minus the empty page's
Prints the page size and the median of each. Chromium: $AMC_CHROMIUM or chromium on PATH.
Not a test: nothing is asserted (docs/reports.md quotes a run).
"""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


AMC = os.path.abspath(arg("--amc", os.path.join(ROOT, "build/rel/amc")))
N = int(arg("--events", "10000"))
RUNS = int(arg("--runs", "3"))
CHROME = os.environ.get("AMC_CHROMIUM") or shutil.which("chromium") or shutil.which(
    "chromium-browser") or shutil.which("google-chrome")
tmp = tempfile.mkdtemp(prefix="amc-bench-html-")
trace = os.path.join(tmp, "trace.jsonl")
page = os.path.join(tmp, "trace.html")
empty = os.path.join(tmp, "empty.html")
with open(empty, "w") as f:
    f.write("<!DOCTYPE html><title>empty</title><p>x</p>")
with open(trace, "w") as f:
    subprocess.run([sys.executable, os.path.join(ROOT, "tests/browser/gen_trace.py"), str(N),
                    "--illegal-at", str(N * 95 // 100)], stdout=f, check=True)


cpu = {}


def timed(cmd, out=subprocess.DEVNULL, key=None):
    """Wall time of cmd; its CPU time (user + system, every process it waited for) is added to
    cpu[key]: on a loaded machine the CPU time is the steadier figure."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, stdout=out, stderr=subprocess.DEVNULL, timeout=600)
    wall = time.perf_counter() - t
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if key:
        cpu.setdefault(key, []).append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
    return wall


def browser(extra, url, k, key=None):
    ud = os.path.join(tmp, f"ud{k}")
    t = timed(key=key, cmd=[CHROME, "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-background-networking", "--no-first-run", f"--user-data-dir={ud}"]
              + extra + [url])
    shutil.rmtree(ud, ignore_errors=True)
    return t


write, render, shot = [], [], []
for r in range(RUNS):
    with open(page, "w") as f:
        write.append(timed([AMC, "trace", "check", "--profile", "ignite", "--format", "html", trace],
                           out=f, key="write"))
    if CHROME:
        base = browser(["--dump-dom"], "file://" + empty, f"b{r}", "empty")
        render.append(browser(["--dump-dom"], "file://" + page, f"r{r}", "render") - base)
        png = os.path.join(tmp, "shot.png")
        sbase = browser([f"--screenshot={png}", "--window-size=1280,1000"], "file://" + empty,
                        f"sb{r}")
        shot.append(browser([f"--screenshot={png}", "--window-size=1280,1000"], "file://" + page,
                            f"s{r}") - sbase)
size = os.path.getsize(page)
print(f"trace: {N} events; page: {size} bytes ({size / 1e6:.2f} MB)")
print(f"amc trace check --format html: median {statistics.median(write):.3f} s wall, "
      f"{statistics.median(cpu['write']):.3f} s CPU over {RUNS} runs")
if CHROME:
    print(f"chromium --dump-dom (minus an empty page): median {statistics.median(render):.2f} s "
          f"wall, {statistics.median(cpu['render']) - statistics.median(cpu['empty']):.2f} s CPU")
    print(f"chromium --screenshot 1280x1000 (minus an empty page): median "
          f"{statistics.median(shot):.2f} s")
else:
    print("chromium: not found, render time not measured")
shutil.rmtree(tmp, ignore_errors=True)
