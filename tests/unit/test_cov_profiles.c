/*
 * test_cov_profiles.c - profile rules at the edges the coverage report showed untested
 * (src/profiles: acp.c, discussion.c, mailbox.c, ignite.c, socket.c). Each case validates one
 * input with one profile and asserts the code, the byte offset it points at (the first
 * occurrence of a marker in the input), a piece of its message, and the number of errors; a case
 * without a code asserts that no error is reported.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

typedef struct pcase {
    const char *name, *profile, *path, *in;
    amc_code code;    /* expected (0: no error at all) */
    const char *at;   /* the diagnostic points at the first occurrence of this (NULL: unchecked) */
    const char *hint; /* substring of its message (NULL: not checked) */
    int nerr;         /* errors reported in all (-1: not checked) */
} pcase;

static int run(const pcase *t)
{
    amc_validator_opts o;
    amc_validator *v = NULL;
    amc_diags *ds = amc_diags_new(0);
    const amc_diag *hit = NULL;
    size_t k = 0;
    int bad = 0;
    memset(&o, 0, sizeof o);
    o.profile = t->profile;
    assert_non_null(ds);
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
    (void)amc_validator_check(v, t->path, t->in, strlen(t->in), ds, NULL);
    for (k = 0; k < amc_diags_count(ds) && !hit; k++)
        if (t->code && amc_diags_get(ds, k)->code == t->code)
            hit = amc_diags_get(ds, k);
    if (t->code && !hit) {
        printf("FAIL %s: %s not reported\n", t->name, amc_code_id(t->code));
        bad = 1;
    } else if (!t->code && amc_diags_errors(ds)) {
        printf("FAIL %s: unexpected error\n", t->name);
        bad = 1;
    } else if (hit && t->at &&
               (!strstr(t->in, t->at) ||
                hit->at.offset != (size_t)(strstr(t->in, t->at) - t->in))) {
        printf("FAIL %s: at offset %zu, want %zu ('%s')\n", t->name, hit->at.offset,
               strstr(t->in, t->at) ? (size_t)(strstr(t->in, t->at) - t->in) : (size_t)-1, t->at);
        bad = 1;
    } else if (hit && t->hint && !strstr(hit->message, t->hint)) {
        printf("FAIL %s: message '%s' lacks '%s'\n", t->name, hit->message, t->hint);
        bad = 1;
    } else if (t->nerr >= 0 && amc_diags_errors(ds) != (size_t)t->nerr) {
        printf("FAIL %s: %zu errors, want %d\n", t->name, amc_diags_errors(ds), t->nerr);
        bad = 1;
    }
    for (k = 0; bad && k < amc_diags_count(ds) && k < 8; k++)
        printf("    @%zu %s %s\n", amc_diags_get(ds, k)->at.offset,
               amc_code_id(amc_diags_get(ds, k)->code), amc_diags_get(ds, k)->message);
    amc_diags_free(ds);
    amc_validator_free(v);
    return bad;
}

static void run_all(const pcase *cases, size_t n)
{
    size_t i = 0;
    int bad = 0;
    for (i = 0; i < n; i++)
        bad += run(&cases[i]);
    if (bad)
        fail_msg("%d of %zu cases failed", bad, n);
}

/* ---- discussion (docs/profiles/discussion.md) ---- */

#define T0 "2026-01-15T09:00:00+09:00"
#define SESS(did, fd, rest)                                                                        \
    "{\"discussion_id\":\"" did                                                                    \
    "\",\"status\":\"OPEN\",\"priority\":\"HIGH\",\"created_at\":\"" T0                            \
    "\",\"closed_at\":null,\"trigger\":{\"type\":\"T\"},\"participants\":[\"分析特化\","       \
    "\"決裁者\",\"倫理特化\"],\"phases\":[],\"final_decision\":" fd rest "}"
#define MSG(did, n, spk, type, phase, content)                                                     \
    "{\"message_id\":\"MSG-" did "-" n "\",\"discussion_id\":\"" did "\",\"phase\":" phase         \
    ",\"speaker\":\"" spk "\",\"message_type\":\"" type "\",\"timestamp\":\"" T0                   \
    "\",\"content\":" content "}"
