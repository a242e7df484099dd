/*
 * test_conform.c - the conformance runner's core (amc/conform.h): manifest loading, adapter
 * reply parsing (the protocol of conformance/PROTOCOL.md), judging, expected-failure files,
 * scoring, exit status and reports.
 *
 * Reply edge cases: the protocol's own rules (seq echoed, exactly one outcome member per request
 * type) plus the classic untrusted-JSON hazards (RFC 8259 sec. 8.1 invalid UTF-8, NUL in
 * strings, duplicate keys, trailing garbage, several lines in one).
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

static const char MANIFEST[] =
    "[{\"id\":\"ignite-t-001-valid\",\"rule\":\"IGNITE-HDR-001\",\"level\":\"MUST\","
    "\"verdict\":\"valid\",\"codes\":[],\"input\":\"inputs/a.mime\",\"tags\":[\"placement\"]},\n"
    " {\"id\":\"ignite-t-002-invalid\",\"rule\":\"IGNITE-HDR-001\",\"level\":\"MUST\","
    "\"verdict\":\"invalid\",\"codes\":[\"IGNITE_HDR_MISSING\"],\"input\":\"inputs/b.mime\"},\n"
    " {\"id\":\"ignite-t-003-should\",\"rule\":\"X-1\",\"level\":\"SHOULD\",\"verdict\":\"valid\","
    "\"codes\":[],\"session\":[\"a.jsonl\",\"b.json\"],\"policy\":\"p.yaml\",\"now\":\"2026-01-"
    "01T00:00:00Z\"}]";

static amc_conform_suite *suite(void)
{
    amc_conform_suite *s = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0;
    assert_int_equal(amc_conform_suite_add(s, "ignite", MANIFEST, sizeof MANIFEST - 1, ds), AMC_OK);
    assert_int_equal(amc_diags_count(ds), 0);
    for (i = 0; i < amc_conform_case_count(s); i++)
        amc_conform_case_at(s, i)->selected = true;
    amc_diags_free(ds);
    return s;
}

static void test_manifest(void **state)
{
    amc_conform_suite *s = suite();
    const amc_conform_case *c = NULL;
    (void)state;
    assert_int_equal(amc_conform_case_count(s), 3);
    c = amc_conform_case_at(s, 0);
    assert_string_equal(c->id, "ignite-t-001-valid");
    assert_true(c->must && c->want_valid && !c->stateful);
    assert_int_equal(c->nfiles, 1);
    assert_string_equal(c->files[0], "inputs/a.mime");
    /* a passing case of IGNITE-HDR-001: the rule's code must be absent */
    assert_int_equal(c->nabsent, 1);
    assert_string_equal(c->absent[0], "IGNITE_HDR_MISSING");
    assert_int_equal(c->ncaps, 2);
    assert_string_equal(c->caps[0], "ignite");
    assert_string_equal(c->caps[1], "ignite.path");
    c = amc_conform_case_at(s, 1);
    assert_int_equal(c->nabsent, 0);
    c = amc_conform_case_at(s, 2);
    assert_true(!c->must && c->stateful);
    assert_int_equal(c->nfiles, 2);
    assert_int_equal(c->ncaps, 4);
    assert_string_equal(c->caps[1], "ignite.stateful");
    assert_string_equal(c->caps[2], "ignite.policy");
    assert_string_equal(c->caps[3], "ignite.clock");
    assert_null(amc_conform_case_at(s, 3));
    amc_conform_suite_free(s);
}

#define CASE_OK "\"id\":\"x\",\"rule\":\"R\",\"level\":\"MUST\",\"verdict\":\"valid\",\"codes\":[]"

static const struct bad_manifest {
    const char *name, *json;
    unsigned line, col;
    const char *member; /* named by the message (NULL: not checked) */
} bad_manifests[] = {
    {"case not an object", "[1]", 0, 1, "\"(case)\""},
    {"no rule",
     "[{\"id\":\"x\",\"level\":\"MUST\",\"verdict\":\"valid\",\"codes\":[],\"input\":\"a\"}]", 0, 1,
     "\"rule\""},
    {"absent_codes not strings", "[{" CASE_OK ",\"input\":\"a\",\"absent_codes\":[1]}]", 0, 1,
     "\"absent_codes\""},
    {"tags not an array", "[{" CASE_OK ",\"input\":\"a\",\"tags\":\"t\"}]", 0, 1, "\"tags\""},
    {"input not a string", "[{" CASE_OK ",\"input\":1}]", 0, 1, "\"input\""},
    {"session not strings", "[{" CASE_OK ",\"session\":[1]}]", 0, 1, "\"session\""},
    {"empty session", "[{" CASE_OK ",\"session\":[]}]", 0, 1, "\"input\""},
    {"policy not a string", "[{" CASE_OK ",\"input\":\"a\",\"policy\":1}]", 0, 1, "\"policy\""},
    {"now not a string", "[{" CASE_OK ",\"input\":\"a\",\"now\":1}]", 0, 1, "\"now\""},
    {"not an array", "{}", 0, 0, NULL},
    {"no id",
     "[{\"rule\":\"R\",\"level\":\"MUST\",\"verdict\":\"valid\",\"codes\":[],\"input\":\"a\"}]", 0,
     1, NULL},
    {"bad level",
     "[\n{\"id\":\"x\",\"rule\":\"R\",\"level\":\"MAY\",\"verdict\":\"valid\",\"codes\":[],"
     "\"input\":\"a\"}]",
     1, 0, NULL},
    {"input and session",
     "[{\"id\":\"x\",\"rule\":\"R\",\"level\":\"MUST\",\"verdict\":\"valid\",\"codes\":[],"
     "\"input\":\"a\",\"session\":[\"b\"]}]",
     0, 1, NULL},
    {"neither",
     "[{\"id\":\"x\",\"rule\":\"R\",\"level\":\"MUST\",\"verdict\":\"valid\",\"codes\":[]}]", 0, 1,
     NULL},
    {"code not a string",
     "[{\"id\":\"x\",\"rule\":\"R\",\"level\":\"MUST\",\"verdict\":\"valid\",\"codes\":[1],"
     "\"input\":\"a\"}]",
     0, 1, NULL},
    {"bad verdict",
     "[{\"id\":\"x\",\"rule\":\"R\",\"level\":\"MUST\",\"verdict\":\"ok\",\"codes\":[],\"input\":"
     "\"a\"}]",
     0, 1, NULL},
    {"NUL in id",
     "[{\"id\":\"x\\u0000y\",\"rule\":\"R\",\"level\":\"MUST\",\"verdict\":\"valid\",\"codes\":[],"
     "\"input\":\"a\"}]",
     0, 1, NULL},
};

