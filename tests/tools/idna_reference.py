#!/usr/bin/env python3
"""idna_reference.py - reference answers for the idn-hostname and idn-email formats, from
Python's `idna` package (3.13: RFC 5892 derived properties, RFC 5892 Appendix A CONTEXTJ and
CONTEXTO rules, RFC 5893 Bidi rule) and its Punycode (RFC 3492), for tests/unit/test_mutidn_idn.c.

Run by hand (CI has no `idna`); it writes tests/data/mutidn/idn.json:

    python3 tests/tools/idna_reference.py --write          # regenerate the stored hashes
    python3 tests/tools/idna_reference.py GROUP N          # print group GROUP's seed N's strings
                                                           # with the reference's answers
    python3 tests/tools/idna_reference.py --compare PROG   # list the strings on which amc
                                                           # disagrees with the reference (PROG:
                                                           # tests/tools/mutidn_format_check.c)

The strings: for each group, each seed and every string one code point edit away from it (each
code point deleted, replaced by each symbol of the group's alphabet, each symbol inserted before
it; each symbol appended), in the order test_mutidn_idn.c walks them. The answers of one seed's
strings ('1' valid, '0' invalid, one byte each) are hashed with FNV-1a 64.

What the reference is (RFC 5890-5893 through idna's own functions), and where it deliberately
follows amc's documented choices rather than idna.encode():
  - labels are separated by U+002E, U+3002, U+FF0E, U+FF61 (RFC 3490 3.1, idna's
    _unicode_dots_re); no empty label, so no leading, doubled or trailing separator (amc, like
    JSON Schema's hostname, has no root label);
  - an all-ASCII label is LDH (letters of either case, digits, '-'), 1-63 octets, no '-' first
    or last, no "--" in positions 3-4 unless it starts "xn--" (any case): then it is an A-label:
    what follows "xn--", lowercased, must decode as Punycode to a U-label that re-encodes to
    exactly that text (RFC 5891 5.4, RFC 5890 2.3.2.1) and passes the U-label checks;
  - a non-ASCII label is a U-label: idna.core's check_hyphen_ok, check_initial_combiner, every
    code point PVALID, or CONTEXTJ / CONTEXTO with valid_contextj / valid_contexto true; its
    A-label ("xn--" + Punycode) at most 63 octets;
  - NFC is NOT checked: idna.check_label does (RFC 5891 5.4 wants NFC), amc documents that it
    does not (src/schema/format.c's header: no normalisation tables), so the reference skips
    idna's check_nfc (a known deviation of amc, not pinned either way here);
  - the Bidi rule (idna.core.check_bidi with check_ltr=True) applies to every label, ASCII ones
    included, when any label holds an R, AL or AN code point (RFC 5893 section 1.4: a "Bidi
    domain name"); idna.encode applies check_bidi to each label on its own, which lets an
    LTR label such as "1a" next to an RTL one: RFC 5893 2 says the rule holds for all labels;
  - the whole name in A-label form, labels joined by '.', at most 253 octets;
  - idn-email: RFC 6531 Mailbox as amc reads it: a Dot-string of atext and non-ASCII, or a
    Quoted-string (qtextSMTP, quoted-pairSMTP, non-ASCII), at most 64 octets, '@', then an
    idn-hostname as above (the alphabets hold no '[': address literals are the email tests').

Every symbol of the alphabets is assigned in this Python's Unicode (14.0; idna's own tables are
17.0 and amc's are built from idna 3.13 with Unicode 15.1 properties); the generator checks that.
"""
import json
import os
import random
import re
import sys
import unicodedata

import idna
from idna import idnadata
from idna.core import (IDNAError, check_bidi, check_hyphen_ok, check_initial_combiner,
                       valid_contextj, valid_contexto)
from idna.intranges import intranges_contain

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'data', 'mutidn', 'idn.json')

SEPS = re.compile('[.\u3002\uff0e\uff61]')
LDH = re.compile('[A-Za-z0-9-]{1,63}')
PVALID = idnadata.codepoint_classes['PVALID']
CONTEXTJ = idnadata.codepoint_classes['CONTEXTJ']
CONTEXTO = idnadata.codepoint_classes['CONTEXTO']


