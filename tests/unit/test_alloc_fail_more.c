/*
 * test_alloc_fail_more.c - more jobs for the allocation-failure sweep of test_alloc_fail.c (same
 * driver, same rule: with the k-th allocation failing once, a job ends with AMC_ENOMEM reported
 * or with exactly the clean result; never a crash, a wrong answer, a leak or a bad access).
 *
 * Jobs chosen for the error paths the first file's jobs do not reach (docs/testing.md, "Coverage
 * figures"): the schema linter over the lint fixtures of tests/data/schema/lint (subschemas only
 * reachable through "$ref", properties inside allOf/anyOf/oneOf branches, rules that build
 * pointers and messages), validation of instances large enough that the evaluator's annotation
 * words and the scan tables grow past their inline storage, YAML with anchors, aliases, tags and
 * YAML 1.1 look-alikes, the stateful mailbox profile over many messages (its tables grow),
 * conformance reports in every format, the lifecycle generator with the scenario written
 * from its sequence, and lifecycle scenarios of every profile with a model.
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

#include "alloc_fail_sweep.h"

/* ---- scenarios ---- */

/* conformance reports in every format (src/conform/report.c) of a run with a passing, a failing
 * and an errored case: the inputs, replay commands and details are built in buffers of their
 * own before they are copied into the report; a suite path and a replay command of about 100
 * bytes make those grow past their first allocation (a failed growth keeps the text so far) */
