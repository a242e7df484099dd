/*
 * lc_mailbox.c - the mailbox lifecycle model (docs/lifecycle/mailbox.md): typed core and JSON
 * edge.
 *
 * Decisions:
 *   - Constants from the policy (the implementation's runtime config), defaults from the seed's
 *     §6 and the runtime example: mailbox.max_delivery_attempts 5, security.nonce_ttl_sec 300,
 *     review.required_agents [codex, claude], retries.max_attempts 2,
 *     mailbox.visibility_timeout_sec 60, lease.ttl_sec 180, heartbeat.ttl_sec 45,
 *     timeouts.task_soft_timeout_sec 600 / task_hard_timeout_sec 900. Values over 10^9 s are
 *     the policy reader's to reject; times are int64 milliseconds.
 *   - A relay of an inflight or acked message is an at-least-once duplicate: accepted, no change.
 *     Processing it again (consume with a receipt) is MAILBOX-LC-002.
 *   - Receipts and nonces are durable: restart and relay_restart keep them. A runtime restart
 *     puts inflight messages back into the outbox (their visibility is lost) and brings the
 *     relay up.
 *   - Aggregation precedence (MAILBOX-LC-014): blocking > 0 of an executed review -> FAIL; any
 *     reviewer not executed -> manual_review_required; all PASS -> PASS; all FAIL -> FAIL; else
 *     manual_review_required. Reviews of reviewers outside the quorum are recorded and ignored.
 *   - A second verdict from the same reviewer is a duplicate delivery: accepted, no change.
 *   - A rejected step leaves the model unchanged, time included.
 */
#include <string.h>
#include "core/arena_int.h"
#include "lifecycle/lc_mailbox.h"
#include "profiles/profile_int.h"

#define AMC_RULE(...) AMC_RULE_ROW("mailbox", __VA_ARGS__)
static const amc_rule rule_rows[] = {
#include "lifecycle/rules_lc_mailbox.def"
};
#undef AMC_RULE
static const amc_rule_set rules = {"mailbox", rule_rows, sizeof rule_rows / sizeof rule_rows[0]};

static const char *const mnames[] = {"none", "outbox", "inflight", "acked", "dead_letter"};
static const char *const tnames[] = {"none",      "queued", "claimed",
                                     "timed_out", "done",   "dead_letter"};
static const char *const vnames[] = {"none", "PASS", "FAIL", "manual_review_required"};
static const char *const rnames[] = {"soft", "hard", "lease", "heartbeat"};
static const char *const knames[] = {
    "commit",      "relay",       "consume",       "ack",     "nack",    "visibility_timeout",
    "dead_letter", "relay_crash", "relay_restart", "restart", "nonce",   "task_create",
    "claim",       "renew",       "heartbeat",     "timeout", "requeue", "task_dead_letter",
    "complete",    "verdict",     "aggregate"};

const char *mb_mstate_name(mb_mstate s)
{
    return mnames[s];
}
const char *mb_tstate_name(mb_tstate s)
{
    return tnames[s];
}
const char *mb_verdict_name(mb_verdict v)
{
    return vnames[v];
}

void mb_default_const(mb_const *c)
{
    c->max_delivery = 5;
    c->max_attempts = 2;
    c->visibility_ms = 60000;
    c->lease_ms = 180000;
    c->hb_ms = 45000;
    c->soft_ms = 600000;
    c->hard_ms = 900000;
    c->nonce_ttl_ms = 300000;
    c->n_required = 2;
}

void mb_init(mb_model *m, const mb_const *c)
{
    memset(m, 0, sizeof *m);
    m->c = *c;
}

void mb_fini(mb_model *m)
{
    amc_xfree(m->msgs);
    amc_xfree(m->tasks);
    amc_xfree(m->nonces);
    memset(m, 0, sizeof *m);
}

static amc_status grow(void **arr, size_t *n, size_t *cap, size_t size, size_t idx)
{
    if (idx < *n)
        return AMC_OK;
    if (idx >= *cap) {
        size_t nc = *cap ? *cap : 16;
        void *nv = NULL;
        while (nc <= idx)
            nc *= 2;
        nv = amc_xrealloc(*arr, nc * size);
        if (!nv)
            return AMC_ENOMEM;
        *arr = nv;
        *cap = nc;
    }
    memset((char *)*arr + *n * size, 0, (idx + 1 - *n) * size);
    *n = idx + 1;
    return AMC_OK;
}

