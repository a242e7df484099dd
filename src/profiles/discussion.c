/*
 * discussion.c - the discussion profile: structured multi-agent discussions (sessions, six
 * phases, 14 message types, confidence, objections, limits).
 *
 * Authority: AGENT_COMMUNICATION_PROTOCOL.md v1.0.0 (2026-01-15; no public home known:
 * docs/protocols.md). The rule catalog, document kinds, tables and decisions are in
 * docs/profiles/discussion.md; the rules in rules_discussion.def; the shapes in
 * schemas/discussion/. Seed sections implemented: §3.1 (session), §3.2 (status vocabulary only;
 * transitions are the lifecycle model's), §4.1/§4.2 (phases, phase records), §5.1/§5.2 (message
 * types, common structure), §6.1/§6.2 (confidence), §7.1/§7.2 (objections), §9.2 (limits),
 * §10.1 (E001-E005).
 *
 * Decisions (each also in docs/profiles/discussion.md with a fixture):
 *   - Order: strict JSON read (any reader error ends the input, rule DISC-DOC-001), document
 *     kind (DISC-DOC-002), the kind's entry schema, then every semantic rule on the parsed value
 *     whatever the schema said (each one checks the member types it needs and stays silent
 *     when they are wrong: the schema reports those). ALL failures are reported.
 *   - Kinds, tested in this order: confidence_calculation -> confidence; phase_name -> phase
 *     record; discussion_id + status without message_type -> discussion; message_id or
 *     message_type -> message, or message ITEM when none of the envelope members (message_id,
 *     discussion_id, phase, timestamp, metadata) is present (the §4.2/§7.2 excerpt form). A
 *     message with some but not all envelope members is a message and fails DISC-MSG-001.
 *   - Schema failures map to rules by the $comment walk (docs/profiles/discussion.md "How
 *     schema failures map to rules"): from the failing keyword's absoluteKeywordLocation
 *     outwards to the first schema object whose $comment starts with "[RULE-ID]". The engine's
 *     own code is kept at the start of the message. Failures of an `if` keyword are dropped.
 *   - Calendar checks (DISC-ID-001/003) run only on ids of the right shape (the schema reports
 *     a wrong shape), so each bad id is reported once. Likewise DISC-XREF-001 compares only a
 *     message_id of the shape MSG-DISC-YYYY-MM-DD-SEQ-seq (else DISC-ID-002 alone).
 *   - Positions: a semantic diagnostic points at the offending value (the speaker for
 *     DISC-SPK-001/002 and DISC-OBJ-002, the later duplicate for DISC-XREF-003, the messages
 *     array, or the phases array without one, for the limits) with its JSON Pointer.
 *   - Weight sum: [0.999, 1.001] inclusive, with 1e-9 slack for binary rounding (three 0.333
 *     sum to 0.9990000000000001 or 0.998999..., both pass). Non-number weights: no sum check.
 *   - Whole-discussion documents: the message set is `messages` when present, else the phase
 *     records' messages (an inline record counts as one). Duplicates and decision lookups sort,
 *     so a large document costs O(n log n).
 *   - Detection scores only discussion-specific members (speaker, discussion_id, phase_name,
 *     confidence_calculation); an object with a mailbox/ACP/socket marker (msg_id, sender_id,
 *     from_agent, to_agent) and none of those scores 0, so other profiles' messages are never
 *     taken.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/arena_int.h"
#include "profiles/profile_int.h"

#define SID(x)       "https://amc.dev/schemas/discussion/" x ".schema.json"
#define MAX_MESSAGES 100
#define MAX_TOKENS   50000.0
#define WEIGHT_TOL   0.001

typedef enum { K_UNKNOWN, K_CONF, K_PHASE, K_DISC, K_MSG, K_ITEM } disc_kind;

static const char *const entry_schema[] = {
    NULL, SID("confidence"), SID("phase"), SID("discussion"), SID("message"), SID("message-item")};
static const char *const entry_rule[] = {
    NULL, "DISC-CONF-002", "DISC-PHASE-003", "DISC-SESSION-001", "DISC-MSG-001", "DISC-MSG-001"};

/* ---- small helpers ---- */

static bool str_is(const amc_value *v, const char *s)
{
    return v && v->type == AMC_T_STRING && strlen(s) == v->u.str.len &&
           !memcmp(v->u.str.ptr, s, v->u.str.len);
}

