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

#define AMC_RULE(...) AMC_RULE_ROW("ignite", __VA_ARGS__)
static const amc_rule rules[] = {
#include "lifecycle/rules_lc_ignite.def"
};
#undef AMC_RULE

enum { E_MSG }; /* its one entity */

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

void ig_fini(void *core)
{
    ig_model *m = core;
    amc_xfree(m->msgs);
    memset(m, 0, sizeof *m);
}

static bool terminal(const ig_msg *g)
{
    return g->state == IG_DELETED || g->state == IG_DEAD_LETTER;
}

static const char *const kind_names[] = {"enqueue", "claim",   "deliver",     "delete",
                                         "timeout", "requeue", "dead_letter", "escalate"};

amc_status ig_step(void *core, const void *event, lc_out *out)
{
    ig_model *m = core;
    const ig_event *ev = event;
    ig_msg *g = NULL, nx;
    amc_status st = AMC_OK;
    LC_RESERVE(st, m->msgs, m->n, m->cap, ev->msg);
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
    return AMC_OK;
}

void ig_finish(const void *core, lc_out *out)
{
    const ig_model *m = core;
    size_t i = 0;
    /* one finding per rule, naming the first message it concerns (two rules: never more than
     * LC_OUT_MAX findings) */
    for (i = 0; i < m->n; i++) {
        const ig_msg *g = &m->msgs[i];
        if (g->state == IG_DEAD_LETTER && !g->escalated && !lc_out_has(out, "IGNITE-LC-007")) {
            lc_out_add(out, true, "IGNITE-LC-007", "a dead-lettered message was never escalated");
            out->about_idx[out->n - 1] = i;
        } else if ((g->state == IG_PROCESSING || g->state == IG_RETRYING) &&
                   !lc_out_has(out, "IGNITE-LC-010")) {
            lc_out_add(out, false, "IGNITE-LC-010", "a message is still %s",
                       ig_state_name(g->state));
            out->about_idx[out->n - 1] = i;
        }
    }
    out->has_about = true;
    out->about = E_MSG;
}

/* ---- the declaration (model.h) ---- */

static amc_status put_msg(amc_buf *b, const void *elem, const lc_names *names)
{
    const ig_msg *g = elem;
    amc_status st = amc_buf_printf(b, "{\"state\":\"%s\",\"retry_count\":%lld",
                                   ig_state_name(g->state), (long long)g->retry_count);
    (void)names;
    if (st == AMC_OK && g->state == IG_RETRYING)
        st = amc_buf_printf(b, ",\"next_retry_after\":%lld", (long long)g->next_retry_after);
    if (st == AMC_OK && g->state == IG_DEAD_LETTER)
        st = amc_buf_printf(b, ",\"escalated\":%s", g->escalated ? "true" : "false");
    return st == AMC_OK ? amc_buf_putc(b, '}') : st;
}

static amc_status put_extra(amc_buf *b, const void *core)
{
    return amc_buf_printf(b, ",\"max_retries\":%lld",
                          (long long)((const ig_model *)core)->max_retries);
}

static amc_status init(void *core, lc_names *names, const amc_lc_config *cfg)
{
    (void)names;
    ig_init(core, amc_policy_ignite_max_retries(cfg->policy));
    return AMC_OK;
}

static const lc_entity entities[] = {{.name = "msg",
                                      .member = "msg",
                                      .noun = "messages",
                                      LC_STATES(state_names),
                                      LC_ARRAY(ig_model, msgs, n, ig_msg),
                                      LC_STATE_FIELD(ig_msg, state),
                                      .map = "messages",
                                      .put = put_msg}};

static const lc_member members[] = {
    {LC_NAMED("msg", LC_EVS(IGE_N), ig_event, msg, E_MSG)},
    {LC_VALUE("retry_count", LC_INT, LC_EV(IGE_TIMEOUT), true, ig_event, retry_count)},
    {LC_VALUE("next_retry_after", LC_TIME, LC_EV(IGE_TIMEOUT), true, ig_event, next_retry_after)}};

static const lc_transition transitions[] = {{IGE_ENQUEUE, E_MSG, IG_NONE, IG_QUEUED},
                                            {IGE_CLAIM, E_MSG, IG_QUEUED, IG_PROCESSING},
                                            {IGE_DELIVER, E_MSG, IG_PROCESSING, IG_DELIVERED},
                                            {IGE_DELETE, E_MSG, IG_DELIVERED, IG_DELETED},
                                            {IGE_TIMEOUT, E_MSG, IG_PROCESSING, IG_RETRYING},
                                            {IGE_REQUEUE, E_MSG, IG_RETRYING, IG_QUEUED},
                                            {IGE_DEAD_LETTER, E_MSG, IG_PROCESSING, IG_DEAD_LETTER},
                                            {IGE_ESCALATE, E_MSG, IG_DEAD_LETTER, IG_DEAD_LETTER}};

/* Timing bounds for the generator: the backoff bound of each retry count. */
static size_t gen_bounds(const void *core, int64_t *out, size_t max)
{
    size_t n = 0;
    (void)core;
    for (n = 0; n < max && n < 7; n++)
        out[n] = ig_backoff_max_ms((int64_t)n);
    return n;
}

LC_FITS(ig_event);

const lc_model amc_lc_ignite = {LC_TABLES("ignite"),
                                LC_EVENT(ig_event, kind, t, kind_names, IGE_N),
                                LC_CORE(ig_model, ig_fini, ig_step, ig_finish),
                                .init = init,
                                .put_extra = put_extra,
                                .gen_bounds = gen_bounds};
