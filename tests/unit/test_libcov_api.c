/*
 * test_libcov_api.c - the library's answers to misuse of its public functions (NULL objects,
 * NULL outputs, a NULL buffer with a length, out-of-range indexes) in src/conform, src/lifecycle
 * (the sequence generator), src/audit and src/schema: each returns AMC_EUSAGE (or false / 0 /
 * nothing) and writes nothing, while the same call with valid arguments succeeds. The coverage
 * report showed these argument checks untested.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/audit.h"
#include "amc/conform.h"
#include "amc/json.h"
#include "amc/lifecycle.h"
#include "amc/lint.h"
#include "amc/schema.h"

#define U AMC_EUSAGE

static const char manifest[] = "[]";

static void test_conform_suite_args(void **state)
{
    amc_conform_suite *s = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    char untouched[] = "untouched", *out = untouched;
    size_t len = 7;
    (void)state;
    assert_non_null(s);
    assert_non_null(ds);
    /* amc_conform_suite_add: suite, profile, buffer */
    assert_int_equal(amc_conform_suite_add(NULL, "mailbox", manifest, 2, ds), U);
    assert_int_equal(amc_conform_suite_add(s, NULL, manifest, 2, ds), U);
    assert_int_equal(amc_conform_suite_add(s, "mailbox", NULL, 2, ds), U);
    assert_int_equal(amc_conform_suite_add(s, "mailbox", manifest, 2, ds), AMC_OK);
    /* the scenario adders */
    assert_int_equal(amc_conform_suite_add_scenario(NULL, "mailbox", "{}", 2, ds), U);
    assert_int_equal(amc_conform_suite_add_scenario(s, NULL, "{}", 2, ds), U);
    assert_int_equal(amc_conform_suite_add_scenario(s, "mailbox", NULL, 2, ds), U);
    assert_int_equal(amc_conform_suite_add_scenario_file(NULL, "mailbox", "f", "{}", 2, ds), U);
    assert_int_equal(amc_conform_suite_add_scenario_file(s, NULL, "f", "{}", 2, ds), U);
    assert_int_equal(amc_conform_suite_add_scenario_file(s, "mailbox", "f", NULL, 1, ds), U);
    assert_int_equal(amc_diags_count(ds), 0);
    assert_int_equal(amc_conform_case_count(s), 0);
    /* the expected-failure list */
    assert_int_equal(amc_conform_xfail_read(NULL, "", 0, ds), U);
    assert_int_equal(amc_conform_xfail_read(s, NULL, 3, ds), U);
    assert_int_equal(amc_conform_xfail_read(s, NULL, 0, ds), AMC_OK);
    assert_int_equal(amc_conform_xfail_render(NULL, &out, &len), U);
    assert_int_equal(amc_conform_xfail_render(s, NULL, &len), U);
    assert_string_equal(out, "untouched");
    assert_int_equal(len, 7);
    assert_int_equal(amc_conform_xfail_render(s, &out, &len), AMC_OK);
    assert_string_equal(out, "# amc conform expected failures: case-id  # reason\n");
    assert_int_equal(len, strlen(out));
    amc_free(out);
    /* glob */
    assert_false(amc_conform_glob(NULL, "a"));
    assert_false(amc_conform_glob("a", NULL));
    assert_true(amc_conform_glob("a", "a"));
    amc_diags_free(ds);
    amc_conform_suite_free(s);
}