mb_verdict mb_expected(const mb_model *m, const mb_task *t)
{
    size_t i = 0;
    bool any_not_exec = false, all_pass = true, all_fail = true;
    for (i = 0; i < m->c.n_required && i < MB_MAX_REVIEWERS; i++) {
        const mb_review *r = &t->rev[i];
        if (r->executed && r->blocking > 0)
            return MV_FAIL;
        if (!r->executed)
            any_not_exec = true;
        if (r->verdict != MV_PASS)
            all_pass = false;
        if (r->verdict != MV_FAIL)
            all_fail = false;
    }
    if (any_not_exec)
        return MV_MANUAL;
    if (all_pass)
        return MV_PASS;
    if (all_fail)
        return MV_FAIL;
    return MV_MANUAL;
}

static void bad_edge(lc_out *out, mb_kind k, const char *what, const char *state)
{
    lc_out_add(out, true, "MAILBOX-LC-001", "%s of a %s that is %s", knames[k], what, state);
}

static amc_status msg_step(mb_model *m, const mb_event *ev, lc_out *out)
{
    mb_msg *g = NULL, nx;
    amc_status st = grow((void **)&m->msgs, &m->n_msgs, &m->cap_msgs, sizeof *m->msgs, ev->id);
    if (st != AMC_OK)
        return st;
    g = &m->msgs[ev->id];
    nx = *g;
    if (m->relay_down &&
        (ev->kind == MBE_RELAY || ev->kind == MBE_VISIBILITY || ev->kind == MBE_DEAD_LETTER)) {
        lc_out_add(out, true, "MAILBOX-LC-007", "%s while the relay is crashed", knames[ev->kind]);
        return AMC_OK;
    }
    switch ((int)ev->kind) {
    case MBE_COMMIT:
        if (g->state != MB_NONE)
            return bad_edge(out, ev->kind, "message", mnames[g->state]), AMC_OK;
        nx.state = MB_OUTBOX;
        break;
    case MBE_RELAY:
        if (g->state == MB_DEAD) {
#ifdef AMC_LC_BUG_DEAD_DELIVERY
            /* deliberately broken variant for tests/property/prop_selftest.c */
            nx.state = MB_INFLIGHT;
            break;
#endif
            lc_out_add(out, true, "MAILBOX-LC-005", "a dead-lettered message is delivered");
            return AMC_OK;
        }
        if (g->state == MB_INFLIGHT || g->state == MB_ACKED)
            return AMC_OK; /* at-least-once duplicate: no change */
        if (g->state != MB_OUTBOX)
            return bad_edge(out, ev->kind, "message", mnames[g->state]), AMC_OK;
        if (g->attempts >= m->c.max_delivery) {
            lc_out_add(out, true, "MAILBOX-LC-003",
                       "delivery attempt %lld beyond max_delivery_attempts %lld: dead-letter it",
                       (long long)g->attempts + 1, (long long)m->c.max_delivery);
            return AMC_OK;
        }
        nx.state = MB_INFLIGHT;
        nx.attempts++;
        nx.visible_at = ev->t + m->c.visibility_ms;
        break;
    case MBE_CONSUME:
        if (g->receipt) {
            lc_out_add(out, true, "MAILBOX-LC-002",
                       "message processed again although its dedup receipt exists (a duplicate "
                       "is no-op + ack)");
            return AMC_OK;
        }
        if (g->state != MB_INFLIGHT)
            return bad_edge(out, ev->kind, "message", mnames[g->state]), AMC_OK;
        nx.receipt = true;
        nx.processed++;
        break;
    case MBE_ACK:
    case MBE_NACK:
        if (g->state != MB_INFLIGHT)
            return bad_edge(out, ev->kind, "message", mnames[g->state]), AMC_OK;
        nx.state = ev->kind == MBE_ACK ? MB_ACKED : MB_OUTBOX;
        break;
    case MBE_VISIBILITY:
        if (g->state != MB_INFLIGHT)
            return bad_edge(out, ev->kind, "message", mnames[g->state]), AMC_OK;
        if (ev->t < g->visible_at) {
            lc_out_add(out, true, "MAILBOX-LC-001",
                       "visibility timeout %lld ms before the deadline (visibility %lld s)",
                       (long long)(g->visible_at - ev->t), (long long)m->c.visibility_ms / 1000);
            return AMC_OK;
        }
        nx.state = MB_OUTBOX;
        break;
    case MBE_DEAD_LETTER:
        if (g->state != MB_OUTBOX)
            return bad_edge(out, ev->kind, "message", mnames[g->state]), AMC_OK;
        if (g->attempts < m->c.max_delivery) {
            lc_out_add(out, true, "MAILBOX-LC-004",
                       "dead-lettered after %lld delivery attempts (the limit is %lld)",
                       (long long)g->attempts, (long long)m->c.max_delivery);
            return AMC_OK;
        }
        nx.state = MB_DEAD;
        break;
    default:
        return AMC_EUSAGE;
    }
    *g = nx;
    return AMC_OK;
}

