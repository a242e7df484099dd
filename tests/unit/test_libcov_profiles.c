/*
 * test_libcov_profiles.c - profile rules (src/profiles) at the edges the coverage report showed
 * untested. Each case validates one input with one profile and asserts the status and every
 * diagnostic: code, rule id, JSON Pointer, byte offset and the whole message (a case that breaks
 * one rule reports exactly that rule; its near miss reports nothing).
 *   discussion: every session status against closed_at, closed_at before created_at within the
 *   same second, phase records (message lists with a non-object, inline messages), speakers not
 *   in participants (システム exempt), the token and message limits at and past them (records
 *   in phases and in messages), objections' targets and filers (データの誤り発見, 重大なリス
 *   ク見落とし), message_id cross-references, weight sums around the tolerance, governance
 *   check results, calendar checks of decision ids, non-object documents, duplicate ids.
 *   acp: RESULT errors counted (one, two, none, not SUCCESS), ERROR retries below the limit,
 *   message_id calendar checks (leap days, shapes the schema rejects first), timestamps with an
 *   offset, missing recommended members, registration endpoints (with and without the slash,
 *   one too many, a prefix), session counts and success rates (exact, nothing done, negative),
 *   backoff lists (non-numbers, decreasing, equal), metrics times within one second and
 *   durations around the 1000 ms tolerance, and placements in and out of inbox/<agent>/.
 *   socket: task ids at the edges of the calendar and the clock (second 60, hour 24, leap
 *   days), hex digits, the -<phase>-sub<N> suffix (N without a leading zero; no line
 *   terminator, U+2028 or U+2029 in the phase), 'unknown' bases, status responses.
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

typedef struct dwant {
    amc_code code;
    const char *rule, *ptr;
    size_t off;
    const char *msg;
} dwant;

typedef struct pcase {
    const char *name, *path, *in;
    amc_status st;
    size_t n;
    dwant w[6];
} pcase;

/* Validates in with profile; compares the status and every diagnostic. Returns 0 if equal. */
static int check(const char *profile, const char *name, const char *path, const char *in,
                 amc_status st_want, const dwant *w, size_t n)
{
    amc_validator_opts o;
    amc_validator *v = NULL;
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_OK;
    size_t j = 0;
    int bad = 0;
    memset(&o, 0, sizeof o);
    o.profile = profile;
    assert_non_null(ds);
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
    st = amc_validator_check(v, path, in, strlen(in), ds, NULL);
    if (st != st_want || amc_diags_count(ds) != n) {
        printf("FAIL %s/%s: status %d with %zu diagnostics, want %d with %zu\n", profile, name,
               (int)st, amc_diags_count(ds), (int)st_want, n);
        bad = 1;
    }
    for (j = 0; !bad && j < n; j++) {
        const amc_diag *d = amc_diags_get(ds, j);
        if (d->code != w[j].code || !d->rule_id || strcmp(d->rule_id, w[j].rule) != 0 ||
            strcmp(d->instance_ptr ? d->instance_ptr : "", w[j].ptr) != 0 ||
            d->at.offset != w[j].off || strcmp(d->message, w[j].msg) != 0) {
            printf("FAIL %s/%s [%zu]\n", profile, name, j);
            bad = 1;
        }
    }
    for (j = 0; bad && j < amc_diags_count(ds); j++) {
        const amc_diag *d = amc_diags_get(ds, j);
        printf("  got %s %s %s @%zu: %s\n", amc_code_id(d->code), d->rule_id ? d->rule_id : "-",
               d->instance_ptr ? d->instance_ptr : "-", d->at.offset, d->message);
    }
    amc_diags_free(ds);
    amc_validator_free(v);
    return bad;
}

static void run_all(const char *profile, const pcase *cs, size_t n)
{
    size_t i = 0;
    int bad = 0;
    for (i = 0; i < n; i++)
        bad += check(profile, cs[i].name, cs[i].path, cs[i].in, cs[i].st, cs[i].w, cs[i].n);
    assert_int_equal(bad, 0);
}

/* ---- discussion ---- */

