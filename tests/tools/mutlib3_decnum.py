#!/usr/bin/env python3
"""mutlib3_decnum.py - writes tests/data/mutlib3/decnum.txt, the reference answers that
unit.test_mutlib3_decnum holds src/core/num.c (amc_decnum_parse, amc_decnum_cmp,
amc_decnum_is_integer) to, computed with Python's decimal module (exact decimal arithmetic).

The file: one JSON number text a line, then a tab, then 'i' or 'f' (an integer or not), then a
tab and one character per number of the list ('<', '=', '>': this line's number compared with
that one). Run from the source tree: python3 tests/tools/mutlib3_decnum.py
"""
import decimal
import os

NUMBERS = [
    "0", "-0", "0.0", "-0.0", "0e5", "-0e-7", "0.000", "1", "-1", "1.0", "1.00", "10", "1e1",
    "1E1", "0.1e2", "100e-1", "9", "9.99", "9.999", "10.00", "-1.5", "-15e-1", "1.5", "15e-1",
    "0.15e1", "0.000001", "1e-6", "1E-6", "1e+0", "1e-0", "123456789012345678901234567890",
    "1.23456789012345678901234567890e29", "1.23456789012345678901234567891e29",
    "123456789012345678901234567891", "1e400", "-1e400", "1e-400", "-1e-400", "5e-324",
    "2.5", "2.50", "0.25e1", "3", "2.9999999999999999999999", "3.0000000000000000000001",
    "0.0001000", "1000e-7", "1e-4", "7e900000000000000000", "7e-900000000000000000",
    "8e900000000000000000", "7e900000000000000001", "12.34e2", "1234", "1234.0001", "1234.5e-1", "123.45",
    "-123.45", "-123.4500", "-12345e-2", "0.5", "5e-1", "50e-2", "0.05e1", "4.9", "5.1",
    "99999999999999999999", "1e20", "100000000000000000000", "100000000000000000001",
    "0.1", "0.10000000000000000001", "0.09999999999999999999", "-0.1", "-0.09", "-0.11",
]


def main():
    decimal.getcontext().prec = 100
    decimal.getcontext().Emax = decimal.MAX_EMAX
    decimal.getcontext().Emin = decimal.MIN_EMIN
    vals = [decimal.Decimal(t) for t in NUMBERS]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "tests", "data", "mutlib3", "decnum.txt"), "w") as f:
        for t, a in zip(NUMBERS, vals):
            row = "".join("<" if a < b else ">" if a > b else "=" for b in vals)
            f.write("%s\t%s\t%s\n" % (t, "i" if a == a.to_integral_value() else "f", row))


if __name__ == "__main__":
    main()