#define D1 "DISC-2026-01-15-001"
#define EXEC_ORDER                                                                                 \
    MSG(D1, "1", "決裁者", "EXECUTION_ORDER", "6",                                                 \
        "{\"decision_id\":\"DEC-2026-01-15-2\",\"actions\":[{\"action_type\":\"a\"}],"             \
        "\"monitoring\":{}}")
#define OBJECTION(n, target)                                                                       \
    MSG(D1, n, "倫理特化", "OBJECTION", "6",                                                       \
        "{\"target_decision\":\"" target "\",\"condition\":\"倫理的懸念\",\"reason\":\"r\","  \
        "\"evidence\":[],\"alternative\":\"x\"}")

static const pcase disc[] = {
    /* message rules that read a member only when the schema's type holds */
    {"objection for a governance condition raised by 法務特化", "discussion", NULL,
     MSG(D1, "1", "法務特化", "OBJECTION", "6",
         "{\"target_decision\":\"DEC-2026-01-15-1\",\"condition\":\"重大なリスク見落とし\","
         "\"reason\":\"r\",\"evidence\":[],\"alternative\":\"x\"}"),
     0, NULL, NULL, 0},
    {"GOVERNANCE_LEGAL check_result FAIL", "discussion", NULL,
     MSG(D1, "2", "法務特化", "GOVERNANCE_LEGAL", "4",
         "{\"check_result\":\"FAIL\",\"concerns\":[]}"),
     0, NULL, NULL, 0},
    {"weight that is not a number: its range, no sum", "discussion", NULL,
     MSG(D1, "3", "決裁者", "DECISION_DELIBERATION", "5",
         "{\"summary_of_opinions\":{},\"weight_assignment\":{\"a\":\"x\",\"b\":0.5}}"),
     AMC_C_DISC_WEIGHT_RANGE, "\"x\"", "SCHEMA_TYPE: expected number, got string", 1},
    {"objection condition a number: no filer check", "discussion", NULL,
     MSG(D1, "4", "倫理特化", "OBJECTION", "6",
         "{\"target_decision\":\"DEC-2026-01-15-1\",\"condition\":5,\"reason\":\"r\","
         "\"evidence\":[],\"alternative\":\"x\"}"),
     AMC_C_DISC_OBJ_CONDITION, "5,\"reason", "SCHEMA_ENUM: 5 is not one of", 1},
    {"objection by a speaker that is a number: no filer check", "discussion", NULL,
     "{\"message_id\":\"MSG-" D1 "-6\",\"discussion_id\":\"" D1 "\",\"phase\":6,\"speaker\":5,"
     "\"message_type\":\"OBJECTION\",\"timestamp\":\"" T0 "\",\"content\":{\"target_decision\":"
     "\"DEC-2026-01-15-1\",\"condition\":\"倫理的懸念\",\"reason\":\"r\",\"evidence\":[],"
     "\"alternative\":\"x\"}}",
     AMC_C_DISC_MSG_STRUCTURE, "5,\"message_type", "SCHEMA_TYPE: expected string, got number", 1},
    {"session: discussion_id on a day that does not exist", "discussion", NULL,
     SESS("DISC-2026-02-30-001", "{}", ""), AMC_C_DISC_ID_FORMAT, "\"DISC-2026-02-30-001\"",
     "discussion_id DISC-2026-02-30-001 names a date that does not exist", 1},
    {"session: final decision on a day that does not exist", "discussion", NULL,
     SESS(D1, "{\"decision_id\":\"DEC-2026-02-30-1\"}", ""), AMC_C_DISC_DEC_ID_FORMAT,
     "\"DEC-2026-02-30-1\"", "decision_id DEC-2026-02-30-1 names a date that does not exist", 1},
    {"session: a message of another discussion", "discussion", NULL,
     SESS(D1, "{}",
          ",\"messages\":[" MSG("DISC-2026-01-16-001", "1", "分析特化", "ACKNOWLEDGEMENT", "1",
                                "{\"status\":\"ok\"}") "]"),
     AMC_C_DISC_SESSION_MISMATCH, "\"DISC-2026-01-16-001\",\"phase",
     "message of DISC-2026-01-16-001 inside discussion DISC-2026-01-15-001", 1},
    /* objections: the final decision and an execution order's decision are known targets */
    {"session: objections to known and unknown decisions", "discussion", NULL,
     SESS(D1, "{\"decision_id\":\"DEC-2026-01-15-1\"}",
          ",\"messages\":[" EXEC_ORDER "," OBJECTION("2", "DEC-2026-01-15-2") "," OBJECTION(
              "3", "DEC-2026-01-15-1") "," OBJECTION("4", "DEC-2026-01-15-9") "]"),
     AMC_C_DISC_OBJ_TARGET, "\"DEC-2026-01-15-9\"",
     "the objection targets DEC-2026-01-15-9, which is not a decision of this discussion", 0},
    {"session: objections, every target known", "discussion", NULL,
     SESS(D1, "{\"decision_id\":\"DEC-2026-01-15-1\"}",
          ",\"messages\":[" EXEC_ORDER
          "," OBJECTION("2", "DEC-2026-01-15-2") "," OBJECTION("3", "DEC-2026-01-15-1") "]"),
     0, NULL, NULL, 0},
/* §7.1: who may raise each objection condition */
#define OBJ_ITEM(spk, cond)                                                                        \
    "{\"speaker\":\"" spk "\",\"message_type\":\"OBJECTION\",\"content\":{\"target_decision\":"    \
    "\"DEC-2026-01-15-1\",\"condition\":\"" cond "\",\"reason\":\"r\",\"evidence\":[],"            \
    "\"alternative\":\"x\"}}"
    {"serious risk raised by 倫理特化", "discussion", NULL,
     OBJ_ITEM("倫理特化", "重大なリスク見落とし"), 0, NULL, NULL, 0},
    {"serious risk raised by 法務特化", "discussion", NULL,
     OBJ_ITEM("法務特化", "重大なリスク見落とし"), 0, NULL, NULL, 0},
    {"ethics raised by 倫理特化", "discussion", NULL, OBJ_ITEM("倫理特化", "倫理的懸念"), 0, NULL,
     NULL, 0},
    {"legal risk raised by 法務特化", "discussion", NULL, OBJ_ITEM("法務特化", "法的リスク"), 0,
     NULL, NULL, 0},
    {"legal risk raised by 倫理特化", "discussion", NULL, OBJ_ITEM("倫理特化", "法的リスク"),
     AMC_C_DISC_OBJ_FILER, "\"倫理特化\"",
     "objection condition 法的リスク raised by 倫理特化: only 法務特化 may raise it (§7.1)", 1},
    {"ethics raised by 分析特化", "discussion", NULL, OBJ_ITEM("分析特化", "倫理的懸念"),
     AMC_C_DISC_OBJ_FILER, "\"分析特化\"", "only 倫理特化 may raise it (§7.1)", 1},
};