static void test_manifest_errors(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof bad_manifests / sizeof bad_manifests[0]; i++) {
        const struct bad_manifest *t = &bad_manifests[i];
        amc_conform_suite *s = amc_conform_suite_new();
        amc_diags *ds = amc_diags_new(0);
        const amc_diag *d = NULL;
        if (amc_conform_suite_add(s, "p", t->json, strlen(t->json), ds) != AMC_EINVALID)
            fail_msg("%s: accepted", t->name);
        d = amc_diags_get(ds, 0);
        if (!d || d->code != AMC_C_CONFORM_MANIFEST_INVALID || d->at.line != t->line ||
            d->at.col != t->col)
            fail_msg("%s: got %s at %u:%u", t->name, d ? amc_code_id(d->code) : "nothing",
                     d ? d->at.line : 0, d ? d->at.col : 0);
        if (t->member && !strstr(d->message, t->member))
            fail_msg("%s: message '%s' does not name %s", t->name, d->message, t->member);
        assert_int_equal(amc_conform_case_count(s), 0);
        amc_diags_free(ds);
        amc_conform_suite_free(s);
    }
}

static const struct reply_case {
    const char *name, *line, *op;
    long long seq;
    amc_status st;
    amc_conform_reply_kind kind;
    unsigned col; /* of the diagnostic, when st != AMC_OK */
} replies[] = {
    {"verdict", "{\"seq\":3,\"verdict\":\"valid\"}", "validate", 3, AMC_OK, AMC_CONFORM_R_VERDICT,
     0},
    {"verdict+codes", "{\"seq\":3,\"verdict\":\"invalid\",\"codes\":[\"A\"],\"locations\":[]}",
     "validate", 3, AMC_OK, AMC_CONFORM_R_VERDICT, 0},
    {"extra member ok", "{\"seq\":3,\"verdict\":\"invalid\",\"x-time\":1}", "validate", 3, AMC_OK,
     AMC_CONFORM_R_VERDICT, 0},
    {"skipped", "{\"seq\":3,\"skipped\":\"why\"}", "validate", 3, AMC_OK, AMC_CONFORM_R_SKIPPED, 0},
    {"error", "{\"seq\":3,\"error\":\"boom\"}", "validate", 3, AMC_OK, AMC_CONFORM_R_ERROR, 0},
    {"hello",
     "{\"seq\":0,\"protocol\":1,\"implementation\":{\"name\":\"x\"},\"profiles\":[\"ignite\"]}",
     "hello", 0, AMC_OK, AMC_CONFORM_R_HELLO, 0},
    {"hello error", "{\"seq\":0,\"error\":\"no\"}", "hello", 0, AMC_OK, AMC_CONFORM_R_ERROR, 0},
    {"reset ok", "{\"seq\":9,\"ok\":true}", "reset", 9, AMC_OK, AMC_CONFORM_R_OK, 0},
    {"states", "{\"seq\":9,\"states\":[]}", "lifecycle", 9, AMC_OK, AMC_CONFORM_R_STATES, 0},
    {"wrong seq", "{\"seq\":4,\"verdict\":\"valid\"}", "validate", 3, AMC_EINVALID, 0, 7},
    {"seq string", "{\"seq\":\"3\",\"verdict\":\"valid\"}", "validate", 3, AMC_EINVALID, 0, 7},
    {"seq 3.5", "{\"seq\":3.5,\"verdict\":\"valid\"}", "validate", 3, AMC_EINVALID, 0, 7},
    {"no seq", "{\"verdict\":\"valid\"}", "validate", 3, AMC_EINVALID, 0, 0},
    {"not json", "hello", "validate", 3, AMC_EINVALID, 0, 0},
    {"array", "[1]", "validate", 3, AMC_EINVALID, 0, 0},
    {"trailing", "{\"seq\":3,\"verdict\":\"valid\"} x", "validate", 3, AMC_EINVALID, 0, 28},
    {"two lines", "{\"seq\":3,\"verdict\":\"valid\"}\n{}", "validate", 3, AMC_EINVALID, 0, 27},
    {"empty", "", "validate", 3, AMC_EINVALID, 0, 0},
    {"bad verdict", "{\"seq\":3,\"verdict\":\"maybe\"}", "validate", 3, AMC_EINVALID, 0, 19},
    {"verdict+error", "{\"seq\":3,\"verdict\":\"valid\",\"error\":\"x\"}", "validate", 3,
     AMC_EINVALID, 0, 0},
    {"no outcome", "{\"seq\":3}", "validate", 3, AMC_EINVALID, 0, 0},
    {"codes not strings", "{\"seq\":3,\"verdict\":\"valid\",\"codes\":[1]}", "validate", 3,
     AMC_EINVALID, 0, 0},
    {"NUL in code", "{\"seq\":3,\"verdict\":\"valid\",\"codes\":[\"A\\u0000\"]}", "validate", 3,
     AMC_EINVALID, 0, 0},
    {"duplicate key", "{\"seq\":3,\"seq\":3,\"verdict\":\"valid\"}", "validate", 3, AMC_EINVALID, 0,
     9},
    {"invalid UTF-8", "{\"seq\":3,\"error\":\"\xff\"}", "validate", 3, AMC_EINVALID, 0, 18},
    {"skipped on reset", "{\"seq\":3,\"skipped\":\"x\"}", "reset", 3, AMC_EINVALID, 0, 19},
    {"ok false", "{\"seq\":3,\"ok\":false}", "stop", 3, AMC_EINVALID, 0, 14},
    {"hello no name", "{\"seq\":0,\"protocol\":1,\"implementation\":{},\"profiles\":[]}", "hello",
     0, AMC_EINVALID, 0, 39},
    {"hello no protocol", "{\"seq\":0,\"implementation\":{\"name\":\"x\"},\"profiles\":[]}",
     "hello", 0, AMC_EINVALID, 0, 0},
    {"hello caps not array",
     "{\"seq\":0,\"protocol\":1,\"implementation\":{\"name\":\"x\"},\"profiles\":[],"
     "\"capabilities\":\"all\"}",
     "hello", 0, AMC_EINVALID, 0, 0},
    {"verdict on hello", "{\"seq\":0,\"verdict\":\"valid\"}", "hello", 0, AMC_EINVALID, 0, 0},
    {"error not a string", "{\"seq\":3,\"error\":1}", "validate", 3, AMC_EINVALID, 0, 17},
    {"locations not an array", "{\"seq\":3,\"verdict\":\"valid\",\"locations\":{}}", "validate", 3,
     AMC_EINVALID, 0, 39},
    {"states not an array", "{\"seq\":9,\"states\":{}}", "lifecycle", 9, AMC_EINVALID, 0, 18},
    {"final not an object", "{\"seq\":9,\"states\":[],\"final\":1}", "lifecycle", 9, AMC_EINVALID,
     0, 29},
};

