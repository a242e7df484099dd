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

#define AMC_RULE(...) AMC_RULE_ROW("mailbox", __VA_ARGS__)
static const amc_rule rules[] = {
#include "lifecycle/rules_lc_mailbox.def"
};
#undef AMC_RULE

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

void mb_fini(void *core)
{
    mb_model *m = core;
    amc_xfree(m->msgs);
    amc_xfree(m->tasks);
    amc_xfree(m->nonces);
    memset(m, 0, sizeof *m);
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
    amc_status st = AMC_OK;
    LC_RESERVE(st, m->msgs, m->n_msgs, m->cap_msgs, ev->id);
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
    amc_status st = AMC_OK;
    LC_RESERVE(st, m->tasks, m->n_tasks, m->cap_tasks, ev->id);
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

amc_status mb_step(void *core, const void *event, lc_out *out)
{
    mb_model *m = core;
    const mb_event *ev = event;
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
        LC_RESERVE(st, m->nonces, m->n_nonces, m->cap_nonces, ev->id);
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
    return st;
}

void mb_finish(const void *core, lc_out *out)
{
    const mb_model *m = core;
    size_t i = 0, n = 0;
    for (i = 0; i < m->n_msgs; i++)
        if (m->msgs[i].state == MB_OUTBOX)
            n++;
    if (n)
        lc_out_add(out, true, "MAILBOX-LC-006", "%zu committed outbox message%s never delivered%s",
                   n, n == 1 ? "" : "s", m->relay_down ? " (the relay is still crashed)" : "");
}

/* ---- the declaration (model.h) ---- */

enum { E_MSG, E_TASK, E_NONCE, E_REVIEWER, E_RELAY };
static const char *const nonce_states[] = {"unseen", "seen"};
static const char *const relay_states[] = {"up", "down"};

static int nonce_state(const void *core, size_t i)
{
    const mb_model *m = core;
    return i < m->n_nonces && m->nonces[i] != 0;
}

static amc_status put_msg(amc_buf *b, const void *elem, const lc_names *names)
{
    const mb_msg *g = elem;
    (void)names;
    return amc_buf_printf(b, "{\"state\":\"%s\",\"attempts\":%lld,\"receipt\":%s}",
                          mnames[g->state], (long long)g->attempts, g->receipt ? "true" : "false");
}

static amc_status put_task(amc_buf *b, const void *elem, const lc_names *names)
{
    const mb_task *t = elem;
    const lc_names *rv = &names[E_REVIEWER];
    amc_status st = amc_buf_printf(b, "{\"state\":\"%s\",\"attempts\":%lld", tnames[t->state],
                                   (long long)t->attempts);
    size_t r = 0;
    bool first = true;
    if (st == AMC_OK && t->has_version)
        st = amc_buf_printf(b, ",\"state_version\":%lld", (long long)t->state_version);
    if (st == AMC_OK && t->state == MT_CLAIMED)
        st = amc_buf_printf(b, ",\"lease_until\":%lld,\"heartbeat_until\":%lld,\"soft_timeout\":%s",
                            (long long)t->lease_until, (long long)t->hb_until,
                            t->soft ? "true" : "false");
    if (st == AMC_OK)
        st = amc_buf_puts(b, ",\"reviews\":{");
    for (r = 0; st == AMC_OK && r < rv->n && r < MB_MAX_REVIEWERS; r++) {
        if (t->rev[r].verdict == MV_NONE)
            continue;
        if (!first)
            st = amc_buf_putc(b, ',');
        first = false;
        if (st == AMC_OK)
            st = lc_put_str(b, rv->v[r]);
        if (st == AMC_OK)
            st = amc_buf_printf(b, ":{\"verdict\":\"%s\",\"blocking\":%lld,\"executed\":%s}",
                                vnames[t->rev[r].verdict], (long long)t->rev[r].blocking,
                                t->rev[r].executed ? "true" : "false");
    }
    if (st == AMC_OK)
        st = amc_buf_putc(b, '}');
    if (st == AMC_OK && t->aggregations)
        st = amc_buf_printf(b, ",\"aggregated\":\"%s\"", vnames[t->aggregated]);
    return st == AMC_OK ? amc_buf_putc(b, '}') : st;
}

static amc_status put_extra(amc_buf *b, const void *core)
{
    return amc_buf_printf(b, ",\"relay\":\"%s\"",
                          ((const mb_model *)core)->relay_down ? "down" : "up");
}

/* The constants from the policy (the implementation's runtime config); the quorum is the
 * policy's review.required_agents, named in the reviewers' table in order. */
static amc_status init(void *core, lc_names *names, const amc_lc_config *cfg)
{
    const amc_mailbox_policy *p = amc_policy_mailbox(cfg->policy);
    lc_names *reviewers = &names[E_REVIEWER];
    mb_const c;
    size_t idx = 0, i = 0;
    amc_status st = AMC_OK;
    mb_default_const(&c);
    c.max_delivery = p->max_delivery; /* the policy's default is the seed's 5; a policy's is >= 1 */
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
        /* the first MB_MAX_REVIEWERS distinct names: a repeated one takes no second place */
        for (i = 0; st == AMC_OK && i < ra->u.arr.len && reviewers->n < MB_MAX_REVIEWERS; i++)
            if (ra->u.arr.items[i]->type == AMC_T_STRING)
                st = lc_intern(reviewers, ra->u.arr.items[i]->u.str.ptr,
                               ra->u.arr.items[i]->u.str.len, &idx);
    } else {
        st = lc_intern(reviewers, "codex", 5, &idx);
        if (st == AMC_OK)
            st = lc_intern(reviewers, "claude", 6, &idx);
    }
    c.n_required = reviewers->n;
    mb_init(core, &c);
    return st;
}

