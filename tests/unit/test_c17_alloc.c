/*
 * test_c17_alloc.c - allocation failures in the schema check of the profiles (issue 22; failpoint
 * builds only): messages with fields of the wrong type (acp: 11 schema errors, discussion: 10,
 * socket: 4, mailbox envelope: 17 among its findings, mailbox deadletter wrapper: 3, ignite body:
 * 7 warnings), whose check_schema copies the failures one by one, under the rule the schema
 * tags, into the caller's list. With the k-th allocation of amc_validator_check failing once, for
 * every k, the check ends with AMC_ENOMEM or exactly the clean result, and after AMC_ENOMEM the
 * list holds the first diagnostics of the clean run, then (room permitting) a NOMEM diagnostic:
 * never a diagnostic after one that was lost, never one under another rule than the clean
 * run's. For ignite only its IGNITE_BODY_SCHEMA diagnostics are compared: its header checks go
 * on after a failed emit (the check's status says AMC_ENOMEM), so its whole list may have a hole
 * before the body is checked.
 *   - Pins a fix: when looking up the tagged rule ran out of memory, acp and discussion
 *     reported the error under the entry schema's rule (ACP_ENV_STRUCTURE for a message_id
 *     error).
 *   - Kills the second `==` made `!=` of the copy loops (`st == AMC_OK || st != AMC_ELIMIT`
 *     went on copying after an add failed, past the hole): acp.c:132, discussion.c:151,
 *     socket.c:190, mailbox.c:587 and :1211, ignite.c:924.
 * And uniqueItems on 17 to 32 items allocates nothing (its hash table fits the inline scratch
 * words): kills validate.c:977.
 * Not labelled 'sweep': about 2000 short checks, under a second.
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
#include "amc/json.h"
#include "core/arena_int.h"

#ifdef AMC_ALLOC_FAILPOINTS

/* messages with fields of the wrong type: one schema error each (more than the 8 diagnostics a
 * new list has room for, where partial is set) */
static const struct scase {
    const char *profile, *path, *doc, *code_prefix;
    size_t errors;
    bool partial;      /* some failure ends the copy after part of the list */
    const char *only;  /* compare only the diagnostics of this code (NULL: all) */
    amc_status status; /* the clean check's */
} cases[] = {
    {"acp", NULL,
     "{\"message_id\": 17, \"timestamp\": 18, \"from_agent\": 19, \"to_agent\": 20, "
     "\"message_type\": 21, \"priority\": 22, \"correlation_id\": 23, \"payload\": 24, "
     "\"metadata\": {\"retry_count\": \"x\", \"timeout_ms\": \"y\", \"requires_ack\": \"z\"}}",
     "ACP_", 11, true, NULL, AMC_EINVALID},
    {"discussion", NULL,
     "{\"message_id\": 1, \"discussion_id\": 2, \"speaker\": 3, \"message_type\": 4, "
     "\"content\": 5, \"timestamp\": 6, \"phase\": 9, \"metadata\": {\"processing_time_ms\": "
     "\"a\", \"model_used\": 1, \"tokens_consumed\": \"b\"}}",
     "DISC_", 10, true, NULL, AMC_EINVALID},
    {"socket", NULL,
     "{\"type\":\"task\",\"id\":5,\"from\":6,\"payload\":{\"instruction\":7,\"project_dir\":8}}",
     "SOCKET_", 4, false, NULL, AMC_EINVALID},
    {"mailbox", NULL, "{\"msg_id\": 1, \"sender_id\": 2, \"type\": 3, \"payload\": 4}", "MAILBOX_",
     17, true, NULL, AMC_EINVALID},
    {"mailbox", "deadletter/agent/x.json",
     "{\"reason\": 1, \"quarantined_at\": 2, \"envelope\": 3}", "MAILBOX_DEADLETTER", 3, false,
     NULL, AMC_EINVALID},
    {"ignite", NULL,
     "MIME-Version: 1.0\nMessage-ID: <1.2@ignite.local>\nFrom: a\nTo: b\n"
     "Date: Wed, 25 Nov 2026 13:53:34 +0000\nX-IGNITE-Type: task_assignment\n"
     "X-IGNITE-Priority: normal\nContent-Type: text/x-yaml; charset=utf-8\n"
     "Content-Transfer-Encoding: 8bit\n\n"
     "task_id: [1]\ntitle: [2]\ninstructions: [3]\ndescription: [4]\nestimated_time: [5]\n"
     "deliverables: 6\nskills_required: 7\n",
     "IGNITE_BODY", 7, true, "IGNITE_BODY_SCHEMA ", AMC_OK},
};

