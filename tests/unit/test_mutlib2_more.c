/*
 * test_mutlib2_more.c - profile, lifecycle, JCS and arena behaviours whose mutants survived
 * issue-22 samples (docs/testing.md "Mutation testing"), each asserting the exact answer:
 *   - src/formats/jcs.c utf16_cmp on keys that are not UTF-8 (a built tree): the shared prefix is
 *     backed up only over bytes that continue a character in both keys, so "xA\xff" sorts before
 *     "x\x80" (byte order at the first difference), as the order of the two UTF8_INVALID
 *     diagnostics shows;
 *   - src/profiles/socket.c id_format_ok: a sub-task number ending in 9 (-sub9, -sub19, -sub99)
 *     is a valid id; -sub0 and -sub09 are not;
 *   - src/lifecycle/lc_socket.c sk_finish: the end-of-trace warning counts the open tasks and the
 *     sub-tasks dispatched without a result, exactly;
 *   - src/profiles/ignite.c: two X-IGNITE- header names whose keys agree in their first 127
 *     characters but not after are two keys for ignite_mime.py's parser (scripts/lib/
 *     ignite_mime.py parse_message: short.lower().replace("-", "_"), never cut), so no finding;
 *     two long names with one key are IGNITE-HDR-007, the message naming the key cut at 127
 *     characters (this test asserted a clash for the first case until the fifteenth round: a
 *     false alarm of amc's cut keys);
 *   - src/lifecycle/lc_ignite.c: the IGNITE-LC-002 message of a timeout whose Retry-Count is not
 *     the next one names the count expected (the last plus one);
 *   - src/audit/audit.c: the id an audited message is known by (duplicates) is its msg_id or
 *     message_id when that is a non-empty string; a message without one, with an empty one or
 *     with a number is no duplicate of anything;
 *   - src/lifecycle/lifecycle.c amc_lifecycle_state: the length is optional (NULL), and the
 *     one given is the state's, without the NUL;
 *   - src/core/arena.c amc_arena_alloc: a size within 16 bytes of SIZE_MAX (whose rounding up
 *     wraps around) is refused with NULL, from an empty arena and from one with room left;
 *     amc_arena_sprintf of an empty result is "", not NULL.
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
#include "amc/audit.h"
#include "amc/jcs.h"
#include "amc/lifecycle.h"
#include "core/arena_int.h"

/* ---- jcs: the order of keys that are not UTF-8 ---- */

