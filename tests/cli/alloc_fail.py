#!/usr/bin/env python3
"""Allocation failures in the amc executable (issue 22; builds with AMC_ALLOC_FAILPOINTS=ON,
where amc is linked with tests/cli/alloc_fail_wrap.c): for each command below, a clean run counts
the allocations amc's own code makes (AMC_FAIL_ALLOC_COUNT), then the command is run once per
allocation N with AMC_FAIL_ALLOC=N (that allocation returns NULL) and each run must end in one
of two ways:
  tolerated  the clean run's exit status, standard output, standard error and written files,
             byte for byte;
  reported   exit 2 with "out of memory" on standard error (what was written before is
             incomplete, and the status says so).
Anything else fails the test: a signal (crash), a hang (timeout), a sanitizer report (under
ASan+UBSan: memory errors, undefined behaviour, and leaks: LeakSanitizer is on for every run), a
different verdict or different output without the message.
To keep ctest's run short, the commands whose count is mostly the library compiling the
profiles' schemas (swept by the unit tests' allocation failure runs already) are swept with a
stride (every k-th allocation, printed); --full sweeps every allocation of every command (and
commands with more than MAX_RUNS allocations always get a stride). AMC_SWEEP_SHARE=K/N in the
environment runs the K-th of every N runs of each sweep only (K from 0; the line printed says
so): CI's ASan+UBSan step runs 0/2 and ci/coverage.sh every run (ci/test.sh).
Usage: alloc_fail.py AMC [--full] [--group G] [NAME...]   (run from the source tree;
NAME: only those cases; --group fuzz, stateful, lifecycle: the amc fuzz cases, --group
more: further commands and formats, --group live: amc watch, amc probe against amc serve,
amc parse of MIME; --group walk: validate's directory walks and shards, report merge of
documents; a plain run leaves these groups out)"""
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

AMC = os.path.abspath(sys.argv[1])
GROUP = sys.argv[sys.argv.index("--group") + 1] if "--group" in sys.argv else None
ONLY = [a for a in sys.argv[2:] if not a.startswith("-") and a != GROUP]
FULL = "--full" in sys.argv[2:]
MAX_RUNS = 3000  # a sweep longer than this takes every k-th allocation
TIMEOUT = 60
WORKERS = max(1, min(2, os.cpu_count() or 1))
SHARE = re.fullmatch(r"([0-9]+)/([1-9][0-9]*)", os.environ.get("AMC_SWEEP_SHARE", "0/1"))
if not SHARE or int(SHARE.group(1)) >= int(SHARE.group(2)):
    sys.exit("alloc_fail: AMC_SWEEP_SHARE must be K/N with 0 <= K < N")
SHARE_K, SHARE_N = int(SHARE.group(1)), int(SHARE.group(2))

PERSON = ["--schema", "tests/data/schema/person.schema.json",
          "--schema", "tests/data/schema/address.schema.json"]
MBX = "conformance/mailbox/inputs/"
BOWTIE = (b'{"cmd":"start","version":1}\n'
          b'{"cmd":"dialect","dialect":"https://json-schema.org/draft/2020-12/schema"}\n'
          b'{"cmd":"run","seq":1,"case":{"description":"d","schema":{"type":"object",'
          b'"properties":{"a":{"minimum":1},"b":{"$ref":"#/$defs/s"}},"$defs":{"s":'
          b'{"type":"string","pattern":"^x+$"}}},"tests":[{"description":"t","instance":'
          b'{"a":0,"b":"y"}},{"description":"u","instance":{"a":2,"b":"xx"}}]}}\n'
          b'{"cmd":"run","seq":2,"case":{"description":"e","schema":{"$ref":"#/nope"},'
          b'"tests":[{"description":"t","instance":1}]}}\n'
          b'{"cmd":"stop"}\n')

