/*
 * test_audit.c - the workspace auditor (amc/audit.h) over in-memory files: every cross-file
 * rule both ways (reported / not reported), walker entries, AUDIT_NO_WORKSPACE and the totals.
 * Only the audit codes (5500-5599) are compared: the per-file profile diagnostics are the
 * profiles' own tests. Layouts: docs/profiles/ignite.md (queue), mailbox.md ("File layout"),
 * acp.md (inbox/<to_agent>/<message_id>.json).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

#define MIME(id, extra) "MIME-Version: 1.0\nMessage-ID: " id "\n" extra "\nbody: 1\n"
#define MB(id, att)     "{\"msg_id\":\"" id "\",\"delivery_attempt\":" att "}"

typedef struct file {
    const char *path, *body;
    amc_code want[3]; /* the audit codes reported for this file, in order; 0-terminated */
} file;

static const struct tcase {
    const char *name, *profile;
    file f[5];
    amc_code finish; /* 0: none */
} cases[] = {
    {"ignite pending + processed same id",
     NULL,
     {{"queue/a/x_1.mime", MIME("<1.2.3@ignite.local>", ""), {0}},
      {"queue/a/processed/x_1.mime", MIME("<1.2.3@ignite.local>", ""), {AMC_C_AUDIT_DUPLICATE}}},
     0},
    {"ignite same id, other agents: not a duplicate",
     NULL,
     {{"queue/a/x_1.mime", MIME("<1.2.3@ignite.local>", ""), {0}},
      {"queue/b/processed/x_1.mime", MIME("<1.2.3@ignite.local>", ""), {0}}},
     0},
    {"ignite different ids",
     NULL,
     {{"queue/a/x_1.mime", MIME("<1.2.3@ignite.local>", ""), {0}},
      {"queue/a/processed/x_2.mime", MIME("<1.2.4@ignite.local>", ""), {0}}},
     0},
    {"ignite same id twice in one folder",
     NULL,
     {{"queue/a/x_1.mime", MIME("<1@h>", ""), {0}},
      {"queue/a/x_1_1.mime", MIME("<1@h>", ""), {AMC_C_AUDIT_DUPLICATE}}},
     0},
    {"ignite message-id header case-insensitive, CRLF",
     NULL,
     {{"queue/a/x_1.mime", "message-id:  <9@h> \r\n\r\nb", {0}},
      {"queue/a/processed/x_1.mime", "Message-ID: <9@h>\n\nb", {AMC_C_AUDIT_DUPLICATE}}},
     0},
    {"ignite id in the body only: no key",
     NULL,
     {{"queue/a/x_1.mime", "From: a\n\nMessage-ID: <9@h>\n", {0}},
      {"queue/a/processed/x_1.mime", "From: a\n\nMessage-ID: <9@h>\n", {0}}},
     0},
    {"ignite retry over the limit in pending",
     NULL,
     {{"queue/a/x_1.mime",
       MIME("<1@h>", "X-IGNITE-Retry-Count: 4\n"),
       {AMC_C_AUDIT_NOT_DEAD_LETTERED}}},
     0},
    {"ignite retry at the limit in pending: fine",
     NULL,
     {{"queue/a/x_1.mime", MIME("<1@h>", "X-IGNITE-Retry-Count: 3\n"), {0}}},
     0},
    {"ignite retry over the limit, dead-lettered / processed: fine",
     NULL,
     {{"queue/dead_letter/x_dlq_1.mime", MIME("<1@h>", "X-IGNITE-Retry-Count: 9\n"), {0}},
      {"queue/a/processed/y.mime", MIME("<2@h>", "X-IGNITE-Retry-Count: 9\n"), {0}}},
     0},
    {"ignite stray files",
     NULL,
     {{"queue/a/notes.txt", "x", {AMC_C_AUDIT_STRAY_FILE}},
      {"queue/top.mime", "x", {AMC_C_AUDIT_STRAY_FILE}},
      {"queue/a/processed/deep/x.mime", "x", {AMC_C_AUDIT_STRAY_FILE}},
      {"logs/queue_monitor.log", "x", {0}}},
     0},
    {"mailbox inbox + ack same id",
     NULL,
     {{"ack/c/m1--1--u.json", MB("m1", "1"), {0}},
      {"inbox/c/m1--2--u.json", MB("m1", "1"), {AMC_C_AUDIT_DUPLICATE}}},
     0},
    {"mailbox inbox + deadletter same id (forced profile)",
     "mailbox",
     {{"deadletter/c/m1--1--u.json", MB("m1", "1"), {0}},
      {"inbox/c/m1--2--u.json", MB("m1", "1"), {AMC_C_AUDIT_DUPLICATE}}},
     0},
    {"mailbox deadletter wrapper id",
     NULL,
     {{"deadletter/c/m1--1--u.json", "{\"envelope\":" MB("m1", "6") ",\"code\":\"E\"}", {0}},
      {"ack/c/m1--2--u.json", MB("m1", "1"), {AMC_C_AUDIT_DUPLICATE}}},
     0},
    {"mailbox redelivery pending in inbox: warning",
     "mailbox",
     {{"inbox/c/m1--1--u.json", MB("m1", "1"), {0}},
      {"inbox/c/m1--2--v.json", MB("m1", "2"), {AMC_C_AUDIT_REDELIVERED}}},
     0},
    {"mailbox redelivery acknowledged twice: fine",
     NULL,
     {{"ack/c/m1--1--u.json", MB("m1", "1"), {0}}, {"ack/c/m1--2--v.json", MB("m1", "2"), {0}}},
     0},
    {"mailbox same id, other agents: fine",
     NULL,
     {{"ack/c/m1--1--u.json", MB("m1", "1"), {0}}, {"ack/d/m1--1--u.json", MB("m1", "1"), {0}}},
     0},
    {"mailbox delivery over the limit in inbox / deadletter",
     "mailbox",
     {{"inbox/c/m1--1--u.json", MB("m1", "6"), {AMC_C_AUDIT_NOT_DEAD_LETTERED}},
      {"deadletter/c/m2--1--u.json", MB("m2", "6"), {0}},
      {"inbox/c/m3--1--u.json", MB("m3", "5"), {0}}},
     0},
    {"mailbox stray and state",
     NULL,
     {{"ack/c/README.md", "x", {AMC_C_AUDIT_STRAY_FILE}},
      {"ack/m.json", "{}", {AMC_C_AUDIT_STRAY_FILE}},
      {"state/quarantine.jsonl", "{}", {0}}},
     0},
    {"acp same message_id twice (agent-workspace)",
     NULL,
     {{"agent-workspace/inbox/a/M1.json", "{\"message_id\":\"M1\"}", {0}},
      {"agent-workspace/inbox/b/M1.json", "{\"message_id\":\"M1\"}", {AMC_C_AUDIT_DUPLICATE}}},
     0},
    {"acp different ids",
     NULL,
     {{"agent-workspace/inbox/a/M1.json", "{\"message_id\":\"M1\"}", {0}},
      {"agent-workspace/inbox/b/M2.json", "{\"message_id\":\"M2\"}", {0}}},
     0},
    {"no workspace",
     NULL,
     {{"README.md", "x", {0}}, {"src/a.json", "{}", {0}}},
     AMC_C_AUDIT_NO_WORKSPACE},
};