static void test_replies(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof replies / sizeof replies[0]; i++) {
        const struct reply_case *t = &replies[i];
        amc_diags *ds = amc_diags_new(0);
        amc_conform_reply *r = NULL;
        amc_status st = amc_conform_reply_parse(t->line, strlen(t->line), t->op, t->seq, ds, &r);
        if (st != t->st)
            fail_msg("%s: status %s, want %s", t->name, amc_status_str(st), amc_status_str(t->st));
        if (st == AMC_OK) {
            assert_non_null(r);
            if (r->kind != t->kind)
                fail_msg("%s: kind %d, want %d", t->name, (int)r->kind, (int)t->kind);
            assert_int_equal(amc_diags_count(ds), 0);
        } else {
            const amc_diag *d = amc_diags_get(ds, amc_diags_count(ds) - 1);
            assert_null(r);
            if (!d || d->code != AMC_C_CONFORM_REPLY_INVALID || d->at.col != t->col)
                fail_msg("%s: got %s at col %u, want CONFORM_REPLY_INVALID at %u", t->name,
                         d ? amc_code_id(d->code) : "nothing", d ? d->at.col : 0, t->col);
        }
        amc_conform_reply_free(r);
        amc_diags_free(ds);
    }
}

static void test_hello_claims(void **state)
{
    const char *line = "{\"seq\":0,\"protocol\":1,\"implementation\":{\"name\":\"x\",\"version\":"
                       "\"1\",\"language\":\"Go\"},\"profiles\":[\"ignite\"],\"capabilities\":"
                       "[\"codes\",\"mailbox\",\"ignite.path\"]}";
    amc_conform_reply *r = NULL;
    (void)state;
    assert_int_equal(amc_conform_reply_parse(line, strlen(line), "hello", 0, NULL, &r), AMC_OK);
    assert_string_equal(r->name, "x");
    assert_string_equal(r->language, "Go");
    assert_null(r->homepage);
    assert_int_equal(r->protocol, 1);
    assert_true(amc_conform_claims(r, "codes"));
    assert_true(amc_conform_claims(r, "ignite"));  /* via profiles */
    assert_true(amc_conform_claims(r, "mailbox")); /* via capabilities */
    assert_true(amc_conform_claims(r, "ignite.path"));
    assert_false(amc_conform_claims(r, "ignite.stateful"));
    assert_false(amc_conform_claims(r, "acp"));
    amc_conform_reply_free(r);
}

static const struct judge_case {
    const char *name;
    size_t idx; /* case of MANIFEST */
    const char *reply;
    bool verdict_only;
    amc_conform_outcome want;
    const char *msg;
} judges[] = {
    {"valid ok", 0, "{\"seq\":1,\"verdict\":\"valid\",\"codes\":[]}", false, AMC_CONFORM_PASS, ""},
    {"valid wrong", 0, "{\"seq\":1,\"verdict\":\"invalid\"}", false, AMC_CONFORM_FAIL,
     "expected valid, got invalid"},
    {"wrong verdict shows codes", 1, "{\"seq\":1,\"verdict\":\"valid\",\"codes\":[\"W\"]}", false,
     AMC_CONFORM_FAIL, "expected invalid [IGNITE_HDR_MISSING], got valid [W]"},
    {"wrong verdict, verdict only", 1, "{\"seq\":1,\"verdict\":\"valid\",\"codes\":[\"W\"]}", true,
     AMC_CONFORM_FAIL, "expected invalid, got valid"},
    {"absent code reported", 0,
     "{\"seq\":1,\"verdict\":\"valid\",\"codes\":[\"IGNITE_HDR_MISSING\"]}", false,
     AMC_CONFORM_FAIL,
     "code IGNITE_HDR_MISSING reported but must not be; got valid [IGNITE_HDR_MISSING]"},
    {"absent code, verdict only", 0,
     "{\"seq\":1,\"verdict\":\"valid\",\"codes\":[\"IGNITE_HDR_MISSING\"]}", true, AMC_CONFORM_PASS,
     ""},
    {"invalid with code", 1,
     "{\"seq\":1,\"verdict\":\"invalid\",\"codes\":[\"X\",\"IGNITE_HDR_MISSING\"]}", false,
     AMC_CONFORM_PASS, ""},
    {"invalid, code missing", 1, "{\"seq\":1,\"verdict\":\"invalid\",\"codes\":[\"X\"]}", false,
     AMC_CONFORM_FAIL, "expected code IGNITE_HDR_MISSING not reported; got invalid [X]"},
    {"invalid, verdict only", 1, "{\"seq\":1,\"verdict\":\"invalid\"}", true, AMC_CONFORM_PASS, ""},
    {"error reply", 1, "{\"seq\":1,\"error\":\"boom\"}", false, AMC_CONFORM_ERROR,
     "adapter error: boom"},
    {"skipped reply", 1, "{\"seq\":1,\"skipped\":\"later\"}", false, AMC_CONFORM_FAIL,
     "skipped a case it claims: later"},
};