static void test_conform_reply_and_report_args(void **state)
{
    amc_conform_suite *s = amc_conform_suite_new();
    amc_conform_reply *r = (amc_conform_reply *)&r;
    amc_conform_run_info info;
    amc_conform_case c;
    char untouched[] = "untouched", *out = untouched;
    size_t len = 0;
    (void)state;
    assert_non_null(s);
    memset(&info, 0, sizeof info);
    memset(&c, 0, sizeof c);
    /* reply parsing: the output, the buffer, the operation */
    assert_int_equal(amc_conform_reply_parse("{}", 2, "hello", 1, NULL, NULL), U);
    assert_int_equal(amc_conform_reply_parse(NULL, 2, "hello", 1, NULL, &r), U);
    assert_null(r);
    r = (amc_conform_reply *)&r;
    assert_int_equal(amc_conform_reply_parse("{}", 2, NULL, 1, NULL, &r), U);
    assert_null(r);
    /* report */
    assert_int_equal(amc_conform_report(NULL, &info, AMC_CONFORM_TEXT, &out, &len), U);
    assert_int_equal(amc_conform_report(s, NULL, AMC_CONFORM_TEXT, &out, &len), U);
    assert_int_equal(amc_conform_report(s, &info, AMC_CONFORM_TEXT, NULL, &len), U);
    assert_string_equal(out, "untouched");
    /* a lifecycle request needs a lifecycle case and an output */
    assert_int_equal(amc_conform_lifecycle_request(NULL, 1, &out, &len), U);
    c.id = "X-1";
    c.lifecycle = false;
    assert_int_equal(amc_conform_lifecycle_request(&c, 1, &out, &len), U);
    assert_string_equal(out, "untouched");
    /* judging without a case, or a lifecycle judgement of a case that is not one: no change */
    amc_conform_judge(NULL, NULL, false);
    c.outcome = AMC_CONFORM_SKIP;
    strcpy(c.message, "kept");
    amc_conform_judge_lifecycle(NULL, NULL);
    amc_conform_judge_lifecycle(&c, NULL);
    assert_int_equal(c.outcome, AMC_CONFORM_SKIP);
    assert_string_equal(c.message, "kept");
    amc_conform_judge(&c, NULL, false);
    assert_int_equal(c.outcome, AMC_CONFORM_ERROR);
    assert_string_equal(c.message, "no reply");
    amc_conform_suite_free(s);
}

static void test_lifecycle_gen_args(void **state)
{
    amc_lifecycle_opts o;
    amc_lifecycle_gen *g = (amc_lifecycle_gen *)&o;
    amc_lifecycle_result res;
    amc_conform_divergence d;
    amc_conform_reply rep;
    char untouched[] = "untouched", *json = untouched, name[64];
    size_t len = 0, n = 0;
    unsigned long hits = 0;
    (void)state;
    memset(&o, 0, sizeof o);
    /* the generator: an output, a profile with a model */
    assert_int_equal(amc_lifecycle_gen_new(&o, 1, NULL), U);
    assert_int_equal(amc_lifecycle_gen_new(NULL, 1, &g), U);
    assert_null(g);
    o.profile = "no-such-profile";
    g = (amc_lifecycle_gen *)&o;
    assert_int_equal(amc_lifecycle_gen_new(&o, 1, &g), U);
    assert_null(g);
    /* NULL generator */
    assert_int_equal(amc_lifecycle_gen_next(NULL), U);
    assert_int_equal(amc_lifecycle_gen_len(NULL), 0);
    assert_int_equal(amc_lifecycle_gen_events(NULL, &json, &len), U);
    assert_int_equal(amc_lifecycle_gen_step(NULL, 0, &res), U);
    assert_int_equal(amc_lifecycle_gen_items(NULL, AMC_LC_STATES), 0);
    assert_int_equal(amc_lifecycle_gen_item(NULL, AMC_LC_STATES, 0, name, sizeof name, &hits), U);
    assert_int_equal(amc_lifecycle_gen_candidate(NULL, 0), U);
    amc_lifecycle_gen_keep(NULL);
    amc_lifecycle_gen_revert(NULL);
    amc_lifecycle_gen_free(NULL);
    assert_string_equal(json, "untouched");
    /* a real one: outputs and indexes out of range */
    o.profile = "mailbox";
    assert_int_equal(amc_lifecycle_gen_new(&o, 7, &g), AMC_OK);
    assert_int_equal(amc_lifecycle_gen_next(g), AMC_OK);
    n = amc_lifecycle_gen_len(g);
    assert_true(n > 0);
    assert_int_equal(amc_lifecycle_gen_events(g, NULL, &len), U);
    assert_int_equal(amc_lifecycle_gen_step(g, 0, NULL), U);
    assert_int_equal(amc_lifecycle_gen_step(g, n + 1, &res), U);
    assert_int_equal(amc_lifecycle_gen_step(g, n, &res), AMC_OK);
    assert_null(res.event);
    assert_int_equal(amc_lifecycle_gen_step(g, n - 1, &res), AMC_OK);
    assert_non_null(res.event);
    assert_int_equal(amc_lifecycle_gen_items(g, (amc_lifecycle_item_kind)3), 0);
    assert_true(amc_lifecycle_gen_items(g, AMC_LC_STATES) > 0);
    assert_int_equal(
        amc_lifecycle_gen_item(g, (amc_lifecycle_item_kind)3, 0, name, sizeof name, &hits), U);
    assert_int_equal(amc_lifecycle_gen_item(g, AMC_LC_STATES,
                                            amc_lifecycle_gen_items(g, AMC_LC_STATES), name,
                                            sizeof name, &hits),
                     U);
    /* the scenario writer and the divergence check */
    assert_int_equal(amc_conform_lifecycle_scenario(NULL, "mailbox", "id", NULL, true, &json, &len),
                     U);
    assert_int_equal(amc_conform_lifecycle_scenario(g, NULL, "id", NULL, true, &json, &len), U);
    assert_int_equal(amc_conform_lifecycle_scenario(g, "mailbox", NULL, NULL, true, &json, &len),
                     U);
    assert_int_equal(amc_conform_lifecycle_scenario(g, "mailbox", "id", NULL, true, NULL, &len), U);
    assert_string_equal(json, "untouched");
    memset(&rep, 0, sizeof rep);
    /* no reply, a reply of another kind, a lifecycle reply without states: a "reply" finding */
    assert_true(amc_conform_lifecycle_diverges(g, NULL, true, &d));
    assert_string_equal(d.cls, "reply");
    assert_int_equal(d.step, 0);
    amc_conform_divergence_clear(&d);
    rep.kind = AMC_CONFORM_R_VERDICT;
    assert_true(amc_conform_lifecycle_diverges(g, &rep, true, &d));
    assert_string_equal(d.cls, "reply");
    amc_conform_divergence_clear(&d);
    rep.kind = AMC_CONFORM_R_STATES;
    assert_true(amc_conform_lifecycle_diverges(g, &rep, false, &d));
    assert_string_equal(d.cls, "reply");
    amc_conform_divergence_clear(&d);
    amc_lifecycle_gen_free(g);
}

