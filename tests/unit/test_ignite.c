/*
 * test_ignite.c - the ignite profile beyond the fixtures (conformance/ignite/cases.json): the
 * header checks at their edges, each case one header line of the seed's notification example
 * (IGNITE 通信プロトコル仕様 v3, github.com/myfinder/IGNITE docs/protocol.md) replaced or
 * removed, asserting the code, its line:col and a piece of its message.
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
    {"base message", NULL, NULL, 0, 0, 0, NULL},
    /* Content-Type: text/x-yaml; charset=utf-8, case-insensitive, value may be quoted */
    {"content type quoted", "Content-Type", "Content-Type: text/x-yaml; charset=\"utf-8\"", 0, 0, 0,
     NULL},
    {"content type quoted, blank after", "Content-Type",
     "Content-Type: text/x-yaml; charset=\"utf-8\" ", 0, 0, 0, NULL},
    {"content type any case, spaces", "Content-Type", "Content-Type: TEXT/X-YAML ; CHARSET = UTF-8",
     0, 0, 0, NULL},
    {"content type quote never closed", "Content-Type",
     "Content-Type: text/x-yaml; charset=\"utf-8", AMC_C_IGNITE_HDR_CONTENT_TYPE, 8, 15,
     "Content-Type is 'text/x-yaml; charset=\"utf-8'"},
    {"content type text after the quote", "Content-Type",
     "Content-Type: text/x-yaml; charset=\"utf-8\" x", AMC_C_IGNITE_HDR_CONTENT_TYPE, 8, 15,
     "not text/x-yaml; charset=utf-8"},
    {"content type without charset", "Content-Type", "Content-Type: text/x-yaml",
     AMC_C_IGNITE_HDR_CONTENT_TYPE, 8, 15, NULL},
    {"content type charset without =", "Content-Type", "Content-Type: text/x-yaml; charset",
     AMC_C_IGNITE_HDR_CONTENT_TYPE, 8, 15, NULL},
    {"content type empty charset", "Content-Type",
     "Content-Type: text/x-yaml; charset=", AMC_C_IGNITE_HDR_CONTENT_TYPE, 8, 15, NULL},
    {"content type other parameter", "Content-Type",
     "Content-Type: text/x-yaml; charset=utf-8; format=flowed", AMC_C_IGNITE_HDR_CONTENT_TYPE, 8,
     15, NULL},
    {"content type charset twice", "Content-Type",
     "Content-Type: text/x-yaml;charset=utf-8;charset=utf-8", AMC_C_IGNITE_HDR_CONTENT_TYPE, 8, 15,
     NULL},
    {"content type other charset", "Content-Type", "Content-Type: text/x-yaml; charset=latin1",
     AMC_C_IGNITE_HDR_CONTENT_TYPE, 8, 15, NULL},
    {"content type text/plain", "Content-Type", "Content-Type: text/plain; charset=utf-8",
     AMC_C_IGNITE_HDR_CONTENT_TYPE, 8, 15, "'text/plain; charset=utf-8'"},
    /* Message-ID: RFC 5322 msg-id, its right side a dot-atom or a domain literal */
    {"Message-ID with a domain literal", "Message-ID", "Message-ID: %s[127.0.0.1]>",
     AMC_C_IGNITE_MSGID_DOMAIN, 2, 13, "domain '[127.0.0.1]' is not ignite.local"},
    {"Message-ID with an empty domain literal", "Message-ID", "Message-ID: %s[]>",
     AMC_C_IGNITE_MSGID_DOMAIN, 2, 13, "domain '[]' is not ignite.local"},
    {"Message-ID domain literal with a space", "Message-ID", "Message-ID: %s[a b]>",
     AMC_C_IGNITE_MSGID_SYNTAX, 2, 13, "is not an RFC 5322 msg-id"},
    {"Message-ID domain literal with a backslash", "Message-ID", "Message-ID: %s[a\\b]>",
     AMC_C_IGNITE_MSGID_SYNTAX, 2, 13, NULL},
    /* agents */
    {"From an unknown agent", "From", "From: nobody", AMC_C_IGNITE_AGENT_UNKNOWN, 3, 7,
     "From: unknown agent 'nobody'"},
    {"From ignitian_0", "From", "From: ignitian_0", AMC_C_IGNITE_AGENT_UNKNOWN, 3, 7,
     "unknown agent 'ignitian_0'"},
    /* headers added after the base ones (line 10) */
    {"X-IGNITE-From shadows from", "+", "X-IGNITE-From: x", AMC_C_IGNITE_HDR_SHADOW, 10, 1,
     "X-IGNITE-From would overwrite 'from' in ignite_mime.py parse output"},
    {"X-IGNITE-Thread-Id spelled differently", "+", "X-IGNITE-Thread-Id: x",
     AMC_C_IGNITE_HDR_NAME_CASE, 10, 1, "is spelled 'X-IGNITE-Thread-ID' by the protocol"},
};

