/*
 * test_mutidn_format.c - amc_format_check reads exactly the n bytes it is given: strings whose
 * buffer goes on with bytes that would change the answer if read (a hex digit after a cut '%',
 * a '[' after an empty authority), and an IP literal without its ']'. The answers are RFC
 * 3986's for the n bytes.
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
#include "schema/format_int.h"

static const struct {
    const char *format, *buf;
    size_t n;
    int want;
} cases[] = {
    /* a '%' one hex digit short of the end, a hex digit after it in the buffer */
    {"uri", "http://x/a%41", 12, 0},
    {"uri", "http://x/a%41", 13, 1},
    {"iri", "http://x/a%41", 12, 0},
    {"uri-reference", "a%41", 3, 0},
    {"iri-reference", "a%41", 3, 0},
    {"uri", "http://x/?%41", 12, 0},
    {"uri", "http://x/#%41", 12, 0},
    {"uri", "http://u%41@x/", 10, 0}, /* a host ending in a cut '%' */
    /* an empty authority at the end, a '[' after it in the buffer */
    {"uri", "x://[", 4, 1},
    {"uri", "x://[", 5, 0},
    {"iri", "x://[", 4, 1},
    {"uri-reference", "//[", 2, 1},
    {"uri", "x://u@[", 6, 1},
    /* an IP literal that is never closed */
    {"uri", "http://[::1", 11, 0},
    {"uri", "http://[::1]", 12, 1},
    {"uri", "http://[v1.x", 12, 0},
    {"uri", "http://[v1.x]", 13, 1},
    {"iri-reference", "//[::1/a", 8, 0},
    {"uri", "http://[v1.]", 12, 0}, /* IPvFuture needs a character after the '.' */
    {"uri", "http://[v1.a]", 13, 1},
    /* a relative reference (or a path) whose buffer goes on with ':' or '/' */
    {"uri-reference", "abc:", 3, 1},
    {"uri-reference", "ab:", 2, 1},
    {"iri-reference", "ab:", 2, 1},
    {"uri-reference", "a/b:", 3, 1},
    {"uri", "x:/", 3, 1},
    {"uri", "x://", 3, 1},
    {"uri-reference", "//", 1, 1},
    /* uri-template prefixes: 1 to 9999, first digit 1-9 */
    {"uri-template", "{a:9}", 5, 1},
    {"uri-template", "{a:1}", 5, 1},
    {"uri-template", "{a:0}", 5, 0},
    {"uri-template", "{a:9999}", 8, 1},
    {"uri-template", "{a:10000}", 9, 0},
    {"uri-template", "{a:9,b:8}", 9, 1},
    /* uri-template: an expression or an escape cut by n, completed in the buffer */
    {"uri-template", "{a}", 2, 0},
    {"uri-template", "{a}", 3, 1},
    {"uri-template", "a%41", 3, 0},
    {"uri-template", "a%41", 4, 1},
    /* relative-json-pointer "0" whose buffer goes on with '+', '-' or '#' */
    {"relative-json-pointer", "0+1", 1, 1},
    {"relative-json-pointer", "0-1", 1, 1},
    {"relative-json-pointer", "0#", 1, 1},
    {"relative-json-pointer", "0+1", 3, 1},
    {"relative-json-pointer", "0#", 2, 1},
    {"relative-json-pointer", "0+", 2, 0},
};

static void test_exact_length(void **state)
{
    size_t k = 0;
    (void)state;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        int got = amc_format_check(cases[k].format, cases[k].buf, cases[k].n);
        if (got != cases[k].want)
            fail_msg("case %zu: %s \"%.*s\" (buffer \"%s\"): %d, want %d", k, cases[k].format,
                     (int)cases[k].n, cases[k].buf, cases[k].buf, got, cases[k].want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_length),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