/* The file through amc_audit_file (w NULL) or a worker's check and the auditor's record (amc
 * audit -j N); the status either way. */
static amc_status audit_one(amc_audit *a, amc_audit_worker *w, const char *path, const char *body,
                            amc_diags *ds)
{
    amc_audit_unit *u = NULL;
    amc_status st = AMC_OK;
    if (!w)
        return amc_audit_file(a, path, body, strlen(body), ds);
    st = amc_audit_check(w, path, body, strlen(body), ds, &u);
    assert_non_null(u);
    (void)st; /* the record's status is the file's */
    return amc_audit_record(a, u, ds);
}

static void test_cases(void **state)
{
    size_t i = 0, j = 0, k = 0;
    int mode = 0;
    (void)state;
    for (mode = 0; mode < 2; mode++)
        for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            const struct tcase *c = &cases[i];
            amc_diags *ds = amc_diags_new(0);
            amc_audit *a = NULL;
            amc_audit_worker *w = NULL;
            amc_audit_opts o;
            memset(&o, 0, sizeof o);
            o.profile = c->profile;
            assert_non_null(ds);
            if (amc_audit_new(&o, ds, &a) != AMC_OK)
                fail_msg("%s: amc_audit_new failed", c->name);
            if (mode && amc_audit_worker_new(a, ds, &w) != AMC_OK)
                fail_msg("%s: amc_audit_worker_new failed", c->name);
            for (j = 0; j < 5 && c->f[j].path; j++) {
                size_t n = 0;
                amc_diags_clear(ds);
                (void)audit_one(a, w, c->f[j].path, c->f[j].body, ds);
                for (k = 0; k < amc_diags_count(ds); k++) {
                    const amc_diag *d = amc_diags_get(ds, k);
                    if ((int)d->code < 5500 || (int)d->code > 5599)
                        continue;
                    if (c->f[j].want[n] != d->code)
                        fail_msg("%s (%s): file %s: audit code #%zu is %s, want %s", c->name,
                                 mode ? "worker" : "amc_audit_file", c->f[j].path, n,
                                 amc_code_name(d->code),
                                 c->f[j].want[n] ? amc_code_name(c->f[j].want[n]) : "none");
                    n++;
                }
                if (c->f[j].want[n])
                    fail_msg("%s (%s): file %s: %s not reported", c->name,
                             mode ? "worker" : "amc_audit_file", c->f[j].path,
                             amc_code_name(c->f[j].want[n]));
            }
            amc_diags_clear(ds);
            assert_int_equal(amc_audit_finish(a, ds), c->finish ? AMC_OK : AMC_OK);
            if (c->finish ? !(amc_diags_count(ds) == 1 && amc_diags_get(ds, 0)->code == c->finish)
                          : amc_diags_count(ds) != 0)
                fail_msg("%s: finish reported %zu diagnostics", c->name, amc_diags_count(ds));
            amc_audit_worker_free(w);
            amc_audit_free(a);
            amc_diags_free(ds);
        }
}

