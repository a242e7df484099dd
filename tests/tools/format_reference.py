#!/usr/bin/env python3
"""format_reference.py - reference answers for JSON Schema formats, from the grammars of their
RFCs written out here independently of src/schema/format.c, and the data unit.test_lead_formats
holds amc_format_check to.

The strings: each seed of tests/data/lead/formats/references.json and every string one byte edit
away from it (for each byte position: the byte deleted, replaced by each symbol of the alphabet,
each symbol inserted before it; then each symbol appended). A symbol may be a multi-byte UTF-8
character; seeds are ASCII, so every string is valid UTF-8. The answers of one seed's strings, one
'1' or '0' each, are hashed (FNV-1a 64) and the hash is kept in the file.

  python3 tests/tools/format_reference.py            rewrite the hashes in the data file
  python3 tests/tools/format_reference.py FORMAT N   print the strings of FORMAT's N-th seed
                                                     (0-based) with the reference answers

References (what each format means here):
  date, time, date-time  RFC 3339 section 5.6 (full-date, full-time, date-time; "T", "Z" in
                         either case; seconds 60 only where the time in UTC is 23:59:60)
  ipv4                   RFC 2673 section 3.2 dotted-quad, no leading zeros (Python ipaddress)
  ipv6                   RFC 4291 section 2.2 (Python ipaddress), no zone id
  uuid                   RFC 4122 section 3, hexadecimal digits of either case
  duration               RFC 3339 appendix A (ISO 8601 durations), "P", "T" and the units as
                         written there (upper case)
  json-pointer           RFC 6901 section 3
  uri, uri-reference     RFC 3986 sections 3 and 4.1 (IP-literal hosts: ipv6 above or IPvFuture)
  uri-template           RFC 6570 level 4, "'" a literal and = , ! @ | refused as operators
                         (the reading src/schema/format.c documents)
  relative-json-pointer  draft-bhutton-relative-json-pointer-00
  hostname               RFC 1123 2.1 (A-labels not judged: no seed leads to one)
  email                  RFC 5321 4.1.2 Mailbox, address literals of IPv4 and IPv6
  iri, iri-reference     RFC 3987 section 2.2
"""
import calendar
import ipaddress
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data", "lead", "formats", "references.json")


def _date(s):
    m = re.fullmatch(r"([0-9]{4})-([0-9]{2})-([0-9]{2})", s)
    if not m:
        return False
    y, mo, d = map(int, m.groups())
    return 1 <= mo <= 12 and 1 <= d <= calendar.monthrange(y, mo)[1]


def _time(s):
    m = re.fullmatch(r"([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?([Zz]|[+-]([0-9]{2}):([0-9]{2}))",
                     s)
    if not m:
        return False
    h, mi, se = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if h > 23 or mi > 59 or se > 60:
        return False
    oh = om = 0
    sign = 1
    if m.group(5) not in ("Z", "z"):
        oh, om = int(m.group(6)), int(m.group(7))
        sign = 1 if m.group(5)[0] == "+" else -1
        if oh > 23 or om > 59:
            return False
    if se == 60 and (h * 60 + mi - sign * (oh * 60 + om)) % 1440 != 23 * 60 + 59:
        return False
    return True


def date_time(s):
    m = re.fullmatch(r"(.{10})[Tt](.*)", s, re.S)
    return bool(m) and _date(m.group(1)) and _time(m.group(2))


def ipv4(s):
    if not re.fullmatch(r"[0-9.]+", s):
        return False
    try:
        ipaddress.IPv4Address(s)
        return True
    except ValueError:
        return False


def ipv6(s):
    if not re.fullmatch(r"[0-9A-Fa-f:.]+", s):
        return False
    try:
        ipaddress.IPv6Address(s)
        return True
    except ValueError:
        return False


def hostname(s):
    """RFC 1123 2.1 labels, at most 253 octets, no trailing dot; A-labels ("xn--") are not judged
    here (their Punycode and IDNA rules): no seed may lead to one"""
    if len(s) > 253 or not s:
        return False
    for lab in s.split("."):
        if not re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?", lab):
            return False
        if lab[:4].lower() == "xn--":
            raise ValueError("an A-label: not judged by this reference: %r" % s)
    return True


ATEXT = r"[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]"


