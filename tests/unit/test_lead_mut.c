/*
 * test_lead_mut.c - tests for surviving mutants of fresh issue-22 samples (docs/testing.md
 * "Mutation testing"), each asserting the exact answer the mutant changes:
 *   - src/schema/regex.c parse_group_name: a group name far longer than 256 bytes is refused
 *     with "group name too long" at its first byte past the limit, and parsing stops there (a
 *     parser that went on would write the rest of the name past its 256-byte buffer); and an
 *     error before a bad group name (too long, a bad character or escape, no closing '>') is
 *     the one reported (the prepass that collects names meets the name first: its error must
 *     not stand in for the earlier one).
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
#include "schema/regex_int.h"

/* (?<aaa...a>x) with n letters: refused when n > 256, and the same message whatever n is. */
static void test_group_name_far_too_long(void **state)
{
    static const size_t lens[] = {257, 300, 1000, 5000, 20000};
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        size_t n = lens[i] + 6;
        char *pat = malloc(n);
        char err[256];
        amc_regex *re = NULL;
        assert_non_null(pat);
        memcpy(pat, "(?<", 3);
        memset(pat + 3, 'a', lens[i]);
        memcpy(pat + 3 + lens[i], ">x)", 3);
        err[0] = '\0';
        re = amc_regex_compile(pat, n, 0, err, sizeof err);
        if (re)
            fail_msg("a group name of %zu bytes compiled", lens[i]);
        assert_string_equal(err, "offset 3: group name too long");
        free(pat);
    }
}

/* An error before a bad group name is the one reported, whatever is wrong with the name (too
 * long, a character a name cannot hold, a bad escape, no closing '>'): the prepass that collects
 * group names meets the name first, and its error must not stand in for the earlier one. */
static void test_bad_group_name_after_error(void **state)
{
    static const char *const heads[] = {"x{2,1}", "[b-a]", "\\k", "a**"};
    static const char *const errs[] = {"offset 1: numbers out of order in {} quantifier",
                                       "offset 2: character class range out of order",
                                       "offset 0: \\k must be followed by <name>",
                                       "offset 2: nothing to repeat before '*'"};
    static const char *const names[] = {NULL /* 300 letters */, "1a>x)", "a\\x>x)",
                                        "a\\u{110000}>x)",      "a\\u",  "ab"};
    size_t i = 0, k = 0;
    (void)state;
    for (i = 0; i < sizeof heads / sizeof heads[0]; i++)
        for (k = 0; k < sizeof names / sizeof names[0]; k++) {
            char pat[400], err[256];
            size_t n = strlen(heads[i]);
            amc_regex *re = NULL;
            memcpy(pat, heads[i], n);
            memcpy(pat + n, "(?<", 3);
            n += 3;
            if (names[k]) {
                memcpy(pat + n, names[k], strlen(names[k]));
                n += strlen(names[k]);
            } else {
                memset(pat + n, 'a', 300);
                memcpy(pat + n + 300, ">x)", 3);
                n += 303;
            }
            err[0] = '\0';
            re = amc_regex_compile(pat, n, 0, err, sizeof err);
            if (re)
                fail_msg("%s(?<%s compiled", heads[i], names[k] ? names[k] : "a x 300>x)");
            if (strcmp(err, errs[i]) != 0)
                fail_msg("%s(?<%s: %s", heads[i], names[k] ? names[k] : "a x 300>x)", err);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_name_far_too_long),
        cmocka_unit_test(test_bad_group_name_after_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
