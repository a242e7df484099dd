#!/usr/bin/env python3
"""bench.py - amc against its peers, side by side, in one interleaved run.

Usage: bench/bench.py [WORKLOAD ...] [--runs R] [--amc PATH] [--before PATH] [--data DIR] [-n N]
                      [--strict]

Workloads (default: schema profile jobs; "all" = every one):
  schema    100k mailbox envelopes as JSON Lines (gen_mailbox.py: ~1.5 KB a line, ~10% made
            invalid by one mutation each) against the upstream envelope schema and its two payload
            schemas (examples/schemas, JSON Schema 2020-12):
              amc validate --jsonl --first-error [-j 1]   vs   ajv 8 + ajv-formats (allErrors off)
              vs   @exodus/schemasafe                    (bench/ajv_validate.mjs, schemasafe_validate.mjs)
            Targets (issue 18): amc >= 8x ajv and >= 5.5x schemasafe, wall time, same counts.
  draft7    the same lines against the same schemas written in draft-07 (definitions, draft-07
            $schema; converted here from examples/schemas): amc vs ajv (class Ajv) vs schemasafe.
            Skipped, with the reason, when this amc does not take draft-07 schemas.
  profile   100k envelopes valid under the mailbox policy conformance/mailbox/policies/hmac.yaml
            (HMAC-SHA256 signatures under the test keyring, principals known; gen_mailbox_signed.py):
              amc validate --profile mailbox [--stateful]   vs   amc validate --schema (envelope)
            Target (issue 5, revised in issue 18): profile within 1.8x of schema-only.
  jobs      the schema workload with amc -j 2 against -j 1 (output must be byte-identical).
            Target: >= 1.8x on 2 cores. Skipped when amc has no -j.

--before PATH adds another amc binary (an older build) to the schema and profile workloads, so a
change is measured against what it replaces in the same interleaved run.

Method: every command is a whole process (start-up, compiling the schema and reading the file
included), started R times (default 5) after one warm-up run each; the commands of a workload run
in turn (A B C A B C ...), and each ratio is taken within one round, then the median of the
rounds is printed (a machine whose speed drifts during the call moves both sides of a pair alike).
Wall time from a monotonic clock around fork and wait; user/system time and peak RSS are the
kernel's accounting of that child (os.wait4, ru_maxrss). Medians are quoted; min and max show the
spread. Output of each run goes to a file; its valid/invalid counts must agree across commands
(else MISMATCH, exit 1). The machine line reports the load average: figures from a loaded
machine are noisy (ratios less so).

Data is generated once into --data (default bench/data, git-ignored) and reused. The peers are
installed by bench/install-deps.sh (Node.js from Debian, npm ci from bench/package-lock.json).
"""
import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EX = os.path.join(ROOT, "examples", "schemas")
UPSTREAM = [os.path.join(EX, n) for n in ("mailbox-envelope.v1.schema.json",
                                          "review-result.v1.schema.json",
                                          "aggregation-result.v1.schema.json")]
POLICY = os.path.join(ROOT, "conformance", "mailbox", "policies", "hmac.yaml")
KEYRING = os.path.join(ROOT, "conformance", "mailbox", "policies", "keyring.json")
PROFILE_SCHEMA = os.path.join(ROOT, "schemas", "mailbox", "mailbox-envelope.v1.schema.json")
COUNTS = re.compile(r"valid=(\d+) invalid=(\d+)")


def log(msg):
    print(msg, flush=True)


def find_amc(arg):
    if arg:
        return os.path.abspath(arg)
    if os.environ.get("AMC"):
        return os.environ["AMC"]
    for c in ("build/rel/amc", "build/release/amc", "build/amc"):
        p = os.path.join(ROOT, c)
        if os.access(p, os.X_OK):
            return p
    sys.exit("bench.py: no amc binary (build one, or pass --amc PATH)")


def machine():
    cpu = platform.processor() or "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = 0
    try:
        with open("/proc/meminfo") as f:
            mem = int(f.readline().split()[1]) // 1024 // 1024
    except (OSError, ValueError, IndexError):
        pass
    la = os.getloadavg()
    return (f"machine: {cpu}, {os.cpu_count()} CPUs ({len(os.sched_getaffinity(0))} usable), "
            f"{mem} GiB, {platform.system()} {platform.release()}; load average "
            f"{la[0]:.2f} {la[1]:.2f} {la[2]:.2f}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")