static amc_status sc_conform_report(result *r)
{
    static const char manifest[] =
        "[{\"id\":\"sock-seed-001\",\"description\":\"d\",\"rule\":\"SOCKET-TASK-001\","
        "\"level\":\"MUST\",\"input\":\"inputs/seed/task.json\",\"verdict\":\"valid\","
        "\"codes\":[]},"
        "{\"id\":\"sock-x-002\",\"description\":\"e\",\"rule\":\"SOCKET-RESULT-001\","
        "\"level\":\"MUST\",\"input\":\"inputs/seed/result.json\",\"verdict\":\"invalid\","
        "\"codes\":[\"SOCKET_RESULT_STATUS\"]},"
        "{\"id\":\"sock-x-003\",\"description\":\"f\",\"rule\":\"SOCKET-RESULT-001\","
        "\"level\":\"SHOULD\",\"input\":\"inputs/seed/other.json\",\"verdict\":\"invalid\","
        "\"codes\":[]},"
        "{\"id\":\"sock-x-004\",\"description\":\"g\",\"rule\":\"SOCKET-TASK-001\","
        "\"level\":\"MUST\",\"input\":\"inputs/seed/task.json\",\"verdict\":\"valid\","
        "\"codes\":[]}]";
    static const amc_conform_format fmts[] = {AMC_CONFORM_TEXT, AMC_CONFORM_MARKDOWN,
                                              AMC_CONFORM_JUNIT, AMC_CONFORM_TAP, AMC_CONFORM_JSON};
    amc_conform_run_info info = {"impl",
                                 "1",
                                 "C",
                                 NULL,
                                 "adapter",
                                 false,
                                 true,
                                 NULL,
                                 "/a/suite/path/that/is/longer/than/the/first/sixty/four/bytes/of/"
                                 "a/buffer/and/then/some/more/to/pass/one/hundred",
                                 "amc conform --impl './an adapter with a long name' --suite "
                                 "/a/suite/path/that/is/long/enough/to/pass/one/hundred/bytes"};
    amc_conform_suite *su = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_ENOMEM;
    size_t i = 0;
    if (su && ds) {
        st = amc_conform_suite_add(su, "socket", manifest, sizeof manifest - 1, ds);
        r_add(r, "add %d", (int)st);
        for (i = 0; st == AMC_OK && i < amc_conform_case_count(su); i++)
            amc_conform_case_at(su, i)->selected = true;
        if (st == AMC_OK) {
            amc_conform_case_at(su, 0)->outcome = AMC_CONFORM_PASS;
            amc_conform_case_at(su, 1)->outcome = AMC_CONFORM_FAIL;
            snprintf(amc_conform_case_at(su, 1)->message, 240, "expected invalid, got valid");
            amc_conform_case_at(su, 2)->outcome = AMC_CONFORM_ERROR;
            snprintf(amc_conform_case_at(su, 2)->message, 240, "the adapter did not answer");
            /* skipped for want of its profile's capability: the reports list it */
            amc_conform_case_at(su, 3)->outcome = AMC_CONFORM_SKIP;
            assert_true(amc_conform_case_at(su, 3)->ncaps > 0);
            amc_conform_case_at(su, 3)->missing = 1;
        }
        for (i = 0; st == AMC_OK && i < sizeof fmts / sizeof fmts[0]; i++) {
            char *out = NULL;
            size_t len = 0;
            st = amc_conform_report(su, &info, fmts[i], &out, &len);
            r_add(r, " | %d %zu %s", (int)st, len, out ? out : "-");
            amc_free(out);
        }
        r_diags(r, ds);
    }
    amc_conform_suite_free(su);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* the schema linter on one fixture file (lint_file: the file of the running sweep) */
static const char *lint_file;

static amc_status sc_lint_file(result *r)
{
    size_t len = 0;
    char *buf = slurp(lint_file, &len);
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const char *uri = NULL;
    amc_status st = AMC_ENOMEM;
    assert_non_null(buf);
    if (ds && set) {
        st = amc_schema_set_add(set, NULL, buf, len, ds, &uri);
        r_add(r, "add %d", (int)st);
        if (st == AMC_OK) {
            st = amc_schema_lint(set, uri, NULL, ds);
            r_add(r, " lint %d", (int)st);
        }
        r_diags(r, ds);
    }
    amc_schema_set_free(set);
    amc_diags_free(ds);
    free(buf);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* the lifecycle generator (src/lifecycle/gen.c) and the scenario written from its sequence
 * (src/conform/lcfuzz.c): a short sequence per profile (the seed picks one of 7-8 events), its
 * events, each step's result, the scenario, shrinking candidates kept and reverted */
static amc_status gen_run(result *r, const char *profile, uint64_t seed)
{
    amc_lifecycle_opts o = {profile, NULL, NULL};
    amc_lifecycle_gen *g = NULL;
    amc_status st = amc_lifecycle_gen_new(&o, seed, &g);
    size_t i = 0, n = 0, len = 0;
    char *json = NULL;
    r_add(r, "%s new %d", profile, (int)st);
    if (st == AMC_OK)
        st = amc_lifecycle_gen_next(g);
    if (st == AMC_OK) {
        n = amc_lifecycle_gen_len(g);
        st = amc_lifecycle_gen_events(g, &json, &len);
        r_add(r, " next %zu events %d %s", n, (int)st, json ? json : "-");
        amc_free(json);
        json = NULL;
    }
    for (i = 0; st == AMC_OK && i <= n; i++) {
        amc_lifecycle_result res;
        st = amc_lifecycle_gen_step(g, i, &res);
        if (st == AMC_OK)
            r_add(r, " [%d %s|%s|%s]", (int)res.accepted, res.codes, res.rules, res.state);
    }
    for (i = 0; st == AMC_OK && i < 2; i++) {
        st = amc_conform_lifecycle_scenario(g, profile, "fuzz-lifecycle-sweep", "sweep", i == 0,
                                            &json, &len);
        r_add(r, " scenario %d %zu", (int)st, len);
        amc_free(json);
        json = NULL;
    }
    for (i = 0; st == AMC_OK && i < 3; i++) {
        st = amc_lifecycle_gen_candidate(g, i);
        r_add(r, " cand %d %zu", (int)st, amc_lifecycle_gen_len(g));
        if (st == AMC_EUSAGE)
            st = AMC_OK;
        else if (st == AMC_OK && i == 1)
            amc_lifecycle_gen_keep(g);
        else if (st == AMC_OK)
            amc_lifecycle_gen_revert(g);
    }
    if (st == AMC_OK)
        r_add(r, " items %zu %zu", amc_lifecycle_gen_items(g, AMC_LC_RULES),
              amc_lifecycle_gen_items(g, AMC_LC_TRANSITIONS));
    amc_lifecycle_gen_free(g);
    return st;
}

static amc_status sc_lifecycle_gen(result *r)
{
    amc_status st = gen_run(r, "mailbox", 12);
    if (st == AMC_OK)
        st = gen_run(r, "ignite", 9);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* a lifecycle scenario of conformance/ (lc_file: the file of the running sweep) through the
 * lifecycle API: every step's event applied, then the end and the observable state */
static const char *lc_file, *lc_profile;

static amc_status sc_lifecycle_file(result *r)
{
    size_t len = 0, i = 0;
    char *buf = slurp(lc_file, &len);
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    amc_lifecycle *lc = NULL;
    amc_lifecycle_opts o = {lc_profile, NULL, NULL};
    const amc_value *steps = NULL;
    amc_status st = AMC_ENOMEM;
    bool nomem = false;
    assert_non_null(buf);
    if (ds)
        st = amc_json_read(buf, len, NULL, ds, &doc);
    if (st == AMC_OK)
        st = amc_lifecycle_new(&o, ds, &lc);
    r_add(r, "new %d", (int)st);
    nomem = st == AMC_ENOMEM;
    steps = st == AMC_OK ? amc_value_getz(amc_doc_root(doc), "steps") : NULL;
    for (i = 0; st == AMC_OK && steps && i < steps->u.arr.len; i++) {
        size_t elen = 0;
        char *ev = amc_value_to_json(amc_value_getz(steps->u.arr.items[i], "event"), -1, &elen);
        st = lc_event(r, lc, ev, elen, ds, &nomem);
        amc_free(ev);
    }
    lc_end(r, lc, ds, st, &nomem);
    amc_lifecycle_free(lc);
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(buf);
    return nomem ? AMC_ENOMEM : AMC_OK;
}

/* a text of n members / items built into a buffer */
static char *big_instance(size_t n)
{
    size_t cap = n * 64 + 256, o = 0, i = 0;
    char *b = malloc(cap);
    assert_non_null(b);
    o += (size_t)snprintf(b + o, cap - o, "{");
    for (i = 0; i < n; i++)
        o += (size_t)snprintf(b + o, cap - o, "%s\"p%zu\":%zu", i ? "," : "", i, i);
    o += (size_t)snprintf(b + o, cap - o, ",\"list\":[");
    for (i = 0; i < n; i++)
        o += (size_t)snprintf(b + o, cap - o, "%s{\"id\":%zu,\"x%zu\":true}", i ? "," : "", i,
                              i % 3);
    snprintf(b + o, cap - o, "],\"req\":\"x\"}");
    return b;
}

/* validation of a 150-member object with a 150-item array: unevaluatedProperties and
 * unevaluatedItems over allOf/anyOf/if branches, patternProperties, dependentRequired,
 * required with a name twice, and all errors collected */
static amc_status sc_validate_big(result *r)
{
    static const char sch[] =
        "{\"$id\":\"urn:big\",\"type\":\"object\","
        "\"properties\":{\"req\":{\"type\":\"string\"},\"list\":{\"type\":\"array\","
        "\"prefixItems\":[{\"type\":\"object\"}],\"items\":{\"$ref\":\"#/$defs/item\"},"
        "\"contains\":{\"required\":[\"x2\"]},\"minContains\":2,\"uniqueItems\":true,"
        "\"unevaluatedItems\":false}},"
        "\"patternProperties\":{\"^p[0-9]*[05]$\":{\"type\":\"integer\",\"maximum\":100}},"
        "\"allOf\":[{\"properties\":{\"p1\":true}},{\"anyOf\":[{\"properties\":{\"p2\":true}},"
        "{\"properties\":{\"p3\":true}}]}],"
        "\"if\":{\"required\":[\"p4\"]},\"then\":{\"properties\":{\"p4\":{\"minimum\":0}}},"
        "\"dependentRequired\":{\"p6\":[\"p7\",\"missing\"]},"
        "\"required\":[\"req\",\"nope\",\"req\"],"
        "\"unevaluatedProperties\":{\"type\":\"integer\",\"multipleOf\":2},"
        "\"$defs\":{\"item\":{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\"}},"
        "\"unevaluatedProperties\":false}}}";
    char *inst = big_instance(150);
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const amc_schema *sc = NULL;
    amc_doc *doc = NULL;
    amc_status st = AMC_ENOMEM;
    bool valid = false;
    if (ds && set) {
        st = amc_schema_set_add(set, NULL, sch, sizeof sch - 1, ds, NULL);
        if (st == AMC_OK)
            st = amc_schema_compile(set, "urn:big", ds, &sc);
        r_add(r, "compile %d", (int)st);
        if (st == AMC_OK)
            st = amc_json_read(inst, strlen(inst), NULL, ds, &doc);
        if (st == AMC_OK) {
            amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
            o.all_errors = true;
            st = amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid);
            r_add(r, " validate %d %d", (int)st, (int)valid);
        }
        r_diags(r, ds);
    }
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
    free(inst);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* YAML: anchors and aliases, explicit core tags, a block scalar, flow collections, YAML 1.1
 * look-alikes (warnings), a duplicate key (an error) */
static amc_status sc_yaml_rich(result *r)
{
    static const char *const docs[] = {
        "%YAML 1.2\n---\nbase: &b {x: 1, y: [a, b, c]}\nuse: *b\nmore: *b\n"
        "tagged: !!str 12\nnum: !!float 3\nhex: 0x1F\noct: 0o17\nbig: 0x123456789abcdef01234\n"
        "yes: yes\nsexa: 1:20\nts: 2001-12-14\ntext: |\n  line one\n  line two\nfolded: >-\n"
        "  a\n  b\nlist:\n  - &i item\n  - *i\n  - {k: v, 'q': \"w\"}\n...\n",
        "a: 1\nb: 2\na: 3\n",
        "k: !!int x\nl: !custom y\n",
        "- [1, 2, [3, [4, [5]]]]\n- {a: {b: {c: {d: e}}}}\n- ~\n- null\n- .inf\n",
    };
    amc_status st = AMC_OK;
    bool nomem = false;
    size_t i = 0;
    for (i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        if (!ds)
            return AMC_ENOMEM;
        st = amc_yaml_read(docs[i], strlen(docs[i]), NULL, ds, &doc);
        r_add(r, " | yaml %d", (int)st);
        if (st == AMC_OK) {
            char *j = amc_value_to_json(amc_doc_root(doc), -1, NULL);
            if (!j)
                st = AMC_ENOMEM;
            else
                r_add(r, " %s", j);
            amc_free(j);
        }
        r_diags(r, ds);
        nomem = nomem || st == AMC_ENOMEM;
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
    return nomem ? AMC_ENOMEM : AMC_OK;
}

/* A validator of profile over files (paths relative to the repository), stateful or not. */
#define MB "conformance/mailbox/inputs/"

/* the stateful mailbox profile over the fixtures' message sequences: conflicting and repeated
 * msg_ids, a nonce used twice, a state_version gap (the replay, nonce and version tables) */
static amc_status sc_mailbox_many(result *r)
{
    static const char *const f[] = {MB "acl-001-valid-task-assignment-orchestrator.json",
                                    MB "conflict-001-same-msg-id-new-content.1.json",
                                    MB "conflict-001-same-msg-id-new-content.2.json",
                                    MB "conflict-002-same-msg-id-other-task.1.json",
                                    MB "conflict-002-same-msg-id-other-task.2.json",
                                    MB "dup-002-redelivery-after-progress.1.json",
                                    MB "dup-002-redelivery-after-progress.2.json",
                                    MB "dup-002-redelivery-after-progress.3.json",
                                    MB "nonce-001-reused-by-sender.1.json",
                                    MB "nonce-001-reused-by-sender.2.json",
                                    MB "order-003-gap.1.json",
                                    MB "order-003-gap.2.json",
                                    MB "acl-001-valid-task-assignment-orchestrator.json",
                                    NULL};
    return run_profile(r, "mailbox", true, f, NULL);
}

static const char *const lint_files[] = {
    "tests/data/schema/lint/property-in-branch.json",
    "tests/data/schema/lint/ref-unresolved.json",
    "tests/data/schema/lint/unknown-keyword.json",
    "tests/data/schema/lint/required-impossible.json",
    "tests/data/schema/lint/bounds.json",
    "tests/data/schema/lint/enum-duplicate.json",
    "tests/data/schema/lint/meta-schema.json",
    "tests/data/schema/lint/compile.json",
    "tests/data/schema/lint/type-mismatch.json",
    "tests/data/schema/lint/regex-nonportable.json",
    "tests/data/schema/lint/dialect.json",
    "tests/data/schema/lint/format-unknown.json",
    "tests/data/schema/lint/not-a-schema.json",
    "tests/data/schema/lint/no-dialect.json",
};

static void test_lint_files(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof lint_files / sizeof lint_files[0]; i++) {
        lint_file = lint_files[i];
        sweep(lint_file, sc_lint_file);
    }
}

static void test_conform_report(void **state)
{
    (void)state;
    sweep("conform-report", sc_conform_report);
}

/* scenarios with tasks, reviews and aggregations (mailbox), retries and dead letters
 * (ignite), objections (discussion), phases (socket) and counters (acp) */
static void test_lifecycle_files(void **state)
{
    static const char *const files[][2] = {
        {"mailbox", "conformance/mailbox/lifecycle/task-happy.json"},
        {"mailbox", "conformance/mailbox/lifecycle/verdict-table.json"},
        {"mailbox", "conformance/mailbox/lifecycle/state-version-order.json"},
        {"mailbox", "conformance/mailbox/lifecycle/timeouts.json"},
        {"ignite", "conformance/ignite/lifecycle/not-escalated.json"},
        {"discussion", "conformance/discussion/lifecycle/objection.json"},
        {"socket", "conformance/socket/lifecycle/happy-path.json"},
        {"acp", "conformance/acp/lifecycle/counters.json"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof files / sizeof files[0]; i++) {
        lc_profile = files[i][0];
        lc_file = files[i][1];
        sweep(lc_file, sc_lifecycle_file);
    }
}

static void test_lifecycle_gen(void **state)
{
    (void)state;
    sweep("lifecycle-gen", sc_lifecycle_gen);
}

static void test_validate_big(void **state)
{
    (void)state;
    sweep("validate-big", sc_validate_big);
}

static void test_yaml_rich(void **state)
{
    (void)state;
    sweep("yaml-rich", sc_yaml_rich);
}

static void test_mailbox_many(void **state)
{
    (void)state;
    sweep("mailbox-many", sc_mailbox_many);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lint_files),    cmocka_unit_test(test_conform_report),
        cmocka_unit_test(test_lifecycle_gen), cmocka_unit_test(test_lifecycle_files),
        cmocka_unit_test(test_validate_big),  cmocka_unit_test(test_yaml_rich),
        cmocka_unit_test(test_mailbox_many),
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
