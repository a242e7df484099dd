/*
 * test_mutlib3_decnum.c - exact decimal comparison of JSON number texts (src/core/num.c
 * amc_decnum_parse, amc_decnum_cmp, amc_decnum_is_integer; issue 22) against Python's decimal
 * module: tests/data/mutlib3/decnum.txt (written by tests/tools/mutlib3_decnum.py) holds 76
 * number texts (zeros of every spelling, the same value written with and without exponents,
 * trailing zeros, 30-digit integers differing in the last digit, exponents of +-400 and
 * +-9e17, values one ulp of the last digit apart) with, for each, whether it is an integer and
 * its comparison with every number of the list. Every pair (5776) is compared both ways.
 * Exponents past Python's limit (10^18), written out here: amc keeps exponents exactly up to
 * 2^60 = 1152921504606846976 and saturates there, so 1e1152921504606846970 is below
 * 1e1152921504606846974 and 1e1152921504606846980 equals 1e1152921504606846990.
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
#include "core/num_int.h"

#define MAXN 128

static char text[MAXN][64], row[MAXN][MAXN + 1];
static bool integer[MAXN];
static size_t count;

static void load(void)
{
    FILE *f = fopen(AMC_SOURCE_DIR "/tests/data/mutlib3/decnum.txt", "r");
    char line[512];
    assert_non_null(f);
    count = 0;
    while (fgets(line, sizeof line, f)) {
        char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        assert_non_null(t2);
        assert_true(count < MAXN);
        *t1 = *t2 = '\0';
        assert_true(strlen(line) < sizeof text[count]);
        memcpy(text[count], line, strlen(line) + 1);
        integer[count] = t1[1] == 'i';
        assert_true(strcspn(t2 + 1, "\n") < sizeof row[count]);
        memcpy(row[count], t2 + 1, strcspn(t2 + 1, "\n"));
        row[count][strcspn(t2 + 1, "\n")] = '\0';
        count++;
    }
    fclose(f);
    assert_true(count > 50);
}

static void test_decnum_matrix(void **state)
{
    static amc_decnum d[MAXN];
    size_t i = 0, j = 0, bad = 0;
    (void)state;
    load();
    for (i = 0; i < count; i++) {
        assert_int_equal(strlen(row[i]), count);
        amc_decnum_parse(text[i], strlen(text[i]), &d[i]);
        if (amc_decnum_is_integer(&d[i]) != integer[i]) {
            print_error("%s: is_integer %d, want %d\n", text[i], amc_decnum_is_integer(&d[i]),
                        integer[i]);
            bad++;
        }
    }
    for (i = 0; i < count; i++)
        for (j = 0; j < count; j++) {
            int c = amc_decnum_cmp(&d[i], &d[j]);
            char got = c < 0 ? '<' : c > 0 ? '>' : '=';
            if (got != row[i][j]) {
                if (bad < 20)
                    print_error("%s vs %s: %c, want %c\n", text[i], text[j], got, row[i][j]);
                bad++;
            }
        }
    if (bad)
        fail_msg("%zu answers differ from Python's decimal", bad);
}

static int cmp_text(const char *a, const char *b)
{
    amc_decnum x, y;
    amc_decnum_parse(a, strlen(a), &x);
    amc_decnum_parse(b, strlen(b), &y);
    return amc_decnum_cmp(&x, &y);
}

static void test_decnum_saturation(void **state)
{
    (void)state;
    assert_int_equal(cmp_text("1e1152921504606846970", "1e1152921504606846974"), -1);
    assert_int_equal(cmp_text("1e1152921504606846974", "1e1152921504606846970"), 1);
    assert_int_equal(cmp_text("10e1152921504606846969", "1e1152921504606846970"), 0);
    assert_int_equal(cmp_text("1e1152921504606846974", "1e1152921504606846975"), -1);
    assert_int_equal(cmp_text("1e1152921504606846975", "1e1152921504606846976"),
                     0); /* 0.1 x 10^(2^60) */
    assert_int_equal(cmp_text("1e1152921504606846980", "1e1152921504606846990"), 0);
    assert_int_equal(cmp_text("2e1152921504606846990", "1e1152921504606846990"), 1);
    assert_int_equal(cmp_text("1e-1152921504606846970", "1e-1152921504606846974"), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_decnum_matrix),
                                       cmocka_unit_test(test_decnum_saturation)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
