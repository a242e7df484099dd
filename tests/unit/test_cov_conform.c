/*
 * test_cov_conform.c - the conformance runner's lifecycle scenarios at the edges the coverage
 * report showed untested (src/conform/conform.c): every malformed member of a scenario file
 * (CONFORM_MANIFEST_INVALID naming it, at the scenario's start), and the judge of a lifecycle
 * reply on results that are not objects, lack "accepted" or a state, report codes of other
 * types, states too long to quote whole, skips, and replies of another kind or none; outcome
 * names, capability texts, globs with ranges and refused replies.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

#define STEP  "{\"event\":{\"event\":\"a\"},\"expect\":{\"accepted\":true}}"
#define HEAD  "{\"id\":\"x-lc-001\",\"rules\":[\"X-LC-001\"],\"level\":\"MUST\","
#define STEPS "\"steps\":[" STEP "]"

static const struct bad_case {
    const char *scenario, *member;
} bad_cases[] = {
    {"[]", "(scenario)"},
    {"{\"rules\":[\"X-LC-001\"],\"level\":\"MUST\"," STEPS "}", "id"},
    {"{\"id\":\"\",\"rules\":[\"X-LC-001\"],\"level\":\"MUST\"," STEPS "}", "id"},
    {"{\"id\":\"x-lc-001\",\"level\":\"MUST\"," STEPS "}", "rules"},
    {"{\"id\":\"x-lc-001\",\"rules\":\"X-LC-001\",\"level\":\"MUST\"," STEPS "}", "rules"},
    {"{\"id\":\"x-lc-001\",\"rules\":[],\"level\":\"MUST\"," STEPS "}", "rules"},
    {"{\"id\":\"x-lc-001\",\"rules\":[1],\"level\":\"MUST\"," STEPS "}", "rules"},
    {"{\"id\":\"x-lc-001\",\"rules\":[\"X-LC-001\"]," STEPS "}", "level"},
    {"{\"id\":\"x-lc-001\",\"rules\":[\"X-LC-001\"],\"level\":\"MAY\"," STEPS "}", "level"},
    {HEAD "\"x\":1}", "steps"},
    {HEAD "\"steps\":{}}", "steps"},
    {HEAD STEPS ",\"final\":[]}", "final"},
    {HEAD STEPS ",\"policy\":5}", "policy"},
    {HEAD "\"steps\":[1]}", "steps[].event/expect.accepted"},
    {HEAD "\"steps\":[{\"expect\":{\"accepted\":true}}]}", "steps[].event/expect.accepted"},
    {HEAD "\"steps\":[{\"event\":\"a\",\"expect\":{\"accepted\":true}}]}",
     "steps[].event/expect.accepted"},
    {HEAD "\"steps\":[{\"event\":{}}]}", "steps[].event/expect.accepted"},
    {HEAD "\"steps\":[{\"event\":{},\"expect\":true}]}", "steps[].event/expect.accepted"},
    {HEAD "\"steps\":[{\"event\":{},\"expect\":{}}]}", "steps[].event/expect.accepted"},
    {HEAD "\"steps\":[{\"event\":{},\"expect\":{\"accepted\":1}}]}",
     "steps[].event/expect.accepted"},
    {HEAD "\"steps\":[" STEP ",{\"event\":{}}]}", "steps[].event/expect.accepted"},
};

static void test_malformed_scenarios(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const struct bad_case *t = &bad_cases[i];
        amc_conform_suite *s = amc_conform_suite_new();
        amc_diags *ds = amc_diags_new(0);
        char want[160];
        amc_status st =
            amc_conform_suite_add_scenario(s, "x", t->scenario, strlen(t->scenario), ds);
        snprintf(want, sizeof want, "x scenario: member \"%s\" missing or malformed", t->member);
        if (st != AMC_EINVALID || amc_diags_count(ds) != 1 ||
            amc_diags_get(ds, 0)->code != AMC_C_CONFORM_MANIFEST_INVALID ||
            strcmp(amc_diags_get(ds, 0)->message, want) != 0 ||
            amc_diags_get(ds, 0)->at.offset != 0 || amc_conform_case_count(s) != 0)
            fail_msg("%s: status %s, %zu diagnostics, first '%s' at %zu; want '%s'", t->scenario,
                     amc_status_str(st), amc_diags_count(ds),
                     amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "-",
                     amc_diags_count(ds) ? amc_diags_get(ds, 0)->at.offset : 0, want);
        amc_diags_free(ds);
        amc_conform_suite_free(s);
    }
}

/* two steps: a accepted with a state, b rejected with code C; final code F */
static const char SCENARIO[] =
    "{\"id\":\"x-lc-001\",\"rules\":[\"X-LC-001\"],\"level\":\"MUST\",\"policy\":null,"
    "\"steps\":[{\"event\":{\"event\":\"a\"},\"expect\":{\"accepted\":true,\"state\":{\"m\":{\"s\":"
    "\"a state long enough that its JSON text is cut at eighty bytes in a message\"}}}},"
    "{\"event\":{\"event\":\"b\"},\"expect\":{\"accepted\":false,\"codes\":[\"C\"]}}],"
    "\"final\":{\"codes\":[\"F\"]}}";