static void test_cases(void **state)
{
    (void)state;
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

/* Placement: the base message (To: coordinator, type notification) at different paths. Empty
 * path components (a doubled '/') change nothing. */
static void test_placement(void **state)
{
    static const struct {
        const char *path;
        amc_code code; /* 0: no diagnostic at all */
        unsigned line, col;
        const char *hint;
    } places[] = {
        {"ws/queue/coordinator/notification_1770693060003518.mime", 0, 0, 0, NULL},
        {"ws/queue//coordinator/notification_1770693060003518.mime", 0, 0, 0, NULL},
        {"ws/queue/coordinator//notification_1770693060003518.mime", 0, 0, 0, NULL},
        {"/ws//queue/coordinator/notification_1770693060003518.mime", 0, 0, 0, NULL},
        {"ws/queue/coordinator/processed/notification_1770693060003518.mime", 0, 0, 0, NULL},
        {"ws/queue/leader/notification_1770693060003518.mime", AMC_C_IGNITE_QUEUE_AGENT, 4, 1,
         "the message sits in queue/leader/ but leader is not in To or Cc"},
        {"ws/queue//leader/notification_1770693060003518.mime", AMC_C_IGNITE_QUEUE_AGENT, 4, 1,
         "queue/leader/"},
        {"ws/queue/coordinator/notification_1770693060003518.yaml", AMC_C_IGNITE_FILE_NAME, 1, 1,
         "'notification_1770693060003518.yaml' does not follow notification_<16 digits>.mime"},
        {"ws/queue/coordinator/x.mime", AMC_C_IGNITE_FILE_NAME, 1, 1, "'x.mime'"},
    };
    size_t i = 0;
    struct tcase base;
    const char *in = NULL;
    (void)state;
    memset(&base, 0, sizeof base);
    in = build(&base);
    for (i = 0; i < sizeof places / sizeof places[0]; i++) {
        amc_validator_opts o;
        amc_validator *v = NULL;
        amc_diags *ds = amc_diags_new(0);
        const amc_diag *d = NULL;
        memset(&o, 0, sizeof o);
        o.profile = "ignite";
        assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
        (void)amc_validator_check(v, places[i].path, in, strlen(in), ds, NULL);
        d = amc_diags_get(ds, 0);
        if (!places[i].code) {
            if (amc_diags_count(ds))
                fail_msg("%s: %s %s", places[i].path, amc_code_id(d->code), d->message);
        } else if (amc_diags_count(ds) != 1 || d->code != places[i].code ||
                   d->at.line + 1 != places[i].line || d->at.col + 1 != places[i].col ||
                   !strstr(d->message, places[i].hint)) {
            fail_msg("%s: %zu diagnostics, first %s at %u:%u: %s", places[i].path,
                     amc_diags_count(ds), d ? amc_code_id(d->code) : "-", d ? d->at.line + 1 : 0,
                     d ? d->at.col + 1 : 0, d ? d->message : "");
        }
        amc_diags_free(ds);
        amc_validator_free(v);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_cases),
                                       cmocka_unit_test(test_placement)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
