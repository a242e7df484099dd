/*
 * zz_tmp_shims.c - TEMPORARY: removed at merge.
 *
 * Minimal stand-ins for regex.c, format.c and decimal.c (the schemafmt branch) so that the
 * schema branch links and its tests run before the merge. Each part disables itself when the
 * real header exists, so a merge that keeps this file by mistake still links.
 *   - regex: PCRE2 with PCRE2_UTF | PCRE2_UCP, no ECMA-262 translation.
 *   - format: every format is unknown (-1), so format never asserts.
 *   - decimal: exact multipleOf when both significands fit 38 digits after alignment.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <string.h>
#include "core/arena_int.h"
#include "core/num_int.h"
#include "ext_int.h"

#if !__has_include("regex_int.h")
struct amc_regex {
    pcre2_code *code;
    pcre2_match_context *mctx;
};

amc_regex *amc_regex_compile(const char *pat, size_t len, uint32_t match_limit, char *err,
                             size_t errlen)
{
    int ec = 0;
    PCRE2_SIZE eo = 0;
    amc_regex *re = amc_xcalloc(1, sizeof *re);
    if (!re) {
        if (errlen)
            snprintf(err, errlen, "out of memory");
        return NULL;
    }
    re->code = pcre2_compile((PCRE2_SPTR)pat, len, PCRE2_UTF | PCRE2_UCP, &ec, &eo, NULL);
    if (!re->code) {
        if (errlen) {
            PCRE2_UCHAR buf[200];
            pcre2_get_error_message(ec, buf, sizeof buf);
            snprintf(err, errlen, "%s at offset %zu", (const char *)buf, (size_t)eo);
        }
        amc_xfree(re);
        return NULL;
    }
    re->mctx = pcre2_match_context_create(NULL);
    if (re->mctx)
        pcre2_set_match_limit(re->mctx, match_limit ? match_limit : 1000000u);
    return re;
}

int amc_regex_search(const amc_regex *re, const char *s, size_t n)
{
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re->code, NULL);
    int rc = 0;
    if (!md)
        return -1;
    rc = pcre2_match(re->code, (PCRE2_SPTR)s, n, 0, PCRE2_NO_UTF_CHECK, md, re->mctx);
    pcre2_match_data_free(md);
    if (rc >= 0)
        return 1;
    return rc == PCRE2_ERROR_NOMATCH ? 0 : -1;
}

void amc_regex_free(amc_regex *re)
{
    if (!re)
        return;
    pcre2_code_free(re->code);
    pcre2_match_context_free(re->mctx);
    amc_xfree(re);
}
#endif

#if !__has_include("format_int.h")
int amc_format_check(const char *format, const char *s, size_t n)
{
    (void)format;
    (void)s;
    (void)n;
    return -1;
}

bool amc_format_known(const char *format)
{
    (void)format;
    return false;
}
#endif

#if !__has_include("decimal_int.h")
/* digits of d as an integer scaled by 10^shift into *out; false if it does not fit */
static bool scaled(const amc_decnum *d, int64_t low, unsigned __int128 *out)
{
    unsigned __int128 v = 0;
    int64_t k = 0, top = d->exp; /* digit k has weight 10^(exp - 1 - k) */
    for (k = 0; top - 1 - k >= low; k++) {
        int dg = (size_t)k < d->ndigits ? amc_decnum_digit(d, (size_t)k) : 0;
        if (v > (((unsigned __int128)1 << 120) / 10))
            return false;
        v = v * 10 + (unsigned)dg;
    }
    *out = v;
    return true;
}

int amc_decimal_multiple_of(const char *x, size_t xlen, const char *m, size_t mlen)
{
    amc_decnum dx, dm;
    int64_t lx = 0, lm = 0, low = 0;
    unsigned __int128 a = 0, b = 0;
    amc_decnum_parse(x, xlen, &dx);
    amc_decnum_parse(m, mlen, &dm);
    if (dm.ndigits == 0 || dm.neg)
        return -1;
    if (dx.ndigits == 0)
        return 1;
    lx = dx.exp - (int64_t)dx.ndigits; /* weight of the last digit */
    lm = dm.exp - (int64_t)dm.ndigits;
    low = lx < lm ? lx : lm;
    if (dx.exp - low > 36 || dm.exp - low > 36)
        return -1;
    if (!scaled(&dx, low, &a) || !scaled(&dm, low, &b) || b == 0)
        return -1;
    return a % b == 0;
}
#endif
