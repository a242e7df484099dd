/*
 * test_mutlib2_detect.c - the profiles' detection scores (which profile amc validate picks
 * when none is named) against a reference written here from their documented rules (issue 22:
 * a surviving mutant of src/profiles/acp.c acp_detect gave 60 for agent_id without agent_type):
 *   - acp: +50 from_agent or to_agent; +40 message_type and payload; +60 any of
 *     recovery_strategy, metric_type, audit_event, global_metrics; +60 agent_type and agent_id;
 *     +40 session_id; a quarter of that with any of msg_id, sender_id, discussion_id, speaker;
 *     +10 in an inbox/ path; at most 90;
 *   - discussion: +60 confidence_calculation, +40 phase_name, +40 discussion_id, +30 speaker;
 *     then +10 message_type; a quarter with any of msg_id, sender_id, from_agent, to_agent;
 *     at most 95;
 *   - mailbox: +20 each of msg_id, sender_id, signature, payload; then +10 for a .json path and
 *     +10 for a file in a mailbox folder: inbox/, ack/ or deadletter/<agent>/ (not another
 *     folder of the same length, such as quarantine/ or inbax/);
 * Every subset of the discussion and mailbox keys, and of the acp keys every subset of up to
 * three and 3000 more drawn with a fixed seed, each with and without a path; objects after
 * white space; anything not starting with '{' scores 0.
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

extern const amc_profile_ops amc_profile_acp;
extern const amc_profile_ops amc_profile_discussion;
extern const amc_profile_ops amc_profile_mailbox;

/* {"k1": 1, "k2": 1, ...} of the keys whose bits are set, after lead white space */
static size_t make_doc(char *out, size_t cap, const char *lead, const char *const *keys,
                       size_t nkeys, uint32_t set)
{
    size_t i = 0, len = 0;
    bool first = true;
    len += (size_t)snprintf(out + len, cap - len, "%s{", lead);
    for (i = 0; i < nkeys; i++) {
        if (!(set & (1u << i)))
            continue;
        len += (size_t)snprintf(out + len, cap - len, "%s\"%s\": 1", first ? "" : ", ", keys[i]);
        first = false;
    }
    len += (size_t)snprintf(out + len, cap - len, "}");
    assert_true(len < cap);
    return len;
}

static bool has(const char *const *keys, uint32_t set, const char *k)
{
    size_t i = 0;
    for (i = 0; keys[i]; i++)
        if ((set & (1u << i)) && !strcmp(keys[i], k))
            return true;
    return false;
}

static int bad;

static void expect(const char *what, const char *doc, const char *path, int got, int want)
{
    if (got != want) {
        fprintf(stderr, "%s: %s (path %s): %d, expected %d\n", what, doc, path ? path : "none", got,
                want);
        bad++;
    }
}

/* ---- acp ---- */

static const char *const acp_keys[] = {
    "from_agent",  "to_agent",       "message_type", "payload",  "recovery_strategy", "metric_type",
    "audit_event", "global_metrics", "agent_type",   "agent_id", "session_id",        "msg_id",
    "sender_id",   "discussion_id",  "speaker",      NULL};
#define ACP_N 15

static int acp_ref(uint32_t s, const char *path)
{
    const char *const *k = acp_keys;
    int score = 0;
    if (has(k, s, "from_agent") || has(k, s, "to_agent"))
        score += 50;
    if (has(k, s, "message_type") && has(k, s, "payload"))
        score += 40;
    if (has(k, s, "recovery_strategy") || has(k, s, "metric_type") || has(k, s, "audit_event") ||
        has(k, s, "global_metrics"))
        score += 60;
    if (has(k, s, "agent_type") && has(k, s, "agent_id"))
        score += 60;
    if (has(k, s, "session_id"))
        score += 40;
    if (score && (has(k, s, "msg_id") || has(k, s, "sender_id") || has(k, s, "discussion_id") ||
                  has(k, s, "speaker")))
        score /= 4;
    if (score && path && strstr(path, "inbox/"))
        score += 10;
    return score > 90 ? 90 : score;
}