def run_once(cmd, out_path, env=None):
    """Runs cmd with stdout+stderr to out_path; returns (wall, user, sys, maxrss_kib, status)."""
    with open(out_path, "wb") as out:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                             env=env)
        _, status, ru = os.wait4(p.pid, 0)
        t1 = time.perf_counter()
        p.returncode = os.waitstatus_to_exitcode(status)
    return t1 - t0, ru.ru_utime, ru.ru_stime, ru.ru_maxrss, p.returncode


def counts_of(path):
    with open(path, "rb") as f:
        data = f.read()
    m = COUNTS.findall(data.decode("utf-8", "replace"))
    return (int(m[-1][0]), int(m[-1][1])) if m else None


def bench(name, cmds, runs, tmp, baseline=0):
    """cmds: list of (label, argv). Runs them interleaved; returns per-command lists of runs."""
    res = {label: [] for label, _ in cmds}
    outs = {}
    for label, argv in cmds:  # warm-up (page cache, node's compile cache), not counted
        outs[label] = os.path.join(tmp, f"{name}-{len(outs)}.out")
        run_once(argv, outs[label])
    for r in range(runs):
        order = cmds[r % len(cmds):] + cmds[:r % len(cmds)]
        for label, argv in order:
            res[label].append(run_once(argv, outs[label]))
    return res, outs


def fmt_row(label, rs, lines, nbytes, counts):
    wall = [x[0] for x in rs]
    cpu = [x[1] + x[2] for x in rs]
    rss = max(x[3] for x in rs) / 1024
    med = statistics.median(wall)
    c = f"valid={counts[0]} invalid={counts[1]}" if counts else "no counts"
    return (f"  {label:34} {min(wall):6.3f} {med:6.3f} {max(wall):6.3f}  {statistics.median(cpu):6.3f}"
            f"  {rss:7.1f}  {nbytes / med / 1e6:7.0f}  {lines / med:9.0f}  {c}")


HEADER = (f"  {'command':34} {'wall s: min':>11} {'med':>6} {'max':>6}  {'cpu s':>6}  {'peak MiB':>7}"
          f"  {'MB/s':>7}  {'lines/s':>9}  counts")


def paired(res, a, b, key):
    """Median over rounds of b/a (how many times faster a is than b) for key wall or cpu."""
    f = (lambda x: x[0]) if key == "wall" else (lambda x: x[1] + x[2])
    return statistics.median(f(y) / f(x) for x, y in zip(res[a], res[b]))


def report(title, res, outs, lines, nbytes, expect_same=True):
    log(HEADER)
    counts = {label: counts_of(outs[label]) for label in res}
    for label, rs in res.items():
        log(fmt_row(label, rs, lines, nbytes, counts[label]))
    for label, rs in res.items():
        bad = [x[4] for x in rs if x[4] not in (0, 1)]
        if bad:
            log(f"  {label}: exit status {bad[0]} (an error, not a verdict); see {outs[label]}")
            return False, counts
    if expect_same:
        vals = set(counts.values())
        if len(vals) != 1 or None in vals:
            log("  MISMATCH: the commands disagree on the counts: " +
                ", ".join(f"{k} {v}" for k, v in counts.items()))
            return False, counts
        log(f"  counts agree: valid={counts[next(iter(counts))][0]} "
            f"invalid={counts[next(iter(counts))][1]}")
    return True, counts


def ensure_peers():
    if not (os.path.isdir(os.path.join(HERE, "node_modules", "ajv")) and
            os.path.isdir(os.path.join(HERE, "node_modules", "@exodus", "schemasafe"))):
        subprocess.run(["bash", os.path.join(HERE, "install-deps.sh")], check=True)
    if not shutil.which("node"):
        sys.exit("bench.py: node not found (run bench/install-deps.sh)")


def gen(data, name, argv):
    path = os.path.join(data, name)
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        log(f"generating {path} ...")
        tmp = path + ".tmp"
        subprocess.run(argv + ["-o", tmp], check=True)
        os.replace(tmp, path)
    return path


def draft7_schemas(data):
    """The upstream schemas rewritten as draft-07 ($defs -> definitions)."""
    d = os.path.join(data, "draft7")
    os.makedirs(d, exist_ok=True)
    out = []
    for p in UPSTREAM:
        s = json.load(open(p, encoding="utf-8"))
        text = json.dumps(s, indent=2, ensure_ascii=False)
        text = text.replace('"$defs"', '"definitions"').replace("#/$defs/", "#/definitions/")
        s = json.loads(text)
        s["$schema"] = "http://json-schema.org/draft-07/schema#"
        q = os.path.join(d, os.path.basename(p))
        with open(q, "w", encoding="utf-8") as f:
            json.dump(s, f, indent=2, ensure_ascii=False)
            f.write("\n")
        out.append(q)
    return out


