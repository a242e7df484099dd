/*
 * prop_socket.c - property tests of the socket lifecycle model (typed core, lc_socket.h).
 *
 * Alphabet: the six socket events over 2 tasks, 8 sub-task ids and 3 workers; a[0] task,
 * a[1] phase (0..2) or sub-task, a[2] worker, a[3] flag (sub-result success / result success /
 * status busy; biased toward the right value). Invariants after every step:
 *   - a rejected step changes nothing;
 *   - nothing leaves a terminal state (an answered task stays answered);
 *   - phase order is never violated by an accepted step: an accepted phase is later than the
 *     task's current one and starts with no sub-task of the task outstanding;
 *   - a busy worker never accepts a second sub-task;
 *   - counters are consistent: a task's open count equals its outstanding sub-tasks, a worker is
 *     busy iff exactly one outstanding sub-task is on it;
 *   - an accepted result has no outstanding sub-task and the aggregate status; an accepted status
 *     reply equals the worker's state.
 *
 * Built twice: property.socket, and property.socket_selftest (cmake/tests-property-trio.cmake)
 * with AMC_LC_BUG_BUSY_DISPATCH (a model without the busy check), which passes only if the
 * harness catches and shrinks the bug.
 */
#include <stdlib.h>
#include <string.h>
#include "lifecycle/lc_socket.h"
#include "prop.h"

#define NT 2
#define NS 8
#define NW 3
static const char *const names[] = {"task", "phase", "dispatch", "sub_result", "status", "result"};

typedef struct snap {
    sk_task t[NT];
    sk_sub s[NS];
    sk_worker w[NW];
} snap;

typedef struct st {
    sk_model m;
    int64_t clock;
} st;

static void *create(void)
{
    return calloc(1, sizeof(st)); /* a zeroed sk_model is the initial state */
}

static void destroy(void *p)
{
    st *s = p;
    sk_fini(&s->m);
    free(s);
}

static void take(const sk_model *m, snap *x)
{
    memset(x, 0, sizeof *x);
    if (m->tasks)
        memcpy(x->t, m->tasks, (m->nt < NT ? m->nt : NT) * sizeof *x->t);
    if (m->subs)
        memcpy(x->s, m->subs, (m->ns < NS ? m->ns : NS) * sizeof *x->s);
    if (m->workers)
        memcpy(x->w, m->workers, (m->nw < NW ? m->nw : NW) * sizeof *x->w);
}

static void gen(prop_rng *r, size_t index, prop_event *ev)
{
    static const int weights[] = {2, 3, 5, 5, 2, 2};
    int total = 0, k = 0, x = 0;
    (void)index;
    for (k = 0; k < SKE_N; k++)
        total += weights[k];
    x = (int)prop_below(r, (uint64_t)total);
    for (k = 0; x >= weights[k]; k++)
        x -= weights[k];
    ev->kind = k;
    ev->a[0] = (int64_t)prop_below(r, NT);
    ev->a[1] = (int64_t)prop_below(r, k == SKE_PHASE ? SK_NPHASES : NS);
    ev->a[2] = (int64_t)prop_below(r, NW);
    ev->a[3] = (int64_t)prop_below(r, 4); /* 0: the wrong flag, else the right one */
}

static unsigned long accepted[SKE_N];
static unsigned long taken[PROP_MAX_TRANSITIONS]; /* per declared transition */

static const char *check_counters(const snap *x)
{
    size_t i = 0, k = 0, n = 0;
    for (i = 0; i < NT; i++) {
        for (n = 0, k = 0; k < NS; k++)
            n += x->s[k].state == SKS_DISPATCHED && x->s[k].task == i;
        if (x->t[i].open != n)
            return "a task's open count differs from its outstanding sub-tasks";
        if (x->t[i].open && x->t[i].state != SKT_OPEN)
            return "an answered task has outstanding sub-tasks";
    }
    for (i = 0; i < NW; i++) {
        for (n = 0, k = 0; k < NS; k++)
            n += x->s[k].state == SKS_DISPATCHED && x->s[k].worker == i;
        if (n > 1)
            return "a worker holds two outstanding sub-tasks";
        if (x->w[i].busy != (n == 1))
            return "a worker's busy flag differs from its outstanding sub-tasks";
    }
    return NULL;
}