static bool str_eq(const amc_value *a, const amc_value *b)
{
    return a && b && a->type == AMC_T_STRING && b->type == AMC_T_STRING &&
           a->u.str.len == b->u.str.len && !memcmp(a->u.str.ptr, b->u.str.ptr, a->u.str.len);
}

static const amc_value *member(const amc_value *obj, const char *key)
{
    return obj && obj->type == AMC_T_OBJECT ? amc_value_getz(obj, key) : NULL;
}

static bool digits(const char *s, size_t n)
{
    size_t i = 0;
    for (i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return n > 0;
}

/* s[0..n) is YYYY-MM-DD-SEQ (shape only). */
static bool date_seq_shape(const char *s, size_t n)
{
    return n >= 12 && digits(s, 4) && s[4] == '-' && digits(s + 5, 2) && s[7] == '-' &&
           digits(s + 8, 2) && s[10] == '-' && digits(s + 11, n - 11);
}

/* v is prefix + YYYY-MM-DD-SEQ with a date that does not exist. */
static bool bad_calendar(const amc_value *v, const char *prefix)
{
    size_t p = strlen(prefix);
    amc_datetime dt;
    if (!v || v->type != AMC_T_STRING || v->u.str.len < p || memcmp(v->u.str.ptr, prefix, p) ||
        !date_seq_shape(v->u.str.ptr + p, v->u.str.len - p))
        return false;
    return amc_rfc3339_date(v->u.str.ptr + p, 10, &dt) != 0;
}

static bool instant(const amc_value *v, int64_t *sec, uint32_t *nanos)
{
    amc_datetime dt;
    if (!v || v->type != AMC_T_STRING ||
        amc_rfc3339_datetime(v->u.str.ptr, v->u.str.len, &dt) != 0 || !dt.has_offset)
        return false;
    *sec = amc_datetime_unix(&dt);
    *nanos = dt.nanos;
    return true;
}

/* ---- document kind ---- */

static disc_kind kind_of(const amc_value *root)
{
    if (!root || root->type != AMC_T_OBJECT)
        return K_UNKNOWN;
    if (member(root, "confidence_calculation"))
        return K_CONF;
    if (member(root, "phase_name"))
        return K_PHASE;
    if (member(root, "discussion_id") && member(root, "status") && !member(root, "message_type"))
        return K_DISC;
    if (member(root, "message_id") || member(root, "message_type")) {
        if (member(root, "message_id") || member(root, "discussion_id") || member(root, "phase") ||
            member(root, "timestamp") || member(root, "metadata"))
            return K_MSG;
        return K_ITEM;
    }
    return K_UNKNOWN;
}

/* ---- schema failures -> rules ---- */

static amc_status check_schema(amc_validator *v, disc_kind k, const amc_doc *doc, amc_diags *ds)
{
    amc_diags *tmp = amc_diags_new(v->lim.max_diags);
    amc_status st = AMC_OK;
    bool valid = false;
    size_t i = 0;
    if (!tmp)
        return AMC_ENOMEM;
    st = amc_prof_schema_check(v, entry_schema[k], doc, amc_doc_root(doc), NULL, tmp, NULL, &valid);
    for (i = 0; (st == AMC_OK || st == AMC_ELIMIT) && i < amc_diags_count(tmp); i++) {
        amc_diag d = *amc_diags_get(tmp, i);
        const amc_rule *r = NULL;
        amc_status rs = AMC_OK;
        char msg[1024];
        if (d.sev != AMC_SEV_ERROR) {
            if (amc_diags_add(ds, &d) != AMC_OK)
                st = AMC_ENOMEM;
            continue;
        }
        r = amc_prof_tagged_rule(v, d.schema_uri, &rs);
        if (rs == AMC_ENOMEM) { /* its rule unknown: not reported under the entry rule */
            st = rs;
            break;
        }
        if (!r || strcmp(r->profile, "discussion") != 0)
            r = amc_prof_rule(entry_rule[k]);
        snprintf(msg, sizeof msg, "%s: %s", amc_code_id(d.code), d.message);
        d.message = msg;
        d.code = r->code;
        d.sev = r->level == AMC_RULE_MUST ? AMC_SEV_ERROR : AMC_SEV_WARNING;
        d.rule_id = r->id;
        if (amc_diags_add(ds, &d) != AMC_OK)
            st = AMC_ENOMEM;
    }
    amc_diags_free(tmp);
    return st == AMC_ELIMIT ? AMC_OK : st;
}

/* ---- semantic rules ---- */

/* One message of a whole-discussion document: where it is (for positions and pointers). */
typedef struct msg_ref {
    const amc_value *msg;
    bool in_messages; /* from the top-level messages array (else a phase record) */
    size_t i, j;      /* messages[i], or phases[i] (j == SIZE_MAX: inline) / messages[j] */
} msg_ref;

typedef struct ctx {
    const amc_doc *doc;
    amc_diags *ds;
    msg_ref *refs;
    size_t nrefs, cap;
} ctx;

static amc_pos pos_of(const ctx *c, const amc_value *v)
{
    return amc_doc_pos(c->doc, v->offset);
}

static const char *ref_ptr(const msg_ref *r, const char *base, char *buf, size_t n)
{
    if (r->in_messages)
        snprintf(buf, n, "/messages/%zu", r->i);
    else if (r->j == SIZE_MAX)
        snprintf(buf, n, "%s/phases/%zu", base, r->i);
    else
        snprintf(buf, n, "%s/phases/%zu/messages/%zu", base, r->i, r->j);
    return buf;
}

static amc_status add_ref(ctx *c, const amc_value *msg, bool in_messages, size_t i, size_t j)
{
    if (c->nrefs == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 16;
        msg_ref *n = amc_xrealloc(c->refs, cap * sizeof *n);
        if (!n)
            return AMC_ENOMEM;
        c->refs = n;
        c->cap = cap;
    }
    c->refs[c->nrefs].msg = msg;
    c->refs[c->nrefs].in_messages = in_messages;
    c->refs[c->nrefs].i = i;
    c->refs[c->nrefs].j = j;
    c->nrefs++;
    return AMC_OK;
}

static const char *const not_specialists[] = {
    "決裁者",     "ポジティブビジョン", "ポジティブ", "Devil's Advocate",
    "サボり視点", "倫理特化",           "法務特化",   "システム"};

/* NULL: the speaker may send the type (or the types are not strings); else who should. */
static const char *speaker_problem(const amc_value *type, const amc_value *spk)
{
    size_t i = 0;
    if (!type || type->type != AMC_T_STRING || !spk || spk->type != AMC_T_STRING)
        return NULL;
    if (str_is(type, "SITUATION_REPORT"))
        return str_is(spk, "分析特化") ? NULL : "分析特化";
    if (str_is(type, "SPECIALIST_OPINION")) {
        for (i = 0; i < sizeof not_specialists / sizeof not_specialists[0]; i++)
            if (str_is(spk, not_specialists[i]))
                return "a specialist (not 決裁者, the perspective or governance agents, or "
                       "システム)";
        return NULL;
    }
    if (str_is(type, "PERSPECTIVE_POSITIVE"))
        return str_is(spk, "ポジティブビジョン") || str_is(spk, "ポジティブ")
                   ? NULL
                   : "ポジティブビジョン (ポジティブ)";
    if (str_is(type, "PERSPECTIVE_NEGATIVE"))
        return str_is(spk, "Devil's Advocate") ? NULL : "Devil's Advocate";
    if (str_is(type, "PERSPECTIVE_HUMAN"))
        return str_is(spk, "サボり視点") ? NULL : "サボり視点";
    if (str_is(type, "GOVERNANCE_ETHICS"))
        return str_is(spk, "倫理特化") ? NULL : "倫理特化";
    if (str_is(type, "GOVERNANCE_LEGAL"))
        return str_is(spk, "法務特化") ? NULL : "法務特化";
    if (str_is(type, "DECISION_DELIBERATION") || str_is(type, "EXECUTION_ORDER"))
        return str_is(spk, "決裁者") ? NULL : "決裁者";
    if (str_is(type, "ERROR"))
        return str_is(spk, "システム") ? NULL : "システム";
    return NULL;
}

/* NULL: the speaker may raise the condition; else who may. */
static const char *filer_problem(const amc_value *cond, const amc_value *spk)
{
    if (!cond || cond->type != AMC_T_STRING || !spk || spk->type != AMC_T_STRING)
        return NULL;
    if (str_is(cond, "重大なリスク見落とし"))
        return str_is(spk, "倫理特化") || str_is(spk, "法務特化")
                   ? NULL
                   : "the governance group (倫理特化, 法務特化)";
    if (str_is(cond, "データの誤り発見"))
        return str_is(spk, "分析特化") ? NULL : "分析特化";
    if (str_is(cond, "倫理的懸念"))
        return str_is(spk, "倫理特化") ? NULL : "倫理特化";
    if (str_is(cond, "法的リスク"))
        return str_is(spk, "法務特化") ? NULL : "法務特化";
    return NULL;
}

/* base + rest into buf; a pointer that does not fit is cut back to base (or "" if base does
 * not fit either), so a location is never a truncated, wrong pointer. */
static char *join(char *buf, size_t n, const char *base, const char *rest)
{
    int r = snprintf(buf, n, "%s%s", base, rest);
    if (r < 0 || (size_t)r >= n) {
        r = snprintf(buf, n, "%s", base);
        if (r < 0 || (size_t)r >= n)
            buf[0] = '\0';
    }
    return buf;
}

/* The rules on one message or message item (or an inline phase record) at pointer base. */
static amc_status check_message(ctx *c, const amc_value *m, const char *base)
{
    const amc_value *type = member(m, "message_type"), *spk = member(m, "speaker");
    const amc_value *content = member(m, "content"), *mid = member(m, "message_id");
    const amc_value *did = member(m, "discussion_id"), *x = NULL;
    const char *who = NULL;
    char p[512];
    amc_status st = AMC_OK;
    if (!m || m->type != AMC_T_OBJECT)
        return AMC_OK;
    if (bad_calendar(did, "DISC-"))
        st = amc_prof_emit(c->ds, "DISC-ID-001", pos_of(c, did),
                           join(p, sizeof p, base, "/discussion_id"),
                           "discussion_id %s names a date that does not exist", did->u.str.ptr);
    if (st == AMC_OK && mid && mid->type == AMC_T_STRING && did && did->type == AMC_T_STRING &&
        mid->u.str.len > 4 && !memcmp(mid->u.str.ptr, "MSG-", 4)) {
        const char *s = mid->u.str.ptr;
        size_t n = mid->u.str.len, e = n;
        while (e > 4 && s[e - 1] >= '0' && s[e - 1] <= '9')
            e--;
        if (e < n && e > 10 && s[e - 1] == '-' && !memcmp(s + 4, "DISC-", 5) &&
            date_seq_shape(s + 9, e - 10) &&
            !(e - 5 == did->u.str.len && !memcmp(s + 4, did->u.str.ptr, e - 5)))
            st = amc_prof_emit(
                c->ds, "DISC-XREF-001", pos_of(c, mid), join(p, sizeof p, base, "/message_id"),
                "message_id %s does not embed the message's discussion_id %s", s, did->u.str.ptr);
    }
    who = speaker_problem(type, spk);
    if (st == AMC_OK && who)
        st = amc_prof_emit(
            c->ds, "DISC-SPK-001", pos_of(c, spk), join(p, sizeof p, base, "/speaker"),
            "%s sent by %s: §5.1 names %s as its sender", type->u.str.ptr, spk->u.str.ptr, who);
    x = member(content, "decision_id");
    if (st == AMC_OK && bad_calendar(x, "DEC-"))
        st = amc_prof_emit(c->ds, "DISC-ID-003", pos_of(c, x),
                           join(p, sizeof p, base, "/content/decision_id"),
                           "decision_id %s names a date that does not exist", x->u.str.ptr);
    x = member(content, "target_decision");
    if (st == AMC_OK && bad_calendar(x, "DEC-"))
        st = amc_prof_emit(c->ds, "DISC-ID-003", pos_of(c, x),
                           join(p, sizeof p, base, "/content/target_decision"),
                           "target_decision %s names a date that does not exist", x->u.str.ptr);
    x = member(content, "weight_assignment");
    if (st == AMC_OK && str_is(type, "DECISION_DELIBERATION") && x && x->type == AMC_T_OBJECT) {
        double sum = 0;
        bool numbers = true;
        size_t i = 0;
        for (i = 0; i < x->u.obj.len; i++) {
            const amc_value *w = x->u.obj.members[i].value;
            if (w->type != AMC_T_NUMBER || !isfinite(w->u.num.d))
                numbers = false;
            else
                sum += w->u.num.d;
        }
        if (numbers && (sum < 1.0 - WEIGHT_TOL - 1e-9 || sum > 1.0 + WEIGHT_TOL + 1e-9))
            st = amc_prof_emit(c->ds, "DISC-WEIGHT-002", pos_of(c, x),
                               join(p, sizeof p, base, "/content/weight_assignment"),
                               "weight_assignment sums to %.6g, not 1 within %g", sum, WEIGHT_TOL);
    }
    x = member(content, "check_result");
    if (st == AMC_OK && (str_is(type, "GOVERNANCE_ETHICS") || str_is(type, "GOVERNANCE_LEGAL")) &&
        x && x->type == AMC_T_STRING && !str_is(x, "PASS") && !str_is(x, "FAIL"))
        st = amc_prof_emit(c->ds, "DISC-GOV-001", pos_of(c, x),
                           join(p, sizeof p, base, "/content/check_result"),
                           "check_result %s is neither PASS nor FAIL", x->u.str.ptr);
    x = member(content, "condition");
    who = str_is(type, "OBJECTION") ? filer_problem(x, spk) : NULL;
    if (st == AMC_OK && who)
        st = amc_prof_emit(c->ds, "DISC-OBJ-002", pos_of(c, spk),
                           join(p, sizeof p, base, "/speaker"),
                           "objection condition %s raised by %s: only %s may raise it (§7.1)",
                           x->u.str.ptr, spk->u.str.ptr, who);
    return st;
}

/* A phase record at base; refs collected when phases_i != SIZE_MAX (inside a discussion). */
static amc_status check_phase(ctx *c, const amc_value *rec, const char *base, size_t phases_i)
{
    const amc_value *msgs = member(rec, "messages");
    char p[512];
    size_t j = 0;
    amc_status st = AMC_OK;
    if (!rec || rec->type != AMC_T_OBJECT)
        return AMC_OK;
    if (msgs && msgs->type == AMC_T_ARRAY) {
        for (j = 0; st == AMC_OK && j < msgs->u.arr.len; j++) {
            snprintf(p, sizeof p, "%s/messages/%zu", base, j);
            st = check_message(c, msgs->u.arr.items[j], p);
            if (st == AMC_OK && phases_i != SIZE_MAX && msgs->u.arr.items[j]->type == AMC_T_OBJECT)
                st = add_ref(c, msgs->u.arr.items[j], false, phases_i, j);
        }
        return st;
    }
    if (msgs)
        return AMC_OK;
    st = check_message(c, rec, base);
    if (st == AMC_OK && phases_i != SIZE_MAX && member(rec, "message_type"))
        st = add_ref(c, rec, false, phases_i, SIZE_MAX);
    return st;
}

static int cmp_str(const void *a, const void *b)
{
    const amc_value *x = *(const amc_value *const *)a, *y = *(const amc_value *const *)b;
    size_t n = x->u.str.len < y->u.str.len ? x->u.str.len : y->u.str.len;
    int r = memcmp(x->u.str.ptr, y->u.str.ptr, n);
    if (r)
        return r;
    if (x->u.str.len != y->u.str.len)
        return x->u.str.len < y->u.str.len ? -1 : 1;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static bool sorted_has(const amc_value **arr, size_t n, const amc_value *s)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const amc_value *key = s;
        int r = 0;
        size_t m = key->u.str.len < arr[mid]->u.str.len ? key->u.str.len : arr[mid]->u.str.len;
        r = memcmp(arr[mid]->u.str.ptr, key->u.str.ptr, m);
        if (!r && arr[mid]->u.str.len != key->u.str.len)
            r = arr[mid]->u.str.len < key->u.str.len ? -1 : 1;
        if (!r)
            return true;
        if (r < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* DISC-XREF-003 over the refs of one collection (in_messages). */
typedef struct id_ref {
    const amc_value *id;
    size_t ref;
} id_ref;

static int cmp_id_ref(const void *a, const void *b)
{
    const id_ref *x = a, *y = b;
    return cmp_str(&x->id, &y->id);
}

static amc_status check_duplicates(ctx *c, bool in_messages)
{
    size_t i = 0, n = 0;
    amc_status st = AMC_OK;
    id_ref *ids = amc_xcalloc(c->nrefs + 1, sizeof *ids);
    if (!ids)
        return AMC_ENOMEM;
    for (i = 0; i < c->nrefs; i++) {
        const amc_value *id = member(c->refs[i].msg, "message_id");
        if (c->refs[i].in_messages == in_messages && id && id->type == AMC_T_STRING) {
            ids[n].id = id;
            ids[n++].ref = i;
        }
    }
    if (n > 1)
        qsort(ids, n, sizeof *ids, cmp_id_ref);
    for (i = 1; st == AMC_OK && i < n; i++)
        if (ids[i].id->u.str.len == ids[i - 1].id->u.str.len &&
            !memcmp(ids[i].id->u.str.ptr, ids[i - 1].id->u.str.ptr, ids[i].id->u.str.len)) {
            char rp[512], p[600];
            snprintf(p, sizeof p, "%s/message_id",
                     ref_ptr(&c->refs[ids[i].ref], "", rp, sizeof rp));
            st = amc_prof_emit(c->ds, "DISC-XREF-003", pos_of(c, ids[i].id), p,
                               "message_id %s appears more than once in %s", ids[i].id->u.str.ptr,
                               in_messages ? "'messages'" : "the phase records");
        }
    amc_xfree(ids);
    return st;
}

static amc_status check_discussion(ctx *c, const amc_value *root)
{
    const amc_value *status = member(root, "status"), *closed = member(root, "closed_at");
    const amc_value *created = member(root, "created_at"), *did = member(root, "discussion_id");
    const amc_value *phases = member(root, "phases"), *msgs = member(root, "messages");
    const amc_value *parts = member(root, "participants"), *fd = member(root, "final_decision");
    const amc_value **tmp = NULL;
    const amc_value *x = NULL;
    amc_status st = AMC_OK;
    size_t i = 0, ndec = 0, count = 0;
    double tokens = 0;
    char p[512];
    int64_t s1 = 0, s2 = 0;
    uint32_t n1 = 0, n2 = 0;
    bool has_msgs = msgs && msgs->type == AMC_T_ARRAY;

    if (bad_calendar(did, "DISC-"))
        st = amc_prof_emit(c->ds, "DISC-ID-001", pos_of(c, did), "/discussion_id",
                           "discussion_id %s names a date that does not exist", did->u.str.ptr);
    x = member(fd, "decision_id");
    if (st == AMC_OK && bad_calendar(x, "DEC-"))
        st = amc_prof_emit(c->ds, "DISC-ID-003", pos_of(c, x), "/final_decision/decision_id",
                           "decision_id %s names a date that does not exist", x->u.str.ptr);
    if (st == AMC_OK && status && status->type == AMC_T_STRING && closed) {
        bool is_closed = str_is(status, "CLOSED") || str_is(status, "TIMEOUT");
        bool known = is_closed || str_is(status, "OPEN") || str_is(status, "IN_PROGRESS") ||
                     str_is(status, "VOTING") || str_is(status, "DECIDED") ||
                     str_is(status, "ESCALATED");
        if (known && is_closed && closed->type == AMC_T_NULL)
            st = amc_prof_emit(c->ds, "DISC-STATUS-002", pos_of(c, closed), "/closed_at",
                               "status %s but closed_at is null", status->u.str.ptr);
        else if (known && !is_closed && closed->type != AMC_T_NULL)
            st = amc_prof_emit(c->ds, "DISC-STATUS-002", pos_of(c, closed), "/closed_at",
                               "status %s (not closed) but closed_at is set", status->u.str.ptr);
    }
    if (st == AMC_OK && instant(created, &s1, &n1) && instant(closed, &s2, &n2) &&
        (s2 < s1 || (s2 == s1 && n2 < n1)))
        st = amc_prof_emit(c->ds, "DISC-TIME-002", pos_of(c, closed), "/closed_at",
                           "closed_at %s is earlier than created_at %s", closed->u.str.ptr,
                           created->u.str.ptr);
    for (i = 0; st == AMC_OK && phases && phases->type == AMC_T_ARRAY && i < phases->u.arr.len;
         i++) {
        snprintf(p, sizeof p, "/phases/%zu", i);
        st = check_phase(c, phases->u.arr.items[i], p, i);
    }
    for (i = 0; st == AMC_OK && has_msgs && i < msgs->u.arr.len; i++) {
        snprintf(p, sizeof p, "/messages/%zu", i);
        st = check_message(c, msgs->u.arr.items[i], p);
        if (st == AMC_OK && msgs->u.arr.items[i]->type == AMC_T_OBJECT)
            st = add_ref(c, msgs->u.arr.items[i], true, i, 0);
    }
    if (st != AMC_OK || !c->nrefs)
        goto limits;
    tmp = amc_xcalloc(c->nrefs + 1, sizeof *tmp);
    if (!tmp)
        return AMC_ENOMEM;
    /* DISC-XREF-002, DISC-SPK-002 on every message. */
    for (i = 0; st == AMC_OK && i < c->nrefs; i++) {
        const msg_ref *r = &c->refs[i];
        const amc_value *md = member(r->msg, "discussion_id"), *spk = member(r->msg, "speaker");
        char rp[512];
        size_t k = 0;
        bool listed = false;
        if (did && did->type == AMC_T_STRING && md && md->type == AMC_T_STRING && !str_eq(md, did))
            st = amc_prof_emit(c->ds, "DISC-XREF-002", pos_of(c, md),
                               join(p, sizeof p, ref_ptr(r, "", rp, sizeof rp), "/discussion_id"),
                               "message of %s inside discussion %s", md->u.str.ptr, did->u.str.ptr);
        if (st != AMC_OK || !spk || spk->type != AMC_T_STRING || str_is(spk, "システム") ||
            !parts || parts->type != AMC_T_ARRAY)
            continue;
        for (k = 0; k < parts->u.arr.len && !listed; k++)
            listed = str_eq(parts->u.arr.items[k], spk);
        if (!listed)
            st = amc_prof_emit(c->ds, "DISC-SPK-002", pos_of(c, spk),
                               join(p, sizeof p, ref_ptr(r, "", rp, sizeof rp), "/speaker"),
                               "speaker %s is not listed in participants", spk->u.str.ptr);
    }
    /* DISC-XREF-003 per collection. */
    if (st == AMC_OK)
        st = check_duplicates(c, true);
    if (st == AMC_OK)
        st = check_duplicates(c, false);
    /* DISC-OBJ-003: decisions known to the discussion. */
    x = member(fd, "decision_id");
    if (x && x->type == AMC_T_STRING)
        tmp[ndec++] = x;
    for (i = 0; i < c->nrefs; i++) {
        x = member(member(c->refs[i].msg, "content"), "decision_id");
        if (str_is(member(c->refs[i].msg, "message_type"), "EXECUTION_ORDER") && x &&
            x->type == AMC_T_STRING)
            tmp[ndec++] = x;
    }
    if (ndec > 1)
        qsort(tmp, ndec, sizeof *tmp, cmp_str);
    for (i = 0; st == AMC_OK && i < c->nrefs; i++) {
        const msg_ref *r = &c->refs[i];
        char rp[512];
        x = member(member(r->msg, "content"), "target_decision");
        if (str_is(member(r->msg, "message_type"), "OBJECTION") && x && x->type == AMC_T_STRING &&
            !sorted_has(tmp, ndec, x))
            st = amc_prof_emit(
                c->ds, "DISC-OBJ-003", pos_of(c, x),
                join(p, sizeof p, ref_ptr(r, "", rp, sizeof rp), "/content/target_decision"),
                "the objection targets %s, which is not a decision of this discussion",
                x->u.str.ptr);
    }
limits:
    /* DISC-LIMIT-001/002 on the message set. */
    for (i = 0; st == AMC_OK && i < c->nrefs; i++) {
        const amc_value *t = member(member(c->refs[i].msg, "metadata"), "tokens_consumed");
        if (c->refs[i].in_messages != has_msgs)
            continue;
        count++;
        if (t && t->type == AMC_T_NUMBER && isfinite(t->u.num.d) && t->u.num.d > 0)
            tokens += t->u.num.d;
    }
    if (st == AMC_OK && count > MAX_MESSAGES)
        st = amc_prof_emit(c->ds, "DISC-LIMIT-001", pos_of(c, has_msgs ? msgs : root),
                           has_msgs ? "/messages" : "/phases",
                           "%zu messages: more than the %d of §9.2 (forced phase transition)",
                           count, MAX_MESSAGES);
    if (st == AMC_OK && tokens > MAX_TOKENS)
        st = amc_prof_emit(c->ds, "DISC-LIMIT-002", pos_of(c, has_msgs ? msgs : root),
                           has_msgs ? "/messages" : "/phases",
                           "the messages consumed %.0f tokens: more than the %.0f of §9.2", tokens,
                           MAX_TOKENS);
    amc_xfree(tmp);
    return st;
}

static amc_status discussion_check(amc_validator *v, void *state, const char *path, const char *buf,
                                   size_t len, amc_diags *ds)
{
    amc_diags *tmp = NULL;
    amc_doc *doc = NULL;
    const amc_value *root = NULL;
    amc_status st = AMC_OK;
    disc_kind k = K_UNKNOWN;
    size_t i = 0;
    ctx c;
    (void)state;
    (void)path;
    memset(&c, 0, sizeof c);
    tmp = amc_diags_new(v->lim.max_diags);
    if (!tmp)
        return AMC_ENOMEM;
    st = amc_json_read(buf, len, &v->lim, tmp, &doc);
    for (i = 0; i < amc_diags_count(tmp); i++) {
        amc_diag d = *amc_diags_get(tmp, i);
        if (d.code == AMC_C_JSON_BOM) { /* an error here (rules_discussion.def DISC-DOC-003) */
            d.message = "UTF-8 byte order mark: JSON.parse and Python's json.loads reject it";
            if (amc_prof_restate(ds, "DISC-DOC-003", &d) != AMC_OK) {
                st = AMC_ENOMEM;
                goto out;
            }
            continue;
        }
        if (d.sev == AMC_SEV_ERROR && !d.rule_id)
            d.rule_id = "DISC-DOC-001";
        if (amc_diags_add(ds, &d) != AMC_OK) {
            st = AMC_ENOMEM;
            goto out;
        }
    }
    if (st != AMC_OK) {
        st = st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
        goto out;
    }
    root = amc_doc_root(doc);
    k = kind_of(root);
    if (k == K_UNKNOWN) {
        st = amc_prof_emit(ds, "DISC-DOC-002", amc_doc_pos(doc, root->offset), "",
                           root->type == AMC_T_OBJECT
                               ? "the object is no discussion document kind (it has none of "
                                 "message_id, message_type, phase_name, discussion_id + "
                                 "status, confidence_calculation)"
                               : "a discussion document is an object, not %s",
                           amc_type_name(root->type));
        goto out;
    }
    st = check_schema(v, k, doc, ds);
    if (st != AMC_OK)
        goto out;
    c.doc = doc;
    c.ds = ds;
    if (k == K_MSG || k == K_ITEM)
        st = check_message(&c, root, "");
    else if (k == K_PHASE)
        st = check_phase(&c, root, "", SIZE_MAX);
    else if (k == K_DISC)
        st = check_discussion(&c, root);
out:
    amc_xfree(c.refs);
    amc_diags_free(tmp);
    amc_doc_free(doc);
    return st;
}

/* ---- detection ---- */

static bool has_key(const char *buf, size_t from, size_t len, const char *key)
{
    size_t n = strlen(key), j = 0, end = len < from + 65536 ? len : from + 65536;
    for (j = from; j + n <= end; j++)
        if (buf[j] == '"' && !memcmp(buf + j, key, n)) {
            size_t k = j + n;
            while (k < len && (buf[k] == ' ' || buf[k] == '\t' || buf[k] == '\r' || buf[k] == '\n'))
                k++;
            if (k < len && buf[k] == ':')
                return true; /* a member name, not a string value */
        }
    return false;
}

static int discussion_detect(const char *path, const char *buf, size_t len)
{
    size_t i = 0;
    int score = 0;
    (void)path;
    while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
        i++;
    if (i >= len || buf[i] != '{')
        return 0;
    if (has_key(buf, i, len, "\"confidence_calculation\""))
        score += 60;
    if (has_key(buf, i, len, "\"phase_name\""))
        score += 40;
    if (has_key(buf, i, len, "\"discussion_id\""))
        score += 40;
    if (has_key(buf, i, len, "\"speaker\""))
        score += 30;
    if (score && has_key(buf, i, len, "\"message_type\""))
        score += 10;
    if (score && (has_key(buf, i, len, "\"msg_id\"") || has_key(buf, i, len, "\"sender_id\"") ||
                  has_key(buf, i, len, "\"from_agent\"") || has_key(buf, i, len, "\"to_agent\"")))
        score /= 4;
    return score > 95 ? 95 : score;
}

const amc_profile_ops amc_profile_discussion = {
    {"discussion", "structured discussions: sessions, six phases, 14 message types, objections",
     "AGENT_COMMUNICATION_PROTOCOL.md v1.0.0, 2026-01-15 (no public home known: "
     "docs/protocols.md)"},
    discussion_detect,
    NULL,
    NULL,
    discussion_check};
