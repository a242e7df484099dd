/*
 * test_cov_mutants.c - tests for mutants that survived the issue-22 mutation samples
 * (docs/testing.md, "Mutation testing"), one per site, each asserting the exact diagnostic (code,
 * rule, position, message) or the exact answer the mutant changes:
 *   - src/lifecycle/lc_mailbox.c MAILBOX-LC-009: the message names what expired (heartbeat TTL
 *     for a heartbeat, the lease for a renew or a completion);
 *   - src/lifecycle/lc_ignite.c ig_finish: two dead-lettered messages never escalated are one
 *     IGNITE-LC-007 naming the first; beside an IGNITE-LC-010, each finding names its own first
 *     message (it named the first message of either kind for both until this test);
 *   - src/schema/validate.c multipleOf: a decimal "not a multiple" stands, even where the double
 *     quotient is an integer (1e20 / 0.3 in binary);
 *   - src/profiles/mailbox.c impl_extra: a member the implementation's seedTask() writes is a
 *     warning only in a task_assignment payload, an error elsewhere;
 *   - src/profiles/ignite.c: a body whose reader errors were all dropped by max_diags (only a
 *     warning kept) is still IGNITE_BODY_YAML;
 *   - src/schema/lint.c amc_lint_osa_distance: a slice of a longer buffer (the bytes before it
 *     do not count as transposition partners).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "schema/lint_int.h"

/* "CODE rule line:col message" per diagnostic, one a line (1-based line:col). */
static const char *render(const amc_diags *ds)
{
    static char out[4096];
    size_t i = 0, n = 0;
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && n < sizeof out; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        n += (size_t)snprintf(out + n, sizeof out - n, "%s %s %u:%u %s\n", amc_code_id(d->code),
                              d->rule_id ? d->rule_id : "-", d->at.line + 1, d->at.col + 1,
                              d->message);
    }
    return out;
}

/* ---- lifecycles: events applied in order, each step's status and diagnostics ---- */

typedef struct step {
    const char *event; /* NULL: amc_lifecycle_finish */
    amc_status st;
    const char *diags; /* render() of what the step reported */
} step;

static void run_lifecycle(const char *profile, const amc_policy *pol, const step *steps, size_t n)
{
    amc_lifecycle_opts o;
    amc_lifecycle *lc = NULL;
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0;
    memset(&o, 0, sizeof o);
    o.profile = profile;
    o.policy = pol;
    assert_int_equal(amc_lifecycle_new(&o, ds, &lc), AMC_OK);
    for (i = 0; i < n; i++) {
        amc_status st = AMC_OK;
        amc_diags_clear(ds);
        if (steps[i].event)
            st = amc_lifecycle_apply(lc, steps[i].event, strlen(steps[i].event), ds);
        else
            st = amc_lifecycle_finish(lc, ds);
        if (st != steps[i].st || strcmp(render(ds), steps[i].diags) != 0)
            fail_msg("%s step %zu (%s): status %s, want %s; got:\n%swant:\n%s", profile, i,
                     steps[i].event ? steps[i].event : "finish", amc_status_str(st),
                     amc_status_str(steps[i].st), render(ds), steps[i].diags);
    }
    amc_lifecycle_free(lc);
    amc_diags_free(ds);
}

/* MAILBOX-LC-009 (seed §6): heartbeat TTL 45 s, lease 180 s from the claim. */
static void test_mailbox_lease_wording(void **state)
{
    static const step steps[] = {
        {"{\"event\":\"task_create\",\"task\":\"t-1\",\"t\":0}", AMC_OK, ""},
        {"{\"event\":\"claim\",\"task\":\"t-1\",\"t\":0}", AMC_OK, ""},
        {"{\"event\":\"heartbeat\",\"task\":\"t-1\",\"t\":46000}", AMC_EINVALID,
         "LC_MAILBOX_LEASE MAILBOX-LC-009 1:1 heartbeat 1000 ms after the heartbeat TTL "
         "expired\n"},
        {"{\"event\":\"renew\",\"task\":\"t-1\",\"t\":182000}", AMC_EINVALID,
         "LC_MAILBOX_LEASE MAILBOX-LC-009 1:1 renew 2000 ms after the lease expired\n"},
        {"{\"event\":\"complete\",\"task\":\"t-1\",\"t\":183000}", AMC_EINVALID,
         "LC_MAILBOX_LEASE MAILBOX-LC-009 1:1 complete 3000 ms after the lease expired\n"},
    };
    (void)state;
    run_lifecycle("mailbox", NULL, steps, sizeof steps / sizeof steps[0]);
}

