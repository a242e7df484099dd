/*
 * test_cov_report.c - conformance reports (src/conform/report.c) of a run with every outcome:
 * pass, a MUST failure whose message has a control character and a '#', a SHOULD failure with
 * a terminal escape sequence (no control character reaches a text, Markdown or TAP report), an
 * expected failure, a stale expected failure (xpass), a case not tested, an error, and cases
 * skipped for unclaimed capabilities (a whole profile; stateful, policy and clock of a profile
 * that is claimed) in exec mode, without a suite directory or replay command. Each of the five
 * formats is compared byte for byte with its golden file in tests/data/conform-report/
 * (AMC_UPDATE_GOLDEN=1 rewrites them; review the diff).
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
#include "slurp.h"

#define CASE(id, level, extra)                                                                     \
    "{\"id\":\"" id "\",\"rule\":\"IGNITE-HDR-001\",\"level\":\"" level                            \
    "\",\"verdict\":\"valid\",\"codes\":[],\"input\":\"inputs/" id ".mime\"" extra "}"

static const char IGNITE[] =
    "[" CASE("ig-pass", "MUST", "") "," CASE("ig-fail", "MUST", "") "," CASE(
        "ig-should", "SHOULD",
        "") "," CASE("ig-xfail", "MUST",
                     "") "," CASE("ig-xpass", "MUST",
                                  "") "," CASE("ig-nt", "MUST",
                                               "") "," CASE("ig-error", "SHOULD",
                                                            "") ","
                                                                "{\"id\":\"ig-session\",\"rule\":"
                                                                "\"X-1\",\"level\":\"SHOULD\","
                                                                "\"verdict\":\"valid\","
                                                                "\"codes\":[],\"session\":[\"a."
                                                                "jsonl\",\"b.json\"],\"policy\":"
                                                                "\"p.yaml\","
                                                                "\"now\":\"2026-01-01T00:00:00Z\"}"
                                                                "]";
static const char SOCKET[] =
    "[{\"id\":\"sock-1\",\"rule\":\"SOCKET-TASK-001\",\"level\":\"MUST\",\"verdict\":\"valid\","
    "\"codes\":[],\"input\":\"inputs/t.json\"}]";
/* exec mode's claims: the ignite profile, none of its extensions, not socket */
static const char HELLO[] = "{\"seq\":1,\"protocol\":1,\"implementation\":{\"name\":\"x\"},"
                            "\"profiles\":[\"ignite\"],\"capabilities\":[]}";

static amc_conform_suite *run(amc_conform_reply **claims)
{
    amc_conform_suite *s = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0;
    assert_int_equal(amc_conform_suite_add(s, "ignite", IGNITE, sizeof IGNITE - 1, ds), AMC_OK);
    assert_int_equal(amc_conform_suite_add(s, "socket", SOCKET, sizeof SOCKET - 1, ds), AMC_OK);
    assert_int_equal(amc_conform_reply_parse(HELLO, sizeof HELLO - 1, "hello", 1, ds, claims),
                     AMC_OK);
    assert_int_equal(amc_conform_case_count(s), 9);
    for (i = 0; i < amc_conform_case_count(s); i++) {
        amc_conform_case *c = amc_conform_case_at(s, i);
        c->selected = true;
        if (!amc_conform_gate(c, *claims))
            continue;
        switch (i) {
        case 0:
            c->outcome = AMC_CONFORM_PASS;
            break;
        case 1:
            c->outcome = AMC_CONFORM_FAIL;
            snprintf(c->message, sizeof c->message, "expected valid,\x01 got invalid # [X]");
            c->got_verdict = 0;
            snprintf(c->got_codes, sizeof c->got_codes, "IGNITE_HDR_MISSING X ...");
            break;
        case 2:
            c->outcome = AMC_CONFORM_FAIL;
            snprintf(c->message, sizeof c->message, "expected valid, got \x1b[31minvalid\x7f");
            c->got_verdict = 0;
            break;
        case 3:
            c->outcome = AMC_CONFORM_XFAIL;
            snprintf(c->message, sizeof c->message, "expected valid, got invalid");
            c->xfail_reason = "known bug";
            break;
        case 4:
            c->outcome = AMC_CONFORM_XPASS;
            snprintf(c->message, sizeof c->message, "passed, but listed as an expected failure");
            c->xfail_reason = "";
            break;
        case 5:
            c->outcome = AMC_CONFORM_NOT_TESTED;
            snprintf(c->message, sizeof c->message, "not run");
            break;
        case 6:
            c->outcome = AMC_CONFORM_ERROR;
            snprintf(c->message, sizeof c->message, "adapter error: <boom> & \"bang\"");
            break;
        default:
            fail_msg("case %zu was not skipped", i);
        }
    }
    assert_int_equal(amc_conform_case_at(s, 7)->outcome, AMC_CONFORM_SKIP);
    assert_int_equal(amc_conform_case_at(s, 8)->outcome, AMC_CONFORM_SKIP);
    amc_diags_free(ds);
    return s;
}

static void test_reports(void **state)
{
    static const struct {
        amc_conform_format fmt;
        const char *file;
    } fmts[] = {
        {AMC_CONFORM_TEXT, "tests/data/conform-report/report.txt"},
        {AMC_CONFORM_MARKDOWN, "tests/data/conform-report/report.md"},
        {AMC_CONFORM_JUNIT, "tests/data/conform-report/report.xml"},
        {AMC_CONFORM_TAP, "tests/data/conform-report/report.tap"},
        {AMC_CONFORM_JSON, "tests/data/conform-report/report.json"},
    };
    amc_conform_reply *claims = NULL;
    amc_conform_suite *s = run(&claims);
    amc_conform_run_info info = {"impl", NULL, NULL, NULL, "exec", true, true, NULL, NULL, NULL};
    size_t i = 0;
    int bad = 0;
    (void)state;
    info.claims = claims;
    for (i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
        char *out = NULL, *want = NULL;
        size_t len = 0, wlen = 0;
        assert_int_equal(amc_conform_report(s, &info, fmts[i].fmt, &out, &len), AMC_OK);
        assert_int_equal(strlen(out), len);
        if (getenv("AMC_UPDATE_GOLDEN")) {
            FILE *f = fopen(fmts[i].file, "wb");
            assert_non_null(f);
            fwrite(out, 1, len, f);
            fclose(f);
        }
        want = slurp(fmts[i].file, &wlen);
        if (!want || wlen != len || memcmp(want, out, len) != 0) {
            printf("FAIL %s differs; got:\n%s\n", fmts[i].file, out);
            bad++;
        }
        free(want);
        amc_free(out);
    }
    amc_conform_reply_free(claims);
    amc_conform_suite_free(s);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reports),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