static const pcase disc[] = {
    {"status ESCALATED with closed_at set",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"ESCALATED\",\"priority\":\"HIGH\""
     ",\"created_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":\"2026-01-16T09:00:00+09:00\""
     ",\"trigger\":{\"type\":\"T\"},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],"
     "\"phases\":[]"
     ",\"final_decision\":{}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_CLOSED_AT, "DISC-STATUS-002", "/closed_at", 131,
       "status ESCALATED (not closed) but closed_at is set"}}},
    {"status TIMEOUT with closed_at null",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"TIMEOUT\",\"priority\":\"HIGH\","
     "\"created_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\""
     "T\"},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_"
     "decision\":{}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_CLOSED_AT, "DISC-STATUS-002", "/closed_at", 129,
       "status TIMEOUT but closed_at is null"}}},
    {"status VOTING closed null ok",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"VOTING\",\"priority\":\"HIGH\",\""
     "created_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_decision\":{}"
     "}",
     AMC_OK,
     0,
     {{0}}},
    {"status DECIDED closed set",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"DECIDED\",\"priority\":\"HIGH\","
     "\"created_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":\"2026-01-16T09:00:00+09:00\""
     ",\"trigger\":{\"type\":\"T\"},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],"
     "\"phases\":[]"
     ",\"final_decision\":{}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_CLOSED_AT, "DISC-STATUS-002", "/closed_at", 129,
       "status DECIDED (not closed) but closed_at is set"}}},
    {"status IN_PROGRESS closed null",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"IN_PROGRESS\",\"priority\":\"HIG"
     "H\",\"created_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\""
     ":\"T\"},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_"
     "decision\":{}"
     "}",
     AMC_OK,
     0,
     {{0}}},
    {"status CLOSED closed set ok",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"CLOSED\",\"priority\":\"HIGH\",\""
     "created_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":\"2026-01-16T09:00:00+09:00\",\""
     "trigger\":{\"type\":\"T\"},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],"
     "\"phases\":[],\""
     "final_decision\":{}}",
     AMC_OK,
     0,
     {{0}}},
    {"status number",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":5,\"priority\":\"HIGH\",\"created_"
     "at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\"},\"par"
     "ticipants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_decision\":{}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_STATUS, "DISC-STATUS-001", "/status", 48,
       "SCHEMA_ENUM: 5 is not one of \"OPEN\", \"IN_PROGRESS\", \"VOTING\", \"DECIDED\", "
       "\"CLOSED\", \"TIMEOUT\", \"ESCALATED\""}}},
    {"no closed_at",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"trigger\":{\"type\":\"T\"},\"participants\":"
     "[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_decision\":{}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_SESSION_STRUCTURE, "DISC-SESSION-001", "", 0,
       "SCHEMA_REQUIRED: \"closed_at\" is a required property"}}},
    {"closed earlier same second",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"CLOSED\",\"priority\":\"HIGH\",\""
     "created_at\":\"2026-01-15T09:00:00.5+09:00\",\"closed_at\":\"2026-01-15T09:00:00.25+09:0"
     "0\",\"trigger\":{\"type\":\"T\"},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],"
     "\"phases\""
     ":[],\"final_decision\":{}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_CLOSED_BEFORE_CREATED, "DISC-TIME-002", "/closed_at", 130,
       "closed_at 2026-01-15T09:00:00.25+09:00 is earlier than created_at "
       "2026-01-15T09:00:00.5+09:00"}}},
    {"closed earlier offset",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"CLOSED\",\"priority\":\"HIGH\",\""
     "created_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":\"2026-01-15T08:59:59+09:00\",\""
     "trigger\":{\"type\":\"T\"},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],"
     "\"phases\":[],\""
     "final_decision\":{}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_CLOSED_BEFORE_CREATED, "DISC-TIME-002", "/closed_at", 128,
       "closed_at 2026-01-15T08:59:59+09:00 is earlier than created_at "
       "2026-01-15T09:00:00+09:00"}}},
    {"closed later same second",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"CLOSED\",\"priority\":\"HIGH\",\""
     "created_at\":\"2026-01-15T09:00:00.25+09:00\",\"closed_at\":\"2026-01-15T09:00:00.5+09:0"
     "0\",\"trigger\":{\"type\":\"T\"},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],"
     "\"phases\""
     ":[],\"final_decision\":{}}",
     AMC_OK,
     0,
     {{0}}},
    {"phases not array",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":{},\"final_decision\":{}"
     "}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_SESSION_STRUCTURE, "DISC-SESSION-001", "/phases", 222,
       "SCHEMA_TYPE: expected array, got object"}}},
    {"phase record with messages incl non-object",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[{\"phase\":1,"
     "\"messages\":[5,"
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":1,\"speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"20"
     "26-01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\"}}]}],\"final_decision\":{}}",
     AMC_EINVALID,
     2,
     {{AMC_C_DISC_PHASE_STRUCTURE, "DISC-PHASE-003", "/phases/0", 223,
       "SCHEMA_REQUIRED: \"phase_name\" is a required property"},
      {AMC_C_DISC_MSG_STRUCTURE, "DISC-MSG-001", "/phases/0/messages/0", 246,
       "SCHEMA_TYPE: expected object, got number"}}},
    {"inline phase record message",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[{\"message_id\":\"MSG-"
     "DISC-20"
     "26-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\",\"phase\":1,\"speaker\":\"分析特"
     "化\",\"message_type\":\"SITUATION_REPORT\",\"timestamp\":\"2026-01-15T09:00:00+09:00\",\""
     "content\":{\"summary\":\"x\"}}],\"final_decision\":{}}",
     AMC_EINVALID,
     3,
     {{AMC_C_DISC_PHASE_STRUCTURE, "DISC-PHASE-003", "/phases/0", 223,
       "SCHEMA_REQUIRED: \"phase_name\" is a required property"},
      {AMC_C_DISC_CONTENT, "DISC-MSG-003", "/phases/0/content", 422,
       "SCHEMA_REQUIRED: \"data_points\" is a required property"},
      {AMC_C_DISC_CONTENT, "DISC-MSG-003", "/phases/0/content", 422,
       "SCHEMA_REQUIRED: \"severity\" is a required property"}}},
    {"phase record messages not array",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[{\"phase\":1,"
     "\"messages\":5}]"
     ",\"final_decision\":{}}",
     AMC_EINVALID,
     2,
     {{AMC_C_DISC_PHASE_STRUCTURE, "DISC-PHASE-003", "/phases/0", 223,
       "SCHEMA_REQUIRED: \"phase_name\" is a required property"},
      {AMC_C_DISC_PHASE_STRUCTURE, "DISC-PHASE-003", "/phases/0/messages", 245,
       "SCHEMA_TYPE: expected array, got number"}}},
    {"system speaker not in participants",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_decision\":{}"
     ",\"mes"
     "sages\":[{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-"
     "15-001\",\"phase\":1,\"speaker\":\"システム\",\"message_type\":\"ERROR\",\"timestamp\":\"202"
     "6-01-15T09:00:00+09:00\",\"content\":{\"error\":\"x\"}}]}",
     AMC_EINVALID,
     2,
     {{AMC_C_DISC_CONTENT, "DISC-MSG-003", "/messages/0/content", 445,
       "SCHEMA_REQUIRED: \"error_code\" is a required property"},
      {AMC_C_DISC_CONTENT, "DISC-MSG-003", "/messages/0/content", 445,
       "SCHEMA_REQUIRED: \"message\" is a required property"}}},
    {"speaker not in participants",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_decision\":{}"
     ",\"mes"
     "sages\":[{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-"
     "15-001\",\"phase\":1,\"speaker\":\"法務特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timesta"
     "mp\":\"2026-01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\"}}]}",
     AMC_OK,
     1,
     {{AMC_C_DISC_SPEAKER_NOT_PARTICIPANT, "DISC-SPK-002", "/messages/0/speaker", 357,
       "speaker 法務特化 is not listed in participants"}}},
    {"participants not array",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":\"x\",\"phases\":[],\"final_decision\":{},\"messages\":[{\"message_id"
     "\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\",\"phase\":1,\""
     "speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"2026-01-15T09:00"
     ":00+09:00\",\"content\":{\"status\":\"ok\"}}]}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_SESSION_STRUCTURE, "DISC-SESSION-001", "/participants", 169,
       "SCHEMA_TYPE: expected array, got string"}}},
    {"tokens over limit in phases",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[{\"message_id\":\"MSG-"
     "DISC-20"
     "26-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\",\"phase\":1,\"speaker\":\"分析特"
     "化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"2026-01-15T09:00:00+09:00\",\"c"
     "ontent\":{\"status\":\"ok\"},\"metadata\":{\"tokens_consumed\":30000}},{\"message_id\":\""
     "MSG-DISC-2026-01-15-001-2\",\"discussion_id\":\"DISC-2026-01-15-001\",\"phase\":1,\"spea"
     "ker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"2026-01-15T09:00:00+"
     "09:00\",\"content\":{\"status\":\"ok\"},\"metadata\":{\"tokens_consumed\":30000}}],\"fin"
     "al_decision\":{}}",
     AMC_EINVALID,
     3,
     {{AMC_C_DISC_PHASE_STRUCTURE, "DISC-PHASE-003", "/phases/0", 223,
       "SCHEMA_REQUIRED: \"phase_name\" is a required property"},
      {AMC_C_DISC_PHASE_STRUCTURE, "DISC-PHASE-003", "/phases/1", 475,
       "SCHEMA_REQUIRED: \"phase_name\" is a required property"},
      {AMC_C_DISC_LIMIT_TOKENS, "DISC-LIMIT-002", "/phases", 0,
       "the messages consumed 60000 tokens: more than the 50000 of §9.2"}}},
    {"tokens over limit in messages",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_decision\":{}"
     ",\"mes"
     "sages\":[{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-"
     "15-001\",\"phase\":1,\"speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timesta"
     "mp\":\"2026-01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\"},\"metadata\":{\"token"
     "s_consumed\":30000}},{\"message_id\":\"MSG-DISC-2026-01-15-001-2\",\"discussion_id\":\"D"
     "ISC-2026-01-15-001\",\"phase\":1,\"speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT"
     "\",\"timestamp\":\"2026-01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\"},\"metadat"
     "a\":{\"tokens_consumed\":\"x\"}},{\"message_id\":\"MSG-DISC-2026-01-15-001-3\",\"discuss"
     "ion_id\":\"DISC-2026-01-15-001\",\"phase\":1,\"speaker\":\"分析特化\",\"message_type\":\"ACK"
     "NOWLEDGEMENT\",\"timestamp\":\"2026-01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\""
     "},\"metadata\":{\"tokens_consumed\":-5}},{\"message_id\":\"MSG-DISC-2026-01-15-001-4\",\""
     "discussion_id\":\"DISC-2026-01-15-001\",\"phase\":1,\"speaker\":\"分析特化\",\"message_type\""
     ":\"ACKNOWLEDGEMENT\",\"timestamp\":\"2026-01-15T09:00:00+09:00\",\"content\":{\"status\""
     ":\"ok\"},\"metadata\":{\"tokens_consumed\":30000}}]}",
     AMC_EINVALID,
     3,
     {{AMC_C_DISC_METADATA, "DISC-META-001", "/messages/1/metadata/tokens_consumed", 753,
       "SCHEMA_TYPE: expected integer, got string"},
      {AMC_C_DISC_METADATA, "DISC-META-001", "/messages/2/metadata/tokens_consumed", 1003,
       "SCHEMA_MINIMUM: -5 is less than the minimum 0"},
      {AMC_C_DISC_LIMIT_TOKENS, "DISC-LIMIT-002", "/messages", 256,
       "the messages consumed 60000 tokens: more than the 50000 of §9.2"}}},
    {"tokens just at limit",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_decision\":{}"
     ",\"mes"
     "sages\":[{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-"
     "15-001\",\"phase\":1,\"speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timesta"
     "mp\":\"2026-01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\"},\"metadata\":{\"token"
     "s_consumed\":25000}},{\"message_id\":\"MSG-DISC-2026-01-15-001-2\",\"discussion_id\":\"D"
     "ISC-2026-01-15-001\",\"phase\":1,\"speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT"
     "\",\"timestamp\":\"2026-01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\"},\"metadat"
     "a\":{\"tokens_consumed\":25000}}]}",
     AMC_OK,
     0,
     {{0}}},
    {"objection target number",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_decision\":{}"
     ",\"mes"
     "sages\":[{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-"
     "15-001\",\"phase\":6,\"speaker\":\"倫理特化\",\"message_type\":\"OBJECTION\",\"timestamp\":\""
     "2026-01-15T09:00:00+09:00\",\"content\":{\"target_decision\":5,\"condition\":\"倫理的懸念\","
     "\""
     "reason\":\"r\",\"evidence\":[],\"alternative\":\"x\"}}]}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_DEC_ID_FORMAT, "DISC-ID-003", "/messages/0/content/target_decision", 468,
       "SCHEMA_TYPE: expected string, got number"}}},
    {"message discussion_id number in session",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_decision\":{}"
     ",\"mes"
     "sages\":[{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":5,\"phase\":1,\""
     "speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"2026-01-15T09:00"
     ":00+09:00\",\"content\":{\"status\":\"ok\"}}]}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_ID_FORMAT, "DISC-ID-001", "/messages/0/discussion_id", 315,
       "SCHEMA_TYPE: expected string, got number"}}},
    {"perspective human by other",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":1,\"speaker\":\"分析特化\",\"message_type\":\"PERSPECTIVE_HUMAN\",\"timestamp\":\""
     "2026-01-15T09:00:00+09:00\",\"content\":{\"x\":1}}",
     AMC_EINVALID,
     4,
     {{AMC_C_DISC_CONTENT, "DISC-MSG-003", "/content", 200,
       "SCHEMA_REQUIRED: \"reality_check\" is a required property"},
      {AMC_C_DISC_CONTENT, "DISC-MSG-003", "/content", 200,
       "SCHEMA_REQUIRED: \"human_insight\" is a required property"},
      {AMC_C_DISC_PHASE_TYPE, "DISC-PHASE-001", "/phase", 88,
       "SCHEMA_CONST: 1 is not the required value 3"},
      {AMC_C_DISC_SPEAKER_ROLE, "DISC-SPK-001", "/speaker", 100,
       "PERSPECTIVE_HUMAN sent by 分析特化: §5.1 names サボり視点 as its sender"}}},
    {"perspective human by saboride",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":1,\"speaker\":\"サボり視点\",\"message_type\":\"PERSPECTIVE_HUMAN\",\"timestamp\":"
     "\""
     "2026-01-15T09:00:00+09:00\",\"content\":{\"x\":1}}",
     AMC_EINVALID,
     3,
     {{AMC_C_DISC_CONTENT, "DISC-MSG-003", "/content", 203,
       "SCHEMA_REQUIRED: \"reality_check\" is a required property"},
      {AMC_C_DISC_CONTENT, "DISC-MSG-003", "/content", 203,
       "SCHEMA_REQUIRED: \"human_insight\" is a required property"},
      {AMC_C_DISC_PHASE_TYPE, "DISC-PHASE-001", "/phase", 88,
       "SCHEMA_CONST: 1 is not the required value 3"}}},
    {"serious risk by analyst",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":6,\"speaker\":\"分析特化\",\"message_type\":\"OBJECTION\",\"timestamp\":\"2026-01-"
     "15T09:00:00+09:00\",\"content\":{\"target_decision\":\"DEC-2026-01-15-1\",\"condition\":"
     "\"重大なリスク見落とし\",\"reason\":\"r\",\"evidence\":[],\"alternative\":\"x\"}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_OBJ_FILER, "DISC-OBJ-002", "/speaker", 100,
       "objection condition 重大なリスク見落とし raised by 分析特化: only the governance group "
       "(倫理特化, 法務特化) may raise it (§7.1)"}}},
    {"data error by analyst",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":6,\"speaker\":\"分析特化\",\"message_type\":\"OBJECTION\",\"timestamp\":\"2026-01-"
     "15T09:00:00+09:00\",\"content\":{\"target_decision\":\"DEC-2026-01-15-1\",\"condition\":"
     "\"データの誤り発見\",\"reason\":\"r\",\"evidence\":[],\"alternative\":\"x\"}}",
     AMC_OK,
     0,
     {{0}}},
    {"data error by ethics",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":6,\"speaker\":\"倫理特化\",\"message_type\":\"OBJECTION\",\"timestamp\":\"2026-01-"
     "15T09:00:00+09:00\",\"content\":{\"target_decision\":\"DEC-2026-01-15-1\",\"condition\":"
     "\"データの誤り発見\",\"reason\":\"r\",\"evidence\":[],\"alternative\":\"x\"}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_OBJ_FILER, "DISC-OBJ-002", "/speaker", 100,
       "objection condition データの誤り発見 raised by 倫理特化: only 分析特化 may raise it "
       "(§7.1)"}}},
    {"message_id of other discussion",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-002-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":1,\"speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"20"
     "26-01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\"}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_ID_MISMATCH, "DISC-XREF-001", "/message_id", 14,
       "message_id MSG-DISC-2026-01-15-002-1 does not embed the message's discussion_id "
       "DISC-2026-01-15-001"}}},
    {"message_id with no seq digits",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-\",\"discussion_id\":\"DISC-2026-01-15-001\",\""
     "phase\":1,\"speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"2026"
     "-01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\"}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_MSG_ID_FORMAT, "DISC-ID-002", "/message_id", 14,
       "SCHEMA_PATTERN: \"MSG-DISC-2026-01-15-001-\" does not match the pattern "
       "\"^MSG-DISC-[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]+-[0-9]+$\""}}},
    {"message_id other format",
     NULL,
     "{\"message_id\":\"MSG-X-1\",\"discussion_id\":\"DISC-2026-01-15-001\",\"phase\":1,\"spea"
     "ker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"2026-01-15T09:00:00+"
     "09:00\",\"content\":{\"status\":\"ok\"}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_MSG_ID_FORMAT, "DISC-ID-002", "/message_id", 14,
       "SCHEMA_PATTERN: \"MSG-X-1\" does not match the pattern "
       "\"^MSG-DISC-[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]+-[0-9]+$\""}}},
    {"message_id not string",
     NULL,
     "{\"message_id\":5,\"discussion_id\":\"DISC-2026-01-15-001\",\"phase\":1,\"speaker\":\"分析"
     "特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"2026-01-15T09:00:00+09:00\",\""
     "content\":{\"status\":\"ok\"}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_MSG_ID_FORMAT, "DISC-ID-002", "/message_id", 14,
       "SCHEMA_TYPE: expected string, got number"}}},
    {"weights sum 0.5",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":5,\"speaker\":\"決裁者\",\"message_type\":\"DECISION_DELIBERATION\",\"timestamp\""
     ":\"2026-01-15T09:00:00+09:00\",\"content\":{\"summary_of_opinions\":{},\"weight_assignme"
     "nt\":{\"a\":0.25,\"b\":0.25}}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_WEIGHT_SUM, "DISC-WEIGHT-002", "/content/weight_assignment", 247,
       "weight_assignment sums to 0.5, not 1 within 0.001"}}},
    {"weights sum 1.0005",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":5,\"speaker\":\"決裁者\",\"message_type\":\"DECISION_DELIBERATION\",\"timestamp\""
     ":\"2026-01-15T09:00:00+09:00\",\"content\":{\"summary_of_opinions\":{},\"weight_assignme"
     "nt\":{\"a\":0.5,\"b\":0.5005}}}",
     AMC_OK,
     0,
     {{0}}},
    {"weights sum 1.002",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":5,\"speaker\":\"決裁者\",\"message_type\":\"DECISION_DELIBERATION\",\"timestamp\""
     ":\"2026-01-15T09:00:00+09:00\",\"content\":{\"summary_of_opinions\":{},\"weight_assignme"
     "nt\":{\"a\":0.5,\"b\":0.502}}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_WEIGHT_SUM, "DISC-WEIGHT-002", "/content/weight_assignment", 247,
       "weight_assignment sums to 1.002, not 1 within 0.001"}}},
    {"weights not object",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":5,\"speaker\":\"決裁者\",\"message_type\":\"DECISION_DELIBERATION\",\"timestamp\""
     ":\"2026-01-15T09:00:00+09:00\",\"content\":{\"summary_of_opinions\":{},\"weight_assignme"
     "nt\":[0.5]}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_WEIGHT_RANGE, "DISC-WEIGHT-001", "/content/weight_assignment", 247,
       "SCHEMA_TYPE: expected object, got array"}}},
    {"ethics check MAYBE",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":4,\"speaker\":\"倫理特化\",\"message_type\":\"GOVERNANCE_ETHICS\",\"timestamp\":\""
     "2026-01-15T09:00:00+09:00\",\"content\":{\"check_result\":\"MAYBE\",\"concerns\":[]}}",
     AMC_OK,
     1,
     {{AMC_C_DISC_CHECK_RESULT, "DISC-GOV-001", "/content/check_result", 216,
       "check_result MAYBE is neither PASS nor FAIL"}}},
    {"ethics check PASS",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":4,\"speaker\":\"倫理特化\",\"message_type\":\"GOVERNANCE_ETHICS\",\"timestamp\":\""
     "2026-01-15T09:00:00+09:00\",\"content\":{\"check_result\":\"PASS\",\"concerns\":[]}}",
     AMC_OK,
     0,
     {{0}}},
    {"legal check number",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":4,\"speaker\":\"法務特化\",\"message_type\":\"GOVERNANCE_LEGAL\",\"timestamp\":\"2"
     "026-01-15T09:00:00+09:00\",\"content\":{\"check_result\":5,\"concerns\":[]}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_CONTENT, "DISC-MSG-003", "/content/check_result", 215,
       "SCHEMA_TYPE: expected string, got number"}}},
    {"exec order DEC bad date",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":6,\"speaker\":\"決裁者\",\"message_type\":\"EXECUTION_ORDER\",\"timestamp\":\"202"
     "6-01-15T09:00:00+09:00\",\"content\":{\"decision_id\":\"DEC-2026-02-30-1\",\"actions\":["
     "{\"action_type\":\"a\"}],\"monitoring\":{}}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_DEC_ID_FORMAT, "DISC-ID-003", "/content/decision_id", 210,
       "decision_id DEC-2026-02-30-1 names a date that does not exist"}}},
    {"objection target bad date",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\","
     "\"phase\":6,\"speaker\":\"倫理特化\",\"message_type\":\"OBJECTION\",\"timestamp\":\"2026-01-"
     "15T09:00:00+09:00\",\"content\":{\"target_decision\":\"DEC-2026-13-01-1\",\"condition\":"
     "\"倫理的懸念\",\"reason\":\"r\",\"evidence\":[],\"alternative\":\"x\"}}",
     AMC_EINVALID,
     2,
     {{AMC_C_DISC_DEC_ID_FORMAT, "DISC-ID-003", "/content/target_decision", 211,
       "SCHEMA_PATTERN: \"DEC-2026-13-01-1\" does not match the pattern "
       "\"^DEC-[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]+$\""},
      {AMC_C_DISC_DEC_ID_FORMAT, "DISC-ID-003", "/content/target_decision", 211,
       "target_decision DEC-2026-13-01-1 names a date that does not exist"}}},
    {"message did bad date",
     NULL,
     "{\"message_id\":\"MSG-DISC-2026-02-30-001-1\",\"discussion_id\":\"DISC-2026-02-30-001\","
     "\"phase\":1,\"speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"20"
     "26-01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\"}}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_ID_FORMAT, "DISC-ID-001", "/discussion_id", 58,
       "discussion_id DISC-2026-02-30-001 names a date that does not exist"}}},
    {"root array",
     NULL,
     "[1]",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_KIND_UNKNOWN, "DISC-DOC-002", "", 0,
       "a discussion document is an object, not array"}}},
    {"root string",
     NULL,
     "\"x\"",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_KIND_UNKNOWN, "DISC-DOC-002", "", 0,
       "a discussion document is an object, not string"}}},
    {"session and message_type",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_decision\":{}"
     ",\"mes"
     "sage_type\":\"ACKNOWLEDGEMENT\"}",
     AMC_EINVALID,
     5,
     {{AMC_C_DISC_MSG_STRUCTURE, "DISC-MSG-001", "", 0,
       "SCHEMA_REQUIRED: \"message_id\" is a required property"},
      {AMC_C_DISC_MSG_STRUCTURE, "DISC-MSG-001", "", 0,
       "SCHEMA_REQUIRED: \"phase\" is a required property"},
      {AMC_C_DISC_MSG_STRUCTURE, "DISC-MSG-001", "", 0,
       "SCHEMA_REQUIRED: \"speaker\" is a required property"},
      {AMC_C_DISC_MSG_STRUCTURE, "DISC-MSG-001", "", 0,
       "SCHEMA_REQUIRED: \"timestamp\" is a required property"},
      {AMC_C_DISC_MSG_STRUCTURE, "DISC-MSG-001", "", 0,
       "SCHEMA_REQUIRED: \"content\" is a required property"}}},
    {"dup message ids",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_decision\":{}"
     ",\"mes"
     "sages\":[{\"message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-"
     "15-001\",\"phase\":1,\"speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timesta"
     "mp\":\"2026-01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\"}},{\"message_id\":\"MS"
     "G-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\",\"phase\":1,\"speake"
     "r\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"2026-01-15T09:00:00+09"
     ":00\",\"content\":{\"status\":\"ok\"}},{\"message_id\":\"MSG-DISC-2026-01-15-001-2\",\"d"
     "iscussion_id\":\"DISC-2026-01-15-001\",\"phase\":1,\"speaker\":\"分析特化\",\"message_type\""
     ":\"ACKNOWLEDGEMENT\",\"timestamp\":\"2026-01-15T09:00:00+09:00\",\"content\":{\"status\""
     ":\"ok\"}}]}",
     AMC_EINVALID,
     1,
     {{AMC_C_DISC_MSG_ID_DUPLICATE, "DISC-XREF-003", "/messages/1/message_id", 486,
       "message_id MSG-DISC-2026-01-15-001-1 appears more than once in 'messages'"}}},
    {"dup message ids in phases",
     NULL,
     "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"c"
     "reated_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":\"T\""
     "},\"participants\":[\"分析特化\",\"決裁者\",\"倫理特化\"],\"phases\":[{\"phase\":1,"
     "\"messages\":[{\""
     "message_id\":\"MSG-DISC-2026-01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\",\"p"
     "hase\":1,\"speaker\":\"分析特化\",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"2026-"
     "01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\"}},{\"message_id\":\"MSG-DISC-2026-"
     "01-15-001-1\",\"discussion_id\":\"DISC-2026-01-15-001\",\"phase\":1,\"speaker\":\"分析特化\""
     ",\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":\"2026-01-15T09:00:00+09:00\",\"cont"
     "ent\":{\"status\":\"ok\"}}]}],\"final_decision\":{}}",
     AMC_EINVALID,
     2,
     {{AMC_C_DISC_PHASE_STRUCTURE, "DISC-PHASE-003", "/phases/0", 223,
       "SCHEMA_REQUIRED: \"phase_name\" is a required property"},
      {AMC_C_DISC_MSG_ID_DUPLICATE, "DISC-XREF-003", "/phases/0/messages/1/message_id", 475,
       "message_id MSG-DISC-2026-01-15-001-1 appears more than once in the phase records"}}},
};

