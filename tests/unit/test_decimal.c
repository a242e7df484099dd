/*
 * test_decimal.c - exact multipleOf on decimal texts (src/schema/decimal.c).
 *
 * Expected values of the table were computed with Python's fractions.Fraction(Decimal(x)) /
 * Fraction(Decimal(m)); the suite cases come from JSON-Schema-Test-Suite draft2020-12
 * multipleOf.json and optional/float-overflow.json.
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
#include "schema/decimal_int.h"
#include "slurp.h"

static const struct dcase {
    const char *x, *m;
    int want;
} dcases[] = {
    /* the brief's and the suite's examples */
    {"0.0075", "0.0001", 1},
    {"0.00751", "0.0001", 0},
    {"4.5", "0.1", 1},
    {"4.5", "1.5", 1},
    {"-4.5", "1.5", 1},
    {"35", "1.5", 0},
    {"1e308", "1e-308", 1},
    {"1e+308", "0.123456789", 0},
    {"1e+308", "0.5", 1},
    {"12391239123", "1e-08", 1},
    {"12345678901234567890123", "3", 1},
    {"12345678901234567890124", "3", 0},
    {"10", "2", 1},
    {"7", "2", 0},
    /* zero and signs */
    {"0", "7", 1},
    {"-0", "7", 1},
    {"0.0", "0.3", 1},
    {"0e99", "3", 1},
    {"-6", "3", 1},
    /* the classic binary floating point traps */
    {"0.3", "0.1", 1},
    {"0.7", "0.1", 1},
    {"1.1", "0.01", 1},
    {"19.99", "0.01", 1},
    {"1e-5", "1e-4", 0},
    {"1e-4", "1e-5", 1},
    {"100", "1e2", 1},
    {"100", "1e3", 0},
    {"1E2", "25", 1},
    {"100.000", "0.5000", 1},
    {"0.1000", "0.2", 0},
    /* powers of two and five against big exponents (the cap at 4*digits of m) */
    {"1e40", "1024", 1},
    {"1e2", "128", 0},
    {"1e7", "128", 1},
    {"1e6", "128", 0},
    {"1e400", "3", 0},
    {"3e400", "3", 1},
    {"1e400", "4096", 1},
    {"1e400", "12", 0},
    {"3e1000", "7", 0},
    {"3e1000000000", "7", 0},
    {"7e1000000000", "7", 1},
    {"1e30", "2e20", 1},
    {"1.5e300", "3e-10", 1},
    {"1e30", "1234567890123456789012345", 0},
    /* big divisor (bignum path) */
    {"123456789012345678901234567890", "123456789012345678901234567890", 1},
    {"246913578024691357802469135780", "123456789012345678901234567890", 1},
    {"246913578024691357802469135781", "123456789012345678901234567890", 0},
    {"0.00000000000000000000000000000000000012345678901234567890",
     "0.0000000000000000000000000000000000000000000000001234567890123456789", 1},
    {"999999999999999999999999999999999999999", "333333333333333333333333333333333333333", 1},
    {"999999999999999999999999999999999999998", "333333333333333333333333333333333333333", 0},
    {"1e100", "1000000000000000000000", 1},
    {"1e100", "1000000000000000000001", 0},
    /* undecidable / outside the contract */
    {"1e99999999999999999999", "1", 1},
    {"1", "1e-99999999999999999999", 1},
    {"1e-99999999999999999999", "1", 0},
    {"1", "1e99999999999999999999", 0},
    {"1e99999999999999999999", "1e99999999999999999998", -1},
    {"3e-99999999999999999999", "1e-99999999999999999998", -1},
    /* the saturation test's edges: an exponent of exactly +-2^59 (SAT_NEAR) is still exact, so
     * against a saturated one the answer is known (kills each < / > -> <= / >= of that test) */
    {"1e-576460752303423489", "1e-99999999999999999999", 1},
    {"1e-99999999999999999999", "1e-576460752303423489", 0},
    {"1e576460752303423487", "1e99999999999999999999", 0},
    {"1e99999999999999999999", "1e576460752303423487", 1},
    {"1", "0", -1},
    {"1", "-1", -1},
};

static void test_table(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof dcases / sizeof dcases[0]; i++) {
        int got = amc_decimal_multiple_of(dcases[i].x, strlen(dcases[i].x), dcases[i].m,
                                          strlen(dcases[i].m));
        if (got != dcases[i].want)
            fail_msg("%s multipleOf %s: got %d want %d", dcases[i].x, dcases[i].m, got,
                     dcases[i].want);
    }
}

/* x = i * 10^ex, m = j * 10^em for small integers, checked against integer arithmetic */
static void test_exhaustive_small(void **state)
{
    int i = 0, j = 0, ex = 0, em = 0;
    (void)state;
    for (i = -60; i <= 300; i += 7) {
        for (j = 1; j <= 64; j++) {
            for (ex = -3; ex <= 3; ex++) {
                for (em = -3; em <= 3; em++) {
                    char xs[64], ms[64];
                    int64_t xi = i, mi = j;
                    int e = ex < em ? ex : em, k = 0, got = 0, want = 0;
                    snprintf(xs, sizeof xs, "%de%d", i, ex);
                    snprintf(ms, sizeof ms, "%d.0e%d", j, em);
                    for (k = e; k < ex; k++)
                        xi *= 10;
                    for (k = e; k < em; k++)
                        mi *= 10;
                    want = xi % mi == 0;
                    got = amc_decimal_multiple_of(xs, strlen(xs), ms, strlen(ms));
                    if (got != want)
                        fail_msg("%s multipleOf %s: got %d want %d", xs, ms, got, want);
                }
            }
        }
    }
}

