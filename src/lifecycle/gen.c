/*
 * gen.c - random event sequences from a model's declaration, run through the model (the
 * oracle of `amc fuzz --lifecycle`, issue 21; amc/lifecycle.h amc_lifecycle_gen_*).
 *
 * Decisions:
 *   - One generator serves every model: what an event looks like (its members, their types,
 *     enum names, ranges, which entity a name is of) is the model's declaration; where the
 *     instances are (their states) is the core, read through the declaration after each step;
 *     the timing bounds are the model's gen_bounds. A model needs nothing else.
 *   - A sequence has 1-10 (35%), 11-40 (35%), 41-150 (20%) or 151-400 (10%) events; each kind
 *     of entity a pool of 1, 2, 3, 6, 20, 100 or 250 names ("msg-0"...; names the model
 *     declares itself, such as the policy's reviewers, come first), new ones taken a quarter
 *     of the time, else a recent one or any earlier one (re-used ids, past any small cache).
 *   - Aim: each sequence has a focus of 1-2 declared transitions that 30% of its events take
 *     (volume: many names through the same step, past any small cache); 30% take an unreached
 *     transition if the run has one (else the least reached of three), 10% the least reached
 *     of three; an aimed event names an instance that is in the transition's source state in
 *     the core (a transition from "none" takes a new name; an enum member naming the entity's
 *     states is set to the target state). The other 30% are any event (most of them illegal in
 *     the state they meet). 2% start a burst: the same event on the same
 *     instance 10-130 times (counters, limits, caches); 8% repeat an earlier event of the
 *     sequence with its names (dedup receipts, nonces, ids used again long after).
 *   - Time: "t" is integer ms from 2026-01-01 on; 25% no gap, 20% 1-1000 ms, 43% a timing
 *     bound of the model plus -1, 0 or +1 ms from the named instance's first or last accepted
 *     event (or a time member given earlier, such as Next-Retry-After), 9% a long gap, 3%
 *     earlier than the clock (LC_TIME_BACKWARDS); 5% of events have no "t".
 *   - Counters (integers): the last value given for that member and instance +1 (45%), the
 *     same, -1, 0, 0-8, or out of range; ranges are kept 85% of the time. Optional members are
 *     left out a fifth of the time. 1.5% of events are malformed (unknown event name, a required
 *     member missing, a member of the wrong type).
 *   - The oracle is the public API (amc_lifecycle_apply on the serialized event, as the
 *     reference adapter does); each step's accepted flag, codes, rules, event and state are
 *     kept in one text buffer per sequence.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "amc/lifecycle.h"
#include "core/arena_int.h"
#include "core/buf_int.h"
#include "lifecycle/lifecycle_int.h"

#define G_MAXM    24
#define G_MAXINST 256
#define G_MAXLEN  400
#define G_MAXB    16
#define G_T0      1767225600000LL /* 2026-01-01T00:00:00Z */

enum { G_OK = 0, G_UNKNOWN, G_MISSING, G_WRONGTYPE };

typedef struct gev {
    int kind; /* event index (G_UNKNOWN: unused) */
    bool has_t;
    uint8_t bad;
    int8_t badm;
    uint32_t present; /* bit i: member i given */
    int64_t t;
    int64_t v[G_MAXM]; /* entity: instance number; enum: name index (-1 bogus, -2 other) */
} gev;

typedef struct gres {
    bool accepted;
    size_t codes, rules, event, state; /* offsets into the sequence's text */
} gres;

typedef struct gseq {
    gev *ev;
    size_t n, cap;
    gres *res; /* n + 1 when run */
    size_t cap_res;
    amc_buf text;
} gseq;

struct amc_lifecycle_gen {
    const lc_model *md;
    amc_lifecycle_opts opts;
    amc_limits lim;
    uint64_t s[4];
    gseq seq[2];
    int kept, cur; /* indexes into seq */
    char **pre[LC_MAX_KINDS];
    size_t npre[LC_MAX_KINDS];
    amc_lifecycle *proto;        /* item names */
    unsigned long *hits, *tries; /* tries: aimed at with its from state present */
    size_t nitems[3];
    int64_t bounds[G_MAXB], maxb;
    size_t nb;
    amc_diags *ds;
    amc_buf ebuf;
    /* the sequence being generated */
    amc_lifecycle *lc;
    int64_t now;
    size_t capn[LC_MAX_KINDS], ninst[LC_MAX_KINDS], recent[LC_MAX_KINDS][4], nrecent[LC_MAX_KINDS];
    long kidx[LC_MAX_KINDS][G_MAXINST];
    int64_t first_t[LC_MAX_KINDS][G_MAXINST], last_t[LC_MAX_KINDS][G_MAXINST];
    int64_t anchor[LC_MAX_KINDS][G_MAXINST];
    bool rej[LC_MAX_KINDS][G_MAXINST]; /* the last event naming it was rejected */
    int64_t lastv[G_MAXM][G_MAXINST];
    size_t burst;
    size_t focus[3], nfocus; /* transitions this sequence takes often */
    size_t rejected_run;     /* rejected events in a row */
    bool push;               /* this event takes another way out of a guarded transition's
                                state: its counters go on (+1) */
};