static void test_jcs_invalid_key_order(void **state)
{
    static const struct {
        const char *k0, *k1;        /* the keys as built, in this order */
        const char *first, *second; /* the diagnostics' messages, in the order written */
    } cases[] = {
        /* 'A' (0x41) before 0x80: byte order at index 1 */
        {"x\x80", "xA\xff", "invalid UTF-8 in a key (byte 0xff at index 2)",
         "invalid UTF-8 in a key (byte 0x80 at index 1)"},
        {"xA\xff", "x\x80", "invalid UTF-8 in a key (byte 0xff at index 2)",
         "invalid UTF-8 in a key (byte 0x80 at index 1)"},
        /* after a whole two-byte character: 'B' before 0xbf */
        {"\xc3\xa9\xbf",
         "\xc3\xa9"
         "B\xfe",
         "invalid UTF-8 in a key (byte 0xfe at index 3)",
         "invalid UTF-8 in a key (byte 0xbf at index 2)"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_doc *doc = amc_doc_new(NULL, 0);
        amc_diags *ds = amc_diags_new(0);
        amc_value *obj = NULL;
        char *out = NULL;
        size_t k = 0;
        const char *keys[2];
        keys[0] = cases[i].k0;
        keys[1] = cases[i].k1;
        assert_non_null(doc);
        assert_non_null(ds);
        obj = amc_doc_new_value(doc, AMC_T_OBJECT, 0);
        assert_non_null(obj);
        obj->u.obj.members = amc_doc_alloc(doc, 2 * sizeof(amc_member));
        assert_non_null(obj->u.obj.members);
        for (k = 0; k < 2; k++) {
            amc_member *m = &obj->u.obj.members[k];
            m->key_len = strlen(keys[k]);
            m->key = amc_doc_strdup(doc, keys[k], m->key_len);
            m->key_offset = AMC_NO_OFFSET;
            m->value = amc_doc_new_value(doc, AMC_T_NULL, AMC_NO_OFFSET);
            assert_non_null(m->key);
            assert_non_null(m->value);
        }
        obj->u.obj.len = 2;
        assert_int_equal(amc_jcs_write(obj, ds, &out, NULL), AMC_EINVALID);
        assert_null(out);
        assert_int_equal(amc_diags_count(ds), 2);
        assert_string_equal(amc_diags_get(ds, 0)->message, cases[i].first);
        assert_string_equal(amc_diags_get(ds, 1)->message, cases[i].second);
        amc_diags_free(ds);
        amc_doc_free(doc);
    }
}

/* ---- a profile's findings on one message: "RULE@pointer message" lines ---- */

static void findings(const char *profile, const char *path, const char *msg, char *out, size_t cap)
{
    amc_validator_opts vo;
    amc_validator *v = NULL;
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0, len = 0;
    amc_status st = AMC_OK;
    assert_non_null(ds);
    memset(&vo, 0, sizeof vo);
    vo.profile = profile;
    assert_int_equal(amc_validator_new(&vo, ds, &v), AMC_OK);
    st = amc_validator_check(v, path, msg, strlen(msg), ds, NULL);
    assert_true(st == AMC_OK || st == AMC_EINVALID);
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        int n = snprintf(out + len, cap - len, "%s %s\n", d->rule_id ? d->rule_id : "-",
                         d->message ? d->message : "-");
        assert_true(n > 0 && (size_t)n < cap - len);
        len += (size_t)n;
    }
    amc_validator_free(v);
    amc_diags_free(ds);
}

/* ---- socket: task ids with a sub-task number ---- */

static void test_socket_sub_ids(void **state)
{
    static const struct {
        const char *suffix;
        bool ok;
    } cases[] = {
        {"-review-sub1", true},  {"-review-sub9", true},   {"-review-sub19", true},
        {"-review-sub99", true}, {"-review-sub90", true},  {"-a-sub109", true},
        {"-review-sub0", false}, {"-review-sub09", false}, {"-review-sub", false},
    };
    static const char *const bases[] = {"task-20260201-120000-a1b2", "unknown"};
    size_t i = 0, b = 0;
    char msg[512], got[4096];
    (void)state;
    for (b = 0; b < 2; b++) {
        for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            snprintf(msg, sizeof msg,
                     "{\"type\": \"result\", \"id\": \"%s%s\", \"from\": \"yadon-3\", "
                     "\"status\": \"success\", \"payload\": {\"output\": \"o\", "
                     "\"summary\": \"s\"}}",
                     bases[b], cases[i].suffix);
            findings("socket", NULL, msg, got, sizeof got);
            if (cases[i].ok ? got[0] != '\0' : !strstr(got, "SOCKET-"))
                fail_msg("%s%s: %s", bases[b], cases[i].suffix, got[0] ? got : "no finding");
        }
    }
}

/* ---- socket lifecycle: the end-of-trace warning ---- */

#define TASK "task-20260201-120000-a1b2"

static void lc_run(const char *const *events, const char *want)
{
    amc_lifecycle_opts o;
    amc_lifecycle *lc = NULL;
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0;
    char got[1024];
    size_t len = 0;
    assert_non_null(ds);
    memset(&o, 0, sizeof o);
    o.profile = "socket";
    assert_int_equal(amc_lifecycle_new(&o, ds, &lc), AMC_OK);
    for (i = 0; events[i]; i++)
        assert_int_equal(amc_lifecycle_apply(lc, events[i], strlen(events[i]), ds), AMC_OK);
    assert_int_equal(amc_diags_count(ds), 0);
    (void)amc_lifecycle_finish(lc, ds);
    got[0] = '\0';
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        int n = snprintf(got + len, sizeof got - len, "%s %s\n", d->rule_id ? d->rule_id : "-",
                         d->message ? d->message : "-");
        assert_true(n > 0 && (size_t)n < sizeof got - len);
        len += (size_t)n;
    }
    assert_string_equal(got, want);
    amc_lifecycle_free(lc);
    amc_diags_free(ds);
}