static void test_entries_and_stats(void **state)
{
    static const struct {
        amc_audit_entry_kind k;
        amc_code code;
        const char *msg;
    } ents[] = {
        {AMC_AUDIT_SYMLINK, AMC_C_AUDIT_SYMLINK, "'q/l' is a symbolic link: not followed"},
        {AMC_AUDIT_UNREADABLE, AMC_C_AUDIT_UNREADABLE, "'q/l' cannot be read"},
        {AMC_AUDIT_SPECIAL, AMC_C_AUDIT_SPECIAL_FILE,
         "'q/l' is not a regular file or directory: not read"},
        {AMC_AUDIT_TOO_DEEP, AMC_C_AUDIT_TOO_DEEP, "'q/l' is nested too deep: not walked"},
        {AMC_AUDIT_TOO_LARGE, AMC_C_AUDIT_TOO_LARGE,
         "'q/l' is larger than the size limit 100: not read"},
    };
    amc_diags *ds = amc_diags_new(0);
    amc_audit *a = NULL;
    amc_audit_opts o;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_audit_stats_t st;
    size_t i = 0;
    (void)state;
    memset(&o, 0, sizeof o);
    lim.max_input_bytes = 100;
    o.limits = &lim;
    assert_int_equal(amc_audit_new(&o, ds, &a), AMC_OK);
    for (i = 0; i < sizeof ents / sizeof ents[0]; i++) {
        amc_diags_clear(ds);
        (void)amc_audit_entry(a, "q/l", ents[i].k, ds);
        assert_int_equal(amc_diags_count(ds), 1);
        assert_int_equal(amc_diags_get(ds, 0)->code, ents[i].code);
        assert_string_equal(amc_diags_get(ds, 0)->message, ents[i].msg);
        assert_int_equal(amc_diags_get(ds, 0)->at.line, 0);
    }
    amc_diags_clear(ds);
    assert_int_equal(amc_audit_file(a, "queue/a/x.mime", "x", 1, ds), AMC_EINVALID);
    assert_int_equal(amc_audit_file(a, "other.txt", "x", 1, ds), AMC_OK);
    assert_int_equal(amc_audit_file(a, "queue/a/x.txt", "x", 1, ds), AMC_OK);
    assert_int_equal(amc_audit_finish(a, ds), AMC_OK);
    amc_audit_stats(a, &st);
    assert_int_equal(st.files, 3);
    assert_int_equal(st.messages, 1);
    assert_int_equal(st.other, 1);
    assert_int_equal(st.entries, 5);
    assert_string_equal(st.kind, "ignite");
    assert_int_equal(amc_audit_file(a, NULL, "x", 1, ds), AMC_EUSAGE);
    assert_int_equal(amc_audit_entry(NULL, "x", AMC_AUDIT_SYMLINK, ds), AMC_EUSAGE);
    amc_audit_free(a);
    amc_audit_free(NULL);
    /* unknown profile */
    amc_diags_clear(ds);
    o.profile = "nope";
    a = NULL;
    assert_int_equal(amc_audit_new(&o, ds, &a), AMC_EUSAGE);
    assert_null(a);
    assert_true(amc_diags_errors(ds) >= 1);
    amc_diags_free(ds);
}

