/*
 * lc_acp.c - the ACP lifecycle model (docs/lifecycle/acp.md): typed core and JSON edge.
 *
 * Decisions:
 *   - A task: assign -> running; running -> done (RESULT) or failed (ERROR); failed -> running
 *     (retry, Level 1) or escalated (Level 2); escalated -> skipped (Level 3) or stopped
 *     (Level 4, the whole session stops). done, skipped and stopped are terminal.
 *   - Retries: at most 3 (seed §6 Level 1 and RETRY.max_attempts 3), numbered 1..3 in order;
 *     retry n starts no earlier than backoff_ms[n-1] = 1000, 2000, 4000 ms after the failure.
 *   - Level 2 only when the 3 retries are spent and the task failed again; Levels 3 and 4 only
 *     from Level 2. The alternative agent of Level 2 is not modelled.
 *   - Counters: completed = tasks done, failed = tasks skipped or stopped. A metrics snapshot
 *     must equal them, have completed + failed <= total_tasks and success_rate =
 *     completed / (completed + failed) within 0.005 (ACP-SESSION-003's definition).
 *   - A rejected step leaves the model unchanged, time included.
 */
#include <stdio.h>
#include <string.h>
#include "core/arena_int.h"
#include "lifecycle/lc_acp.h"
#include "profiles/profile_int.h"

#define AMC_RULE(...) AMC_RULE_ROW("acp", __VA_ARGS__)
static const amc_rule rule_rows[] = {
#include "lifecycle/rules_lc_acp.def"
};
#undef AMC_RULE
static const amc_rule_set rules = {"acp", rule_rows, sizeof rule_rows / sizeof rule_rows[0]};

static const char *const state_names[] = {"none", "running", "failed", "escalated",
                                          "done", "skipped", "stopped"};
static const char *const kind_names[ACE_N] = {"assign",   "fail",     "retry",
                                              "complete", "escalate", "metrics"};

const char *ac_state_name(ac_state s)
{
    return state_names[s];
}

int64_t ac_backoff_ms(int64_t n)
{
    static const int64_t table[AC_MAX_RETRIES] = {1000, 2000, 4000};
    if (n < 1)
        n = 1;
    if (n > AC_MAX_RETRIES)
        n = AC_MAX_RETRIES;
    return table[n - 1];
}

void ac_init(ac_model *m)
{
    memset(m, 0, sizeof *m);
}

void ac_fini(ac_model *m)
{
    amc_xfree(m->tasks);
    memset(m, 0, sizeof *m);
}

static amc_status reserve(ac_model *m, size_t idx)
{
    if (idx < m->n)
        return AMC_OK;
    if (idx >= m->cap) {
        size_t nc = m->cap ? m->cap : 16;
        ac_task *nv = NULL;
        while (nc <= idx)
            nc *= 2;
        nv = amc_xrealloc(m->tasks, nc * sizeof *nv);
        if (!nv)
            return AMC_ENOMEM;
        m->tasks = nv;
        m->cap = nc;
    }
    memset(m->tasks + m->n, 0, (idx + 1 - m->n) * sizeof *m->tasks);
    m->n = idx + 1;
    return AMC_OK;
}

static bool terminal(ac_state s)
{
    return s == AC_DONE || s == AC_SKIPPED || s == AC_STOPPED;
}

static void metrics(const ac_model *m, const ac_event *ev, lc_out *out)
{
    int64_t fin = m->completed + m->failed;
    double want = fin > 0 ? (double)m->completed / (double)fin : 0.0;
    double diff = ev->success_rate > want ? ev->success_rate - want : want - ev->success_rate;
    if (ev->completed != m->completed || ev->failed != m->failed)
        lc_out_add(out, true, "ACP-LC-006",
                   "completed %lld, failed %lld; the trace has %lld completed, %lld failed",
                   (long long)ev->completed, (long long)ev->failed, (long long)m->completed,
                   (long long)m->failed);
    if (ev->completed + ev->failed > ev->total)
        lc_out_add(out, true, "ACP-LC-006", "completed + failed = %lld exceeds total_tasks %lld",
                   (long long)(ev->completed + ev->failed), (long long)ev->total);
    if (ev->has_rate && fin > 0 && !(diff <= 0.005))
        lc_out_add(out, true, "ACP-LC-006", "success_rate %.4f; completed / finished is %.4f",
                   ev->success_rate, want);
}