static void test_socket_lc_finish(void **state)
{
    static const char *const task = "{\"event\":\"task\",\"task\":\"" TASK "\",\"t\":0}";
    static const char *const phase =
        "{\"event\":\"phase\",\"task\":\"" TASK "\",\"phase\":\"implement\",\"t\":1000}";
    static const char *const d1 = "{\"event\":\"dispatch\",\"task\":\"" TASK "\",\"sub\":\"" TASK
                                  "-implement-sub1\",\"worker\":\"yadon-1\",\"t\":1000}";
    static const char *const d2 = "{\"event\":\"dispatch\",\"task\":\"" TASK "\",\"sub\":\"" TASK
                                  "-implement-sub2\",\"worker\":\"yadon-2\",\"t\":1000}";
    static const char *const d3 = "{\"event\":\"dispatch\",\"task\":\"" TASK "\",\"sub\":\"" TASK
                                  "-implement-sub3\",\"worker\":\"yadon-3\",\"t\":1000}";
    static const char *const r2 = "{\"event\":\"sub_result\",\"sub\":\"" TASK
                                  "-implement-sub2\",\"status\":\"success\",\"t\":5000}";
    static const char *const r1 = "{\"event\":\"sub_result\",\"sub\":\"" TASK
                                  "-implement-sub1\",\"status\":\"success\",\"t\":6000}";
    static const char *const r3 = "{\"event\":\"sub_result\",\"sub\":\"" TASK
                                  "-implement-sub3\",\"status\":\"success\",\"t\":6000}";
    static const char *const done =
        "{\"event\":\"result\",\"task\":\"" TASK "\",\"status\":\"success\",\"t\":9500}";
    const char *const open3[] = {task, phase, d1, d2, d3, NULL};
    const char *const open2[] = {task, phase, d1, d2, d3, r2, NULL};
    const char *const open1[] = {task, phase, d1, d2, d3, r2, r1, NULL};
    const char *const open0[] = {task, phase, d1, d2, d3, r2, r1, r3, NULL};
    const char *const closed[] = {task, phase, d1, d2, d3, r2, r1, r3, done, NULL};
    (void)state;
    lc_run(open3, "SOCKET-LC-008 1 task(s) not answered and 3 sub-task(s) without result at "
                  "the end\n");
    lc_run(open2, "SOCKET-LC-008 1 task(s) not answered and 2 sub-task(s) without result at "
                  "the end\n");
    lc_run(open1, "SOCKET-LC-008 1 task(s) not answered and 1 sub-task(s) without result at "
                  "the end\n");
    lc_run(open0, "SOCKET-LC-008 1 task(s) not answered and 0 sub-task(s) without result at "
                  "the end\n");
    lc_run(closed, "");
}

/* A lifecycle trace of profile: each step's status, then "RULE message" of its findings; then
 * the end's findings. */
static void lc_trace(const char *profile, const char *const *events, const char *want)
{
    amc_lifecycle_opts o;
    amc_lifecycle *lc = NULL;
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0, k = 0, len = 0;
    char got[2048];
    assert_non_null(ds);
    memset(&o, 0, sizeof o);
    o.profile = profile;
    assert_int_equal(amc_lifecycle_new(&o, ds, &lc), AMC_OK);
    got[0] = '\0';
    for (i = 0; events[i] || i == 0 || events[i - 1]; i++) {
        amc_status st = events[i] ? amc_lifecycle_apply(lc, events[i], strlen(events[i]), ds)
                                  : amc_lifecycle_finish(lc, ds);
        int n =
            snprintf(got + len, sizeof got - len, "%s %d\n", events[i] ? "step" : "end", (int)st);
        assert_true(n > 0 && (size_t)n < sizeof got - len);
        len += (size_t)n;
        for (k = 0; k < amc_diags_count(ds); k++) {
            const amc_diag *d = amc_diags_get(ds, k);
            n = snprintf(got + len, sizeof got - len, "  %s %s\n", d->rule_id ? d->rule_id : "-",
                         d->message ? d->message : "-");
            assert_true(n > 0 && (size_t)n < sizeof got - len);
            len += (size_t)n;
        }
        amc_diags_clear(ds);
        if (!events[i])
            break;
    }
    assert_string_equal(got, want);
    amc_lifecycle_free(lc);
    amc_diags_free(ds);
}