static void test_judge(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof judges / sizeof judges[0]; i++) {
        const struct judge_case *t = &judges[i];
        amc_conform_suite *s = suite();
        amc_conform_case *c = amc_conform_case_at(s, t->idx);
        amc_conform_reply *r = NULL;
        assert_int_equal(
            amc_conform_reply_parse(t->reply, strlen(t->reply), "validate", 1, NULL, &r), AMC_OK);
        amc_conform_judge(c, r, t->verdict_only);
        if (c->outcome != t->want || strcmp(c->message, t->msg))
            fail_msg("%s: %s \"%s\"", t->name, amc_conform_outcome_str(c->outcome), c->message);
        /* what the implementation answered is kept for the reports */
        if (r->kind == AMC_CONFORM_R_VERDICT) {
            assert_int_equal(c->got_verdict, r->valid ? 1 : 0);
            char joined[256] = "";
            size_t k = 0;
            for (k = 0; k < r->ncodes; k++)
                snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s",
                         k ? " " : "", r->codes[k]);
            assert_string_equal(c->got_codes, joined);
        } else {
            assert_int_equal(c->got_verdict, -1);
        }
        amc_conform_reply_free(r);
        amc_conform_suite_free(s);
    }
}

static const struct glob_case {
    const char *pat, *s;
    bool want;
} globs[] = {
    {"*", "", true},
    {"ignite-*", "ignite-hdr-001", true},
    {"ignite-*", "mailbox-x", false},
    {"*-001-*", "a-001-b", true},
    {"a?c", "abc", true},
    {"a?c", "ac", false},
    {"[a-c]x", "bx", true},
    {"[!a-c]x", "bx", false},
    {"[!a-c]x", "dx", true},
    {"abc", "abcd", false},
    {"**x", "yyx", true},
    {"[ab", "a", false},
};

/* amc_conform_suite_check: the manifest against the profile's catalog. */
static bool has_msg(const amc_diags *ds, amc_code code, const char *needle)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++)
        if (amc_diags_get(ds, i)->code == code && strstr(amc_diags_get(ds, i)->message, needle))
            return true;
    return false;
}

static void test_suite_check(void **state)
{
    static const char manifest[] =
        "[{\"id\":\"a\",\"rule\":\"IGNITE-HDR-005\",\"level\":\"MUST\",\"verdict\":\"invalid\","
        "\"codes\":[\"IGNITE_HDR_CONTENT_TYPE\"],\"input\":\"x\"},"
        "{\"id\":\"a\",\"rule\":\"IGNITE-HDR-005\",\"level\":\"MUST\",\"verdict\":\"valid\","
        "\"codes\":[],\"input\":\"x\"},"
        "{\"id\":\"b c\",\"rule\":\"IGNITE-NOPE-001\",\"level\":\"MUST\",\"verdict\":\"valid\","
        "\"codes\":[],\"input\":\"x\"},"
        "{\"id\":\"d\",\"rule\":\"IGNITE-HDR-003\",\"level\":\"MUST\",\"verdict\":\"valid\","
        "\"codes\":[\"NO_SUCH_CODE\"],\"input\":\"x\"}]";
    amc_conform_suite *s = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    (void)state;
    assert_int_equal(amc_conform_suite_add(s, "ignite", manifest, strlen(manifest), ds), AMC_OK);
    assert_int_equal(amc_conform_suite_check(s, ds), AMC_EINVALID);
    assert_true(has_msg(ds, AMC_C_CONFORM_DUPLICATE_ID, "a: duplicate id"));
    assert_true(has_msg(ds, AMC_C_CONFORM_DUPLICATE_ID, "b c: id has characters outside"));
    assert_true(has_msg(ds, AMC_C_CONFORM_RULE_UNKNOWN,
                        "b c: rule IGNITE-NOPE-001 is not in the ignite catalog"));
    assert_true(
        has_msg(ds, AMC_C_CONFORM_RULE_UNKNOWN, "d: level differs from the catalog's SHOULD"));
    assert_true(has_msg(ds, AMC_C_CONFORM_MANIFEST_INVALID, "d: unknown code NO_SUCH_CODE"));
    /* HDR-005 has both a passing and a failing case; HDR-003 only a passing one; HDR-004 none */
    assert_false(has_msg(ds, AMC_C_CONFORM_COVERAGE, "IGNITE-HDR-005:"));
    assert_true(has_msg(ds, AMC_C_CONFORM_COVERAGE, "IGNITE-HDR-003: no failing case"));
    assert_true(has_msg(ds, AMC_C_CONFORM_COVERAGE, "IGNITE-HDR-004: no passing case"));
    /* NULL arguments */
    assert_int_equal(amc_conform_suite_check(NULL, ds), AMC_EUSAGE);
    assert_int_equal(amc_conform_suite_add(NULL, "ignite", "[]", 2, ds), AMC_EUSAGE);
    assert_int_equal(amc_conform_suite_add(s, NULL, "[]", 2, ds), AMC_EUSAGE);
    assert_int_equal(amc_conform_suite_add(s, "ignite", NULL, 2, ds), AMC_EUSAGE);
    amc_diags_free(ds);
    amc_conform_suite_free(s);
}

