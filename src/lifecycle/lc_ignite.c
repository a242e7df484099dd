/*
 * lc_ignite.c - the IGNITE lifecycle model (docs/lifecycle/ignite.md): typed core and JSON edge.
 *
 * Decisions:
 *   - States: queued, processing, delivered, retrying, dead_letter, deleted; terminal: deleted
 *     and dead_letter (escalate is the one event a dead_letter message accepts, once).
 *   - The backoff bound uses n = the Retry-Count before the timeout (the first retry waits at
 *     most 5 s): min(300, 5 * 2^n) s; Next-Retry-After must lie in [t, t + bound].
 *   - max_retries: policy ignite.max_retries (default 3). A timeout whose new count would exceed
 *     it is IGNITE-LC-005; the legal move at the limit is dead_letter.
 *   - A rejected step leaves the model unchanged, time included.
 */
#include <stdio.h>
#include <string.h>
#include "core/arena_int.h"
#include "lifecycle/lc_ignite.h"
#include "profiles/profile_int.h"

#define AMC_RULE(...) AMC_RULE_ROW("ignite", __VA_ARGS__)
static const amc_rule rule_rows[] = {
#include "lifecycle/rules_lc_ignite.def"
};
#undef AMC_RULE
static const amc_rule_set rules = {"ignite", rule_rows, sizeof rule_rows / sizeof rule_rows[0]};

static const char *const state_names[] = {"none",     "queued",      "processing", "delivered",
                                          "retrying", "dead_letter", "deleted"};

const char *ig_state_name(ig_state s)
{
    return state_names[s];
}

int64_t ig_backoff_max_ms(int64_t n)
{
    if (n < 0)
        n = 0;
    if (n >= 6)
        return 300000;
    return (5000LL << n) < 300000 ? (5000LL << n) : 300000;
}

void ig_init(ig_model *m, int64_t max_retries)
{
    memset(m, 0, sizeof *m);
    m->max_retries = max_retries;
}

void ig_fini(ig_model *m)
{
    amc_xfree(m->msgs);
    memset(m, 0, sizeof *m);
}

static amc_status reserve(ig_model *m, size_t idx)
{
    if (idx < m->n)
        return AMC_OK;
    if (idx >= m->cap) {
        size_t nc = m->cap ? m->cap : 16;
        ig_msg *nv = NULL;
        while (nc <= idx)
            nc *= 2;
        nv = amc_xrealloc(m->msgs, nc * sizeof *nv);
        if (!nv)
            return AMC_ENOMEM;
        m->msgs = nv;
        m->cap = nc;
    }
    memset(m->msgs + m->n, 0, (idx + 1 - m->n) * sizeof *m->msgs);
    m->n = idx + 1;
    return AMC_OK;
}

static bool terminal(const ig_msg *g)
{
    return g->state == IG_DELETED || g->state == IG_DEAD_LETTER;
}

static const char *const kind_names[] = {"enqueue", "claim",   "deliver",     "delete",
                                         "timeout", "requeue", "dead_letter", "escalate"};

