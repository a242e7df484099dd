/*
 * lc_socket.c - the socket lifecycle model (docs/lifecycle/socket.md): typed core and JSON edge.
 *
 * Decisions:
 *   - Phases are implement, docs, review (seed §通信フロー), in that order, each at most once per
 *     task; one may be skipped (agent/manager.py runs the LLM's plan, its fallback plan is
 *     implement alone). A phase starts only when every sub-task of the previous one has its
 *     result (SOCKET-LC-002).
 *   - A worker is busy from the dispatch of a sub-task to its result; a status reply must say
 *     exactly that (SOCKET-LC-005, a rejected step like every other violation). Workers never
 *     dispatched to are idle and not listed in the state.
 *   - The manager's result: once, with no sub-task of the task outstanding; status success iff
 *     every sub-result was success (all() of none is success), else partial_error.
 *   - Sub-result status: "success" counts as success, any other string (the worker's "error")
 *     as a failure.
 *   - Tasks may overlap (different task ids); the busy rule is per worker across tasks.
 *   - A rejected step leaves the model unchanged, time included.
 */
#include <stdio.h>
#include <string.h>
#include "core/arena_int.h"
#include "lifecycle/lc_socket.h"

#define AMC_RULE(...) AMC_RULE_ROW("socket", __VA_ARGS__)
static const amc_rule rules[] = {
#include "lifecycle/rules_lc_socket.def"
};
#undef AMC_RULE

static const char *const phase_names[SK_NPHASES] = {"implement", "docs", "review"};
static const char *const kind_names[SKE_N] = {"task",       "phase",  "dispatch",
                                              "sub_result", "status", "result"};

const char *sk_phase_name(int phase)
{
    return phase >= 0 && phase < SK_NPHASES ? phase_names[phase] : "none";
}

void sk_fini(void *core)
{
    sk_model *m = core;
    amc_xfree(m->tasks);
    amc_xfree(m->subs);
    amc_xfree(m->workers);
    memset(m, 0, sizeof *m);
}

static amc_status reserve_all(sk_model *m, const sk_event *ev)
{
    amc_status st = AMC_OK;
    if (ev->kind == SKE_TASK || ev->kind == SKE_PHASE || ev->kind == SKE_DISPATCH ||
        ev->kind == SKE_RESULT)
        LC_RESERVE(st, m->tasks, m->nt, m->ct, ev->task);
    if (st == AMC_OK && (ev->kind == SKE_DISPATCH || ev->kind == SKE_SUB_RESULT))
        LC_RESERVE(st, m->subs, m->ns, m->cs, ev->sub);
    if (st == AMC_OK && (ev->kind == SKE_DISPATCH || ev->kind == SKE_STATUS))
        LC_RESERVE(st, m->workers, m->nw, m->cw, ev->worker);
    return st;
}

/* Checks a step on a task that must exist and be open. */
static bool task_open(const sk_task *t, sk_kind kind, lc_out *out)
{
    if (t->state == SKT_NONE) {
        lc_out_add(out, true, "SOCKET-LC-003", "%s of a task never received", kind_names[kind]);
        return false;
    }
    if (t->state == SKT_ANSWERED) {
        lc_out_add(out, true, "SOCKET-LC-007", "%s of a task already answered", kind_names[kind]);
        return false;
    }
    return true;
}