/* amc audit -j: a worker's check and the auditor's record give amc_audit_file's statuses,
 * diagnostics and totals; the API's misuse is AMC_EUSAGE */
static void test_workers(void **state)
{
    static const struct {
        const char *path, *body;
    } f[] = {{"queue/a/x_1.mime", MIME("<1@h>", "")},
             {"queue/a/processed/x_1.mime", MIME("<1@h>", "")},
             {"queue/a/x.mime", "x"},
             {"other.txt", "x"},
             {"queue/a/x.txt", "x"},
             {"ack/c/m1--1--u.json", MB("m1", "1")},
             {"inbox/c/m1--2--u.json", MB("m1", "9")}};
    amc_diags *d1 = amc_diags_new(0), *d2 = amc_diags_new(0);
    amc_audit *a1 = NULL, *a2 = NULL;
    amc_audit_worker *w = NULL;
    amc_audit_unit *u = NULL;
    amc_audit_stats_t s1, s2;
    amc_audit_opts o;
    size_t i = 0, k = 0;
    (void)state;
    memset(&o, 0, sizeof o);
    assert_int_equal(amc_audit_new(&o, d1, &a1), AMC_OK);
    assert_int_equal(amc_audit_new(&o, d2, &a2), AMC_OK);
    assert_int_equal(amc_audit_worker_new(a2, d2, &w), AMC_OK);
    for (i = 0; i < sizeof f / sizeof f[0]; i++) {
        amc_status st1 = AMC_OK, st2 = AMC_OK;
        amc_diags_clear(d1);
        amc_diags_clear(d2);
        st1 = amc_audit_file(a1, f[i].path, f[i].body, strlen(f[i].body), d1);
        (void)amc_audit_check(w, f[i].path, f[i].body, strlen(f[i].body), d2, &u);
        assert_non_null(u);
        st2 = amc_audit_record(a2, u, d2);
        u = NULL;
        if (st1 != st2 || amc_diags_count(d1) != amc_diags_count(d2))
            fail_msg("%s: amc_audit_file %d (%zu diagnostics), worker %d (%zu)", f[i].path,
                     (int)st1, amc_diags_count(d1), (int)st2, amc_diags_count(d2));
        for (k = 0; k < amc_diags_count(d1); k++) {
            assert_int_equal(amc_diags_get(d1, k)->code, amc_diags_get(d2, k)->code);
            assert_string_equal(amc_diags_get(d1, k)->message, amc_diags_get(d2, k)->message);
        }
    }
    amc_audit_stats(a1, &s1);
    amc_audit_stats(a2, &s2);
    assert_int_equal(s1.files, s2.files);
    assert_int_equal(s1.messages, s2.messages);
    assert_int_equal(s1.other, s2.other);
    assert_int_equal(s1.files, 7);
    /* misuse */
    assert_int_equal(amc_audit_check(NULL, "a", "x", 1, d2, &u), AMC_EUSAGE);
    assert_null(u);
    assert_int_equal(amc_audit_check(w, NULL, "x", 1, d2, &u), AMC_EUSAGE);
    assert_int_equal(amc_audit_check(w, "a", NULL, 1, d2, &u), AMC_EUSAGE);
    assert_int_equal(amc_audit_check(w, "a", "x", 1, NULL, &u), AMC_EUSAGE);
    assert_int_equal(amc_audit_check(w, "a", "x", 1, d2, NULL), AMC_EUSAGE);
    assert_int_equal(amc_audit_record(a2, NULL, d2), AMC_EUSAGE);
    assert_int_equal(amc_audit_check(w, "queue/a/y.mime", "y", 1, d2, &u), AMC_EINVALID);
    assert_int_equal(amc_audit_record(NULL, u, d2), AMC_EUSAGE); /* u freed all the same */
    amc_audit_unit_free(NULL);
    amc_audit_worker_free(NULL);
    amc_audit_worker_free(w);
    w = NULL;
    assert_int_equal(amc_audit_worker_new(NULL, d2, &w), AMC_EUSAGE);
    assert_int_equal(amc_audit_worker_new(a2, NULL, &w), AMC_EUSAGE);
    assert_int_equal(amc_audit_worker_new(a2, d2, NULL), AMC_EUSAGE);
    /* a stateful auditor has no workers: one session in walk order */
    o.stateful = true;
    amc_audit_free(a1);
    assert_int_equal(amc_audit_new(&o, d1, &a1), AMC_OK);
    assert_int_equal(amc_audit_worker_new(a1, d1, &w), AMC_EUSAGE);
    assert_null(w);
    amc_audit_free(a1);
    amc_audit_free(a2);
    amc_diags_free(d1);
    amc_diags_free(d2);
}