def puny(u):
    return u.encode('punycode').decode('ascii')


def ulabel_ok(u):
    if not u:
        return False
    try:
        check_hyphen_ok(u)
        check_initial_combiner(u)
        for pos, ch in enumerate(u):
            cp = ord(ch)
            if intranges_contain(cp, PVALID):
                continue
            if intranges_contain(cp, CONTEXTJ):
                if not valid_contextj(u, pos):
                    return False
            elif intranges_contain(cp, CONTEXTO):
                if not valid_contexto(u, pos):
                    return False
            else:
                return False
    except (IDNAError, ValueError):
        return False
    return True


def label(lab):
    """(U-label text, length in A-label form) or None"""
    if all(ord(c) < 0x80 for c in lab):
        if not LDH.fullmatch(lab) or lab[0] == '-' or lab[-1] == '-':
            return None
        if lab[:4].lower() == 'xn--':
            body = lab[4:].lower()
            try:
                u = body.encode('ascii').decode('punycode')
            except (UnicodeError, ValueError, OverflowError):
                return None
            if puny(u) != body or not ulabel_ok(u):
                return None
            return (u, len(lab))
        if lab[2:4] == '--':
            return None
        return (lab, len(lab))
    if not ulabel_ok(lab):
        return None
    alen = 4 + len(puny(lab))
    if alen > 63:
        return None
    return (lab, alen)


def is_rtl(u):
    return any(unicodedata.bidirectional(c) in ('R', 'AL', 'AN') for c in u)


def idn_hostname(s):
    if s == '':
        return False
    labs = []
    for lab in SEPS.split(s):
        if lab == '':
            return False
        r = label(lab)
        if r is None:
            return False
        labs.append(r)
    if sum(a for _, a in labs) + len(labs) - 1 > 253:
        return False
    if any(is_rtl(u) for u, _ in labs):
        for u, _ in labs:
            try:
                check_bidi(u, check_ltr=True)
            except IDNAError:
                return False
    return True


ATEXT = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~")


def idn_email(s):
    i, n = 0, len(s)
    if n == 0:
        return False
    if s[0] == '"':
        i = 1
        while True:
            if i >= n:
                return False
            c = s[i]
            if c == '"':
                break
            if c == '\\':
                if i + 1 >= n or not (32 <= ord(s[i + 1]) <= 126):
                    return False
                i += 2
            elif 32 <= ord(c) <= 126 or ord(c) >= 0x80:
                i += 1
            else:
                return False
        i += 1
    else:
        need_atom = True
        while i < n and s[i] != '@':
            c = s[i]
            if c == '.':
                if need_atom:
                    return False
                need_atom = True
            elif c in ATEXT or ord(c) >= 0x80:
                need_atom = False
            else:
                return False
            i += 1
        if need_atom:
            return False
    if len(s[:i].encode()) > 64 or i >= n or s[i] != '@':
        return False
    dom = s[i + 1:]
    assert not dom.startswith('['), s
    return idn_hostname(dom)


CHECK = {'idn-hostname': idn_hostname, 'idn-email': idn_email}

# ---------------------------------------------------------------- the strings

def a_of(u):
    return 'xn--' + puny(u)


# the alphabet: ASCII letters (one upper case), digits, '-', the four separators, Latin, a
# combining mark, the CONTEXTO code points and their neighbours (middle dot, Greek keraia and
# alpha, Hebrew geresh, gershayim, alef and a point, the Arabic-Indic and extended digits, the
# katakana middle dot with katakana, hiragana and Han), the joiners with a virama and Arabic
# letters of joining types D, R and T, an L-joining letter (Phags-pa), an AN digit that is PVALID
# (Hanifi Rohingya), an ON letter (modifier prime), and two DISALLOWED code points
ALPHA_HOST = ['a', 'l', 'n', 'x', 'A', '1', '-', '.', '\u3002', '\uff0e', '\uff61', '\u00e9',
              '\u00df', '\u0301', '\u00b7', '\u0375', '\u03b1', '\u05d0', '\u05b0', '\u05f3',
              '\u05f4', '\u0627', '\u0628', '\u064b', '\u0661', '\u06f1', '\U00010d31',
              '\u02b9', '\u200c', '\u200d', '\u0915', '\u094d', '\ua872', '\u30fb', '\u30a2',
              '\u3042', '\u4e2d', '\u00a0', '\u2160']