static void test_glob(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof globs / sizeof globs[0]; i++)
        if (amc_conform_glob(globs[i].pat, globs[i].s) != globs[i].want)
            fail_msg("glob %s on %s", globs[i].pat, globs[i].s);
}

static void test_xfail_and_scoring(void **state)
{
    amc_conform_suite *s = suite();
    amc_diags *ds = amc_diags_new(0);
    amc_conform_summary m;
    amc_conform_run_info info = {"impl", "1", "C", NULL, "adapter", false, true, NULL, NULL, NULL};
    const char *xf = "# header\n\nignite-t-001-valid  # flaky parser\r\nignite-t-002-invalid\n"
                     "nosuch-case # gone\n";
    char *out = NULL;
    size_t len = 0;
    (void)state;
    assert_int_equal(amc_conform_xfail_read(s, xf, strlen(xf), ds), AMC_OK);
    assert_int_equal(amc_diags_count(ds), 1);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_CONFORM_XFAIL_UNKNOWN);
    assert_int_equal(amc_diags_get(ds, 0)->at.line, 4);
    assert_string_equal(amc_conform_case_at(s, 0)->xfail_reason, "flaky parser");
    assert_true(amc_conform_case_at(s, 1)->xfail_listed);
    amc_conform_case_at(s, 0)->outcome = AMC_CONFORM_FAIL; /* expected */
    amc_conform_case_at(s, 1)->outcome = AMC_CONFORM_PASS; /* stale */
    amc_conform_case_at(s, 2)->outcome = AMC_CONFORM_FAIL; /* SHOULD: warning only */
    amc_conform_finalize(s);
    assert_int_equal(amc_conform_case_at(s, 0)->outcome, AMC_CONFORM_XFAIL);
    assert_int_equal(amc_conform_case_at(s, 1)->outcome, AMC_CONFORM_XPASS);
    amc_conform_summarize(s, NULL, &m);
    assert_int_equal(m.total, 3);
    assert_int_equal(m.xfail, 1);
    assert_int_equal(m.xpass, 1);
    assert_int_equal(m.must_bad, 0);
    assert_int_equal(m.should_bad, 1);
    assert_int_equal(amc_conform_exit_status(s, &info), 1); /* stale entry */
    amc_conform_case_at(s, 1)->outcome = AMC_CONFORM_PASS;
    assert_int_equal(amc_conform_exit_status(s, &info), 0); /* SHOULD failure: warning */
    amc_conform_case_at(s, 1)->outcome = AMC_CONFORM_NOT_TESTED;
    snprintf(amc_conform_case_at(s, 1)->message, 240, "not run");
    amc_conform_case_at(s, 1)->xfail_reason = "";
    assert_int_equal(amc_conform_exit_status(s, &info), 1); /* not tested MUST */
    info.reached = false;
    assert_int_equal(amc_conform_exit_status(s, &info), 3);
    info.reached = true;
    assert_int_equal(amc_conform_xfail_render(s, &out, &len), AMC_OK);
    assert_string_equal(out, "# amc conform expected failures: case-id  # reason\n"
                             "ignite-t-001-valid  # flaky parser\n"
                             "ignite-t-002-invalid  # not run\n"
                             "ignite-t-003-should  # expected failure\n");
    amc_free(out);
    amc_diags_clear(ds);
    assert_int_equal(amc_conform_xfail_read(s, "a b\n", 4, ds), AMC_EINVALID);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_CONFORM_XFAIL_INVALID);
    assert_int_equal(amc_diags_get(ds, 0)->at.col, 2);
    amc_diags_free(ds);
    amc_conform_suite_free(s);
}

static void test_all_skipped_not_measured(void **state)
{
    amc_conform_suite *s = suite();
    amc_conform_run_info info = {"impl", NULL, NULL, NULL, "adapter",
                                 false,  true, NULL, NULL, NULL};
    amc_conform_summary m;
    size_t i = 0;
    (void)state;
    for (i = 0; i < 3; i++)
        amc_conform_case_at(s, i)->outcome = AMC_CONFORM_SKIP;
    amc_conform_summarize(s, "ignite", &m);
    assert_int_equal(m.denominator, 0);
    assert_int_equal(amc_conform_exit_status(s, &info), 3);
    amc_conform_suite_free(s);
}