static const lc_entity entities[] = {
    {.name = "msg",
     .member = "msg",
     .noun = "entities",
     LC_STATES(mnames),
     LC_ARRAY(mb_model, msgs, n_msgs, mb_msg),
     LC_STATE_FIELD(mb_msg, state),
     .map = "messages",
     .put = put_msg},
    {.name = "task",
     .member = "task",
     .noun = "entities",
     LC_STATES(tnames),
     LC_ARRAY(mb_model, tasks, n_tasks, mb_task),
     LC_STATE_FIELD(mb_task, state),
     .map = "tasks",
     .put = put_task},
    {.name = "nonce",
     .member = "nonce",
     .noun = "entities",
     LC_STATES(nonce_states),
     .state_of = nonce_state},
    {.name = "reviewer",
     .member = "reviewer",
     .noun = "entities",
     .max = MB_MAX_REVIEWERS,
     .max_noun = "reviewers"},
    {.name = "relay", LC_STATES(relay_states), LC_STATE_FIELD(mb_model, relay_down)}};

#define MSG_EVENTS  LC_EVS(MBE_DEAD_LETTER + 1)
#define TASK_EVENTS (LC_EVS(MBE_N) & ~LC_EVS(MBE_TASK_CREATE))
static const lc_member members[] = {
    {LC_VALUE("state_version", LC_INT, TASK_EVENTS, false, mb_event, state_version),
     .has = LC_HAS(mb_event, has_version)},
    {LC_NAMED("msg", MSG_EVENTS, mb_event, id, E_MSG)},
    {LC_NAMED("nonce", LC_EV(MBE_NONCE), mb_event, id, E_NONCE)},
    {LC_NAMED("task", TASK_EVENTS, mb_event, id, E_TASK)},
    {LC_VALUE("reason", LC_ENUM, LC_EV(MBE_TIMEOUT), true, mb_event, reason),
     LC_CHOICE(rnames, 0, 3), LC_BAD("reason must be soft, hard, lease or heartbeat", 0, "")},
    {LC_VALUE("verdict", LC_ENUM, LC_EV(MBE_VERDICT), true, mb_event, verdict),
     LC_CHOICE(vnames, MV_PASS, MV_FAIL), LC_BAD("verdict must be PASS or FAIL", 0, "")},
    {LC_VALUE("verdict", LC_ENUM, LC_EV(MBE_AGGREGATE), true, mb_event, verdict),
     LC_CHOICE(vnames, MV_PASS, MV_MANUAL),
     LC_BAD("verdict must be PASS, FAIL or manual_review_required", 0, "")},
    {LC_NAMED("reviewer", LC_EV(MBE_VERDICT), mb_event, reviewer, E_REVIEWER)},
    {LC_VALUE("blocking", LC_INT, LC_EV(MBE_VERDICT), false, mb_event, blocking)},
    {LC_VALUE("executed", LC_BOOL, LC_EV(MBE_VERDICT), false, mb_event, executed), .dflt = 1}};

