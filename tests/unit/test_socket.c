/*
 * test_socket.c - the socket profile beyond the fixtures: id format edge cases (the
 * canonicalTaskId pattern of schemas/socket/defs.schema.json plus the calendar check), the
 * result status role rule's sender names, state/current_task, positions, and detection (auto
 * must not take mailbox or ACP envelopes).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

static const struct tcase {
    const char *name, *profile, *in;
    amc_code code; /* 0: none of the socket codes */
    bool error;    /* an error expected */
    unsigned line, col;
    bool not_socket; /* auto: must not be detected as socket (verdict not checked) */
} cases[] = {
#define TASK(id)                                                                                   \
    "{\"type\": \"task\", \"id\": " id ", \"from\": \"x\", \"payload\": {\"instruction\": \"i\"}}"
    {"leap day 2024", "socket", TASK("\"task-20240229-235960-0f9a\""), 0, false, 0, 0, false},
    {"not a leap year 2100", "socket", TASK("\"task-21000229-000000-0000\""),
     AMC_C_SOCKET_ID_FORMAT, false, 1, 24, false},
    {"leap year 2000", "socket", TASK("\"task-20000229-000000-0000\""), 0, false, 0, 0, false},
    {"month 13", "socket", TASK("\"task-20261301-000000-0000\""), AMC_C_SOCKET_ID_FORMAT, false, 1,
     24, false},
    {"day 31 in April", "socket", TASK("\"task-20260431-000000-0000\""), AMC_C_SOCKET_ID_FORMAT,
     false, 1, 24, false},
    {"minute 60", "socket", TASK("\"task-20260101-006000-0000\""), AMC_C_SOCKET_ID_FORMAT, false, 1,
     24, false},
    {"five hex digits", "socket", TASK("\"task-20260101-000000-0000a\""), AMC_C_SOCKET_ID_FORMAT,
     false, 1, 24, false},
    {"sub-task", "socket", TASK("\"task-20260101-000000-abcd-review-sub12\""), 0, false, 0, 0,
     false},
    {"sub0", "socket", TASK("\"task-20260101-000000-abcd-review-sub0\""), AMC_C_SOCKET_ID_FORMAT,
     false, 1, 24, false},
    {"sub01", "socket", TASK("\"task-20260101-000000-abcd-review-sub01\""), AMC_C_SOCKET_ID_FORMAT,
     false, 1, 24, false},
    {"empty phase", "socket", TASK("\"unknown--sub1\""), AMC_C_SOCKET_ID_FORMAT, false, 1, 24,
     false},
    {"phase with dashes", "socket", TASK("\"unknown-a-b-sub1\""), 0, false, 0, 0, false},
    {"phase with newline", "socket", TASK("\"unknown-a\\nb-sub1\""), AMC_C_SOCKET_ID_FORMAT, false,
     1, 24, false},
    {"unknown alone", "socket", TASK("\"unknown\""), 0, false, 0, 0, false},
    {"unknownx", "socket", TASK("\"unknownx\""), AMC_C_SOCKET_ID_FORMAT, false, 1, 24, false},
    {"empty id", "socket", TASK("\"\""), AMC_C_SOCKET_ID_FORMAT, false, 1, 24, false},
    {"null id", "socket", TASK("null"), AMC_C_SOCKET_ID_TYPE, true, 1, 24, false},
#define RES(from, st)                                                                              \
    "{\"type\": \"result\", \"id\": \"unknown\", \"from\": \"" from "\", \"status\": \"" st        \
    "\", \"payload\": {\"output\": \"\", \"summary\": \"\"}}"
    {"worker 12 error", "socket", RES("yadon-12", "error"), 0, false, 0, 0, false},
    {"worker 12 partial", "socket", RES("yadon-12", "partial_error"),
     AMC_C_SOCKET_RESULT_STATUS_ROLE, true, 1, 67, false},
    {"yadon- without number", "socket", RES("yadon-", "partial_error"), 0, false, 0, 0, false},
    {"yadon-x not a worker", "socket", RES("yadon-x", "partial_error"), 0, false, 0, 0, false},
    {"coordinator unchecked", "socket", RES("yadoking", "error"), 0, false, 0, 0, false},
    {"manager partial", "socket", RES("yadoran", "partial_error"), 0, false, 0, 0, false},
    {"status_response idle empty task", "socket",
     "{\"type\": \"status_response\", \"from\": \"a\", \"state\": \"idle\", \"current_task\": "
     "\"\"}",
     AMC_C_SOCKET_STATE_TASK, false, 1, 51, false},
    {"error reply extra member", "socket",
     "{\"type\": \"error\", \"from\": \"a\", \"message\": \"m\", \"x\": 1}", 0, false, 0, 0, false},
    {"type not a string", "socket", "{\"type\": 1}", AMC_C_SOCKET_MESSAGE, true, 1, 10, false},
    {"BOM then status", "socket", "\xEF\xBB\xBF{\"type\": \"status\", \"from\": \"a\"}",
     AMC_C_SOCKET_BOM, true, 1, 1, false},
    {"whitespace around", "socket", " \n{\"type\": \"status\", \"from\": \"a\"}\n\n", 0, false, 0,
     0, false},
    /* detection */
    {"auto: socket task", "auto", TASK("\"unknown\""), 0, false, 0, 0, false},
    {"auto: mailbox-like error envelope", "auto",
     "{\"type\": \"error\", \"from\": \"a\", \"message\": \"m\", \"msg_id\": \"1\"}", 0, false, 0,
     0, true},
    {"auto: ACP envelope", "auto",
     "{\"type\": \"task\", \"message_type\": \"task\", \"payload\": {}}", 0, false, 0, 0, true},
    {"auto: NaN not taken", "auto", "{\"type\": \"status\", \"load\": NaN}", 0, false, 0, 0, true},
};