#define WANT_STATE                                                                                 \
    "{\"m\":{\"s\":\"a state long enough that its JSON text is cut at eighty bytes in a "          \
    "message\"}}"

static const struct lc_case {
    const char *name, *reply, *msg;
    amc_conform_outcome want;
} lc_cases[] = {
    {"a step result that is not an object",
     "{\"seq\":1,\"states\":[1,{\"accepted\":false,\"codes\":[\"C\"]}],\"final\":{\"codes\":[\"F\"]"
     "}}",
     "step 1: no result object", AMC_CONFORM_FAIL},
    {"no accepted member",
     "{\"seq\":1,\"states\":[{\"codes\":[\"Q\",2]},{\"accepted\":false,\"codes\":[\"C\"]}],"
     "\"final\":{\"codes\":[\"F\"]}}",
     "step 1: expected accepted, got no \"accepted\" [Q]", AMC_CONFORM_FAIL},
    {"accepted not a boolean, no codes",
     "{\"seq\":1,\"states\":[{\"accepted\":1},{\"accepted\":false,\"codes\":[\"C\"]}],"
     "\"final\":{\"codes\":[\"F\"]}}",
     "step 1: expected accepted, got no \"accepted\"", AMC_CONFORM_FAIL},
    {"no state reported",
     "{\"seq\":1,\"states\":[{\"accepted\":true},{\"accepted\":false,\"codes\":[\"C\"]}],"
     "\"final\":{\"codes\":[\"F\"]}}",
     "step 1: state {\"m\":{\"s\":\"a state long enough that its JSON text is cut at eighty "
     "bytes in a me... not contained in (none reported)",
     AMC_CONFORM_FAIL},
    {"a state too long to quote whole",
     "{\"seq\":1,\"states\":[{\"accepted\":true,\"state\":{\"m\":{\"s\":\"another state, long "
     "enough to be cut at one hundred bytes when it is quoted in a message\"}}},"
     "{\"accepted\":false,\"codes\":[\"C\"]}],\"final\":{\"codes\":[\"F\"]}}",
     "step 1: state {\"m\":{\"s\":\"a state long enough that its JSON text is cut at eighty "
     "bytes in a me... not contained in {\"m\":{\"s\":\"another state, long enough to be cut "
     "at one hundred bytes when it is quoted in a message\"...",
     AMC_CONFORM_FAIL},
    {"codes not an array, and of other types",
     "{\"seq\":1,\"states\":[{\"accepted\":true,\"state\":" WANT_STATE "},"
     "{\"accepted\":false,\"codes\":\"C\"}],\"final\":{\"codes\":[\"F\"]}}",
     "step 2: expected code C not reported; got []", AMC_CONFORM_FAIL},
    {"final code among others of other types",
     "{\"seq\":1,\"states\":[{\"accepted\":true,\"state\":" WANT_STATE "},"
     "{\"accepted\":false,\"codes\":[\"C\"]}],\"final\":{\"codes\":[1,\"G\",\"F\"]}}",
     "", AMC_CONFORM_PASS},
    {"final code missing",
     "{\"seq\":1,\"states\":[{\"accepted\":true,\"state\":" WANT_STATE "},"
     "{\"accepted\":false,\"codes\":[\"C\"]}],\"final\":{\"codes\":[1,\"G\"]}}",
     "final: expected code F not reported; got [G]", AMC_CONFORM_FAIL},
    /* the runner sends only cases whose capabilities the adapter claimed */
    {"skipped", "{\"seq\":1,\"skipped\":\"no lifecycle model\"}",
     "skipped a case it claims: no lifecycle model", AMC_CONFORM_FAIL},
};