ALPHA_LONG = ['a', '-', '.', '\u00e9', '\u3002', '\u05d0', '1']
ALPHA_EMAIL = ['a', '1', '-', '.', '@', '"', '\\', ' ', '\u00e9', '\u05d0', '\u0661', '\u3002',
               '\u0000', '(']

SEEDS_HOST = [
    'example.com', 'a', 'xn--bcher-kva.example', 'münchen.de', 'ουτοπία.δπθ', '실례.테스트',
    'Ab-9.xY', 'a-b.c-d-e', 'ab--c', 'xn--ihqwcrb4cv8a8dqg056pqjye', a_of('ß') + '.de',
    'XN--BCHER-KVA.de', 'xn--a', 'xn---', '-a.b', 'a-.b', 'a.b.',
    # Bidi
    'אב', 'אב1', 'א1ב', '1אב', 'ב\u05b0', 'ب', 'ب١', 'ب۱', 'ب\u064b', 'abc.אב', '1a.אב',
    'a1.ب', 'אב.a-b', 'א-ב', 'ב\u02b9ג', 'a\u02b9', 'ب\U00010d31', a_of('אב') + '.com',
    a_of('ب١٢') + '.a', 'abcdef.' + a_of('אב'), 'abcdef.אב', 'אב\u200cג', 'ب\u200cب', 'ب\u064b\u200c\u064bا',
    # CONTEXTJ / CONTEXTO
    'क\u094d\u200d', 'क\u094d\u200c', '\u200d', 'a\u200cb', '\ua872\u200cب', 'l·l', 'l·',
    '·l', 'a·l', '\u0375α', 'α\u0375', 'א\u05f3', 'א\u05f4ב', '\u05f3', 'ア\u30fbア', '\u30fb',
    'a\u30fb', '中\u30fb', 'ぁ\u30fba', '٠١٢', '۰۱۲', '١۱', 'ب٠', 'ب۰',
    'ب٩', 'ب۹', 'ب٠۰', 'all.l·', 'abα.x\u0375', 'aאב.ב\u05f3',  # range ends, stale code points
    # marks, hyphens, separators
    '\u0301a', 'e\u0301', 'é\u0301', 'aé-é', 'éé--a', 'é-', '-é', 'a\u3002b', 'a\uff0eb',
    'a\uff61b', 'é\u3002com', '\u3002a', 'a\uff0e', 'aA', 'Aé', 'a b', '\u00a0',
]

SEEDS_LONG = [
    'a' * 63 + '.com', 'a' * 64, 'é' + 'a' * 56, 'a' * 40 + '.' + 'é' * 8,
    '.'.join(['a' * 63] * 3 + ['a' * 61]), '.'.join(['a' * 62] * 3 + ['é' * 4 + 'a' * 49]),
    '.'.join(['a' * 63] * 3 + ['א' * 6 + 'a' * 49]), 'a' * 50 + 'é' * 4,
]

SEEDS_EMAIL = [
    'user@example.com', 'a@b', 'ö@é.com', 'a.b@c.d', '"a b"@ב.ק', '"a\\"b"@x', '"é"@b',
    '用户@例子.广告', 'a..b@c', '.a@b', 'a.@b', 'a@', '@b', 'a@b@c', 'a' * 64 + '@b.c',
    'é' * 32 + '@b', 'a@אב1.ب', 'a@l·l', 'a@xn--bcher-kva.de', 'a@b\u3002c', '"@"@x', '""@x',
    '"\\é"@x',
    '@', 'a', '"', '"a\\',
]