static void test_discussion(void **state)
{
    (void)state;
    run_all(disc, sizeof disc / sizeof disc[0]);
}

/* ---- acp (docs/profiles/acp.md) ---- */

#define ENV(id, ts, type, payload)                                                                 \
    "{\"message_id\": \"" id "\", \"timestamp\": \"" ts "\", \"from_agent\": \"a\", "              \
    "\"to_agent\": \"b\", \"message_type\": \"" type "\", \"priority\": \"LOW\", "                 \
    "\"correlation_id\": \"c\", \"payload\": " payload ", \"metadata\": {\"requires_ack\": "       \
    "false}}"
#define TS   "2025-08-25T10:30:45.123Z"
#define QENV ENV("MSG-2025-08-25-001", TS, "QUERY", "{}")

static const pcase acp[] = {
    /* the calendar check leaves months and days out of range to the schema's pattern */
    {"message_id month 13", "acp", NULL, ENV("MSG-2025-13-01-001", TS, "QUERY", "{}"),
     AMC_C_ACP_ID_FORMAT, "\"MSG-2025-13-01-001\"", "does not match", 1},
    {"message_id day 00", "acp", NULL, ENV("MSG-2025-01-00-001", TS, "QUERY", "{}"),
     AMC_C_ACP_ID_FORMAT, "\"MSG-2025-01-00-001\"", "does not match", 1},
    {"message_id 2100-02-29 (century, not leap)", "acp", NULL,
     ENV("MSG-2100-02-29-001", TS, "QUERY", "{}"), AMC_C_ACP_ID_FORMAT, "\"MSG-2100-02-29-001\"",
     "message_id 'MSG-2100-02-29-001' names a date that does not exist", 1},
    {"message_id 2000-02-29 (400-year leap)", "acp", NULL,
     ENV("MSG-2000-02-29-001", TS, "QUERY", "{}"), 0, NULL, NULL, 0},
    {"message_id 2025-04-31", "acp", NULL, ENV("MSG-2025-04-31-001", TS, "QUERY", "{}"),
     AMC_C_ACP_ID_FORMAT, "\"MSG-2025-04-31-001\"", "names a date that does not exist", 1},
    /* placement: only .../inbox/<agent>/<file> is checked */
    {"file at the root", "acp", "/MSG-2025-08-25-001.json", QENV, 0, NULL, NULL, 0},
    {"file name without a directory", "acp", "MSG-2025-08-25-001.json", QENV, 0, NULL, NULL, 0},
    {"agent directory under another name than inbox", "acp", "inbix/b/x.json", QENV, 0, NULL, NULL,
     0},
    {"agent directory under a longer name", "acp", "myinbox/b/x.json", QENV, 0, NULL, NULL, 0},
    {"file named after the id but not .json", "acp", "inbox/b/MSG-2025-08-25-001.jsn", QENV,
     AMC_C_ACP_INBOX_FILENAME, "\"MSG-2025-08-25-001\"",
     "the file is named 'MSG-2025-08-25-001.jsn', not 'MSG-2025-08-25-001.json'", 1},
    {"file named with the id and more", "acp", "inbox/b/MSG-2025-08-25-001x.json", QENV,
     AMC_C_ACP_INBOX_FILENAME, "\"MSG-2025-08-25-001\"", "'MSG-2025-08-25-001x.json'", 1},
    /* ERR-002: the third failed attempt must not ask for RETRY */
    {"ERROR after 2 attempts asking for RETRY", "acp", NULL,
     ENV("MSG-2025-08-25-001", TS, "ERROR",
         "{\"error_code\": \"E\", \"error_message\": \"m\", \"error_level\": \"MAJOR\", "
         "\"recovery_action\": \"RETRY\", \"context\": {\"retry_attempts\": 2}}"),
     0, NULL, NULL, 0},
    {"ERROR after 3 attempts asking for SKIP", "acp", NULL,
     ENV("MSG-2025-08-25-001", TS, "ERROR",
         "{\"error_code\": \"E\", \"error_message\": \"m\", \"error_level\": \"MAJOR\", "
         "\"recovery_action\": \"SKIP\", \"context\": {\"retry_attempts\": 3}}"),
     0, NULL, NULL, 0},
    {"RESULT SUCCESS with an empty error list", "acp", NULL,
     ENV("MSG-2025-08-25-001", TS, "RESULT",
         "{\"task_id\": \"T\", \"status\": \"SUCCESS\", \"errors\": []}"),
     0, NULL, NULL, 0},
    {"RESULT FAILURE with errors", "acp", NULL,
     ENV("MSG-2025-08-25-001", TS, "RESULT",
         "{\"task_id\": \"T\", \"status\": \"FAILURE\", \"errors\": [\"e\"]}"),
     0, NULL, NULL, 0},
};