static void test_discussion(void **state)
{
    (void)state;
    run_all("discussion", disc, sizeof disc / sizeof disc[0]);
}

/* A session with n messages (tokens_consumed t each when t >= 0): the limits of §9.2 are
 * "more than 100 messages" and "more than 50000 tokens". */
static char *session_of(size_t n, long t)
{
    size_t cap = 512 + n * 400, len = 0, i = 0;
    char *s = malloc(cap);
    assert_non_null(s);
    len += (size_t)snprintf(
        s + len, cap - len, "%s",
        "{\"discussion_id\":\"DISC-2026-01-15-001\",\"status\":\"OPEN\",\"priority\":\"HIGH\","
        "\"created_at\":\"2026-01-15T09:00:00+09:00\",\"closed_at\":null,\"trigger\":{\"type\":"
        "\"T\"},\"participants\":[\"分析特化\"],\"phases\":[],\"final_decision\":{},"
        "\"messages\":[");
    for (i = 1; i <= n; i++) {
        len +=
            (size_t)snprintf(s + len, cap - len,
                             "%s{\"message_id\":\"MSG-DISC-2026-01-15-001-%zu\",\"discussion_id\":"
                             "\"DISC-2026-01-15-001\",\"phase\":1,\"speaker\":\"分析特化\","
                             "\"message_type\":\"ACKNOWLEDGEMENT\",\"timestamp\":"
                             "\"2026-01-15T09:00:00+09:00\",\"content\":{\"status\":\"ok\"}",
                             i > 1 ? "," : "", i);
        if (t >= 0)
            len +=
                (size_t)snprintf(s + len, cap - len, ",\"metadata\":{\"tokens_consumed\":%ld}", t);
        len += (size_t)snprintf(s + len, cap - len, "}");
    }
    snprintf(s + len, cap - len, "]}");
    return s;
}