# name -> (arguments, options). In the arguments {t} is a scratch folder of the run, {s} one
# shared by every run (made once: SETUP), {amc} the executable. Options:
#   stdin    bytes on standard input
#   copy     [(source, name)]: copied into {t} before the run
#   files    [name]: files under {t} compared with the clean run's (a reported run may leave
#            an output file incomplete: its exit status says so)
#   keep     [name]: files rewritten in place: after a reported run each is either as it was
#            before the run or as the clean run left it, never anything else
#   errored  bowtie: a response line may differ from the clean run's when it answers "errored"
#   error_reply  adapter: a reply line may differ from the clean run's when it is the protocol's
#            error reply {"seq": N, "error": "out of memory"} for the same request
#            with "out of memory" (the harness protocol's way to skip a case)
#   stride   sweep every k-th allocation only (the count is large and most of it the same code)
#   head     arguments of a shorter run of the same command (amc fuzz --runs 1): its count H
#            splits the sweep: allocations below H (setup: schemas compiled, the dictionary
#            built) every stride-th only, every one from H on (what the longer run adds)
#   first    with head: the first N allocations every one too (arguments, seeds, the
#            dictionary's own allocations before the schemas are walked)
#   every    with head: allocations from H on every k-th only (default: every one)
#   scrub    [(regex, replacement)] applied to stdout before comparing (times, rates)
#   group    "fuzz": swept only when asked for (--group fuzz: ctest cli.alloc_fail_fuzz), "live"
#            likewise (--group live: ctest cli.alloc_fail_live)
#   server   amc arguments of a server started (with no failure) before the case's sweep and
#            stopped (SIGTERM) after it: amc serve on {s}/<name>.sock for amc probe
V = ["validate"] + PERSON
CASES = [
    ("help", ["help", "validate"], {}),
    ("validate-text", V + ["tests/data/schema/person-invalid.json"], {}),
    ("validate-json", V + ["--format", "json", "tests/data/schema/person-invalid.json"], {}),
    ("validate-sarif", V + ["--format", "sarif", "tests/data/schema/person-invalid.json"], {}),
    ("validate-junit", V + ["--format", "junit", "tests/data/schema/person-invalid.json"], {}),
    ("validate-mailbox", ["validate", "--profile", "mailbox",
                          MBX + "env-001-valid-task-assignment.json"], {"stride": 5}),
    ("validate-acp", ["validate", "--profile", "acp",
                      "conformance/acp/inputs/envelope-task-assign.json"], {"stride": 5}),
    ("validate-discussion", ["validate", "--profile", "discussion",
                             "examples/messages/discussion-message.json"], {"stride": 5}),
    ("validate-socket", ["validate", "--profile", "socket",
                         "conformance/socket/inputs/impl/request-cli-task.json"], {"stride": 5}),
    ("validate-ignite", ["validate", "--profile", "ignite",
                         "examples/messages/task_assignment_1763794243123456.mime"], {"stride": 5}),
    ("validate-jsonl-j1", ["validate", "-j", "1", "--profile", "mailbox",
                           "tests/data/trace/mailbox-receipts.jsonl"], {}),
    ("validate-jsonl-j2", ["validate", "-j", "2", "--profile", "mailbox",
                           "tests/data/trace/mailbox-receipts.jsonl"], {}),
    ("parse", ["parse", "tests/data/parse/ok.json"], {}),
    ("lint-schema", ["lint-schema", "tests/data/schema/lint/bounds.json"], {"stride": 5}),
    ("schemas", ["schemas", "print", "mailbox/control.v1.schema.json"], {}),
    ("sign", ["sign", MBX + "env-001-valid-task-assignment.json"], {}),
    ("sign-write", ["sign", "--write", "{t}/e.json"],
     {"copy": [(MBX + "env-001-valid-task-assignment.json", "e.json")], "files": ["e.json"],
      "keep": ["e.json"]}),
    ("trace-text", ["trace", "check", "--profile", "ignite", "tests/data/trace/ignite-bad.jsonl"],
     {}),
    ("trace-json", ["trace", "check", "--profile", "ignite", "--format", "json",
                    "tests/data/trace/ignite-bad.jsonl"], {}),
    ("report-merge", ["report", "merge", "tests/data/report/shard-1.jsonl",
                      "tests/data/report/shard-2.jsonl"], {}),
    ("audit-j1", ["audit", "-j", "1", "tests/data/audit/mailbox-bad"], {"stride": 3}),
    ("audit-j2", ["audit", "-j", "2", "tests/data/audit/ignite-bad"], {"stride": 6}),
    ("trace-html", ["trace", "check", "--profile", "ignite", "--format", "html",
                    "tests/data/trace/ignite-bad.jsonl"], {}),
    ("report-html", ["report", "html", "-o", "{t}/page.html", "{s}/a.json", "{s}/b.json"],
     {"files": ["page.html"]}),
    ("conform", ["conform", "--suite", "conformance", "--profile", "mailbox", "--impl",
                 "{amc} adapter", "--filter", "mailbox-env-001-*", "--json", "{t}/r.json"],
     {"files": ["r.json"], "stride": 9}),
    ("bowtie", ["bowtie"], {"stdin": BOWTIE, "errored": True}),
]
# amc fuzz (group fuzz): seeded runs of a few mutations each (JSON and MIME) against amc's own
# adapter (no finding), and against an exec validator that says "valid" to everything, from the
# whole conformance corpus (a finding, shrunk and saved). Not swept yet: --replay and
# --emit-cases (--stateful and --lifecycle: groups stateful and lifecycle, below).
FUZZ_TIMES = [(rb" in [0-9.]+ s \([0-9]+/s\)", b" in T s (R/s)")]