static void test_acp(void **state)
{
    (void)state;
    run_all(acp, sizeof acp / sizeof acp[0]);
}

/* ---- ignite (docs/profiles/ignite.md) ---- */

#define IG_HEAD(type, extra)                                                                       \
    "MIME-Version: 1.0\nMessage-ID: <177069306000.59845.16387098975994078935@ignite.local>\n"      \
    "From: user\nTo: coordinator\nDate: Tue, 10 Feb 2026 12:11:00 +0900\nX-IGNITE-Type: " type     \
    "\nX-IGNITE-Priority: normal\n" extra                                                          \
    "Content-Type: text/x-yaml; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n"
#define IG_MSG(extra) IG_HEAD("notification", extra) "message: hi\n"
#define IG_DLQ(orig)                                                                               \
    IG_HEAD("dead_letter", "X-IGNITE-Status: dead_letter\n")                                       \
    "original_file: \"" orig "\"\nfailure_info:\n  retry_count: 3\n  max_retries: 3\n"             \
    "  last_error: x\n  moved_at: \"2026-02-10T12:51:43+09:00\"\noriginal_message: |\n  x\n"

static const pcase ignite[] = {
    /* an unknown X-IGNITE- header whose parse key is that of a known one spelled otherwise */
    {"X-IGNITE-Processed_At overwrites processed_at", "ignite", NULL,
     IG_MSG("X-IGNITE-Processed_At: 2026-02-10T12:51:43+09:00\n"), AMC_C_IGNITE_HDR_SHADOW,
     "X-IGNITE-Processed_At",
     "X-IGNITE-Processed_At would overwrite 'processed_at' in ignite_mime.py parse output", -1},
    {"two unknown X-IGNITE- headers with one parse key", "ignite", NULL,
     IG_MSG("X-IGNITE-Foo-Bar: 1\nX-IGNITE-foo_bar: 2\n"), AMC_C_IGNITE_HDR_SHADOW,
     "X-IGNITE-foo_bar", "X-IGNITE-foo_bar would overwrite 'foo_bar'", -1},
    /* X-IGNITE-Retry-Count against the policy's limit (default 3); more than 10 digits is over
     * whatever the limit */
    {"Retry-Count of 11 digits", "ignite", NULL, IG_MSG("X-IGNITE-Retry-Count: 12345678901\n"),
     AMC_C_IGNITE_RETRY_LIMIT, "12345678901",
     "X-IGNITE-Retry-Count 12345678901 exceeds the retry limit 3", 0},
    {"Retry-Count at the limit", "ignite", NULL, IG_MSG("X-IGNITE-Retry-Count: 3\n"), 0, NULL, NULL,
     0},
    {"Thread-ID with a non-ASCII letter", "ignite", NULL, IG_MSG("X-IGNITE-Thread-ID: a\xc3\xa9\n"),
     AMC_C_IGNITE_THREAD_ID, "a\xc3\xa9", "is not one token of visible ASCII", 0},
    /* a body of white space, CRs and a comment reads as null: only the CR is reported */
    {"blank body with a tab, CRs and a comment", "ignite", NULL,
     IG_HEAD("notification", "") "\t\r\n  # c\r\n", AMC_C_IGNITE_MSG_CRLF, NULL,
     "carriage return in the file", 0},
    /* dead letters: <original>_dlq_<10 digits>.mime, the original named with .mime or .yaml */
    {"dead letter of a .yaml original", "ignite",
     "queue/dead_letter/task_assignment_1770694200247583_dlq_1770695503.mime",
     IG_DLQ("task_assignment_1770694200247583.yaml"), 0, NULL, NULL, 0},
    {"dead letter named after another original", "ignite",
     "queue/dead_letter/task_assignment_1770694200247583_dlq_1770695503.mime",
     IG_DLQ("task_assignment_1770694200247584.mime"), AMC_C_IGNITE_FILE_NAME, "MIME-Version",
     "file name 'task_assignment_1770694200247583_dlq_1770695503.mime' does not follow "
     "<original>_dlq_<10 digits>.mime",
     -1},
    {"dead letter with 9 digits", "ignite",
     "queue/dead_letter/task_assignment_1770694200247583_dlq_177069550.mime",
     IG_DLQ("task_assignment_1770694200247583.mime"), AMC_C_IGNITE_FILE_NAME, "MIME-Version",
     "does not follow <original>_dlq_<10 digits>.mime", -1},
    /* placement is read only for queue/<agent>/<file> and queue/<agent>/processed/<file> */
    {"deeper below queue/: not placement", "ignite", "queue/a/b/c/notification_x.mime", IG_MSG(""),
     0, NULL, NULL, 0},
    {"dead_letter/processed/: not placement", "ignite",
     "queue/dead_letter/processed/notification_x.mime", IG_MSG(""), 0, NULL, NULL, 0},
};