static int popcount(uint32_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static void acp_one(uint32_t s)
{
    static const char *const paths[] = {NULL, "agent-workspace/inbox/agent-a/MSG-001.json",
                                        "outbox/x.json"};
    char doc[1024];
    size_t len = make_doc(doc, sizeof doc, "", acp_keys, ACP_N, s), p = 0;
    for (p = 0; p < 3; p++)
        expect("acp", doc, paths[p], amc_profile_acp.detect(paths[p], doc, len),
               acp_ref(s, paths[p]));
}

static void test_acp(void **state)
{
    uint32_t s = 0, rng = 12345u;
    int i = 0;
    (void)state;
    for (s = 0; s < (1u << ACP_N); s++)
        if (popcount(s) <= 3)
            acp_one(s);
    for (i = 0; i < 3000; i++) {
        rng = rng * 1103515245u + 12345u;
        acp_one((rng >> 8) & ((1u << ACP_N) - 1));
    }
    assert_int_equal(bad, 0);
}

/* ---- discussion ---- */

static const char *const disc_keys[] = {"confidence_calculation",
                                        "phase_name",
                                        "discussion_id",
                                        "speaker",
                                        "message_type",
                                        "msg_id",
                                        "sender_id",
                                        "from_agent",
                                        "to_agent",
                                        NULL};
#define DISC_N 9

static int disc_ref(uint32_t s)
{
    const char *const *k = disc_keys;
    int score = 0;
    if (has(k, s, "confidence_calculation"))
        score += 60;
    if (has(k, s, "phase_name"))
        score += 40;
    if (has(k, s, "discussion_id"))
        score += 40;
    if (has(k, s, "speaker"))
        score += 30;
    if (score && has(k, s, "message_type"))
        score += 10;
    if (score && (has(k, s, "msg_id") || has(k, s, "sender_id") || has(k, s, "from_agent") ||
                  has(k, s, "to_agent")))
        score /= 4;
    return score > 95 ? 95 : score;
}

static void test_discussion(void **state)
{
    uint32_t s = 0;
    char doc[1024];
    (void)state;
    for (s = 0; s < (1u << DISC_N); s++) {
        size_t len = make_doc(doc, sizeof doc, "", disc_keys, DISC_N, s);
        expect("discussion", doc, NULL, amc_profile_discussion.detect(NULL, doc, len), disc_ref(s));
        expect("discussion", doc, "x/y.json", amc_profile_discussion.detect("x/y.json", doc, len),
               disc_ref(s));
    }
    assert_int_equal(bad, 0);
}

/* ---- mailbox ---- */

static const char *const mb_keys[] = {"msg_id", "sender_id", "signature", "payload", "other", NULL};
#define MB_N 5

static void test_mailbox(void **state)
{
    static const char *const paths[] = {NULL,
                                        "x.json",
                                        "x.jsonl",
                                        "json",
                                        "a/b.txt",
                                        "inbox/codex/m.json",
                                        "ack/codex/m.json",
                                        "deadletter/codex/m.json",
                                        "root/deadletter/codex/m.json",
                                        "quarantine/codex/m.json",
                                        "deadlettex/codex/m.json",
                                        "inbax/codex/m.json",
                                        "acc/codex/m.json",
                                        "deadletter/m.json"};
    static const bool tree[] = {false, false, false, false, false, true,  true,
                                true,  true,  false, false, false, false, false};
    uint32_t s = 0;
    size_t p = 0;
    char doc[1024];
    (void)state;
    for (s = 0; s < (1u << MB_N); s++) {
        size_t len = make_doc(doc, sizeof doc, "", mb_keys, MB_N, s);
        int base = 20 * popcount(s & 15u);
        for (p = 0; p < sizeof paths / sizeof paths[0]; p++) {
            int want = base;
            if (base && paths[p] && strlen(paths[p]) > 5 &&
                !strcmp(paths[p] + strlen(paths[p]) - 5, ".json"))
                want += 10;
            if (base && tree[p])
                want += 10;
            expect("mailbox", doc, paths[p], amc_profile_mailbox.detect(paths[p], doc, len), want);
        }
    }
    assert_int_equal(bad, 0);
}

/* ---- what precedes the object ---- */

static void test_leading(void **state)
{
    static const char *const leads[] = {"", " ", "\t", "\r\n", "\n \t\r"};
    static const char *const acp2[] = {"from_agent", "session_id", NULL};
    static const char *const disc2[] = {"phase_name", "speaker", NULL};
    static const char *const mb2[] = {"msg_id", "payload", NULL};
    char doc[256];
    size_t i = 0, len = 0;
    (void)state;
    for (i = 0; i < sizeof leads / sizeof leads[0]; i++) {
        len = make_doc(doc, sizeof doc, leads[i], acp2, 2, 3);
        expect("acp", doc, NULL, amc_profile_acp.detect(NULL, doc, len), 90);
        len = make_doc(doc, sizeof doc, leads[i], disc2, 2, 3);
        expect("discussion", doc, NULL, amc_profile_discussion.detect(NULL, doc, len), 70);
        len = make_doc(doc, sizeof doc, leads[i], mb2, 2, 3);
        expect("mailbox", doc, NULL, amc_profile_mailbox.detect(NULL, doc, len), 40);
    }
    /* not an object, or nothing but white space: 0 */
    expect("acp", "[...]", NULL, amc_profile_acp.detect(NULL, "[{\"from_agent\": 1}]", 19), 0);
    expect("acp", "x{...}", NULL,
           amc_profile_acp.detect(NULL, "x{\"from_agent\": 1, \"session_id\": 1}", 35), 0);
    expect("acp", "blank", NULL, amc_profile_acp.detect(NULL, " \n\t", 3), 0);
    expect("discussion", "blank", NULL, amc_profile_discussion.detect(NULL, "\r\n", 2), 0);
    expect("discussion", "x{...}", NULL,
           amc_profile_discussion.detect(NULL, "x{\"phase_name\": 1}", 18), 0);
    expect("mailbox", "blank", NULL, amc_profile_mailbox.detect(NULL, "  ", 2), 0);
    expect("mailbox", "[...]", NULL, amc_profile_mailbox.detect(NULL, "[{\"msg_id\": 1}]", 15), 0);
    expect("mailbox", "empty", NULL, amc_profile_mailbox.detect(NULL, "", 0), 0);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_acp),
        cmocka_unit_test(test_discussion),
        cmocka_unit_test(test_mailbox),
        cmocka_unit_test(test_leading),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