static void test_judge_lifecycle(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof lc_cases / sizeof lc_cases[0]; i++) {
        const struct lc_case *t = &lc_cases[i];
        amc_conform_suite *s = amc_conform_suite_new();
        amc_diags *ds = amc_diags_new(0);
        amc_conform_reply *r = NULL;
        amc_conform_case *c = NULL;
        assert_int_equal(amc_conform_suite_add_scenario(s, "x", SCENARIO, sizeof SCENARIO - 1, ds),
                         AMC_OK);
        c = amc_conform_case_at(s, 0);
        if (amc_conform_reply_parse(t->reply, strlen(t->reply), "lifecycle", 1, ds, &r) != AMC_OK)
            fail_msg("%s: reply does not parse", t->name);
        amc_conform_judge_lifecycle(c, r);
        if (c->outcome != t->want || strcmp(c->message, t->msg) != 0)
            fail_msg("%s: %s \"%s\"", t->name, amc_conform_outcome_str(c->outcome), c->message);
        amc_conform_reply_free(r);
        amc_diags_free(ds);
        amc_conform_suite_free(s);
    }
}

/* a validate verdict as the reply to a lifecycle case: an error of the adapter */
static void test_judge_lifecycle_other_reply(void **state)
{
    static const char verdict[] = "{\"seq\":2,\"verdict\":\"valid\",\"codes\":[]}";
    amc_conform_suite *s = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    amc_conform_reply *r = NULL;
    amc_conform_case *c = NULL;
    (void)state;
    assert_int_equal(amc_conform_suite_add_scenario(s, "x", SCENARIO, sizeof SCENARIO - 1, ds),
                     AMC_OK);
    c = amc_conform_case_at(s, 0);
    assert_int_equal(amc_conform_reply_parse(verdict, sizeof verdict - 1, "validate", 2, ds, &r),
                     AMC_OK);
    amc_conform_judge_lifecycle(c, r);
    assert_int_equal(c->outcome, AMC_CONFORM_ERROR);
    assert_string_equal(c->message, "reply is not a lifecycle result");
    amc_conform_reply_free(r);
    /* and no reply at all */
    amc_conform_judge_lifecycle(c, NULL);
    assert_int_equal(c->outcome, AMC_CONFORM_ERROR);
    assert_string_equal(c->message, "no reply");
    amc_diags_free(ds);
    amc_conform_suite_free(s);
}

/* the small API around the runner: outcome names, capability texts, globs with ranges,
 * NULL suites, reply kinds an operation does not allow and hellos the runner refuses */
static void test_api_edges(void **state)
{
    static const struct {
        const char *reply, *op, *msg;
    } bad[] = {
        {"{\"seq\":1,\"protocol\":1001,\"implementation\":{\"name\":\"x\"},\"profiles\":[]}",
         "hello", "hello: \"protocol\" missing or not a version number"},
        {"{\"seq\":1,\"protocol\":0,\"implementation\":{\"name\":\"x\"},\"profiles\":[]}", "hello",
         "hello: \"protocol\" missing or not a version number"},
        {"{\"seq\":1,\"protocol\":1,\"implementation\":{\"name\":\"\"},\"profiles\":[]}", "hello",
         "hello: \"implementation\" needs a non-empty \"name\""},
        {"{\"seq\":1,\"protocol\":1,\"implementation\":\"x\",\"profiles\":[]}", "hello",
         "hello: \"implementation\" needs a non-empty \"name\""},
        {"{\"seq\":1,\"skipped\":\"why\"}", "reset", "\"skipped\" malformed or not allowed"},
        {"{\"seq\":1,\"skipped\":5}", "validate", "\"skipped\" malformed or not allowed"},
    };
    amc_conform_reply *r = NULL;
    size_t i = 0;
    (void)state;
    assert_string_equal(amc_conform_outcome_str(AMC_CONFORM_NOT_TESTED), "not-tested");
    assert_string_equal(amc_conform_outcome_str(AMC_CONFORM_XPASS), "xpass");
    assert_string_equal(amc_conform_outcome_str((amc_conform_outcome)99), "?");
    assert_string_equal(amc_conform_capability_text("x.lifecycle"), "replays lifecycle events");
    assert_string_equal(amc_conform_capability_text("x.path"),
                        "reads the file's name and place in the tree");
    assert_string_equal(amc_conform_capability_text("x.other"), "an extension");
    assert_string_equal(amc_conform_capability_text("codes"), "reports amc's code ids");
    assert_string_equal(amc_conform_capability_text(NULL), "");
    assert_true(amc_conform_glob("ig-[a-c]?", "ig-b1"));
    assert_false(amc_conform_glob("ig-[a-c]?", "ig-d1"));
    assert_true(amc_conform_glob("ig-[!a-c]*", "ig-d1"));
    assert_false(amc_conform_glob("ig-[!a-c]*", "ig-a1"));
    assert_true(amc_conform_glob("ig-[-x]", "ig--"));
    assert_false(amc_conform_glob("ig-[a-", "ig-a"));
    assert_int_equal(amc_conform_case_count(NULL), 0);
    assert_null(amc_conform_case_at(NULL, 0));
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        amc_diags *ds = amc_diags_new(0);
        amc_status st =
            amc_conform_reply_parse(bad[i].reply, strlen(bad[i].reply), bad[i].op, 1, ds, &r);
        if (st != AMC_EINVALID || amc_diags_count(ds) != 1 ||
            amc_diags_get(ds, 0)->code != AMC_C_CONFORM_REPLY_INVALID ||
            !strstr(amc_diags_get(ds, 0)->message, bad[i].msg))
            fail_msg("%s (%s): status %s, '%s'", bad[i].reply, bad[i].op, amc_status_str(st),
                     amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "-");
        assert_null(r);
        amc_diags_free(ds);
    }
    assert_string_equal(amc_conform_verdict_str(AMC_CONFORM_INCOMPLETE), "incomplete");
    assert_string_equal(amc_conform_verdict_str(AMC_CONFORM_NOT_MEASURED), "not-measured");
    assert_string_equal(amc_conform_verdict_str((amc_conform_verdict)99), "?");
    assert_int_equal(amc_conform_verdict_of(NULL, NULL), AMC_CONFORM_NOT_MEASURED);
    assert_int_equal(amc_conform_exit_status(NULL, NULL), 3);
    assert_int_equal(amc_conform_reply_parse("{}", 2, NULL, 1, NULL, &r), AMC_EUSAGE);
    assert_int_equal(amc_conform_reply_parse("{}", 2, "bogus", 1, NULL, &r), AMC_EUSAGE);
    assert_int_equal(amc_conform_reply_parse(NULL, 2, "hello", 1, NULL, &r), AMC_EUSAGE);
}

