/*
 * test_s300lib_date.c - RFC 5322 dates read only the len bytes given (date.c number(): each text
 * is placed against an unreadable page, so a byte read past its end is a crash in any build; a
 * text cut by one byte before a digit is judged as cut: a zone of three digits), and numbers
 * saturate at 999999999 (years of 10 and 11 digits, the boundary of number()'s x < 1000000000,
 * whose mutant to <= the 300-mutant run of seed 112902 left: equivalent, see
 * ci/mutate-equivalent.txt). Kills date.c:477's < -> <= and && -> ||.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/date.h"

/* amc_rfc5322_date of s[0..n) copied against an unreadable page */
static amc_code at_end(const char *s, size_t n)
{
    long pg = sysconf(_SC_PAGESIZE);
    size_t page = pg > 0 ? (size_t)pg : 4096, span = ((n + page - 1) / page + 1) * page;
    char *m = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    amc_code code = 0;
    assert_true(m != MAP_FAILED);
    assert_int_equal(mprotect(m + span - page, page, PROT_NONE), 0);
    memcpy(m + span - page - n, s, n);
    code = amc_rfc5322_date(m + span - page - n, n, NULL, NULL);
    munmap(m, span);
    return code;
}

static void test_rfc5322_reads_len_bytes(void **state)
{
    static const char *const texts[] = {
        "Mon, 25 Aug 2025 10:30:45 +0000",
        "25 Aug 2025 10:30:45 -0130",
        "25 Aug 2025 10:30 +0200",
        "Mon, 25 Aug 2025 10:30:45 +0000 (UTC)",
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof texts / sizeof texts[0]; i++)
        assert_int_equal(at_end(texts[i], strlen(texts[i])), 0);
    /* a zone of three digits (the fourth is in memory, past len) */
    assert_int_equal(amc_rfc5322_date("Mon, 25 Aug 2025 10:30:45 +0000", 30, NULL, NULL),
                     AMC_C_DATE_OFFSET);
    assert_int_equal(at_end("Mon, 25 Aug 2025 10:30:45 +000", 30), AMC_C_DATE_OFFSET);
    /* numbers saturate at 999999999: a year of 10 or 11 digits (x reaches exactly 10^9) */
    assert_int_equal(at_end("25 Aug 1000000000 10:30 +0000", 29), AMC_C_DATE_YEAR_RANGE);
    assert_int_equal(at_end("25 Aug 10000000005 10:30 +0000", 30), AMC_C_DATE_YEAR_RANGE);
    /* digits alone, to the end */
    assert_int_equal(at_end("25", 2), amc_rfc5322_date("25", 2, NULL, NULL));
    assert_int_equal(at_end("25 Aug 2025", 11), amc_rfc5322_date("25 Aug 2025", 11, NULL, NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rfc5322_reads_len_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