static const char *step(void *p, const prop_event *pe)
{
    st *s = p;
    sk_event ev;
    snap before, after;
    lc_out out;
    const char *msg = NULL;
    bool right = pe->a[3] != 0;
    memset(&ev, 0, sizeof ev);
    memset(&out, 0, sizeof out);
    take(&s->m, &before);
    ev.kind = (sk_kind)pe->kind;
    ev.t = s->clock;
    ev.task = (size_t)pe->a[0];
    ev.phase = (int)(pe->a[1] % SK_NPHASES);
    ev.sub = (size_t)pe->a[1];
    ev.worker = (size_t)pe->a[2];
    switch (ev.kind) {
    case SKE_SUB_RESULT:
        ev.ok = right;
        break;
    case SKE_STATUS:
        ev.ok = right ? before.w[ev.worker].busy : !before.w[ev.worker].busy;
        break;
    case SKE_RESULT:
        ev.ok = right ? !before.t[ev.task].any_error : before.t[ev.task].any_error;
        break;
    case SKE_TASK:
    case SKE_PHASE:
    case SKE_DISPATCH:
    case SKE_N:
        break;
    }
    if (lc_step(&amc_lc_socket, &s->m, &ev, &out) != AMC_OK)
        return "sk_step failed";
    take(&s->m, &after);
    if (out.rejected)
        return memcmp(&before, &after, sizeof before) ? "a rejected step changed the state" : NULL;
    accepted[ev.kind]++;
    for (size_t i = 0; i < NT; i++)
        if (before.t[i].state == SKT_ANSWERED &&
            memcmp(&before.t[i], &after.t[i], sizeof before.t[i]))
            return "an answered task changed";
    if (ev.kind == SKE_PHASE &&
        (after.t[ev.task].phase <= before.t[ev.task].phase || before.t[ev.task].open))
        return "a phase started out of order or over an unfinished phase";
    if (ev.kind == SKE_DISPATCH && before.w[ev.worker].busy)
        return "a busy worker accepted a second sub-task";
    if (ev.kind == SKE_DISPATCH && after.t[ev.task].phase < 0)
        return "a sub-task dispatched outside a phase";
    if (ev.kind == SKE_RESULT && (before.t[ev.task].open || ev.ok == before.t[ev.task].any_error))
        return "a task answered early or with the wrong aggregate";
    if (ev.kind == SKE_STATUS && ev.ok != before.w[ev.worker].busy)
        return "a status reply accepted that differs from the worker's state";
    msg = check_counters(&after);
    return msg ? msg : prop_lc_transition(&out, taken);
}

static const prop_model model = {"socket", SKE_N, names, gen, create, destroy, step, NULL, NULL};

int main(void)
{
    prop_opts o = PROP_OPTS_DEFAULT;
    prop_result *r = calloc(1, sizeof *r);
    bool failed = false;
    int k = 0;
    if (!r)
        return 2;
    o.runs = 5000;
    o.max_len = 120;
#ifdef AMC_LC_BUG_BUSY_DISPATCH
    o.quiet = true;
    failed = prop_run(&model, &o, r);
    printf("property.socket_selftest: broken model (no busy check): %s after %u runs (seed "
           "0x%llx); \"%s\"; %zu events shrunk to %zu\n",
           failed ? "caught" : "NOT caught", r->runs, (unsigned long long)r->seed,
           r->message ? r->message : "-", r->orig_len, r->len);
    if (failed)
        prop_print_seq(stdout, &model, r->seq, r->len);
    k = failed && r->len <= 8;
    free(r);
    return k ? 0 : 1;
#else
    failed = prop_run(&model, &o, r);
    for (k = 0; k < SKE_N && !failed; k++)
        if (!accepted[k]) {
            fprintf(stderr, "property.socket: no accepted %s event: the generator misses it\n",
                    names[k]);
            failed = true;
        }
    if (!failed && !prop_lc_all_taken(&amc_lc_socket, taken, "property.socket"))
        failed = true;
    printf("property.socket: %u runs, %lu events%s\n", r->runs, r->events,
           failed ? ": FAILED" : ", all invariants held");
    free(r);
    return failed ? 1 : 0;
#endif
}