static void test_ignite(void **state)
{
    (void)state;
    run_all(ignite, sizeof ignite / sizeof ignite[0]);
}

/* ---- auto: nothing detected (a *.mime path is always ignite's, score 60) ---- */

static const pcase undetected[] = {
    /* a file no profile takes: the reader's own findings are still reported (issue 14), then
     * PROFILE_UNDETECTED */
    {"a .json file with NaN", "auto", "x.json", "{\"a\":NaN}", AMC_C_JSON_NONFINITE, "NaN",
     "'NaN' is not a JSON number (NaN and Infinity are not allowed)", 2},
    {"a .json file read cleanly", "auto", "x.json", "{\"a\":1}", AMC_C_PROFILE_UNDETECTED, "{",
     "the message matches no implemented profile", 1},
};

static void test_undetected(void **state)
{
    (void)state;
    run_all(undetected, sizeof undetected / sizeof undetected[0]);
}

/* ---- socket (docs/profiles/socket.md): ids <canonical>[-<phase>-sub<N>] ---- */

#define SOCK(id)                                                                                   \
    "{\"type\": \"task\", \"id\": \"" id "\", \"from\": \"yadoking\", \"payload\": "               \
    "{\"instruction\": \"x\", \"project_dir\": \"/w\"}}"

static const pcase sock[] = {
    {"a sub-task id", "socket", NULL, SOCK("task-20260201-120000-a1b2-impl-sub1"), 0, NULL, NULL,
     0},
    {"an unknown-based sub-task id", "socket", NULL, SOCK("unknown-impl-sub2"), 0, NULL, NULL, 0},
    {"a phase holding U+2028", "socket", NULL,
     SOCK("task-20260201-120000-a1b2-a\xe2\x80\xa8"
          "b-sub1"),
     AMC_C_SOCKET_ID_FORMAT, "\"task-", NULL, 0},
    {"a phase holding U+2029", "socket", NULL,
     SOCK("task-20260201-120000-a1b2-a\xe2\x80\xa9"
          "b-sub1"),
     AMC_C_SOCKET_ID_FORMAT, "\"task-", NULL, 0},
    {"a phase holding U+2027 (not a line separator)", "socket", NULL,
     SOCK("task-20260201-120000-a1b2-a\xe2\x80\xa7"
          "b-sub1"),
     0, NULL, NULL, 0},
    {"a phase holding an escaped line feed", "socket", NULL,
     SOCK("task-20260201-120000-a1b2-a\\nb-sub1"), AMC_C_SOCKET_ID_FORMAT, "\"task-", NULL, 0},
    {"sub0 (no leading zero)", "socket", NULL, SOCK("task-20260201-120000-a1b2-impl-sub0"),
     AMC_C_SOCKET_ID_FORMAT, "\"task-", NULL, 0},
};