typedef struct snap {
    amc_status st;
    size_t n;
    char line[64][192]; /* code, rule, position, message (cut) */
} snap;

static void take(snap *s, amc_status st, const amc_diags *ds, const char *only)
{
    size_t i = 0;
    s->st = st;
    s->n = 0;
    assert_true(amc_diags_count(ds) <= 64);
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        snprintf(s->line[s->n], sizeof s->line[s->n], "%s %s %u:%u %s", amc_code_id(d->code),
                 d->rule_id ? d->rule_id : "-", d->at.line, d->at.col, d->message);
        if (!only || !strncmp(s->line[s->n], only, strlen(only)))
            s->n++;
    }
}

/* one check of c->doc by a new validator into a new list, the fail_at-th allocation of the
 * check failing (-1: none); *count: the check's allocations */
static void check(const struct scase *c, snap *s, long fail_at, unsigned long *count)
{
    amc_validator_opts o;
    amc_validator *v = NULL;
    amc_diags *ds = NULL;
    amc_status st = AMC_OK;
    const char *used = NULL;
    memset(&o, 0, sizeof o);
    o.profile = c->profile;
    amc_test_alloc_fail_at(-1);
    ds = amc_diags_new(0);
    assert_non_null(ds);
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
    amc_test_alloc_fail_at(fail_at);
    st = amc_validator_check(v, c->path, c->doc, strlen(c->doc), ds, &used);
    if (count)
        *count = amc_test_alloc_count();
    amc_test_alloc_fail_at(-1);
    take(s, st, ds, c->only);
    amc_validator_free(v);
    amc_diags_free(ds);
}

static void sweep_case(const struct scase *c)
{
    static snap clean, got;
    unsigned long n = 0, k = 0, nomem = 0, partial = 0;
    size_t i = 0, errors = 0;
    check(c, &clean, -1, &n);
    /* the clean run: each wrong field is an error of the profile carrying the schema's
     * message */
    assert_int_equal(clean.st, c->status);
    for (i = 0; i < clean.n; i++)
        if (!strncmp(clean.line[i], c->code_prefix, strlen(c->code_prefix)) &&
            strstr(clean.line[i], " SCHEMA_"))
            errors++;
    assert_int_equal(errors, c->errors);
    assert_true(n > 0 && n < 100000);
    for (k = 0; k < n; k++) {
        check(c, &got, (long)k, NULL);
        if (got.st != AMC_ENOMEM) {
            /* the failure changed nothing */
            assert_int_equal(got.st, clean.st);
            assert_int_equal(got.n, clean.n);
            for (i = 0; i < got.n; i++)
                assert_string_equal(got.line[i], clean.line[i]);
            continue;
        }
        nomem++;
        /* out of memory: the clean run's first diagnostics, none skipped, then a NOMEM one
         * (unless the list could not take it either) */
        if (got.n > 0 && !strncmp(got.line[got.n - 1], "NOMEM ", 6))
            got.n--;
        if (got.n > clean.n)
            fail_msg("%s: allocation %lu: %zu diagnostics, the clean run has %zu", c->profile, k,
                     got.n, clean.n);
        for (i = 0; i < got.n; i++)
            if (strcmp(got.line[i], clean.line[i]) != 0)
                fail_msg(
                    "%s: allocation %lu: diagnostic %zu is\n  %s\nwhere the clean run has\n  %s",
                    c->profile, k, i, got.line[i], clean.line[i]);
        if (got.n > 0 && got.n < clean.n)
            partial++;
    }
    /* the failures did hit the copies: some runs ended after part of the list */
    assert_true(nomem > 0);
    assert_true(partial > 0 || !c->partial);
}

