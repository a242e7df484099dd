/*
 * test_ignite_edges.c - the ignite profile's header grammar at its edges (src/profiles/ignite.c):
 * Message-ID as an RFC 5322 msg-id (RFC 5322 3.6.4: "<" dot-atom-text "@" (dot-atom-text /
 * no-fold-literal) ">") and the protocol's <epoch.pid.hash@ignite.local> shape, In-Reply-To as a
 * list of msg-ids, X-IGNITE-Repository as GitHub's owner/repo (owner: 1-39 alphanumerics with
 * single inner dashes; repo: 1-100 of alphanumerics, '.', '_', '-', not "." or ".."). Each case is
 * the base message of test_ignite.c with one header replaced or added, asserting the code, its
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

/* The base message: every header right, so each case below reports only what it changes. */
static const char *const base_headers[] = {
    "MIME-Version: 1.0",
    "Message-ID: <177069306000.59845.16387098975994078935@ignite.local>",
    "From: user",
    "To: coordinator",
    "Date: Tue, 10 Feb 2026 12:11:00 +0900",
    "X-IGNITE-Type: notification",
    "X-IGNITE-Priority: normal",
    "Content-Type: text/x-yaml; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
};
#define N_HEADERS  (sizeof base_headers / sizeof base_headers[0])
#define MSGID_LEFT "<177069306000.59845.16387098975994078935@"
static const char base_body[] = "message: |\n  deploy at 18:00\n";

static const struct tcase {
    const char *name;
    const char *header;   /* the header replaced (its name as in base_headers) */
    const char *line;     /* its new line; NULL: removed */
    amc_code code;        /* expected (0: no error and no warning at all) */
    unsigned lineno, col; /* 1-based position of that code */
    const char *hint;     /* substring of its message (NULL: not checked) */
} cases[] = {
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

/* The base message with t's change: t->header "+" appends t->line to the header block; a "%s"
 * in t->line stands for the left side and '@' of the base Message-ID. */
static char *build(const struct tcase *t)
{
    static char buf[2048];
    size_t i = 0, n = 0;
    for (i = 0; i < N_HEADERS; i++) {
        const char *h = base_headers[i];
        if (t->header && !strncmp(h, t->header, strlen(t->header)) && h[strlen(t->header)] == ':') {
            if (!t->line)
                continue;
            h = t->line;
        }
        if (strstr(h, "%s"))
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%.*s%s%s", (int)(strstr(h, "%s") - h),
                                  h, MSGID_LEFT, strstr(h, "%s") + 2);
        else
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s", h);
        buf[n++] = '\n';
    }
    if (t->header && !strcmp(t->header, "+"))
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s\n", t->line);
    snprintf(buf + n, sizeof buf - n, "\n%s", base_body);
    return buf;
}

static void test_cases(void **state)
{
    size_t i = 0, k = 0, bad = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct tcase *t = &cases[i];
        const char *in = build(t);
        amc_validator_opts o;
        amc_validator *v = NULL;
        amc_diags *ds = amc_diags_new(0);
        const char *used = NULL;
        const amc_diag *hit = NULL;
        size_t others = 0, bad0 = bad;
        amc_status st = AMC_OK;
        memset(&o, 0, sizeof o);
        o.profile = "ignite";
        assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
        st = amc_validator_check(v, NULL, in, strlen(in), ds, &used);
        if (st != (amc_diags_errors(ds) ? AMC_EINVALID : AMC_OK) || strcmp(used, "ignite") != 0) {
            printf("FAIL %s: status %s, profile %s\n", t->name, amc_status_str(st), used);
            bad++;
        }
        for (k = 0; k < amc_diags_count(ds); k++) {
            const amc_diag *d = amc_diags_get(ds, k);
            if (t->code && d->code == t->code && !hit)
                hit = d;
            else
                others++;
        }
        if (!t->code && amc_diags_count(ds)) {
            printf("FAIL %s: unexpected diagnostics\n", t->name);
            bad++;
        } else if (t->code && !hit) {
            printf("FAIL %s: %s not reported\n", t->name, amc_code_id(t->code));
            bad++;
        } else if (hit && (hit->at.line + 1 != t->lineno || hit->at.col + 1 != t->col)) {
            printf("FAIL %s: at %u:%u, want %u:%u\n", t->name, hit->at.line + 1, hit->at.col + 1,
                   t->lineno, t->col);
            bad++;
        } else if (hit && t->hint && !strstr(hit->message, t->hint)) {
            printf("FAIL %s: message '%s' lacks '%s'\n", t->name, hit->message, t->hint);
            bad++;
        } else if (hit && others) {
            printf("FAIL %s: %zu other diagnostics\n", t->name, others);
            bad++;
        }
        for (k = 0; bad > bad0 && k < amc_diags_count(ds) && k < 6; k++)
            printf("    %u:%u %s %s\n", amc_diags_get(ds, k)->at.line + 1,
                   amc_diags_get(ds, k)->at.col + 1, amc_code_id(amc_diags_get(ds, k)->code),
                   amc_diags_get(ds, k)->message);
        amc_diags_free(ds);
        amc_validator_free(v);
    }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_cases)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