static void test_reports(void **state)
{
    amc_conform_suite *s = suite();
    amc_conform_run_info info = {"impl <&>", "1",  "C",  NULL,     "adapter",
                                 true,       true, NULL, "/suite", "amc conform --impl 'a b'"};
    const char *hello = "{\"seq\":1,\"protocol\":1,\"implementation\":{\"name\":\"x\"},"
                        "\"profiles\":[\"ignite\"],\"capabilities\":[\"ignite.policy\"]}";
    amc_conform_reply *h = NULL;
    char *out = NULL;
    size_t len = 0;
    (void)state;
    assert_int_equal(amc_conform_reply_parse(hello, strlen(hello), "hello", 1, NULL, &h), AMC_OK);
    amc_conform_case_at(s, 0)->outcome = AMC_CONFORM_PASS;
    amc_conform_case_at(s, 1)->outcome = AMC_CONFORM_FAIL;
    snprintf(amc_conform_case_at(s, 1)->message, 240, "expected <invalid> # \"x\"");
    assert_false(amc_conform_gate(amc_conform_case_at(s, 2), h));
    info.claims = h;
    assert_int_equal(amc_conform_report(s, &info, AMC_CONFORM_TAP, &out, &len), AMC_OK);
    assert_string_equal(out,
                        "TAP version 14\n1..3\nok 1 - ignite-t-001-valid\n"
                        "not ok 2 - ignite-t-002-invalid\n  ---\n"
                        "  message: \"expected <invalid> # \\\"x\\\"\"\n  severity: fail\n"
                        "  rule: \"IGNITE-HDR-001\"\n  input: \"/suite/ignite/inputs/b.mime\"\n"
                        "  replay: \"amc conform --impl 'a b' --filter ignite-t-002-invalid\"\n"
                        "  ...\nok 3 - ignite-t-003-should # SKIP needs ignite.stateful "
                        "(validates a session of several messages), not claimed; also "
                        "ignite.clock\n# NOT CONFORMANT: measured 2 of 3 cases, 1 MUST case "
                        "failed; 1 not measured\n");
    amc_free(out);
    assert_int_equal(amc_conform_report(s, &info, AMC_CONFORM_TEXT, &out, &len), AMC_OK);
    assert_non_null(strstr(out, "ignite       measured 2 of 3 cases; 50.0% (1/2): 1 pass, 1 fail"));
    assert_non_null(strstr(out, "verdicts only (codes not compared)"));
    assert_non_null(strstr(out, "\n  fail ignite-t-002-invalid [IGNITE-HDR-001 MUST] expected "
                                "<invalid> # \"x\"\n       input: /suite/ignite/inputs/b.mime\n"
                                "       replay: amc conform --impl 'a b' --filter "
                                "ignite-t-002-invalid\n"));
    assert_non_null(strstr(out, "\n    not measured: 1 need ignite.stateful (validates a session "
                                "of several messages): claim it in the adapter's hello"));
    assert_non_null(strstr(out, "\n    not measured: 1 need ignite.clock (takes"));
    assert_non_null(strstr(out, "\nverdict: NOT CONFORMANT: measured 2 of 3 cases, 1 MUST case "
                                "failed; 1 not measured\ngate: fail (exit 1): 1 MUST case "
                                "failed, errored or not tested (not in an expected-failure "
                                "list)\n"));
    amc_free(out);
    assert_int_equal(amc_conform_report(s, &info, AMC_CONFORM_JUNIT, &out, &len), AMC_OK);
    assert_non_null(strstr(out, "failures=\"1\" errors=\"0\" skipped=\"1\""));
    assert_non_null(strstr(out, "message=\"expected &lt;invalid&gt; # &quot;x&quot;\""));
    amc_free(out);
    assert_int_equal(amc_conform_report(s, &info, AMC_CONFORM_JSON, &out, &len), AMC_OK);
    {
        amc_doc *doc = NULL;
        amc_diags *ds = amc_diags_new(0);
        assert_int_equal(amc_json_read(out, len, NULL, ds, &doc), AMC_OK);
        amc_diags_free(ds);
        assert_string_equal(
            amc_value_getz(amc_value_getz(amc_doc_root(doc), "implementation"), "name")->u.str.ptr,
            "impl <&>");
        const amc_value *root = amc_doc_root(doc), *c1 = NULL, *sk = NULL;
        assert_int_equal(amc_value_getz(root, "status")->u.num.i, 1);
        assert_string_equal(amc_value_getz(root, "verdict")->u.str.ptr, "not-conformant");
        assert_string_equal(amc_value_getz(root, "gate")->u.str.ptr, "fail");
        assert_string_equal(amc_value_getz(root, "suite")->u.str.ptr, "/suite");
        assert_int_equal(amc_value_getz(amc_value_getz(root, "summary"), "measured")->u.num.i, 2);
        assert_int_equal(
            amc_value_getz(amc_value_getz(amc_value_getz(root, "summary"), "must"), "total")
                ->u.num.i,
            2);
        sk = amc_value_getz(amc_value_getz(root, "summary"), "skipped");
        assert_int_equal(sk->u.arr.len, 2);
        assert_string_equal(amc_value_getz(sk->u.arr.items[0], "capability")->u.str.ptr,
                            "ignite.stateful");
        c1 = amc_value_getz(root, "cases")->u.arr.items[1];
        assert_string_equal(amc_value_getz(c1, "input")->u.str.ptr, "ignite/inputs/b.mime");
        assert_string_equal(amc_value_getz(c1, "replay")->u.str.ptr,
                            "amc conform --impl 'a b' --filter ignite-t-002-invalid");
        assert_string_equal(
            amc_value_getz(amc_value_getz(c1, "expected"), "codes")->u.arr.items[0]->u.str.ptr,
            "IGNITE_HDR_MISSING");
        assert_int_equal(amc_value_getz(c1, "got")->type, AMC_T_NULL);
        assert_int_equal(
            amc_value_getz(amc_value_getz(root, "cases")->u.arr.items[2], "unclaimed")->u.arr.len,
            2);
        amc_doc_free(doc);
    }
    amc_free(out);
    assert_int_equal(amc_conform_report(s, &info, AMC_CONFORM_MARKDOWN, &out, &len), AMC_OK);
    assert_non_null(strstr(out, "## amc conform: NOT CONFORMANT: measured 2 of 3 cases"));
    assert_non_null(strstr(out, "| ignite | 2 of 3 | 50.0% | 1 | 1 |"));
    assert_non_null(strstr(out, "- **fail** `ignite-t-002-invalid` [IGNITE-HDR-001 MUST]"));
    amc_free(out);
    amc_conform_reply_free(h);
    amc_conform_suite_free(s);
}

static const char TAGGED[] =
    "[{\"id\":\"m-tree-001\",\"rule\":\"R\",\"level\":\"MUST\",\"verdict\":\"valid\",\"codes\":[],"
    "\"input\":\"inputs/tree/inbox/a/x.json\",\"tags\":[\"tree\",\"deadletter\"]},"
    "{\"id\":\"m-fn-001\",\"rule\":\"R\",\"level\":\"MUST\",\"verdict\":\"valid\",\"codes\":[],"
    "\"input\":\"inputs/b.json\",\"tags\":[\"file-name\"]},"
    "{\"id\":\"m-plain-001\",\"rule\":\"R\",\"level\":\"MUST\",\"verdict\":\"valid\",\"codes\":[],"
    "\"input\":\"inputs/c.json\",\"tags\":[\"schema\"]}]";

