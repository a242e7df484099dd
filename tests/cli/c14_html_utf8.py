#!/usr/bin/env python3
"""ctest cli.c14_html_utf8: how the HTML pages write text (cli_html.c cli_html_textn and
utf8_len), checked against a reference written here, byte for byte, on one input of about 15 KiB
shown whole in an amc conform --html page (a failed case's input): every byte 0x00-0xFF alone;
every lead byte 0xC0-0xF7 followed by continuation bytes at the edges (0x7F, 0x80, 0xBF, 0xC0);
the code points at each edge (U+7F/80, U+7FF/800, U+D7FF/D800, U+DFFF/E000, U+FFFF/10000,
U+10FFFF/110000) in shortest and overlong forms; sequences cut short by the end of the text or ending there; and
a seeded random mix of such pieces. The reference: & < > " ' become entities; a control
character other than tab and newline, and DEL, becomes U+FFFD; a byte from 0x80 up starts a
valid UTF-8 sequence (2 to 4 bytes, no overlong form, no surrogate, nothing past U+10FFFF, all
of it before the end) that is copied whole, or is replaced by one U+FFFD (issue 22: the
boundaries of utf8_len and of the control-character test, which no page reached).
usage: c14_html_utf8.py AMC"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
FFFD = "\ufffd".encode()
ENT = {ord("&"): b"&amp;", ord("<"): b"&lt;", ord(">"): b"&gt;", ord('"'): b"&quot;",
       ord("'"): b"&#39;"}


def utf8_len(s, i):
    c = s[i]
    if 0xC2 <= c <= 0xDF:
        k, cp = 2, c & 0x1F
    elif 0xE0 <= c <= 0xEF:
        k, cp = 3, c & 0x0F
    elif 0xF0 <= c <= 0xF4:
        k, cp = 4, c & 0x07
    else:
        return 0
    if i + k > len(s):
        return 0
    for b in s[i + 1:i + k]:
        if b & 0xC0 != 0x80:
            return 0
        cp = cp << 6 | (b & 0x3F)
    if (k == 3 and cp < 0x800) or (k == 4 and not 0x10000 <= cp <= 0x10FFFF) or \
            0xD800 <= cp <= 0xDFFF:
        return 0
    return k


def escape(s):
    out, i = bytearray(), 0
    while i < len(s):
        c = s[i]
        if c in ENT:
            out += ENT[c]
        elif (c < 0x20 and c not in (9, 10)) or c == 0x7F:
            out += FFFD
        elif c >= 0x80:
            k = utf8_len(s, i)
            if k:
                out += s[i:i + k]
                i += k
                continue
            out += FFFD
        else:
            out.append(c)
        i += 1
    return bytes(out)


def enc(cp, k):  # code point cp in k bytes (overlong when k is more than it needs)
    lead = {1: 0, 2: 0xC0, 3: 0xE0, 4: 0xF0}[k]
    b = [lead | (cp >> (6 * (k - 1)))] + [0x80 | ((cp >> (6 * j)) & 0x3F)
                                          for j in range(k - 2, -1, -1)]
    return bytes(x & 0xFF for x in b)


pieces = [bytes([b]) for b in range(256)]
for lead in range(0xC0, 0xF8):
    for c1 in (0x7F, 0x80, 0xBF, 0xC0):
        pieces.append(bytes([lead, c1]))
        for c2 in (0x7F, 0x80, 0xBF, 0xC0):
            pieces.append(bytes([lead, c1, c2]))
            pieces.append(bytes([lead, c1, c2, 0x80]))
            pieces.append(bytes([lead, 0x80, c1, c2]))
for cp in (0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF,
           0x10000, 0x10FFFF, 0x110000, 0x13FFFF):
    for k in (2, 3, 4):
        if cp < (1 << (5 + 6 * (k - 1) - (k - 2))) or k == 4:
            pieces.append(enc(cp, k))
rng = random.Random(14)
text = b"|".join(pieces)
while len(text) < 15000:
    text += b"".join(rng.choice(pieces) for _ in range(8)) + b"|"
failures = []
for tail in (b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98", b"\xf0\x9f", b"\xed\x9f", b"\xc3\xa9",
             b"\xe2\x82\xac", b"\xf0\x9f\x98\x80"):
    data = text + b"|" + tail  # a sequence cut short by the end, or ending there
    with tempfile.TemporaryDirectory(prefix="amc-c14-utf8-") as t:
        os.makedirs(os.path.join(t, "suite", "mailbox", "inputs"))
        with open(os.path.join(t, "suite", "mailbox", "inputs", "bytes.json"), "wb") as fh:
            fh.write(data)
        case = {"id": "mailbox-x-001-bytes", "description": "bytes", "rule": "MAILBOX-ENV-001",
                "level": "MUST", "tags": ["schema"], "input": "inputs/bytes.json",
                "verdict": "valid", "codes": [], "absent_codes": [],
                "implementation": {"result": "ack"}}
        with open(os.path.join(t, "suite", "mailbox", "cases.json"), "w") as fh:
            json.dump([case], fh)
        page = os.path.join(t, "page.html")
        p = subprocess.run([AMC, "conform", "--suite", os.path.join(t, "suite"), "--impl-exec",
                            "exit 1", "--html", page], capture_output=True, timeout=60,
                           env=dict(os.environ, AMC_NO_CONFIG="1", NO_COLOR="1"))
        got = open(page, "rb").read() if os.path.exists(page) else b""
        pres = re.findall(rb'<pre class="input">(.*?)</pre>', got, flags=re.S)
        want = escape(data)
        if p.returncode != 1 or pres != [want]:
            where = ""
            if len(pres) == 1:
                g = pres[0]
                i = next((j for j in range(min(len(g), len(want))) if g[j] != want[j]),
                         min(len(g), len(want)))
                where = f"; first difference at byte {i}: got {g[i:i + 24]!r}, " \
                        f"want {want[i:i + 24]!r}"
            failures.append(f"tail {tail!r}: exit {p.returncode}, {len(pres)} input(s) shown"
                            f"{where}\n{p.stderr[-300:]!r}")
        try:
            got.decode("utf-8")
        except UnicodeDecodeError as e:
            failures.append(f"tail {tail!r}: the page is not valid UTF-8 ({e})")
for f in failures:
    print("FAIL:", f)
print("c14_html_utf8:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