def fuzz(name, args, runs, stride, **more):
    tail = ["--seed", "5", "--out", "{t}/f", "-q"]
    opts = {"group": "fuzz", "stride": stride, "scrub": FUZZ_TIMES,
            "head": ["fuzz"] + args + ["--runs", "1"] + tail}
    opts.update(more)
    return (name, ["fuzz"] + args + ["--runs", str(runs)] + tail, opts)


SEEDS = "tests/fuzz/seeds/"
FUZZ = [
    fuzz("fuzz-mailbox", ["--profile", "mailbox", "--corpus", SEEDS + "mailbox", "--impl",
                          "{amc} adapter"], 8, 60, first=64),
    fuzz("fuzz-ignite", ["--profile", "ignite", "--corpus", SEEDS + "ignite", "--impl",
                         "{amc} adapter"], 5, 80, first=48),
    fuzz("fuzz-exec", ["--profile", "mailbox", "--impl-exec", "true {file}"], 4, 60,
         files=["f/findings.jsonl"]),
]
CASES += FUZZ
# group "more" (ctest cli.alloc_fail_more): commands and formats the plain run leaves out: the
# reference adapter answering every request kind, rules and version, the conform report formats,
# a stateful validation, lint-schema with a config file and as JSON, schemas list and export, the
# man page, parse of YAML and MIME (a YAML body), sign with a keyring, audit's HTML page, trace
# as SARIF and over mailbox receipts.
def adapter_input():
    import base64
    import json
    lc = json.load(open("conformance/mailbox/lifecycle/duplicate-delivery.json"))
    sess = ["env-001-valid-task-assignment.json", "env-001-valid-task-assignment.json"]
    reqs = [{"seq": 1, "op": "hello", "protocol": 1},
            {"seq": 2, "op": "validate", "case": "c1", "profile": "mailbox", "stateful": False,
             "files": [{"name": sess[0], "data": base64.b64encode(open(MBX + sess[0], "rb")
                                                                  .read()).decode()}]},
            {"seq": 3, "op": "validate", "case": "c2", "profile": "mailbox", "stateful": True,
             "files": [{"name": n, "data": base64.b64encode(open(MBX + n, "rb").read()).decode()}
                       for n in sess]},
            {"seq": 4, "op": "lifecycle", "case": lc["id"], "profile": "mailbox",
             "events": [st["event"] for st in lc["steps"]]},
            {"seq": 5, "op": "reset"}, "not json", {"seq": 6, "op": "stop"}]
    return b"".join((r if isinstance(r, str) else json.dumps(r)).encode() + b"\n" for r in reqs)


CONF = ["conform", "--suite", "conformance", "--impl-exec", "false {file}", "--filter",
        "mailbox-env-00*"]