/* IGNITE-LC-007 at the end: every dead-lettered message is escalated; with two that are not,
 * one finding naming the first (m-1), not the last. max_retries 0: a message dead-letters at
 * its first timeout. */
static void test_ignite_two_unescalated(void **state)
{
    static const step steps[] = {
        {"{\"event\":\"enqueue\",\"msg\":\"m-1\",\"t\":0}", AMC_OK, ""},
        {"{\"event\":\"enqueue\",\"msg\":\"m-2\",\"t\":0}", AMC_OK, ""},
        {"{\"event\":\"claim\",\"msg\":\"m-1\",\"t\":0}", AMC_OK, ""},
        {"{\"event\":\"claim\",\"msg\":\"m-2\",\"t\":0}", AMC_OK, ""},
        {"{\"event\":\"dead_letter\",\"msg\":\"m-1\",\"t\":1}", AMC_OK, ""},
        {"{\"event\":\"dead_letter\",\"msg\":\"m-2\",\"t\":1}", AMC_OK, ""},
        {NULL, AMC_EINVALID,
         "LC_IGNITE_NOT_ESCALATED IGNITE-LC-007 1:1 a dead-lettered message was never "
         "escalated (first: 'm-1')\n"},
    };
    /* each finding names its own first message: m-1 is still processing, m-2 and m-3 were
     * never escalated */
    static const step mixed[] = {
        {"{\"event\":\"enqueue\",\"msg\":\"m-1\",\"t\":0}", AMC_OK, ""},
        {"{\"event\":\"enqueue\",\"msg\":\"m-2\",\"t\":0}", AMC_OK, ""},
        {"{\"event\":\"enqueue\",\"msg\":\"m-3\",\"t\":0}", AMC_OK, ""},
        {"{\"event\":\"claim\",\"msg\":\"m-1\",\"t\":0}", AMC_OK, ""},
        {"{\"event\":\"claim\",\"msg\":\"m-2\",\"t\":0}", AMC_OK, ""},
        {"{\"event\":\"claim\",\"msg\":\"m-3\",\"t\":0}", AMC_OK, ""},
        {"{\"event\":\"dead_letter\",\"msg\":\"m-3\",\"t\":1}", AMC_OK, ""},
        {"{\"event\":\"dead_letter\",\"msg\":\"m-2\",\"t\":1}", AMC_OK, ""},
        {NULL, AMC_EINVALID,
         "LC_IGNITE_UNFINISHED IGNITE-LC-010 1:1 a message is still processing (first: 'm-1')\n"
         "LC_IGNITE_NOT_ESCALATED IGNITE-LC-007 1:1 a dead-lettered message was never "
         "escalated (first: 'm-2')\n"},
    };
    static const char pol[] = "{\"ignite\":{\"max_retries\":0}}";
    amc_policy *p = NULL;
    amc_diags *ds = amc_diags_new(0);
    (void)state;
    assert_int_equal(amc_policy_read(pol, sizeof pol - 1, ds, &p), AMC_OK);
    run_lifecycle("ignite", p, steps, sizeof steps / sizeof steps[0]);
    run_lifecycle("ignite", p, mixed, sizeof mixed / sizeof mixed[0]);
    amc_policy_free(p);
    amc_diags_free(ds);
}

/* ---- schema: multipleOf decided on the decimals ---- */

