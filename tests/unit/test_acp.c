/*
 * test_acp.c - the acp profile beyond the fixtures: comment forms and their hint (with and
 * without a path), placement edges (a file directly under inbox/, no path, leading directories,
 * ./ and absolute paths), session arithmetic boundaries, and detection (auto must not take
 * mailbox envelopes or discussion documents).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

#define ENV(id, to)                                                                                \
    "{\"message_id\": \"" id "\", \"timestamp\": \"2025-08-25T10:30:45.123Z\", \"from_agent\": "   \
    "\"a\", \"to_agent\": \"" to "\", \"message_type\": \"QUERY\", \"priority\": \"LOW\", "        \
    "\"correlation_id\": \"c\", \"payload\": {}, \"metadata\": {\"requires_ack\": false}}"
#define SESSION(c, f, t, r)                                                                        \
    "{\"session_id\": \"SESSION-2025-08-25-001\", \"started_at\": \"2025-08-25T10:00:00Z\", "      \
    "\"active_agents\": [], \"task_queue\": [], \"completed_tasks\": [], \"global_metrics\": "     \
    "{\"total_tasks\": " t ", \"completed\": " c ", \"failed\": " f ", \"success_rate\": " r "}}"

static const struct tcase {
    const char *name, *profile, *path, *in;
    amc_code code;           /* expected (0: no acp code, and no error) */
    unsigned line, col;      /* 1-based position of that code (0: not checked) */
    const char *hint;        /* substring of its message (NULL: not checked) */
    const char *not_profile; /* auto: must not be detected as this (verdict not checked) */
} cases[] = {
    {"line comment, no path", "acp", NULL,
     "{\"message_type\": \"QUERY\", // note\n \"payload\": {}}", AMC_C_JSON_COMMENT, 1, 27,
     "the ACP seed's examples carry // notes", NULL},
    {"block comment", "acp", "x.json", "{/* c */ \"message_type\": \"QUERY\", \"payload\": {}}",
     AMC_C_JSON_COMMENT, 1, 2, "delete the comment", NULL},
    {"trailing comment", "acp", NULL, "{\"message_type\": \"QUERY\", \"payload\": {}} // end",
     AMC_C_JSON_COMMENT, 1, 42, NULL, NULL},
    {"placed right", "acp", "inbox/b/MSG-2025-08-25-001.json", ENV("MSG-2025-08-25-001", "b"), 0, 0,
     0, NULL, NULL},
    {"placed right, leading dirs", "acp", "agent-workspace/inbox/b/MSG-2025-08-25-001.json",
     ENV("MSG-2025-08-25-001", "b"), 0, 0, 0, NULL, NULL},
    {"placed right, absolute", "acp", "/srv/agent-workspace/inbox/b/MSG-2025-08-25-001.json",
     ENV("MSG-2025-08-25-001", "b"), 0, 0, 0, NULL, NULL},
    {"placed right, ./", "acp", "./inbox/b/MSG-2025-08-25-001.json", ENV("MSG-2025-08-25-001", "b"),
     0, 0, 0, NULL, NULL},
    {"wrong agent dir", "acp", "inbox/c/MSG-2025-08-25-001.json", ENV("MSG-2025-08-25-001", "b"),
     AMC_C_ACP_INBOX_AGENT, 1, 0, "inbox/c/", NULL},
    {"wrong file name", "acp", "inbox/b/MSG-2025-08-25-002.json", ENV("MSG-2025-08-25-001", "b"),
     AMC_C_ACP_INBOX_FILENAME, 1, 0, "MSG-2025-08-25-001.json", NULL},
    {"directly under inbox/: not placement", "acp", "inbox/MSG-2025-08-25-009.json",
     ENV("MSG-2025-08-25-001", "b"), 0, 0, 0, NULL, NULL},
    {"no path: not placement", "acp", NULL, ENV("MSG-2025-08-25-001", "b"), 0, 0, 0, NULL, NULL},
    {"outbox/ is not inbox/", "acp", "outbox/c/x.json", ENV("MSG-2025-08-25-001", "b"), 0, 0, 0,
     NULL, NULL},
    {"date that does not exist", "acp", NULL, ENV("MSG-2025-02-30-001", "b"), AMC_C_ACP_ID_FORMAT,
     1, 16, "does not exist", NULL},
    {"leap day", "acp", NULL, ENV("MSG-2024-02-29-001", "b"), 0, 0, 0, NULL, NULL},
    /* the calendar check must skip a message_id that is no string (or absent): the schema
     * reports it, and nothing reads a number or an array as text */
    {"message_id a number", "acp", NULL,
     "{\"message_id\": 17, \"timestamp\": \"2025-08-25T10:30:45.123Z\", \"from_agent\": "
     "\"a\", \"to_agent\": \"b\", \"message_type\": \"QUERY\", \"priority\": \"LOW\", "
     "\"correlation_id\": \"c\", \"payload\": {}, \"metadata\": {\"requires_ack\": false}}",
     AMC_C_ACP_ID_FORMAT, 1, 16, "expected string, got number", NULL},
    {"message_id absent", "acp", NULL,
     "{\"timestamp\": \"2025-08-25T10:30:45.123Z\", \"from_agent\": \"a\", \"to_agent\": "
     "\"b\", \"message_type\": \"QUERY\", \"priority\": \"LOW\", \"correlation_id\": \"c\", "
     "\"payload\": {}, \"metadata\": {\"requires_ack\": false}}",
     AMC_C_ACP_ENV_STRUCTURE, 1, 1, "\"message_id\" is a required property", NULL},
    {"rate exact", "acp", NULL, SESSION("2", "1", "3", "0.6667"), 0, 0, 0, NULL, NULL},
    {"rate within 0.005", "acp", NULL, SESSION("2", "1", "3", "0.67"), 0, 0, 0, NULL, NULL},
    {"rate off by 0.01", "acp", NULL, SESSION("2", "1", "3", "0.6567"),
     AMC_C_ACP_SESSION_SUCCESS_RATE, 0, 0, NULL, NULL},
    {"nothing finished: rate unchecked", "acp", NULL, SESSION("0", "0", "3", "0"), 0, 0, 0, NULL,
     NULL},
    {"counts at total", "acp", NULL, SESSION("2", "1", "3", "0.6667"), 0, 0, 0, NULL, NULL},
    {"counts over total", "acp", NULL, SESSION("3", "1", "3", "0.75"), AMC_C_ACP_SESSION_COUNTS, 0,
     0, NULL, NULL},
    {"mailbox envelope", "auto", NULL,
     "{\"msg_id\": \"m\", \"sender_id\": \"a\", \"type\": \"control\", \"payload\": {}}", 0, 0, 0,
     NULL, "acp"},
    {"discussion message", "auto", NULL,
     "{\"message_id\": \"MSG-DISC-2026-01-15-001-001\", \"discussion_id\": "
     "\"DISC-2026-01-15-001\", \"speaker\": \"s\", \"message_type\": \"SITUATION_REPORT\", "
     "\"content\": {}}",
     0, 0, 0, NULL, "acp"},
};