def email(s):
    """RFC 5321 Mailbox: Dot-string or Quoted-string local part of at most 64 octets, then a
    hostname or an address literal [IPv4] / [IPv6:...] (no General-address-literal)"""
    m = re.fullmatch(r"(.*)@([^@]*)", s, re.S)
    if not m:
        return False
    local, dom = m.group(1), m.group(2)
    if len(local.encode()) > 64:
        return False
    if not (re.fullmatch(r"%s+(?:\.%s+)*" % (ATEXT, ATEXT), local) or
            re.fullmatch(r'"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"', local)):
        return False
    if dom.startswith("["):
        if not dom.endswith("]"):
            return False
        inner = dom[1:-1]
        return ipv6(inner[5:]) if inner.startswith("IPv6:") else ipv4(inner)
    return hostname(dom)


_T = r"T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)"
_DUR = re.compile(r"P(?:(?:[0-9]+D|[0-9]+M(?:[0-9]+D)?|[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?)(?:%s)?|%s|[0-9]+W)"
                  % (_T, _T))

# RFC 3986 URI and URI-reference (sections 3 and 4.1), IP-literal hosts checked as ipv6 above;
# RFC 3987 IRI and IRI-reference (section 2.2): the same grammar with ucschar where unreserved is
# and iprivate in the query
PCT = r"%[0-9A-Fa-f]{2}"
SUB = r"[!$&'()*+,;=]"
DEC = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])"
IPV4 = r"%s\.%s\.%s\.%s" % (DEC, DEC, DEC, DEC)
UCSCHAR = ("\u00a0-\ud7ff\uf900-\ufdcf\ufdf0-\uffef" +
           "".join("%s-%s" % (chr(p << 16), chr((p << 16) | 0xFFFD)) for p in range(1, 14)) +
           "\U000e1000-\U000efffd")
IPRIVATE = "\ue000-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd"


def uri_grammar(ucs, priv):
    """(is_absolute, is_reference) for the URI grammar with the extra unreserved characters ucs
    and the extra query characters priv (both "" for RFC 3986)"""
    u = r"[A-Za-z0-9\-._~%s]" % ucs
    pchar = r"(?:%s|%s|%s|[:@])" % (u, PCT, SUB)
    seg, segnz = pchar + "*", pchar + "+"
    segnznc = r"(?:%s|%s|%s|@)+" % (u, PCT, SUB)
    query = r"(?:%s|[/?%s])*" % (pchar, priv)
    frag = r"(?:%s|[/?])*" % pchar
    regname = r"(?:%s|%s|%s)*" % (u, PCT, SUB)
    userinfo = r"(?:%s|%s|%s|:)*" % (u, PCT, SUB)

    def host_ok(h):
        if h.startswith("["):
            if not h.endswith("]"):
                return False
            inner = h[1:-1]
            if re.fullmatch(r"[vV][0-9A-Fa-f]+\.(?:[A-Za-z0-9\-._~]|%s|:)+" % SUB, inner):
                return True
            return ipv6(inner)
        return bool(re.fullmatch(IPV4, h) or re.fullmatch(regname, h))

    def hier_ok(s, relative):
        if s.startswith("//"):
            rest = s[2:]
            i = len(rest)
            for k, c in enumerate(rest):
                if c == "/":
                    i = k
                    break
            m = re.fullmatch(r"(?:(%s)@)?(\[[^\]/?#@]*\]|[^:\[\]/?#@]*)(?::([0-9]*))?" % userinfo,
                             rest[:i])
            return bool(m) and host_ok(m.group(2)) and bool(re.fullmatch(r"(?:/%s)*" % seg, rest[i:]))
        if s == "":
            return True
        if s.startswith("/"):
            return bool(re.fullmatch(r"/(?:%s(?:/%s)*)?" % (segnz, seg), s))
        return bool(re.fullmatch(r"%s(?:/%s)*" % (segnznc if relative else segnz, seg), s))

    def parts_ok(rest, relative):
        m = re.fullmatch(r"([^?#]*)(?:\?([^#]*))?(?:#(.*))?", rest, re.S)
        return (hier_ok(m.group(1), relative)
                and (m.group(2) is None or bool(re.fullmatch(query, m.group(2))))
                and (m.group(3) is None or bool(re.fullmatch(frag, m.group(3)))))

    def absolute(s):
        m = re.fullmatch(r"([A-Za-z][A-Za-z0-9+\-.]*):(.*)", s, re.S)
        return bool(m) and parts_ok(m.group(2), False)

    def reference(s):
        return absolute(s) or parts_ok(s, True)
    return absolute, reference


