/*
 * test_cov_format.c - "format" checks at the edges the coverage report showed untested
 * (src/schema/format.c): A-labels whose Punycode is malformed (a non-letter-digit, cut short,
 * an ASCII-only or empty decoding, RFC 3492 overflow), U-labels breaking RFC 5891 4.2.3 (hyphens
 * in positions 3-4, a leading or trailing hyphen) or RFC 5893's Bidi rule, IRIs with a byte that
 * is not UTF-8, and the NULL-buffer convention of amc_format_check. Each row: the format, the
 * text, and the verdict (1 valid, 0 invalid).
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

static const struct fcase {
    const char *format, *s;
    size_t len; /* 0: strlen */
    int want;
} fcases[] = {
    /* A-labels (RFC 5890 2.3.2.1, RFC 3492) */
    {"hostname", "xn--", 0, 0},            /* nothing after the prefix */
    {"hostname", "xn--a_b", 0, 0},         /* '_' is no Punycode digit */
    {"hostname", "xn--ab-c_d", 0, 0},      /* nor after the delimiter */
    {"hostname", "xn--caf-dma", 0, 1},     /* café */
    {"hostname", "xn--caf-dm", 0, 0},      /* cut short: the last digit is missing */
    {"hostname", "xn--zzzzzzzzzz", 0, 1},  /* U+885E U+7BA5 U+7CEA U+7E16 (CJK) */
    {"hostname", "xn--zzzzzzzzzzz", 0, 0}, /* one digit more: cut short */
    {"idn-hostname", "xn--caf-dma", 0, 1}, /* an A-label is an IDN label too */
    {"idn-hostname", "XN--CAF-DMA", 0, 1}, /* any case */
    /* U-labels (RFC 5891 4.2.3.1: no "--" in positions 3 and 4, no hyphen at either end) */
    {"idn-hostname", "ab--\xc3\xa9", 0, 0},
    {"idn-hostname", "-\xc3\xa9", 0, 0},
    {"idn-hostname", "\xc3\xa9-", 0, 0},
    {"idn-hostname", "\xc3\xa9-a", 0, 1},
    {"idn-hostname", "a.\xc3\xa9", 0, 1},
    {"idn-hostname", "a..\xc3\xa9", 0, 0}, /* an empty label */
    /* RFC 5893 Bidi rule: an RTL label must end with R, AL, EN or AN (then NSMs) */
    {"idn-hostname", "\xd7\x90\xd7\x91", 0, 1}, /* Hebrew alef bet */
    {"idn-hostname",
     "\xd7\x90"
     "a",
     0, 0},                                     /* R then L: rule 2 */
    {"idn-hostname", "\xd7\x90\xd6\xb0", 0, 1}, /* alef + sheva (NSM) */
    {"idn-hostname",
     "\xd7\x90"
     "1",
     0, 1}, /* R then EN */
    {"idn-hostname",
     "\xd7\x90"
     "1\xd9\xa1",
     0, 0}, /* EN and AN together: rule 4 */
    /* "--" in positions 3-4 of an ASCII label: an LDH label to hostname (RFC 1123), a reserved
     * R-LDH label to idn-hostname (RFC 5890 2.3.1) */
    {"hostname", "ab--c", 0, 1},
    {"idn-hostname", "ab--c", 0, 0},
    {"idn-hostname", "ab-c", 0, 1},
    /* IRIs: a byte that is not UTF-8 is no ucschar */
    {"iri", "http://a/\xff", 0, 0},
    {"iri", "http://a/\xc3\xa9", 0, 1},
    {"iri-reference", "\xc3", 0, 0},
    /* the NULL-buffer convention: NULL with length 0 is the empty text */
    {"hostname", NULL, 0, 0},
    {"iri-reference", NULL, 0, 1},
    {"iri-reference", NULL, 3, 0},
};

static void test_table(void **state)
{
    size_t i = 0;
    int bad = 0;
    (void)state;
    for (i = 0; i < sizeof fcases / sizeof fcases[0]; i++) {
        const struct fcase *c = &fcases[i];
        size_t n = c->len ? c->len : c->s ? strlen(c->s) : 0;
        int got = amc_format_check(c->format, c->s, n);
        if (got != c->want) {
            printf("FAIL %s '%s' (%zu bytes): %d, want %d\n", c->format, c->s ? c->s : "(null)", n,
                   got, c->want);
            bad++;
        }
    }
    if (bad)
        fail_msg("%d rows failed", bad);
    assert_int_equal(amc_format_check("no-such-format", "x", 1), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
