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
#include "profiles/profile_int.h"

#define AMC_RULE(...) AMC_RULE_ROW("socket", __VA_ARGS__)
static const amc_rule rule_rows[] = {
#include "lifecycle/rules_lc_socket.def"
};
#undef AMC_RULE
static const amc_rule_set rules = {"socket", rule_rows, sizeof rule_rows / sizeof rule_rows[0]};

static const char *const phase_names[SK_NPHASES] = {"implement", "docs", "review"};
static const char *const kind_names[SKE_N] = {"task",       "phase",  "dispatch",
                                              "sub_result", "status", "result"};

const char *sk_phase_name(int phase)
{
    return phase >= 0 && phase < SK_NPHASES ? phase_names[phase] : "none";
}

void sk_init(sk_model *m)
{
    memset(m, 0, sizeof *m);
}

void sk_fini(sk_model *m)
{
    amc_xfree(m->tasks);
    amc_xfree(m->subs);
    amc_xfree(m->workers);
    memset(m, 0, sizeof *m);
}

/* Grows *v (n used, cap allocated, elements of size sz) to hold idx; new elements zeroed. */
static amc_status reserve(void **v, size_t *n, size_t *cap, size_t sz, size_t idx)
{
    if (idx < *n)
        return AMC_OK;
    if (idx >= *cap) {
        size_t nc = *cap ? *cap : 16;
        void *nv = NULL;
        while (nc <= idx)
            nc *= 2;
        nv = amc_xrealloc(*v, nc * sz);
        if (!nv)
            return AMC_ENOMEM;
        *v = nv;
        *cap = nc;
    }
    memset((char *)*v + *n * sz, 0, (idx + 1 - *n) * sz);
    *n = idx + 1;
    return AMC_OK;
}

static amc_status reserve_all(sk_model *m, const sk_event *ev)
{
    amc_status st = AMC_OK;
    void *p = NULL;
    if (ev->kind == SKE_TASK || ev->kind == SKE_PHASE || ev->kind == SKE_DISPATCH ||
        ev->kind == SKE_RESULT) {
        p = m->tasks;
        st = reserve(&p, &m->nt, &m->ct, sizeof *m->tasks, ev->task);
        m->tasks = p;
        if (st != AMC_OK)
            return st;
    }
    if (ev->kind == SKE_DISPATCH || ev->kind == SKE_SUB_RESULT) {
        p = m->subs;
        st = reserve(&p, &m->ns, &m->cs, sizeof *m->subs, ev->sub);
        m->subs = p;
        if (st != AMC_OK)
            return st;
    }
    if (ev->kind == SKE_DISPATCH || ev->kind == SKE_STATUS) {
        p = m->workers;
        st = reserve(&p, &m->nw, &m->cw, sizeof *m->workers, ev->worker);
        m->workers = p;
    }
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

amc_status sk_step(sk_model *m, const sk_event *ev, lc_out *out)
{
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
    m->now = ev->t;
    return AMC_OK;
}

void sk_finish(const sk_model *m, lc_out *out)
{
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

/* ---- JSON edge ---- */

typedef struct sk_json {
    sk_model m;
    lc_names tasks, subs, workers;
} sk_json;

static amc_status j_create(const amc_lc_config *cfg, void **out)
{
    sk_json *j = amc_xcalloc(1, sizeof *j);
    (void)cfg;
    if (!j)
        return AMC_ENOMEM;
    sk_init(&j->m);
    *out = j;
    return AMC_OK;
}

static void j_destroy(void *p)
{
    sk_json *j = p;
    if (!j)
        return;
    sk_fini(&j->m);
    lc_names_free(&j->tasks);
    lc_names_free(&j->subs);
    lc_names_free(&j->workers);
    amc_xfree(j);
}

static amc_status intern(lc_names *t, const amc_doc *doc, const amc_value *v, amc_diags *ds,
                         size_t *idx)
{
    amc_status st = lc_intern(t, v->u.str.ptr, v->u.str.len, idx);
    if (st == AMC_ELIMIT)
        amc_diags_addf(ds, AMC_C_LIMIT_NODES, lc_pos(doc, v), "more than %d names",
                       LC_MAX_ENTITIES);
    return st;
}

/* v must be one of the n strings of names (else LC_EVENT_INVALID); *k its index. */
static bool pick(const amc_doc *doc, const amc_value *v, const char *member,
                 const char *const *names, int n, amc_diags *ds, int *k)
{
    int i = 0;
    for (i = 0; i < n; i++)
        if (!strcmp(v->u.str.ptr, names[i])) {
            *k = i;
            return true;
        }
    amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, v), "unknown %s '%.60s'", member,
                   v->u.str.ptr);
    return false;
}