static void test_multiple_of_decimal(void **state)
{
    static const char sch[] = "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
                              "\"multipleOf\":0.3}";
    static const struct {
        const char *inst;
        bool valid;
    } cases[] = {
        /* 1e20 / 0.3 = 333...33.3: not a multiple, though the double quotient 3.3333e20 is an
         * integer (every double above 2^53 is) */
        {"1e20", false},
        {"1.5e20", true},
        {"0.9", true},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_schema_set *set = amc_schema_set_new(NULL);
        amc_diags *ds = amc_diags_new(0);
        const amc_schema *sc = NULL;
        amc_doc *doc = NULL;
        bool valid = !cases[i].valid;
        assert_int_equal(amc_schema_set_add(set, "urn:m", sch, sizeof sch - 1, ds, NULL), AMC_OK);
        assert_int_equal(amc_schema_compile(set, "urn:m", ds, &sc), AMC_OK);
        assert_int_equal(amc_json_read(cases[i].inst, strlen(cases[i].inst), NULL, ds, &doc),
                         AMC_OK);
        assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, NULL, ds, &valid), AMC_OK);
        if (valid != cases[i].valid)
            fail_msg("%s: valid %d, want %d", cases[i].inst, valid, cases[i].valid);
        if (!cases[i].valid &&
            strcmp(render(ds), "SCHEMA_MULTIPLE_OF - 1:1 1e20 is not a multiple of 0.3\n") != 0)
            fail_msg("%s: got %s", cases[i].inst, render(ds));
        amc_doc_free(doc);
        amc_diags_free(ds);
        amc_schema_set_free(set);
    }
}

/* ---- profiles ---- */

#define ERR_ENV(extra)                                                                             \
    "{\"msg_id\":\"ab9d352b-96a5-4963-a79a-2958dbf110e6\",\"schema_version\":1,\"task_id\":"       \
    "\"task-demo-001\",\"sender_id\":\"codex\",\"sender_instance_id\":\"codex-instance-1\","       \
    "\"key_id\":\"k-codex-v1\",\"issued_at\":\"2026-02-11T10:00:00.000Z\",\"nonce\":\"a8cc9876-"   \
    "1448-4dab-ac12-af5470687aa6\",\"signature\":\"9ef523ca8b570470f409f9e39f40a8967b82173fb69d5"  \
    "d387b06eb649ed76a06\",\"from\":\"codex\",\"to\":\"orchestrator\",\"type\":\"error\","         \
    "\"state_version\":1,\"delivery_attempt\":1,\"created_at\":\"2026-02-11T10:00:00.000Z\","      \
    "\"payload\":{\"code\":\"REVIEWER_EXECUTION_ERROR\",\"message\":\"reviewer CLI exited with "   \
    "status "                                                                                      \
    "1\",\"detail\":\"raw=artifact://task-demo-001/codex/execution-error/1770803990000\"" extra    \
    "}}"

/* seedTask()'s review_input_ref is excused (a warning) in a task_assignment payload only */
static void test_mailbox_impl_extra_elsewhere(void **state)
{
    static const char env[] = ERR_ENV(",\"review_input_ref\":\"x\"");
    amc_validator_opts o;
    amc_validator *v = NULL;
    amc_diags *ds = amc_diags_new(0);
    const amc_diag *hit = NULL;
    size_t i = 0;
    (void)state;
    memset(&o, 0, sizeof o);
    o.profile = "mailbox";
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
    assert_int_equal(amc_validator_check(v, NULL, env, sizeof env - 1, ds, NULL), AMC_EINVALID);
    for (i = 0; i < amc_diags_count(ds) && !hit; i++)
        if (amc_diags_get(ds, i)->instance_ptr &&
            !strcmp(amc_diags_get(ds, i)->instance_ptr, "/payload/review_input_ref"))
            hit = amc_diags_get(ds, i);
    if (!hit)
        fail_msg("no diagnostic at /payload/review_input_ref:\n%s", render(ds));
    assert_string_equal(render(ds),
                        "MAILBOX_PAYLOAD_INVALID MAILBOX-ENV-002 1:638 "
                        "SCHEMA_ADDITIONAL_PROPERTIES: additional property \"review_input_ref\" "
                        "is not allowed\n"
                        "MAILBOX_SIGNATURE_INVALID MAILBOX-SIG-001 1:275 signature is not the "
                        "SHA-256 of the canonical envelope (the implementation quarantines this "
                        "envelope with SIGNATURE_INVALID: its first failing check)\n");
    assert_int_equal(hit->sev, AMC_SEV_ERROR);
    assert_string_equal(hit->keyword_ptr,
                        "/allOf/3/then/properties/payload/$ref/additionalProperties");
    assert_int_equal(hit->at.offset, (size_t)(strstr(env, "\"review_input_ref\"") - env));
    amc_diags_free(ds);
    amc_validator_free(v);
}