def has_jobs(amc):
    h = subprocess.run([amc, "validate", "--help"], capture_output=True, text=True).stdout
    return re.search(r"(^|\s)-j\b|--jobs", h) is not None


def amc_schema_cmd(amc, schemas, data, jobs=None):
    argv = [amc, "validate"]
    for s in schemas:
        argv += ["--schema", s]
    argv += ["--jsonl", "--first-error"]
    if jobs:
        argv += ["-j", str(jobs)]
    return argv + [data]


def target(ok, text):
    log(f"  {text}: {'met' if ok else 'MISSED'}")
    return ok


def w_schema(a, amc, tmp, draft=None):
    data = gen(a.data, f"mailbox-{a.n}.jsonl",
               [sys.executable, os.path.join(HERE, "gen_mailbox.py"), "-n", str(a.n)])
    schemas = UPSTREAM
    title = "schema (JSON Schema 2020-12)"
    if draft:
        schemas = draft7_schemas(a.data)
        title = "draft7 (the same schemas as draft-07)"
        probe = subprocess.run(amc_schema_cmd(amc, schemas, os.devnull), capture_output=True,
                               text=True)
        if probe.returncode == 2:
            log(f"\n== {title}: SKIPPED: this amc does not take the draft-07 schemas:")
            log("   " + (probe.stderr.strip().splitlines() or ["(no message)"])[0])
            return True
    nbytes = os.path.getsize(data)
    lines = a.n
    jobs = 1 if has_jobs(amc) else None
    cmds = [("amc" + (" -j 1" if jobs else ""), amc_schema_cmd(amc, schemas, data, jobs)),
            ("ajv 8 + ajv-formats", ["node", os.path.join(HERE, "ajv_validate.mjs")] + schemas + [data]),
            ("@exodus/schemasafe", ["node", os.path.join(HERE, "schemasafe_validate.mjs")] + schemas + [data])]
    if a.before:
        cmds.append(("amc (before)", amc_schema_cmd(a.before, schemas, data,
                                                     1 if has_jobs(a.before) else None)))
    log(f"\n== {title}: {lines} lines, {nbytes} bytes, {a.runs} rounds")
    res, outs = bench("draft7" if draft else "schema", cmds, a.runs, tmp)
    ok, _ = report(title, res, outs, lines, nbytes)
    if not ok:
        return False
    amc_l = cmds[0][0]
    good = True
    for peer, want in (("ajv 8 + ajv-formats", 8.0), ("@exodus/schemasafe", 5.5)):
        rw, rc = paired(res, amc_l, peer, "wall"), paired(res, amc_l, peer, "cpu")
        log(f"  amc vs {peer}: {rw:.2f}x wall, {rc:.2f}x cpu (median of paired rounds)")
        if not draft:
            good &= target(rw >= want, f"target amc >= {want}x {peer} (wall)")
    if a.before:
        log(f"  amc vs amc (before): {paired(res, amc_l, 'amc (before)', 'wall'):.2f}x wall, "
            f"{paired(res, amc_l, 'amc (before)', 'cpu'):.2f}x cpu")
    return good or not a.strict


def w_profile(a, amc, tmp):
    data = gen(a.data, f"mailbox-hmac-{a.n}.jsonl",
               [sys.executable, os.path.join(HERE, "gen_mailbox_signed.py"), "-n", str(a.n),
                "--hmac", KEYRING])
    nbytes = os.path.getsize(data)
    base = [amc, "validate"]
    cmds = [("amc --schema (envelope)", base + ["--schema", PROFILE_SCHEMA, "--jsonl", data]),
            ("amc --profile mailbox", base + ["--profile", "mailbox", "--policy", POLICY,
                                              "--jsonl", data]),
            ("amc --profile mailbox --stateful", base + ["--profile", "mailbox", "--policy",
                                                         POLICY, "--stateful", "--jsonl", data])]
    if a.before:
        cmds += [("amc (before) --schema", [a.before, "validate", "--schema", PROFILE_SCHEMA,
                                            "--jsonl", data]),
                 ("amc (before) --profile mailbox", [a.before, "validate", "--profile", "mailbox",
                                                     "--policy", POLICY, "--jsonl", data])]
    title = "profile (mailbox, HMAC-SHA256 under hmac.yaml, every envelope valid)"
    log(f"\n== {title}: {a.n} lines, {nbytes} bytes, {a.runs} rounds")
    res, outs = bench("profile", cmds, a.runs, tmp)
    ok, counts = report(title, res, outs, a.n, nbytes)
    if not ok:
        return False
    if counts[cmds[0][0]] != (a.n, 0):
        log("  the envelopes are not all valid: the generator or the policy is wrong")
        return False
    for label, _ in cmds[1:3]:
        if os.path.getsize(outs[label]) != os.path.getsize(outs[cmds[0][0]]):
            log(f"  {label} printed diagnostics (warnings?): see {outs[label]}")
    rp = paired(res, cmds[1][0], cmds[0][0], "wall")
    rs = paired(res, cmds[2][0], cmds[0][0], "wall")
    log(f"  profile / schema-only: {1 / rp:.2f}x wall, stateful / schema-only: {1 / rs:.2f}x wall")
    good = target(1 / rp <= 1.8, "target --profile mailbox within 1.8x of schema-only (wall)")
    if a.before:
        rb = paired(res, cmds[4][0], cmds[3][0], "wall")
        log(f"  before: profile / schema-only {1 / rb:.2f}x wall; profile now vs before: "
            f"{paired(res, cmds[1][0], cmds[4][0], 'wall'):.2f}x faster")
    return good or not a.strict