MORE = [
    ("adapter", ["adapter"], {"stdin": adapter_input(), "error_reply": True, "stride": 2}),
    ("rules", ["rules", "--profile", "ignite", "--format", "json"], {}),
    ("rules-md", ["rules", "--format", "markdown"], {"stride": 3}),
    ("version", ["version"], {}),
    ("conform-tap", CONF + ["--format", "tap"], {"stride": 3}),
    # the same run with the other report formats: every 9th allocation
    ("conform-junit", CONF + ["--format", "junit"],
     {"stride": 9, "scrub": [(rb'time="[0-9.]+"', b'time="T"')]}),
    ("conform-md", CONF + ["--format", "markdown"], {"stride": 9}),
    ("conform-html", CONF + ["--format", "html", "-o", "{t}/p.html"],
     {"files": ["p.html"], "stride": 9}),
    ("validate-stateful", ["validate", "--profile", "mailbox", "--stateful", "--format", "json",
                           MBX + "env-001-valid-task-assignment.json",
                           MBX + "env-001-valid-task-assignment.json"], {"stride": 5}),
    ("lint-config", ["lint-schema", "--config", "tests/data/schema/lint/config.yaml",
                     "tests/data/schema/lint/bounds.json",
                     "tests/data/schema/lint/unknown-keyword.json"], {"stride": 3}),
    ("schemas-list", ["schemas", "list", "--format", "json"], {}),
    ("schemas-export", ["schemas", "export", "{t}/x", "socket/"],
     {"files": ["x/socket/message.schema.json"]}),
    ("help-man", ["help", "--man"], {"stride": 2}),
    ("validate-github", V + ["--format", "github", "tests/data/schema/person-invalid.json"], {}),
    ("parse-yaml", ["parse", "tests/data/parse/two-docs.yaml"], {}),
    ("parse-mime-json", ["parse", "--format", "json", "tests/data/parse/crlf-folded-dup.mime"],
     {}),
    ("parse-mime-yaml-body", ["parse", "tests/data/parse/ignite-escapes.mime"], {}),
    ("sign-hmac", ["sign", "--scheme", "hmac_sha256", "--keyring",
                   "conformance/mailbox/policies/keyring.json",
                   MBX + "env-001-valid-task-assignment.json"], {}),
    ("audit-html", ["audit", "-j", "1", "--format", "html", "tests/data/audit/mailbox-bad"],
     {"stride": 3}),
    ("trace-sarif", ["trace", "check", "--profile", "ignite", "--format", "sarif",
                     "tests/data/trace/ignite-ok.jsonl"], {}),
    ("trace-mailbox", ["trace", "check", "--profile", "mailbox",
                       "tests/data/trace/mailbox-receipts.jsonl"], {}),
    ("lint-json", ["lint-schema", "--format", "json",
                   "tests/data/schema/lint/property-in-branch.json",
                   "tests/data/schema/lint/ref-unresolved.json"], {"stride": 2}),
]
for c in MORE:
    c[2]["group"] = "more"
CASES += MORE
# group live (helper clicov, issue 22): amc watch's initial pass and stop (--timeout) in text
# and JSON, amc probe (every output format; --allow-tasks) against a clean amc serve on a Unix
# socket in {s}, amc parse --ignite-compat and of a MIME message with a YAML body; each command's
# work repeats per file or request, so every 3rd (text) or 7th allocation (other formats) still
# reaches most allocation sites (about 900 runs)
PROBE_TIMES = [(rb" in [0-9.]+ s ", b" in T s "), (rb'"seconds":[0-9.e+-]+', b'"seconds":0'),
               (rb'time="[0-9.]+"', b'time="T"'), (rb"\| [0-9.]+ \|\n", b"| T |\n")]
SERVE = ["serve", "--socket", "{s}/serve.sock", "--quiet"]


def probe(name, stride, *more):
    return (name, ["probe", "--socket", "{s}/serve.sock", "--block-limit", "0.2"] + list(more),
            {"group": "live", "server": SERVE, "scrub": PROBE_TIMES, "stride": stride})


