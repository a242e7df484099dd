/*
 * test_libcov_ignite.c - ignite header rules (src/profiles/ignite.c) at edges the coverage
 * report showed untested: Message-ID domain literals (RFC 5322 no-fold-literal: %d33-90 /
 * %d94-126, so no space, non-ASCII, '[', ']' or '\'; a literal is a msg-id but not ignite.local),
 * X-IGNITE-Thread-ID as one token of visible ASCII, X-IGNITE-Issue as a number or NULL, the
 * X-IGNITE-*-At headers as RFC 3339 date-times with an offset. Each case is the base message of
 * ignite_cases.h with one header replaced or added, asserting the code, its line:col, a piece of
 * its message and that nothing else is reported.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "ignite_cases.h"

#define SYN AMC_C_IGNITE_MSGID_SYNTAX

static const struct tcase cases[] = {
    {"domain literal: a msg-id, not ignite.local", "Message-ID", "Message-ID: %s[127.0.0.1]>",
     AMC_C_IGNITE_MSGID_DOMAIN, 2, 13, "Message-ID domain '[127.0.0.1]' is not ignite.local"},
    {"domain literal with a space", "Message-ID", "Message-ID: %s[127.0 .1]>", SYN, 2, 13,
     "is not an RFC 5322 msg-id"},
    {"domain literal with a non-ASCII byte", "Message-ID", "Message-ID: %s[127\xc3\xa9]>", SYN, 2,
     13, NULL},
    {"domain literal with '['", "Message-ID", "Message-ID: %s[12[7]>", SYN, 2, 13, NULL},
    {"domain literal with ']'", "Message-ID", "Message-ID: %s[12]7]>", SYN, 2, 13, NULL},
    {"domain literal with a backslash", "Message-ID", "Message-ID: %s[12\\7]>", SYN, 2, 13, NULL},
    {"domain literal with '~' and '!'", "Message-ID", "Message-ID: %s[!~]>",
     AMC_C_IGNITE_MSGID_DOMAIN, 2, 13, "Message-ID domain '[!~]' is not ignite.local"},
    {"thread id", "+", "X-IGNITE-Thread-ID: t-1!~", 0, 0, 0, NULL},
    {"thread id with a space", "+", "X-IGNITE-Thread-ID: t 1", AMC_C_IGNITE_THREAD_ID, 10, 21,
     "X-IGNITE-Thread-ID 't 1' is not one token of visible ASCII"},
    {"thread id with a non-ASCII byte", "+", "X-IGNITE-Thread-ID: t\xc3\xa9",
     AMC_C_IGNITE_THREAD_ID, 10, 21, NULL},
    {"issue number", "+", "X-IGNITE-Issue: 42", 0, 0, 0, NULL},
    {"issue NULL", "+", "X-IGNITE-Issue: NULL", AMC_C_IGNITE_ISSUE_NULL, 10, 17, NULL},
    {"issue with a letter", "+", "X-IGNITE-Issue: 4a", AMC_C_IGNITE_ISSUE, 10, 17,
     "X-IGNITE-Issue '4a' is not an issue number"},
    {"processed at", "+", "X-IGNITE-Processed-At: 2026-02-10T12:11:00+09:00", 0, 0, 0, NULL},
    {"processed at without an offset", "+", "X-IGNITE-Processed-At: 2026-02-10T12:11:00",
     AMC_C_IGNITE_HDR_DATETIME, 10, 24,
     "X-IGNITE-Processed-At: '2026-02-10T12:11:00' is not an RFC 3339 date-time with offset"},
    {"error at, not a date", "+", "X-IGNITE-Error-At: soon", AMC_C_IGNITE_HDR_DATETIME, 10, 20,
     NULL},
};

static void test_cases(void **state)
{
    (void)state;
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_cases)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