/* ---- ignite lifecycle: the Retry-Count expected ---- */

static void test_ignite_lc_retry(void **state)
{
    static const char *const enq = "{\"event\":\"enqueue\",\"msg\":\"m-1\",\"t\":0}";
    static const char *const claim = "{\"event\":\"claim\",\"msg\":\"m-1\",\"t\":0}";
    static const char *const to2 = "{\"event\":\"timeout\",\"msg\":\"m-1\",\"t\":1000,"
                                   "\"retry_count\":2,\"next_retry_after\":2000}";
    static const char *const to0 = "{\"event\":\"timeout\",\"msg\":\"m-1\",\"t\":1000,"
                                   "\"retry_count\":0,\"next_retry_after\":2000}";
    const char *const skip[] = {enq, claim, to2, NULL};
    const char *const zero[] = {enq, claim, to0, NULL};
    (void)state;
    lc_trace("ignite", skip,
             "step 0\nstep 0\nstep 1\n  IGNITE-LC-002 Retry-Count 2 after 0 (expected 1)\n"
             "end 0\n  IGNITE-LC-010 a message is still processing (first: 'm-1')\n");
    lc_trace("ignite", zero,
             "step 0\nstep 0\nstep 1\n  IGNITE-LC-002 Retry-Count 0 after 0 (expected 1)\n"
             "end 0\n  IGNITE-LC-010 a message is still processing (first: 'm-1')\n");
}

/* ---- amc_lifecycle_state without a length ---- */

static void test_lc_state_len(void **state)
{
    amc_lifecycle_opts o;
    amc_lifecycle *lc = NULL;
    amc_diags *ds = amc_diags_new(0);
    char *a = NULL, *b = NULL;
    size_t len = 0;
    static const char ev[] = "{\"event\":\"enqueue\",\"msg\":\"m-1\",\"t\":0}";
    (void)state;
    assert_non_null(ds);
    memset(&o, 0, sizeof o);
    o.profile = "ignite";
    assert_int_equal(amc_lifecycle_new(&o, ds, &lc), AMC_OK);
    assert_int_equal(amc_lifecycle_apply(lc, ev, strlen(ev), ds), AMC_OK);
    assert_int_equal(amc_lifecycle_state(lc, &a, NULL), AMC_OK);
    assert_int_equal(amc_lifecycle_state(lc, &b, &len), AMC_OK);
    assert_non_null(a);
    assert_non_null(b);
    assert_string_equal(a, b);
    assert_int_equal(len, strlen(b));
    assert_true(len > 2);
    amc_free(a);
    amc_free(b);
    amc_lifecycle_free(lc);
    amc_diags_free(ds);
}

/* ---- audit: the ids of duplicates ---- */

typedef struct afile {
    const char *path, *body;
} afile;

/* The workspace findings (rules *-WS-*) of auditing files in order, "index rule message". */
static void audit_run(const char *profile, const afile *files, size_t n, const char *want)
{
    amc_audit_opts o;
    amc_audit *a = NULL;
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0, k = 0, len = 0;
    char got[8192];
    assert_non_null(ds);
    memset(&o, 0, sizeof o);
    o.profile = profile;
    assert_int_equal(amc_audit_new(&o, ds, &a), AMC_OK);
    got[0] = '\0';
    for (i = 0; i <= n; i++) {
        amc_status st =
            i < n ? amc_audit_file(a, files[i].path, files[i].body, strlen(files[i].body), ds)
                  : amc_audit_finish(a, ds);
        assert_true(st == AMC_OK || st == AMC_EINVALID);
        for (k = 0; k < amc_diags_count(ds); k++) {
            const amc_diag *d = amc_diags_get(ds, k);
            int c = 0;
            if (!d->rule_id || !strstr(d->rule_id, "-WS-"))
                continue; /* the messages' own findings: not the point here */
            c = snprintf(got + len, sizeof got - len, "%zu %s %s\n", i, d->rule_id,
                         d->message ? d->message : "-");
            assert_true(c > 0 && (size_t)c < sizeof got - len);
            len += (size_t)c;
        }
        amc_diags_clear(ds);
    }
    assert_string_equal(got, want);
    amc_audit_free(a);
    amc_diags_free(ds);
}

