/*
 * test_s300lib_socket.c - the socket profile's whole answer (status, and every diagnostic's code,
 * rule, severity and instance pointer) for messages at the edges that surviving mutants of
 * src/profiles/socket.c showed unpinned (issue 22, hand-mutated against the socket tests):
 *   - a schema error takes the message kind's rule (SOCKET-TASK-001, ...), or SOCKET-ID-001 when
 *     it is at /id or /current_task, and the profile's code (check_schema: the severity test,
 *     "d.instance_ptr && ...");
 *   - a validator with max_diags 2: the same answer for its first two errors;
 *   - the result rules run for results only and the status_response rules for status
 *     responses only (check_rules "st == AMC_OK && ...");
 *   - an id suffix must start with '-' (id_format_ok);
 *   - a message of exactly the three bytes of a byte order mark (has_bom "len >= 3").
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

/* the check's status and diagnostics as text */
static void check(const char *in, size_t len, uint32_t max_diags, char *out, size_t cap)
{
    amc_validator_opts o;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = amc_diags_new(0);
    amc_validator *v = NULL;
    amc_status st = AMC_OK;
    size_t i = 0, n = 0;
    assert_non_null(ds);
    memset(&o, 0, sizeof o);
    o.profile = "socket";
    if (max_diags) {
        lim.max_diags = max_diags;
        o.limits = &lim;
    }
    assert_int_equal(amc_validator_new(&o, ds, &v), AMC_OK);
    st = amc_validator_check(v, NULL, in, len, ds, NULL);
    n += (size_t)snprintf(out + n, cap - n, "%d", (int)st);
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, " | %s %s %s %s",
                              amc_code_id(d->code), d->rule_id ? d->rule_id : "-",
                              amc_severity_str(d->sev), d->instance_ptr ? d->instance_ptr : "-");
    }
    assert_true(n < cap);
    amc_validator_free(v);
    amc_diags_free(ds);
}

static const struct {
    const char *in;
    uint32_t max_diags;
    const char *want;
} cases[] = {
    /* schema errors: the kind's rule, SOCKET-ID-001 at /id */
    {"{\"type\": \"task\", \"id\": 5, \"from\": \"x\", \"payload\": {\"instruction\": 1}}", 0,
     "1 | SOCKET_ID_TYPE SOCKET-ID-001 error /id | SOCKET_TASK SOCKET-TASK-001 error "
     "/payload/instruction"},
    {"{\"type\": \"status_response\", \"from\": \"a\", \"state\": \"idle\", \"current_task\": 5}",
     0, "1 | SOCKET_ID_TYPE SOCKET-ID-001 error /current_task"},
    /* with max_diags 2 */
    {"{\"type\": \"task\", \"id\": 5, \"from\": 1, \"payload\": {\"instruction\": 1}}", 2,
     "1 | SOCKET_ID_TYPE SOCKET-ID-001 error /id | SOCKET_TASK SOCKET-TASK-001 error /from"},
    /* result rules only for results, status_response rules only for status responses */
    {"{\"type\": \"task\", \"id\": \"unknown\", \"from\": \"yadoran\", \"status\": \"error\", "
     "\"payload\": {\"instruction\": \"i\"}}",
     0, "0"},
    {"{\"type\": \"task\", \"id\": \"unknown\", \"from\": \"yadon-1\", \"status\": "
     "\"partial_error\", \"payload\": {\"instruction\": \"i\"}}",
     0, "0"},
    {"{\"type\": \"task\", \"id\": \"unknown\", \"from\": \"x\", \"state\": \"busy\", "
     "\"current_task\": null, \"payload\": {\"instruction\": \"i\"}}",
     0, "0"},
    {"{\"type\": \"status_response\", \"from\": \"a\", \"state\": \"busy\", \"current_task\": "
     "null}",
     0, "0 | SOCKET_STATE_TASK SOCKET-SR-002 warning /state"},
    /* an id suffix starts with '-' */
    {"{\"type\": \"task\", \"id\": \"unknownxa-sub1\", \"from\": \"x\", \"payload\": "
     "{\"instruction\": \"i\"}}",
     0, "0 | SOCKET_ID_FORMAT SOCKET-ID-002 warning /id"},
    {"{\"type\": \"task\", \"id\": \"unknown-a-sub1\", \"from\": \"x\", \"payload\": "
     "{\"instruction\": \"i\"}}",
     0, "0"},
};

static void test_socket_answers(void **state)
{
    size_t i = 0, bad = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char got[4096];
        check(cases[i].in, strlen(cases[i].in), cases[i].max_diags, got, sizeof got);
        if (strcmp(got, cases[i].want)) {
            print_error("case %zu: got \"%s\"\n", i, got);
            bad++;
        }
    }
    assert_int_equal(bad, 0);
}

/* exactly a byte order mark, and one with a space after it */
static void test_socket_bom_only(void **state)
{
    char got[1024];
    (void)state;
    check("\xEF\xBB\xBF", 3, 0, got, sizeof got);
    assert_string_equal(
        got, "1 | SOCKET_BOM SOCKET-FRAME-001 error - | EMPTY_INPUT SOCKET-DOC-001 error -");
    check("\xEF\xBB\xBF ", 4, 0, got, sizeof got);
    assert_string_equal(
        got, "1 | SOCKET_BOM SOCKET-FRAME-001 error - | EMPTY_INPUT SOCKET-DOC-001 error -");
    /* two bytes of one: no BOM, invalid UTF-8 */
    check("\xEF\xBB", 2, 0, got, sizeof got);
    assert_string_equal(got, "1 | UTF8_INVALID SOCKET-DOC-001 error -");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_socket_answers),
        cmocka_unit_test(test_socket_bom_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