/* files too large or unreadable in a message folder still make it a workspace (the kind is not
 * learnt from the bytes alone): no AUDIT_NO_WORKSPACE; a link or a stray name does not */
static void test_entries_kind(void **state)
{
    static const struct {
        const char *path;
        amc_audit_entry_kind kind;
        const char *ws;
    } c[] = {{"queue/a/x_1.mime", AMC_AUDIT_TOO_LARGE, "ignite"},
             {"queue/a/x_1.mime", AMC_AUDIT_UNREADABLE, "ignite"},
             {"ack/c/m1--1--u.json", AMC_AUDIT_TOO_LARGE, "mailbox"},
             {"agent-workspace/inbox/a/M1.json", AMC_AUDIT_TOO_LARGE, "acp"},
             {"queue/a/x_1.mime", AMC_AUDIT_SYMLINK, NULL},
             {"queue/a/notes.txt", AMC_AUDIT_TOO_LARGE, NULL},
             {"inbox/c/m1--1--u.json", AMC_AUDIT_TOO_LARGE, NULL}}; /* mailbox or acp? unknown */
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        amc_diags *ds = amc_diags_new(0);
        amc_audit *a = NULL;
        amc_audit_stats_t st;
        assert_int_equal(amc_audit_new(NULL, ds, &a), AMC_OK);
        assert_int_equal(amc_audit_entry(a, c[i].path, c[i].kind, ds), AMC_OK);
        amc_diags_clear(ds);
        assert_int_equal(amc_audit_finish(a, ds), AMC_OK);
        amc_audit_stats(a, &st);
        if (c[i].ws ? !st.kind || strcmp(st.kind, c[i].ws) != 0 || amc_diags_count(ds) != 0
                    : st.kind != NULL || amc_diags_count(ds) != 1)
            fail_msg("%s (entry kind %d): workspace %s with %zu findings, want %s", c[i].path,
                     (int)c[i].kind, st.kind ? st.kind : "none", amc_diags_count(ds),
                     c[i].ws ? c[i].ws : "none and AUDIT_NO_WORKSPACE");
        amc_audit_free(a);
        amc_diags_free(ds);
    }
}