static bool version_ok(const mb_task *t, const mb_event *ev, lc_out *out)
{
    if (ev->has_version && t->has_version && ev->state_version <= t->state_version) {
        lc_out_add(out, true, "MAILBOX-LC-012", "state_version %lld after %lld",
                   (long long)ev->state_version, (long long)t->state_version);
        return false;
    }
    return true;
}

static amc_status task_step(mb_model *m, const mb_event *ev, lc_out *out)
{
    mb_task *t = NULL, nx;
    amc_status st = grow((void **)&m->tasks, &m->n_tasks, &m->cap_tasks, sizeof *m->tasks, ev->id);
    if (st != AMC_OK)
        return st;
    t = &m->tasks[ev->id];
    nx = *t;
    if (!version_ok(t, ev, out))
        return AMC_OK;
    if (ev->kind != MBE_TASK_CREATE && t->state == MT_NONE)
        return bad_edge(out, ev->kind, "task", tnames[t->state]), AMC_OK;
    switch ((int)ev->kind) {
    case MBE_TASK_CREATE:
        if (t->state != MT_NONE)
            return bad_edge(out, ev->kind, "task", tnames[t->state]), AMC_OK;
        nx.state = MT_QUEUED;
        break;
    case MBE_CLAIM:
        if (t->state != MT_QUEUED)
            return bad_edge(out, ev->kind, "task", tnames[t->state]), AMC_OK;
        nx.state = MT_CLAIMED;
        nx.attempts++;
        nx.claimed_at = ev->t;
        nx.lease_until = ev->t + m->c.lease_ms;
        nx.hb_until = ev->t + m->c.hb_ms;
        nx.soft = false;
        break;
    case MBE_RENEW:
    case MBE_HEARTBEAT:
    case MBE_COMPLETE: {
        int64_t until = ev->kind == MBE_HEARTBEAT ? t->hb_until : t->lease_until;
        if (t->state != MT_CLAIMED)
            return bad_edge(out, ev->kind, "task", tnames[t->state]), AMC_OK;
        if (ev->t > until) {
            lc_out_add(out, true, "MAILBOX-LC-009", "%s %lld ms after the %s expired",
                       knames[ev->kind], (long long)(ev->t - until),
                       ev->kind == MBE_HEARTBEAT ? "heartbeat TTL" : "lease");
            return AMC_OK;
        }
        if (ev->kind == MBE_RENEW)
            nx.lease_until = ev->t + m->c.lease_ms;
        else if (ev->kind == MBE_HEARTBEAT)
            nx.hb_until = ev->t + m->c.hb_ms;
        else
            nx.state = MT_DONE;
        break;
    }
    case MBE_TIMEOUT: {
        int64_t at = 0;
        if (t->state != MT_CLAIMED)
            return bad_edge(out, ev->kind, "task", tnames[t->state]), AMC_OK;
        switch (ev->reason) {
        case MR_SOFT:
            at = t->claimed_at + m->c.soft_ms;
            break;
        case MR_HARD:
            at = t->claimed_at + m->c.hard_ms;
            break;
        case MR_LEASE:
            at = t->lease_until + 1;
            break;
        case MR_HEARTBEAT:
            at = t->hb_until + 1;
            break;
        }
        if (ev->t < at) {
            lc_out_add(out, true, "MAILBOX-LC-010", "%s timeout %lld ms before its bound",
                       rnames[ev->reason], (long long)(at - ev->t));
            return AMC_OK;
        }
        if (ev->reason == MR_SOFT)
            nx.soft = true;
        else
            nx.state = MT_TIMED_OUT;
        break;
    }
    case MBE_REQUEUE:
    case MBE_TASK_DEAD:
        if (t->state != MT_TIMED_OUT)
            return bad_edge(out, ev->kind, "task", tnames[t->state]), AMC_OK;
        if (ev->kind == MBE_REQUEUE && t->attempts >= m->c.max_attempts) {
            lc_out_add(out, true, "MAILBOX-LC-011",
                       "requeue after %lld attempts (max_attempts %lld): dead-letter it",
                       (long long)t->attempts, (long long)m->c.max_attempts);
            return AMC_OK;
        }
        if (ev->kind == MBE_TASK_DEAD && t->attempts < m->c.max_attempts) {
            lc_out_add(out, true, "MAILBOX-LC-011",
                       "dead-lettered after %lld attempts (max_attempts %lld)",
                       (long long)t->attempts, (long long)m->c.max_attempts);
            return AMC_OK;
        }
        nx.state = ev->kind == MBE_REQUEUE ? MT_QUEUED : MT_DEAD;
        break;
    case MBE_VERDICT:
        if (ev->reviewer >= MB_MAX_REVIEWERS)
            return AMC_ELIMIT;
        if (t->aggregations > 0) {
            lc_out_add(out, true, "MAILBOX-LC-013", "review_result after the aggregation");
            return AMC_OK;
        }
        if (t->rev[ev->reviewer].verdict != MV_NONE)
            return AMC_OK; /* duplicate delivery: no change */
        nx.rev[ev->reviewer].verdict = ev->verdict;
        nx.rev[ev->reviewer].blocking = ev->blocking;
        nx.rev[ev->reviewer].executed = ev->executed;
        break;
    case MBE_AGGREGATE: {
        size_t i = 0;
        mb_verdict want = MV_NONE;
        if (t->aggregations > 0) {
            lc_out_add(out, true, "MAILBOX-LC-013", "task aggregated a second time");
            return AMC_OK;
        }
        for (i = 0; i < m->c.n_required && i < MB_MAX_REVIEWERS; i++)
            if (t->rev[i].verdict == MV_NONE) {
                lc_out_add(out, true, "MAILBOX-LC-013",
                           "aggregation before quorum=all: required reviewer #%zu has no "
                           "review_result",
                           i + 1);
                return AMC_OK;
            }
        want = mb_expected(m, t);
        if (ev->verdict != want) {
            lc_out_add(out, true, "MAILBOX-LC-014", "aggregated %s; the verdict table gives %s",
                       vnames[ev->verdict], vnames[want]);
            return AMC_OK;
        }
        nx.aggregated = ev->verdict;
        nx.aggregations++;
        break;
    }
    default:
        return AMC_EUSAGE;
    }
    if (ev->has_version) {
        nx.has_version = true;
        nx.state_version = ev->state_version;
    }
    *t = nx;
    return AMC_OK;
}