LIVE = [
    ("watch-text", ["watch", "--timeout", "0.05", "tests/data/audit/ignite-bad"],
     {"group": "live", "stride": 3}),
    ("watch-json", ["watch", "--timeout", "0.05", "--format", "json", "--strict",
                    "tests/data/audit/mailbox-good"], {"group": "live", "stride": 5}),
    ("watch-links", ["watch", "--timeout", "0.05", "--profile", "ignite",
                     "tests/data/audit/ignite-links"], {"group": "live", "stride": 5}),
    probe("probe-text", 3),
    probe("probe-json", 7, "--format", "json"),
    probe("probe-junit", 7, "--format", "junit", "--allow-tasks"),
    probe("probe-markdown", 7, "--format", "markdown", "--verbose"),
    ("parse-compat", ["parse", "--ignite-compat", "tests/data/clicov/compat-crlf.mime"],
     {"group": "live"}),
    ("parse-mime", ["parse", "--compact", "examples/messages/task_assignment_1763794243123456.mime"],
     {"group": "live"}),
]
CASES += LIVE
# amc fuzz --stateful (group stateful) and --lifecycle (group lifecycle): seeded runs of a few
# sessions / sequences against amc's own adapter (no finding), and against adapters that give a
# finding (every stateful validate answered "invalid"; the lifecycle reference with the planted
# acp-backoff defect), shrunk and saved (findings.jsonl compared). Each case sweeps its setup
# (the suite's cases, the policy, the schemas, the model) every stride-th allocation and the
# rest (sessions, sequences, shrinking, saving) every k-th (every): ctest's run stays short.
ST_ADAPTER = "python3 tests/cli/cov_fuzz_adapter.py invalid {amc}"
LC_PLANTED = "python3 tests/fuzz/planted_lc_adapter.py acp-backoff {amc}"


def fuzz_mode(group, name, args, runs, seed, stride, **more):
    tail = ["--seed", str(seed), "--out", "{t}/f", "-q"]
    opts = {"group": group, "stride": stride, "scrub": FUZZ_TIMES,
            "head": ["fuzz"] + args + ["--runs", "1"] + tail}
    opts.update(more)
    return (name, ["fuzz"] + args + ["--runs", str(runs)] + tail, opts)


CASES += [
    fuzz_mode("stateful", "st-mailbox", ["--stateful", "--profile", "mailbox", "--impl",
                                         "{amc} adapter"], 3, 5, 80, first=64, every=4),
    fuzz_mode("stateful", "st-ignite", ["--stateful", "--profile", "ignite", "--impl",
                                        "{amc} adapter"], 3, 5, 150, first=32, every=4),
    fuzz_mode("stateful", "st-finding", ["--stateful", "--profile", "mailbox", "--impl",
                                         ST_ADAPTER, "--max-findings", "1"], 2, 15, 150,
              files=["f/findings.jsonl"], every=40),
    fuzz_mode("lifecycle", "lc-mailbox", ["--lifecycle", "--profile", "mailbox", "--impl",
                                          "{amc} adapter"], 3, 5, 60, first=64, every=2),
    fuzz_mode("lifecycle", "lc-finding", ["--lifecycle", "--profile", "acp", "--impl",
                                          LC_PLANTED, "--max-findings", "1"], 3, 7, 40,
              files=["f/findings.jsonl"], every=30),
]
# group walk (helper clicov): amc validate walking a directory, --stateful --shard of files by
# task_id, JSON Lines sharded over 2 workers; report merge of JSON documents
WALK = [
    ("validate-dir", V + ["tests/data/schema/dir"], {"group": "walk"}),
    ("validate-stateful-shard", ["validate", "--profile", "mailbox", "--stateful", "--shard", "1/2",
                                 "tests/data/audit/mailbox-good"], {"group": "walk", "stride": 4}),
    ("validate-jsonl-shard", ["validate", "--jsonl", "--profile", "mailbox", "-j", "2", "--shard",
                              "1/2", "tests/data/trace/mailbox-receipts.jsonl"],
     {"group": "walk", "stride": 4}),
    ("report-merge-doc", ["report", "merge", "tests/data/report/doc.json",
                          "tests/data/report/doc.json"], {"group": "walk"}),
]
CASES += WALK
# made once, without failures, in {s}: two implementations' JSON conform reports
SETUP = [
    ["conform", "--impl-exec", "true {file}", "--filter", "mailbox-env-00*", "--json", "{s}/a.json"],
    ["conform", "--impl-exec", "false {file}", "--filter", "mailbox-env-00*", "--json",
     "{s}/b.json"],
]
SHARED = tempfile.mkdtemp(prefix="amc-allocfail-")
SECONDS = re.compile(rb'"seconds":[0-9.e+-]+')  # conform's JSON report: time per case


def scrub(env):
    for k in ("AMC_FAIL_ALLOC", "AMC_FAIL_ALLOC_COUNT"):
        env.pop(k, None)
    return env