static void test_audit_args(void **state)
{
    amc_audit_opts o;
    amc_audit *a = NULL;
    amc_audit_worker *w = NULL;
    amc_audit_unit *u = (amc_audit_unit *)&o;
    amc_diags *ds = amc_diags_new(0);
    (void)state;
    memset(&o, 0, sizeof o);
    assert_non_null(ds);
    assert_int_equal(amc_audit_new(&o, ds, &a), AMC_OK);
    assert_int_equal(amc_audit_file(NULL, "x", "", 0, ds), U);
    assert_int_equal(amc_audit_file(a, NULL, "", 0, ds), U);
    assert_int_equal(amc_audit_file(a, "x", NULL, 1, ds), U);
    assert_int_equal(amc_audit_file(a, "x", "", 0, NULL), U);
    assert_int_equal(amc_audit_worker_new(a, ds, &w), AMC_OK);
    assert_int_equal(amc_audit_check(NULL, "x", "", 0, ds, &u), U);
    assert_null(u);
    assert_int_equal(amc_audit_check(w, NULL, "", 0, ds, &u), U);
    assert_int_equal(amc_audit_check(w, "x", NULL, 1, ds, &u), U);
    assert_int_equal(amc_audit_check(w, "x", "", 0, NULL, &u), U);
    assert_int_equal(amc_audit_check(w, "x", "", 0, ds, NULL), U);
    assert_int_equal(amc_audit_record(NULL, NULL, ds), U);
    assert_int_equal(amc_audit_record(a, NULL, ds), U);
    /* a unit given with a NULL diags is freed (ASan: no leak) */
    assert_int_equal(amc_audit_check(w, "x", "", 0, ds, &u), AMC_OK);
    assert_non_null(u);
    assert_int_equal(amc_audit_record(a, u, NULL), U);
    assert_int_equal(amc_diags_count(ds), 0);
    amc_audit_worker_free(w);
    amc_audit_free(a);
    amc_diags_free(ds);
}