amc_status mb_step(mb_model *m, const mb_event *ev, lc_out *out)
{
    amc_status st = AMC_OK;
    size_t i = 0;
    switch (ev->kind) {
    case MBE_RELAY_CRASH:
    case MBE_RELAY_RESTART:
        if (m->relay_down != (ev->kind == MBE_RELAY_RESTART)) {
            lc_out_add(out, true, "MAILBOX-LC-007", "%s while the relay is %s", knames[ev->kind],
                       m->relay_down ? "down" : "up");
            return AMC_OK;
        }
        m->relay_down = ev->kind == MBE_RELAY_CRASH;
        break;
    case MBE_RESTART:
        for (i = 0; i < m->n_msgs; i++)
            if (m->msgs[i].state == MB_INFLIGHT)
                m->msgs[i].state = MB_OUTBOX;
        m->relay_down = false;
        break;
    case MBE_NONCE:
        st = grow((void **)&m->nonces, &m->n_nonces, &m->cap_nonces, sizeof *m->nonces, ev->id);
        if (st != AMC_OK)
            return st;
        /* grow zero-fills; store time + 1 so 0 means never */
        if (m->nonces[ev->id] && ev->t < m->nonces[ev->id] - 1 + m->c.nonce_ttl_ms) {
            lc_out_add(out, true, "MAILBOX-LC-008",
                       "nonce reused %lld ms after its first use (TTL %lld s)",
                       (long long)(ev->t - (m->nonces[ev->id] - 1)),
                       (long long)m->c.nonce_ttl_ms / 1000);
            return AMC_OK;
        }
        m->nonces[ev->id] = ev->t + 1;
        break;
    case MBE_COMMIT:
    case MBE_RELAY:
    case MBE_CONSUME:
    case MBE_ACK:
    case MBE_NACK:
    case MBE_VISIBILITY:
    case MBE_DEAD_LETTER:
        st = msg_step(m, ev, out);
        break;
    case MBE_TASK_CREATE:
    case MBE_CLAIM:
    case MBE_RENEW:
    case MBE_HEARTBEAT:
    case MBE_TIMEOUT:
    case MBE_REQUEUE:
    case MBE_TASK_DEAD:
    case MBE_COMPLETE:
    case MBE_VERDICT:
    case MBE_AGGREGATE:
        st = task_step(m, ev, out);
        break;
    case MBE_N:
        return AMC_EUSAGE;
    }
    if (st == AMC_OK && !out->rejected)
        m->now = ev->t;
    return st;
}