static void test_cases(void **state)
{
    size_t i = 0, k = 0, bad = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct tcase *t = &cases[i];
        amc_validator_opts o;
        amc_validator *v = NULL;
        amc_diags *ds = amc_diags_new(0);
        const char *used = NULL;
        const amc_diag *hit = NULL;
        bool other_acp = false;
        size_t bad0 = bad;
        memset(&o, 0, sizeof o);
        o.profile = t->profile;
        assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
        (void)amc_validator_check(v, t->path, t->in, strlen(t->in), ds, &used);
        for (k = 0; k < amc_diags_count(ds); k++) {
            const amc_diag *d = amc_diags_get(ds, k);
            if (t->code && d->code == t->code)
                hit = d;
            else if (d->rule_id && !strncmp(d->rule_id, "ACP-", 4) && d->sev == AMC_SEV_ERROR)
                other_acp = true;
        }
        if (t->not_profile) {
            if (used && !strcmp(used, t->not_profile)) {
                printf("FAIL %s: detected as %s\n", t->name, used);
                bad++;
            }
        } else if (t->code && !hit) {
            printf("FAIL %s: %s not reported\n", t->name, amc_code_id(t->code));
            bad++;
        } else if (!t->code && (other_acp || amc_diags_errors(ds))) {
            printf("FAIL %s: unexpected error\n", t->name);
            bad++;
        } else if (hit && t->line &&
                   (hit->at.line + 1 != t->line || (t->col && hit->at.col + 1 != t->col))) {
            printf("FAIL %s: at %u:%u, want %u:%u\n", t->name, hit->at.line + 1, hit->at.col + 1,
                   t->line, t->col);
            bad++;
        } else if (hit && t->hint && !strstr(hit->message, t->hint)) {
            printf("FAIL %s: message '%s' lacks '%s'\n", t->name, hit->message, t->hint);
            bad++;
        }
        for (k = 0; bad > bad0 && k < amc_diags_count(ds); k++)
            if (k < 6)
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