/* amc_audit_entry: one diagnostic per kind of entry the walker met, naming it; an unknown kind
 * or a missing argument is AMC_EUSAGE; the entries are counted */
static void test_audit_entries(void **state)
{
    static const struct {
        amc_audit_entry_kind kind;
        amc_code code;
        const char *msg;
    } k[] = {
        {AMC_AUDIT_SYMLINK, AMC_C_AUDIT_SYMLINK, "'q/x' is a symbolic link: not followed"},
        {AMC_AUDIT_UNREADABLE, AMC_C_AUDIT_UNREADABLE, "'q/x' cannot be read"},
        {AMC_AUDIT_SPECIAL, AMC_C_AUDIT_SPECIAL_FILE,
         "'q/x' is not a regular file or directory: not read"},
        {AMC_AUDIT_TOO_DEEP, AMC_C_AUDIT_TOO_DEEP, "'q/x' is nested too deep: not walked"},
    };
    amc_audit_opts o;
    amc_audit *a = NULL;
    amc_audit_stats_t stats;
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0;
    (void)state;
    memset(&o, 0, sizeof o);
    assert_non_null(ds);
    assert_int_equal(amc_audit_new(&o, ds, &a), AMC_OK);
    for (i = 0; i < sizeof k / sizeof k[0]; i++) {
        amc_diags_clear(ds);
        assert_int_equal(amc_audit_entry(a, "q/x", k[i].kind, ds), AMC_OK);
        assert_int_equal(amc_diags_count(ds), 1);
        assert_int_equal(amc_diags_get(ds, 0)->code, k[i].code);
        assert_string_equal(amc_diags_get(ds, 0)->message, k[i].msg);
    }
    amc_diags_clear(ds);
    assert_int_equal(amc_audit_entry(a, "q/x", AMC_AUDIT_TOO_LARGE, ds), AMC_OK);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_AUDIT_TOO_LARGE);
    assert_non_null(strstr(amc_diags_get(ds, 0)->message, "'q/x' is larger than the size limit "));
    amc_diags_clear(ds);
    amc_audit_stats(a, &stats);
    assert_int_equal(stats.entries, 5);
    assert_int_equal(stats.files, 0);
    assert_int_equal(amc_audit_entry(a, "q/x", (amc_audit_entry_kind)99, ds), U);
    assert_int_equal(amc_audit_entry(NULL, "q/x", AMC_AUDIT_SYMLINK, ds), U);
    assert_int_equal(amc_audit_entry(a, NULL, AMC_AUDIT_SYMLINK, ds), U);
    assert_int_equal(amc_audit_entry(a, "q/x", AMC_AUDIT_SYMLINK, NULL), U);
    assert_int_equal(amc_diags_count(ds), 0);
    amc_audit_free(a);
    amc_diags_free(ds);
}