uri, uri_reference = uri_grammar("", "")
iri, iri_reference = uri_grammar(UCSCHAR, IPRIVATE)


# RFC 6570 level 4 (with ' as a literal: the reading of 2.1 that src/schema/format.c documents,
# and the reserved operators = , ! @ | refused)
LIT = r"(?:[\x21\x23\x24\x26-\x3b\x3d\x3f-\x5b\x5d\x5f\x61-\x7a\x7e]|%s|[\u00a0-\ud7ff\uf900-\ufdcf\ufdf0-\uffef\U00010000-\U0001fffd\U00020000-\U0002fffd\U00030000-\U0003fffd\U00040000-\U0004fffd\U00050000-\U0005fffd\U00060000-\U0006fffd\U00070000-\U0007fffd\U00080000-\U0008fffd\U00090000-\U0009fffd\U000a0000-\U000afffd\U000b0000-\U000bfffd\U000c0000-\U000cfffd\U000d0000-\U000dfffd\U000e1000-\U000efffd]|[\ue000-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd])" % PCT
VARCHAR = r"(?:[A-Za-z0-9_]|%s)" % PCT
VARSPEC = r"%s(?:\.?%s)*(?::[1-9][0-9]{0,3}|\*)?" % (VARCHAR, VARCHAR)
EXPR = r"\{[+#./;?&]?%s(?:,%s)*\}" % (VARSPEC, VARSPEC)
def uri_template(s): return bool(re.fullmatch(r"(?:%s|%s)*" % (LIT, EXPR), s))
NNI = r"(?:0|[1-9][0-9]*)"
def rjp(s): return bool(re.fullmatch(r"%s(?:[+-]%s)?(?:#|(?:/(?:[^/~]|~[01])*)*)" % (NNI, NNI), s, re.S))


REF = {
    "date-time": date_time,
    "date": _date,
    "time": _time,
    "ipv4": ipv4,
    "ipv6": ipv6,
    "uuid": lambda s: bool(re.fullmatch(r"[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}", s)),
    "duration": lambda s: bool(_DUR.fullmatch(s)),
    "json-pointer": lambda s: bool(re.fullmatch(r"(/(?:[^/~]|~[01])*)*", s, re.S)),
    "uri": uri,
    "uri-reference": uri_reference,
    "uri-template": uri_template,
    "relative-json-pointer": rjp,
    "hostname": hostname,
    "email": email,
    "iri": iri,
    "iri-reference": iri_reference,
}


def neighbours(seed, alphabet):
    """the seed, then for each character (code point) of it: deleted, replaced by each symbol,
    each symbol inserted before it; then each symbol appended"""
    out = [seed]
    for i in range(len(seed) + 1):
        if i < len(seed):
            out.append(seed[:i] + seed[i + 1:])
            for a in alphabet:
                out.append(seed[:i] + a + seed[i + 1:])
        for a in alphabet:
            out.append(seed[:i] + a + seed[i:])
    return out


def answers(fmt, seed, alphabet):
    strs = neighbours(seed, alphabet)
    return [x.encode() for x in strs], "".join("1" if REF[fmt](x) else "0" for x in strs)


def fnv(text):
    h = 0xcbf29ce484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def main():
    data = json.load(open(DATA, encoding="utf-8"))
    if len(sys.argv) == 3:
        f = data["formats"][sys.argv[1]]
        strs, ans = answers(sys.argv[1], f["seeds"][int(sys.argv[2])], f["alphabet"])
        for i, (s, a) in enumerate(zip(strs, ans)):
            print("%d\t%s\t%s" % (i, json.dumps(s.decode("utf-8"), ensure_ascii=False), a))
        return 0
    n = 0
    for fmt, f in data["formats"].items():
        f["hashes"] = []
        for seed in f["seeds"]:
            strs, ans = answers(fmt, seed, f["alphabet"])
            f["hashes"].append(fnv(ans))
            n += len(strs)
    data["python"] = sys.version.split()[0]
    with open(DATA, "w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False, indent=1)
        out.write("\n")
    print("%s: %d strings, %d formats" % (DATA, n, len(data["formats"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