static void test_discussion_limits(void **state)
{
    static const dwant many = {AMC_C_DISC_LIMIT_MESSAGES, "DISC-LIMIT-001", "/messages", 0,
                               "101 messages: more than the 100 of §9.2 (forced phase transition)"};
    static const dwant tok = {AMC_C_DISC_LIMIT_TOKENS, "DISC-LIMIT-002", "/messages", 0,
                              "the messages consumed 50001 tokens: more than the 50000 of §9.2"};
    char *s = NULL;
    dwant w;
    int bad = 0;
    (void)state;
    s = session_of(100, -1);
    bad += check("discussion", "100 messages", NULL, s, AMC_OK, NULL, 0);
    free(s);
    s = session_of(101, -1);
    w = many;
    w.off = (size_t)(strstr(s, "\"messages\":") - s) + 11;
    bad += check("discussion", "101 messages", NULL, s, AMC_OK, &w, 1);
    free(s);
    s = session_of(1, 50000);
    bad += check("discussion", "50000 tokens", NULL, s, AMC_OK, NULL, 0);
    free(s);
    s = session_of(1, 50001);
    w = tok;
    w.off = (size_t)(strstr(s, "\"messages\":") - s) + 11;
    bad += check("discussion", "50001 tokens", NULL, s, AMC_OK, &w, 1);
    free(s);
    assert_int_equal(bad, 0);
}