amc_status sk_step(void *core, const void *event, lc_out *out)
{
    sk_model *m = core;
    const sk_event *ev = event;
    sk_task *t = NULL;
    sk_sub *s = NULL;
    sk_worker *w = NULL;
    amc_status st = reserve_all(m, ev);
    if (st != AMC_OK)
        return st;
    switch (ev->kind) {
    case SKE_TASK:
        t = &m->tasks[ev->task];
        if (t->state != SKT_NONE) {
            lc_out_add(out, true, "SOCKET-LC-007", "task id received again (it is %s)",
                       t->state == SKT_OPEN ? "open" : "answered");
            return AMC_OK;
        }
        t->state = SKT_OPEN;
        t->phase = -1;
        break;
    case SKE_PHASE:
        t = &m->tasks[ev->task];
        if (!task_open(t, ev->kind, out))
            return AMC_OK;
        if (ev->phase < 0 || ev->phase >= SK_NPHASES)
            return AMC_EUSAGE;
        if (ev->phase <= t->phase) {
            lc_out_add(out, true, "SOCKET-LC-001", "phase %s started after phase %s",
                       sk_phase_name(ev->phase), sk_phase_name(t->phase));
            return AMC_OK;
        }
        if (t->open) {
            lc_out_add(out, true, "SOCKET-LC-002",
                       "phase %s started while %zu sub-task(s) of phase %s are unfinished",
                       sk_phase_name(ev->phase), t->open, sk_phase_name(t->phase));
            return AMC_OK;
        }
        t->phase = ev->phase;
        t->nphases++;
        break;
    case SKE_DISPATCH:
        t = &m->tasks[ev->task];
        s = &m->subs[ev->sub];
        w = &m->workers[ev->worker];
        if (!task_open(t, ev->kind, out))
            return AMC_OK;
        if (t->phase < 0) {
            lc_out_add(out, true, "SOCKET-LC-003", "sub-task dispatched before any phase started");
            return AMC_OK;
        }
        if (s->state != SKS_NONE) {
            lc_out_add(out, true, "SOCKET-LC-003", "sub-task id dispatched again");
            return AMC_OK;
        }
#ifndef AMC_LC_BUG_BUSY_DISPATCH /* property.socket_selftest: a model without the check */
        if (w->busy) {
#else
        if (false) {
#endif
            lc_out_add(out, true, "SOCKET-LC-004",
                       "sub-task dispatched to a worker that is busy with another sub-task");
            return AMC_OK;
        }
        s->state = SKS_DISPATCHED;
        s->task = ev->task;
        s->worker = ev->worker;
        s->phase = t->phase;
        w->busy = true;
        w->used = true;
        w->sub = ev->sub;
        t->open++;
        break;
    case SKE_SUB_RESULT:
        s = &m->subs[ev->sub];
        if (s->state != SKS_DISPATCHED) {
            lc_out_add(out, true, "SOCKET-LC-003", "result of a sub-task that is %s",
                       s->state == SKS_NONE ? "not dispatched" : "already finished");
            return AMC_OK;
        }
        t = &m->tasks[s->task];
        s->state = SKS_DONE;
        m->workers[s->worker].busy = false;
        t->open--;
        if (!ev->ok)
            t->any_error = true;
        break;
    case SKE_STATUS:
        w = &m->workers[ev->worker];
        if (w->busy != ev->ok) {
            lc_out_add(out, true, "SOCKET-LC-005", "status reply '%s' from a worker that is %s",
                       ev->ok ? "busy" : "idle", w->busy ? "busy" : "idle");
            return AMC_OK;
        }
        break;
    case SKE_RESULT:
        t = &m->tasks[ev->task];
        if (!task_open(t, ev->kind, out))
            return AMC_OK;
        if (t->open) {
            lc_out_add(out, true, "SOCKET-LC-006",
                       "task answered while %zu sub-task(s) of phase %s are unfinished", t->open,
                       sk_phase_name(t->phase));
            return AMC_OK;
        }
        if (ev->ok == t->any_error) {
            lc_out_add(out, true, "SOCKET-LC-006", "task answered %s but %s",
                       ev->ok ? "success" : "partial_error",
                       t->any_error ? "a sub-task failed" : "every sub-task succeeded");
            return AMC_OK;
        }
        t->state = SKT_ANSWERED;
        break;
    case SKE_N:
        return AMC_EUSAGE;
    }
    return AMC_OK;
}

void sk_finish(const void *core, lc_out *out)
{
    const sk_model *m = core;
    size_t i = 0, open = 0, subs = 0;
    for (i = 0; i < m->nt; i++)
        open += m->tasks[i].state == SKT_OPEN;
    for (i = 0; i < m->ns; i++)
        subs += m->subs[i].state == SKS_DISPATCHED;
    if (open || subs)
        lc_out_add(out, false, "SOCKET-LC-008",
                   "%zu task(s) not answered and %zu sub-task(s) without result at the end", open,
                   subs);
}

/* ---- the declaration (model.h) ---- */

enum { E_TASK, E_SUB, E_WORKER };
static const char *const task_states[] = {"none", "open", "answered"};  /* sk_tstate */
static const char *const sub_states[] = {"none", "dispatched", "done"}; /* sk_sstate */
static const char *const worker_states[] = {"none", "idle", "busy"};
static const char *const busy_names[] = {"idle", "busy"};
static const char *const result_names[] = {"partial_error", "success"};

/* Workers never dispatched to are "none" (not listed), then idle or busy. */
static int worker_state(const void *core, size_t i)
{
    const sk_model *m = core;
    return i >= m->nw || !m->workers[i].used ? 0 : m->workers[i].busy ? 2 : 1;
}

static amc_status put_task(amc_buf *b, const void *elem, const lc_names *names)
{
    const sk_task *t = elem;
    (void)names;
    return amc_buf_printf(b, "{\"state\":\"%s\",\"phase\":\"%s\",\"open\":%zu,\"failed\":%s}",
                          task_states[t->state], sk_phase_name(t->phase), t->open,
                          t->any_error ? "true" : "false");
}

static amc_status put_worker(amc_buf *b, const void *elem, const lc_names *names)
{
    (void)names;
    return amc_buf_puts(b, ((const sk_worker *)elem)->busy ? "\"busy\"" : "\"idle\"");
}

static const lc_entity entities[] = {{.name = "task",
                                      .member = "task",
                                      .noun = "names",
                                      LC_STATES(task_states),
                                      LC_ARRAY(sk_model, tasks, nt, sk_task),
                                      LC_STATE_FIELD(sk_task, state),
                                      .map = "tasks",
                                      .put = put_task},
                                     {.name = "sub",
                                      .member = "sub",
                                      .noun = "names",
                                      LC_STATES(sub_states),
                                      LC_ARRAY(sk_model, subs, ns, sk_sub),
                                      LC_STATE_FIELD(sk_sub, state)},
                                     {.name = "worker",
                                      .member = "worker",
                                      .noun = "names",
                                      LC_STATES(worker_states),
                                      LC_ARRAY(sk_model, workers, nw, sk_worker),
                                      .state_of = worker_state,
                                      .map = "workers",
                                      .put = put_worker}};

#define TASK_EVENTS (LC_EVS(SKE_N) & ~(LC_EV(SKE_SUB_RESULT) | LC_EV(SKE_STATUS)))
static const lc_member members[] = {
    {LC_NAMED("task", TASK_EVENTS, sk_event, task, E_TASK)},
    {LC_NAMED("sub", LC_EV(SKE_DISPATCH) | LC_EV(SKE_SUB_RESULT), sk_event, sub, E_SUB)},
    {LC_NAMED("worker", LC_EV(SKE_DISPATCH) | LC_EV(SKE_STATUS), sk_event, worker, E_WORKER)},
    {LC_VALUE("phase", LC_ENUM, LC_EV(SKE_PHASE), true, sk_event, phase),
     LC_CHOICE(phase_names, 0, SK_NPHASES - 1), LC_BAD("unknown phase '", 60, "'")},
    {LC_VALUE("state", LC_ENUM, LC_EV(SKE_STATUS), true, sk_event, ok), LC_CHOICE(busy_names, 0, 1),
     LC_BAD("unknown worker state '", 60, "'")},
    {LC_VALUE("status", LC_ENUM, LC_EV(SKE_RESULT), true, sk_event, ok),
     LC_CHOICE(result_names, 0, 1), LC_BAD("unknown result status '", 60, "'")},
    /* a worker's sub-result: "success", or any other string (its "error") a failure */
    {LC_VALUE("status", LC_ENUM, LC_EV(SKE_SUB_RESULT), true, sk_event, ok),
     LC_CHOICE(result_names, 0, 1), .lenient = true}};

static const lc_transition transitions[] = {{SKE_TASK, E_TASK, SKT_NONE, SKT_OPEN},
                                            {SKE_PHASE, E_TASK, SKT_OPEN, SKT_OPEN},
                                            {SKE_DISPATCH, E_SUB, SKS_NONE, SKS_DISPATCHED},
                                            {SKE_SUB_RESULT, E_SUB, SKS_DISPATCHED, SKS_DONE},
                                            {SKE_STATUS, E_WORKER, LC_ANY, LC_SAME},
                                            {SKE_RESULT, E_TASK, SKT_OPEN, SKT_ANSWERED}};

LC_FITS(sk_event);

const lc_model amc_lc_socket = {LC_TABLES("socket"), LC_EVENT(sk_event, kind, t, kind_names, SKE_N),
                                LC_CORE(sk_model, sk_fini, sk_step, sk_finish)};