/* manifest cases with a member missing or malformed: the member named, the case's index */
static void test_manifest_members(void **state)
{
    static const struct {
        const char *mf, *msg;
    } bad[] = {
        {"[{\"id\":\"\",\"rule\":\"R\",\"level\":\"MUST\",\"verdict\":\"valid\",\"codes\":[]}]",
         "x: case 0: member \"id\" missing or malformed"},
        {"[{\"id\":\"a\",\"rule\":\"R\",\"verdict\":\"valid\",\"codes\":[]}]",
         "x: case 0: member \"level\" missing or malformed"},
        {"[{\"id\":\"a\",\"rule\":\"R\",\"level\":\"SHOULD\",\"codes\":[]}]",
         "x: case 0: member \"verdict\" missing or malformed"},
        {"[{\"id\":\"a\",\"rule\":\"R\",\"level\":\"SHOULD\",\"verdict\":\"maybe\","
         "\"codes\":[]}]",
         "x: case 0: member \"verdict\" missing or malformed"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        amc_conform_suite *s = amc_conform_suite_new();
        amc_diags *ds = amc_diags_new(0);
        amc_status st = amc_conform_suite_add(s, "x", bad[i].mf, strlen(bad[i].mf), ds);
        if (st != AMC_EINVALID || amc_diags_count(ds) != 1 ||
            amc_diags_get(ds, 0)->code != AMC_C_CONFORM_MANIFEST_INVALID ||
            strcmp(amc_diags_get(ds, 0)->message, bad[i].msg) != 0)
            fail_msg("%s: status %s, '%s'", bad[i].mf, amc_status_str(st),
                     amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "-");
        amc_diags_free(ds);
        amc_conform_suite_free(s);
    }
}

/* expected-failure lists: the reason after '#', trimmed, control characters shown as '?';
 * an id that names no case */
static void test_xfail_reasons(void **state)
{
    static const char list[] = "x-lc-001   #   flaky\x1b[2J parser  \r\nnope # gone\n";
    amc_conform_suite *s = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    (void)state;
    assert_int_equal(amc_conform_suite_add_scenario(s, "x", SCENARIO, sizeof SCENARIO - 1, ds),
                     AMC_OK);
    assert_int_equal(amc_conform_xfail_read(s, list, sizeof list - 1, ds), AMC_OK);
    assert_true(amc_conform_case_at(s, 0)->xfail_listed);
    assert_string_equal(amc_conform_case_at(s, 0)->xfail_reason, "flaky?[2J parser");
    assert_int_equal(amc_diags_count(ds), 1);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_CONFORM_XFAIL_UNKNOWN);
    assert_string_equal(amc_diags_get(ds, 0)->message, "nope: no such case");
    assert_int_equal(amc_diags_get(ds, 0)->at.line, 1);
    amc_diags_free(ds);
    amc_conform_suite_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_malformed_scenarios),
        cmocka_unit_test(test_judge_lifecycle),
        cmocka_unit_test(test_judge_lifecycle_other_reply),
        cmocka_unit_test(test_api_edges),
        cmocka_unit_test(test_xfail_reasons),
        cmocka_unit_test(test_manifest_members),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