static amc_status j_apply(void *p, const amc_doc *doc, const amc_value *e, amc_diags *ds)
{
    static const char *const states[] = {"idle", "busy"};
    static const char *const results[] = {"partial_error", "success"};
    sk_json *j = p;
    const amc_value *name = amc_value_getz(e, "event"), *task = NULL, *sub = NULL, *worker = NULL,
                    *v = NULL;
    sk_event ev;
    lc_out out;
    size_t k = 0;
    int x = 0;
    bool ok = true;
    amc_status st = AMC_OK;
    memset(&ev, 0, sizeof ev);
    memset(&out, 0, sizeof out);
    for (k = 0; k < SKE_N; k++)
        if (!strcmp(name->u.str.ptr, kind_names[k]))
            break;
    if (k == SKE_N) {
        amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, name),
                       "unknown socket event '%s' (task, phase, dispatch, sub_result, status, "
                       "result)",
                       name->u.str.ptr);
        return AMC_EINVALID;
    }
    ev.kind = (sk_kind)k;
    ok = lc_event_time(doc, e, j->m.now, ds, &ev.t);
    if (ev.kind != SKE_SUB_RESULT && ev.kind != SKE_STATUS)
        ok = lc_get_str(doc, e, "task", true, ds, &task) && ok;
    if (ev.kind == SKE_DISPATCH || ev.kind == SKE_SUB_RESULT)
        ok = lc_get_str(doc, e, "sub", true, ds, &sub) && ok;
    if (ev.kind == SKE_DISPATCH || ev.kind == SKE_STATUS)
        ok = lc_get_str(doc, e, "worker", true, ds, &worker) && ok;
    if (ev.kind == SKE_PHASE && lc_get_str(doc, e, "phase", true, ds, &v))
        ok = pick(doc, v, "phase", phase_names, SK_NPHASES, ds, &ev.phase) && ok;
    else if (ev.kind == SKE_PHASE)
        ok = false;
    if (ev.kind == SKE_STATUS && lc_get_str(doc, e, "state", true, ds, &v)) {
        ok = pick(doc, v, "worker state", states, 2, ds, &x) && ok;
        ev.ok = x == 1;
    } else if (ev.kind == SKE_STATUS)
        ok = false;
    if (ev.kind == SKE_RESULT && lc_get_str(doc, e, "status", true, ds, &v)) {
        ok = pick(doc, v, "result status", results, 2, ds, &x) && ok;
        ev.ok = x == 1;
    } else if (ev.kind == SKE_RESULT)
        ok = false;
    if (ev.kind == SKE_SUB_RESULT && lc_get_str(doc, e, "status", true, ds, &v))
        ev.ok = !strcmp(v->u.str.ptr, "success");
    else if (ev.kind == SKE_SUB_RESULT)
        ok = false;
    if (!ok)
        return AMC_EINVALID;
    if (task) {
        st = intern(&j->tasks, doc, task, ds, &ev.task);
        if (st != AMC_OK)
            return st;
    }
    if (sub) {
        st = intern(&j->subs, doc, sub, ds, &ev.sub);
        if (st != AMC_OK)
            return st;
    }
    if (worker) {
        st = intern(&j->workers, doc, worker, ds, &ev.worker);
        if (st != AMC_OK)
            return st;
    }
    st = sk_step(&j->m, &ev, &out);
    if (st != AMC_OK)
        return st;
    return lc_out_emit(&out, &rules, ds, lc_pos(doc, e));
}

static amc_status j_finish(void *p, amc_diags *ds)
{
    sk_json *j = p;
    lc_out out;
    memset(&out, 0, sizeof out);
    sk_finish(&j->m, &out);
    return lc_out_emit(&out, &rules, ds, AMC_POS_NONE);
}

static amc_status j_state(const void *p, amc_buf *b)
{
    const sk_json *j = p;
    amc_status st = amc_buf_puts(b, "{\"tasks\":{");
    size_t i = 0;
    bool first = true;
    for (i = 0; st == AMC_OK && i < j->tasks.n && i < j->m.nt; i++) {
        const sk_task *t = &j->m.tasks[i];
        if (t->state == SKT_NONE)
            continue; /* named by a rejected event only */
        if (!first)
            st = amc_buf_putc(b, ',');
        first = false;
        if (st == AMC_OK)
            st = lc_put_str(b, j->tasks.v[i]);
        if (st == AMC_OK)
            st = amc_buf_printf(b,
                                ":{\"state\":\"%s\",\"phase\":\"%s\",\"open\":%zu,"
                                "\"failed\":%s}",
                                t->state == SKT_OPEN ? "open" : "answered", sk_phase_name(t->phase),
                                t->open, t->any_error ? "true" : "false");
    }
    if (st == AMC_OK)
        st = amc_buf_puts(b, "},\"workers\":{");
    first = true;
    for (i = 0; st == AMC_OK && i < j->workers.n && i < j->m.nw; i++) {
        const sk_worker *w = &j->m.workers[i];
        if (!w->used)
            continue; /* only status replies so far */
        if (!first)
            st = amc_buf_putc(b, ',');
        first = false;
        if (st == AMC_OK)
            st = lc_put_str(b, j->workers.v[i]);
        if (st == AMC_OK)
            st = amc_buf_puts(b, w->busy ? ":\"busy\"" : ":\"idle\"");
    }
    if (st == AMC_OK)
        st = amc_buf_printf(b, "},\"t\":%lld}", (long long)j->m.now);
    return st;
}

const amc_lc_ops amc_lc_socket = {"socket", &rules,   j_create, j_destroy,
                                  j_apply,  j_finish, j_state};
