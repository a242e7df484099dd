#!/usr/bin/env python3
"""mutidn_decimal_reference.py - cases for amc_decimal_multiple_of (src/schema/decimal.c) with
answers from Python's exact rationals (fractions.Fraction of the decimal text), for
tests/unit/test_mutidn_decimal.c. Standard library only, deterministic:

    python3 tests/tools/mutidn_decimal_reference.py --write   # tests/data/mutidn/decimal.json

Each case is [x, m, answer]: x and m RFC 8259 number texts, answer 1 when x / m is an integer,
0 when not, -1 when m is not > 0 (the function's contract). The pairs: m of 1 to 40
significant digits (the uint64 path up to 18, the base-1e9 bignum above, limb boundaries at 9,
18, 19, 27, 28, 36, 37), x = m * k for a random k (a multiple) and the same with its last
significant digit moved by one (usually not), x = 0, negative x, exponents from -30 to 30
written in every JSON form (plain, fraction, e/E, signed exponents, trailing zeros, leading
zeros after the point).
"""
import json
import os
import random
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'data', 'mutidn', 'decimal.json')


def render(digits, exp, neg, rng):
    """the number int(digits) * 10^exp as a JSON number text in a random form"""
    form = rng.randrange(5)
    sign = '-' if neg else ''
    if form == 0:  # plain, with a point where needed
        if exp >= 0:
            return sign + digits + '0' * exp
        s = digits.rjust(-exp + 1, '0')
        return sign + s[:exp] + '.' + s[exp:]
    if form == 1:  # d.ddd e+N
        e = exp + len(digits) - 1
        mant = digits[0] + ('.' + digits[1:] if len(digits) > 1 else '')
        return sign + mant + rng.choice(['e', 'E']) + ('-' if e < 0 else rng.choice(['', '+'])) \
            + str(abs(e))
    if form == 2:  # integer digits E exp
        return sign + digits + rng.choice(['e', 'E']) + ('-' if exp < 0 else rng.choice(['', '+'])) \
            + str(abs(exp))
    if form == 3:  # trailing zeros after a point
        z = rng.randint(1, 4)
        if exp >= 0:
            return sign + digits + '0' * exp + '.' + '0' * z
        s = digits.rjust(-exp + 1, '0')
        return sign + s[:exp] + '.' + s[exp:] + '0' * z
    # 0.000ddd e N
    lead = rng.randint(1, 3)
    e = exp + len(digits) + lead
    return sign + '0.' + '0' * lead + digits + 'e' + str(e)


def value(text):
    return Fraction(text) if 'e' not in text.lower() else Fraction(text.lower())


def answer(x, m):
    fm = value(m)
    if fm <= 0:
        return -1
    return 1 if (value(x) / fm).denominator == 1 else 0


def randdigits(rng, n):
    return str(rng.randint(1, 9)) + ''.join(str(rng.randint(0, 9)) for _ in range(n - 1))


def cases():
    rng = random.Random(8259)
    out = []
    sizes = [1, 2, 3, 8, 9, 10, 17, 18, 19, 20, 26, 27, 28, 35, 36, 37, 40]
    for mn in sizes:
        for _ in range(40):
            md = randdigits(rng, mn).rstrip('0') or '1'
            me = rng.randint(-12, 12)
            m = render(md, me, False, rng)
            k = rng.choice([1, 2, 3, 7, 10, 99, rng.randint(1, 10**rng.randint(1, 25))])
            xv = int(md) * k
            xe = me
            xd = str(xv)
            while xd.endswith('0') and len(xd) > 1:
                xd = xd[:-1]
                xe += 1
            neg = rng.random() < 0.2
            out.append([render(xd, xe, neg, rng), m])
            # the last significant digit moved by one
            yd = str(int(xd) + rng.choice([1, -1]) if int(xd) > 1 else int(xd) + 1)
            out.append([render(yd, xe, neg, rng), m])
            # a power of ten apart
            out.append([render(xd, xe + rng.randint(-3, 3), neg, rng), m])
            # small x against a large m, and m's own factors of 2 and 5
            out.append([render(randdigits(rng, rng.randint(1, 4)), rng.randint(-5, 30), False,
                               rng), m])
    for m in ['0', '-1', '-0.5', '0.0', '0e5', '1', '0.1', '2.5e-1', '1e-30', '5E+2']:
        for x in ['0', '-0', '0.0', '1', '4.5', '-7.25', '1e30', '1e-30', '12.5', '0.0001']:
            out.append([x, m])
    return [[x, m, answer(x, m)] for x, m in out]


def main(argv):
    if argv[1:] != ['--write']:
        print(__doc__)
        return 2
    cs = cases()
    for x, m, _ in cs:
        json.loads(x)
        json.loads(m)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w', encoding='utf-8') as f:
        f.write('{"generator": "tests/tools/mutidn_decimal_reference.py",\n "cases": [\n')
        f.write(',\n'.join('  [%s, %s, %d]' % (json.dumps(x), json.dumps(m), a) for x, m, a in cs))
        f.write('\n ]}\n')
    print('%d cases: %d multiples, %d not, %d m <= 0' %
          (len(cs), sum(a == 1 for *_, a in cs), sum(a == 0 for *_, a in cs),
           sum(a == -1 for *_, a in cs)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