/* the schema API: NULL set, document, diagnostics, URI, output, schema, instance or verdict */
static void test_schema_args(void **state)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const amc_schema *sc = NULL;
    const char *uri = NULL;
    amc_doc *doc = NULL, *inst = NULL;
    bool valid = true;
    (void)state;
    assert_non_null(set);
    assert_non_null(ds);
    assert_int_equal(amc_json_read("{\"type\":\"string\"}", 17, NULL, ds, &doc), AMC_OK);
    /* amc_schema_set_add_doc takes the document even when it refuses the call */
    assert_int_equal(amc_schema_set_add_doc(NULL, "urn:x", doc, ds, &uri), U);
    assert_int_equal(amc_json_read("{\"type\":\"string\"}", 17, NULL, ds, &doc), AMC_OK);
    assert_int_equal(amc_schema_set_add_doc(set, "urn:x", doc, NULL, &uri), U);
    assert_int_equal(amc_schema_set_add_doc(set, "urn:x", NULL, ds, &uri), U);
    assert_int_equal(amc_json_read("{\"type\":\"string\"}", 17, NULL, ds, &doc), AMC_OK);
    assert_int_equal(amc_schema_set_add_doc(set, "urn:x", doc, ds, &uri), AMC_OK);
    assert_string_equal(uri, "urn:x");
    amc_schema_set_loader(NULL, NULL, NULL); /* no set: nothing happens */
    assert_int_equal(amc_schema_compile(NULL, "urn:x", ds, &sc), U);
    assert_int_equal(amc_schema_compile(set, NULL, ds, &sc), U);
    assert_int_equal(amc_schema_compile(set, "urn:x", NULL, &sc), U);
    assert_int_equal(amc_schema_compile(set, "urn:x", ds, NULL), U);
    assert_null(sc);
    assert_int_equal(amc_schema_compile(set, "x", ds, &sc), AMC_EINVALID);
    assert_int_equal(amc_diags_count(ds), 1);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_SCHEMA_URI_INVALID);
    assert_string_equal(amc_diags_get(ds, 0)->message, "\"x\" is not an absolute URI");
    amc_diags_clear(ds);
    assert_int_equal(amc_schema_compile(set, "urn:x", ds, &sc), AMC_OK);
    assert_int_equal(amc_json_read("5", 1, NULL, ds, &inst), AMC_OK);
    assert_int_equal(amc_schema_validate(NULL, amc_doc_root(inst), inst, NULL, ds, &valid), U);
    assert_false(valid);
    valid = true;
    assert_int_equal(amc_schema_validate(sc, NULL, inst, NULL, ds, &valid), U);
    assert_false(valid);
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(inst), inst, NULL, ds, NULL), U);
    assert_int_equal(amc_diags_count(ds), 0);
    /* no diagnostics wanted: the verdict alone */
    valid = true;
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(inst), inst, NULL, NULL, &valid), AMC_OK);
    assert_false(valid);
    assert_int_equal(amc_schema_lint(NULL, "urn:x", NULL, ds), U);
    assert_int_equal(amc_schema_lint(set, NULL, NULL, ds), U);
    assert_int_equal(amc_schema_lint(set, "urn:x", NULL, NULL), U);
    assert_int_equal(amc_schema_lint(set, "urn:nothing", NULL, ds), AMC_EINVALID);
    amc_doc_free(inst);
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

/* a lifecycle instance: events that are not objects, and its item API's arguments */
static void test_lifecycle_args(void **state)
{
    amc_lifecycle_opts o;
    amc_lifecycle *lc = NULL;
    amc_diags *ds = amc_diags_new(0);
    char name[64];
    size_t n = 0;
    unsigned long hits = 0;
    (void)state;
    memset(&o, 0, sizeof o);
    o.profile = "mailbox";
    assert_non_null(ds);
    assert_int_equal(amc_lifecycle_new(&o, ds, &lc), AMC_OK);
    assert_int_equal(amc_lifecycle_apply(lc, "[1]", 3, ds), AMC_EINVALID);
    assert_int_equal(amc_diags_count(ds), 1);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_LC_EVENT_INVALID);
    assert_string_equal(amc_diags_get(ds, 0)->message, "an event is a JSON object, not array");
    amc_diags_clear(ds);
    assert_int_equal(amc_lifecycle_apply(lc, "\"x\"", 3, ds), AMC_EINVALID);
    assert_string_equal(amc_diags_get(ds, 0)->message, "an event is a JSON object, not string");
    amc_diags_clear(ds);
    n = amc_lifecycle_items(lc, AMC_LC_RULES);
    assert_true(n > 0);
    assert_int_equal(amc_lifecycle_item(lc, AMC_LC_RULES, 0, name, sizeof name, &hits), AMC_OK);
    assert_int_equal(strncmp(name, "MAILBOX-", 8), 0);
    assert_int_equal(amc_lifecycle_item(lc, AMC_LC_RULES, n, name, sizeof name, &hits), U);
    assert_int_equal(amc_lifecycle_item(lc, AMC_LC_RULES, 0, NULL, sizeof name, &hits), U);
    assert_int_equal(amc_lifecycle_item(lc, AMC_LC_RULES, 0, name, 0, &hits), U);
    assert_int_equal(amc_lifecycle_item(NULL, AMC_LC_RULES, 0, name, sizeof name, &hits), U);
    assert_int_equal(amc_lifecycle_items(NULL, AMC_LC_RULES), 0);
    assert_int_equal(amc_lifecycle_last_transition(NULL), -1);
    assert_int_equal(amc_diags_count(ds), 0);
    amc_lifecycle_free(lc);
    amc_lifecycle_free(NULL);
    amc_diags_free(ds);
}

