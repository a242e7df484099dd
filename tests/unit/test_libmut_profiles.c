/*
 * test_libmut_profiles.c - src/profiles/mailbox.c get_fields: the envelope members the rules
 * read are found by length, then by name; members of the same lengths with other names (2, 4,
 * 5, 6, 7, 9, 13 and 16 bytes, before the real ones) are not taken for them: they are only
 * additional properties, and the signature (over every member) no longer matches. Asserts every
 * diagnostic: code, rule, line:col, pointer and the whole message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

static const char envelope[] =
    "{\"tx\":1,\"fram\":1,\"nonse\":1,\"msg_ix\":1,\"task_ix\":1,\"sender_ix\":1,"
    "\"state_versiox\":1,\"delivery_attempx\":1,"
    "\"msg_id\":\"b04d639f-0055-496f-b261-38e6aafd88e9\",\"schema_version\":1,"
    "\"task_id\":\"task-demo-001\",\"sender_id\":\"orchestrator\","
    "\"sender_instance_id\":\"orchestrator-instance-1\",\"key_id\":\"k-orchestrator-v1\","
    "\"issued_at\":\"2026-02-11T10:00:00.000Z\",\"nonce\":\"3baa78ab-a74a-4a65-9f5d-039dab8a672d\","
    "\"signature\":\"def806ae0b11fee7ac3155d84d0102e7a808d23b4e4a040f96508758c99daadd\","
    "\"from\":\"orchestrator\",\"to\":\"claude\",\"type\":\"task_assignment\","
    "\"state_version\":1,\"delivery_attempt\":1,\"created_at\":\"2026-02-11T10:00:00.000Z\","
    "\"payload\":{\"review_request_ref\":\"artifact://task-demo-001/review-request.md\","
    "\"required_agents\":[\"codex\",\"claude\"],\"instruction\":\"Please review this change "
    "set.\"}}";

#define EXTRA(name, col)                                                                           \
    "MAILBOX_SCHEMA_INVALID MAILBOX-ENV-001 1:" col " /" name                                      \
    " SCHEMA_ADDITIONAL_PROPERTIES: additional property \"" name "\" is not allowed\n"

static void test_mailbox_field_names(void **state)
{
    static const char want[] = EXTRA("tx", "2") EXTRA("fram", "9") EXTRA("nonse", "18") EXTRA(
        "msg_ix", "28") EXTRA("task_ix", "39") EXTRA("sender_ix", "51") EXTRA("state_versiox", "65")
        EXTRA("delivery_attempx",
              "83") "MAILBOX_SIGNATURE_INVALID MAILBOX-SIG-001 1:398 /signature signature is not "
                    "the SHA-256 of the canonical envelope (the implementation quarantines this "
                    "envelope with SIGNATURE_INVALID: its first failing check)\n";
    amc_validator_opts o;
    amc_validator *v = NULL;
    amc_diags *ds = amc_diags_new(0);
    const char *used = NULL;
    char got[4096];
    size_t i = 0, n = 0;
    (void)state;
    memset(&o, 0, sizeof o);
    o.profile = "mailbox";
    assert_int_equal(amc_validator_new(&o, ds, &v), AMC_OK);
    assert_int_equal(amc_validator_check(v, NULL, envelope, strlen(envelope), ds, &used),
                     AMC_EINVALID);
    assert_string_equal(used, "mailbox");
    got[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && n < sizeof got; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        n += (size_t)snprintf(got + n, sizeof got - n, "%s %s %u:%u %s %s\n", amc_code_id(d->code),
                              d->rule_id ? d->rule_id : "-", d->at.line + 1, d->at.col + 1,
                              d->instance_ptr ? d->instance_ptr : "-", d->message);
    }
    if (strcmp(got, want) != 0) {
        fputs(got, stderr);
        fail_msg("differs from the expected diagnostics");
    }
    amc_validator_free(v);
    amc_diags_free(ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mailbox_field_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
