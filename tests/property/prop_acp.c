/*
 * prop_acp.c - property tests of the ACP lifecycle model (typed core, lc_acp.h).
 *
 * Alphabet: the six acp events over 3 tasks; a[0] task, a[1] time step (index into steps[],
 * ms), a[2] retry number offset from the right one (mostly 0) or escalation level 2..4,
 * a[3] metrics perturbation (0: the right counters). Invariants after every step:
 *   - a rejected step changes nothing;
 *   - nothing leaves a terminal state (done, skipped, stopped), and nothing at all is accepted
 *     after the session stopped;
 *   - retries never exceed 3 and grow by exactly one per accepted retry;
 *   - every accepted retry n comes at least backoff_ms[n-1] (1000, 2000, 4000) after its failure;
 *   - Level 2 only after 3 retries, Levels 3-4 only after Level 2;
 *   - counters are consistent: completed = tasks done, failed = tasks skipped or stopped; an
 *     accepted snapshot has those counters, completed + failed <= total and its rate within
 *     0.005.
 */
#include <stdlib.h>
#include <string.h>
#include "lifecycle/lc_acp.h"
#include "prop.h"

#define NTASK 3
static const char *const names[] = {"assign", "fail", "retry", "complete", "escalate", "metrics"};
static const int64_t steps[] = {0, 1, 500, 999, 1000, 2000, 3999, 4000};

typedef struct st {
    ac_model m;
    int64_t clock;
} st;

typedef struct snap {
    ac_task t[NTASK];
    bool stopped;
    int64_t completed, failed;
} snap;

static void *create(void)
{
    return calloc(1, sizeof(st)); /* a zeroed ac_model is the initial state */
}

static void destroy(void *p)
{
    st *s = p;
    ac_fini(&s->m);
    free(s);
}

static void take(const ac_model *m, snap *x)
{
    memset(x, 0, sizeof *x);
    if (m->tasks)
        memcpy(x->t, m->tasks, (m->n < NTASK ? m->n : NTASK) * sizeof *x->t);
    x->stopped = m->stopped;
    x->completed = m->completed;
    x->failed = m->failed;
}

static void gen(prop_rng *r, size_t index, prop_event *ev)
{
    static const int weights[] = {2, 4, 5, 2, 2, 1};
    int total = 0, k = 0, x = 0;
    (void)index;
    for (k = 0; k < ACE_N; k++)
        total += weights[k];
    x = (int)prop_below(r, (uint64_t)total);
    for (k = 0; x >= weights[k]; k++)
        x -= weights[k];
    ev->kind = k;
    ev->a[0] = (int64_t)prop_below(r, NTASK);
    ev->a[1] = (int64_t)prop_below(r, sizeof steps / sizeof steps[0]);
    ev->a[2] = k == ACE_ESCALATE ? (int64_t)prop_below(r, 3)
                                 : (prop_below(r, 6) == 0 ? (int64_t)prop_below(r, 3) + 1 : 0);
    ev->a[3] = prop_below(r, 3) == 0 ? (int64_t)prop_below(r, 4) + 1 : 0;
}

static unsigned long accepted[ACE_N];
static unsigned long taken[PROP_MAX_TRANSITIONS]; /* per declared transition */

static const char *step(void *p, const prop_event *pe)
{
    st *s = p;
    ac_event ev;
    snap before, after;
    lc_out out;
    size_t i = 0;
    int64_t nc = 0, nf = 0;
    memset(&ev, 0, sizeof ev);
    memset(&out, 0, sizeof out);
    take(&s->m, &before);
    s->clock += steps[pe->a[1]];
    ev.kind = (ac_kind)pe->kind;
    ev.t = s->clock;
    ev.task = (size_t)pe->a[0];
    ev.attempt = before.t[ev.task].retries + 1 + (pe->kind == ACE_RETRY ? pe->a[2] : 0);
    ev.level = 2 + (int)(pe->a[2] % 3);
    ev.completed = before.completed + (pe->a[3] == 1);
    ev.failed = before.failed + (pe->a[3] == 2);
    ev.total = ev.completed + ev.failed + (pe->a[3] == 3 ? -1 : 2);
    ev.has_rate = ev.completed + ev.failed > 0;
    if (ev.has_rate)
        ev.success_rate = (double)ev.completed / (double)(ev.completed + ev.failed) +
                          (pe->a[3] == 4 ? 0.01 : 0.0);
    if (lc_step(&amc_lc_acp, &s->m, &ev, &out) != AMC_OK)
        return "ac_step failed";
    if (out.rejected) {
        s->clock -= steps[pe->a[1]];
        take(&s->m, &after);
        return memcmp(&before, &after, sizeof before) ? "a rejected step changed the state" : NULL;
    }
    take(&s->m, &after);
    accepted[ev.kind]++;
    if (before.stopped)
        return "an event accepted after the session stopped";
    for (i = 0; i < NTASK; i++) {
        const ac_task *b = &before.t[i], *a = &after.t[i];
        if ((b->state == AC_DONE || b->state == AC_SKIPPED || b->state == AC_STOPPED) &&
            memcmp(b, a, sizeof *b))
            return "a task left a terminal state";
        if (a->retries > AC_MAX_RETRIES)
            return "retries exceed 3";
        if (a->retries != b->retries && !(ev.kind == ACE_RETRY && a->retries == b->retries + 1))
            return "retries changed other than by one on a retry";
        nc += a->state == AC_DONE;
        nf += a->state == AC_SKIPPED || a->state == AC_STOPPED;
    }
    if (ev.kind == ACE_RETRY && ev.t - before.t[ev.task].fail_t < ac_backoff_ms(ev.attempt))
        return "a retry accepted before its backoff";
    if (ev.kind == ACE_ESCALATE && ev.level == 2 && before.t[ev.task].retries != AC_MAX_RETRIES)
        return "Level 2 before the retries were spent";
    if (ev.kind == ACE_ESCALATE && ev.level > 2 && before.t[ev.task].state != AC_ESCALATED)
        return "Level 3/4 without Level 2";
    if (after.completed != nc || after.failed != nf)
        return "counters differ from the tasks' outcomes";
    if (ev.kind == ACE_METRICS &&
        (ev.completed != nc || ev.failed != nf || ev.completed + ev.failed > ev.total ||
         (pe->a[3] == 4 && ev.has_rate)))
        return "an inconsistent snapshot was accepted";
    return prop_lc_transition(&out, taken);
}

static const prop_model model = {"acp", ACE_N, names, gen, create, destroy, step, NULL, NULL};

int main(void)
{
    prop_opts o = PROP_OPTS_DEFAULT;
    prop_result *r = calloc(1, sizeof *r);
    bool failed = false;
    int k = 0;
    if (!r)
        return 2;
    if (ac_backoff_ms(1) != 1000 || ac_backoff_ms(2) != 2000 || ac_backoff_ms(3) != 4000) {
        fprintf(stderr, "property.acp: backoff table wrong\n");
        free(r);
        return 1;
    }
    o.runs = 5000;
    o.max_len = 120;
    failed = prop_run(&model, &o, r);
    for (k = 0; k < ACE_N && !failed; k++)
        if (!accepted[k]) {
            fprintf(stderr, "property.acp: no accepted %s event: the generator misses it\n",
                    names[k]);
            failed = true;
        }
    if (!failed && !prop_lc_all_taken(&amc_lc_acp, taken, "property.acp"))
        failed = true;
    printf("property.acp: %u runs, %lu events%s\n", r->runs, r->events,
           failed ? ": FAILED" : ", all invariants held");
    free(r);
    return failed ? 1 : 0;
}
