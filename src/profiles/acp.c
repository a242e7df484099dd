/*
 * acp.c - the acp profile: "Agent Communication Protocol v1.0" (seed 004), JSON envelopes in
 * per-agent inbox folders, agent registration, session state, recovery strategy, metrics and
 * audit events. Catalog: docs/profiles/acp.md; rules_acp.def; schemas/acp/.
 *
 * Order of checks: the strict JSON reader (ACP-DOC-001; a comment gets a hint, since the seed's
 * own examples carry // notes); the document kind (ACP-DOC-002); the kind's entry schema, each
 * failure reported under the rule whose "[RULE-ID]" $comment tags the failing subschema
 * (amc_prof_tagged_rule); then the rules a schema cannot express, which stay silent on members
 * of the wrong type (the schema already reported those); placement from the path.
 *
 * Decisions (the catalog has the rest):
 *   - Kinds, tested in this order: message_id -> envelope; message_type with any of from_agent,
 *     to_agent, timestamp, priority, correlation_id, metadata -> envelope; message_type alone
 *     (with payload) -> message excerpt (the seed's §2 per-type examples: fragment.schema.json);
 *     agent_id + agent_type -> registration; session_id -> session state; recovery_strategy ->
 *     recovery; metric_type -> metrics; audit_event -> audit event. docs/profiles/acp.md said
 *     excerpts are never detected; amc detects them so that the seed's excerpts check as they are
 *     (a real message without message_id still has from_agent/to_agent and is an envelope).
 *   - The SHOULD canonical forms (ACP-ID-002, ACP-TS-002, ACP-SESSION-004) are the defs of
 *     defs.schema.json evaluated on their own value, so the schema stays the one source.
 *   - Placement: only when the directory two levels above the file is named "inbox" (anything
 *     before it is the workspace's own path).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/arena_int.h"
#include "profiles/profile_int.h"

#define SCHEMA(x) "https://amc.dev/schemas/acp/" x ".schema.json"
#define DEFS(x)   "https://amc.dev/schemas/acp/defs.schema.json#/$defs/" x

typedef enum acp_kind {
    K_UNKNOWN = 0,
    K_ENVELOPE,
    K_FRAGMENT,
    K_REGISTRATION,
    K_SESSION,
    K_RECOVERY,
    K_METRICS,
    K_AUDIT
} acp_kind;

static const char *const entry_schema[] = {NULL,
                                           SCHEMA("envelope"),
                                           SCHEMA("fragment"),
                                           SCHEMA("registration"),
                                           SCHEMA("session"),
                                           SCHEMA("recovery"),
                                           SCHEMA("metrics"),
                                           SCHEMA("audit")};
static const char *const entry_rule[] = {
    NULL,          "ACP-ENV-001",    "ACP-ENV-001",  "ACP-REG-001", "ACP-SESSION-001",
    "ACP-REC-001", "ACP-METRIC-001", "ACP-AUDIT-001"};

static const amc_value *member(const amc_value *obj, const char *key)
{
    return obj && obj->type == AMC_T_OBJECT ? amc_value_getz(obj, key) : NULL;
}

static const amc_value *str_member(const amc_value *obj, const char *key)
{
    const amc_value *v = member(obj, key);
    return v && v->type == AMC_T_STRING ? v : NULL;
}

static bool num_member(const amc_value *obj, const char *key, double *d)
{
    const amc_value *v = member(obj, key);
    if (!v || v->type != AMC_T_NUMBER)
        return false;
    *d = v->u.num.d;
    return true;
}

static bool str_is(const amc_value *v, const char *s)
{
    size_t n = strlen(s);
    return v && v->type == AMC_T_STRING && v->u.str.len == n && !memcmp(v->u.str.ptr, s, n);
}

static acp_kind kind_of(const amc_value *root)
{
    static const char *const env_members[] = {"from_agent", "to_agent",       "timestamp",
                                              "priority",   "correlation_id", "metadata"};
    size_t i = 0;
    if (!root || root->type != AMC_T_OBJECT)
        return K_UNKNOWN;
    if (member(root, "message_id"))
        return K_ENVELOPE;
    if (member(root, "message_type")) {
        for (i = 0; i < sizeof env_members / sizeof env_members[0]; i++)
            if (member(root, env_members[i]))
                return K_ENVELOPE;
        return K_FRAGMENT;
    }
    if (member(root, "agent_id") && member(root, "agent_type"))
        return K_REGISTRATION;
    if (member(root, "session_id"))
        return K_SESSION;
    if (member(root, "recovery_strategy"))
        return K_RECOVERY;
    if (member(root, "metric_type"))
        return K_METRICS;
    if (member(root, "audit_event"))
        return K_AUDIT;
    return K_UNKNOWN;
}

typedef struct ctx {
    amc_validator *v;
    const amc_doc *doc;
    amc_diags *ds;
} ctx;

static amc_pos pos_of(const ctx *c, const amc_value *v)
{
    return amc_doc_pos(c->doc, v && v->offset != AMC_NO_OFFSET ? v->offset : 0);
}

static amc_status check_schema(ctx *c, acp_kind k)
{
    amc_diags *tmp = amc_diags_new(c->v->lim.max_diags);
    amc_status st = AMC_OK;
    bool valid = false;
    size_t i = 0;
    if (!tmp)
        return AMC_ENOMEM;
    st = amc_prof_schema_check(c->v, entry_schema[k], c->doc, amc_doc_root(c->doc), NULL, tmp, NULL,
                               &valid);
    for (i = 0; (st == AMC_OK || st == AMC_ELIMIT) && i < amc_diags_count(tmp); i++) {
        amc_diag d = *amc_diags_get(tmp, i);
        const amc_rule *r = NULL;
        amc_status rs = AMC_OK;
        char msg[1024];
        if (d.sev != AMC_SEV_ERROR) {
            if (amc_diags_add(c->ds, &d) != AMC_OK)
                st = AMC_ENOMEM;
            continue;
        }
        r = amc_prof_tagged_rule(c->v, d.schema_uri, &rs);
        if (rs == AMC_ENOMEM) { /* its rule unknown: not reported under the entry rule */
            st = rs;
            break;
        }
        if (!r || strcmp(r->profile, "acp") != 0)
            r = amc_prof_rule(entry_rule[k]);
        snprintf(msg, sizeof msg, "%s: %s", amc_code_id(d.code), d.message);
        d.message = msg;
        d.code = r->code;
        d.sev = r->level == AMC_RULE_MUST ? AMC_SEV_ERROR : AMC_SEV_WARNING;
        d.rule_id = r->id;
        if (amc_diags_add(c->ds, &d) != AMC_OK)
            st = AMC_ENOMEM;
    }
    amc_diags_free(tmp);
    return st == AMC_ELIMIT ? AMC_OK : st;
}

