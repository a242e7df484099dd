/*
 * test_mutlib2_conform.c - amc_conform_glob (the --only/--skip case filters of amc conform)
 * against POSIX fnmatch() with FNM_NOESCAPE over every pattern of up to three tokens (a, b, c,
 * '.', '?', '*', '**', [ab], [!a], [a-c], [-a], [a-], [!b-c]) and every string of up to four
 * characters over a, b, c, '-' (issue 22: mutants of src/conform/conform.c). Unterminated,
 * reversed or ']'-first brackets, where glob implementations differ, are left out. NULL
 * patterns or strings match nothing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fnmatch.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/conform.h"

static void test_glob(void **state)
{
    static const char *const tok[] = {"a",    "b",    "c",     ".",    "?",    "*",     "**",
                                      "[ab]", "[!a]", "[a-c]", "[-a]", "[a-]", "[!b-c]"};
    static const char alpha[] = "abc-";
    const size_t nt = sizeof tok / sizeof tok[0];
    size_t t0 = 0, t1 = 0, t2 = 0, len = 0, bad = 0, matches = 0, calls = 0;
    char p[32], s[8];
    (void)state;
    assert_false(amc_conform_glob(NULL, "a"));
    assert_false(amc_conform_glob("a", NULL));
    assert_false(amc_conform_glob(NULL, NULL));
    for (t0 = 0; t0 <= nt; t0++) {
        for (t1 = 0; t1 <= (t0 < nt ? nt : 0); t1++) {
            for (t2 = 0; t2 <= (t1 < nt ? nt : 0); t2++) {
                size_t idx[3];
                size_t k = 0;
                idx[0] = t0;
                idx[1] = t1;
                idx[2] = t2;
                p[0] = '\0';
                for (k = 0; k < 3 && idx[k] < nt; k++)
                    strcat(p, tok[idx[k]]);
                /* every string of 0..4 characters over alpha */
                for (len = 0; len <= 4; len++) {
                    size_t total = 1, n = 0, i = 0;
                    for (i = 0; i < len; i++)
                        total *= 4;
                    for (n = 0; n < total; n++) {
                        size_t v = n;
                        bool got = false, want = false;
                        for (i = 0; i < len; i++, v /= 4)
                            s[i] = alpha[v % 4];
                        s[len] = '\0';
                        got = amc_conform_glob(p, s);
                        want = fnmatch(p, s, FNM_NOESCAPE) == 0;
                        calls++;
                        matches += want;
                        if (got != want && bad++ < 20)
                            fprintf(stderr, "glob '%s' '%s': %d, fnmatch %d\n", p, s, got, want);
                    }
                }
            }
        }
    }
    print_message("%zu comparisons, %zu matches\n", calls, matches);
    assert_true(matches > 10000);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_glob),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