def puny_seeds():
    """A-labels (and their U-labels) of pseudo-random valid labels over every plane's
    left-to-right PVALID letters: Punycode's deltas, bias adaptation and thresholds at many
    sizes; their one-character edits are mostly other Punycode strings. Deterministic."""
    rng = random.Random(3492)
    letters = [cp for cp in range(0x80, 0x30000)
               if intranges_contain(cp, PVALID) and unicodedata.category(chr(cp))[0] == 'L'
               and unicodedata.bidirectional(chr(cp)) == 'L']
    out = ['xn--xb0ap46f2s0p']  # 'ꚭ紤𛀸': one adaptation sees delta 455 exactly
    while len(out) < 48:
        u = ''.join(chr(rng.choice(letters)) if rng.random() < 0.7 else rng.choice('abz09-')
                    for _ in range(rng.randint(1, 9)))
        if label(u) is None or not idn_hostname(u):
            continue
        out.append(a_of(u) if len(out) % 4 else u)
    return out


ALPHA_PUNY = ['a', 'z', '0', '9', '-', 'x', '\u00e9']

GROUPS = [
    ('idn-hostname', SEEDS_HOST, ALPHA_HOST),
    ('idn-hostname', SEEDS_LONG, ALPHA_LONG),
    ('idn-email', SEEDS_EMAIL, ALPHA_EMAIL),
    ('idn-hostname', puny_seeds(), ALPHA_PUNY),
]


def neighbours(seed, alpha):
    yield seed
    n = len(seed)
    for i in range(n + 1):
        if i < n:
            yield seed[:i] + seed[i + 1:]
            for a in alpha:
                yield seed[:i] + a + seed[i + 1:]
        for a in alpha:
            yield seed[:i] + a + seed[i:]


def fnv(answers):
    h = 0xcbf29ce484222325
    for c in answers:
        h = ((h ^ c) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return '%016x' % h


def check_alphabets():
    for _, seeds, alpha in GROUPS:
        for s in list(alpha) + list(seeds):
            for c in s:
                assert c in '\u0000' or unicodedata.category(c) != 'Cn', hex(ord(c))
                assert unicodedata.bidirectional(c) != '' or c == '\u0000', hex(ord(c))


def build():
    check_alphabets()
    out = {'generator': 'tests/tools/idna_reference.py (idna %s, Unicode %s)' %
           (idna.__version__, unicodedata.unidata_version), 'groups': []}
    total = valid = 0
    for fmt, seeds, alpha in GROUPS:
        hashes = []
        for seed in seeds:
            ans = []
            for s in neighbours(seed, alpha):
                v = CHECK[fmt](s)
                ans.append(ord('1') if v else ord('0'))
                valid += v
            total += len(ans)
            hashes.append(fnv(ans))
        out['groups'].append({'format': fmt, 'seeds': seeds, 'alphabet': alpha,
                              'hashes': hashes})
    out['strings'] = total
    out['valid'] = valid
    return out


def main(argv):
    if argv[1:] == ['--write']:
        out = build()
        os.makedirs(os.path.dirname(OUT), exist_ok=True)
        with open(OUT, 'w', encoding='utf-8') as f:
            json.dump(out, f, ensure_ascii=False, indent=1)
            f.write('\n')
        print('%d strings, %d valid' % (out['strings'], out['valid']))
        return 0
    if len(argv) == 3 and argv[1] == '--compare':
        import subprocess
        rows = []
        for gi, (fmt, seeds, alpha) in enumerate(GROUPS):
            for k, seed in enumerate(seeds):
                for s in neighbours(seed, alpha):
                    rows.append((fmt, gi, k, s))
        inp = ''.join('%s %s\n' % (r[0], r[3].encode('utf-8').hex()) for r in rows)
        got = subprocess.run([argv[2]], input=inp, capture_output=True, text=True,
                             check=True).stdout.split()
        assert len(got) == len(rows)
        bad = 0
        for (fmt, gi, k, s), g in zip(rows, got):
            want = int(CHECK[fmt](s))
            if int(g) != want:
                bad += 1
                if bad <= 80:
                    print('%s group %d seed %d: %r amc %s reference %d' % (fmt, gi, k, s, g, want))
        print('%d disagreements' % bad)
        return 1 if bad else 0
    if len(argv) == 3:
        fmt, seeds, alpha = GROUPS[int(argv[1])]
        for s in neighbours(seeds[int(argv[2])], alpha):
            print(int(CHECK[fmt](s)), repr(s))
        return 0
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