/* Whether value matches a definition of defs.schema.json (a SHOULD canonical form). */
static amc_status matches_def(ctx *c, const char *def, const amc_value *value, bool *ok)
{
    amc_diags *tmp = amc_diags_new(4);
    amc_status st = AMC_OK;
    if (!tmp)
        return AMC_ENOMEM;
    st = amc_prof_schema_check(c->v, def, c->doc, value, NULL, tmp, NULL, ok);
    amc_diags_free(tmp);
    return st == AMC_ELIMIT ? AMC_OK : st;
}

/* "PREFIX-YYYY-MM-DD-..." with a date that does not exist (the schema checks only the shape). */
static bool bad_calendar(const amc_value *v, const char *prefix)
{
    size_t p = strlen(prefix), i = 0;
    int y = 0, m = 0, d = 0;
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const char *s = v ? v->u.str.ptr : NULL;
    if (!v || v->type != AMC_T_STRING || v->u.str.len < p + 11 || memcmp(s, prefix, p) != 0)
        return false;
    s += p;
    for (i = 0; i < 10; i++)
        if ((i == 4 || i == 7) ? s[i] != '-' : (s[i] < '0' || s[i] > '9'))
            return false;
    if (s[10] != '-')
        return false;
    y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    m = (s[5] - '0') * 10 + (s[6] - '0');
    d = (s[8] - '0') * 10 + (s[9] - '0');
    if (m < 1 || m > 12 || d < 1)
        return false; /* the schema's pattern reports these */
    return d > mdays[m - 1] + (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0));
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