amc_status ig_step(ig_model *m, const ig_event *ev, lc_out *out)
{
    ig_msg *g = NULL, nx;
    amc_status st = reserve(m, ev->msg);
    if (st != AMC_OK)
        return st;
    g = &m->msgs[ev->msg];
    nx = *g;
    if (terminal(g) && !(ev->kind == IGE_ESCALATE && g->state == IG_DEAD_LETTER)) {
        lc_out_add(out, true, "IGNITE-LC-008", "%s of a message in the terminal state %s",
                   kind_names[ev->kind], ig_state_name(g->state));
        return AMC_OK;
    }
    switch (ev->kind) {
    case IGE_ENQUEUE:
        if (g->state != IG_NONE) {
            lc_out_add(out, true, "IGNITE-LC-009", "message enqueued again (it is %s)",
                       ig_state_name(g->state));
            return AMC_OK;
        }
        nx.state = IG_QUEUED;
        break;
    case IGE_CLAIM:
    case IGE_DELIVER:
    case IGE_DELETE:
    case IGE_REQUEUE: {
        static const ig_state from[] = {IG_NONE,      IG_QUEUED, IG_PROCESSING,
                                        IG_DELIVERED, IG_NONE,   IG_RETRYING};
        static const ig_state to[] = {IG_NONE,    IG_PROCESSING, IG_DELIVERED,
                                      IG_DELETED, IG_NONE,       IG_QUEUED};
        if (g->state != from[ev->kind]) {
            lc_out_add(out, true, "IGNITE-LC-001", "%s of a message that is %s (expected %s)",
                       kind_names[ev->kind], ig_state_name(g->state),
                       ig_state_name(from[ev->kind]));
            return AMC_OK;
        }
        if (ev->kind == IGE_REQUEUE && ev->t < g->next_retry_after)
            lc_out_add(out, false, "IGNITE-LC-004", "requeued %lld ms before its Next-Retry-After",
                       (long long)(g->next_retry_after - ev->t));
        nx.state = to[ev->kind];
        break;
    }
    case IGE_TIMEOUT: {
        int64_t bound = ig_backoff_max_ms(g->retry_count);
        if (g->state != IG_PROCESSING) {
            lc_out_add(out, true, "IGNITE-LC-001", "timeout of a message that is %s",
                       ig_state_name(g->state));
            return AMC_OK;
        }
        if (g->retry_count >= m->max_retries) {
            lc_out_add(out, true, "IGNITE-LC-005",
                       "retry %lld of a message at the retry limit %lld: it goes to dead_letter/",
                       (long long)ev->retry_count, (long long)m->max_retries);
            return AMC_OK;
        }
        if (ev->retry_count != g->retry_count + 1)
            lc_out_add(out, true, "IGNITE-LC-002", "Retry-Count %lld after %lld (expected %lld)",
                       (long long)ev->retry_count, (long long)g->retry_count,
                       (long long)g->retry_count + 1);
        if (ev->next_retry_after < ev->t || ev->next_retry_after - ev->t > bound)
            lc_out_add(out, true, "IGNITE-LC-003",
                       "Next-Retry-After is %lld ms after the timeout; the bound of retry %lld is "
                       "[0, %lld] ms",
                       (long long)(ev->next_retry_after - ev->t), (long long)g->retry_count,
                       (long long)bound);
        if (out->rejected)
            return AMC_OK;
        nx.state = IG_RETRYING;
        nx.retry_count = ev->retry_count;
        nx.next_retry_after = ev->next_retry_after;
        break;
    }
    case IGE_DEAD_LETTER:
        if (g->state != IG_PROCESSING) {
            lc_out_add(out, true, "IGNITE-LC-001", "dead_letter of a message that is %s",
                       ig_state_name(g->state));
            return AMC_OK;
        }
        if (g->retry_count < m->max_retries) {
            lc_out_add(out, true, "IGNITE-LC-006",
                       "dead-lettered after %lld retries (the limit is %lld)",
                       (long long)g->retry_count, (long long)m->max_retries);
            return AMC_OK;
        }
        nx.state = IG_DEAD_LETTER;
        break;
    case IGE_ESCALATE:
        if (g->state != IG_DEAD_LETTER || g->escalated) {
            lc_out_add(out, true, "IGNITE-LC-001", "escalation of a message that is %s%s",
                       ig_state_name(g->state), g->escalated ? " and already escalated" : "");
            return AMC_OK;
        }
        nx.escalated = true;
        break;
    case IGE_N:
        return AMC_EUSAGE;
    }
    *g = nx;
    m->now = ev->t;
    return AMC_OK;
}

void ig_finish(const ig_model *m, lc_out *out, size_t *first_msg)
{
    size_t i = 0;
    bool seen = false;
    for (i = 0; i < m->n; i++) {
        const ig_msg *g = &m->msgs[i];
        if (g->state == IG_DEAD_LETTER && !g->escalated) {
            if (!lc_out_has(out, "IGNITE-LC-007") && !seen)
                *first_msg = i;
            if (!lc_out_has(out, "IGNITE-LC-007"))
                lc_out_add(out, true, "IGNITE-LC-007",
                           "a dead-lettered message was never escalated");
            seen = true;
        } else if (g->state == IG_PROCESSING || g->state == IG_RETRYING) {
            if (!lc_out_has(out, "IGNITE-LC-010"))
                lc_out_add(out, false, "IGNITE-LC-010", "a message is still %s",
                           ig_state_name(g->state));
            if (!seen)
                *first_msg = i;
            seen = true;
        }
    }
}

/* ---- JSON edge ---- */

typedef struct ig_json {
    ig_model m;
    lc_names names;
} ig_json;

static amc_status j_create(const amc_lc_config *cfg, void **out)
{
    ig_json *j = amc_xcalloc(1, sizeof *j);
    if (!j)
        return AMC_ENOMEM;
    ig_init(&j->m, amc_policy_ignite_max_retries(cfg->policy));
    *out = j;
    return AMC_OK;
}