static void test_cases(void **state)
{
    size_t i = 0, j = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct tcase *c = &cases[i];
        amc_validator_opts o;
        amc_validator *v = NULL;
        amc_diags *ds = amc_diags_new(0);
        const char *used = NULL;
        const amc_diag *hit = NULL;
        memset(&o, 0, sizeof o);
        o.profile = c->profile;
        assert_non_null(ds);
        assert_int_equal(amc_validator_new(&o, ds, &v), AMC_OK);
        (void)amc_validator_check(v, "m.json", c->in, strlen(c->in), ds, &used);
        for (j = 0; j < amc_diags_count(ds); j++) {
            const amc_diag *d = amc_diags_get(ds, j);
            if (c->code && d->code == c->code)
                hit = d;
            if (!c->code && !c->not_socket && d->code >= 3600 && d->code < 3800)
                fail_msg("%s: unexpected %s", c->name, amc_code_id(d->code));
        }
        if (c->code && !hit)
            fail_msg("%s: %s not reported", c->name, amc_code_id(c->code));
        if (c->not_socket) {
            if (used && !strcmp(used, "socket"))
                fail_msg("%s: detected as socket", c->name);
            amc_validator_free(v);
            amc_diags_free(ds);
            continue;
        }
        if ((amc_diags_errors(ds) > 0) != c->error)
            fail_msg("%s: %zu errors", c->name, amc_diags_errors(ds));
        if (hit && c->line && (hit->at.line + 1 != c->line || hit->at.col + 1 != c->col))
            fail_msg("%s: at %u:%u, want %u:%u", c->name, hit->at.line + 1, hit->at.col + 1,
                     c->line, c->col);
        if (!strcmp(c->profile, "auto") && !c->code && (!used || strcmp(used, "socket")))
            fail_msg("%s: detected %s", c->name, used ? used : "nothing");
        amc_validator_free(v);
        amc_diags_free(ds);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_cases)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
