/*
 * test_regex_edges.c - the ECMA-262 translator (src/schema/regex.c) at its quantifier bounds:
 * {n} and {n,m} up to PCRE2's largest bound (65535) are accepted, one more is "unsupported"
 * (an honest refusal, not a wrong match), including when a bound's digits run on past it (the
 * value saturates while it is read), and "numbers out of order" is reported only for bounds that
 * are in range. Each case asserts the whole message.
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

static const struct rcase {
    const char *pat;
    const char *err;  /* NULL: compiles */
    const char *subj; /* with err NULL: a subject it must match (NULL: not checked) */
} cases[] = {
    {"^a{65535}$", NULL, NULL},
    {"^a{0,65535}$", NULL, "aaa"},
    {"^a{65535,}$", NULL, NULL},
    {"^a{65536}$", "offset 2: unsupported: quantifier bound above 65535", NULL},
    {"^a{0,65536}$", "offset 2: unsupported: quantifier bound above 65535", NULL},
    /* the digits go on after the bound reached exactly 65535 */
    {"^a{655350}$", "offset 2: unsupported: quantifier bound above 65535", NULL},
    {"^a{0,655350}$", "offset 2: unsupported: quantifier bound above 65535", NULL},
    {"^a{6553500000000000000000000}$", "offset 2: unsupported: quantifier bound above 65535", NULL},
    {"^a{2,1}$", "offset 2: numbers out of order in {} quantifier", NULL},
    {"^a{65535,65534}$", "offset 2: numbers out of order in {} quantifier", NULL},
    /* out of order, but the lower bound is out of range: that is what is reported */
    {"^a{70000,1}$", "offset 2: unsupported: quantifier bound above 65535", NULL},
    {"^a{3,3}$", NULL, "aaa"},
};

static void test_bounds(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[256] = "";
        amc_regex *re = amc_regex_compile(cases[i].pat, strlen(cases[i].pat), 0, err, sizeof err);
        if (cases[i].err) {
            if (re || strcmp(err, cases[i].err) != 0)
                fail_msg("%s: %s \"%s\", want \"%s\"", cases[i].pat, re ? "compiled" : "error", err,
                         cases[i].err);
        } else {
            if (!re)
                fail_msg("%s: error \"%s\", want a regex", cases[i].pat, err);
            if (cases[i].subj)
                assert_int_equal(amc_regex_search(re, cases[i].subj, strlen(cases[i].subj)), 1);
        }
        amc_regex_free(re);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_bounds)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