static void test_work_limit(void **state)
{
    /* 30000-digit operands: beyond the work bound, so undecided rather than slow */
    size_t n = 30000, k = 0, sum = 0;
    char *x = malloc(n + 1), *m = malloc(n + 1);
    (void)state;
    assert_non_null(x);
    assert_non_null(m);
    for (k = 0; k < n; k++) {
        x[k] = (char)('1' + k % 9);
        m[k] = (char)('1' + (k * 7) % 9);
        sum += (size_t)(x[k] - '0');
    }
    assert_int_equal(amc_decimal_multiple_of(x, n, m, n), -1);
    /* a long x against a small m stays exact (linear work) */
    assert_int_equal(amc_decimal_multiple_of(x, n, "9", 1), (int)(sum % 9 == 0));
    assert_int_equal(amc_decimal_multiple_of(x, n, "1e-400", 6), 1);
    /* a 2000-digit m (bignum path) against itself times ten */
    memcpy(x, m, 2000);
    x[2000] = '0';
    assert_int_equal(amc_decimal_multiple_of(x, 2001, m, 2000), 1);
    x[2000] = '1';
    assert_int_equal(amc_decimal_multiple_of(x, 2001, m, 2000), 0);
    free(x);
    free(m);
}

/* ---------------------------------------------------------------- JSON-Schema-Test-Suite */

/* The document gives the structure; the exact number texts are taken from the raw file (the
 * provisional json-c reader does not keep them), scanning forward in document order. */
static amc_doc *load_suite(const char *rel, char **raw)
{
    static const char *const roots[] = {
        /* committed in the repository (tests/external/JSON-Schema-Test-Suite/README.md) */
        AMC_SOURCE_DIR "/tests/external/JSON-Schema-Test-Suite/tests/draft2020-12/",
    };
    size_t r = 0;
    for (r = 0; r < sizeof roots / sizeof roots[0]; r++) {
        char path[1024];
        size_t len = 0;
        char *buf = NULL;
        amc_doc *doc = NULL;
        amc_diags *ds = amc_diags_new(10);
        snprintf(path, sizeof path, "%s%s", roots[r], rel);
        buf = slurp(path, &len);
        if (buf && amc_json_read(buf, len, NULL, ds, &doc) != AMC_OK)
            doc = NULL;
        amc_diags_free(ds);
        if (doc) {
            *raw = buf;
            return doc;
        }
        free(buf);
    }
    return NULL;
}

/* the number text after the next "key": at or after *cur (NULL if the value is no number) */
static const char *next_number(const char *raw, const char **cur, const char *key, size_t *len)
{
    char pat[64];
    const char *p = NULL;
    snprintf(pat, sizeof pat, "\"%s\":", key);
    p = strstr(*cur, pat);
    if (!p)
        return NULL;
    p += strlen(pat);
    p += strspn(p, " \t\r\n");
    *cur = p;
    (void)raw;
    *len = strspn(p, "-+.eE0123456789");
    return *len ? p : NULL;
}

static void test_suite(void **state)
{
    static const char *const files[] = {"multipleOf.json", "optional/float-overflow.json",
                                        "optional/bignum.json"};
    size_t f = 0, g = 0, k = 0;
    int ran = 0;
    (void)state;
    for (f = 0; f < sizeof files / sizeof files[0]; f++) {
        char *raw = NULL;
        const char *cur = NULL;
        amc_doc *doc = load_suite(files[f], &raw);
        const amc_value *root = NULL;
        if (!doc)
            fail_msg("JSON-Schema-Test-Suite file %s is missing or unreadable (the suite is part "
                     "of the repository)",
                     files[f]);
        cur = raw;
        root = amc_doc_root(doc);
        for (g = 0; g < root->u.arr.len; g++) {
            const amc_value *schema = amc_value_getz(root->u.arr.items[g], "schema");
            const amc_value *tests = amc_value_getz(root->u.arr.items[g], "tests");
            const amc_value *mo = amc_value_getz(schema, "multipleOf");
            const amc_value *type = amc_value_getz(schema, "type");
            const char *mt = NULL;
            size_t ml = 0;
            if (mo)
                mt = next_number(raw, &cur, "multipleOf", &ml);
            for (k = 0; k < tests->u.arr.len; k++) {
                const amc_value *t = tests->u.arr.items[k];
                const amc_value *data = amc_value_getz(t, "data");
                bool valid = amc_value_getz(t, "valid")->u.boolean;
                size_t xl = 0;
                const char *xt = next_number(raw, &cur, "data", &xl);
                int got = 0;
                if (!mo || data->type != AMC_T_NUMBER)
                    continue;
                assert_non_null(mt);
                assert_non_null(xt);
                got = amc_decimal_multiple_of(xt, xl, mt, ml);
                if (type && !strcmp(type->u.str.ptr, "integer") && !(data->flags & AMC_NUM_INTEGER))
                    got = 0;
                ran++;
                if (got != (int)valid)
                    fail_msg("%s: %.*s multipleOf %.*s: got %d want %d", files[f], (int)xl, xt,
                             (int)ml, mt, got, (int)valid);
            }
        }
        amc_doc_free(doc);
        free(raw);
    }
    print_message("JSON-Schema-Test-Suite multipleOf cases: %d\n", ran);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_exhaustive_small),
        cmocka_unit_test(test_work_limit),
        cmocka_unit_test(test_suite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
