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

#define AMC_RULE(...) AMC_RULE_ROW("acp", __VA_ARGS__)
static const amc_rule rules[] = {
#include "lifecycle/rules_lc_acp.def"
};
#undef AMC_RULE

static const char *const state_names[] = {"none", "running", "failed", "escalated",
                                          "done", "skipped", "stopped"}; /* ac_state */
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

void ac_fini(void *core)
{
    ac_model *m = core;
    amc_xfree(m->tasks);
    memset(m, 0, sizeof *m);
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

amc_status ac_step(void *core, const void *event, lc_out *out)
{
    ac_model *m = core;
    const ac_event *ev = event;
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
        return AMC_OK;
    }
    LC_RESERVE(st, m->tasks, m->n, m->cap, ev->task);
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
    return AMC_OK;
}

void ac_finish(const void *core, lc_out *out)
{
    const ac_model *m = core;
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

/* ---- the declaration (model.h) ---- */

enum { E_TASK, E_SESSION };
static const char *const session_states[] = {"active", "stopped"};

static amc_status put_task(amc_buf *b, const void *elem, const lc_names *names)
{
    const ac_task *k = elem;
    (void)names;
    return amc_buf_printf(b, "{\"state\":\"%s\",\"retries\":%lld}", ac_state_name(k->state),
                          (long long)k->retries);
}

static amc_status put_extra(amc_buf *b, const void *core)
{
    const ac_model *m = core;
    return amc_buf_printf(b, ",\"completed\":%lld,\"failed\":%lld,\"session\":\"%s\"",
                          (long long)m->completed, (long long)m->failed,
                          m->stopped ? "stopped" : "active");
}

static const lc_entity entities[] = {
    {.name = "task",
     .member = "task",
     .noun = "tasks",
     LC_STATES(state_names),
     LC_ARRAY(ac_model, tasks, n, ac_task),
     LC_STATE_FIELD(ac_task, state),
     .map = "tasks",
     .put = put_task},
    {.name = "session", LC_STATES(session_states), LC_STATE_FIELD(ac_model, stopped)}};

#define ALL_BUT_METRICS (LC_EVS(ACE_N) & ~LC_EV(ACE_METRICS))
static const lc_member members[] = {
    {LC_NAMED("task", ALL_BUT_METRICS, ac_event, task, E_TASK)},
    {LC_VALUE("attempt", LC_INT, LC_EV(ACE_RETRY), true, ac_event, attempt)},
    {LC_VALUE("level", LC_INT, LC_EV(ACE_ESCALATE), true, ac_event, level),
     LC_RANGE(2, 4, "escalation level ", " (2, 3 or 4; Level 1 is a retry)")},
    {LC_VALUE("total_tasks", LC_COUNT, LC_EV(ACE_METRICS), true, ac_event, total)},
    {LC_VALUE("completed", LC_COUNT, LC_EV(ACE_METRICS), true, ac_event, completed)},
    {LC_VALUE("failed", LC_COUNT, LC_EV(ACE_METRICS), true, ac_event, failed)},
    {LC_VALUE("success_rate", LC_NUMBER, LC_EV(ACE_METRICS), false, ac_event, success_rate),
     .has = LC_HAS(ac_event, has_rate)}};

static const lc_transition transitions[] = {{ACE_ASSIGN, E_TASK, AC_NONE, AC_RUNNING},
                                            {ACE_FAIL, E_TASK, AC_RUNNING, AC_FAILED},
                                            {ACE_RETRY, E_TASK, AC_FAILED, AC_RUNNING},
                                            {ACE_COMPLETE, E_TASK, AC_RUNNING, AC_DONE},
                                            {ACE_ESCALATE, E_TASK, AC_FAILED, AC_ESCALATED},
                                            {ACE_ESCALATE, E_TASK, AC_ESCALATED, AC_SKIPPED},
                                            {ACE_ESCALATE, E_TASK, AC_ESCALATED, AC_STOPPED},
                                            {ACE_METRICS, E_SESSION, 0, 0}};

/* Timing bounds for the generator: the backoff of each retry. */
static size_t gen_bounds(const void *core, int64_t *out, size_t max)
{
    size_t n = 0;
    (void)core;
    for (n = 0; n < max && n < AC_MAX_RETRIES; n++)
        out[n] = ac_backoff_ms((int64_t)n + 1);
    return n;
}

LC_FITS(ac_event);

const lc_model amc_lc_acp = {LC_TABLES("acp"), LC_EVENT(ac_event, kind, t, kind_names, ACE_N),
                             LC_CORE(ac_model, ac_fini, ac_step, ac_finish), .put_extra = put_extra,
                             .gen_bounds = gen_bounds};