/* Cases that read the file's place (tags tree, placement, file-name) need <profile>.path;
 * amc_conform_gate() skips what is not claimed and says why. */
static void test_gate(void **state)
{
    amc_conform_suite *s = amc_conform_suite_new(), *t = suite();
    amc_diags *ds = amc_diags_new(0);
    const char *hello = "{\"seq\":1,\"protocol\":1,\"implementation\":{\"name\":\"x\"},"
                        "\"profiles\":[\"m\",\"ignite\"],\"capabilities\":[\"ignite.clock\"]}";
    amc_conform_reply *h = NULL;
    amc_conform_case *c = NULL;
    (void)state;
    assert_int_equal(amc_conform_suite_add(s, "m", TAGGED, sizeof TAGGED - 1, ds), AMC_OK);
    assert_int_equal(amc_conform_reply_parse(hello, strlen(hello), "hello", 1, ds, &h), AMC_OK);
    c = amc_conform_case_at(s, 0);
    assert_int_equal(c->ncaps, 2);
    assert_string_equal(c->caps[1], "m.path");
    assert_int_equal(c->ntags, 2);
    assert_string_equal(c->tags[1], "deadletter");
    assert_string_equal(c->source, "cases.json");
    assert_false(amc_conform_gate(c, h));
    assert_int_equal(c->outcome, AMC_CONFORM_SKIP);
    assert_int_equal(c->missing, 2u);
    assert_string_equal(c->message,
                        "needs m.path (reads the file's name and place in the tree), not claimed");
    assert_false(amc_conform_gate(amc_conform_case_at(s, 1), h));
    assert_string_equal(amc_conform_case_at(s, 1)->caps[1], "m.path");
    c = amc_conform_case_at(s, 2);
    assert_int_equal(c->ncaps, 1);
    c->outcome = AMC_CONFORM_NOT_TESTED;
    assert_true(amc_conform_gate(c, h));
    assert_int_equal(c->outcome, AMC_CONFORM_NOT_TESTED); /* untouched */
    assert_int_equal(c->missing, 0u);
    /* several unclaimed: the first is explained, the others named */
    c = amc_conform_case_at(t, 2);
    assert_false(amc_conform_gate(c, h));
    assert_int_equal(c->missing, (1u << 1) | (1u << 2));
    assert_string_equal(c->message, "needs ignite.stateful (validates a session of several "
                                    "messages), not claimed; also ignite.policy");
    /* no case: not run, nothing touched (the claims are not read) */
    assert_false(amc_conform_gate(NULL, h));
    /* nothing claimed at all */
    assert_false(amc_conform_gate(amc_conform_case_at(t, 1), NULL));
    assert_int_equal(amc_conform_case_at(t, 1)->missing, 1u);
    assert_string_equal(amc_conform_capability_text("codes"), "reports amc's code ids");
    assert_string_equal(amc_conform_capability_text("x.lifecycle"), "replays lifecycle events");
    assert_string_equal(amc_conform_capability_text("x"), "validates the profile's messages");
    amc_conform_reply_free(h);
    amc_diags_free(ds);
    amc_conform_suite_free(s);
    amc_conform_suite_free(t);
}

/* The verdict never overstates; the gate (exit status) is a separate answer. */
static void test_verdicts(void **state)
{
    static const struct {
        const char *name;
        amc_conform_outcome o[3];
        bool listed[3], reached;
        amc_conform_verdict want;
        int exit;
    } t[] = {
        {"all pass",
         {AMC_CONFORM_PASS, AMC_CONFORM_PASS, AMC_CONFORM_PASS},
         {0},
         true,
         AMC_CONFORM_CONFORMANT,
         0},
        {"SHOULD fails",
         {AMC_CONFORM_PASS, AMC_CONFORM_PASS, AMC_CONFORM_FAIL},
         {0},
         true,
         AMC_CONFORM_CONFORMANT,
         0},
        {"SHOULD skipped",
         {AMC_CONFORM_PASS, AMC_CONFORM_PASS, AMC_CONFORM_SKIP},
         {0},
         true,
         AMC_CONFORM_CONFORMANT,
         0},
        {"MUST skipped",
         {AMC_CONFORM_SKIP, AMC_CONFORM_PASS, AMC_CONFORM_PASS},
         {0},
         true,
         AMC_CONFORM_INCOMPLETE,
         0},
        {"MUST excused",
         {AMC_CONFORM_PASS, AMC_CONFORM_FAIL, AMC_CONFORM_PASS},
         {0, 1, 0},
         true,
         AMC_CONFORM_NOT_CONFORMANT,
         0},
        {"MUST error excused",
         {AMC_CONFORM_SKIP, AMC_CONFORM_ERROR, AMC_CONFORM_PASS},
         {0, 1, 0},
         true,
         AMC_CONFORM_NOT_CONFORMANT,
         0},
        {"MUST fails",
         {AMC_CONFORM_PASS, AMC_CONFORM_FAIL, AMC_CONFORM_PASS},
         {0},
         true,
         AMC_CONFORM_NOT_CONFORMANT,
         1},
        {"MUST not tested",
         {AMC_CONFORM_PASS, AMC_CONFORM_NOT_TESTED, AMC_CONFORM_PASS},
         {0},
         true,
         AMC_CONFORM_NOT_CONFORMANT,
         1},
        {"stale entry",
         {AMC_CONFORM_PASS, AMC_CONFORM_PASS, AMC_CONFORM_PASS},
         {0, 1, 0},
         true,
         AMC_CONFORM_CONFORMANT,
         1},
        {"nothing measured",
         {AMC_CONFORM_SKIP, AMC_CONFORM_NOT_TESTED, AMC_CONFORM_SKIP},
         {0},
         true,
         AMC_CONFORM_NOT_MEASURED,
         3},
        {"not reached",
         {AMC_CONFORM_NOT_TESTED, AMC_CONFORM_NOT_TESTED, AMC_CONFORM_NOT_TESTED},
         {0},
         false,
         AMC_CONFORM_NOT_MEASURED,
         3},
    };
    size_t i = 0, k = 0;
    (void)state;
    for (i = 0; i < sizeof t / sizeof t[0]; i++) {
        amc_conform_suite *s = suite();
        amc_conform_run_info info = {"x",   NULL,         NULL, NULL, "adapter",
                                     false, t[i].reached, NULL, NULL, NULL};
        for (k = 0; k < 3; k++) {
            amc_conform_case_at(s, k)->outcome = t[i].o[k];
            amc_conform_case_at(s, k)->xfail_listed = t[i].listed[k];
        }
        amc_conform_finalize(s);
        if (amc_conform_verdict_of(s, &info) != t[i].want ||
            amc_conform_exit_status(s, &info) != t[i].exit)
            fail_msg("%s: verdict %s exit %d", t[i].name,
                     amc_conform_verdict_str(amc_conform_verdict_of(s, &info)),
                     amc_conform_exit_status(s, &info));
        amc_conform_suite_free(s);
    }
    assert_string_equal(amc_conform_verdict_str(AMC_CONFORM_NOT_CONFORMANT), "not-conformant");
}