static const lc_transition transitions[] = {
    {MBE_COMMIT, E_MSG, MB_NONE, MB_OUTBOX},
    {MBE_RELAY, E_MSG, MB_OUTBOX, MB_INFLIGHT},
    {MBE_RELAY, E_MSG, MB_INFLIGHT, MB_INFLIGHT}, /* at-least-once duplicate */
    {MBE_RELAY, E_MSG, MB_ACKED, MB_ACKED},
    {MBE_CONSUME, E_MSG, MB_INFLIGHT, MB_INFLIGHT},
    {MBE_ACK, E_MSG, MB_INFLIGHT, MB_ACKED},
    {MBE_NACK, E_MSG, MB_INFLIGHT, MB_OUTBOX},
    {MBE_VISIBILITY, E_MSG, MB_INFLIGHT, MB_OUTBOX},
    {MBE_DEAD_LETTER, E_MSG, MB_OUTBOX, MB_DEAD},
    {MBE_RELAY_CRASH, E_RELAY, 0, 1},
    {MBE_RELAY_RESTART, E_RELAY, 1, 0},
    {MBE_RESTART, E_RELAY, LC_ANY, 0},
    {MBE_NONCE, E_NONCE, 0, 1},
    {MBE_NONCE, E_NONCE, 1, 1}, /* seen again after its TTL */
    {MBE_TASK_CREATE, E_TASK, MT_NONE, MT_QUEUED},
    {MBE_CLAIM, E_TASK, MT_QUEUED, MT_CLAIMED},
    {MBE_RENEW, E_TASK, MT_CLAIMED, MT_CLAIMED},
    {MBE_HEARTBEAT, E_TASK, MT_CLAIMED, MT_CLAIMED},
    {MBE_TIMEOUT, E_TASK, MT_CLAIMED, MT_CLAIMED}, /* soft: a warning state */
    {MBE_TIMEOUT, E_TASK, MT_CLAIMED, MT_TIMED_OUT},
    {MBE_REQUEUE, E_TASK, MT_TIMED_OUT, MT_QUEUED},
    {MBE_TASK_DEAD, E_TASK, MT_TIMED_OUT, MT_DEAD},
    {MBE_COMPLETE, E_TASK, MT_CLAIMED, MT_DONE},
    {MBE_VERDICT, E_TASK, LC_ANY, LC_SAME},
    {MBE_AGGREGATE, E_TASK, LC_ANY, LC_SAME}};

/* Timing bounds for the generator: the relay's and the tasks' timeouts and the nonce TTL. */
static size_t gen_bounds(const void *core, int64_t *out, size_t max)
{
    const mb_model *m = core;
    const int64_t v[] = {m->c.visibility_ms, m->c.lease_ms, m->c.hb_ms,
                         m->c.soft_ms,       m->c.hard_ms,  m->c.nonce_ttl_ms};
    size_t n = 0;
    for (n = 0; n < max && n < sizeof v / sizeof v[0]; n++)
        out[n] = v[n];
    return n;
}

LC_FITS(mb_event);

const lc_model amc_lc_mailbox = {LC_TABLES("mailbox"),
                                 LC_EVENT(mb_event, kind, t, knames, MBE_N),
                                 .events_hint = "see docs/lifecycle/mailbox.md",
                                 LC_CORE(mb_model, mb_fini, mb_step, mb_finish),
                                 .init = init,
                                 .put_extra = put_extra,
                                 .gen_bounds = gen_bounds};
