/*
 * test_c17_jcs.c - RFC 8785 string escaping of short keys and values (issue 22): every string of
 * 1 to 3 bytes over {a, ", \, 0x01, 0x1f, space, 0x7f} and every string of 4 to 20 bytes with one
 * such byte at each position, as a key and as a value, canonicalized by the trusted-UTF-8 writer
 * (amc_jcs_write_ex with trusted_utf8, whose fast path decides with plain_bytes() whether a
 * string can be copied as it is) and by amc_jcs_write, must be exactly what a reference escaper
 * writes: " and \ escaped, U+0001 and U+001F as \u0001 and \u001f, space and 0x7f as they are.
 * Kills jcs.c:761 (plain_bytes' byte loop for strings under 4 bytes: `s[i] == '"'` made !=, which
 * copied a string of quotes unescaped).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/jcs.h"
#include "amc/json.h"
#include "formats/jcs_int.h"

static const char alpha[] = {'a', '"', '\\', 0x01, 0x1f, ' ', 0x7f};
#define NALPHA (sizeof alpha)

/* s[0..n) as JSON source text: every byte below 0x20 or above 0x7e, and " and \, as \u00XX (so
 * that the reader sees an escape and does not flag the string as plain) */
static size_t put_source(char *o, const char *s, size_t n)
{
    size_t i = 0, k = 0;
    o[k++] = '"';
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c > 0x7e || c == '"' || c == '\\')
            k += (size_t)sprintf(o + k, "\\u%04x", c);
        else
            o[k++] = (char)c;
    }
    o[k++] = '"';
    return k;
}

/* RFC 8785 3.2.2.2: the escapes of JSON.stringify */
static size_t put_canonical(char *o, const char *s, size_t n)
{
    size_t i = 0, k = 0;
    o[k++] = '"';
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            o[k++] = '\\';
            o[k++] = (char)c;
        } else if (c == '\b') {
            k += (size_t)sprintf(o + k, "\\b");
        } else if (c == '\t') {
            k += (size_t)sprintf(o + k, "\\t");
        } else if (c == '\n') {
            k += (size_t)sprintf(o + k, "\\n");
        } else if (c == '\f') {
            k += (size_t)sprintf(o + k, "\\f");
        } else if (c == '\r') {
            k += (size_t)sprintf(o + k, "\\r");
        } else if (c < 0x20) {
            k += (size_t)sprintf(o + k, "\\u%04x", c);
        } else {
            o[k++] = (char)c;
        }
    }
    o[k++] = '"';
    return k;
}

/* {"s": s} and {s: 1}, through both writers: the number of mismatches (printed) */
static int check_one(amc_jcs_ctx *ctx, const char *s, size_t n)
{
    char src[256], want[256], canon[160];
    size_t cl = put_canonical(canon, s, n), k = 0;
    int bad = 0, form = 0;
    for (form = 0; form < 2; form++) {
        size_t sl = 0, wl = 0;
        amc_doc *doc = NULL;
        amc_diags *ds = amc_diags_new(0);
        int w = 0;
        assert_non_null(ds);
        if (form == 0) {
            sl = (size_t)sprintf(src, "{\"s\":");
            sl += put_source(src + sl, s, n);
            src[sl++] = '}';
            wl = (size_t)sprintf(want, "{\"s\":");
            memcpy(want + wl, canon, cl);
            wl += cl;
            want[wl++] = '}';
        } else {
            src[sl++] = '{';
            sl += put_source(src + sl, s, n);
            sl += (size_t)sprintf(src + sl, ":1}");
            want[wl++] = '{';
            memcpy(want + wl, canon, cl);
            wl += cl;
            wl += (size_t)sprintf(want + wl, ":1}");
        }
        src[sl] = '\0';
        want[wl] = '\0';
        assert_int_equal(amc_json_read(src, sl, NULL, ds, &doc), AMC_OK);
        for (w = 0; w < 3; w++) {
            const char *got = NULL;
            char *own = NULL;
            size_t gl = 0;
            amc_status st = AMC_OK;
            if (w == 0) {
                st = amc_jcs_ctx_write(ctx, amc_doc_root(doc), NULL, true, &got, &gl);
            } else {
                st = w == 1 ? amc_jcs_write_ex(amc_doc_root(doc), NULL, true, &own, &gl)
                            : amc_jcs_write(amc_doc_root(doc), NULL, &own, &gl);
                got = own;
            }
            if (st != AMC_OK || gl != wl || memcmp(got, want, wl) != 0) {
                printf("FAIL writer %d, source %s: got (%d) ", w, src, (int)st);
                for (k = 0; got && k < gl; k++)
                    printf((unsigned char)got[k] < 0x20 ? "<%02x>" : "%c", (unsigned char)got[k]);
                printf(", want %s\n", want);
                bad++;
            }
            amc_free(own);
        }
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
    return bad;
}

static void test_short_strings(void **state)
{
    amc_jcs_ctx *ctx = amc_jcs_ctx_new();
    char s[4];
    size_t n = 0, i = 0, j = 0, total = 0;
    int bad = 0;
    (void)state;
    assert_non_null(ctx);
    for (n = 1; n <= 3; n++) {
        size_t lim = n == 1 ? NALPHA : n == 2 ? NALPHA * NALPHA : NALPHA * NALPHA * NALPHA;
        for (i = 0; i < lim; i++) {
            size_t x = i;
            for (j = 0; j < n; j++) {
                s[j] = alpha[x % NALPHA];
                x /= NALPHA;
            }
            bad += check_one(ctx, s, n);
            total++;
        }
    }
    amc_jcs_ctx_free(ctx);
    assert_int_equal(total, 7 + 49 + 343);
    assert_int_equal(bad, 0);
}

static void test_one_special_byte(void **state)
{
    amc_jcs_ctx *ctx = amc_jcs_ctx_new();
    char s[24];
    size_t n = 0, pos = 0, a = 0;
    int bad = 0;
    (void)state;
    assert_non_null(ctx);
    for (n = 4; n <= 20; n++) {
        memset(s, 'b', n);
        bad += check_one(ctx, s, n);
        for (pos = 0; pos < n; pos++)
            for (a = 1; a < NALPHA; a++) {
                memset(s, 'b', n);
                s[pos] = alpha[a];
                bad += check_one(ctx, s, n);
            }
    }
    amc_jcs_ctx_free(ctx);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_short_strings),
        cmocka_unit_test(test_one_special_byte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