static void test_audit_ids(void **state)
{
    static const afile mb[] = {
        {"inbox/codex/a.json", "{\"msg_id\": \"\"}"},
        {"inbox/codex/b.json", "{\"msg_id\": \"\"}"},
        {"inbox/codex/c.json", "{\"msg_id\": 5}"},
        {"inbox/codex/d.json", "{\"msg_id\": 5}"},
        {"inbox/codex/e.json", "{\"other\": 1}"},
        {"inbox/codex/f.json", "{\"other\": 1}"},
        {"inbox/codex/g.json", "{\"envelope\": {\"msg_id\": \"\"}}"},
        {"inbox/codex/g2.json", "{\"envelope\": {\"msg_id\": \"\"}}"},
        {"inbox/codex/h.json", "{\"envelope\": {\"msg_id\": \"m-1\"}}"},
        {"inbox/codex/i.json", "{\"msg_id\": \"m-1\"}"},
    };
    static const afile acp[] = {
        {"agent-workspace/inbox/agent-a/a.json", "{\"message_id\": \"\"}"},
        {"agent-workspace/inbox/agent-a/b.json", "{\"message_id\": \"\"}"},
        {"agent-workspace/inbox/agent-a/c.json", "{\"message_id\": 7}"},
        {"agent-workspace/inbox/agent-a/d.json", "{\"message_id\": 7}"},
        {"agent-workspace/inbox/agent-a/e.json", "{\"other\": 1}"},
        {"agent-workspace/inbox/agent-a/f.json", "{\"other\": 1}"},
        {"agent-workspace/inbox/agent-a/g.json", "{\"message_id\": \"M-1\"}"},
        {"agent-workspace/inbox/agent-a/h.json", "{\"message_id\": \"M-1\"}"},
    };
    (void)state;
    audit_run("mailbox", mb, sizeof mb / sizeof mb[0],
              "9 MAILBOX-WS-002 msg_id 'm-1' is also in inbox/codex/h.json (a redelivery not "
              "yet deduplicated)\n");
    audit_run("acp", acp, sizeof acp / sizeof acp[0],
              "7 ACP-WS-001 message_id 'M-1' is also in agent-workspace/inbox/agent-a/g.json\n");
}

/* ---- ignite: long X-IGNITE- keys ---- */