/* RESULT-002 and ERR-002 on a payload of type t (envelopes and excerpts). */
static amc_status check_payload(ctx *c, const amc_value *type, const amc_value *payload)
{
    amc_status st = AMC_OK;
    if (!payload || payload->type != AMC_T_OBJECT)
        return AMC_OK;
    if (str_is(type, "RESULT") && str_is(member(payload, "status"), "SUCCESS")) {
        const amc_value *errs = member(payload, "errors");
        if (errs && errs->type == AMC_T_ARRAY && errs->u.arr.len > 0)
            st = amc_prof_emit(c->ds, "ACP-RESULT-002", pos_of(c, errs), "/payload/errors",
                               "a RESULT with status SUCCESS lists %zu error%s", errs->u.arr.len,
                               errs->u.arr.len == 1 ? "" : "s");
    }
    if (st == AMC_OK && str_is(type, "ERROR")) {
        double n = 0;
        const amc_value *act = member(payload, "recovery_action");
        if (num_member(member(payload, "context"), "retry_attempts", &n) && n >= 3 &&
            str_is(act, "RETRY"))
            st = amc_prof_emit(c->ds, "ACP-ERR-002", pos_of(c, act), "/payload/recovery_action",
                               "retry_attempts is %g (the §6 limit) but recovery_action asks for "
                               "RETRY again: escalate, skip or roll back",
                               n);
    }
    return st;
}

static amc_status check_envelope(ctx *c, const amc_value *root, const char *path)
{
    static const char *const recommended[] = {"timestamp", "priority", "correlation_id",
                                              "metadata"};
    const amc_value *id = str_member(root, "message_id"), *ts = str_member(root, "timestamp");
    const amc_value *to = str_member(root, "to_agent");
    amc_status st = AMC_OK;
    char missing[96];
    size_t i = 0, n = 0;
    bool ok = true;
    missing[0] = '\0';
    for (i = 0; i < sizeof recommended / sizeof recommended[0]; i++)
        if (!member(root, recommended[i]))
            n += (size_t)snprintf(missing + n, sizeof missing - n, "%s%s", n ? ", " : "",
                                  recommended[i]);
    if (n)
        st = amc_prof_emit(c->ds, "ACP-ENV-002", pos_of(c, root), "",
                           "the envelope has no %s (§2 shows every envelope with them)", missing);
    if (st == AMC_OK && bad_calendar(id, "MSG-"))
        st = amc_prof_emit(c->ds, "ACP-ID-001", pos_of(c, id), "/message_id",
                           "message_id '%.*s' names a date that does not exist", (int)id->u.str.len,
                           id->u.str.ptr);
    if (st == AMC_OK && id) {
        bool any = false;
        st = matches_def(c, DEFS("messageId"), id, &any);
        if (st == AMC_OK && any)
            st = matches_def(c, DEFS("longMessageId"), id, &ok);
        if (st == AMC_OK && any && !ok)
            st = amc_prof_emit(c->ds, "ACP-ID-002", pos_of(c, id), "/message_id",
                               "message_id '%.*s' is the short form: §2 writes "
                               "MSG-YYYY-MM-DD-NNN",
                               (int)id->u.str.len, id->u.str.ptr);
    }
    if (st == AMC_OK && ts) {
        int64_t s0 = 0;
        uint32_t ns = 0;
        ok = true;
        if (instant(ts, &s0, &ns))
            st = matches_def(c, DEFS("canonicalTimestamp"), ts, &ok);
        if (st == AMC_OK && !ok)
            st = amc_prof_emit(c->ds, "ACP-TS-002", pos_of(c, ts), "/timestamp",
                               "timestamp '%.*s' is not UTC with milliseconds "
                               "(YYYY-MM-DDTHH:MM:SS.sssZ, §2)",
                               (int)ts->u.str.len, ts->u.str.ptr);
    }
    if (st == AMC_OK)
        st = check_payload(c, member(root, "message_type"), member(root, "payload"));
    /* placement: .../inbox/<dir>/<file> */
    if (st == AMC_OK && path) {
        const char *f = strrchr(path, '/'), *d = NULL;
        size_t dn = 0, pn = 0;
        if (f && f > path) {
            const char *p = f - 1;
            while (p > path && p[-1] != '/')
                p--;
            d = p;
            dn = (size_t)(f - d);
            if (d > path) {
                const char *q = d - 1; /* the '/' before <dir> */
                const char *r = q;
                while (r > path && r[-1] != '/')
                    r--;
                pn = (size_t)(q - r);
                if (!(pn == 5 && !memcmp(r, "inbox", 5)))
                    d = NULL;
            } else {
                d = NULL;
            }
        }
        if (d && to && !(to->u.str.len == dn && !memcmp(to->u.str.ptr, d, dn)))
            st = amc_prof_emit(c->ds, "ACP-INBOX-001", pos_of(c, to), "/to_agent",
                               "the file is in inbox/%.*s/ but to_agent is '%.*s'", (int)dn, d,
                               (int)to->u.str.len, to->u.str.ptr);
        if (st == AMC_OK && d && id) {
            const char *name = f + 1;
            size_t nn = strlen(name);
            if (!(nn == id->u.str.len + 5 && !memcmp(name, id->u.str.ptr, id->u.str.len) &&
                  !memcmp(name + id->u.str.len, ".json", 5)))
                st = amc_prof_emit(c->ds, "ACP-INBOX-002", pos_of(c, id), "/message_id",
                                   "the file is named '%s', not '%.*s.json'", name,
                                   (int)id->u.str.len, id->u.str.ptr);
        }
    }
    return st;
}