static void test_socket(void **state)
{
    (void)state;
    run_all(sock, sizeof sock / sizeof sock[0]);
}

/* ---- mailbox (docs/profiles/mailbox.md) ---- */

static const pcase mailbox[] = {
    /* from and sender_id compared as the implementation's JavaScript does (===): two objects
     * are never the same, even when equal */
    {"from and sender_id equal objects", "mailbox", NULL,
     "{\"msg_id\":\"b04d639f-0055-496f-b261-38e6aafd88e9\",\"schema_version\":1,\"task_id\":\""
     "task-demo-001\",\"sender_id\":{\"a\":1},\"sender_instance_id\":\"orchestrator-instance-1"
     "\",\"key_id\":\"k-orchestrator-v1\",\"issued_at\":\"2026-02-11T10:00:00.000Z\",\"nonce\""
     ":\"3baa78ab-a74a-4a65-9f5d-039dab8a672d\",\"signature\":\"def806ae0b11fee7ac3155d84d0102"
     "e7a808d23b4e4a040f96508758c99daadd\",\"from\":{\"a\":1},\"to\":\"claude\",\"type\":\"tas"
     "k_assignment\",\"state_version\":1,\"delivery_attempt\":1,\"created_at\":\"2026-02-11T10"
     ":00:00.000Z\",\"payload\":{\"review_request_ref\":\"artifact://task-demo-001/review-requ"
     "est.md\",\"required_agents\":[\"codex\",\"claude\"],\"instruction\":\"Please review this"
     " change set.\"}}",
     AMC_C_MAILBOX_SENDER_ID_MISMATCH, "{\"a\":1},\"to\"", "from differs from sender_id", -1},
};

