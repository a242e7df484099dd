/*
 * test_c17_regex.c - \p{...} / \P{...} property escapes whose name holds a character no name
 * may (issue 22): in a class ([\p{L u}], [a\P{x-y}b], a range [\p{a b}-z]), after an atom, in a
 * group, with later errors in the pattern, every such pattern fails with exactly the first
 * error ("offset N: invalid character in \p{...}" at the backslash), and amc_regex_portability
 * calls it an invalid ECMA-262 pattern. Kills regex.c:762 `return false` made `return true`
 * (parse_property then handed its caller a set it never filled: in a class, put_set_items
 * read the uninitialized cset).
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

static const struct {
    const char *pat;
    const char *err;
} cases[] = {
    {"\\p{L u}", "offset 0: invalid character in \\p{...}"},
    {"x\\P{Lu-}y", "offset 1: invalid character in \\p{...}"},
    {"[\\p{L u}]", "offset 1: invalid character in \\p{...}"},
    {"[^\\P{sc=Lat n}]", "offset 2: invalid character in \\p{...}"},
    {"[a\\p{x-y}b]", "offset 2: invalid character in \\p{...}"},
    {"[\\p{a b}-z]", "offset 1: invalid character in \\p{...}"},
    {"[a-\\p{a b}]", "offset 3: invalid character in \\p{...}"},
    {"[\\p{a.b}\\p{Lu}]", "offset 1: invalid character in \\p{...}"},
    {"([\\p{é}])", "offset 2: invalid character in \\p{...}"},
    {"(?<n>\\p{ })\\k<n>", "offset 5: invalid character in \\p{...}"},
    {"a|[\\p{L}\\P{-}]+", "offset 8: invalid character in \\p{...}"},
    {"\\p{!}(", "offset 0: invalid character in \\p{...}"},
    {"[\\p{!}", "offset 1: invalid character in \\p{...}"},
    {"\\p{!", "offset 0: invalid character in \\p{...}"},
    {"[\\p{sc=Latn-}]*", "offset 1: invalid character in \\p{...}"},
    {"\\p{sc=Latn-}{2}", "offset 0: invalid character in \\p{...}"},
};

static void test_property_name_invalid(void **state)
{
    size_t i = 0, k = 0;
    int bad = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *pat = cases[i].pat;
        for (k = 0; k < 2; k++) { /* twice: the second compile sees the first one's stack */
            char err[256];
            bool nomem = false;
            const char *why = NULL;
            amc_regex *re = amc_regex_compile(pat, strlen(pat), 0, err, sizeof err);
            if (re || strcmp(err, cases[i].err) != 0) {
                printf("FAIL /%s/: %s\n", pat, re ? "compiled" : err);
                bad++;
            }
            amc_regex_free(re);
            why = amc_regex_portability(pat, strlen(pat), &nomem);
            if (!why || strcmp(why, "invalid ECMA-262 pattern") != 0 || nomem) {
                printf("FAIL /%s/: portability %s\n", pat, why ? why : "(none)");
                bad++;
            }
        }
    }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_property_name_invalid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
