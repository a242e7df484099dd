/*
 * num_int.h - exact decimal view of JSON number text, for comparisons that must not go
 * through doubles (equality, integer-ness, bounds, multipleOf).
 */
#ifndef AMC_NUM_INT_H
#define AMC_NUM_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* value = (neg ? -1 : 1) * 0.d1d2...dn * 10^exp, with d1 != 0 and dn != 0; zero has n == 0.
 * digits points into the number text (the digits may straddle the '.', see digit_at). */
typedef struct amc_decnum {
    bool neg;
    const char *text; /* the original text */
    size_t len;
    size_t first;   /* index in text of the first significant digit */
    size_t ndigits; /* number of significant digits */
    int64_t exp;    /* decimal exponent as above (saturated at +-2^60) */
} amc_decnum;

/* Parses JSON number text (must be valid RFC 8259 number syntax). */
void amc_decnum_parse(const char *text, size_t len, amc_decnum *out);
/* The k-th significant digit (0-based, k < ndigits) as 0..9. */
int amc_decnum_digit(const amc_decnum *d, size_t k);
/* -1, 0, 1 comparing mathematical values. */
int amc_decnum_cmp(const amc_decnum *a, const amc_decnum *b);
/* true if the value is an integer. */
bool amc_decnum_is_integer(const amc_decnum *d);
/* Locale-independent strtod of JSON number text (correctly rounded; +-inf on overflow). */
double amc_json_strtod(const char *text, size_t len);
#endif