/* ---- acp ---- */

static const pcase acp[] = {
    {"RESULT SUCCESS with two errors",
     NULL,
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[\"a\",\""
     "b\"],\"warnings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\""
     "Proceed to TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_a"
     "ck\":true}}",
     AMC_OK,
     1,
     {{AMC_C_ACP_RESULT_ERRORS, "ACP-RESULT-002", "/payload/errors", 466,
       "a RESULT with status SUCCESS lists 2 errors"}}},
    {"RESULT SUCCESS with no errors",
     NULL,
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_OK,
     0,
     {{0}}},
    {"RESULT PARTIAL with errors",
     NULL,
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"PARTIAL\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[\"user_"
     "behaviors: 12 rows rejected (null user_id)\"],\"warnings\":[\"Performance target missed "
     "by 200ms\"],\"next_recommended_action\":\"Proceed to TASK-3.2\"},\"metadata\":{\"retry_c"
     "ount\":0,\"timeout_ms\":60000,\"requires_ack\":true}}",
     AMC_OK,
     0,
     {{0}}},
    {"ERROR retry 2 RETRY",
     NULL,
     "{\"message_type\":\"ERROR\",\"payload\":{\"error_code\":\"DB_CONNECTION_FAILED\",\"error"
     "_level\":\"CRITICAL\",\"error_message\":\"Failed to connect to Supabase\",\"stack_trace\""
     ":\"...\",\"context\":{\"task_id\":\"TASK-3.1\",\"retry_attempts\":2},\"recovery_action\""
     ":\"RETRY\"}}",
     AMC_OK,
     0,
     {{0}}},
    {"ERROR retry 4 ESCALATE",
     NULL,
     "{\"message_type\":\"ERROR\",\"payload\":{\"error_code\":\"DB_CONNECTION_FAILED\",\"error"
     "_level\":\"CRITICAL\",\"error_message\":\"Failed to connect to Supabase\",\"stack_trace\""
     ":\"...\",\"context\":{\"task_id\":\"TASK-3.1\",\"retry_attempts\":3},\"recovery_action\""
     ":\"ESCALATE\"}}",
     AMC_OK,
     0,
     {{0}}},
    {"ERROR no context",
     NULL,
     "{\"message_type\":\"ERROR\",\"payload\":{\"error_code\":\"DB_CONNECTION_FAILED\",\"error"
     "_level\":\"CRITICAL\",\"error_message\":\"Failed to connect to Supabase\",\"stack_trace\""
     ":\"...\",\"recovery_action\":\"RETRY\"}}",
     AMC_OK,
     0,
     {{0}}},
    {"message_id with letters in the date",
     NULL,
     "{\"message_id\":\"MSG-2025-0A-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_ID_FORMAT, "ACP-ID-001", "/message_id", 14,
       "SCHEMA_PATTERN: \"MSG-2025-0A-25-002\" does not match the pattern "
       "\"^MSG-([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-)?[0-9]{3,}$\""}}},
    {"message_id without the dash after the date",
     NULL,
     "{\"message_id\":\"MSG-2025-08-25X002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_ID_FORMAT, "ACP-ID-001", "/message_id", 14,
       "SCHEMA_PATTERN: \"MSG-2025-08-25X002\" does not match the pattern "
       "\"^MSG-([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-)?[0-9]{3,}$\""}}},
    {"message_id 2024-02-29",
     NULL,
     "{\"message_id\":\"MSG-2024-02-29-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_OK,
     0,
     {{0}}},
    {"message_id 2025-02-29",
     NULL,
     "{\"message_id\":\"MSG-2025-02-29-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_ID_FORMAT, "ACP-ID-001", "/message_id", 14,
       "message_id 'MSG-2025-02-29-002' names a date that does not exist"}}},
    {"message_id short",
     NULL,
     "{\"message_id\":\"MSG-\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from_agent\":\"tho"
     "rough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\":\"RESULT\",\""
     "priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payload\":{\"task_"
     "id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"output_location\""
     ":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"records_processed\""
     ":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"warnings\":[\"Perf"
     "ormance target missed by 200ms\"],\"next_recommended_action\":\"Proceed to TASK-3.2\"},\""
     "metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_ID_FORMAT, "ACP-ID-001", "/message_id", 14,
       "SCHEMA_PATTERN: \"MSG-\" does not match the pattern "
       "\"^MSG-([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-)?[0-9]{3,}$\""}}},
    {"timestamp with offset",
     NULL,
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553+09:00\",\""
     "from_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_ty"
     "pe\":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\""
     "payload\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\""
     "output_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"r"
     "ecords_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\""
     "warnings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Procee"
     "d to TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":t"
     "rue}}",
     AMC_OK,
     1,
     {{AMC_C_ACP_TIMESTAMP_FORM, "ACP-TS-002", "/timestamp", 47,
       "timestamp '2025-08-25T10:56:15.553+09:00' is not UTC with milliseconds "
       "(YYYY-MM-DDTHH:MM:SS.sssZ, §2)"}}},
    {"timestamp not a date",
     NULL,
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"yesterday\",\"from_agent\":\"thor"
     "ough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\":\"RESULT\",\"p"
     "riority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payload\":{\"task_i"
     "d\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"output_location\":"
     "\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"records_processed\""
     ":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"warnings\":[\"Perf"
     "ormance target missed by 200ms\"],\"next_recommended_action\":\"Proceed to TASK-3.2\"},\""
     "metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_TIMESTAMP, "ACP-TS-001", "/timestamp", 47,
       "SCHEMA_FORMAT: \"yesterday\" is not a valid \"date-time\""}}},
    {"no timestamp priority",
     NULL,
     "{\"message_id\":\"MSG-2025-08-25-002\",\"from_agent\":\"thorough-todo-executor\",\"to_ag"
     "ent\":\"agent-orchestrator\",\"message_type\":\"RESULT\",\"correlation_id\":\"SESSION-20"
     "25-08-25-001\",\"payload\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_"
     "time_ms\":25430,\"output_location\":\"/agent-workspace/shared-data/task-3.1-output.json\""
     ",\"metrics\":{\"records_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512}"
     ",\"errors\":[],\"warnings\":[\"Performance target missed by 200ms\"],\"next_recommended_"
     "action\":\"Proceed to TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\""
     "requires_ack\":true}}",
     AMC_OK,
     1,
     {{AMC_C_ACP_ENV_MISSING_RECOMMENDED, "ACP-ENV-002", "", 0,
       "the envelope has no timestamp, priority (§2 shows every envelope with them)"}}},
    {"no correlation_id or metadata",
     NULL,
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"payload\":{\"task_id\":\"TASK-3.1\",\"status\":\"S"
     "UCCESS\",\"execution_time_ms\":25430,\"output_location\":\"/agent-workspace/shared-data/"
     "task-3.1-output.json\",\"metrics\":{\"records_processed\":10000,\"success_rate\":0.98,\""
     "memory_usage_mb\":512},\"errors\":[],\"warnings\":[\"Performance target missed by 200ms\""
     "],\"next_recommended_action\":\"Proceed to TASK-3.2\"}}",
     AMC_OK,
     1,
     {{AMC_C_ACP_ENV_MISSING_RECOMMENDED, "ACP-ENV-002", "", 0,
       "the envelope has no correlation_id, metadata (§2 shows every envelope with them)"}}},
    {"registration endpoint without slash",
     NULL,
     "{\"agent_id\":\"supabase-specialist\",\"agent_type\":\"SPECIALIST\",\"capabilities\":[\""
     "database\",\"optimization\",\"migration\"],\"status\":\"ACTIVE\",\"endpoint\":\"/agent-w"
     "orkspace/inbox/supabase-specialist\",\"health_check_url\":\"/health\",\"max_concurrent_t"
     "asks\":3,\"supported_message_types\":[\"TASK_ASSIGN\",\"QUERY\"],\"dependencies\":[],\"v"
     "ersion\":\"1.0.0\"}",
     AMC_OK,
     0,
     {{0}}},
    {"registration endpoint with slash",
     NULL,
     "{\"agent_id\":\"supabase-specialist\",\"agent_type\":\"SPECIALIST\",\"capabilities\":[\""
     "database\",\"optimization\",\"migration\"],\"status\":\"ACTIVE\",\"endpoint\":\"/agent-w"
     "orkspace/inbox/supabase-specialist/\",\"health_check_url\":\"/health\",\"max_concurrent_"
     "tasks\":3,\"supported_message_types\":[\"TASK_ASSIGN\",\"QUERY\"],\"dependencies\":[],\""
     "version\":\"1.0.0\"}",
     AMC_OK,
     0,
     {{0}}},
    {"registration endpoint with two slashes",
     NULL,
     "{\"agent_id\":\"supabase-specialist\",\"agent_type\":\"SPECIALIST\",\"capabilities\":[\""
     "database\",\"optimization\",\"migration\"],\"status\":\"ACTIVE\",\"endpoint\":\"/agent-w"
     "orkspace/inbox/supabase-specialist//\",\"health_check_url\":\"/health\",\"max_concurrent"
     "_tasks\":3,\"supported_message_types\":[\"TASK_ASSIGN\",\"QUERY\"],\"dependencies\":[],\""
     "version\":\"1.0.0\"}",
     AMC_OK,
     1,
     {{AMC_C_ACP_REG_ENDPOINT, "ACP-REG-002", "/endpoint", 144,
       "endpoint '/agent-workspace/inbox/supabase-specialist//' is not "
       "/agent-workspace/inbox/supabase-specialist/ (where messages to the agent land)"}}},
    {"registration endpoint prefix only",
     NULL,
     "{\"agent_id\":\"supabase-specialist\",\"agent_type\":\"SPECIALIST\",\"capabilities\":[\""
     "database\",\"optimization\",\"migration\"],\"status\":\"ACTIVE\",\"endpoint\":\"/agent-w"
     "orkspace/inbox/supabase-specialis\",\"health_check_url\":\"/health\",\"max_concurrent_ta"
     "sks\":3,\"supported_message_types\":[\"TASK_ASSIGN\",\"QUERY\"],\"dependencies\":[],\"ve"
     "rsion\":\"1.0.0\"}",
     AMC_OK,
     1,
     {{AMC_C_ACP_REG_ENDPOINT, "ACP-REG-002", "/endpoint", 144,
       "endpoint '/agent-workspace/inbox/supabase-specialis' is not "
       "/agent-workspace/inbox/supabase-specialist/ (where messages to the agent land)"}}},
    {"registration agent_id long",
     NULL,
     "{\"agent_id\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "\",\"agent_type\":\"SPECIALIST\",\"capabilities\":[\"database\",\"optimization\",\"migra"
     "tion\"],\"status\":\"ACTIVE\",\"endpoint\":\"/x\",\"health_check_url\":\"/health\",\"max"
     "_concurrent_tasks\":3,\"supported_message_types\":[\"TASK_ASSIGN\",\"QUERY\"],\"dependen"
     "cies\":[],\"version\":\"1.0.0\"}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_AGENT_ID, "ACP-AGENT-001", "/agent_id", 12,
       "SCHEMA_MAX_LENGTH: \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\" is "
       "too long (600 characters; at most 255 allowed)"}}},
    {"registration no endpoint",
     NULL,
     "{\"agent_id\":\"supabase-specialist\",\"agent_type\":\"SPECIALIST\",\"capabilities\":[\""
     "database\",\"optimization\",\"migration\"],\"status\":\"ACTIVE\",\"health_check_url\":\""
     "/health\",\"max_concurrent_tasks\":3,\"supported_message_types\":[\"TASK_ASSIGN\",\"QUER"
     "Y\"],\"dependencies\":[],\"version\":\"1.0.0\"}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_REGISTRATION, "ACP-REG-001", "", 0,
       "SCHEMA_REQUIRED: \"endpoint\" is a required property"}}},
    {"session rate exact",
     NULL,
     "{\"session_id\":\"SESSION-2025-08-25-001\",\"started_at\":\"2025-08-25T10:00:00Z\",\"orc"
     "hestrator_pid\":\"agent-orchestrator\",\"active_agents\":[{\"agent_id\":\"thorough-todo-"
     "executor\",\"status\":\"BUSY\",\"current_task\":\"TASK-3.1\"}],\"task_queue\":[\"TASK-3."
     "2\",\"TASK-3.3\"],\"completed_tasks\":[\"TASK-1.1\",\"TASK-1.2\"],\"global_metrics\":{\""
     "total_tasks\":54,\"completed\":2,\"failed\":1,\"success_rate\":0.6667}}",
     AMC_OK,
     0,
     {{0}}},
    {"session rate nothing done",
     NULL,
     "{\"session_id\":\"SESSION-2025-08-25-001\",\"started_at\":\"2025-08-25T10:00:00Z\",\"orc"
     "hestrator_pid\":\"agent-orchestrator\",\"active_agents\":[{\"agent_id\":\"thorough-todo-"
     "executor\",\"status\":\"BUSY\",\"current_task\":\"TASK-3.1\"}],\"task_queue\":[\"TASK-3."
     "2\",\"TASK-3.3\"],\"completed_tasks\":[\"TASK-1.1\",\"TASK-1.2\"],\"global_metrics\":{\""
     "total_tasks\":54,\"completed\":0,\"failed\":0,\"success_rate\":0}}",
     AMC_OK,
     0,
     {{0}}},
    {"session counts over",
     NULL,
     "{\"session_id\":\"SESSION-2025-08-25-001\",\"started_at\":\"2025-08-25T10:00:00Z\",\"orc"
     "hestrator_pid\":\"agent-orchestrator\",\"active_agents\":[{\"agent_id\":\"thorough-todo-"
     "executor\",\"status\":\"BUSY\",\"current_task\":\"TASK-3.1\"}],\"task_queue\":[\"TASK-3."
     "2\",\"TASK-3.3\"],\"completed_tasks\":[\"TASK-1.1\",\"TASK-1.2\"],\"global_metrics\":{\""
     "total_tasks\":2,\"completed\":2,\"failed\":1,\"success_rate\":0.6}}",
     AMC_EINVALID,
     2,
     {{AMC_C_ACP_SESSION_COUNTS, "ACP-SESSION-002", "/global_metrics", 309,
       "completed (2) + failed (1) exceeds total_tasks (2)"},
      {AMC_C_ACP_SESSION_SUCCESS_RATE, "ACP-SESSION-003", "/global_metrics/success_rate", 366,
       "success_rate 0.6 differs from completed / (completed + failed) = 0.6667"}}},
    {"session no rate",
     NULL,
     "{\"session_id\":\"SESSION-2025-08-25-001\",\"started_at\":\"2025-08-25T10:00:00Z\",\"orc"
     "hestrator_pid\":\"agent-orchestrator\",\"active_agents\":[{\"agent_id\":\"thorough-todo-"
     "executor\",\"status\":\"BUSY\",\"current_task\":\"TASK-3.1\"}],\"task_queue\":[\"TASK-3."
     "2\",\"TASK-3.3\"],\"completed_tasks\":[\"TASK-1.1\",\"TASK-1.2\"],\"global_metrics\":{\""
     "total_tasks\":54,\"completed\":2,\"failed\":1}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_SESSION, "ACP-SESSION-001", "/global_metrics", 309,
       "SCHEMA_REQUIRED: \"success_rate\" is a required property"}}},
    {"session id bad",
     NULL,
     "{\"session_id\":\"SESSION-X\",\"started_at\":\"2025-08-25T10:00:00Z\",\"orchestrator_pid"
     "\":\"agent-orchestrator\",\"active_agents\":[{\"agent_id\":\"thorough-todo-executor\",\""
     "status\":\"BUSY\",\"current_task\":\"TASK-3.1\"}],\"task_queue\":[\"TASK-3.2\",\"TASK-3."
     "3\"],\"completed_tasks\":[\"TASK-1.1\",\"TASK-1.2\"],\"global_metrics\":{\"total_tasks\""
     ":54,\"completed\":2,\"failed\":1,\"success_rate\":0.6}}",
     AMC_EINVALID,
     2,
     {{AMC_C_ACP_SESSION_SUCCESS_RATE, "ACP-SESSION-003", "/global_metrics/success_rate", 354,
       "success_rate 0.6 differs from completed / (completed + failed) = 0.6667"},
      {AMC_C_ACP_SESSION_ID, "ACP-SESSION-004", "/session_id", 14,
       "session_id 'SESSION-X' is not SESSION-YYYY-MM-DD-NNN"}}},
    {"session negative failed",
     NULL,
     "{\"session_id\":\"SESSION-2025-08-25-001\",\"started_at\":\"2025-08-25T10:00:00Z\",\"orc"
     "hestrator_pid\":\"agent-orchestrator\",\"active_agents\":[{\"agent_id\":\"thorough-todo-"
     "executor\",\"status\":\"BUSY\",\"current_task\":\"TASK-3.1\"}],\"task_queue\":[\"TASK-3."
     "2\",\"TASK-3.3\"],\"completed_tasks\":[\"TASK-1.1\",\"TASK-1.2\"],\"global_metrics\":{\""
     "total_tasks\":54,\"completed\":2,\"failed\":-1,\"success_rate\":0.6}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_SESSION, "ACP-SESSION-001", "/global_metrics/failed", 350,
       "SCHEMA_MINIMUM: -1 is less than the minimum 0"}}},
    {"recovery backoff string",
     NULL,
     "{\"recovery_strategy\":{\"RETRY\":{\"max_attempts\":3,\"backoff_ms\":[1000,\"x\",3000]},"
     "\"FALLBACK\":{\"alternative_agent\":\"backup-executor\"},\"CHECKPOINT\":{\"restore_from\""
     ":\"/agent-workspace/checkpoints/latest\"},\"SKIP\":{\"log_reason\":true,\"continue_next\""
     ":true}}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_RECOVERY, "ACP-REC-001", "/recovery_strategy/RETRY/backoff_ms/1", 67,
       "SCHEMA_TYPE: expected integer, got string"}}},
    {"recovery backoff decreasing",
     NULL,
     "{\"recovery_strategy\":{\"RETRY\":{\"max_attempts\":3,\"backoff_ms\":[1000,3000,2000]},\""
     "FALLBACK\":{\"alternative_agent\":\"backup-executor\"},\"CHECKPOINT\":{\"restore_from\":"
     "\"/agent-workspace/checkpoints/latest\"},\"SKIP\":{\"log_reason\":true,\"continue_next\""
     ":true}}}",
     AMC_OK,
     1,
     {{AMC_C_ACP_BACKOFF, "ACP-REC-002", "/recovery_strategy/RETRY/backoff_ms", 72,
       "backoff_ms decreases at entry 2 (2000 after 3000)"}}},
    {"recovery backoff equal",
     NULL,
     "{\"recovery_strategy\":{\"RETRY\":{\"max_attempts\":3,\"backoff_ms\":[1000,1000,1000]},\""
     "FALLBACK\":{\"alternative_agent\":\"backup-executor\"},\"CHECKPOINT\":{\"restore_from\":"
     "\"/agent-workspace/checkpoints/latest\"},\"SKIP\":{\"log_reason\":true,\"continue_next\""
     ":true}}}",
     AMC_OK,
     0,
     {{0}}},
    {"recovery no max_attempts",
     NULL,
     "{\"recovery_strategy\":{\"RETRY\":{\"backoff_ms\":[1000,2000]},\"FALLBACK\":{\"alternati"
     "ve_agent\":\"backup-executor\"},\"CHECKPOINT\":{\"restore_from\":\"/agent-workspace/chec"
     "kpoints/latest\"},\"SKIP\":{\"log_reason\":true,\"continue_next\":true}}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_RECOVERY, "ACP-REC-001", "/recovery_strategy/RETRY", 30,
       "SCHEMA_REQUIRED: \"max_attempts\" is a required property"}}},
    {"recovery backoff not array",
     NULL,
     "{\"recovery_strategy\":{\"RETRY\":{\"max_attempts\":3,\"backoff_ms\":5},\"FALLBACK\":{\""
     "alternative_agent\":\"backup-executor\"},\"CHECKPOINT\":{\"restore_from\":\"/agent-works"
     "pace/checkpoints/latest\"},\"SKIP\":{\"log_reason\":true,\"continue_next\":true}}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_RECOVERY, "ACP-REC-001", "/recovery_strategy/RETRY/backoff_ms", 61,
       "SCHEMA_TYPE: expected array, got number"}}},
    {"metrics end before start same second",
     NULL,
     "{\"metric_type\":\"TASK_PERFORMANCE\",\"agent_id\":\"thorough-todo-executor\",\"task_id\""
     ":\"TASK-3.1\",\"metrics\":{\"start_time\":\"2025-08-25T10:00:00.5Z\",\"end_time\":\"2025"
     "-08-25T10:00:00.25Z\",\"duration_ms\":1800000,\"cpu_avg_percent\":45,\"memory_peak_mb\":"
     "2048,\"io_operations\":15000,\"database_queries\":250,\"api_calls\":10,\"cache_hit_rate\""
     ":0.85}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_METRICS_TIME_ORDER, "ACP-METRIC-002", "/metrics/end_time", 151,
       "end_time is before start_time"}}},
    {"metrics duration within 1000",
     NULL,
     "{\"metric_type\":\"TASK_PERFORMANCE\",\"agent_id\":\"thorough-todo-executor\",\"task_id\""
     ":\"TASK-3.1\",\"metrics\":{\"start_time\":\"2025-08-25T10:00:00Z\",\"end_time\":\"2025-0"
     "8-25T10:30:00.5Z\",\"duration_ms\":1800000,\"cpu_avg_percent\":45,\"memory_peak_mb\":204"
     "8,\"io_operations\":15000,\"database_queries\":250,\"api_calls\":10,\"cache_hit_rate\":0"
     ".85}}",
     AMC_OK,
     0,
     {{0}}},
    {"metrics duration off",
     NULL,
     "{\"metric_type\":\"TASK_PERFORMANCE\",\"agent_id\":\"thorough-todo-executor\",\"task_id\""
     ":\"TASK-3.1\",\"metrics\":{\"start_time\":\"2025-08-25T10:00:00Z\",\"end_time\":\"2025-0"
     "8-25T10:00:00Z\",\"duration_ms\":1001,\"cpu_avg_percent\":45,\"memory_peak_mb\":2048,\"i"
     "o_operations\":15000,\"database_queries\":250,\"api_calls\":10,\"cache_hit_rate\":0.85}}",
     AMC_OK,
     1,
     {{AMC_C_ACP_METRICS_DURATION, "ACP-METRIC-003", "/metrics/duration_ms", 186,
       "duration_ms 1001 differs from end_time - start_time = 0 ms by more than 1000 ms"}}},
    {"metrics start not a time",
     NULL,
     "{\"metric_type\":\"TASK_PERFORMANCE\",\"agent_id\":\"thorough-todo-executor\",\"task_id\""
     ":\"TASK-3.1\",\"metrics\":{\"start_time\":\"x\",\"end_time\":\"2025-08-25T10:00:00Z\",\""
     "duration_ms\":1800000,\"cpu_avg_percent\":45,\"memory_peak_mb\":2048,\"io_operations\":1"
     "5000,\"database_queries\":250,\"api_calls\":10,\"cache_hit_rate\":0.85}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_TIMESTAMP, "ACP-TS-001", "/metrics/start_time", 115,
       "SCHEMA_FORMAT: \"x\" is not a valid \"date-time\""}}},
    {"placement: inbox of to_agent",
     "ws/inbox/agent-orchestrator/MSG-2025-08-25-002.json",
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_OK,
     0,
     {{0}}},
    {"placement: inbox of another agent",
     "ws/inbox/b/MSG-2025-08-25-002.json",
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_INBOX_AGENT, "ACP-INBOX-001", "/to_agent", 123,
       "the file is in inbox/b/ but to_agent is 'agent-orchestrator'"}}},
    {"placement: file name other id",
     "ws/inbox/agent-orchestrator/MSG-2025-08-25-003.json",
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_INBOX_FILENAME, "ACP-INBOX-002", "/message_id", 14,
       "the file is named 'MSG-2025-08-25-003.json', not 'MSG-2025-08-25-002.json'"}}},
    {"placement: file name .jsonx",
     "ws/inbox/agent-orchestrator/MSG-2025-08-25-002.jsox",
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_EINVALID,
     1,
     {{AMC_C_ACP_INBOX_FILENAME, "ACP-INBOX-002", "/message_id", 14,
       "the file is named 'MSG-2025-08-25-002.jsox', not 'MSG-2025-08-25-002.json'"}}},
    {"placement: inbox at the root",
     "inbox/agent-orchestrator/MSG-2025-08-25-002.json",
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_OK,
     0,
     {{0}}},
    {"placement: outbox",
     "ws/outbox/agent-orchestrator/x.json",
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_OK,
     0,
     {{0}}},
    {"placement: inbix",
     "ws/inbix/b/x.json",
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_OK,
     0,
     {{0}}},
    {"placement: no directory",
     "x.json",
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_OK,
     0,
     {{0}}},
    {"placement: dir at root",
     "b/x.json",
     "{\"message_id\":\"MSG-2025-08-25-002\",\"timestamp\":\"2025-08-25T10:56:15.553Z\",\"from"
     "_agent\":\"thorough-todo-executor\",\"to_agent\":\"agent-orchestrator\",\"message_type\""
     ":\"RESULT\",\"priority\":\"NORMAL\",\"correlation_id\":\"SESSION-2025-08-25-001\",\"payl"
     "oad\":{\"task_id\":\"TASK-3.1\",\"status\":\"SUCCESS\",\"execution_time_ms\":25430,\"out"
     "put_location\":\"/agent-workspace/shared-data/task-3.1-output.json\",\"metrics\":{\"reco"
     "rds_processed\":10000,\"success_rate\":0.98,\"memory_usage_mb\":512},\"errors\":[],\"war"
     "nings\":[\"Performance target missed by 200ms\"],\"next_recommended_action\":\"Proceed t"
     "o TASK-3.2\"},\"metadata\":{\"retry_count\":0,\"timeout_ms\":60000,\"requires_ack\":true"
     "}}",
     AMC_OK,
     0,
     {{0}}},
    {"metrics duration exactly 1000 ms off",
     NULL,
     "{\"metric_type\":\"TASK_PERFORMANCE\",\"agent_id\":\"a\",\"task_id\":\"T\",\"metrics\":"
     "{\"start_time\":\"2025-08-25T10:00:00Z\",\"end_time\":\"2025-08-25T10:00:01Z\","
     "\"duration_ms\":0}}",
     AMC_OK,
     0,
     {{0}}},
};