amc_status ac_step(ac_model *m, const ac_event *ev, lc_out *out)
{
    ac_task *k = NULL, nx;
    bool stop = false;
    int64_t dc = 0, df = 0;
    amc_status st = AMC_OK;
    if (m->stopped) {
        lc_out_add(out, true, "ACP-LC-005", "%s after the session stopped (Level 4)",
                   kind_names[ev->kind]);
        return AMC_OK;
    }
    if (ev->kind == ACE_METRICS) {
        metrics(m, ev, out);
        if (!out->rejected)
            m->now = ev->t;
        return AMC_OK;
    }
    st = reserve(m, ev->task);
    if (st != AMC_OK)
        return st;
    k = &m->tasks[ev->task];
    nx = *k;
    if (terminal(k->state)) {
        lc_out_add(out, true, "ACP-LC-005", "%s of a task that is %s", kind_names[ev->kind],
                   ac_state_name(k->state));
        return AMC_OK;
    }
    switch (ev->kind) {
    case ACE_ASSIGN:
        if (k->state != AC_NONE) {
            lc_out_add(out, true, "ACP-LC-001", "task assigned again (it is %s)",
                       ac_state_name(k->state));
            return AMC_OK;
        }
        nx.state = AC_RUNNING;
        break;
    case ACE_FAIL:
    case ACE_COMPLETE:
        if (k->state != AC_RUNNING) {
            lc_out_add(out, true, "ACP-LC-001", "%s of a task that is %s (expected running)",
                       kind_names[ev->kind], ac_state_name(k->state));
            return AMC_OK;
        }
        if (ev->kind == ACE_FAIL) {
            nx.state = AC_FAILED;
            nx.fail_t = ev->t;
        } else {
            nx.state = AC_DONE;
            dc = 1;
        }
        break;
    case ACE_RETRY:
        if (k->state != AC_FAILED) {
            lc_out_add(out, true, "ACP-LC-001", "retry of a task that is %s (expected failed)",
                       ac_state_name(k->state));
            return AMC_OK;
        }
        if (k->retries >= AC_MAX_RETRIES) {
            lc_out_add(out, true, "ACP-LC-002",
                       "retry %lld after %d retries: the limit is spent, escalate (Level 2)",
                       (long long)ev->attempt, AC_MAX_RETRIES);
            return AMC_OK;
        }
        if (ev->attempt != k->retries + 1) {
            lc_out_add(out, true, "ACP-LC-002", "retry %lld after %lld retries (expected %lld)",
                       (long long)ev->attempt, (long long)k->retries, (long long)k->retries + 1);
            return AMC_OK;
        }
        if (ev->t - k->fail_t < ac_backoff_ms(ev->attempt)) {
            lc_out_add(out, true, "ACP-LC-003",
                       "retry %lld %lld ms after the failure; its backoff is %lld ms",
                       (long long)ev->attempt, (long long)(ev->t - k->fail_t),
                       (long long)ac_backoff_ms(ev->attempt));
            return AMC_OK;
        }
        nx.state = AC_RUNNING;
        nx.retries = ev->attempt;
        break;
    case ACE_ESCALATE:
        if (ev->level == 2) {
            if (k->state != AC_FAILED || k->retries < AC_MAX_RETRIES) {
                lc_out_add(out, true, "ACP-LC-004",
                           "Level 2 for a task that is %s after %lld retries (Level 1 first: %d "
                           "retries, then a failure)",
                           ac_state_name(k->state), (long long)k->retries, AC_MAX_RETRIES);
                return AMC_OK;
            }
            nx.state = AC_ESCALATED;
        } else {
            if (k->state != AC_ESCALATED) {
                lc_out_add(out, true, "ACP-LC-004",
                           "Level %d for a task that is %s (Level 2 first)", ev->level,
                           ac_state_name(k->state));
                return AMC_OK;
            }
            nx.state = ev->level == 3 ? AC_SKIPPED : AC_STOPPED;
            stop = ev->level == 4;
            df = 1;
        }
        break;
    case ACE_METRICS:
    case ACE_N:
        return AMC_EUSAGE;
    }
    *k = nx;
    m->completed += dc;
    m->failed += df;
    m->stopped = stop;
    m->now = ev->t;
    return AMC_OK;
}

void ac_finish(const ac_model *m, lc_out *out)
{
    size_t i = 0, running = 0, failed = 0;
    for (i = 0; i < m->n; i++) {
        running += m->tasks[i].state == AC_RUNNING;
        failed += m->tasks[i].state == AC_FAILED || m->tasks[i].state == AC_ESCALATED;
    }
    if (running || failed)
        lc_out_add(out, false, "ACP-LC-007",
                   "%zu task(s) running and %zu failed without a recovery decision at the end",
                   running, failed);
}

/* ---- JSON edge ---- */

typedef struct ac_json {
    ac_model m;
    lc_names names;
} ac_json;

static amc_status j_create(const amc_lc_config *cfg, void **out)
{
    ac_json *j = amc_xcalloc(1, sizeof *j);
    (void)cfg;
    if (!j)
        return AMC_ENOMEM;
    ac_init(&j->m);
    *out = j;
    return AMC_OK;
}

static void j_destroy(void *p)
{
    ac_json *j = p;
    if (!j)
        return;
    ac_fini(&j->m);
    lc_names_free(&j->names);
    amc_xfree(j);
}

