/*
 * test_ignite_edges.c - the ignite profile's header grammar at its edges (src/profiles/ignite.c):
 * Message-ID as an RFC 5322 msg-id (RFC 5322 3.6.4: "<" dot-atom-text "@" (dot-atom-text /
 * no-fold-literal) ">") and the protocol's <epoch.pid.hash@ignite.local> shape, In-Reply-To as a
 * list of msg-ids, X-IGNITE-Repository as GitHub's owner/repo (owner: 1-39 alphanumerics with
 * single inner dashes; repo: 1-100 of alphanumerics, '.', '_', '-', not "." or ".."). Each case is
 * the base message of ignite_cases.h with one header replaced or added, asserting the code, its
 * line:col, a piece of its message, and that nothing else is reported.
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

static const struct tcase cases[] = {
    /* Message-ID: RFC 5322 msg-id = "<" id-left "@" id-right ">", dot-atom on both sides */
    {"Message-ID with an empty left side", "Message-ID", "Message-ID: <@ignite.local>",
     AMC_C_IGNITE_MSGID_SYNTAX, 2, 13, "Message-ID '<@ignite.local>' is not an RFC 5322 msg-id"},
    {"Message-ID with two dots in a row", "Message-ID", "Message-ID: <1.2..x@ignite.local>",
     AMC_C_IGNITE_MSGID_SYNTAX, 2, 13, "is not an RFC 5322 msg-id"},
    {"Message-ID ending in a dot on the left", "Message-ID", "Message-ID: <1.2.x.@ignite.local>",
     AMC_C_IGNITE_MSGID_SYNTAX, 2, 13, "is not an RFC 5322 msg-id"},
    {"Message-ID with an unclosed domain literal", "Message-ID", "Message-ID: %s[x>",
     AMC_C_IGNITE_MSGID_SYNTAX, 2, 13, "is not an RFC 5322 msg-id"},
    {"Message-ID domain literal cut short", "Message-ID", "Message-ID: %s[>",
     AMC_C_IGNITE_MSGID_SYNTAX, 2, 13, "is not an RFC 5322 msg-id"},
    {"Message-ID without @", "Message-ID", "Message-ID: <1.2.x.ignite.local>",
     AMC_C_IGNITE_MSGID_SYNTAX, 2, 13, NULL},
    /* the ignite shape: <digits.digits.alphanumerics@...>, exactly three parts */
    {"Message-ID with four parts", "Message-ID", "Message-ID: <1.2.x.y@ignite.local>",
     AMC_C_IGNITE_MSGID_SHAPE, 2, 13,
     "Message-ID '<1.2.x.y@ignite.local>' is not of the form <number.pid.id@domain>"},
    {"Message-ID with two parts", "Message-ID", "Message-ID: <1.2@ignite.local>",
     AMC_C_IGNITE_MSGID_SHAPE, 2, 13, NULL},
    {"Message-ID with a letter in the pid", "Message-ID", "Message-ID: <1.2a.x@ignite.local>",
     AMC_C_IGNITE_MSGID_SHAPE, 2, 13, NULL},
    {"Message-ID with a dash in the id part", "Message-ID", "Message-ID: <1.2.x-y@ignite.local>",
     AMC_C_IGNITE_MSGID_SHAPE, 2, 13, NULL},
    {"Message-ID domain in capitals", "Message-ID", "Message-ID: <1.2.x@IGNITE.LOCAL>", 0, 0, 0,
     NULL},
    /* agent identifiers start with a letter or digit */
    {"From starting with an underscore", "From", "From: _bot", AMC_C_IGNITE_AGENT_SYNTAX, 3, 7,
     "From: '_bot' is not an agent identifier"},
    {"To list with an element starting with a dash", "To", "To: coordinator, -x",
     AMC_C_IGNITE_AGENT_SYNTAX, 4, 5, "To: '-x' is not an agent identifier"},
    {"To list with an empty element", "To", "To: coordinator,,leader", AMC_C_IGNITE_AGENT_SYNTAX, 4,
     5, "To: empty element in the agent list"},
    /* In-Reply-To: msg-ids separated by white space */
    {"In-Reply-To two ids, spaces and a tab", "+",
     "In-Reply-To: <1.2.a@ignite.local>  \t<3.4.b@ignite.local>", 0, 0, 0, NULL},
    {"In-Reply-To an id then a word", "+", "In-Reply-To: <1.2.a@ignite.local> x",
     AMC_C_IGNITE_IN_REPLY_TO, 10, 14,
     "In-Reply-To '<1.2.a@ignite.local> x' is not a list of msg-ids"},
    {"In-Reply-To empty", "+", "In-Reply-To:", AMC_C_IGNITE_IN_REPLY_TO, 10, 13, NULL},
    /* X-IGNITE-Repository: owner (1-39 alphanumerics, single inner dashes) / repo (1-100) */
    {"repository owner/repo", "+", "X-IGNITE-Repository: my-org/my.repo_2", 0, 0, 0, NULL},
    {"repository without owner", "+", "X-IGNITE-Repository: /repo", AMC_C_IGNITE_REPOSITORY, 10, 22,
     "X-IGNITE-Repository '/repo' is not owner/repo"},
    {"repository without repo", "+", "X-IGNITE-Repository: org/", AMC_C_IGNITE_REPOSITORY, 10, 22,
     NULL},
    {"repository without slash", "+", "X-IGNITE-Repository: org", AMC_C_IGNITE_REPOSITORY, 10, 22,
     NULL},
    {"repository owner starting with a dash", "+", "X-IGNITE-Repository: -org/r",
     AMC_C_IGNITE_REPOSITORY, 10, 22, NULL},
    {"repository owner ending with a dash", "+", "X-IGNITE-Repository: org-/r",
     AMC_C_IGNITE_REPOSITORY, 10, 22, NULL},
    {"repository owner with two dashes", "+", "X-IGNITE-Repository: o--rg/r",
     AMC_C_IGNITE_REPOSITORY, 10, 22, NULL},
    {"repository owner with a dot", "+", "X-IGNITE-Repository: o.rg/r", AMC_C_IGNITE_REPOSITORY, 10,
     22, NULL},
    {"repository owner of 39", "+",
     "X-IGNITE-Repository: abcdefghijabcdefghijabcdefghijabcdefghi/r", 0, 0, 0, NULL},
    {"repository owner of 40", "+",
     "X-IGNITE-Repository: abcdefghijabcdefghijabcdefghijabcdefghij/r", AMC_C_IGNITE_REPOSITORY, 10,
     22, NULL},
    {"repository repo with a slash", "+", "X-IGNITE-Repository: org/a/b", AMC_C_IGNITE_REPOSITORY,
     10, 22, NULL},
    {"repository repo '.'", "+", "X-IGNITE-Repository: org/.", AMC_C_IGNITE_REPOSITORY, 10, 22,
     NULL},
    {"repository repo '..'", "+", "X-IGNITE-Repository: org/..", AMC_C_IGNITE_REPOSITORY, 10, 22,
     NULL},
    {"repository repo '...'", "+", "X-IGNITE-Repository: org/...", 0, 0, 0, NULL},
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
