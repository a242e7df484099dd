/*
 * test_cov_regex.c - named groups of the ECMA-262 translator (src/schema/regex.c) at the edges of
 * their name grammar (ECMA-262 22.2.1 GroupName: RegExpIdentifierName, IdentifierStart /
 * IdentifierPart: $, _, ZWNJ and ZWJ only after the first character, \u escapes); amc accepts
 * any non-ASCII code point that is not white space (U+00A0, U+1680, U+2000-U+200A, U+2028,
 * U+2029, U+202F, U+205F, U+3000, U+FEFF) or a surrogate. The coverage report showed the white
 * space list untested. Each case asserts the whole message, or that the pattern compiles and
 * matches through its group.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "schema/regex_int.h"

#define BAD "offset 3: invalid character in group name"

static const struct rcase {
    const char *pat;
    const char *err; /* NULL: compiles, and matches "y" */
} cases[] = {
    {"(?<$_a1>y)", NULL},
    {"(?<x\xe2\x80\x8c>y)", NULL}, /* ZWNJ after the first character */
    {"(?<x\xe2\x80\x8d>y)", NULL}, /* ZWJ after the first character */
    {"(?<\xc3\xa9>y)", NULL},
    {"(?<\\u0061b>y)", NULL},
    {"(?<\xe2\x80\x8cx>y)", BAD}, /* ZWNJ first */
    {"(?<\xe2\x80\x8dx>y)", BAD}, /* ZWJ first */
    {"(?<1a>y)", BAD},
    {"(?<a\xc2\xa0>y)", BAD},     /* U+00A0 */
    {"(?<x\xe1\x9a\x80>y)", BAD}, /* U+1680 */
    {"(?<x\xe2\x80\x83>y)", BAD}, /* U+2003 */
    {"(?<x\xe2\x80\x8a>y)", BAD}, /* U+200A */
    {"(?<x\xe2\x80\xa8>y)", BAD}, /* U+2028 */
    {"(?<x\xe2\x80\xa9>y)", BAD}, /* U+2029 */
    {"(?<x\xe2\x80\xaf>y)", BAD}, /* U+202F */
    {"(?<x\xe2\x81\x9f>y)", BAD}, /* U+205F */
    {"(?<x\xe3\x80\x80>y)", BAD}, /* U+3000 */
    {"(?<x\xef\xbb\xbf>y)", BAD}, /* U+FEFF */
    {"(?<a\\u00a0>y)", BAD},      /* the same through an escape */
    {"(?<a\\x41>y)", "offset 3: invalid escape in group name"},
};

static void test_group_names(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[256] = "";
        amc_regex *re = amc_regex_compile(cases[i].pat, strlen(cases[i].pat), 0, err, sizeof err);
        if (cases[i].err) {
            if (re || strcmp(err, cases[i].err) != 0)
                fail_msg("%s: got '%s', want '%s'", cases[i].pat, re ? "(compiled)" : err,
                         cases[i].err);
        } else {
            if (!re)
                fail_msg("%s: %s", cases[i].pat, err);
            assert_int_equal(amc_regex_search(re, "xyz", 3), 1);
            assert_int_equal(amc_regex_search(re, "x", 1), 0);
        }
        amc_regex_free(re);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
