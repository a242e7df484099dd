/*
 * decimal_int.h - exact decimal arithmetic on JSON number text for the schema engine.
 */
#ifndef AMC_DECIMAL_INT_H
#define AMC_DECIMAL_INT_H

#include <stddef.h>

/*
 * Is x an integer multiple of m (JSON Schema "multipleOf"), decided exactly on the decimal
 * texts (no floating point: 4.5 is a multiple of 0.1)? x and m must be valid RFC 8259 number
 * texts and m must be > 0. Returns 1 (yes), 0 (no), or -1 when the operands are too large to
 * decide within the work bound (the caller falls back, e.g. to doubles) or m is not > 0.
 * Exponents do not cost work (1e308 against 1e-308 is decided at once); the bound is on the
 * number of significant digits: see src/schema/decimal.c.
 */
int amc_decimal_multiple_of(const char *x, size_t xlen, const char *m, size_t mlen);

#endif
