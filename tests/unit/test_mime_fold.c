/*
 * test_mime_fold.c - header-name lookup folds ASCII letters and nothing else
 * (src/formats/mime_read.c ascii_casecmp_n, behind amc_mime_find and amc_mime_count): 'A' and 'Z',
 * the ends of the upper-case range, match their lower-case forms from either side, and '@' and '[',
 * the characters just outside it, do not match '`' and '{' (32 further on). A surviving mutant of
 * the query side's upper bound (`<= 'Z'` -> `< 'Z'`, seed 60601) showed the 'Z' of a looked-up name
 * untested.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

static const char MSG[] = "Zone: 1\r\n"
                          "x-az: 2\r\n"
                          "a@: 3\r\n"
                          "b[: 4\r\n"
                          "zone: 5\r\n"
                          "A-B: 6\r\n"
                          "\r\n"
                          "body\r\n";

static void test_fold(void **state)
{
    amc_diags *ds = amc_diags_new(0);
    amc_mime *m = NULL;
    const amc_mime_field *f = NULL;
    static const struct {
        const char *query;
        const char *first; /* value of the first match, or NULL: none */
        size_t count;
    } cases[] = {
        {"ZONE", "1", 2},                   /* query 'Z' folded; field 'Z' and 'z' both match */
        {"zone", "1", 2},                   /* field 'Z' folded */
        {"zONe", "1", 2}, {"X-AZ", "2", 1}, /* query 'A' and 'Z' folded */
        {"X-Az", "2", 1}, {"x-aZ", "2", 1}, {"A@", "3", 1},
        {"a`", NULL, 0},                   /* '@' + 32 is '`': '@' is not a letter */
        {"B[", "4", 1},   {"b{", NULL, 0}, /* '[' + 32 is '{' */
        {"a-b", "6", 1},                   /* field 'A' folded */
        {"A-b", "6", 1},  {"zon", NULL, 0}, {"zones", NULL, 0},
    };
    size_t i = 0;
    (void)state;
    assert_non_null(ds);
    assert_int_equal(amc_mime_read(MSG, sizeof MSG - 1, NULL, ds, &m), AMC_OK);
    assert_non_null(m);
    assert_int_equal(amc_mime_field_count(m), 6);
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        f = amc_mime_find(m, cases[i].query);
        if (!cases[i].first) {
            if (f)
                fail_msg("%s: found %s, want no field", cases[i].query, f->name);
        } else {
            if (!f)
                fail_msg("%s: no field found, want value %s", cases[i].query, cases[i].first);
            assert_string_equal(f->value, cases[i].first);
        }
        if (amc_mime_count(m, cases[i].query) != cases[i].count)
            fail_msg("%s: count %zu, want %zu", cases[i].query, amc_mime_count(m, cases[i].query),
                     cases[i].count);
    }
    amc_mime_free(m);
    amc_diags_free(ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_fold)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