def w_jobs(a, amc, tmp):
    if not has_jobs(amc):
        log("\n== jobs: SKIPPED: this amc has no -j option")
        return True
    data = gen(a.data, f"mailbox-{a.n}.jsonl",
               [sys.executable, os.path.join(HERE, "gen_mailbox.py"), "-n", str(a.n)])
    nbytes = os.path.getsize(data)
    ncpu = len(os.sched_getaffinity(0))
    j = max(2, min(ncpu, 2)) if not a.jobs else a.jobs
    cmds = [("amc -j 1", amc_schema_cmd(amc, UPSTREAM, data, 1)),
            (f"amc -j {j}", amc_schema_cmd(amc, UPSTREAM, data, j))]
    log(f"\n== jobs (schema workload, -j {j} vs -j 1; {ncpu} usable CPUs): {a.n} lines, "
        f"{nbytes} bytes, {a.runs} rounds")
    res, outs = bench("jobs", cmds, a.runs, tmp)
    ok, _ = report("jobs", res, outs, a.n, nbytes)
    if not ok:
        return False
    with open(outs[cmds[0][0]], "rb") as f1, open(outs[cmds[1][0]], "rb") as f2:
        same = f1.read() == f2.read()
    log(f"  output (stdout + stderr) of -j {j} {'byte-identical to' if same else 'DIFFERS from'} -j 1")
    r = paired(res, cmds[1][0], cmds[0][0], "wall")
    log(f"  -j {j} / -j 1: {r:.2f}x faster (wall, median of paired rounds)")
    good = same and target(r >= 1.8, f"target -j {j} >= 1.8x -j 1 (wall)")
    return (good or not a.strict) and same


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    ap.add_argument("workloads", nargs="*", default=["schema", "profile", "jobs"])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--amc")
    ap.add_argument("--before", help="another amc binary to compare with (an older build)")
    ap.add_argument("--data", default=os.path.join(HERE, "data"))
    ap.add_argument("-n", type=int, default=100000)
    ap.add_argument("-j", "--jobs", type=int, default=0, help="jobs workload: -j value (default 2)")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    a = ap.parse_args()
    wl = a.workloads
    if "all" in wl:
        wl = ["schema", "draft7", "profile", "jobs"]
    for w in wl:
        if w not in ("schema", "draft7", "profile", "jobs"):
            ap.error(f"unknown workload {w}")
    amc = find_amc(a.amc)
    if a.before:
        a.before = os.path.abspath(a.before)
    os.makedirs(a.data, exist_ok=True)
    if {"schema", "draft7"} & set(wl):
        ensure_peers()
    log(machine())
    ver = (subprocess.run([amc, "--version"], capture_output=True, text=True).stdout.strip()
           .splitlines() or ["?"])[0]
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip() \
        if shutil.which("node") else "none"
    log(f"amc: {amc} ({ver}); node {node}")
    ok = True
    with tempfile.TemporaryDirectory(prefix="amc-bench-") as tmp:
        for w in wl:
            if w == "schema":
                ok &= w_schema(a, amc, tmp)
            elif w == "draft7":
                ok &= w_schema(a, amc, tmp, draft=7)
            elif w == "profile":
                ok &= w_profile(a, amc, tmp)
            elif w == "jobs":
                ok &= w_jobs(a, amc, tmp)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