/* A non-negative integer member. */
static bool get_count(const amc_doc *doc, const amc_value *e, const char *key, amc_diags *ds,
                      int64_t *out)
{
    const amc_value *v = amc_value_getz(e, key);
    if (!lc_get_int(doc, e, key, true, ds, out, NULL))
        return false;
    if (*out < 0) {
        amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, v), "\"%s\" must be >= 0", key);
        return false;
    }
    return true;
}

static amc_status j_apply(void *p, const amc_doc *doc, const amc_value *e, amc_diags *ds)
{
    ac_json *j = p;
    const amc_value *name = amc_value_getz(e, "event"), *task = NULL, *rate = NULL;
    ac_event ev;
    lc_out out;
    size_t k = 0;
    int64_t level = 0;
    bool ok = true;
    amc_status st = AMC_OK;
    memset(&ev, 0, sizeof ev);
    memset(&out, 0, sizeof out);
    for (k = 0; k < ACE_N; k++)
        if (!strcmp(name->u.str.ptr, kind_names[k]))
            break;
    if (k == ACE_N) {
        amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, name),
                       "unknown acp event '%s' (assign, fail, retry, complete, escalate, metrics)",
                       name->u.str.ptr);
        return AMC_EINVALID;
    }
    ev.kind = (ac_kind)k;
    ok = lc_event_time(doc, e, j->m.now, ds, &ev.t);
    if (ev.kind != ACE_METRICS)
        ok = lc_get_str(doc, e, "task", true, ds, &task) && ok;
    if (ev.kind == ACE_RETRY)
        ok = lc_get_int(doc, e, "attempt", true, ds, &ev.attempt, NULL) && ok;
    if (ev.kind == ACE_ESCALATE) {
        if (lc_get_int(doc, e, "level", true, ds, &level, NULL) && (level < 2 || level > 4)) {
            amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, amc_value_getz(e, "level")),
                           "escalation level %lld (2, 3 or 4; Level 1 is a retry)",
                           (long long)level);
            ok = false;
        } else if (level < 2 || level > 4) {
            ok = false;
        }
        ev.level = (int)level;
    }
    if (ev.kind == ACE_METRICS) {
        ok = get_count(doc, e, "total_tasks", ds, &ev.total) && ok;
        ok = get_count(doc, e, "completed", ds, &ev.completed) && ok;
        ok = get_count(doc, e, "failed", ds, &ev.failed) && ok;
        rate = amc_value_getz(e, "success_rate");
        if (rate && rate->type == AMC_T_NUMBER) {
            ev.has_rate = true;
            ev.success_rate = rate->u.num.d;
        } else if (rate) {
            amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, rate),
                           "\"success_rate\" must be a number");
            ok = false;
        }
    }
    if (!ok)
        return AMC_EINVALID;
    if (task) {
        st = lc_intern(&j->names, task->u.str.ptr, task->u.str.len, &ev.task);
        if (st == AMC_ELIMIT)
            amc_diags_addf(ds, AMC_C_LIMIT_NODES, lc_pos(doc, task), "more than %d tasks",
                           LC_MAX_ENTITIES);
        if (st != AMC_OK)
            return st;
    }
    st = ac_step(&j->m, &ev, &out);
    if (st != AMC_OK)
        return st;
    return lc_out_emit(&out, &rules, ds, lc_pos(doc, e));
}

static amc_status j_finish(void *p, amc_diags *ds)
{
    ac_json *j = p;
    lc_out out;
    memset(&out, 0, sizeof out);
    ac_finish(&j->m, &out);
    return lc_out_emit(&out, &rules, ds, AMC_POS_NONE);
}

static amc_status j_state(const void *p, amc_buf *b)
{
    const ac_json *j = p;
    amc_status st = amc_buf_puts(b, "{\"tasks\":{");
    size_t i = 0;
    bool first = true;
    for (i = 0; st == AMC_OK && i < j->names.n && i < j->m.n; i++) {
        const ac_task *k = &j->m.tasks[i];
        if (k->state == AC_NONE)
            continue; /* named by a rejected event only */
        if (!first)
            st = amc_buf_putc(b, ',');
        first = false;
        if (st == AMC_OK)
            st = lc_put_str(b, j->names.v[i]);
        if (st == AMC_OK)
            st = amc_buf_printf(b, ":{\"state\":\"%s\",\"retries\":%lld}", ac_state_name(k->state),
                                (long long)k->retries);
    }
    if (st == AMC_OK)
        st =
            amc_buf_printf(b, "},\"completed\":%lld,\"failed\":%lld,\"session\":\"%s\",\"t\":%lld}",
                           (long long)j->m.completed, (long long)j->m.failed,
                           j->m.stopped ? "stopped" : "active", (long long)j->m.now);
    return st;
}

const amc_lc_ops amc_lc_acp = {"acp", &rules, j_create, j_destroy, j_apply, j_finish, j_state};
