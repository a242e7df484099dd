#!/usr/bin/env python3
"""Drives `amc bowtie` the way Bowtie's own driver does, checking every message.

Usage: bowtie_driver.py AMC SUITE_DIR SCHEMAS_DIR [--draft NAME]... [-v]

  AMC         the amc binary
  SUITE_DIR   a JSON-Schema-Test-Suite copy (tests/external/JSON-Schema-Test-Suite)
  SCHEMAS_DIR Bowtie's protocol schemas (tests/bowtie/schemas, see the README there)

What Bowtie does, and so what this does (bowtie/_commands.py, bowtie/_suite.py at the commit
named in tests/bowtie/README.md):
  - every request is validated against tag:bowtie.report,2023:ihop:command:<cmd>, every
    response against {"$ref": "tag:bowtie.report,2023:ihop:command:<cmd>#response"} (`bowtie
    run -V`), here with the python `jsonschema` package (an implementation independent of amc);
  - `start` (version 1), then per dialect a `dialect` command and one `run` per test group of
    tests/<draft>/*.json, with "valid" removed from the tests, seq an increasing integer, output
    "flag", and for the refRemote, dynamicRef and vocabulary files a registry of the suite's
    remotes (http://localhost:1234/<path>; remotes of other drafts, remotes whose "$schema" is
    another dialect, and tree.json for draft 4 left out, as _suite.py does); `stop` last.
Also checked: the seq comes back unchanged (objects and strings too), one result per test in
order, "annotations" output is skipped test by test, `stop` gets no response and the process
exits 0, and protocol errors (not JSON, run before start, version 2, unknown command) exit 2.

Prints per draft "DRAFT: N/T tests as the suite expects (E errored, S skipped), C cases" and
exits 0 when every message was valid and every test of every draft gave the suite's verdict,
1 otherwise (a missing suite, schema directory or `jsonschema` package too: nothing is skipped).
"""
import argparse
import json
import os
import subprocess
import sys
import warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)  # RefResolver in jsonschema 4.10

DRAFTS = {
    "draft2020-12": "https://json-schema.org/draft/2020-12/schema",
    "draft2019-09": "https://json-schema.org/draft/2019-09/schema",
    "draft7": "http://json-schema.org/draft-07/schema#",
    "draft6": "http://json-schema.org/draft-06/schema#",
    "draft4": "http://json-schema.org/draft-04/schema#",
}
IHOP = "tag:bowtie.report,2023:ihop:command:"


class Checker:
    """Validates protocol messages against Bowtie's schemas (jsonschema, both APIs)."""

    def __init__(self, schemas_dir):
        import jsonschema  # noqa: PLC0415  (a missing package fails the test, see main)
        docs = []
        for root, _, files in os.walk(schemas_dir):
            for f in sorted(files):
                if f.endswith(".json"):
                    with open(os.path.join(root, f), encoding="utf-8") as fh:
                        docs.append(json.load(fh))
        self.V = jsonschema.Draft202012Validator
        try:
            import referencing  # noqa: PLC0415
            import referencing.jsonschema  # noqa: PLC0415
            spec = referencing.jsonschema.DRAFT202012
            self.registry = referencing.Registry().with_resources(
                (d["$id"], referencing.Resource.from_contents(d, default_specification=spec))
                for d in docs).crawl()
            self.resolver = None
        except ImportError:  # jsonschema < 4.18 (Debian 12 has 4.10): RefResolver and a store
            store = {}

            def walk(v):
                if isinstance(v, dict):
                    if isinstance(v.get("$id"), str):
                        store[v["$id"]] = v
                    for x in v.values():
                        walk(x)
                elif isinstance(v, list):
                    for x in v:
                        walk(x)
            for d in docs:
                walk(d)
            self.registry = None
            self.store = store

    def errors(self, schema, instance):
        if self.registry is not None:
            v = self.V(schema, registry=self.registry)
        else:
            v = self.V(schema, resolver=anchor_resolver()("", schema, store=dict(self.store),
                                                          urljoin_cache=tag_join))
        return [e.message for e in v.iter_errors(instance)]

    def request(self, msg):
        errs = self.errors({"$ref": IHOP + msg["cmd"]}, msg)
        if errs:
            raise AssertionError(f"the driver's {msg['cmd']} request is invalid: {errs[:3]}")

    def response(self, cmd, resp):
        return self.errors({"$ref": IHOP + cmd + "#response"}, resp)


def find_anchor(v, name, root=True):
    """The subschema of resource v carrying "$anchor": name (not inside nested resources)."""
    if isinstance(v, dict):
        if not root and "$id" in v:
            return None
        if v.get("$anchor") == name:
            return v
        v = list(v.values())
    if isinstance(v, list):
        for x in v:
            found = find_anchor(x, name, False)
            if found is not None:
                return found
    return None


