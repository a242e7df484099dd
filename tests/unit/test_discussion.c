/*
 * test_discussion.c - the discussion profile beyond the fixtures of conformance/discussion/:
 * detection scores (and that other profiles' messages score 0), the edges of the weight-sum
 * tolerance and of the calendar and time checks, the document-kind choice (message vs. message
 * item), the §9.2 limits at exactly 100/101 messages and 50,000/50,001 tokens, and inputs that
 * must not crash. Rules and decisions: docs/profiles/discussion.md.
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
#include "profiles/profile_int.h"

extern const amc_profile_ops amc_profile_discussion;

/* ---- detection ---- */

static const struct det_case {
    const char *name, *in;
    int score;
} det_cases[] = {
    {"full message",
     "{\"message_id\":\"m\",\"discussion_id\":\"d\",\"speaker\":\"s\","
     "\"message_type\":\"ERROR\"}",
     80},
    {"message item", "{\"speaker\":\"s\",\"message_type\":\"OBJECTION\",\"content\":{}}", 40},
    {"phase record", "  \n{\"phase\":1,\"phase_name\":\"x\",\"speaker\":\"s\"}", 70},
    {"session", "{\"discussion_id\":\"d\",\"status\":\"OPEN\"}", 40},
    {"confidence", "{\"confidence_calculation\":{}}", 60},
    {"everything, capped", "{\"confidence_calculation\":1,\"phase_name\":1,\"discussion_id\":1}",
     95},
    /* other profiles' messages */
    {"mailbox envelope", "{\"msg_id\":\"1\",\"sender_id\":\"a\",\"signature\":\"x\"}", 0},
    {"mailbox envelope, speaker in payload",
     "{\"msg_id\":\"1\",\"sender_id\":\"a\",\"payload\":{\"speaker\":\"x\"}}", 7},
    {"ACP envelope",
     "{\"message_id\":\"1\",\"from_agent\":\"a\",\"to_agent\":\"b\","
     "\"message_type\":\"request\"}",
     0},
    {"socket message", "{\"type\":\"task\",\"id\":\"1\"}", 0},
    {"message_type alone", "{\"message_type\":\"SITUATION_REPORT\"}", 0},
    {"array", "[{\"speaker\":\"s\"}]", 0},
    {"empty", "", 0},
    {"key only as a value", "{\"a\":\"speaker\"}", 0},
};

static void test_detect(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof det_cases / sizeof det_cases[0]; i++) {
        const struct det_case *c = &det_cases[i];
        int s = amc_profile_discussion.detect("x.json", c->in, strlen(c->in));
        if (s != c->score)
            fail_msg("%s: score %d, want %d", c->name, s, c->score);
    }
}

/* ---- checks ---- */

#define DD_HEAD                                                                                    \
    "{\"speaker\":\"決裁者\",\"message_type\":\"DECISION_DELIBERATION\",\"content\":{"          \
    "\"summary_of_opinions\":{},\"weight_assignment\":"
#define SESSION(status, created, closed, rest)                                                     \
    "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"" status "\",\"priority\":\"HIGH\","  \
    "\"created_at\":\"" created "\",\"closed_at\":" closed ",\"trigger\":{\"type\":\"T\"},"        \
    "\"participants\":[\"分析特化\"],\"phases\":[],\"final_decision\":{}" rest "}"
#define T0 "2026-01-15T09:00:00+09:00"
#define ACK(id, spk)                                                                               \
    "{\"message_id\":\"MSG-DISC-2026-01-15-001-" id                                                \
    "\",\"discussion_id\":\"DISC-2026-01-15-001\","                                                \
    "\"phase\":1,\"speaker\":\"" spk "\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"" T0 \
    "\",\"content\":{\"status\":\"ok\"}}"

