#!/usr/bin/env python3
"""ctest browser.reports: amc's HTML reports opened in a real browser (headless Chromium).

usage: run_browser.py AMC SOURCE_DIR [--screenshots DIR]

For each kind of page (amc conform --format html for the reference adapter, a planted failing
implementation and a hostile one; amc trace check --format html; amc audit --format html;
amc report html over several JSON reports) the page is opened with `chromium --headless
--dump-dom` and the rendered DOM is read back: the counts it shows must equal the JSON report
of the same run. A screenshot of each (desktop and phone width) must not be blank (the PNG is
decoded here with zlib and its distinct colours counted). Hostile payloads (<script>, onerror=,
</svg>, quotes) passed through every untrusted field must stay text: no injected element, no
script run (the title they try to set is unchanged), the payload visible as text. The pages'
Content-Security-Policy is checked too: a copy with an injected inline script does not run it,
and the page's own hashed script does run.

Chromium: $AMC_CHROMIUM, else chromium / chromium-browser / google-chrome on PATH. Missing, the
test FAILS (CI installs Debian's chromium, ci/install-deps.sh) unless AMC_NO_BROWSER=1, when it
is skipped (exit 77) with the reason.

--screenshots DIR: also writes the README's screenshots there (conform, report, trace, audit .png;
the README's come from docs/img):
  python3 tests/browser/run_browser.py build/rel/amc . --screenshots docs/img
"""
import concurrent.futures
import html.parser
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

AMC = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
SHOTS = None
if "--screenshots" in sys.argv:
    SHOTS = os.path.abspath(sys.argv[sys.argv.index("--screenshots") + 1])
    os.makedirs(SHOTS, exist_ok=True)
SUITE = os.path.join(SRC, "conformance")
TMP = tempfile.mkdtemp(prefix="amc-browser-")
failures = []
checks = 0

PAYLOADS = [
    "<script>document.title='PWNED'</script>",
    "<img src=x onerror=\"document.title='PWNED'\">",
    "</svg><b class=pwned>svg-escape</b>",
    "\"'><i class=pwned>quote</i>",
]
HOSTILE = "".join(PAYLOADS)


def check(cond, what):
    global checks
    checks += 1
    if not cond:
        failures.append(what)
    return cond


def find_chromium():
    cands = [os.environ.get("AMC_CHROMIUM")] + ["chromium", "chromium-browser", "google-chrome",
                                                "google-chrome-stable"]
    for c in cands:
        if c and shutil.which(c):
            return shutil.which(c)
    return None


CHROME = find_chromium()
if not CHROME:
    if os.environ.get("AMC_NO_BROWSER") == "1":
        print("SKIP: no chromium on PATH and AMC_NO_BROWSER=1 (local build); CI installs "
              "Debian's chromium (ci/install-deps.sh) and runs this test")
        sys.exit(77)
    print("FAIL: no chromium found (install Debian's chromium: ci/install-deps.sh; set "
          "AMC_CHROMIUM=PATH; or AMC_NO_BROWSER=1 to skip on a local build)")
    sys.exit(1)

_profile = [0]


def chrome(extra, url, timeout=90):
    _profile[0] += 1
    ud = os.path.join(TMP, f"profile-{_profile[0]}")
    cmd = [CHROME, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
           "--disable-component-update", "--mute-audio", "--hide-scrollbars",
           f"--user-data-dir={ud}"] + extra + [url]
    p = subprocess.run(cmd, capture_output=True, timeout=timeout)
    shutil.rmtree(ud, ignore_errors=True)
    return p


_doms = {}


def dump_dom(path):
    if path not in _doms:
        p = chrome(["--dump-dom", "--virtual-time-budget=3000"], "file://" + path)
        _doms[path] = p.stdout.decode("utf-8", "replace")
    return _doms[path]


def prefetch(jobs):
    """Runs the browser for several pages at once (each run mostly waits: startup)."""
    with concurrent.futures.ThreadPoolExecutor(4) as ex:
        list(ex.map(lambda j: j[0](*j[1:]), jobs))


# ---- PNG: decode (8-bit RGB/RGBA, not interlaced) and count colours ----