/* reports of an empty suite: the implementation line without a name, version, language or mode
 * ("(unknown) via ?"), not reached; with them all and verdicts only; TAP and JUnit */
static void test_conform_report_info(void **state)
{
    static const char tail[] =
        "total        measured 0 of 0 cases; 0.0% (0/0): 0 pass, 0 fail, 0 error, 0 not tested, "
        "0 skip, 0 xfail, 0 stale xfail\n"
        "verdict: NOT MEASURED: measured 0 of 0 cases: every selected case needs a capability "
        "not claimed\n"
        "gate: not measured (exit 3)\n";
    amc_conform_suite *s = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    amc_conform_run_info in;
    char *out = NULL, want[1024];
    size_t len = 0;
    (void)state;
    assert_non_null(s);
    assert_non_null(ds);
    assert_int_equal(amc_conform_suite_add(s, "mailbox", "[]", 2, ds), AMC_OK);
    memset(&in, 0, sizeof in);
    in.impl_name = "";
    assert_int_equal(amc_conform_report(s, &in, AMC_CONFORM_TEXT, &out, &len), AMC_OK);
    snprintf(want, sizeof want, "implementation: (unknown) via ?, NOT REACHED\n%s", tail);
    assert_string_equal(out, want);
    assert_int_equal(len, strlen(want));
    amc_free(out);
    in.impl_name = "impl";
    in.impl_version = "1.2";
    in.impl_language = "C";
    in.mode = "exec";
    in.verdict_only = true;
    in.reached = true;
    assert_int_equal(amc_conform_report(s, &in, AMC_CONFORM_TEXT, &out, &len), AMC_OK);
    snprintf(want, sizeof want,
             "implementation: impl 1.2 (C) via exec, verdicts only (codes not compared)\n%s", tail);
    assert_string_equal(out, want);
    amc_free(out);
    assert_int_equal(amc_conform_report(s, &in, AMC_CONFORM_TAP, &out, &len), AMC_OK);
    assert_string_equal(out, "TAP version 14\n1..0\n# NOT MEASURED: measured 0 of 0 cases: every "
                             "selected case needs a capability not claimed\n");
    amc_free(out);
    assert_int_equal(amc_conform_report(s, &in, AMC_CONFORM_JUNIT, &out, &len), AMC_OK);
    assert_string_equal(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "
                             "name=\"amc conform: NOT MEASURED: measured 0 of 0 cases: every "
                             "selected case needs a capability not claimed\">\n</testsuites>\n");
    amc_free(out);
    amc_diags_free(ds);
    amc_conform_suite_free(s);
}

/* a suite of three judged cases (pass, a SHOULD failure, a MUST case without reply) reported in
 * every format: text, TAP, JUnit and Markdown whole; JSON by its summary and case outcomes */
