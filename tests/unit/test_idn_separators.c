/*
 * test_idn_separators.c - the label separators of idn-hostname (src/schema/format.c separator):
 * "." and, in idn-hostname only, U+3002, U+FF0E and U+FF61 (RFC 3490 3.1) split labels; a
 * character whose UTF-8 shares two of a separator's three bytes does not (each case below is a
 * single PVALID character that makes an empty label, and so an invalid name, when taken for a
 * separator). A surviving mutant (U+FF61's test with || for &&) showed the near misses untested.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "schema/format_int.h"

static const struct {
    const char *format, *s;
    int want;
} cases[] = {
    /* the separators */
    {"idn-hostname",
     "a\xe3\x80\x82"
     "b",
     1}, /* U+3002 */
    {"idn-hostname",
     "a\xef\xbc\x8e"
     "b",
     1}, /* U+FF0E */
    {"idn-hostname",
     "a\xef\xbd\xa1"
     "b",
     1}, /* U+FF61 */
    {"idn-hostname",
     "\xe3\x80\x82"
     "a",
     0}, /* an empty first label */
    {"idn-hostname",
     "a\xef\xbd\xa1\xef\xbd\xa1"
     "b",
     0},
    /* hostname (not idn): U+3002 is no separator, and not ASCII */
    {"hostname",
     "a\xe3\x80\x82"
     "b",
     0},
    /* near misses: one label each */
    {"idn-hostname", "\xe4\x80\x82", 1}, /* U+4002: U+3002's last two bytes */
    {"idn-hostname", "\xe3\x81\x82", 1}, /* U+3042: U+3002's first and last byte */
    {"idn-hostname", "\xe3\x80\x85", 1}, /* U+3005: U+3002's first two bytes */
    {"idn-hostname", "\xe4\xbc\x8e", 1}, /* U+4F0E: U+FF0E's last two bytes */
    {"idn-hostname", "\xe3\xbd\xa1", 1}, /* U+3F61: U+FF61's last two bytes */
    {"idn-hostname", "\xef\xa8\x8e", 1}, /* U+FA0E: U+FF0E's first and last byte */
    {"idn-hostname", "x.\xe3\xbd\xa1", 1},
    {"idn-hostname", "\xe3\xbd\xa1.x", 1},
};

static void test_separators(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int got = amc_format_check(cases[i].format, cases[i].s, strlen(cases[i].s));
        if (got != cases[i].want)
            fail_msg("case %zu: %s: got %d want %d", i, cases[i].format, got, cases[i].want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_separators),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