static const struct chk_case {
    const char *name, *in;
    amc_code code;      /* 0: no diagnostic at all */
    unsigned line, col; /* 1-based position of the first diagnostic with code */
} chk_cases[] = {
    /* DISC-WEIGHT-002 edges: [0.999, 1.001] inclusive */
    {"weights 0.333 x 3", DD_HEAD "{\"a\":0.333,\"b\":0.333,\"c\":0.333}}}", 0, 0, 0},
    {"weights sum 0.999", DD_HEAD "{\"a\":0.5,\"b\":0.499}}}", 0, 0, 0},
    {"weights sum 1.001", DD_HEAD "{\"a\":0.5,\"b\":0.501}}}", 0, 0, 0},
    {"weights sum 0.9989", DD_HEAD "{\"a\":0.5,\"b\":0.4989}}}", AMC_C_DISC_WEIGHT_SUM, 1, 113},
    {"weights sum 1.0011", DD_HEAD "{\"a\":0.5,\"b\":0.5011}}}", AMC_C_DISC_WEIGHT_SUM, 1, 113},
    {"weights one of 1", DD_HEAD "{\"a\":1}}}", 0, 0, 0},
    {"weight a string: range, no sum", DD_HEAD "{\"a\":\"1\"}}}", AMC_C_DISC_WEIGHT_RANGE, 1, 118},
    /* document kinds */
    {"message item (no envelope member)",
     "{\"speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"content\":{\"status\":\"x\"}"
     "}",
     0, 0, 0},
    {"one envelope member makes a message",
     "{\"timestamp\":\"" T0 "\",\"speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\","
     "\"content\":{\"status\":\"x\"}}",
     AMC_C_DISC_MSG_STRUCTURE, 1, 1},
    {"number at the top", " 42", AMC_C_DISC_KIND_UNKNOWN, 1, 2},
    {"null at the top", "null", AMC_C_DISC_KIND_UNKNOWN, 1, 1},
    {"empty object", "{}", AMC_C_DISC_KIND_UNKNOWN, 1, 1},
    {"empty input", "", AMC_C_EMPTY_INPUT, 1, 1},
    /* calendar edges */
    {"2100-02-29 is no date (century)",
     "{\"speaker\":\"決裁者\",\"message_type\":\"EXECUTION_ORDER\",\"content\":{"
     "\"decision_id\":\"DEC-2100-02-29-1\",\"actions\":[{\"action_type\":\"a\"}],"
     "\"monitoring\":{}}}",
     AMC_C_DISC_DEC_ID_FORMAT, 1, 76},
    {"2000-02-29 exists (400-year leap)",
     "{\"speaker\":\"決裁者\",\"message_type\":\"EXECUTION_ORDER\",\"content\":{"
     "\"decision_id\":\"DEC-2000-02-29-1\",\"actions\":[{\"action_type\":\"a\"}],"
     "\"monitoring\":{}}}",
     0, 0, 0},
    {"closed at created", SESSION("CLOSED", T0, "\"2026-01-15T00:00:00Z\"", ""), 0, 0, 0},
    {"closed 1 ns before created",
     SESSION("CLOSED", "2026-01-15T00:00:00.000000001Z", "\"2026-01-15T09:00:00+09:00\"", ""),
     AMC_C_DISC_CLOSED_BEFORE_CREATED, 1, 134},
    {"TIMEOUT is closed", SESSION("TIMEOUT", T0, "\"" T0 "\"", ""), 0, 0, 0},
    {"TIMEOUT without closed_at", SESSION("TIMEOUT", T0, "null", ""), AMC_C_DISC_CLOSED_AT, 1, 130},
    {"ESCALATED is open", SESSION("ESCALATED", T0, "null", ""), 0, 0, 0},
    /* cross references */
    {"speaker outside participants",
     SESSION("OPEN", T0, "null", ",\"messages\":[" ACK("1", "X") "]"),
     AMC_C_DISC_SPEAKER_NOT_PARTICIPANT, 1, 323},
    {"システム needs no listing",
     SESSION("OPEN", T0, "null", ",\"messages\":[" ACK("1", "システム") "]"), 0, 0, 0},
    {"duplicate message_id",
     SESSION("OPEN", T0, "null",
             ",\"messages\":[" ACK("1", "分析特化") "," ACK("1", "分析特化") "]"),
     AMC_C_DISC_MSG_ID_DUPLICATE, 1, 444},
    {"bad message_id shape: no mismatch",
     "{\"message_id\":\"MSG-x-1\",\"discussion_id\":\"DISC-2026-01-15-001\",\"phase\":1,"
     "\"speaker\":\"a\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"" T0
     "\",\"content\":{\"status\":\"x\"}}",
     AMC_C_DISC_MSG_ID_FORMAT, 1, 15},
};

