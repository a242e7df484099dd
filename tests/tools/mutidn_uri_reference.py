#!/usr/bin/env python3
"""mutidn_uri_reference.py - reference answers for amc_uri_resolve (src/schema/uri.c), written
from RFC 3986 (appendix B split, 5.2.2 resolution, 5.2.4 remove_dot_segments, 6.2.2 and 6.2.3
normalisation) and the decisions src/schema/uri.c's header states, for
tests/unit/test_mutidn_uri.c. Standard library only.

    python3 tests/tools/mutidn_uri_reference.py --write   # writes tests/data/mutidn/uri.json
    python3 tests/tools/mutidn_uri_reference.py N         # seed N's strings and answers

The strings: for each seed (a base, or none, and a reference), the reference and every string one
code point edit away from it (each code point deleted, replaced by each symbol of the alphabet,
each symbol inserted before it; each symbol appended), resolved against the seed's base. The
answer of one string is the result's bytes then a NUL, or 0x01 when the reference is refused
(AMC_EINVALID); one seed's answers are hashed with FNV-1a 64.

The decisions (uri.c's header): the characters RFC 3986 never allows (controls, space, '"' '<'
'>' '\\' '^' '`' '{' '|' '}', DEL) refuse the reference, as does a '%' without two hex digits, a
bad scheme, a ':' first or a second '#'; non-ASCII passes as it is; the base's fragment is
ignored; the result has the scheme and the host (after the last '@' of the authority) in lower
case, pct-encoded unreserved characters decoded and other escapes' hex in upper case (in every
component), an empty path after an authority becomes "/" for http, https, ws, wss and file, and
a path starting "//" without an authority gets a "/." prefix.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'data', 'mutidn', 'uri.json')
HEX = '0123456789abcdefABCDEF'
BAD = set('"<>\\^`{|}\x7f')


def unreserved(c):
    return c.isascii() and (c.isalnum() or c in '-._~')


def parse(s):
    for i, c in enumerate(s):
        if ord(c) <= 0x20 or c in BAD:
            return None
        if c == '%' and not (i + 2 < len(s) and s[i + 1] in HEX and s[i + 2] in HEX):
            return None
    p = {'scheme': None, 'auth': None, 'path': '', 'query': None, 'frag': None}
    rest = s
    i = 0
    while i < len(s) and s[i] not in ':/?#':
        i += 1
    if i < len(s) and s[i] == ':':
        if i == 0:
            return None
        sch = s[:i]
        if not (sch[0].isascii() and sch[0].isalpha()):
            return None
        if any(not (c.isascii() and (c.isalnum() or c in '+-.')) for c in sch[1:]):
            return None
        p['scheme'] = sch
        rest = s[i + 1:]
    if '#' in rest:
        rest, p['frag'] = rest.split('#', 1)
        if '#' in p['frag']:
            return None
    if '?' in rest:
        rest, p['query'] = rest.split('?', 1)
    if rest.startswith('//'):
        j = 2
        while j < len(rest) and rest[j] != '/':
            j += 1
        p['auth'] = rest[2:j]
        rest = rest[j:]
    p['path'] = rest
    return p


def remove_dot_segments(inp):
    out = []
    while inp:
        if inp.startswith('../'):
            inp = inp[3:]
        elif inp.startswith('./'):
            inp = inp[2:]
        elif inp.startswith('/./'):
            inp = inp[2:]
        elif inp == '/.':
            inp = '/'
        elif inp.startswith('/../') or inp == '/..':
            inp = '/' + inp[4:] if inp.startswith('/../') else '/'
            if out:
                out.pop()
        elif inp in ('.', '..'):
            inp = ''
        else:
            j = inp.find('/', 1)
            if j < 0:
                j = len(inp)
            out.append(inp[:j])
            inp = inp[j:]
    return ''.join(out)


def norm(s, lower=False):
    o = []
    i = 0
    while i < len(s):
        c = s[i]
        if c == '%' and i + 2 < len(s) and s[i + 1] in HEX and s[i + 2] in HEX:
            d = chr(int(s[i + 1:i + 3], 16))
            o.append(d if unreserved(d) else '%' + s[i + 1:i + 3].upper())
            i += 3
            continue
        if lower and 'A' <= c <= 'Z':
            c = c.lower()
        o.append(c)
        i += 1
    return ''.join(o)


def resolve(base, ref):
    r = parse(ref)
    if r is None:
        return None
    if r['scheme'] is None:
        b = parse(base) if base is not None else None
        if b is None or b['scheme'] is None:
            return None
    t = {}
    if r['scheme'] is not None:
        t = dict(scheme=r['scheme'], auth=r['auth'], path=remove_dot_segments(r['path']),
                 query=r['query'])
    elif r['auth'] is not None:
        t = dict(scheme=b['scheme'], auth=r['auth'], path=remove_dot_segments(r['path']),
                 query=r['query'])
    elif r['path'] == '':
        t = dict(scheme=b['scheme'], auth=b['auth'], path=b['path'],
                 query=r['query'] if r['query'] is not None else b['query'])
    elif r['path'].startswith('/'):
        t = dict(scheme=b['scheme'], auth=b['auth'], path=remove_dot_segments(r['path']),
                 query=r['query'])
    else:
        if b['auth'] is not None and b['path'] == '':
            merged = '/' + r['path']
        else:
            merged = b['path'][:b['path'].rfind('/') + 1] + r['path']
        t = dict(scheme=b['scheme'], auth=b['auth'], path=remove_dot_segments(merged),
                 query=r['query'])
    o = norm(t['scheme'], True) + ':'
    if t['auth'] is not None:
        a = t['auth']
        at = a.rfind('@') + 1
        o += '//' + norm(a[:at]) + norm(a[at:], True)
        if t['path'] == '' and t['scheme'].lower() in ('http', 'https', 'ws', 'wss', 'file'):
            o += '/'
    elif t['path'].startswith('//'):
        o += '/.'
    o += norm(t['path'])
    if t['query'] is not None:
        o += '?' + norm(t['query'])
    if r['frag'] is not None:
        o += '#' + norm(r['frag'])
    return o


ALPHA = ['/', '.', '%', '2', 'e', 'E', 'A', 'a', ':', '?', '#', '@', ' ', '\u00e9', '7', 'F',
         '-', '~', '+', '[', '0', '9', 'Z', '"', '<', '>', '\\', '^', '`', '{', '|', '}',
         '\x7f', '\t']

SEEDS = [
    ('http://a/b/c/d;p?q', 'g'), ('http://a/b/c/d;p?q', '../g'), ('http://a/b/c/d;p?q', './g/.'),
    ('http://a/b/c/d;p?q', '/./g'), ('http://a/b/c/d;p?q', 'g/../h'), ('http://a/b/c/d;p?q', '?y'),
    ('http://a/b/c/d;p?q', '#s'), ('http://a/b/c/d;p?q', ''), ('http://a/b/c/d;p?q', '//g'),
    ('http://a/b/c/d;p?q', '../../../g'), ('http://a/b/c/d;p?q#f', 'g;x=1/../y'),
    ('http://a', 'b'), ('http://a?q', '#f'), ('HTTP://U@X.ORG:80', 'c%2e%41'),
    ('foo:a/b', './c'), ('urn:ex:a', '#/x'), ('foo:/a/b', '..//c'), ('file:///x/y', 'z'),
    (None, 'http://x/a/./b/../c'), (None, 'HTTPS://Us%65r@HoSt%2D1/%7e%7E%2f'),
    (None, 'ws://h'), (None, 'wss://h?'), (None, 'file://h#'), (None, 'ftp://h'),
    (None, 'https:/a/..//h;x'), (None, 'foo:a/..//b'), (None, 'a+b.c-d:x'), (None, 'mailto:é@x'),
    (None, 'x:%zz'), (None, 'http://[::1]/'), ('http://x/a', '//y/..//z'), ('x:/a/b/c', '.'),
    ('x:/a/b/c', '..'), ('x:/a/b/c', '/..'), ('x:/a/b/c', 'd/.'), ('x:a', 'b'),
    ('http://a/b/', 'c/./d/../../e?%41#%7e'), ('http://a:8/b?c#d', 'x:y'),
    ('http://a/', '%a0%0a%e9'), (None, 'foo:../a'), ('foo:a', '../'), (None, 'Z9+.-:x'), (None, 'x://'), ('http://a/b', '//'), ('http://a/b', 'c//'), ('x:/a', '%2e%2E/b'),
]


def neighbours(seed):
    yield seed
    n = len(seed)
    for i in range(n + 1):
        if i < n:
            yield seed[:i] + seed[i + 1:]
            for a in ALPHA:
                yield seed[:i] + a + seed[i + 1:]
        for a in ALPHA:
            yield seed[:i] + a + seed[i:]


def answer(base, ref):
    r = resolve(base, ref)
    return b'\x01' if r is None else r.encode('utf-8') + b'\x00'


def fnv(data):
    h = 0xcbf29ce484222325
    for c in data:
        h = ((h ^ c) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return '%016x' % h


def main(argv):
    if argv[1:] == ['--write']:
        seeds, total, ok = [], 0, 0
        for base, ref in SEEDS:
            data = b''
            for s in neighbours(ref):
                a = answer(base, s)
                data += a
                total += 1
                ok += a != b'\x01'
            seeds.append({'base': base, 'ref': ref, 'hash': fnv(data)})
        out = {'generator': 'tests/tools/mutidn_uri_reference.py', 'alphabet': ALPHA,
               'seeds': seeds, 'strings': total, 'resolved': ok}
        os.makedirs(os.path.dirname(OUT), exist_ok=True)
        with open(OUT, 'w', encoding='utf-8') as f:
            json.dump(out, f, ensure_ascii=False, indent=1)
            f.write('\n')
        print('%d strings, %d resolved' % (total, ok))
        return 0
    if len(argv) == 2:
        base, ref = SEEDS[int(argv[1])]
        for s in neighbours(ref):
            print(repr(s), '->', repr(resolve(base, s)))
        return 0
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