static const char SCENARIO[] =
    "{\"id\":\"x-lc-001\",\"rules\":[\"X-LC-001\"],\"level\":\"MUST\",\"policy\":\"p.yaml\","
    "\"steps\":[{\"event\":{\"event\":\"a\"},\"expect\":{\"accepted\":true,\"state\":{\"m\":{\"s\":"
    "1}}}},"
    "{\"event\":{\"event\":\"b\"},\"expect\":{\"accepted\":false,\"codes\":[\"C\"]}}],"
    "\"final\":{\"codes\":[\"F\"]}}";

static const struct lc_case {
    const char *name, *reply, *msg;
    amc_conform_outcome want;
} lc_cases[] = {
    {"match",
     "{\"seq\":1,\"states\":[{\"accepted\":true,\"state\":{\"m\":{\"s\":1,\"t\":2},\"n\":3}},"
     "{\"accepted\":false,\"codes\":[\"D\",\"C\"]}],\"final\":{\"codes\":[\"F\"]}}",
     "", AMC_CONFORM_PASS},
    {"state differs",
     "{\"seq\":1,\"states\":[{\"accepted\":true,\"state\":{\"m\":{\"s\":2}}},"
     "{\"accepted\":false,\"codes\":[\"C\"]}],\"final\":{\"codes\":[\"F\"]}}",
     "step 1: state {\"m\":{\"s\":1}} not contained in {\"m\":{\"s\":2}}", AMC_CONFORM_FAIL},
    {"accepted differs",
     "{\"seq\":1,\"states\":[{\"accepted\":true,\"state\":{\"m\":{\"s\":1}}},"
     "{\"accepted\":true,\"codes\":[\"C\"]}],\"final\":{\"codes\":[\"F\"]}}",
     "step 2: expected rejected, got accepted [C]", AMC_CONFORM_FAIL},
    {"code missing",
     "{\"seq\":1,\"states\":[{\"accepted\":true,\"state\":{\"m\":{\"s\":1}}},"
     "{\"accepted\":false,\"codes\":[]}],\"final\":{\"codes\":[\"F\"]}}",
     "step 2: expected code C not reported; got []", AMC_CONFORM_FAIL},
    {"final missing",
     "{\"seq\":1,\"states\":[{\"accepted\":true,\"state\":{\"m\":{\"s\":1}}},"
     "{\"accepted\":false,\"codes\":[\"C\"]}]}",
     "final: no result object", AMC_CONFORM_FAIL},
    {"too few", "{\"seq\":1,\"states\":[]}", "0 results for 2 events", AMC_CONFORM_FAIL},
    {"error", "{\"seq\":1,\"error\":\"no model\"}", "adapter error: no model", AMC_CONFORM_ERROR},
};

static void test_lifecycle(void **state)
{
    size_t i = 0, len = 0;
    char *req = NULL;
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
        assert_true(c->lifecycle);
        assert_string_equal(c->policy, "lifecycle/p.yaml");
        assert_int_equal(c->ncaps, 2);
        assert_string_equal(c->caps[1], "x.lifecycle");
        if (i == 0) {
            assert_int_equal(amc_conform_lifecycle_request(c, 7, &req, &len), AMC_OK);
            assert_string_equal(
                req, "{\"seq\":7,\"op\":\"lifecycle\",\"case\":\"x-lc-001\","
                     "\"profile\":\"x\",\"events\":[{\"event\":\"a\"},{\"event\":\"b\"}]}");
            amc_free(req);
        }
        if (amc_conform_reply_parse(t->reply, strlen(t->reply), "lifecycle", 1, ds, &r) != AMC_OK)
            fail_msg("%s: reply does not parse", t->name);
        amc_conform_judge_lifecycle(c, r);
        if (c->outcome != t->want || strcmp(c->message, t->msg))
            fail_msg("%s: %s \"%s\"", t->name, amc_conform_outcome_str(c->outcome), c->message);
        amc_conform_reply_free(r);
        amc_diags_free(ds);
        amc_conform_suite_free(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_manifest),
        cmocka_unit_test(test_manifest_errors),
        cmocka_unit_test(test_replies),
        cmocka_unit_test(test_hello_claims),
        cmocka_unit_test(test_judge),
        cmocka_unit_test(test_gate),
        cmocka_unit_test(test_verdicts),
        cmocka_unit_test(test_glob),
        cmocka_unit_test(test_suite_check),
        cmocka_unit_test(test_xfail_and_scoring),
        cmocka_unit_test(test_all_skipped_not_measured),
        cmocka_unit_test(test_reports),
        cmocka_unit_test(test_lifecycle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