/* ignite body: with max_diags 1 the YAML reader keeps its first finding (a YAML 1.1 warning)
 * and drops the syntax error after it; the body is still reported as not YAML (at the start of
 * the body), after the kept warning. */
static void test_ignite_body_errors_dropped(void **state)
{
    static const char msg[] = "MIME-Version: 1.0\n"
                              "Message-ID: <177069306000.59845.16387098975994078935@ignite.local>\n"
                              "From: user\n"
                              "To: coordinator\n"
                              "Date: Tue, 10 Feb 2026 12:11:00 +0900\n"
                              "X-IGNITE-Type: notification\n"
                              "X-IGNITE-Priority: normal\n"
                              "Content-Type: text/x-yaml; charset=utf-8\n"
                              "Content-Transfer-Encoding: 8bit\n"
                              "\n"
                              "message: yes\n"
                              "x: [\n";
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_validator_opts o;
    amc_validator *v = NULL;
    amc_diags *ds = amc_diags_new(0);
    (void)state;
    lim.max_diags = 1;
    memset(&o, 0, sizeof o);
    o.profile = "ignite";
    o.limits = &lim;
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
    assert_int_equal(amc_validator_check(v, NULL, msg, sizeof msg - 1, ds, NULL), AMC_EINVALID);
    assert_string_equal(render(ds),
                        "YAML_11_AMBIGUOUS IGNITE-BODY-001 11:10 plain scalar 'yes' is a string "
                        "in YAML 1.2 (core schema), but YAML 1.1 readers such as PyYAML read "
                        "boolean true (https://yaml.org/type/bool.html); quote or tag it to be "
                        "unambiguous\n"
                        "IGNITE_BODY_YAML IGNITE-BODY-001 11:1 the body is not one YAML "
                        "document\n");
    amc_diags_free(ds);
    amc_validator_free(v);
}

/* ---- lint: the edit distance of a slice ---- */

static void test_osa_slice(void **state)
{
    /* "x" is the second byte of "yx": the 'y' before it is not part of a, so "x" -> "zzxy" is
     * three edits (two insertions before, one after), not a transposition of "yx" */
    static const char buf[] = "yx";
    (void)state;
    /* an earlier distance leaves its rows on the stack: the slice must not read them */
    assert_int_equal(amc_lint_osa_distance("ab", 2, "ab", 2), 0);
    assert_int_equal(amc_lint_osa_distance(buf + 1, 1, "zzxy", 4), 3);
    assert_int_equal(amc_lint_osa_distance("zzxy", 4, buf + 1, 1), 3);
    assert_int_equal(amc_lint_osa_distance(buf, 2, "xy", 2), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mailbox_lease_wording),
        cmocka_unit_test(test_ignite_two_unescalated),
        cmocka_unit_test(test_multiple_of_decimal),
        cmocka_unit_test(test_mailbox_impl_extra_elsewhere),
        cmocka_unit_test(test_ignite_body_errors_dropped),
        cmocka_unit_test(test_osa_slice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