void mb_finish(const mb_model *m, lc_out *out)
{
    size_t i = 0, n = 0;
    for (i = 0; i < m->n_msgs; i++)
        if (m->msgs[i].state == MB_OUTBOX)
            n++;
    if (n)
        lc_out_add(out, true, "MAILBOX-LC-006", "%zu committed outbox message%s never delivered%s",
                   n, n == 1 ? "" : "s", m->relay_down ? " (the relay is still crashed)" : "");
}

/* ---- JSON edge ---- */

typedef struct mb_json {
    mb_model m;
    lc_names msgs, tasks, nonces, reviewers;
} mb_json;

static amc_status j_create(const amc_lc_config *cfg, void **out)
{
    const amc_mailbox_policy *p = amc_policy_mailbox(cfg->policy);
    mb_json *j = amc_xcalloc(1, sizeof *j);
    mb_const c;
    size_t idx = 0, i = 0;
    amc_status st = AMC_OK;
    if (!j)
        return AMC_ENOMEM;
    mb_default_const(&c);
    if (p->max_delivery > 0)
        c.max_delivery = p->max_delivery;
    if (p->ttl_sec > 0)
        c.nonce_ttl_ms = p->ttl_sec * 1000;
    if (p->max_attempts > 0)
        c.max_attempts = p->max_attempts;
    if (p->visibility_sec > 0)
        c.visibility_ms = p->visibility_sec * 1000;
    if (p->lease_sec > 0)
        c.lease_ms = p->lease_sec * 1000;
    if (p->heartbeat_sec > 0)
        c.hb_ms = p->heartbeat_sec * 1000;
    if (p->soft_sec > 0)
        c.soft_ms = p->soft_sec * 1000;
    if (p->hard_sec > 0)
        c.hard_ms = p->hard_sec * 1000;
    if (p->required_agents && p->required_agents->type == AMC_T_ARRAY) {
        const amc_value *ra = p->required_agents;
        for (i = 0; st == AMC_OK && i < ra->u.arr.len && i < MB_MAX_REVIEWERS; i++)
            if (ra->u.arr.items[i]->type == AMC_T_STRING)
                st = lc_intern(&j->reviewers, ra->u.arr.items[i]->u.str.ptr,
                               ra->u.arr.items[i]->u.str.len, &idx);
    } else {
        st = lc_intern(&j->reviewers, "codex", 5, &idx);
        if (st == AMC_OK)
            st = lc_intern(&j->reviewers, "claude", 6, &idx);
    }
    c.n_required = j->reviewers.n;
    mb_init(&j->m, &c);
    if (st != AMC_OK) {
        lc_names_free(&j->reviewers);
        amc_xfree(j);
        return st;
    }
    *out = j;
    return AMC_OK;
}

static void j_destroy(void *p)
{
    mb_json *j = p;
    if (!j)
        return;
    mb_fini(&j->m);
    lc_names_free(&j->msgs);
    lc_names_free(&j->tasks);
    lc_names_free(&j->nonces);
    lc_names_free(&j->reviewers);
    amc_xfree(j);
}