def png_pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, inter = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and inter == 0, (depth, ctype, inter)
            bpp = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(h):
        f = raw[y * (stride + 1)]
        cur = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                cur[i] = (cur[i] + cur[i - bpp]) & 255
        elif f == 2:
            cur = bytearray((a + b) & 255 for a, b in zip(cur, prev))
        elif f == 3:
            for i in range(stride):
                left = cur[i - bpp] if i >= bpp else 0
                cur[i] = (cur[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = cur[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[i] = (cur[i] + pr) & 255
        rows.append(bytes(cur))
        prev = cur
    return w, h, bpp, rows


def shoot(html_path, name, width, height):
    out = os.path.join(TMP, f"{name}.png")
    if not os.path.exists(out):
        chrome([f"--screenshot={out}", f"--window-size={width},{height}"], "file://" + html_path)


def screenshot(html_path, name, width, height):
    out = os.path.join(TMP, f"{name}.png")
    shoot(html_path, name, width, height)
    if not check(os.path.exists(out), f"{name}: no screenshot written"):
        return
    w, h, bpp, rows = png_pixels(out)
    colours, ink = set(), 0
    bg = rows[0][:3]
    for y in range(0, h, 2):
        r = rows[y]
        for x in range(0, w * bpp, bpp * 2):
            px = r[x:x + 3]
            colours.add(px)
            ink += px != bg
    sampled = ((h + 1) // 2) * ((w + 1) // 2)
    check(len(colours) >= 16, f"{name}: screenshot looks blank ({len(colours)} colours)")
    check(ink > sampled // 100, f"{name}: screenshot looks blank ({ink} of {sampled} pixels "
                                f"differ from the background)")
    if SHOTS and name in ("conform", "report", "trace", "audit"):
        shutil.copy(out, os.path.join(SHOTS, f"{name}.png"))


# ---- the rendered DOM, read back ----

class Dom(html.parser.HTMLParser):
    """Every element: tag, attrs, text (its whole text content), parent index."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.els, self.stack = [], []

    def handle_starttag(self, tag, attrs):
        el = {"tag": tag, "attrs": dict(attrs), "text": [], "parent": self.stack[-1] if self.stack
              else None}
        self.els.append(el)
        if tag not in ("meta", "br", "hr", "img", "input", "link", "col", "wbr", "source",
                       "area", "base", "embed", "param", "track"):
            self.stack.append(len(self.els) - 1)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if self.stack and self.els[self.stack[-1]]["tag"] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.els[self.stack[i]]["tag"] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        for i in self.stack:
            self.els[i]["text"].append(data)

    def classes(self, el):
        return el["attrs"].get("class", "").split()

    def find(self, tag=None, cls=None, inside=None):
        out = []
        for el in self.els:
            if tag and el["tag"] != tag:
                continue
            if cls and cls not in self.classes(el):
                continue
            if inside:
                p, ok = el["parent"], False
                while p is not None:
                    if inside in self.classes(self.els[p]):
                        ok = True
                        break
                    p = self.els[p]["parent"]
                if not ok:
                    continue
            out.append(el)
        return out

    def text(self, el):
        return "".join(el["text"]).strip()

    def title(self):
        t = self.find("title")
        return self.text(t[0]) if t else ""


def parse(dom_text):
    d = Dom()
    d.feed(dom_text)
    return d


def static_checks(name, path, own_scripts):
    """No reference to anything outside the page; the CSP meta tag is there."""
    src = open(path, encoding="utf-8", errors="replace").read()
    d = parse(src)
    bad = []
    for el in d.els:
        for k, v in el["attrs"].items():
            if k in ("src", "srcset", "action", "formaction", "data", "poster", "background",
                     "xlink:href", "ping", "manifest") or (k == "href" and not (v or "").startswith("#")):
                bad.append(f"<{el['tag']} {k}={v!r}>")
        if el["tag"] in ("link", "iframe", "object", "embed", "img", "base", "form"):
            bad.append(f"<{el['tag']}>")
    check(not bad, f"{name}: references outside the page: {bad[:5]}")
    styles = " ".join(d.text(s) for s in d.find("style"))
    check("url(" not in styles and "@import" not in styles, f"{name}: the style sheet fetches")
    csp = [m for m in d.find("meta") if m["attrs"].get("http-equiv", "").lower() ==
           "content-security-policy"]
    check(len(csp) == 1 and "default-src 'none'" in csp[0]["attrs"].get("content", ""),
          f"{name}: no Content-Security-Policy meta tag with default-src 'none'")
    if csp:
        c = csp[0]["attrs"]["content"]
        check("unsafe-inline" not in c and "unsafe-eval" not in c,
              f"{name}: the CSP allows unsafe-inline/unsafe-eval: {c}")
    check(len(d.find("script")) == own_scripts,
          f"{name}: {len(d.find('script'))} script elements, want {own_scripts}")
    check(" style=" not in src.split("</style>", 1)[-1],
          f"{name}: a style attribute (blocked by the CSP)")


def csp_blocks_injected(name, path):
    """A copy of the page with one more inline script: the CSP must keep it from running."""
    src = open(path, encoding="utf-8").read()
    bad = os.path.join(TMP, name + "-injected.html")
    with open(bad, "w", encoding="utf-8") as f:
        f.write(src.replace("</body>", "<script>document.title='CSP-BROKEN';"
                            "document.body.appendChild(document.createElement('blink'))"
                            "</script></body>"))
    d = parse(dump_dom(bad))
    check(d.title() != "CSP-BROKEN" and not d.find("blink"),
          f"{name}: an injected inline script ran: the CSP does not hold")


def hostile_checks(name, d, want_title):
    check(d.title() == want_title, f"{name}: a payload changed the title: {d.title()!r}, want "
                                   f"{want_title!r}")
    pw = [el for el in d.els if "pwned" in d.classes(el)]
    check(not pw, f"{name}: an injected element exists: {[e['tag'] for e in pw]}")
    check(not d.find("img") and not d.find("iframe"), f"{name}: an injected img/iframe exists")
    body = d.find("body")
    text = d.text(body[0]) if body else ""
    check("<script>document.title='PWNED'</script>" in text,
          f"{name}: the <script> payload is not shown as text")
    check("</svg><b class=pwned>" in text, f"{name}: the </svg> payload is not shown as text")


# ---- amc runs ----

def amc(args, want=None, **kw):
    p = subprocess.run([AMC] + args, capture_output=True, text=True, errors="replace",
                       timeout=300, **kw)
    if want is not None:
        check(p.returncode in (want if isinstance(want, tuple) else (want,)),
              f"amc {' '.join(args)[:200]}: exit {p.returncode}\n{p.stderr[-1500:]}")
    return p


def conform_run(name, impl, extra=(), want=None, suite=SUITE):
    h = os.path.join(TMP, name + ".html")
    j = os.path.join(TMP, name + ".json")
    amc(["conform", "--suite", suite, "--impl", impl, "--timeout", "20", "--format", "html",
         "-o", h, "--json", j] + list(extra), want=want, cwd=TMP)
    return h, j


def check_conform_page(name, h, j):
    rep = json.load(open(j))
    d = parse(dump_dom(h))
    check(d.find("body"), f"{name}: the browser rendered nothing")
    v = d.find(cls="badge")
    check(v and d.text(v[0]) == rep["verdict"], f"{name}: verdict {v and d.text(v[0])!r}, "
                                                f"JSON {rep['verdict']!r}")
    g = [e for e in d.els if e["attrs"].get("id") == "gate"]
    check(g and d.text(g[0]) == rep["gate"], f"{name}: gate differs from the JSON report")
    rows = {r["attrs"].get("data-profile"): r for r in d.find("tr", "profile")}
    check(set(rows) == set(rep["profiles"]), f"{name}: profiles {sorted(rows)} vs JSON "
                                             f"{sorted(rep['profiles'])}")
    keys = ["pass", "fail", "error", "not_tested", "skip", "xfail", "xpass", "must_failed",
            "should_failed"]
    for p, row in rows.items():
        m = rep["profiles"].get(p, {})
        cells = {c: d.text(e) for e in d.els if e["parent"] is not None and
                 d.els[e["parent"]] is row for c in d.classes(e) if c.startswith("n-")}
        for k in keys:
            check(cells.get("n-" + k) == str(m.get(k)),
                  f"{name}: profile {p}: {k} shows {cells.get('n-' + k)!r}, JSON {m.get(k)!r}")
        check(cells.get("n-measured") == f"{m.get('measured')} of {m.get('total')}",
              f"{name}: profile {p}: measured {cells.get('n-measured')!r}")
        check(cells.get("n-score") == m.get("score"), f"{name}: profile {p}: score differs")
    cases = rep["cases"]
    bad = [c for c in cases if c["outcome"] in ("fail", "error", "not-tested", "xpass")]
    cards = d.find("div", "case", inside="failures")
    check(len(cards) == len(bad), f"{name}: {len(cards)} failure cards, JSON {len(bad)} failures")
    check(sorted(c["attrs"].get("data-case") for c in cards) == sorted(c["id"] for c in bad),
          f"{name}: failure cards name other cases than the JSON report")
    rules_json = {c["rule"] for c in bad}
    check(len(d.find("section", "rule", inside="failures")) == len(rules_json),
          f"{name}: failures not grouped by rule ({len(rules_json)} rules)")
    if bad:
        check(len(d.find("pre", "replay", inside="failures")) == len(bad),
              f"{name}: not every failure has its replay command")
    xf = [c for c in cases if c["outcome"] == "xfail"]
    check(len(d.find("div", "case", inside="excused")) == len(xf), f"{name}: excused cards")
    sk = [c for c in cases if c["outcome"] == "skip"]
    check(len(d.find("li", inside="skiplist")) == len(sk),
          f"{name}: {len(d.find('li', inside='skiplist'))} skipped cases listed, JSON {len(sk)}")
    return d


def hostile_suite():
    """A suite whose untrusted fields carry the payloads: profile (directory) name, case ids,
    rule, description, tags, input file names and contents."""
    root = os.path.join(TMP, "hostile-suite")
    prof = "hx<b class=pwned>dir"
    os.makedirs(os.path.join(root, prof, "inputs"))
    cases = []
    for i, pl in enumerate(PAYLOADS):
        fname = f"in{i}-\"'><i class=pwned>f.txt"
        with open(os.path.join(root, prof, "inputs", fname), "w") as f:
            f.write(f"body {i}: {HOSTILE}\n")
        cases.append({"id": f"case-{i}-{pl}", "rule": f"RULE-{pl}", "level": "MUST",
                      "description": f"desc {pl}", "tags": [pl], "input": f"inputs/{fname}",
                      "verdict": "invalid", "codes": [f"CODE_{pl}"]})
    with open(os.path.join(root, prof, "cases.json"), "w") as f:
        json.dump(cases, f)
    adapter = os.path.join(TMP, "hostile_adapter.py")
    with open(adapter, "w") as f:
        f.write(f'''import json, sys
H = {HOSTILE!r}
for line in sys.stdin:
    r = json.loads(line)
    if r["op"] == "hello":
        out = {{"seq": r["seq"], "protocol": 1, "implementation": {{"name": "impl" + H,
               "version": "v" + H, "language": "lang" + H,
               "homepage": "https://x.invalid/" + H}},
               "profiles": [{prof!r}], "capabilities": [{prof!r}, "codes", {prof + ".path"!r}]}}
    elif r["op"] == "validate":
        n = r["seq"] % 3
        if n == 0:
            out = {{"seq": r["seq"], "error": "error " + H}}
        elif n == 1:
            out = {{"seq": r["seq"], "verdict": "valid", "codes": ["GOT" + H]}}
        else:
            out = {{"seq": r["seq"], "verdict": "invalid", "codes": [H]}}
    else:
        out = {{"seq": r["seq"], "ok": True}}
    print(json.dumps(out), flush=True)
''')
    return root, f"python3 {adapter}"


def trace_run(name, events, illegal_at=0, hostile="", fname=None, profile="ignite", src=None):
    t = os.path.join(TMP, fname or (name + ".jsonl"))
    if src is None:
        args = [sys.executable, os.path.join(SRC, "tests/browser/gen_trace.py"), str(events)]
        if illegal_at:
            args += ["--illegal-at", str(illegal_at)]
        if hostile:
            args += ["--hostile", hostile]
        with open(t, "w") as f:
            subprocess.run(args, stdout=f, check=True)
    else:
        shutil.copy(src, t)
    h = os.path.join(TMP, name + ".html")
    with open(h, "w") as f:
        p = subprocess.run([AMC, "trace", "check", "--profile", profile, "--format", "html",
                            os.path.basename(t)], stdout=f, stderr=subprocess.PIPE, text=True,
                           timeout=300, cwd=TMP)
    want = 1 if illegal_at or hostile else None
    if want is not None:
        check(p.returncode == want, f"{name}: trace check --format html exit {p.returncode}")
    j = amc(["trace", "check", "--profile", profile, "--format", "json", os.path.basename(t)],
            cwd=TMP)
    return h, json.loads(j.stdout)


def check_trace_page(name, h, rep):
    d = parse(dump_dom(h))
    marks = [e for e in d.els if e["tag"] == "rect" and "ev" in d.classes(e)]
    check(len(marks) == rep["events"], f"{name}: {len(marks)} marks, JSON {rep['events']} events")
    by = {}
    for m in marks:
        by[m["attrs"].get("data-event")] = by.get(m["attrs"].get("data-event"), 0) + 1
    check(by == rep["events_by_name"], f"{name}: marks by event {by} vs JSON "
                                       f"{rep['events_by_name']}")
    errs = [m for m in marks if "err" in d.classes(m)]
    n_ev = d.find(cls="n-events")
    check(n_ev and d.text(n_ev[0]) == str(rep["events"]), f"{name}: the events count differs")
    if rep.get("stopped_at_line"):
        check(len(errs) == 1 and errs[0]["attrs"].get("data-line") == str(rep["stopped_at_line"]),
              f"{name}: the illegal step is not marked once at line {rep['stopped_at_line']}: "
              f"{[e['attrs'].get('data-line') for e in errs]}")
        ill = [e for e in d.els if e["attrs"].get("id") == "illegal"]
        first = next(x for x in rep["diagnostics"] if x["severity"] == "error")
        check(ill and first["code"] in d.text(ill[0]) and f"line {rep['stopped_at_line']}" in
              d.text(ill[0]), f"{name}: the illegal step's diagnostic is not shown")
        check(d.find("rect", "band"), f"{name}: no band marks the illegal step")
    else:
        check(not errs, f"{name}: error marks in a legal trace")
    check(d.find("svg", "tl"), f"{name}: no SVG timeline")
    return d


def audit_run(name, ws, cwd):
    """amc audit of ws, a path relative to cwd (as the page shows it)."""
    ws = ws.rstrip("/")
    h = os.path.join(TMP, name + ".html")
    with open(h, "w") as f:
        subprocess.run([AMC, "audit", "--format", "html", ws], stdout=f, timeout=300, cwd=cwd)
    j = json.loads(amc(["audit", "--format", "json", ws], cwd=cwd).stdout)
    return h, j


def check_audit_page(name, h, rep, ws):
    d = parse(dump_dom(h))
    # the workspace's own findings (reported under the directory itself) are not a file's
    files = sorted(f["file"][len(ws) + 1:] for f in rep["files"]
                   if f["diagnostics"] and f["file"] != ws)
    flagged = d.find("li", "flagged")
    check(sorted(e["attrs"].get("data-file") for e in flagged) == files,
          f"{name}: {len(flagged)} flagged files, JSON {len(files)} files with findings")
    e = d.find(cls="n-errors")
    check(e and d.text(e[0]) == str(sum(f["errors"] for f in rep["files"])),
          f"{name}: errors count differs")
    w = d.find(cls="n-warnings")
    check(w and d.text(w[0]) == str(sum(f["warnings"] for f in rep["files"])),
          f"{name}: warnings count differs")
    marks = [e for e in d.els if e["tag"] == "rect" and "ev" in d.classes(e)]
    check(len([m for m in marks if "ok" not in d.classes(m)]) == len(flagged),
          f"{name}: flagged marks differ from flagged files")
    return d


def hostile_workspace():
    ws = os.path.join(TMP, "hostile-ws")
    q = os.path.join(ws, "queue", "leader")
    os.makedirs(q)
    for i, pl in enumerate(PAYLOADS):
        with open(os.path.join(q, f"task_{1770000000000000 + i}-\"'><i class=pwned>.mime"),
                  "w") as f:
            f.write(f"MIME-Version: 1.0\nMessage-ID: <{i}{pl}@x>\nFrom: {HOSTILE}\n"
                    f"To: leader{pl}\nDate: now\n\ntask_id: \"{HOSTILE}\"\n")
    return ws


def check_report_page(name, h, jsons):
    reps = [json.load(open(j)) for j in jsons]
    d = parse(dump_dom(h))
    heads = d.find("th", "impl", inside="scores")
    check(len(heads) == len(reps), f"{name}: {len(heads)} columns, {len(reps)} reports")
    for k, rep in enumerate(reps):
        check(k < len(heads) and d.text(d.find("span", "impl-name")[k]) ==
              rep["implementation"]["name"], f"{name}: column {k} names another implementation")
        for prof, m in list(rep["profiles"].items()) + [("", rep["summary"])]:
            row = [r for r in d.find("tr", "scorerow") if r["attrs"].get("data-profile") == prof]
            cells = [e for e in d.els if e["tag"] == "td" and e["attrs"].get("data-impl") == str(k)
                     and row and e["parent"] is not None and d.els[e["parent"]] is row[0]]
            sc = [e for e in d.els if cells and "n-score" in d.classes(e) and
                  e["parent"] is not None and d.els[e["parent"]] is cells[0]]
            check(sc and d.text(sc[0]) == m["score"],
                  f"{name}: {rep['implementation']['name']} {prof or 'all'}: score "
                  f"{sc and d.text(sc[0])!r}, JSON {m['score']!r}")
            ms = [e for e in d.els if cells and "n-measured" in d.classes(e) and
                  cells[0]["text"] and f"{m['measured']} of {m['total']}" == d.text(e)]
            check(ms, f"{name}: {rep['implementation']['name']} {prof or 'all'}: measured "
                      f"differs from the JSON report")
    rows = d.find("tr", "caserow")
    keys = {}
    for k, rep in enumerate(reps):
        for c in rep["cases"]:
            keys.setdefault((c["profile"], c["id"]), [None] * len(reps))[k] = c["outcome"]
    check(len(rows) == len(keys), f"{name}: {len(rows)} rows, {len(keys)} cases in the reports")
    dis = sum(1 for v in keys.values() if len(set(o or "absent" for o in v)) > 1)
    check(len([r for r in rows if r["attrs"].get("data-disagree") == "1"]) == dis,
          f"{name}: disagreeing rows differ ({dis} in the reports)")
    bad = 0
    cells = {}
    for e in d.els:
        if e["tag"] == "td" and "cell" in d.classes(e):
            cells.setdefault(e["parent"], []).append(e)
    for r in rows:
        idx = d.els.index(r)
        want = keys.get((r["attrs"].get("data-profile"), r["attrs"].get("data-case")))
        got = [c["attrs"].get("data-outcome") for c in cells.get(idx, [])]
        bad += want is None or got != [o or "absent" for o in want]
    check(bad == 0, f"{name}: {bad} rows whose cells differ from the reports' outcomes")
    # disagreeing rows first within each profile
    order_ok = True
    for sec in d.find("section", "prof"):
        flags = [r["attrs"].get("data-disagree") for r in rows
                 if r["attrs"].get("data-profile") == sec["attrs"].get("data-profile")]
        order_ok &= flags == sorted(flags, reverse=True)
    check(order_ok, f"{name}: disagreeing rows are not first")
    html_el = d.find("html")
    check(html_el and html_el[0]["attrs"].get("data-filter") == "on",
          f"{name}: the page's own (hashed) filter script did not run")
    fn = [e for e in d.els if e["attrs"].get("id") == "fn"]
    check(fn and d.text(fn[0]) == f"{len(rows)} of {len(rows)} rows",
          f"{name}: the filter counted {fn and d.text(fn[0])!r}")
    return d


def main():
    # 1. conform pages: the reference adapter, a planted failing implementation, a hostile one
    ref_h, ref_j = conform_run("conform-reference", f"'{AMC}' adapter", want=0)
    broken = os.path.join(SRC, "tests/conform/broken/broken_adapter.py")
    bad_h, bad_j = conform_run("conform-failing", f"python3 '{broken}' accept-all", want=1)
    root, impl = hostile_suite()
    ho_h, ho_j = conform_run("conform-hostile", impl, want=(0, 1), suite=root)
    prefetch([(dump_dom, ref_h), (dump_dom, bad_h), (dump_dom, ho_h),
              (shoot, ref_h, "conform-reference", 1280, 1000),
              (shoot, ref_h, "conform-reference-phone", 390, 844),
              (shoot, bad_h, "conform", 1280, 1000), (shoot, bad_h, "conform-phone", 390, 844),
              (shoot, ho_h, "conform-hostile", 1280, 900)])
    check_conform_page("conform-reference", ref_h, ref_j)
    static_checks("conform-reference", ref_h, 0)
    screenshot(ref_h, "conform-reference", 1280, 1000)
    screenshot(ref_h, "conform-reference-phone", 390, 844)

    check_conform_page("conform-failing", bad_h, bad_j)
    static_checks("conform-failing", bad_h, 0)
    check(json.load(open(bad_j))["verdict"] == "not-conformant", "conform-failing: not failing")
    screenshot(bad_h, "conform", 1280, 1000)
    screenshot(bad_h, "conform-phone", 390, 844)
    csp_blocks_injected("conform-failing", bad_h)

    dh = check_conform_page("conform-hostile", ho_h, ho_j)
    static_checks("conform-hostile", ho_h, 0)
    # 2. trace timelines: an illegal step, a legal trace, a hostile one
    tr_h, tr_j = trace_run("trace", 300, illegal_at=62)
    ok_h, ok_j = trace_run("trace-legal", 0, src=os.path.join(SRC, "tests/data/trace/ignite-ok.jsonl"))
    th_name = "t\"'><i class=pwned>" + ".jsonl"
    th_h, th_j = trace_run("trace-hostile", 60, illegal_at=40, hostile=HOSTILE, fname=th_name)
    # 3. audit
    au_h, au_j = audit_run("audit", "tests/data/audit/mailbox-bad", SRC)
    ah_h, ah_j = audit_run("audit-hostile", os.path.relpath(hostile_workspace(), TMP), TMP)
    prefetch([(dump_dom, tr_h), (dump_dom, ok_h), (dump_dom, th_h), (dump_dom, au_h),
              (dump_dom, ah_h), (shoot, tr_h, "trace", 1280, 1000),
              (shoot, tr_h, "trace-phone", 390, 844), (shoot, au_h, "audit", 1280, 900),
              (shoot, th_h, "trace-hostile", 1280, 900)])
    check_trace_page("trace", tr_h, tr_j)
    static_checks("trace", tr_h, 0)
    screenshot(tr_h, "trace", 1280, 1000)
    screenshot(tr_h, "trace-phone", 390, 844)
    check_trace_page("trace-legal", ok_h, ok_j)
    d = check_trace_page("trace-hostile", th_h, th_j)
    static_checks("trace-hostile", th_h, 0)
    hostile_checks("trace-hostile", d, f"amc trace check: {th_j['file']}: illegal step")
    screenshot(th_h, "trace-hostile", 1280, 900)
    check_audit_page("audit", au_h, au_j, "tests/data/audit/mailbox-bad")
    static_checks("audit", au_h, 0)
    screenshot(au_h, "audit", 1280, 900)
    d = check_audit_page("audit-hostile", ah_h, ah_j, "hostile-ws")
    static_checks("audit-hostile", ah_h, 0)
    hostile_checks("audit-hostile", d, "amc audit: hostile-ws")

    # 4. amc report html: the reference and the failing implementation side by side, and with
    # the hostile one as a third column
    rp_h = os.path.join(TMP, "report.html")
    amc(["report", "html", "-o", rp_h, ref_j, bad_j], want=0)
    rh_h = os.path.join(TMP, "report-hostile.html")
    amc(["report", "html", "-o", rh_h, ref_j, bad_j, ho_j], want=0)
    prefetch([(dump_dom, rp_h), (dump_dom, rh_h), (shoot, rp_h, "report", 1280, 1000),
              (shoot, rp_h, "report-phone", 390, 844)])
    check_report_page("report", rp_h, [ref_j, bad_j])
    static_checks("report", rp_h, 1)
    screenshot(rp_h, "report", 1280, 1000)
    screenshot(rp_h, "report-phone", 390, 844)
    csp_blocks_injected("report", rp_h)
    d = check_report_page("report-hostile", rh_h, [ref_j, bad_j, ho_j])
    static_checks("report-hostile", rh_h, 1)
    hostile_checks("report-hostile", d, "amc report html: 3 implementations")
    p = amc(["report", "html", os.path.join(SRC, "tests/data/trace/ignite-ok.jsonl")], want=2)
    check(not p.stdout and "not" in p.stderr, "report html: a non-report is not refused")

    ho = json.load(open(ho_j))
    hostile_checks("conform-hostile", dh,
                   f"amc conform: {ho['implementation']['name']}: {ho['verdict']}")
    screenshot(ho_h, "conform-hostile", 1280, 900)


main()
shutil.rmtree(TMP, ignore_errors=True)
if failures:
    print(f"FAIL: {len(failures)} of {checks} checks")
    for f in failures:
        print(" -", f)
    sys.exit(1)
print(f"ok: {checks} checks")