static amc_status check_registration(ctx *c, const amc_value *root)
{
    const amc_value *ep = str_member(root, "endpoint"), *id = str_member(root, "agent_id");
    char want[600];
    int n = 0;
    if (!ep || !id || id->u.str.len > 512)
        return AMC_OK;
    n = snprintf(want, sizeof want, "/agent-workspace/inbox/%.*s", (int)id->u.str.len,
                 id->u.str.ptr);
    if (n > 0 && (size_t)n < sizeof want &&
        ((ep->u.str.len == (size_t)n && !memcmp(ep->u.str.ptr, want, (size_t)n)) ||
         (ep->u.str.len == (size_t)n + 1 && !memcmp(ep->u.str.ptr, want, (size_t)n) &&
          ep->u.str.ptr[n] == '/')))
        return AMC_OK;
    return amc_prof_emit(c->ds, "ACP-REG-002", pos_of(c, ep), "/endpoint",
                         "endpoint '%.*s' is not %s/ (where messages to the agent land)",
                         (int)ep->u.str.len, ep->u.str.ptr, want);
}

static amc_status check_session(ctx *c, const amc_value *root)
{
    const amc_value *gm = member(root, "global_metrics"), *sid = str_member(root, "session_id");
    double total = 0, done = 0, failed = 0, rate = 0;
    amc_status st = AMC_OK;
    bool ok = true;
    if (num_member(gm, "total_tasks", &total) && num_member(gm, "completed", &done) &&
        num_member(gm, "failed", &failed) && done + failed > total)
        st = amc_prof_emit(c->ds, "ACP-SESSION-002", pos_of(c, gm), "/global_metrics",
                           "completed (%g) + failed (%g) exceeds total_tasks (%g)", done, failed,
                           total);
    if (st == AMC_OK && num_member(gm, "completed", &done) && num_member(gm, "failed", &failed) &&
        num_member(gm, "success_rate", &rate) && done + failed > 0 && done >= 0 && failed >= 0) {
        double want = done / (done + failed);
        if (fabs(rate - want) > 0.005 + 1e-9)
            st = amc_prof_emit(c->ds, "ACP-SESSION-003", pos_of(c, member(gm, "success_rate")),
                               "/global_metrics/success_rate",
                               "success_rate %g differs from completed / (completed + failed) = "
                               "%.4f",
                               rate, want);
    }
    if (st == AMC_OK && sid)
        st = matches_def(c, DEFS("sessionId"), sid, &ok);
    if (st == AMC_OK && sid && !ok)
        st = amc_prof_emit(c->ds, "ACP-SESSION-004", pos_of(c, sid), "/session_id",
                           "session_id '%.*s' is not SESSION-YYYY-MM-DD-NNN", (int)sid->u.str.len,
                           sid->u.str.ptr);
    return st;
}