static int pick(const amc_value *v, const char *const *names, int n)
{
    int i = 0;
    for (i = 0; v && i < n; i++)
        if (!strcmp(v->u.str.ptr, names[i]))
            return i;
    return -1;
}

static amc_status intern_arg(const amc_doc *doc, lc_names *t, const amc_value *v, amc_diags *ds,
                             size_t *idx)
{
    amc_status st = lc_intern(t, v->u.str.ptr, v->u.str.len, idx);
    if (st == AMC_ELIMIT)
        amc_diags_addf(ds, AMC_C_LIMIT_NODES, lc_pos(doc, v), "more than %d entities",
                       LC_MAX_ENTITIES);
    return st;
}

static amc_status j_apply(void *p, const amc_doc *doc, const amc_value *e, amc_diags *ds)
{
    mb_json *j = p;
    const amc_value *name = amc_value_getz(e, "event"), *id = NULL, *rv = NULL, *vd = NULL,
                    *rs = NULL;
    mb_event ev;
    lc_out out;
    int k = pick(name, knames, MBE_N);
    bool ok = true;
    const char *idkey = NULL;
    lc_names *table = NULL;
    amc_status st = AMC_OK;
    memset(&ev, 0, sizeof ev);
    memset(&out, 0, sizeof out);
    if (k < 0) {
        amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, name),
                       "unknown mailbox event '%s' (see docs/lifecycle/mailbox.md)",
                       name->u.str.ptr);
        return AMC_EINVALID;
    }
    ev.kind = (mb_kind)k;
    ok = lc_event_time(doc, e, j->m.now, ds, &ev.t);
    if (ev.kind <= MBE_DEAD_LETTER) {
        idkey = "msg";
        table = &j->msgs;
    } else if (ev.kind == MBE_NONCE) {
        idkey = "nonce";
        table = &j->nonces;
    } else if (ev.kind >= MBE_TASK_CREATE) {
        idkey = "task";
        table = &j->tasks;
        ok = lc_get_int(doc, e, "state_version", false, ds, &ev.state_version, &ev.has_version) &&
             ok;
    }
    if (idkey)
        ok = lc_get_str(doc, e, idkey, true, ds, &id) && ok;
    if (ev.kind == MBE_TIMEOUT) {
        ok = lc_get_str(doc, e, "reason", true, ds, &rs) && ok;
        if (rs && pick(rs, rnames, 4) < 0) {
            amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, rs),
                           "reason must be soft, hard, lease or heartbeat");
            ok = false;
        }
        if (rs && ok)
            ev.reason = (mb_reason)pick(rs, rnames, 4);
    }
    if (ev.kind == MBE_VERDICT || ev.kind == MBE_AGGREGATE) {
        int vi = 0;
        ok = lc_get_str(doc, e, "verdict", true, ds, &vd) && ok;
        vi = vd ? pick(vd, vnames, 4) : -1;
        if (vd && (vi <= 0 || (ev.kind == MBE_VERDICT && vi == MV_MANUAL))) {
            amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, vd),
                           ev.kind == MBE_VERDICT
                               ? "verdict must be PASS or FAIL"
                               : "verdict must be PASS, FAIL or manual_review_required");
            ok = false;
        } else if (vd) {
            ev.verdict = (mb_verdict)vi;
        }
    }
    if (ev.kind == MBE_VERDICT) {
        bool has_exec = false;
        ok = lc_get_str(doc, e, "reviewer", true, ds, &rv) && ok;
        ok = lc_get_int(doc, e, "blocking", false, ds, &ev.blocking, NULL) && ok;
        ev.executed = true;
        ok = lc_get_bool(doc, e, "executed", false, ds, &ev.executed, &has_exec) && ok;
    }
    if (!ok)
        return AMC_EINVALID;
    if (id) {
        st = intern_arg(doc, table, id, ds, &ev.id);
        if (st != AMC_OK)
            return st;
    }
    if (rv) {
        st = intern_arg(doc, &j->reviewers, rv, ds, &ev.reviewer);
        if (st == AMC_OK && ev.reviewer >= MB_MAX_REVIEWERS) {
            amc_diags_addf(ds, AMC_C_LIMIT_NODES, lc_pos(doc, rv), "more than %d reviewers",
                           MB_MAX_REVIEWERS);
            st = AMC_ELIMIT;
        }
        if (st != AMC_OK)
            return st;
    }
    st = mb_step(&j->m, &ev, &out);
    if (st != AMC_OK)
        return st;
    return lc_out_emit(&out, &rules, ds, lc_pos(doc, e));
}