static void test_conform_report_cases(void **state)
{
    static const char man[] =
        "[{\"id\":\"t-1\",\"description\":\"d1\",\"rule\":\"SOCKET-TASK-001\",\"level\":\"MUST\","
        "\"input\":\"inputs/a.json\",\"verdict\":\"valid\",\"codes\":[]},"
        "{\"id\":\"t-2\",\"description\":\"d2 "
        "<&>\\\"\",\"rule\":\"SOCKET-ID-002\",\"level\":\"SHOULD\","
        "\"input\":\"inputs/b.json\",\"verdict\":\"invalid\",\"codes\":[\"SOCKET_ID_FORMAT\"]},"
        "{\"id\":\"t-3\",\"description\":\"d3\",\"rule\":\"SOCKET-TASK-001\",\"level\":\"MUST\","
        "\"input\":\"inputs/c.json\",\"verdict\":\"invalid\",\"codes\":[]}]";
    static const char *const want[5] = {
        "implementation: impl via adapter\n"
        "suite: conformance/\n"
        "socket       measured 3 of 3 cases; 33.3% (1/3): 1 pass, 1 fail, 1 error, 0 not tested, 0 "
        "skip, 0 xfail, 0 stale xfail\n"
        "  fail t-2 [SOCKET-ID-002 SHOULD] expected invalid [SOCKET_ID_FORMAT], got valid\n"
        "       input: conformance/socket/inputs/b.json\n"
        "       replay: amc conform --impl x --filter t-2\n"
        "  error t-3 [SOCKET-TASK-001 MUST] no reply\n"
        "       input: conformance/socket/inputs/c.json\n"
        "       replay: amc conform --impl x --filter t-3\n"
        "total        measured 3 of 3 cases; 33.3% (1/3): 1 pass, 1 fail, 1 error, 0 not tested, 0 "
        "skip, 0 xfail, 0 stale xfail\n"
        "verdict: NOT CONFORMANT: measured 3 of 3 cases, 1 MUST case failed; 1 SHOULD case failed "
        "(warnings)\n"
        "gate: fail (exit 1): 1 MUST case failed, errored or not tested (not in an "
        "expected-failure list)\n",
        NULL,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuites name=\"amc conform: NOT CONFORMANT: measured 3 of 3 cases, 1 MUST case "
        "failed; 1 SHOULD case failed (warnings)\">\n"
        "  <testsuite name=\"socket\" tests=\"3\" failures=\"1\" errors=\"1\" skipped=\"0\">\n"
        "    <testcase classname=\"socket\" name=\"t-1\" time=\"0.000\"/>\n"
        "    <testcase classname=\"socket\" name=\"t-2\" time=\"0.000\">\n"
        "      <failure type=\"SHOULD\" message=\"expected invalid [SOCKET_ID_FORMAT], got "
        "valid\">SOCKET-ID-002 (SHOULD): d2 &lt;&amp;&gt;&quot;\n"
        "input: conformance/socket/inputs/b.json\n"
        "expected invalid [SOCKET_ID_FORMAT], got valid\n"
        "replay: amc conform --impl x --filter t-2</failure>\n"
        "    </testcase>\n"
        "    <testcase classname=\"socket\" name=\"t-3\" time=\"0.000\">\n"
        "      <error type=\"MUST\" message=\"no reply\">SOCKET-TASK-001 (MUST): d3\n"
        "input: conformance/socket/inputs/c.json\n"
        "no reply\n"
        "replay: amc conform --impl x --filter t-3</error>\n"
        "    </testcase>\n"
        "  </testsuite>\n"
        "</testsuites>\n",
        "TAP version 14\n"
        "1..3\n"
        "ok 1 - t-1\n"
        "not ok 2 - t-2 # TODO SHOULD expected invalid [SOCKET_ID_FORMAT], got valid\n"
        "  ---\n"
        "  message: \"expected invalid [SOCKET_ID_FORMAT], got valid\"\n"
        "  severity: fail\n"
        "  rule: \"SOCKET-ID-002\"\n"
        "  input: \"conformance/socket/inputs/b.json\"\n"
        "  replay: \"amc conform --impl x --filter t-2\"\n"
        "  ...\n"
        "not ok 3 - t-3\n"
        "  ---\n"
        "  message: \"no reply\"\n"
        "  severity: error\n"
        "  rule: \"SOCKET-TASK-001\"\n"
        "  input: \"conformance/socket/inputs/c.json\"\n"
        "  replay: \"amc conform --impl x --filter t-3\"\n"
        "  ...\n"
        "# NOT CONFORMANT: measured 3 of 3 cases, 1 MUST case failed; 1 SHOULD case failed "
        "(warnings)\n",
        "## amc conform: NOT CONFORMANT: measured 3 of 3 cases, 1 MUST case failed; 1 SHOULD case "
        "failed (warnings)\n"
        "\n"
        "- implementation: impl via adapter\n"
        "- suite: conformance/\n"
        "\n"
        "| profile | measured | score | pass | fail | error | not tested | skip | xfail | stale | "
        "MUST failed | SHOULD failed |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|\n"
        "| socket | 3 of 3 | 33.3% | 1 | 1 | 1 | 0 | 0 | 0 | 0 | 1 | 1 |\n"
        "\n"
        "### Failures\n"
        "\n"
        "- **fail** `t-2` [SOCKET-ID-002 SHOULD] expected invalid [SOCKET_ID_FORMAT], got valid\n"
        "  input: `conformance/socket/inputs/b.json`\n"
        "  replay: `amc conform --impl x --filter t-2`\n"
        "- **error** `t-3` [SOCKET-TASK-001 MUST] no reply\n"
        "  input: `conformance/socket/inputs/c.json`\n"
        "  replay: `amc conform --impl x --filter t-3`\n"
        "\n"
        "**total: measured 3 of 3 cases; 33.3% (1/3): 1 pass, 1 fail, 1 error, 0 not tested, 0 "
        "skip, 0 xfail, 0 stale xfail**\n"
        "\n"
        "- verdict: NOT CONFORMANT: measured 3 of 3 cases, 1 MUST case failed; 1 SHOULD case "
        "failed (warnings)\n"
        "- gate: fail (exit 1): 1 MUST case failed, errored or not tested (not in an "
        "expected-failure list)\n",
    };
    amc_conform_suite *s = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    amc_conform_run_info in;
    amc_conform_reply ok;
    size_t k = 0;
    int f = 0;
    (void)state;
    assert_non_null(s);
    assert_non_null(ds);
    assert_int_equal(amc_conform_suite_add(s, "socket", man, sizeof man - 1, ds), AMC_OK);
    assert_int_equal(amc_conform_case_count(s), 3);
    for (k = 0; k < 3; k++)
        amc_conform_case_at(s, k)->selected = true;
    memset(&ok, 0, sizeof ok);
    ok.kind = AMC_CONFORM_R_VERDICT;
    ok.valid = true;
    ok.has_codes = true;
    amc_conform_judge(amc_conform_case_at(s, 0), &ok, false);
    amc_conform_judge(amc_conform_case_at(s, 1), &ok, false);
    amc_conform_judge(amc_conform_case_at(s, 2), NULL, false);
    amc_conform_finalize(s);
    memset(&in, 0, sizeof in);
    in.impl_name = "impl";
    in.mode = "adapter";
    in.reached = true;
    in.suite = "conformance/";
    in.replay = "amc conform --impl x";
    assert_int_equal(amc_conform_exit_status(s, &in), 1);
    for (f = 0; f < 5; f++) {
        char *out = NULL;
        size_t len = 0;
        assert_int_equal(amc_conform_report(s, &in, (amc_conform_format)f, &out, &len), AMC_OK);
        assert_int_equal(len, strlen(out));
        if (want[f])
            assert_string_equal(out, want[f]);
        else {
            assert_non_null(strstr(out, "\"status\":1,\"verdict\":\"not-conformant\""));
            assert_non_null(strstr(out, "\"summary\":{\"total\":3,\"measured\":3,\"pass\":1,"
                                        "\"fail\":1,\"error\":1,"));
            assert_non_null(strstr(out, "{\"id\":\"t-2\",\"profile\":\"socket\",\"rule\":"
                                        "\"SOCKET-ID-002\",\"level\":\"SHOULD\",\"kind\":"
                                        "\"message\",\"outcome\":\"fail\""));
            assert_non_null(strstr(out, "\"outcome\":\"error\",\"message\":\"no reply\""));
        }
        amc_free(out);
    }
    amc_diags_free(ds);
    amc_conform_suite_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conform_suite_args),
        cmocka_unit_test(test_conform_reply_and_report_args),
        cmocka_unit_test(test_lifecycle_gen_args),
        cmocka_unit_test(test_audit_args),
        cmocka_unit_test(test_audit_entries),
        cmocka_unit_test(test_schema_args),
        cmocka_unit_test(test_lifecycle_args),
        cmocka_unit_test(test_conform_report_info),
        cmocka_unit_test(test_conform_report_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