/* ---- random numbers: xoshiro256** seeded through splitmix64 ---- */

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static void seed_rng(amc_lifecycle_gen *g, uint64_t seed)
{
    int i = 0;
    for (i = 0; i < 4; i++) {
        uint64_t z = (seed += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        g->s[i] = z ^ (z >> 31);
    }
}

static uint64_t next(amc_lifecycle_gen *g)
{
    uint64_t *s = g->s, r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return r;
}

static size_t below(amc_lifecycle_gen *g, size_t n)
{
    return n ? (size_t)(next(g) % n) : 0;
}

/* ---- names and serialization ---- */

static void inst_name(const amc_lifecycle_gen *g, int e, int64_t k, char *buf, size_t size)
{
    if (k >= 0 && (size_t)k < g->npre[e])
        snprintf(buf, size, "%s", g->pre[e][k]);
    else
        snprintf(buf, size, "%s-%lld", g->md->entities[e].name,
                 (long long)(k - (int64_t)g->npre[e]));
}

static bool has_member(const lc_model *md, int kind, size_t m)
{
    return kind >= 0 && (md->members[m].events & LC_EV(kind)) != 0;
}

static amc_status put_value(const amc_lifecycle_gen *g, amc_buf *b, const lc_member *m, int64_t v)
{
    char name[96];
    switch (m->type) {
    case LC_ENTITY:
        inst_name(g, m->entity, v, name, sizeof name);
        return lc_put_str(b, name);
    case LC_BOOL:
        return amc_buf_puts(b, v ? "true" : "false");
    case LC_ENUM:
        if (v >= 0 && v < m->n_names)
            return lc_put_str(b, m->names[v]);
        return lc_put_str(b, v == -2 ? "error: disk full" : "bogus");
    case LC_NUMBER:
        return amc_buf_printf(b, "%s%lld.%02lld", v < 0 ? "-" : "",
                              (long long)(v < 0 ? -v : v) / 100, (long long)(v < 0 ? -v : v) % 100);
    case LC_INT:
    case LC_COUNT:
    case LC_TIME:
        break;
    }
    return amc_buf_printf(b, "%lld", (long long)v);
}

/* One event as a JSON object into b (appended). */
static amc_status put_event(const amc_lifecycle_gen *g, amc_buf *b, const gev *ev)
{
    const lc_model *md = g->md;
    size_t i = 0;
    amc_status st = amc_buf_puts(b, "{\"event\":");
    if (st == AMC_OK)
        st = lc_put_str(b, ev->bad == G_UNKNOWN ? "no_such_event" : md->events[ev->kind]);
    if (st == AMC_OK && ev->has_t)
        st = amc_buf_printf(b, ",\"t\":%lld", (long long)ev->t);
    for (i = 0; st == AMC_OK && ev->bad != G_UNKNOWN && i < md->n_members; i++) {
        const lc_member *m = &md->members[i];
        if (!has_member(md, ev->kind, i) || !(ev->present & (1u << i)))
            continue;
        if (ev->bad == G_MISSING && (size_t)ev->badm == i)
            continue;
        st = amc_buf_puts(b, ",");
        if (st == AMC_OK)
            st = lc_put_str(b, m->key);
        if (st == AMC_OK)
            st = amc_buf_puts(b, ":");
        if (st == AMC_OK && ev->bad == G_WRONGTYPE && (size_t)ev->badm == i)
            st = amc_buf_puts(b, m->type == LC_ENTITY || m->type == LC_ENUM ? "7" : "\"x\"");
        else if (st == AMC_OK)
            st = put_value(g, b, m, ev->v[i]);
    }
    if (st == AMC_OK)
        st = amc_buf_putc(b, '}');
    return st;
}

/* ---- running a sequence through the model ---- */

static amc_status text_add(gseq *s, const char *p, size_t n, size_t *off)
{
    *off = s->text.len;
    if (amc_buf_append(&s->text, p, n) != AMC_OK || amc_buf_append(&s->text, "", 1) != AMC_OK)
        return AMC_ENOMEM;
    return AMC_OK;
}

/* " A B " lists of the distinct codes and rule ids of ds into the text. */
static amc_status lists(gseq *s, const amc_diags *ds, gres *r)
{
    amc_buf *t = &s->text;
    size_t i = 0, j = 0, n = amc_diags_count(ds);
    amc_status st = AMC_OK;
    r->codes = t->len;
    st = amc_buf_putc(t, ' ');
    for (i = 0; st == AMC_OK && i < n; i++) {
        const char *id = amc_code_id(amc_diags_get(ds, i)->code);
        for (j = 0; j < i && amc_diags_get(ds, j)->code != amc_diags_get(ds, i)->code; j++)
            ;
        if (j == i && id)
            st = amc_buf_printf(t, "%s ", id);
    }
    if (st == AMC_OK)
        st = amc_buf_append(t, "", 1);
    r->rules = t->len;
    if (st == AMC_OK)
        st = amc_buf_putc(t, ' ');
    for (i = 0; st == AMC_OK && i < n; i++) {
        const char *id = amc_diags_get(ds, i)->rule_id;
        for (j = 0; id && j < i; j++) {
            const char *o = amc_diags_get(ds, j)->rule_id;
            if (o && !strcmp(o, id))
                break;
        }
        if (id && j == i)
            st = amc_buf_printf(t, "%s ", id);
    }
    if (st == AMC_OK)
        st = amc_buf_append(t, "", 1);
    return st == AMC_OK ? AMC_OK : AMC_ENOMEM;
}

static amc_status state_of(gseq *s, amc_lifecycle *lc, gres *r)
{
    char *json = NULL;
    size_t len = 0;
    amc_status st = amc_lifecycle_state(lc, &json, &len);
    if (st == AMC_OK)
        st = text_add(s, json, len, &r->state);
    amc_free(json);
    return st;
}

static amc_status res_room(gseq *s, size_t n)
{
    if (n > s->cap_res) {
        size_t nc = n < 64 ? 64 : n * 2;
        gres *nv = amc_xrealloc(s->res, nc * sizeof *nv);
        if (!nv)
            return AMC_ENOMEM;
        s->res = nv;
        s->cap_res = nc;
    }
    return AMC_OK;
}

static amc_status run_begin(amc_lifecycle_gen *g, gseq *s, amc_lifecycle **lc)
{
    amc_buf_reset(&s->text);
    return amc_lifecycle_new(&g->opts, NULL, lc);
}

/* Applies event i of s; its result into s->res[i]. */
static amc_status run_step(amc_lifecycle_gen *g, gseq *s, amc_lifecycle *lc, size_t i)
{
    gres *r = NULL;
    amc_status st = res_room(s, i + 2), ap = AMC_OK;
    if (st != AMC_OK)
        return st;
    r = &s->res[i];
    amc_buf_reset(&g->ebuf);
    st = put_event(g, &g->ebuf, &s->ev[i]);
    if (st != AMC_OK)
        return AMC_ENOMEM;
    amc_diags_clear(g->ds);
    ap = amc_lifecycle_apply(lc, g->ebuf.data, g->ebuf.len, g->ds);
    if (ap == AMC_ENOMEM || ap == AMC_EINTERNAL)
        return ap;
    r->accepted = ap == AMC_OK;
    st = text_add(s, g->ebuf.data, g->ebuf.len, &r->event);
    if (st == AMC_OK)
        st = lists(s, g->ds, r);
    if (st == AMC_OK)
        st = state_of(s, lc, r);
    return st;
}

static amc_status run_end(amc_lifecycle_gen *g, gseq *s, amc_lifecycle *lc)
{
    gres *r = NULL;
    amc_status st = res_room(s, s->n + 1), fin = AMC_OK;
    if (st != AMC_OK)
        return st;
    r = &s->res[s->n];
    amc_diags_clear(g->ds);
    fin = amc_lifecycle_finish(lc, g->ds);
    if (fin == AMC_ENOMEM)
        return fin;
    r->accepted = fin == AMC_OK;
    r->event = 0;
    st = lists(s, g->ds, r);
    if (st == AMC_OK)
        st = state_of(s, lc, r);
    return st;
}

static amc_status run_all(amc_lifecycle_gen *g, gseq *s)
{
    amc_lifecycle *lc = NULL;
    amc_status st = run_begin(g, s, &lc);
    size_t i = 0;
    for (i = 0; st == AMC_OK && i < s->n; i++)
        st = run_step(g, s, lc, i);
    if (st == AMC_OK)
        st = run_end(g, s, lc);
    amc_lifecycle_free(lc);
    return st;
}

/* ---- generation ---- */

static int64_t pick_time(amc_lifecycle_gen *g, int e, int64_t k)
{
    size_t r = below(g, 100), tries = 0;
    int64_t now = g->now;
    if (r < 25)
        return now;
    if (r < 45)
        return now + 1 + (int64_t)below(g, 1000);
    if (r < 88 && (g->nb || (e >= 0 && g->anchor[e][k]))) {
        for (tries = 0; tries < 4; tries++) {
            int64_t base = now, b = g->nb ? g->bounds[below(g, g->nb)] : 0, t = 0;
            size_t which = below(g, 4);
            if (e >= 0 && k >= 0 && k < G_MAXINST) {
                if (which == 0 && g->first_t[e][k])
                    base = g->first_t[e][k];
                else if (which == 1 && g->last_t[e][k])
                    base = g->last_t[e][k];
                else if (which == 2 && g->anchor[e][k])
                    base = g->anchor[e][k], b = 0;
            }
            t = base + b + (int64_t)below(g, 3) - 1;
            if (t >= now)
                return t;
        }
        return now + (int64_t)below(g, 1000);
    }
    if (r < 97)
        return now + (int64_t)below(g, (size_t)(2 * g->maxb + 1000));
    return now > G_T0 ? now - 1 - (int64_t)below(g, (size_t)(now - G_T0 < 1000 ? now - G_T0 : 1000))
                      : now;
}

static int inst_state(const amc_lifecycle_gen *g, int e, int64_t k)
{
    long idx = k >= 0 && k < G_MAXINST ? g->kidx[e][k] : -1;
    if (idx < 0)
        return 0;
    return lc_state_of(&g->md->entities[e], lc_inst_core(amc_lc_inst(g->lc)), (size_t)idx);
}

static int64_t new_inst(amc_lifecycle_gen *g, int e)
{
    return (int64_t)g->ninst[e]++;
}

static int64_t pick_any(amc_lifecycle_gen *g, int e)
{
    size_t n = g->ninst[e];
    if (n == 0 || (n < g->capn[e] && below(g, 100) < 25))
        return new_inst(g, e);
    if (g->nrecent[e] && below(g, 100) < 60)
        return (int64_t)g->recent[e][below(g, g->nrecent[e] < 4 ? g->nrecent[e] : 4)];
    return (int64_t)below(g, n);
}

/* An instance of entity e in state from (LC_ANY: any; 0: a new name if the pool allows). */
static int64_t pick_aim(amc_lifecycle_gen *g, int e, int from)
{
    size_t n = g->ninst[e], start = below(g, n ? n : 1), i = 0;
    if (from == LC_ANY)
        return pick_any(g, e);
    if (from == 0 && n < g->capn[e])
        return new_inst(g, e);
    for (i = 0; i < 2 * n; i++) { /* first one whose last step was not rejected */
        size_t k = (start + i) % n;
        if (inst_state(g, e, (int64_t)k) == from && (i >= n || !g->rej[e][k]))
            return (int64_t)k;
    }
    return pick_any(g, e);
}

static int64_t counter(amc_lifecycle_gen *g, size_t mi, int64_t k)
{
    const lc_member *m = &g->md->members[mi];
    int64_t last = g->lastv[mi][k >= 0 && k < G_MAXINST ? k : 0], v = 0;
    size_t r = below(g, 100);
    bool ranged = m->type == LC_INT && m->bad_pre && m->lo <= m->hi;
    if (g->push && r < 85) /* a guard ahead: move the counter on */
        return last + 1;
    v = r < 45        ? last + 1
        : r < 60      ? last
        : r < 70      ? (last > 0 ? last - 1 : 0)
        : r < 80      ? 0
        : r < 95      ? (int64_t)below(g, 9)
        : below(g, 2) ? 1000 + (int64_t)below(g, 1000)
                      : -1;
    if (ranged && (v < m->lo || v > m->hi) && below(g, 100) < 85)
        v = m->lo + (int64_t)below(g, (size_t)(m->hi - m->lo + 1));
    return v;
}

static size_t least_of_three(amc_lifecycle_gen *g)
{
    size_t nt = g->md->n_transitions, best = below(g, nt), i = 0;
    unsigned long *th = g->hits + g->nitems[AMC_LC_RULES];
    for (i = 0; i < 2; i++) {
        size_t c = below(g, nt);
        if (th[c] < th[best])
            best = c;
    }
    return best;
}

/* Whether an instance of entity e is in state s now (0: also when a new name is allowed). For
 * a loop (a step that stays in s) an instance whose last step was rejected counts only half of
 * the time: the loop goes to fresh instances (dedup, caches) instead of the same one again. */
static bool has_in(amc_lifecycle_gen *g, int e, int s, bool loop)
{
    const lc_entity *en = &g->md->entities[e];
    size_t k = 0;
    bool any = !loop || below(g, 2);
    if (s == LC_ANY || (s == 0 && g->ninst[e] < g->capn[e]))
        return true;
    if (!en->member)
        return lc_state_of(en, lc_inst_core(amc_lc_inst(g->lc)), 0) == s;
    for (k = 0; k < g->ninst[e]; k++)
        if (inst_state(g, e, (int64_t)k) == s && (any || !g->rej[e][k]))
            return true;
    return false;
}

/* t, or when nothing is in its from state a transition leading there (up to 4 steps back). */
static long reachable(amc_lifecycle_gen *g, long t)
{
    const lc_model *md = g->md;
    int depth = 0;
    for (depth = 0; depth < 4; depth++) {
        const lc_transition *tr = &md->transitions[t];
        size_t i = 0, n = 0, pick = 0;
        if (has_in(g, tr->entity, tr->from, tr->to == tr->from || tr->to == LC_SAME)) {
            /* tried often and never taken: a guard (a counter, an order) holds it; half of
             * the time take another way out of the same state (loops move counters on) */
            if (++g->tries[t] <= 20 || g->hits[g->nitems[AMC_LC_RULES] + (size_t)t] || below(g, 2))
                return t;
            for (i = 0; i < md->n_transitions; i++)
                n += (long)i != t && md->transitions[i].entity == tr->entity &&
                     md->transitions[i].from == tr->from;
            pick = below(g, n);
            for (i = 0; n && i < md->n_transitions; i++)
                if ((long)i != t && md->transitions[i].entity == tr->entity &&
                    md->transitions[i].from == tr->from && pick-- == 0) {
                    g->push = true;
                    return (long)i;
                }
            return t;
        }
        for (i = 0; i < md->n_transitions; i++)
            n += md->transitions[i].entity == tr->entity && md->transitions[i].to == tr->from &&
                 md->transitions[i].from != tr->from;
        if (n == 0)
            return t;
        pick = below(g, n);
        for (i = 0; i < md->n_transitions; i++)
            if (md->transitions[i].entity == tr->entity && md->transitions[i].to == tr->from &&
                md->transitions[i].from != tr->from && pick-- == 0)
                break;
        t = (long)i;
    }
    return t;
}

/* The transition to aim at, or -1. */
static long aim(amc_lifecycle_gen *g)
{
    size_t r = below(g, 100), nt = g->md->n_transitions, i = 0, n0 = 0, pick = 0;
    unsigned long *th = g->hits + g->nitems[AMC_LC_RULES];
    g->push = false;
    if (nt == 0)
        return -1;
    if (g->rejected_run >= 3 && below(g, 2)) {
        /* stuck (a crashed relay, a stopped session...): a step whose source state is there,
         * the model's own (member-less) entities four times as likely */
        size_t cand[256], nc = 0, w = 0;
        for (i = 0; i < nt && nc + 4 <= sizeof cand / sizeof cand[0]; i++) {
            const lc_transition *tr = &g->md->transitions[i];
            if (tr->from == 0 || !has_in(g, tr->entity, tr->from, false))
                continue;
            for (w = g->md->entities[tr->entity].member ? 1 : 4; w > 0; w--)
                cand[nc++] = i;
        }
        if (nc)
            return (long)cand[below(g, nc)];
    }
    if (r >= 70)
        return -1;
    if (r < 30) /* the sequence's focus: volume on a few transitions, many names */
        return reachable(g, (long)g->focus[below(g, g->nfocus)]);
    if (r < 60) {
        for (i = 0; i < nt; i++)
            n0 += th[i] == 0;
        if (n0) {
            pick = below(g, n0);
            for (i = 0; i < nt; i++)
                if (th[i] == 0 && pick-- == 0)
                    return reachable(g, (long)i);
        }
    }
    return reachable(g, (long)least_of_three(g));
}

/* Event n of a sequence whose first n events are hist. */
static void gen_event(amc_lifecycle_gen *g, const gev *hist, size_t n, gev *ev)
{
    const lc_model *md = g->md;
    const lc_transition *tr = NULL;
    const gev *prev = n ? &hist[n - 1] : NULL, *copy = NULL;
    int pe = -1; /* the primary entity and instance (for times and counters) */
    int64_t pk = 0;
    size_t i = 0;
    long t = -1;
    bool burst = false;
    if (g->burst && g->rejected_run >= 3)
        g->burst = 0; /* a burst the model keeps rejecting ends */
    if (prev && (g->burst || below(g, 1000) < 12)) {
        if (!g->burst)
            g->burst = 10 + below(g, 121);
        g->burst--;
        copy = prev;
    } else if (n > 1 && below(g, 100) < 8) {
        copy = &hist[below(g, n - 1)]; /* an earlier event again: ids come back */
    }
    burst = copy && copy->bad == G_OK;
    memset(ev, 0, sizeof *ev);
    g->push = false;
    if (burst) {
        *ev = *copy;
    } else {
        t = aim(g);
        tr = t >= 0 ? &md->transitions[t] : NULL;
        ev->kind = tr ? tr->event : (int)below(g, (size_t)md->n_events);
    }
    for (i = 0; i < md->n_members && i < G_MAXM; i++) {
        const lc_member *m = &md->members[i];
        if (!has_member(md, ev->kind, i) || m->type != LC_ENTITY)
            continue;
        if (!burst) {
            ev->present |= 1u << i;
            ev->v[i] = tr && m->entity == tr->entity ? pick_aim(g, m->entity, tr->from)
                                                     : pick_any(g, m->entity);
        }
        if (pe < 0 && ev->v[i] < G_MAXINST) {
            pe = m->entity;
            pk = ev->v[i];
        }
    }
    for (i = 0; i < md->n_members && i < G_MAXM; i++) {
        const lc_member *m = &md->members[i];
        const lc_entity *te = tr ? &md->entities[tr->entity] : NULL;
        int64_t k = pe >= 0 ? pk : 0;
        if (!has_member(md, ev->kind, i) || m->type == LC_ENTITY)
            continue;
        if (!m->required && below(g, 100) < 20) {
            ev->present &= ~(1u << i);
            continue;
        }
        ev->present |= 1u << i;
        switch (m->type) {
        case LC_INT:
        case LC_COUNT:
            ev->v[i] = counter(g, i, k);
            break;
        case LC_TIME:
            ev->v[i] = pick_time(g, pe, k);
            if (below(g, 100) < 60)
                ev->v[i] += g->nb ? g->bounds[below(g, g->nb)] : (int64_t)below(g, 5000);
            if (pe >= 0)
                g->anchor[pe][k] = ev->v[i];
            break;
        case LC_BOOL:
            ev->v[i] = (int64_t)below(g, 2);
            break;
        case LC_ENUM:
            if (te && m->names == te->states && tr->to >= 0)
                ev->v[i] = tr->to;
            else if (m->lenient && below(g, 100) < 15)
                ev->v[i] = -2;
            else if (!m->lenient && below(g, 100) < 3)
                ev->v[i] = below(g, 2) ? -1 : (int64_t)below(g, (size_t)m->n_names);
            else
                ev->v[i] = m->lo + (int64_t)below(g, (size_t)(m->hi - m->lo + 1));
            break;
        case LC_NUMBER:
            ev->v[i] = below(g, 100) < 95 ? (int64_t)below(g, 101) : 150;
            break;
        case LC_ENTITY:
            break;
        }
    }
    ev->has_t = !prev || below(g, 100) < 95;
    ev->t = ev->has_t ? pick_time(g, pe, pk) : g->now;
    ev->bad = G_OK;
    if (!burst && below(g, 1000) < 15) {
        size_t r = below(g, 3), m = below(g, md->n_members);
        if (r == 0)
            ev->bad = G_UNKNOWN;
        else if (has_member(md, ev->kind, m) && (ev->present & (1u << m)) && m < G_MAXM) {
            ev->bad = r == 1 && md->members[m].required ? G_MISSING : G_WRONGTYPE;
            ev->badm = (int8_t)m;
        }
    }
}

/* After step i: the clock, the instances' times and indexes, the recent names. */
static void after_step(amc_lifecycle_gen *g, const gev *ev, bool accepted)
{
    const lc_model *md = g->md;
    const lc_inst *in = amc_lc_inst(g->lc);
    size_t i = 0;
    int64_t pk = 0;
    for (i = 0; i < md->n_members && i < G_MAXM; i++)
        if (md->members[i].type == LC_ENTITY && has_member(md, ev->kind, i)) {
            pk = ev->v[i];
            break;
        }
    if (accepted)
        g->now = ev->has_t ? ev->t : g->now;
    g->rejected_run = accepted ? 0 : g->rejected_run + 1;
    /* counters go on from the last value a step was accepted with */
    for (i = 0; accepted && i < md->n_members && i < G_MAXM; i++) {
        const lc_member *m = &md->members[i];
        if ((m->type == LC_INT || m->type == LC_COUNT) && has_member(md, ev->kind, i) &&
            (ev->present & (1u << i)))
            g->lastv[i][pk >= 0 && pk < G_MAXINST ? pk : 0] = ev->v[i];
    }
    for (i = 0; i < md->n_members && i < G_MAXM && ev->bad != G_UNKNOWN; i++) {
        const lc_member *m = &md->members[i];
        char name[96];
        size_t idx = 0;
        int e = m->entity;
        int64_t k = ev->v[i];
        if (m->type != LC_ENTITY || !has_member(md, ev->kind, i) || k < 0 || k >= G_MAXINST)
            continue;
        inst_name(g, e, k, name, sizeof name);
        g->kidx[e][k] = lc_find(lc_inst_names(in, e), name, strlen(name), &idx) ? (long)idx : -1;
        g->rej[e][k] = !accepted;
        if (accepted) {
            if (!g->first_t[e][k])
                g->first_t[e][k] = g->now;
            g->last_t[e][k] = g->now;
        }
        if (g->nrecent[e] == 0 || g->recent[e][0] != (size_t)k) {
            memmove(&g->recent[e][1], &g->recent[e][0], 3 * sizeof(size_t));
            g->recent[e][0] = (size_t)k;
            if (g->nrecent[e] < 4)
                g->nrecent[e]++;
        }
    }
}

static size_t seq_len(amc_lifecycle_gen *g)
{
    size_t r = below(g, 100);
    return r < 35   ? 1 + below(g, 10)
           : r < 70 ? 11 + below(g, 30)
           : r < 90 ? 41 + below(g, 110)
                    : 151 + below(g, G_MAXLEN - 150);
}

static void seq_reset(amc_lifecycle_gen *g)
{
    static const size_t pools[] = {1, 2, 3, 6, 20, 100, 250};
    static const unsigned weights[] = {10, 10, 15, 25, 20, 12, 8};
    int e = 0;
    g->now = G_T0;
    g->burst = 0;
    g->rejected_run = 0;
    g->nfocus = 1 + below(g, 2);
    for (e = 0; (size_t)e < g->nfocus; e++)
        g->focus[e] = below(g, g->md->n_transitions);
    for (e = 0; e < g->md->n_entities && e < LC_MAX_KINDS; e++) {
        const lc_entity *en = &g->md->entities[e];
        size_t r = below(g, 100), p = 0, acc = 0, cap = 0;
        for (p = 0; p < sizeof pools / sizeof pools[0]; p++) {
            acc += weights[p];
            if (r < acc)
                break;
        }
        cap = pools[p < sizeof pools / sizeof pools[0] ? p : 0] + g->npre[e];
        if (en->max && cap > en->max)
            cap = en->max;
        g->capn[e] = cap < G_MAXINST ? cap : G_MAXINST;
        g->ninst[e] = 0;
        g->nrecent[e] = 0;
    }
    memset(g->kidx, 0xff, sizeof g->kidx);
    memset(g->first_t, 0, sizeof g->first_t);
    memset(g->last_t, 0, sizeof g->last_t);
    memset(g->anchor, 0, sizeof g->anchor);
    memset(g->rej, 0, sizeof g->rej);
    memset(g->lastv, 0, sizeof g->lastv);
}

static amc_status seq_room(gseq *s, size_t n)
{
    if (n > s->cap) {
        size_t nc = n < 64 ? 64 : n * 2;
        gev *nv = amc_xrealloc(s->ev, nc * sizeof *nv);
        if (!nv)
            return AMC_ENOMEM;
        s->ev = nv;
        s->cap = nc;
    }
    return AMC_OK;
}

amc_status amc_lifecycle_gen_next(amc_lifecycle_gen *g)
{
    gseq *s = NULL;
    size_t len = 0, i = 0, k = 0, base = 0;
    const lc_inst *in = NULL;
    amc_status st = AMC_OK;
    if (!g)
        return AMC_EUSAGE;
    s = &g->seq[g->kept];
    g->cur = g->kept;
    s->n = 0;
    seq_reset(g);
    len = seq_len(g);
    st = seq_room(s, len);
    if (st == AMC_OK)
        st = run_begin(g, s, &g->lc);
    for (i = 0; st == AMC_OK && i < len; i++) {
        gen_event(g, s->ev, i, &s->ev[i]);
        s->n = i + 1;
        st = run_step(g, s, g->lc, i);
        if (st == AMC_OK)
            after_step(g, &s->ev[i], s->res[i].accepted);
    }
    if (st == AMC_OK)
        st = run_end(g, s, g->lc);
    if (st == AMC_OK) {
        in = amc_lc_inst(g->lc);
        for (k = 0; k < 3; k++) {
            for (i = 0; i < g->nitems[k]; i++) {
                unsigned long h = 0;
                char name[8];
                (void)lc_inst_item(in, (amc_lifecycle_item_kind)k, i, name, sizeof name, &h);
                g->hits[base + i] += h;
            }
            base += g->nitems[k];
        }
    }
    amc_lifecycle_free(g->lc);
    g->lc = NULL;
    return st;
}

/* ---- the public edge ---- */

amc_status amc_lifecycle_gen_new(const amc_lifecycle_opts *opts, uint64_t seed,
                                 amc_lifecycle_gen **out)
{
    const lc_model *md = opts ? amc_lc_model(opts->profile) : NULL;
    amc_lifecycle_gen *g = NULL;
    amc_limits deflim = AMC_LIMITS_DEFAULT;
    amc_status st = AMC_OK;
    int e = 0;
    size_t i = 0;
    if (!out)
        return AMC_EUSAGE;
    *out = NULL;
    if (!md || md->n_members > G_MAXM || md->n_entities > LC_MAX_KINDS)
        return AMC_EUSAGE;
    g = amc_xcalloc(1, sizeof *g);
    if (!g)
        return AMC_ENOMEM;
    g->md = md;
    g->opts = *opts;
    g->lim = opts->limits ? *opts->limits : deflim;
    g->opts.limits = &g->lim;
    seed_rng(g, seed);
    amc_buf_init(&g->seq[0].text, 0);
    amc_buf_init(&g->seq[1].text, 0);
    amc_buf_init(&g->ebuf, 0);
    g->ds = amc_diags_new(0);
    st = g->ds ? amc_lifecycle_new(&g->opts, NULL, &g->proto) : AMC_ENOMEM;
    for (i = 0; st == AMC_OK && i < 3; i++)
        g->nitems[i] = amc_lifecycle_items(g->proto, (amc_lifecycle_item_kind)i);
    if (st == AMC_OK) {
        g->hits = amc_xcalloc(g->nitems[0] + g->nitems[1] + g->nitems[2] + 1, sizeof *g->hits);
        g->tries = amc_xcalloc(g->nitems[1] + 1, sizeof *g->tries);
        st = g->hits && g->tries ? AMC_OK : AMC_ENOMEM;
    }
    for (e = 0; st == AMC_OK && e < md->n_entities; e++) {
        const lc_names *nm = lc_inst_names(amc_lc_inst(g->proto), e);
        if (!nm->n)
            continue;
        g->pre[e] = amc_xcalloc(nm->n, sizeof *g->pre[e]);
        st = g->pre[e] ? AMC_OK : AMC_ENOMEM;
        for (i = 0; st == AMC_OK && i < nm->n; i++) {
            g->pre[e][i] = amc_xmalloc(nm->len[i] + 1);
            if (!g->pre[e][i]) {
                st = AMC_ENOMEM;
                break;
            }
            memcpy(g->pre[e][i], nm->v[i], nm->len[i] + 1);
            g->npre[e] = i + 1;
        }
    }
    if (st == AMC_OK && md->gen_bounds)
        g->nb = md->gen_bounds(lc_inst_core(amc_lc_inst(g->proto)), g->bounds, G_MAXB);
    for (i = 0; i < g->nb; i++)
        if (g->bounds[i] > g->maxb)
            g->maxb = g->bounds[i];
    if (st != AMC_OK) {
        amc_lifecycle_gen_free(g);
        return st;
    }
    *out = g;
    return AMC_OK;
}

void amc_lifecycle_gen_free(amc_lifecycle_gen *g)
{
    int e = 0, k = 0;
    size_t i = 0;
    if (!g)
        return;
    for (k = 0; k < 2; k++) {
        amc_xfree(g->seq[k].ev);
        amc_xfree(g->seq[k].res);
        amc_buf_release(&g->seq[k].text);
    }
    for (e = 0; e < LC_MAX_KINDS; e++) {
        for (i = 0; i < g->npre[e]; i++)
            amc_xfree(g->pre[e][i]);
        amc_xfree(g->pre[e]);
    }
    amc_lifecycle_free(g->proto);
    amc_lifecycle_free(g->lc);
    amc_xfree(g->hits);
    amc_xfree(g->tries);
    amc_diags_free(g->ds);
    amc_buf_release(&g->ebuf);
    amc_xfree(g);
}

size_t amc_lifecycle_gen_len(const amc_lifecycle_gen *g)
{
    return g ? g->seq[g->cur].n : 0;
}

amc_status amc_lifecycle_gen_events(const amc_lifecycle_gen *g, char **json, size_t *len)
{
    const gseq *s = NULL;
    amc_buf b;
    size_t i = 0;
    amc_status st = AMC_OK;
    if (!g || !json)
        return AMC_EUSAGE;
    s = &g->seq[g->cur];
    amc_buf_init(&b, 0);
    st = amc_buf_putc(&b, '[');
    for (i = 0; st == AMC_OK && i < s->n; i++) {
        if (i)
            st = amc_buf_putc(&b, ',');
        if (st == AMC_OK)
            st = put_event(g, &b, &s->ev[i]);
    }
    if (st == AMC_OK)
        st = amc_buf_putc(&b, ']');
    if (st != AMC_OK) {
        amc_buf_release(&b);
        return AMC_ENOMEM;
    }
    *json = amc_buf_take(&b, len);
    return AMC_OK;
}

amc_status amc_lifecycle_gen_step(const amc_lifecycle_gen *g, size_t i, amc_lifecycle_result *out)
{
    const gseq *s = NULL;
    const gres *r = NULL;
    if (!g || !out || i > g->seq[g->cur].n)
        return AMC_EUSAGE;
    s = &g->seq[g->cur];
    r = &s->res[i];
    out->accepted = r->accepted;
    out->codes = s->text.data + r->codes;
    out->rules = s->text.data + r->rules;
    out->event = i < s->n ? s->text.data + r->event : NULL;
    out->state = s->text.data + r->state;
    return AMC_OK;
}

size_t amc_lifecycle_gen_items(const amc_lifecycle_gen *g, amc_lifecycle_item_kind kind)
{
    return g && (unsigned)kind < 3 ? g->nitems[kind] : 0;
}

amc_status amc_lifecycle_gen_item(const amc_lifecycle_gen *g, amc_lifecycle_item_kind kind,
                                  size_t i, char *name, size_t size, unsigned long *hits)
{
    size_t base = 0, k = 0;
    amc_status st = AMC_OK;
    if (!g || (unsigned)kind >= 3 || i >= g->nitems[kind])
        return AMC_EUSAGE;
    st = amc_lifecycle_item(g->proto, kind, i, name, size, NULL);
    for (k = 0; k < (size_t)kind; k++)
        base += g->nitems[k];
    if (st == AMC_OK && hits)
        *hits = g->hits[base + i];
    return st;
}

/* ---- shrinking ---- */

/* Effective times (events without "t" at the previous one's). */
static int64_t eff_t(const gseq *s, size_t j)
{
    while (j > 0 && !s->ev[j].has_t)
        j--;
    return s->ev[j].has_t ? s->ev[j].t : G_T0;
}

/* Whether member i of ev is written out. */
static bool shown(const lc_model *md, const gev *ev, size_t i)
{
    return ev->bad != G_UNKNOWN && has_member(md, ev->kind, i) && (ev->present & (1u << i)) &&
           !(ev->bad == G_MISSING && (size_t)ev->badm == i);
}

/* The instance numbers of entity e that s uses, ascending, into used (at most G_MAXINST). */
static size_t insts_used(const amc_lifecycle_gen *g, const gseq *s, int e, int64_t *used)
{
    bool seen[G_MAXINST];
    size_t j = 0, i = 0, n = 0;
    memset(seen, 0, sizeof seen);
    for (j = 0; j < s->n; j++)
        for (i = 0; i < g->md->n_members; i++)
            if (g->md->members[i].type == LC_ENTITY && g->md->members[i].entity == e &&
                shown(g->md, &s->ev[j], i) && s->ev[j].v[i] >= 0 && s->ev[j].v[i] < G_MAXINST)
                seen[s->ev[j].v[i]] = true;
    for (i = 0; i < G_MAXINST; i++)
        if (seen[i])
            used[n++] = (int64_t)i;
    return n;
}

static bool is_counter(const lc_member *m)
{
    return m->type == LC_INT || m->type == LC_COUNT || m->type == LC_NUMBER;
}

/* Builds candidate k of src into dst; false when k is past the last one. */
static bool candidate(const amc_lifecycle_gen *g, const gseq *src, size_t k, gseq *dst)
{
    const lc_model *md = g->md;
    size_t n = src->n, s = 0, j = 0, i = 0;
    int e = 0;
    dst->n = n;
    memcpy(dst->ev, src->ev, n * sizeof *dst->ev);
    /* chunks of halving size dropped */
    for (s = n / 2 ? n / 2 : 1; n && s >= 1; s /= 2) {
        size_t chunks = (n + s - 1) / s;
        if (k < chunks) {
            size_t a = k * s, b = a + s < n ? a + s : n;
            memmove(dst->ev + a, dst->ev + b, (n - b) * sizeof *dst->ev);
            dst->n = n - (b - a);
            return true;
        }
        k -= chunks;
        if (s == 1)
            break;
    }
    /* an instance of an entity merged into the first one used or into the one before it */
    for (e = 0; e < md->n_entities; e++) {
        int64_t used[G_MAXINST];
        size_t nu = md->entities[e].member ? insts_used(g, src, e, used) : 0;
        if (nu < 2)
            continue;
        if (k < (nu - 1) * 2 - (nu == 2)) {
            int64_t from = used[1 + k / 2], to = k % 2 ? used[k / 2] : used[0];
            for (j = 0; j < n; j++)
                for (i = 0; i < md->n_members; i++)
                    if (md->members[i].type == LC_ENTITY && md->members[i].entity == e &&
                        shown(md, &dst->ev[j], i) && dst->ev[j].v[i] == from)
                        dst->ev[j].v[i] = to;
            return true;
        }
        k -= (nu - 1) * 2 - (nu == 2);
    }
    /* a gap shortened: to none, to 1 ms, halved, to the largest timing bound below it and
     * that bound + 1 (the later events and time members move with it) */
    for (j = 0; j < n; j++) {
        int64_t gap = 0, d = 0, to[5], b = -1;
        size_t nto = 0, q = 0;
        if (!src->ev[j].has_t)
            continue;
        gap = src->ev[j].t - (j ? eff_t(src, j - 1) : G_T0);
        if (gap <= 0)
            continue;
        for (q = 0; q < g->nb; q++)
            if (g->bounds[q] < gap && g->bounds[q] > b)
                b = g->bounds[q];
        to[nto++] = 0;
        if (gap > 1)
            to[nto++] = 1;
        if (gap > 2)
            to[nto++] = gap / 2;
        if (b > 2 && b != gap / 2)
            to[nto++] = b;
        if (b > 2 && b + 1 < gap && b + 1 != gap / 2)
            to[nto++] = b + 1;
        if (k >= nto) {
            k -= nto;
            continue;
        }
        d = gap - to[k];
        for (s = j; s < n; s++) {
            if (dst->ev[s].has_t)
                dst->ev[s].t -= d;
            for (i = 0; i < md->n_members; i++)
                if (md->members[i].type == LC_TIME && has_member(md, dst->ev[s].kind, i))
                    dst->ev[s].v[i] -= d;
        }
        return true;
    }
    /* a counter lowered: to 0, halved, minus 1 */
    for (j = 0; j < n; j++)
        for (i = 0; i < md->n_members; i++) {
            int64_t v = src->ev[j].v[i];
            if (!is_counter(&md->members[i]) || !shown(md, &src->ev[j], i) || v == 0 ||
                (src->ev[j].bad == G_WRONGTYPE && (size_t)src->ev[j].badm == i))
                continue;
            if (k >= 3) {
                k -= 3;
                continue;
            }
            dst->ev[j].v[i] = k == 0 ? 0 : k == 1 ? v / 2 : v > 0 ? v - 1 : v + 1;
            return true;
        }
    /* an optional member dropped */
    for (j = 0; j < n; j++)
        for (i = 0; i < md->n_members; i++) {
            if (md->members[i].required || !shown(md, &src->ev[j], i))
                continue;
            if (k-- == 0) {
                dst->ev[j].present &= ~(1u << i);
                return true;
            }
        }
    return false;
}

amc_status amc_lifecycle_gen_candidate(amc_lifecycle_gen *g, size_t k)
{
    gseq *src = NULL, *dst = NULL;
    amc_status st = AMC_OK;
    if (!g)
        return AMC_EUSAGE;
    src = &g->seq[g->kept];
    dst = &g->seq[1 - g->kept];
    st = seq_room(dst, src->n + 1);
    if (st != AMC_OK)
        return st;
    if (!candidate(g, src, k, dst))
        return AMC_EUSAGE;
    g->cur = 1 - g->kept;
    return run_all(g, dst);
}

void amc_lifecycle_gen_keep(amc_lifecycle_gen *g)
{
    if (g)
        g->kept = g->cur;
}

void amc_lifecycle_gen_revert(amc_lifecycle_gen *g)
{
    if (g)
        g->cur = g->kept;
}