static amc_status j_finish(void *p, amc_diags *ds)
{
    mb_json *j = p;
    lc_out out;
    memset(&out, 0, sizeof out);
    mb_finish(&j->m, &out);
    return lc_out_emit(&out, &rules, ds, AMC_POS_NONE);
}

static amc_status j_state(const void *p, amc_buf *b)
{
    const mb_json *j = p;
    amc_status st = amc_buf_puts(b, "{\"messages\":{");
    size_t i = 0, r = 0;
    bool firstm = true, firstt = true;
    for (i = 0; st == AMC_OK && i < j->msgs.n && i < j->m.n_msgs; i++) {
        const mb_msg *g = &j->m.msgs[i];
        if (g->state == MB_NONE)
            continue; /* named by a rejected event only */
        if (!firstm)
            st = amc_buf_putc(b, ',');
        firstm = false;
        if (st == AMC_OK)
            st = lc_put_str(b, j->msgs.v[i]);
        if (st == AMC_OK)
            st = amc_buf_printf(b, ":{\"state\":\"%s\",\"attempts\":%lld,\"receipt\":%s}",
                                mnames[g->state], (long long)g->attempts,
                                g->receipt ? "true" : "false");
    }
    if (st == AMC_OK)
        st = amc_buf_puts(b, "},\"tasks\":{");
    for (i = 0; st == AMC_OK && i < j->tasks.n && i < j->m.n_tasks; i++) {
        const mb_task *t = &j->m.tasks[i];
        bool first = true;
        if (t->state == MT_NONE)
            continue;
        if (!firstt)
            st = amc_buf_putc(b, ',');
        firstt = false;
        if (st == AMC_OK)
            st = lc_put_str(b, j->tasks.v[i]);
        if (st == AMC_OK)
            st = amc_buf_printf(b, ":{\"state\":\"%s\",\"attempts\":%lld", tnames[t->state],
                                (long long)t->attempts);
        if (st == AMC_OK && t->has_version)
            st = amc_buf_printf(b, ",\"state_version\":%lld", (long long)t->state_version);
        if (st == AMC_OK && t->state == MT_CLAIMED)
            st = amc_buf_printf(
                b, ",\"lease_until\":%lld,\"heartbeat_until\":%lld,\"soft_timeout\":%s",
                (long long)t->lease_until, (long long)t->hb_until, t->soft ? "true" : "false");
        if (st == AMC_OK)
            st = amc_buf_puts(b, ",\"reviews\":{");
        for (r = 0; st == AMC_OK && r < j->reviewers.n && r < MB_MAX_REVIEWERS; r++) {
            if (t->rev[r].verdict == MV_NONE)
                continue;
            if (!first)
                st = amc_buf_putc(b, ',');
            first = false;
            if (st == AMC_OK)
                st = lc_put_str(b, j->reviewers.v[r]);
            if (st == AMC_OK)
                st = amc_buf_printf(b, ":{\"verdict\":\"%s\",\"blocking\":%lld,\"executed\":%s}",
                                    vnames[t->rev[r].verdict], (long long)t->rev[r].blocking,
                                    t->rev[r].executed ? "true" : "false");
        }
        if (st == AMC_OK)
            st = amc_buf_putc(b, '}');
        if (st == AMC_OK && t->aggregations)
            st = amc_buf_printf(b, ",\"aggregated\":\"%s\"", vnames[t->aggregated]);
        if (st == AMC_OK)
            st = amc_buf_putc(b, '}');
    }
    if (st == AMC_OK)
        st = amc_buf_printf(b, "},\"relay\":\"%s\",\"t\":%lld}", j->m.relay_down ? "down" : "up",
                            (long long)j->m.now);
    return st;
}

const amc_lc_ops amc_lc_mailbox = {"mailbox", &rules,   j_create, j_destroy,
                                   j_apply,   j_finish, j_state};