static void test_acp_schema_errors_enomem(void **state)
{
    (void)state;
    sweep_case(&cases[0]);
}

static void test_discussion_schema_errors_enomem(void **state)
{
    (void)state;
    sweep_case(&cases[1]);
}

static void test_socket_schema_errors_enomem(void **state)
{
    (void)state;
    sweep_case(&cases[2]);
}

static void test_mailbox_schema_errors_enomem(void **state)
{
    (void)state;
    sweep_case(&cases[3]);
}

static void test_deadletter_schema_errors_enomem(void **state)
{
    (void)state;
    sweep_case(&cases[4]);
}

static void test_ignite_body_schema_enomem(void **state)
{
    (void)state;
    sweep_case(&cases[5]);
}

/* allocations of amc_schema_validate of [0, 1, ..., len - 1] against the schema text sch */
static unsigned long validate_allocs(const char *sch, size_t len)
{
    char inst[1024];
    size_t o = 0, i = 0;
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const amc_schema *sc = NULL;
    amc_doc *doc = NULL;
    bool valid = false;
    unsigned long n = 0;
    assert_non_null(ds);
    assert_non_null(set);
    o += (size_t)snprintf(inst + o, sizeof inst - o, "[");
    for (i = 0; i < len; i++)
        o += (size_t)snprintf(inst + o, sizeof inst - o, "%s%zu", i ? "," : "", i);
    o += (size_t)snprintf(inst + o, sizeof inst - o, "]");
    assert_true(o < sizeof inst);
    assert_int_equal(amc_schema_set_add(set, NULL, sch, strlen(sch), ds, NULL), AMC_OK);
    assert_int_equal(amc_schema_compile(set, "urn:u", ds, &sc), AMC_OK);
    assert_int_equal(amc_json_read(inst, o, NULL, ds, &doc), AMC_OK);
    amc_test_alloc_fail_at(-1);
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, NULL, ds, &valid), AMC_OK);
    n = amc_test_alloc_count();
    assert_true(valid);
    assert_int_equal(amc_diags_count(ds), 0);
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return n;
}

/* uniqueItems on an array of 17 to 32 items: its hash table (a word per slot, the smallest power
 * of two of at least 32 slots and twice the length: 64) fits the validator's 96 inline scratch
 * words, so validating with it makes exactly as many allocations as without it (none). Kills
 * validate.c:977 (`cap < len * 2` made <=: 128 slots for 32 items, an allocation). */
static void test_unique_items_allocates_nothing(void **state)
{
    size_t len = 0;
    (void)state;
    for (len = 17; len <= 32; len++) {
        unsigned long a = validate_allocs("{\"$id\":\"urn:u\",\"uniqueItems\":true}", len);
        unsigned long b = validate_allocs("{\"$id\":\"urn:u\",\"type\":\"array\"}", len);
        if (a != b)
            fail_msg("%zu items: %lu allocations with uniqueItems, %lu without", len, a, b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_acp_schema_errors_enomem),
        cmocka_unit_test(test_discussion_schema_errors_enomem),
        cmocka_unit_test(test_socket_schema_errors_enomem),
        cmocka_unit_test(test_mailbox_schema_errors_enomem),
        cmocka_unit_test(test_deadletter_schema_errors_enomem),
        cmocka_unit_test(test_ignite_body_schema_enomem),
        cmocka_unit_test(test_unique_items_allocates_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#else /* !AMC_ALLOC_FAILPOINTS */

static void test_skipped(void **state)
{
    (void)state;
    print_message("skipped: this build has no allocation failpoints (configure with "
                  "-DAMC_ALLOC_FAILPOINTS=ON; ci/test.sh's ASan+UBSan build does)\n");
    skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_skipped)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
