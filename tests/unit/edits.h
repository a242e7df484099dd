/*
 * edits.h - the unit tests' one-edit neighbourhood of a seed string (one copy for every test
 * that compares amc with a reference script over "each seed and every string one edit away";
 * the scripts in tests/tools enumerate in the same order).
 */
#ifndef AMC_TEST_EDITS_H
#define AMC_TEST_EDITS_H

#include <stdlib.h>
#include <string.h>
#include "amc/json.h"

/* Calls visit(w, text, len) on the seed, then for each code point i (UTF-8 sequence) and the
 * end: the seed with code point i deleted, with it replaced by each string of alpha, and with
 * each string of alpha inserted before it (at the end: appended). */
static inline void edits_visit(const amc_value *seed, const amc_value *alpha,
                               void (*visit)(void *w, const char *s, size_t n), void *w)
{
    const char *s = seed->u.str.ptr;
    size_t n = seed->u.str.len, i = 0, k = 0, nb = 0, longest = 0;
    size_t *at = malloc((n + 1) * sizeof *at); /* where each code point starts, then n */
    char *buf = NULL;
    for (k = 0; k < alpha->u.arr.len; k++)
        if (alpha->u.arr.items[k]->u.str.len > longest)
            longest = alpha->u.arr.items[k]->u.str.len;
    buf = malloc(n + longest + 1);
    if (!at || !buf)
        abort();
    for (i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            at[nb++] = i;
    at[nb] = n;
    visit(w, s, n);
    for (i = 0; i <= nb; i++) {
        size_t p = at[i], q = i < nb ? at[i + 1] : n; /* code point i is s[p..q) */
        if (i < nb) {
            memcpy(buf, s, p);
            memcpy(buf + p, s + q, n - q);
            visit(w, buf, n - (q - p));
            for (k = 0; k < alpha->u.arr.len; k++) {
                const amc_value *a = alpha->u.arr.items[k];
                memcpy(buf, s, p);
                memcpy(buf + p, a->u.str.ptr, a->u.str.len);
                memcpy(buf + p + a->u.str.len, s + q, n - q);
                visit(w, buf, n - (q - p) + a->u.str.len);
            }
        }
        for (k = 0; k < alpha->u.arr.len; k++) {
            const amc_value *a = alpha->u.arr.items[k];
            memcpy(buf, s, p);
            memcpy(buf + p, a->u.str.ptr, a->u.str.len);
            memcpy(buf + p + a->u.str.len, s + p, n - p);
            visit(w, buf, n + a->u.str.len);
        }
    }
    free(buf);
    free(at);
}

#endif