def tag_join(base, ref):
    """urljoin that knows "tag:" URIs are absolute and take fragments (urllib does not)."""
    from urllib.parse import urljoin  # noqa: PLC0415
    if ref.startswith("#"):
        return base.split("#", 1)[0] + ref
    if ":" in ref.split("/", 1)[0]:
        return ref
    return urljoin(base, ref)


def anchor_resolver():
    """jsonschema < 4.18's RefResolver, finding "$anchor" fragments anywhere in a resource (4.10
    only finds them in the referring document, and Bowtie's schemas use "#openResponse" and
    "tag:...:run#response" anchors across $defs)."""
    import jsonschema  # noqa: PLC0415

    class AnchorResolver(jsonschema.RefResolver):
        def resolve_fragment(self, document, fragment):
            if fragment and not fragment.startswith("/"):
                found = find_anchor(document, fragment)
                if found is not None:
                    return found
            return super().resolve_fragment(document, fragment)
    return AnchorResolver


class Harness:
    def __init__(self, amc):
        self.p = subprocess.Popen([amc, "bowtie"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, encoding="utf-8")

    def send(self, msg):
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()

    def receive(self):
        line = self.p.stdout.readline()
        if not line:
            err = self.p.stderr.read()
            raise AssertionError(f"no response (exit {self.p.wait()}): {err.strip()[:500]}")
        return json.loads(line)

    def finish(self, timeout=30):
        self.p.stdin.close()
        try:
            code = self.p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            raise AssertionError("the harness did not exit after stop")
        return code, self.p.stdout.read(), self.p.stderr.read()


def remotes_for(suite, draft):
    """bowtie/_suite.py _remotes_in(): the remotes Bowtie puts in a registry for this draft."""
    base = os.path.join(suite, "remotes")
    out = {}
    for root, _, files in os.walk(base):
        for f in sorted(files):
            if not f.endswith(".json"):
                continue
            path = os.path.join(root, f)
            rel = os.path.relpath(path, base).replace(os.sep, "/")
            with open(path, encoding="utf-8") as fh:
                schema = json.load(fh)
            if isinstance(schema, dict) and "$schema" in schema and \
                    schema["$schema"] != DRAFTS[draft]:
                continue
            if rel.startswith("draft") and not rel.startswith(draft + "/"):
                continue
            if draft == "draft4" and rel == "tree.json":
                continue
            out["http://localhost:1234/" + rel] = schema
    return out


def cases_for(suite, draft):
    d = os.path.join(suite, "tests", draft)
    registry = remotes_for(suite, draft)
    for name in sorted(os.listdir(d)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(d, name), encoding="utf-8") as fh:
            groups = json.load(fh)
        stem = name[:-5]
        for g in groups:
            case = {"description": g["description"], "schema": g["schema"],
                    "tests": [{"description": t["description"], "instance": t["data"]}
                              for t in g["tests"]]}
            if "comment" in g:
                case["comment"] = g["comment"]
            if stem in ("refRemote", "dynamicRef", "vocabulary"):
                case["registry"] = registry
            yield name, case, [t["valid"] for t in g["tests"]]


def exchange(h, chk, msg, problems):
    """Sends one request, returns the response (None for stop); protocol problems recorded."""
    chk.request(msg)
    h.send(msg)
    if msg["cmd"] == "stop":
        return None
    resp = h.receive()
    for e in chk.response(msg["cmd"], resp):
        problems.append(f"{msg['cmd']} response invalid under Bowtie's schema: {e}: "
                        f"{json.dumps(resp)[:300]}")
    return resp


def run_draft(h, chk, suite, draft, seq0, problems, verbose):
    resp = exchange(h, chk, {"cmd": "dialect", "dialect": DRAFTS[draft]}, problems)
    if resp != {"ok": True}:
        problems.append(f"dialect {DRAFTS[draft]}: {resp}, want {{'ok': true}}")
    ok = total = errored = skipped = ncases = 0
    seq = seq0
    for name, case, expected in cases_for(suite, draft):
        seq += 1
        ncases += 1
        resp = exchange(h, chk, {"cmd": "run", "seq": seq, "case": case, "output": "flag"},
                        problems)
        total += len(expected)
        if resp.get("seq") != seq:
            problems.append(f"{draft}/{name}: seq {resp.get('seq')!r} came back for {seq}")
        if resp.get("errored"):
            errored += len(expected)
            problems.append(f"{draft}/{name}: {case['description']}: errored: "
                            f"{json.dumps(resp.get('context'))[:300]}")
            continue
        results = resp.get("results", [])
        if len(results) != len(expected):
            problems.append(f"{draft}/{name}: {len(results)} results for {len(expected)} tests")
            continue
        for t, r, want in zip(case["tests"], results, expected):
            if r.get("skipped"):
                skipped += 1
            elif r.get("errored"):
                errored += 1
            elif r.get("valid") == want:
                ok += 1
                continue
            if verbose or not (r.get("skipped") or r.get("errored")):
                problems.append(f"{draft}/{name}: {case['description']}: {t['description']}: "
                                f"got {json.dumps(r)}, suite says valid={want}")
    return seq, f"{draft}: {ok}/{total} tests as the suite expects ({errored} errored, " \
                f"{skipped} skipped), {ncases} cases", ok == total


def special_runs(h, chk, problems):
    """seq of other JSON types comes back as sent; annotations output is skipped."""
    for seq in ("case-1", {"k": [1, 2.5, None]}, 10**20):
        case = {"description": "seq", "schema": {"minimum": 2},
                "tests": [{"description": "a", "instance": 3}, {"description": "b", "instance": 1}]}
        resp = exchange(h, chk, {"cmd": "run", "seq": seq, "case": case, "output": "flag"},
                        problems)
        if resp.get("seq") != seq or resp.get("results") != [{"valid": True}, {"valid": False}]:
            problems.append(f"seq {seq!r}: {resp}")
    case = {"description": "annotations", "schema": {"title": "t"},
            "tests": [{"description": "a", "instance": 1}, {"description": "b", "instance": 2}]}
    resp = exchange(h, chk, {"cmd": "run", "seq": 1, "case": case, "output": "annotations"},
                    problems)
    if [r.get("skipped") for r in resp.get("results", [])] != [True, True]:
        problems.append(f"annotations run: {resp}, want every test skipped")
    case = {"description": "refused", "schema": {"$schema": "http://json-schema.org/draft-03/schema#"},
            "tests": [{"description": "a", "instance": 1}]}
    resp = exchange(h, chk, {"cmd": "run", "seq": 2, "case": case, "output": "flag"}, problems)
    if not resp.get("errored") or "draft 3" not in json.dumps(resp.get("context")):
        problems.append(f"a draft-03 schema: {resp}, want errored naming draft 3")


def protocol_errors(amc, problems):
    """Requests Bowtie never sends: the harness stops with status 2 and says why on stderr."""
    start = json.dumps({"cmd": "start", "version": 1})
    for lines, what in (
            (["this is not json"], "a line that is not JSON"),
            ([json.dumps({"cmd": "run", "seq": 1, "case": {}, "output": "flag"})],
             "run before start"),
            ([json.dumps({"cmd": "start", "version": 2})], "protocol version 2"),
            ([start, json.dumps({"cmd": "frobnicate"})], "an unknown command")):
        p = subprocess.run([amc, "bowtie"], input="\n".join(lines) + "\n", capture_output=True,
                           text=True, timeout=30)
        if p.returncode != 2 or not p.stderr.strip():
            problems.append(f"{what}: exit {p.returncode}, stderr {p.stderr.strip()!r}; "
                            "want exit 2 with a message")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("amc")
    ap.add_argument("suite")
    ap.add_argument("schemas")
    ap.add_argument("--draft", action="append", choices=list(DRAFTS))
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    for d in (os.path.join(a.suite, "tests"), a.schemas):
        if not os.path.isdir(d):
            print(f"FAIL: {d} not found")
            return 1
    try:
        chk = Checker(a.schemas)
    except ImportError:
        print("FAIL: the python jsonschema package is missing (ci/install-deps.sh installs "
              "python3-jsonschema); the harness's replies cannot be checked")
        return 1
    problems, summary, all_ok = [], [], True
    h = Harness(a.amc)
    try:
        resp = exchange(h, chk, {"cmd": "start", "version": 1}, problems)
        dialects = resp.get("implementation", {}).get("dialects", [])
        if sorted(dialects) != sorted(DRAFTS.values()):
            problems.append(f"start: dialects {dialects}, want the five amc implements")
        seq = 0
        for draft in a.draft or list(DRAFTS):
            seq, line, ok = run_draft(h, chk, a.suite, draft, seq, problems, a.v)
            summary.append(line)
            all_ok = all_ok and ok
        special_runs(h, chk, problems)
        exchange(h, chk, {"cmd": "stop"}, problems)
        code, out, err = h.finish()
        if code != 0 or out:
            problems.append(f"after stop: exit {code}, output {out[:200]!r}; want 0 and nothing")
    except AssertionError as e:
        problems.append(str(e))
        all_ok = False
        h.p.kill()
    protocol_errors(a.amc, problems)
    for p in problems:
        print(p)
    for line in summary:
        print(line)
    ok = all_ok and not problems
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