static void test_many(void **state)
{
    /* 20000 distinct ids then each again in processed/: the table grows and finds them all */
    amc_diags *ds = amc_diags_new(0);
    amc_audit *a = NULL;
    char path[64], body[64];
    size_t i = 0, dups = 0;
    int pass = 0;
    (void)state;
    assert_int_equal(amc_audit_new(NULL, ds, &a), AMC_OK);
    for (pass = 0; pass < 2; pass++)
        for (i = 0; i < 20000; i++) {
            size_t k = 0;
            snprintf(path, sizeof path, pass ? "queue/a/processed/m%zu.mime" : "queue/a/m%zu.mime",
                     i);
            snprintf(body, sizeof body, "Message-ID: <%zu@h>\n\n", i);
            amc_diags_clear(ds);
            (void)amc_audit_file(a, path, body, strlen(body), ds);
            for (k = 0; k < amc_diags_count(ds); k++)
                dups += amc_diags_get(ds, k)->code == AMC_C_AUDIT_DUPLICATE;
        }
    assert_int_equal(dups, 20000);
    amc_audit_free(a);
    amc_diags_free(ds);
}

static size_t count_code(const amc_diags *ds, amc_code c)
{
    size_t k = 0, n = 0;
    for (k = 0; k < amc_diags_count(ds); k++)
        n += amc_diags_get(ds, k)->code == c;
    return n;
}

static void test_forget(void **state)
{
    /* amc watch: a message that moves pending -> processed (the pending path forgotten) is not
     * its own duplicate; without the forget it is; a changed file checked again after a forget
     * is not its own duplicate; forgetting every other of 5000 ids (backward-shift deletion in
     * the probe table) keeps the others findable and the forgotten ones gone. */
    amc_diags *ds = amc_diags_new(0);
    amc_audit *a = NULL;
    char path[64], body[64];
    const char *m = "Message-ID: <7@h>\n\n";
    size_t i = 0, dups = 0;
    (void)state;
    assert_int_equal(amc_audit_new(NULL, ds, &a), AMC_OK);
    assert_int_equal(amc_audit_forget(a, "queue/a/never.mime"), AMC_OK);
    assert_int_equal(amc_audit_forget(NULL, "x"), AMC_EUSAGE);
    (void)amc_audit_file(a, "queue/a/m.mime", m, strlen(m), ds);
    assert_int_equal(amc_audit_forget(a, "queue/a/m.mime"), AMC_OK);
    amc_diags_clear(ds);
    (void)amc_audit_file(a, "queue/a/processed/m.mime", m, strlen(m), ds);
    assert_int_equal(count_code(ds, AMC_C_AUDIT_DUPLICATE), 0);
    /* rewritten in place: forget, check again */
    assert_int_equal(amc_audit_forget(a, "queue/a/processed/m.mime"), AMC_OK);
    amc_diags_clear(ds);
    (void)amc_audit_file(a, "queue/a/processed/m.mime", m, strlen(m), ds);
    assert_int_equal(count_code(ds, AMC_C_AUDIT_DUPLICATE), 0);
    /* not forgotten: a second copy is a duplicate */
    amc_diags_clear(ds);
    (void)amc_audit_file(a, "queue/a/m2.mime", m, strlen(m), ds);
    assert_int_equal(count_code(ds, AMC_C_AUDIT_DUPLICATE), 1);
    for (i = 0; i < 5000; i++) {
        snprintf(path, sizeof path, "queue/b/m%zu.mime", i);
        snprintf(body, sizeof body, "Message-ID: <%zu@h>\n\n", i);
        (void)amc_audit_file(a, path, body, strlen(body), ds);
    }
    for (i = 0; i < 5000; i += 2) {
        snprintf(path, sizeof path, "queue/b/m%zu.mime", i);
        assert_int_equal(amc_audit_forget(a, path), AMC_OK);
    }
    for (i = 0; i < 5000; i++) {
        snprintf(path, sizeof path, "queue/b/processed/m%zu.mime", i);
        snprintf(body, sizeof body, "Message-ID: <%zu@h>\n\n", i);
        amc_diags_clear(ds);
        (void)amc_audit_file(a, path, body, strlen(body), ds);
        if (count_code(ds, AMC_C_AUDIT_DUPLICATE)) {
            assert_true(i % 2 == 1);
            dups++;
        }
    }
    assert_int_equal(dups, 2500);
    amc_audit_free(a);
    amc_diags_free(ds);
}