static amc_status check_recovery(ctx *c, const amc_value *root)
{
    const amc_value *retry = member(member(root, "recovery_strategy"), "RETRY");
    const amc_value *bo = member(retry, "backoff_ms");
    double max = 0;
    size_t i = 0;
    if (!bo || bo->type != AMC_T_ARRAY)
        return AMC_OK;
    for (i = 0; i < bo->u.arr.len; i++)
        if (bo->u.arr.items[i]->type != AMC_T_NUMBER)
            return AMC_OK; /* the schema reported it */
    if (num_member(retry, "max_attempts", &max) && (double)bo->u.arr.len != max)
        return amc_prof_emit(c->ds, "ACP-REC-002", pos_of(c, bo),
                             "/recovery_strategy/RETRY/backoff_ms",
                             "backoff_ms has %zu entries for max_attempts %g", bo->u.arr.len, max);
    for (i = 1; i < bo->u.arr.len; i++)
        if (bo->u.arr.items[i]->u.num.d < bo->u.arr.items[i - 1]->u.num.d)
            return amc_prof_emit(c->ds, "ACP-REC-002", pos_of(c, bo->u.arr.items[i]),
                                 "/recovery_strategy/RETRY/backoff_ms",
                                 "backoff_ms decreases at entry %zu (%s after %s)", i,
                                 bo->u.arr.items[i]->u.num.text,
                                 bo->u.arr.items[i - 1]->u.num.text);
    return AMC_OK;
}

static amc_status check_metrics(ctx *c, const amc_value *root)
{
    const amc_value *m = member(root, "metrics");
    const amc_value *a = str_member(m, "start_time"), *b = str_member(m, "end_time");
    int64_t as = 0, bs = 0;
    uint32_t an = 0, bn = 0;
    double dur = 0;
    if (!instant(a, &as, &an) || !instant(b, &bs, &bn))
        return AMC_OK;
    if (bs < as || (bs == as && bn < an))
        return amc_prof_emit(c->ds, "ACP-METRIC-002", pos_of(c, b), "/metrics/end_time",
                             "end_time is before start_time");
    if (num_member(m, "duration_ms", &dur)) {
        double want = (double)(bs - as) * 1000.0 + ((double)bn - (double)an) / 1e6;
        if (fabs(dur - want) > 1000.0)
            return amc_prof_emit(c->ds, "ACP-METRIC-003", pos_of(c, member(m, "duration_ms")),
                                 "/metrics/duration_ms",
                                 "duration_ms %g differs from end_time - start_time = %.0f ms by "
                                 "more than 1000 ms",
                                 dur, want);
    }
    return AMC_OK;
}