def expand(a, t):
    return a.replace("{t}", t).replace("{s}", SHARED).replace("{amc}", AMC)


def scrub_out(opts, out):
    for rx, repl in opts.get("scrub", []):
        out = re.sub(rx, repl, out)
    return out


def run(args, opts, n, count_file=None):
    """One run in a new scratch folder; n: the allocation to fail (None: none). Returns
    (status, stdout, stderr, {file: bytes or None}, {file: bytes before the run}), the scratch
    folder's path replaced by {t} in each."""
    t = tempfile.mkdtemp(prefix="amc-allocfail-")
    try:
        for src, name in opts.get("copy", []):
            shutil.copyfile(src, os.path.join(t, name))
        before = {}
        for name in opts.get("files", []):
            path = os.path.join(t, name)
            before[name] = open(path, "rb").read() if os.path.exists(path) else None
        env = scrub(dict(os.environ))
        env["ASAN_OPTIONS"] = "detect_leaks=1:" + env.get("ASAN_OPTIONS", "")
        if n is not None:
            env["AMC_FAIL_ALLOC"] = str(n)
        if count_file:
            env["AMC_FAIL_ALLOC_COUNT"] = count_file
        try:
            p = subprocess.run([AMC] + [expand(a, t) for a in args], input=opts.get("stdin", b""),
                               capture_output=True, env=env, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return ("timeout", b"", b"", {}, before)
        tb = t.encode()
        files = {}
        for name in opts.get("files", []):
            path = os.path.join(t, name)
            files[name] = (SECONDS.sub(b'"seconds":0', open(path, "rb").read().replace(tb, b"{t}"))
                           if os.path.exists(path) else None)
        return (p.returncode, scrub_out(opts, p.stdout.replace(tb, b"{t}")),
                p.stderr.replace(tb, b"{t}"), files, before)
    finally:
        shutil.rmtree(t, ignore_errors=True)


def sanitizer(err):
    return b"Sanitizer" in err or b"runtime error:" in err


def nomem(err):
    return b"out of memory" in err


def errored_only(ref_out, out):
    """bowtie: every line that differs answers "errored" because of the failure."""
    a, b = ref_out.split(b"\n"), out.split(b"\n")
    return len(a) == len(b) and all(
        x == y or (b'"errored":true' in y and nomem(y)) for x, y in zip(a, b))


def error_replies_only(ref_out, out):
    """adapter: every line that differs is the error reply to the same request (same seq)."""
    a, b = ref_out.split(b"\n"), out.split(b"\n")
    seq = re.compile(rb'^\{"seq":(-?[0-9]+),')

    def same_request(x, y):
        mx, my = seq.match(x), seq.match(y)
        return mx and my and mx.group(1) == my.group(1)
    return len(a) == len(b) and all(
        x == y or (same_request(x, y) and y.endswith(b',"error":"out of memory"}'))
        for x, y in zip(a, b))


def judge(ref, got, opts):
    """(None, "tolerated" or "reported") when got is acceptable, else (why not, None)."""
    rc, out, err, files, before = got
    if rc == "timeout":
        return "hang (no exit within %d s)" % TIMEOUT, None
    if rc < 0:
        return "killed by signal %d" % -rc, None
    if sanitizer(err):
        return "sanitizer: " + err.decode("utf-8", "replace")[:1500], None
    if (rc, out, err, files) == ref[:4]:
        return None, "tolerated"
    if opts.get("errored") and rc == ref[0] and err == ref[2] and errored_only(ref[1], out):
        return None, "reported"
    if opts.get("error_reply") and rc == ref[0] and err == ref[2] and \
            error_replies_only(ref[1], out):
        return None, "reported"
    if rc == 2 and nomem(err):
        bad = [f for f in opts.get("keep", []) if files[f] not in (before[f], ref[3][f])]
        if not bad:
            return None, "reported"
        return "exit 2 but %s written wrong: %r" % (bad[0], (files[bad[0]] or b"")[:200]), None
    what = []
    if rc != ref[0]:
        what.append("exit %d (clean run: %d)" % (rc, ref[0]))
    if out != ref[1]:
        what.append("stdout differs: %r" % out[-300:])
    if err != ref[2]:
        what.append("stderr differs: %r" % err[-300:])
    if files != ref[3]:
        what.append("written files differ")
    return "; ".join(what) + " (without 'out of memory')", None


def start_server(args):
    """Starts amc ARGS (no failure) and waits until its socket {s}/serve.sock exists."""
    sock = os.path.join(SHARED, "serve.sock")
    srv = subprocess.Popen([AMC] + [expand(a, SHARED) for a in args], stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           env=scrub(dict(os.environ)))
    end = time.monotonic() + 10
    while not os.path.exists(sock) and srv.poll() is None and time.monotonic() < end:
        time.sleep(0.02)
    return srv


def stop_server(srv):
    srv.terminate()
    try:
        srv.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        srv.kill()
        srv.communicate()


def sweep(case):
    name, args, opts = case
    if "server" in opts:
        srv = start_server(opts["server"])
        try:
            if srv.poll() is not None:
                return [f"{name}: the server did not start: {srv.stderr.read()[-300:]!r}"]
            return sweep_case(case)
        finally:
            stop_server(srv)
    return sweep_case(case)


def sweep_case(case):
    name, args, opts = case
    cf = os.path.join(SHARED, name + ".count")
    ref = run(args, opts, None, cf)
    if ref[0] == "timeout" or ref[0] < 0 or sanitizer(ref[2]) or not os.path.exists(cf):
        return [f"{name}: the clean run failed (or amc is not linked with alloc_fail_wrap.c): "
                f"{ref[0]} {ref[2][-500:]!r}"]
    with open(cf) as f:
        count = int(f.read())
    stride = max(1 if FULL else opts.get("stride", 1), -(-count // MAX_RUNS))
    head = 0
    if "head" in opts:  # the setup every stride-th allocation, the rest every one
        hf = os.path.join(SHARED, name + ".head")
        h = run(opts["head"], opts, None, hf)
        if h[0] == "timeout" or h[0] < 0 or not os.path.exists(hf):
            return [f"{name}: the short run failed: {h[0]} {h[2][-500:]!r}"]
        with open(hf) as f:
            head = min(int(f.read()), count)
    first = min(opts.get("first", 0), head)
    every = 1 if FULL else opts.get("every", 1)
    todo = (list(range(first)) + [n for n in range(0, head, stride) if n >= first]
            + list(range(head, count, every if head else stride)))
    todo = todo[SHARE_K::SHARE_N]
    problems = []
    stats = {"tolerated": 0, "reported": 0}
    with concurrent.futures.ThreadPoolExecutor(WORKERS) as ex:
        runs = ex.map(lambda n: (n, run(args, opts, n)), todo)
        for n, got in runs:
            why, how = judge(ref, got, opts)
            if why:
                problems.append(f"{name}: AMC_FAIL_ALLOC={n}: {why}")
            else:
                stats[how] += 1
    note = f", stride {stride}" if stride > 1 else ""
    if head:
        rest = f"1 in {every}" if every > 1 else "all"
        note = (f", the first {first} all, up to {head} with stride {stride}, the other "
                f"{count - head} {rest}")
    if SHARE_N > 1:
        note += f", share {SHARE_K}/{SHARE_N} (AMC_SWEEP_SHARE): {len(todo)} runs"
    print(f"{name}: {count} allocations{note}: {stats['reported']} reported, "
          f"{stats['tolerated']} tolerated, {len(problems)} wrong", flush=True)
    return problems


def main():
    cases = [c for c in CASES if c[0] in ONLY or not ONLY and c[2].get("group") == GROUP]
    if not cases:
        print("alloc_fail: no such case")
        return 2
    failures = []
    t0 = time.monotonic()
    try:
        for args in SETUP:
            p = subprocess.run([AMC] + [expand(a, SHARED) for a in args], capture_output=True,
                               env=scrub(dict(os.environ)), timeout=TIMEOUT)
            if p.returncode not in (0, 1):
                failures.append(f"setup {args[:2]}: exit {p.returncode}: {p.stderr[-300:]!r}")
        for c in cases:
            failures += sweep(c)
    finally:
        shutil.rmtree(SHARED, ignore_errors=True)
    for f in failures[:200]:
        print("FAIL", f)
    print(f"alloc_fail: {len(failures)} failure(s) ({time.monotonic() - t0:.0f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