static void test_acp(void **state)
{
    (void)state;
    run_all("acp", acp, sizeof acp / sizeof acp[0]);
}

/* ---- socket ---- */

static const pcase sock[] = {
    {"second 60",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20261231-235960-a1b2\",\"from\":\"yadoking\",\"payload\""
     ":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     0,
     {{0}}},
    {"second 61",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20261231-235961-a1b2\",\"from\":\"yadoking\",\"payload\""
     ":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"hour 24",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20261231-240000-a1b2\",\"from\":\"yadoking\",\"payload\""
     ":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"minute 60",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20261231-236000-a1b2\",\"from\":\"yadoking\",\"payload\""
     ":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"2024-02-29",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20240229-120000-a1b2\",\"from\":\"yadoking\",\"payload\""
     ":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     0,
     {{0}}},
    {"2100-02-29",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-21000229-120000-a1b2\",\"from\":\"yadoking\",\"payload\""
     ":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"2000-02-29",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20000229-120000-a1b2\",\"from\":\"yadoking\",\"payload\""
     ":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     0,
     {{0}}},
    {"month 00",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260010-120000-a1b2\",\"from\":\"yadoking\",\"payload\""
     ":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"day 00",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260100-120000-a1b2\",\"from\":\"yadoking\",\"payload\""
     ":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"upper hex",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101-120000-A1b2\",\"from\":\"yadoking\",\"payload\""
     ":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"letter in date",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-2026a101-120000-a1b2\",\"from\":\"yadoking\",\"payload\""
     ":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"no dash before time",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101x120000-a1b2\",\"from\":\"yadoking\",\"payload\""
     ":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"suffix",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101-120000-a1b2-review-sub2\",\"from\":\"yadoking\""
     ",\"payload\":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     0,
     {{0}}},
    {"suffix sub0",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101-120000-a1b2-review-sub0\",\"from\":\"yadoking\""
     ",\"payload\":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"suffix sub10",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101-120000-a1b2-r-sub10\",\"from\":\"yadoking\",\""
     "payload\":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     0,
     {{0}}},
    {"suffix no N",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101-120000-a1b2-review-sub\",\"from\":\"yadoking\""
     ",\"payload\":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"suffix no phase",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101-120000-a1b2--sub1\",\"from\":\"yadoking\",\"pa"
     "yload\":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"suffix no dash",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101-120000-a1b2xreview-sub1\",\"from\":\"yadoking\""
     ",\"payload\":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"suffix with LF",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101-120000-a1b2-re\\nview-sub1\",\"from\":\"yadoki"
     "ng\",\"payload\":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"suffix with CR",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101-120000-a1b2-re\\rview-sub1\",\"from\":\"yadoki"
     "ng\",\"payload\":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"suffix with U+2028",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101-120000-a1b2-re v-sub1\",\"from\":\"yadoking\","
     "\"payload\":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"suffix with U+2029",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101-120000-a1b2-re v-sub1\",\"from\":\"yadoking\","
     "\"payload\":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"suffix with U+2027",
     NULL,
     "{\"type\":\"task\",\"id\":\"task-20260101-120000-a1b2-re‧v-sub1\",\"from\":\"yadoking\","
     "\"payload\":{\"instruction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     0,
     {{0}}},
    {"unknown",
     NULL,
     "{\"type\":\"task\",\"id\":\"unknown\",\"from\":\"yadoking\",\"payload\":{\"instruction\""
     ":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     0,
     {{0}}},
    {"unknown suffix",
     NULL,
     "{\"type\":\"task\",\"id\":\"unknown-x-sub3\",\"from\":\"yadoking\",\"payload\":{\"instru"
     "ction\":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     0,
     {{0}}},
    {"unknowns",
     NULL,
     "{\"type\":\"task\",\"id\":\"unknowns\",\"from\":\"yadoking\",\"payload\":{\"instruction\""
     ":\"x\",\"project_dir\":\"/p\"}}",
     AMC_OK,
     1,
     {{AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 20,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"result id",
     NULL,
     "{\"type\":\"result\",\"id\":\"task-20260101-120000-a1b2-x-sub01\",\"from\":\"yadon-1\",\""
     "status\":\"success\",\"summary\":\"s\"}",
     AMC_EINVALID,
     2,
     {{AMC_C_SOCKET_RESULT, "SOCKET-RESULT-001", "", 0,
       "SCHEMA_REQUIRED: \"payload\" is a required property"},
      {AMC_C_SOCKET_ID_FORMAT, "SOCKET-ID-002", "/id", 22,
       "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, 4 lower-case hex digits), "
       "optionally with -<phase>-sub<N>"}}},
    {"status response busy with task",
     NULL,
     "{\"type\":\"status_response\",\"state\":\"busy\",\"current_task\":\"t\"}",
     AMC_EINVALID,
     1,
     {{AMC_C_SOCKET_STATUS_RESPONSE, "SOCKET-SR-001", "", 0,
       "SCHEMA_REQUIRED: \"from\" is a required property"}}},
    {"status response idle null",
     NULL,
     "{\"type\":\"status_response\",\"state\":\"idle\",\"current_task\":null}",
     AMC_EINVALID,
     1,
     {{AMC_C_SOCKET_STATUS_RESPONSE, "SOCKET-SR-001", "", 0,
       "SCHEMA_REQUIRED: \"from\" is a required property"}}},
    {"status response stopped with task",
     NULL,
     "{\"type\":\"status_response\",\"state\":\"stopped\",\"current_task\":\"t\"}",
     AMC_EINVALID,
     2,
     {{AMC_C_SOCKET_STATUS_RESPONSE, "SOCKET-SR-001", "", 0,
       "SCHEMA_REQUIRED: \"from\" is a required property"},
      {AMC_C_SOCKET_STATUS_RESPONSE, "SOCKET-SR-001", "/state", 34,
       "SCHEMA_ENUM: \"stopped\" is not one of \"idle\", \"busy\""}}},
};

static void test_socket(void **state)
{
    (void)state;
    run_all("socket", sock, sizeof sock / sizeof sock[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_discussion),
        cmocka_unit_test(test_discussion_limits),
        cmocka_unit_test(test_acp),
        cmocka_unit_test(test_socket),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
