/*
 * num.c - exact decimal handling of JSON number text.
 */
#define _GNU_SOURCE
#include <locale.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "arena_int.h"
#include "num_int.h"

#define EXP_SAT ((int64_t)1 << 60)

void amc_decnum_parse(const char *t, size_t len, amc_decnum *out)
{
    size_t i = 0, int_start = 0, int_end = 0, frac_start = 0, frac_end = 0;
    int64_t e = 0;
    size_t first = SIZE_MAX, last = SIZE_MAX, k = 0;
    int64_t pos_first = 0; /* position of first sig digit relative to the decimal point */
    memset(out, 0, sizeof *out);
    out->text = t;
    out->len = len;
    if (i < len && t[i] == '-') {
        out->neg = true;
        i++;
    }
    int_start = i;
    while (i < len && t[i] >= '0' && t[i] <= '9')
        i++;
    int_end = i;
    frac_start = frac_end = i;
    if (i < len && t[i] == '.') {
        i++;
        frac_start = i;
        while (i < len && t[i] >= '0' && t[i] <= '9')
            i++;
        frac_end = i;
    }
    if (i < len && (t[i] == 'e' || t[i] == 'E')) {
        bool eneg = false;
        i++;
        if (i < len && (t[i] == '+' || t[i] == '-')) {
            eneg = t[i] == '-';
            i++;
        }
        while (i < len && t[i] >= '0' && t[i] <= '9') {
            if (e <= EXP_SAT / 10)
                e = e * 10 + (t[i] - '0');
            else
                e = EXP_SAT; /* saturate before e * 10 could overflow */
            i++;
        }
        if (e > EXP_SAT)
            e = EXP_SAT;
        if (eneg)
            e = -e;
    }
    /* find first and last significant digits over int then frac */
    for (k = int_start; k < frac_end; k++) {
        if (k == int_end)
            k = frac_start;
        if (k >= frac_end)
            break;
        if (t[k] != '0') {
            if (first == SIZE_MAX)
                first = k;
            last = k;
        }
    }
    if (first == SIZE_MAX) {
        out->ndigits = 0;
        out->exp = 0;
        out->neg = false; /* -0 == 0 */
        return;
    }
    out->first = first;
    /* count digits from first to last, skipping the '.' */
    if (first < int_end && last >= frac_start && frac_start > int_end)
        out->ndigits = (last - first + 1) - (frac_start - int_end);
    else
        out->ndigits = last - first + 1;
    if (first < int_end)
        pos_first = (int64_t)(int_end - first); /* digits before the point from first */
    else
        pos_first = -(int64_t)(first - frac_start);
    /* value = 0.d1..dn * 10^(pos_first + e) */
    out->exp = pos_first + e;
    if (out->exp > EXP_SAT)
        out->exp = EXP_SAT;
    if (out->exp < -EXP_SAT)
        out->exp = -EXP_SAT;
}

int amc_decnum_digit(const amc_decnum *d, size_t k)
{
    const char *t = d->text;
    size_t p = d->first;
    size_t i = 0;
    /* walk k digits, skipping a '.' */
    for (i = 0; i < k; i++) {
        p++;
        if (t[p] == '.')
            p++;
    }
    return t[p] - '0';
}

int amc_decnum_cmp(const amc_decnum *a, const amc_decnum *b)
{
    int sa = a->ndigits == 0 ? 0 : (a->neg ? -1 : 1);
    int sb = b->ndigits == 0 ? 0 : (b->neg ? -1 : 1);
    int mag = 0;
    size_t i = 0, n = 0;
    if (sa != sb)
        return sa < sb ? -1 : 1;
    if (sa == 0)
        return 0;
    if (a->exp != b->exp) {
        mag = a->exp < b->exp ? -1 : 1;
    } else {
        n = a->ndigits < b->ndigits ? a->ndigits : b->ndigits;
        for (i = 0; i < n && mag == 0; i++) {
            int da = amc_decnum_digit(a, i), db = amc_decnum_digit(b, i);
            if (da != db)
                mag = da < db ? -1 : 1;
        }
        if (mag == 0 && a->ndigits != b->ndigits)
            mag = a->ndigits < b->ndigits ? -1 : 1;
    }
    return sa * mag;
}

bool amc_decnum_is_integer(const amc_decnum *d)
{
    return d->ndigits == 0 || d->exp >= (int64_t)d->ndigits;
}

static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;

static void init_c_locale(void)
{
    c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
}

double amc_json_strtod(const char *text, size_t len)
{
    char small[64];
    char *tmp = small;
    double d = 0;
    if (len >= sizeof small) {
        tmp = amc_xmalloc(len + 1);
        if (!tmp)
            return 0; /* caller checks ENOMEM separately; value unusable */
    }
    memcpy(tmp, text, len);
    tmp[len] = '\0';
    pthread_once(&c_locale_once, init_c_locale);
    if (c_locale)
        d = strtod_l(tmp, NULL, c_locale);
    else
        d = strtod(tmp, NULL);
    if (tmp != small)
        amc_xfree(tmp);
    return d;
}