static void test_reset(void **state)
{
    /* amc_audit_reset: the auditor forgets files, entries and totals, so the same id in a new
     * "workspace" is no duplicate, and works on as new (a duplicate after the reset is found) */
    amc_diags *ds = amc_diags_new(0);
    amc_audit *a = NULL;
    amc_audit_opts o;
    amc_audit_stats_t st;
    (void)state;
    memset(&o, 0, sizeof o);
    o.stateful = true;
    assert_int_equal(amc_audit_new(&o, ds, &a), AMC_OK);
    (void)amc_audit_file(a, "queue/a/x_1.mime", MIME("<1@h>", ""), strlen(MIME("<1@h>", "")), ds);
    (void)amc_audit_file(a, "ack/c/m1--1--u.json", MB("m1", "1"), strlen(MB("m1", "1")), ds);
    (void)amc_audit_entry(a, "q/l", AMC_AUDIT_SYMLINK, ds);
    amc_diags_clear(ds);
    (void)amc_audit_file(a, "inbox/c/m1--2--u.json", MB("m1", "1"), strlen(MB("m1", "1")), ds);
    assert_int_equal(count_code(ds, AMC_C_AUDIT_DUPLICATE), 1);
    amc_diags_clear(ds);
    assert_int_equal(amc_audit_finish(a, ds), AMC_OK);
    amc_audit_stats(a, &st);
    assert_string_equal(st.kind, "mixed"); /* an ignite and a mailbox message */
    amc_audit_reset(a);
    amc_audit_stats(a, &st);
    assert_int_equal(st.files, 0);
    assert_int_equal(st.messages, 0);
    assert_int_equal(st.entries, 0);
    assert_null(st.kind);
    amc_diags_clear(ds);
    (void)amc_audit_file(a, "inbox/c/m1--2--u.json", MB("m1", "1"), strlen(MB("m1", "1")), ds);
    assert_int_equal(count_code(ds, AMC_C_AUDIT_DUPLICATE), 0);
    amc_diags_clear(ds);
    (void)amc_audit_file(a, "ack/c/m1--1--u.json", MB("m1", "1"), strlen(MB("m1", "1")), ds);
    assert_int_equal(count_code(ds, AMC_C_AUDIT_DUPLICATE), 1);
    amc_diags_clear(ds);
    assert_int_equal(amc_audit_finish(a, ds), AMC_OK);
    amc_audit_stats(a, &st);
    assert_int_equal(st.files, 2);
    assert_non_null(st.kind);
    assert_string_equal(st.kind, "mailbox");
    amc_audit_reset(a);
    amc_audit_reset(NULL);
    amc_audit_free(a);
    amc_diags_free(ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),        cmocka_unit_test(test_entries_and_stats),
        cmocka_unit_test(test_many),         cmocka_unit_test(test_forget),
        cmocka_unit_test(test_reset),        cmocka_unit_test(test_workers),
        cmocka_unit_test(test_entries_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
