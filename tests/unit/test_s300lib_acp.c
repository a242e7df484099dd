/*
 * test_s300lib_acp.c - edges of two ACP rules that hand mutants of src/profiles/acp.c showed
 * unpinned (issue 22):
 *   - ACP-SESSION-003: success_rate may differ from completed / (completed + failed) by at most
 *     0.005 + 1e-9 (as a double): with completed 0 and failed 1 (want 0), a rate of exactly that
 *     double passes and the next double above fails (acp.c check_session "> 0.005 + 1e-9");
 *   - ACP-REG-002: the endpoint of an agent_id of up to 512 bytes is checked, of 513 bytes not
 *     (acp.c check_registration "id->u.str.len > 512").
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

/* whether checking in with the acp profile reports rule */
static bool reports(const char *in, const char *rule)
{
    amc_validator_opts o;
    amc_diags *ds = amc_diags_new(0);
    amc_validator *v = NULL;
    size_t i = 0;
    bool found = false;
    assert_non_null(ds);
    memset(&o, 0, sizeof o);
    o.profile = "acp";
    assert_int_equal(amc_validator_new(&o, ds, &v), AMC_OK);
    (void)amc_validator_check(v, NULL, in, strlen(in), ds, NULL);
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        if (d->rule_id && !strcmp(d->rule_id, rule))
            found = true;
    }
    amc_validator_free(v);
    amc_diags_free(ds);
    return found;
}

#define SESSION(r)                                                                                 \
    "{\"session_id\": \"SESSION-2025-08-25-001\", \"started_at\": \"2025-08-25T10:00:00Z\", "      \
    "\"active_agents\": [], \"task_queue\": [], \"completed_tasks\": [], \"global_metrics\": "     \
    "{\"total_tasks\": 1, \"completed\": 0, \"failed\": 1, \"success_rate\": " r "}}"

/* completed 0 and failed 0: no rate to compare */
#define SESSION0(r)                                                                                \
    "{\"session_id\": \"SESSION-2025-08-25-001\", \"started_at\": \"2025-08-25T10:00:00Z\", "      \
    "\"active_agents\": [], \"task_queue\": [], \"completed_tasks\": [], \"global_metrics\": "     \
    "{\"total_tasks\": 0, \"completed\": 0, \"failed\": 0, \"success_rate\": " r "}}"

static void test_success_rate_tolerance(void **state)
{
    (void)state;
    assert_false(reports(SESSION("0"), "ACP-SESSION-003"));
    assert_false(reports(SESSION("0.005000001"), "ACP-SESSION-003"));
    /* 0.005 + 1e-9 as a double, then the next double above */
    assert_false(reports(SESSION("0.0050000010000000004"), "ACP-SESSION-003"));
    assert_true(reports(SESSION("0.005000001000000001"), "ACP-SESSION-003"));
    assert_true(reports(SESSION("0.006"), "ACP-SESSION-003"));
    assert_false(reports(SESSION0("0.7"), "ACP-SESSION-003"));
    assert_false(reports(SESSION0("0"), "ACP-SESSION-003"));
}

static void test_registration_id_length(void **state)
{
    size_t len = 0;
    (void)state;
    for (len = 511; len <= 513; len++) {
        char *m = malloc(len + 512);
        size_t n = 0;
        assert_non_null(m);
        n += (size_t)snprintf(m + n, len + 512 - n, "{\"agent_id\":\"");
        memset(m + n, 'a', len);
        n += len;
        snprintf(m + n, len + 512 - n,
                 "\",\"agent_type\":\"SPECIALIST\",\"capabilities\":[\"database\"],\"status\":"
                 "\"ACTIVE\",\"endpoint\":\"/elsewhere\",\"health_check_url\":\"/health\","
                 "\"max_concurrent_tasks\":3,\"supported_message_types\":[\"QUERY\"],"
                 "\"dependencies\":[],\"version\":\"1.0.0\"}");
        if (reports(m, "ACP-REG-002") != (len <= 512))
            fail_msg("agent_id of %zu bytes: ACP-REG-002 %s", len,
                     len <= 512 ? "missing" : "reported");
        free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_success_rate_tolerance),
        cmocka_unit_test(test_registration_id_length),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