static amc_status acp_check(amc_validator *v, void *state, const char *path, const char *buf,
                            size_t len, amc_diags *ds)
{
    amc_diags *tmp = NULL;
    amc_doc *doc = NULL;
    const amc_value *root = NULL;
    amc_status st = AMC_OK;
    acp_kind k = K_UNKNOWN;
    size_t i = 0;
    ctx c;
    (void)state;
    tmp = amc_diags_new(v->lim.max_diags);
    if (!tmp)
        return AMC_ENOMEM;
    st = amc_json_read(buf, len, &v->lim, tmp, &doc);
    for (i = 0; i < amc_diags_count(tmp); i++) {
        amc_diag d = *amc_diags_get(tmp, i);
        char msg[512];
        if (d.code == AMC_C_JSON_BOM) { /* an error here (rules_acp.def ACP-DOC-003) */
            d.message = "UTF-8 byte order mark: JSON.parse and Python's json.loads reject it";
            if (amc_prof_restate(ds, "ACP-DOC-003", &d) != AMC_OK) {
                st = AMC_ENOMEM;
                goto out;
            }
            continue;
        }
        if (d.sev == AMC_SEV_ERROR && !d.rule_id)
            d.rule_id = "ACP-DOC-001";
        if (d.code == AMC_C_JSON_COMMENT) {
            snprintf(msg, sizeof msg,
                     "%s; the ACP seed's examples carry // notes, but a message file is strict "
                     "JSON: delete the comment or move the note into a member (e.g. metadata)",
                     d.message);
            d.message = msg;
        }
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
        st = amc_prof_emit(ds, "ACP-DOC-002", amc_doc_pos(doc, root->offset), "",
                           root->type == AMC_T_OBJECT
                               ? "the object is no ACP document kind (it has none of "
                                 "message_id, message_type, agent_id + agent_type, session_id, "
                                 "recovery_strategy, metric_type, audit_event)"
                               : "an ACP document is an object, not %s",
                           amc_type_name(root->type));
        goto out;
    }
    c.v = v;
    c.doc = doc;
    c.ds = ds;
    st = check_schema(&c, k);
    if (st != AMC_OK)
        goto out;
    switch (k) {
    case K_ENVELOPE:
        st = check_envelope(&c, root, path);
        break;
    case K_FRAGMENT:
        st = check_payload(&c, member(root, "message_type"), member(root, "payload"));
        break;
    case K_REGISTRATION:
        st = check_registration(&c, root);
        break;
    case K_SESSION:
        st = check_session(&c, root);
        break;
    case K_RECOVERY:
        st = check_recovery(&c, root);
        break;
    case K_METRICS:
        st = check_metrics(&c, root);
        break;
    case K_AUDIT:
    case K_UNKNOWN:
        break;
    }
out:
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

static int acp_detect(const char *path, const char *buf, size_t len)
{
    size_t i = 0;
    int score = 0;
    while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
        i++;
    if (i >= len || buf[i] != '{')
        return 0;
    if (has_key(buf, i, len, "\"from_agent\"") || has_key(buf, i, len, "\"to_agent\""))
        score += 50;
    /* message_type + payload: ACP's own pair (mailbox has type, discussion has content) */
    if (has_key(buf, i, len, "\"message_type\"") && has_key(buf, i, len, "\"payload\""))
        score += 40;
    if (has_key(buf, i, len, "\"recovery_strategy\"") || has_key(buf, i, len, "\"metric_type\"") ||
        has_key(buf, i, len, "\"audit_event\"") || has_key(buf, i, len, "\"global_metrics\""))
        score += 60;
    if (has_key(buf, i, len, "\"agent_type\"") && has_key(buf, i, len, "\"agent_id\""))
        score += 60;
    if (has_key(buf, i, len, "\"session_id\""))
        score += 40;
    /* other profiles' members: mailbox envelopes, discussion documents, socket messages */
    if (score && (has_key(buf, i, len, "\"msg_id\"") || has_key(buf, i, len, "\"sender_id\"") ||
                  has_key(buf, i, len, "\"discussion_id\"") || has_key(buf, i, len, "\"speaker\"")))
        score /= 4;
    if (score && path && strstr(path, "inbox/"))
        score += 10;
    return score > 90 ? 90 : score;
}

const amc_profile_ops amc_profile_acp = {
    {"acp", "Agent Communication Protocol v1.0: envelopes in per-agent inboxes, registry, sessions",
     "Agent Communication Protocol v1.0 (no public home known: docs/protocols.md)"},
    acp_detect,
    NULL,
    NULL,
    acp_check};
