/*
 * test_libcov_regex.c - the fast path of src/schema/regex.c for "simple" patterns (an anchored
 * run of character classes with quantifiers, searched without PCRE2): which patterns take it
 * (amc_regex_is_simple) at the edges of its grammar - negated classes, class ranges and escapes,
 * bytes outside printable ASCII, {n}, {n,}, {n,m}, counts up to the 65535 the translator accepts,
 * atoms whose count varies followed by an overlapping atom - and that every answer equals the
 * answer of PCRE2 for the same pattern (amc_regex_search_pcre2) and the expected one.
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

typedef struct rcase {
    const char *pat;
    int simple;         /* 1: takes the fast path, 0: PCRE2 searches */
    const char *yes[3]; /* subjects that match */
    const char *no[3];  /* subjects that do not */
} rcase;

static const rcase cases[] = {
    /* taken */
    {"^[a-c]{2,}$", 1, {"ab", "cccc"}, {"a", "abd"}},
    {"^[\\d_]{1,3}x", 1, {"1x", "_9_x"}, {"x", "1234x"}},
    {"^[\\w]+$", 1, {"a_Z9"}, {"a-b", ""}},
    {"^[\\--/]b", 1, {"-b", ".b", "/b"}, {",b", "0b"}},
    {"^[\\]]a", 1, {"]a"}, {"a"}},
    {"^\\.{2}$", 1, {".."}, {"...", "ab"}},
    {"^a{0}b", 1, {"b"}, {"ab"}},
    {"^a{3}?b", 1, {"aaab"}, {"aab"}},
    {"^a*?b", 1, {"b", "aab"}, {"ac"}},
    {"^a{2,4}$", 1, {"aa", "aaaa"}, {"a", "aaaaa"}},
    {"^a{65535}", 1, {NULL}, {"a"}},
    /* not taken: a negated class, a class that ends early, other escapes, wide bytes */
    {"^[^a]b", 0, {"xb"}, {"ab"}},
    {"^[\\s]x", 0, {" x"}, {"ax"}},
    {"^[\\]-a]", 1, {"]", "^", "a"}, {"b"}},
    {"^[\xc3\xa9]", 0, {"\xc3\xa9"}, {"e"}},
    {"^[\x7f]", 0, {"\x7f"}, {"a"}},
    {"^\\sx", 0, {" x"}, {"x"}},
    {"^\\bx", 0, {"x"}, {" x"}},
    {"^\xc3\xa9", 0, {"\xc3\xa9"}, {"e"}},
    {"^\x7f", 0, {"\x7f"}, {"a"}},
    {"^a(b)", 0, {"ab"}, {"a"}},
    /* not taken: quantifiers the fast path does not read */
    {"^a{2,65535}b", 1, {"aab"}, {"ab"}},
    {"^a{2,}?b", 1, {"aab", "aaab"}, {"ab"}},
    /* not taken: an atom whose count varies, then one that shares a character with it */
    {"^a*a", 0, {"a", "aaa"}, {"b"}},
    {"^[ab]?b", 0, {"b", "ab", "bb"}, {"a"}},
    {"^a+c?a", 0, {"aa", "aca"}, {"a"}},
    {"^a*c{0}a", 0, {"a"}, {"c"}},
    /* not anchored */
    {"a{2}", 0, {"baa"}, {"ab"}},
    {"", 0, {"", "x"}, {NULL}},
};

static void test_simple_path(void **state)
{
    size_t i = 0, j = 0;
    int bad = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const rcase *c = &cases[i];
        char err[256];
        amc_regex *re = amc_regex_compile(c->pat, strlen(c->pat), 0, err, sizeof err);
        if (!re) {
            printf("FAIL /%s/ does not compile: %s\n", c->pat, err);
            bad++;
            continue;
        }
        if (amc_regex_is_simple(re) != (c->simple == 1)) {
            printf("FAIL /%s/: is_simple %d, want %d\n", c->pat, amc_regex_is_simple(re),
                   c->simple);
            bad++;
        }
        for (j = 0; j < 3; j++) {
            const char *s = c->yes[j];
            if (s && (amc_regex_search(re, s, strlen(s)) != 1 ||
                      amc_regex_search_pcre2(re, s, strlen(s)) != 1)) {
                printf("FAIL /%s/ should match '%s'\n", c->pat, s);
                bad++;
            }
            s = c->no[j];
            if (s && (amc_regex_search(re, s, strlen(s)) != 0 ||
                      amc_regex_search_pcre2(re, s, strlen(s)) != 0)) {
                printf("FAIL /%s/ should not match '%s'\n", c->pat, s);
                bad++;
            }
        }
        amc_regex_free(re);
    }
    assert_int_equal(bad, 0);
}

/* 65535 a's (the largest count the translator accepts): the fast path counts them */
static void test_long_count(void **state)
{
    static char s[65537];
    amc_regex *re = amc_regex_compile("^a{65535}$", 10, 0, NULL, 0);
    (void)state;
    assert_non_null(re);
    assert_true(amc_regex_is_simple(re));
    memset(s, 'a', 65535);
    assert_int_equal(amc_regex_search(re, s, 65535), 1);
    assert_int_equal(amc_regex_search(re, s, 65534), 0);
    s[65535] = 'a';
    assert_int_equal(amc_regex_search(re, s, 65536), 0);
    amc_regex_free(re);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simple_path),
        cmocka_unit_test(test_long_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