static void j_destroy(void *p)
{
    ig_json *j = p;
    if (!j)
        return;
    ig_fini(&j->m);
    lc_names_free(&j->names);
    amc_xfree(j);
}

static amc_status j_apply(void *p, const amc_doc *doc, const amc_value *e, amc_diags *ds)
{
    ig_json *j = p;
    const amc_value *name = amc_value_getz(e, "event"), *msg = NULL;
    ig_event ev;
    lc_out out;
    size_t k = 0, idx = 0;
    bool ok = true;
    amc_status st = AMC_OK;
    memset(&ev, 0, sizeof ev);
    memset(&out, 0, sizeof out);
    for (k = 0; k < IGE_N; k++)
        if (!strcmp(name->u.str.ptr, kind_names[k]))
            break;
    if (k == IGE_N) {
        amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, name),
                       "unknown ignite event '%s' (enqueue, claim, deliver, delete, timeout, "
                       "requeue, dead_letter, escalate)",
                       name->u.str.ptr);
        return AMC_EINVALID;
    }
    ev.kind = (ig_kind)k;
    ok = lc_event_time(doc, e, j->m.now, ds, &ev.t);
    ok = lc_get_str(doc, e, "msg", true, ds, &msg) && ok;
    if (ev.kind == IGE_TIMEOUT) {
        ok = lc_get_int(doc, e, "retry_count", true, ds, &ev.retry_count, NULL) && ok;
        ok = lc_get_time(doc, e, "next_retry_after", true, ds, &ev.next_retry_after, NULL) && ok;
    }
    if (!ok)
        return AMC_EINVALID;
    st = lc_intern(&j->names, msg->u.str.ptr, msg->u.str.len, &idx);
    if (st == AMC_ELIMIT) {
        amc_diags_addf(ds, AMC_C_LIMIT_NODES, lc_pos(doc, msg), "more than %d messages",
                       LC_MAX_ENTITIES);
        return st;
    }
    if (st != AMC_OK)
        return st;
    ev.msg = idx;
    st = ig_step(&j->m, &ev, &out);
    if (st != AMC_OK)
        return st;
    return lc_out_emit(&out, &rules, ds, lc_pos(doc, e));
}

static amc_status j_finish(void *p, amc_diags *ds)
{
    ig_json *j = p;
    lc_out out;
    size_t first = 0;
    memset(&out, 0, sizeof out);
    ig_finish(&j->m, &out, &first);
    if (out.n && first < j->names.n) {
        int i = 0;
        for (i = 0; i < out.n; i++) {
            char tmp[200];
            memcpy(tmp, out.msg[i], sizeof tmp);
            snprintf(out.msg[i], sizeof out.msg[i], "%.120s (first: '%.60s')", tmp,
                     j->names.v[first]);
        }
    }
    return lc_out_emit(&out, &rules, ds, AMC_POS_NONE);
}

static amc_status j_state(const void *p, amc_buf *b)
{
    const ig_json *j = p;
    amc_status st = amc_buf_puts(b, "{\"messages\":{");
    size_t i = 0;
    bool first = true;
    for (i = 0; st == AMC_OK && i < j->names.n && i < j->m.n; i++) {
        const ig_msg *g = &j->m.msgs[i];
        if (g->state == IG_NONE)
            continue; /* named by a rejected event only */
        if (!first)
            st = amc_buf_putc(b, ',');
        first = false;
        if (st == AMC_OK)
            st = lc_put_str(b, j->names.v[i]);
        if (st == AMC_OK)
            st = amc_buf_printf(b, ":{\"state\":\"%s\",\"retry_count\":%lld",
                                ig_state_name(g->state), (long long)g->retry_count);
        if (st == AMC_OK && g->state == IG_RETRYING)
            st = amc_buf_printf(b, ",\"next_retry_after\":%lld", (long long)g->next_retry_after);
        if (st == AMC_OK && g->state == IG_DEAD_LETTER)
            st = amc_buf_printf(b, ",\"escalated\":%s", g->escalated ? "true" : "false");
        if (st == AMC_OK)
            st = amc_buf_putc(b, '}');
    }
    if (st == AMC_OK)
        st = amc_buf_printf(b, "},\"max_retries\":%lld,\"t\":%lld}", (long long)j->m.max_retries,
                            (long long)j->m.now);
    return st;
}

const amc_lc_ops amc_lc_ignite = {"ignite", &rules,   j_create, j_destroy,
                                  j_apply,  j_finish, j_state};