static void test_ignite_long_keys(void **state)
{
    static const char head[] =
        "MIME-Version: 1.0\n"
        "Message-ID: <177069454501.89697.18044051427294985391@ignite.local>\n"
        "From: ignitian_1\n"
        "To: coordinator\n"
        "Date: Tue, 10 Feb 2026 12:35:45 +0900\n"
        "X-IGNITE-Type: task_completed\n"
        "X-IGNITE-Priority: normal\n"
        "X-IGNITE-Repository: myfinder/IGNITE\n"
        "X-IGNITE-Issue: 174\n";
    static const char tail[] = "Content-Type: text/x-yaml; charset=utf-8\n"
                               "Content-Transfer-Encoding: 8bit\n"
                               "\n"
                               "task_id: \"task_001\"\n"
                               "title: \"t\"\n"
                               "status: success\n"
                               "deliverables:\n"
                               "  - \"README.md\"\n"
                               "execution_time: 90\n";
    char a127[128], name1[160], name2[160], msg[2048], got[4096], want[1024];
    size_t n = 0;
    (void)state;
    for (n = 0; n < 127; n++)
        a127[n] = (char)('a' + n % 26);
    a127[127] = '\0';
    /* the base message has no finding */
    snprintf(msg, sizeof msg, "%s%s", head, tail);
    findings("ignite", NULL, msg, got, sizeof got);
    assert_string_equal(got, "");
    /* keys of 127 and 126 characters, and 128 against 127: different */
    snprintf(name1, sizeof name1, "X-IGNITE-%s", a127);
    snprintf(name2, sizeof name2, "X-IGNITE-%.126s", a127);
    snprintf(msg, sizeof msg, "%s%s: 1\n%s: 2\n%s", head, name1, name2, tail);
    findings("ignite", NULL, msg, got, sizeof got);
    assert_string_equal(got, "");
    /* 128 characters (127 + 'x') and 127: two keys for the parser */
    snprintf(name2, sizeof name2, "X-IGNITE-%sx", a127);
    snprintf(msg, sizeof msg, "%s%s: 1\n%s: 2\n%s", head, name1, name2, tail);
    findings("ignite", NULL, msg, got, sizeof got);
    assert_string_equal(got, "");
    /* 128 and 129 characters that differ only past the 127th: two keys */
    snprintf(name1, sizeof name1, "X-IGNITE-%sy", a127);
    snprintf(name2, sizeof name2, "X-IGNITE-%sxz", a127);
    snprintf(msg, sizeof msg, "%s%s: 1\n%s: 2\n%s", head, name1, name2, tail);
    findings("ignite", NULL, msg, got, sizeof got);
    assert_string_equal(got, "");
    /* 129 characters, one key (upper case and '-' against lower case and '_'): a clash, the
       message naming the key cut at 127 */
    snprintf(name1, sizeof name1, "X-IGNITE-%s-z", a127);
    for (n = 9; name1[n]; n++)
        name1[n] = name1[n] >= 'a' && name1[n] <= 'z' ? (char)(name1[n] - 32) : name1[n];
    snprintf(name2, sizeof name2, "X-IGNITE-%s_z", a127);
    snprintf(msg, sizeof msg, "%s%s: 1\n%s: 2\n%s", head, name1, name2, tail);
    findings("ignite", NULL, msg, got, sizeof got);
    snprintf(want, sizeof want,
             "IGNITE-HDR-007 %s would overwrite '%s' in ignite_mime.py parse output\n", name2,
             a127);
    assert_string_equal(got, want);
}

/* ---- arena: sizes whose rounding wraps around ---- */

static void test_arena_huge(void **state)
{
    size_t k = 0;
    (void)state;
    /* up to SIZE_MAX - 16: rounded up (plus ASan's 16-byte redzone) it wraps around, or it
     * leaves no room for a chunk header; either way no allocation is attempted */
    for (k = 0; k <= 16; k++) {
        amc_arena a;
        void *small = NULL;
        amc_arena_init(&a, 1024);
        if (amc_arena_alloc(&a, SIZE_MAX - k) != NULL) /* an empty arena */
            fail_msg("amc_arena_alloc(SIZE_MAX - %zu) on an empty arena is not NULL", k);
        small = amc_arena_alloc(&a, 8);
        assert_non_null(small);
        if (amc_arena_alloc(&a, SIZE_MAX - k) != NULL) /* a chunk with room left */
            fail_msg("amc_arena_alloc(SIZE_MAX - %zu) with room left is not NULL", k);
        amc_arena_release(&a);
    }
    /* amc_arena_sprintf of an empty result is "", not NULL */
    {
        amc_arena a;
        const char *p = NULL;
        amc_arena_init(&a, 64);
        p = amc_arena_sprintf(&a, "%s", "");
        assert_non_null(p);
        assert_string_equal(p, "");
        p = amc_arena_sprintf(&a, "%d-%s", 7, "x");
        assert_non_null(p);
        assert_string_equal(p, "7-x");
        amc_arena_release(&a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_jcs_invalid_key_order),
        cmocka_unit_test(test_socket_sub_ids),
        cmocka_unit_test(test_socket_lc_finish),
        cmocka_unit_test(test_ignite_long_keys),
        cmocka_unit_test(test_arena_huge),
        cmocka_unit_test(test_ignite_lc_retry),
        cmocka_unit_test(test_audit_ids),
        cmocka_unit_test(test_lc_state_len),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