static void test_mailbox(void **state)
{
    (void)state;
    run_all(mailbox, sizeof mailbox / sizeof mailbox[0]);
}

/* The envelope members are found by name, not by length: a member of the same length as one the
 * rules read (tx/to, frum/from, typx/type, nonse/nonce, msg_ix/msg_id, task_ix/task_id,
 * sender_ix/sender_id, state_versiox/state_version, delivery_attempx/delivery_attempt), placed
 * before it with a value that would break its rule, is only an unknown member. */
static void test_mailbox_lookalike_members(void **state)
{
    static const char env[] =
        "{\"tx\":5,\"frum\":5,\"typx\":5,\"nonse\":5,\"msg_ix\":5,\"task_ix\":5,"
        "\"sender_ix\":5,\"state_versiox\":\"x\",\"delivery_attempx\":\"x\","
        "\"msg_id\":\"b04d639f-0055-496f-b261-38e6aafd88e9\",\"schema_version\":1,\"task_id\":\""
        "task-demo-001\",\"sender_id\":\"orchestrator\",\"sender_instance_id\":\"orchestrator-"
        "instance-1\",\"key_id\":\"k-orchestrator-v1\",\"issued_at\":\"2026-02-11T10:00:00.000Z\","
        "\"nonce\":\"3baa78ab-a74a-4a65-9f5d-039dab8a672d\",\"signature\":\"def806ae0b11fee7ac3155"
        "d84d0102e7a808d23b4e4a040f96508758c99daadd\",\"from\":\"orchestrator\",\"to\":\"claude\","
        "\"type\":\"task_assignment\",\"state_version\":1,\"delivery_attempt\":1,\"created_at\":"
        "\"2026-02-11T10:00:00.000Z\",\"payload\":{\"review_request_ref\":\"artifact://task-demo-"
        "001/review-request.md\",\"required_agents\":[\"codex\",\"claude\"],\"instruction\":"
        "\"Please review this change set.\"}}";
    static const char *const names[] = {"tx",        "frum",          "typx",
                                        "nonse",     "msg_ix",        "task_ix",
                                        "sender_ix", "state_versiox", "delivery_attempx"};
    amc_validator_opts o;
    amc_validator *v = NULL;
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0, n = sizeof names / sizeof names[0];
    (void)state;
    memset(&o, 0, sizeof o);
    o.profile = "mailbox";
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
    assert_int_equal(amc_validator_check(v, NULL, env, sizeof env - 1, ds, NULL), AMC_EINVALID);
    /* one unknown member each, then the signature (the envelope changed) and nothing else */
    assert_int_equal(amc_diags_count(ds), n + 1);
    for (i = 0; i < n; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        char key[32], msg[96];
        snprintf(key, sizeof key, "\"%s\"", names[i]);
        snprintf(msg, sizeof msg, "additional property \"%s\" is not allowed", names[i]);
        assert_int_equal(d->code, AMC_C_MAILBOX_SCHEMA_INVALID);
        assert_int_equal(d->at.offset, (size_t)(strstr(env, key) - env));
        if (!strstr(d->message, msg))
            fail_msg("[%zu] '%s' lacks '%s'", i, d->message, msg);
    }
    assert_int_equal(amc_diags_get(ds, n)->code, AMC_C_MAILBOX_SIGNATURE_INVALID);
    amc_diags_free(ds);
    amc_validator_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_discussion),
        cmocka_unit_test(test_acp),
        cmocka_unit_test(test_ignite),
        cmocka_unit_test(test_undetected),
        cmocka_unit_test(test_socket),
        cmocka_unit_test(test_mailbox),
        cmocka_unit_test(test_mailbox_lookalike_members),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