static void test_check(void **state)
{
    size_t i = 0, d = 0;
    amc_validator *v = NULL;
    amc_validator_opts o = {"discussion", false, NULL, NULL, NULL};
    (void)state;
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
    for (i = 0; i < sizeof chk_cases / sizeof chk_cases[0]; i++) {
        const struct chk_case *c = &chk_cases[i];
        amc_diags *ds = amc_diags_new(0);
        amc_status st = amc_validator_check(v, NULL, c->in, strlen(c->in), ds, NULL);
        const amc_diag *hit = NULL;
        if (st != AMC_OK && st != AMC_EINVALID)
            fail_msg("%s: status %s", c->name, amc_status_str(st));
        for (d = 0; d < amc_diags_count(ds) && !hit; d++)
            if (amc_diags_get(ds, d)->code == c->code)
                hit = amc_diags_get(ds, d);
        if (!c->code && amc_diags_count(ds)) {
            const amc_diag *x = amc_diags_get(ds, 0);
            fail_msg("%s: unexpected %s: %s", c->name, amc_code_id(x->code), x->message);
        }
        if (c->code && !hit)
            fail_msg("%s: %s not reported (%zu diagnostics, first %s)", c->name,
                     amc_code_id(c->code), amc_diags_count(ds),
                     amc_diags_count(ds) ? amc_code_id(amc_diags_get(ds, 0)->code) : "-");
        if (hit && (hit->at.line + 1 != c->line || hit->at.col + 1 != c->col))
            fail_msg("%s: %s at %u:%u, want %u:%u", c->name, amc_code_id(c->code), hit->at.line + 1,
                     hit->at.col + 1, c->line, c->col);
        amc_diags_free(ds);
    }
    amc_validator_free(v);
}

/* ---- §9.2 limits: n ACKNOWLEDGEMENT messages with the given tokens each ---- */

static char *discussion_with(size_t n, const char *tokens_last, const char *tokens)
{
    size_t cap = 1024 + n * 512, len = 0, i = 0;
    char *b = malloc(cap);
    assert_non_null(b);
    len += (size_t)snprintf(b + len, cap - len, "%s",
                            "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\","
                            "\"priority\":\"HIGH\",\"created_at\":\"" T0 "\",\"closed_at\":null,"
                            "\"trigger\":{\"type\":\"T\"},\"participants\":[\"a\"],\"phases\":[],"
                            "\"final_decision\":{},\"messages\":[");
    for (i = 0; i < n; i++)
        len += (size_t)snprintf(
            b + len, cap - len,
            "%s{\"message_id\":\"MSG-DISC-2026-01-15-001-%zu\",\"discussion_id\":"
            "\"DISC-2026-01-15-001\",\"phase\":1,\"speaker\":\"a\",\"message_type\":"
            "\"ACKNOWLEDGEMENT\",\"timestamp\":\"" T0 "\",\"content\":{\"status\":\"x\"},"
            "\"metadata\":{\"tokens_consumed\":%s}}",
            i ? "," : "", i + 1, i + 1 == n ? tokens_last : tokens);
    snprintf(b + len, cap - len, "]}");
    return b;
}

static const struct lim_case {
    const char *name;
    size_t n;
    const char *last, *each;
    amc_code code;
} lim_cases[] = {
    {"100 messages", 100, "0", "0", 0},
    {"101 messages", 101, "0", "0", AMC_C_DISC_LIMIT_MESSAGES},
    {"50,000 tokens", 10, "5000", "5000", 0},
    {"50,001 tokens", 10, "5001", "5000", AMC_C_DISC_LIMIT_TOKENS},
    {"0 messages", 0, "0", "0", 0},
};

static void test_limits(void **state)
{
    size_t i = 0;
    amc_validator *v = NULL;
    amc_validator_opts o = {"discussion", false, NULL, NULL, NULL};
    (void)state;
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
    for (i = 0; i < sizeof lim_cases / sizeof lim_cases[0]; i++) {
        const struct lim_case *c = &lim_cases[i];
        char *in = discussion_with(c->n, c->last, c->each);
        amc_diags *ds = amc_diags_new(0);
        amc_status st = amc_validator_check(v, NULL, in, strlen(in), ds, NULL);
        if (st != AMC_OK)
            fail_msg("%s: status %s", c->name, amc_status_str(st));
        if (c->code ? amc_diags_count(ds) != 1 || amc_diags_get(ds, 0)->code != c->code ||
                          amc_diags_get(ds, 0)->sev != AMC_SEV_WARNING
                    : amc_diags_count(ds) != 0)
            fail_msg("%s: %zu diagnostics, first %s", c->name, amc_diags_count(ds),
                     amc_diags_count(ds) ? amc_code_id(amc_diags_get(ds, 0)->code) : "-");
        amc_diags_free(ds);
        free(in);
    }
    amc_validator_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_detect),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
