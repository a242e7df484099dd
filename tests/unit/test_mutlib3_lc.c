/*
 * test_mutlib3_lc.c - the typed cores of the five lifecycle models (src/lifecycle/lc_*.c) and the
 * framework's lc_step (src/lifecycle/model.c) called directly, where the JSON edge never leads:
 *   - an event kind out of range (the *_N value, a negative kind) and a socket phase out of
 *     0..2 are refused with AMC_EUSAGE and leave the core as it was (kills the deletion of each
 *     `return AMC_EUSAGE;` of a step's switch: lc_acp.c, lc_discussion.c, lc_ignite.c,
 *     lc_mailbox.c mb_step, lc_socket.c (two), and model.c's kind range check);
 *   - lc_step's declared transition: the index, from and to of each step of a socket session,
 *     including events of entity 0 (the task) (kills model.c `e >= 0` -> `e > 0` in the
 *     transition loop: a task event would be reported undeclared);
 *   - lc_step with kind == n_events on a model whose step would take it (the ACP core once
 *     stopped answers any kind with a rejection): AMC_EUSAGE before the step runs (kills
 *     model.c `kind >= md->n_events` -> `>`);
 *   - an accepted step of an event with declared transitions, none of which matches (the step
 *     left the state as it was): undeclared, and the row past n_transitions (which would match)
 *     never read (kills model.c `i < md->n_transitions` -> `<=` and `e >= 0 && i < ...` -> `||`);
 *   - amc_lifecycle_model_at: the five models by index in order, NULL at the count and past it
 *     (kills lifecycle.c `i < N_MODELS` -> `<=`).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/lifecycle.h"
#include "lifecycle/lc_acp.h"
#include "lifecycle/lc_discussion.h"
#include "lifecycle/lc_ignite.h"
#include "lifecycle/lc_mailbox.h"
#include "lifecycle/lc_socket.h"

static void fresh(lc_out *o)
{
    memset(o, 0, sizeof *o);
    lc_out_init(o);
}

static void test_socket_usage(void **state)
{
    sk_model m, before;
    sk_event ev;
    lc_out o;
    (void)state;
    memset(&m, 0, sizeof m); /* a zeroed sk_model is the initial state */
    memset(&ev, 0, sizeof ev);
    fresh(&o);
    ev.kind = SKE_TASK;
    ev.task = 0;
    assert_int_equal(sk_step(&m, &ev, &o), AMC_OK);
    assert_false(o.rejected);
    assert_int_equal(m.tasks[0].state, SKT_OPEN);
    assert_int_equal(m.tasks[0].phase, -1);
    /* phases 3 and -1 do not exist */
    ev.kind = SKE_PHASE;
    ev.phase = SK_NPHASES;
    fresh(&o);
    assert_int_equal(sk_step(&m, &ev, &o), AMC_EUSAGE);
    ev.phase = -1;
    assert_int_equal(sk_step(&m, &ev, &o), AMC_EUSAGE);
    assert_int_equal(o.n, 0);
    assert_false(o.rejected);
    assert_int_equal(m.tasks[0].phase, -1);
    assert_int_equal(m.tasks[0].nphases, 0);
    /* the last phase is one */
    ev.phase = SK_NPHASES - 1;
    assert_int_equal(sk_step(&m, &ev, &o), AMC_OK);
    assert_false(o.rejected);
    assert_int_equal(m.tasks[0].phase, SK_NPHASES - 1);
    assert_int_equal(m.tasks[0].nphases, 1);
    /* no such kind */
    memcpy(&before, &m, sizeof m);
    ev.kind = SKE_N;
    assert_int_equal(sk_step(&m, &ev, &o), AMC_EUSAGE);
    assert_int_equal(o.n, 0);
    assert_int_equal(m.tasks[0].state, SKT_OPEN);
    assert_int_equal(m.nt, before.nt);
    sk_fini(&m);
}

static void test_acp_usage(void **state)
{
    ac_model m;
    ac_event ev;
    lc_out o;
    (void)state;
    memset(&m, 0, sizeof m);
    memset(&ev, 0, sizeof ev);
    fresh(&o);
    ev.kind = ACE_N;
    ev.task = 1;
    assert_int_equal(ac_step(&m, &ev, &o), AMC_EUSAGE);
    assert_int_equal(o.n, 0);
    assert_false(o.rejected);
    assert_int_equal(m.tasks[1].state, 0);
    ac_fini(&m);
}

static void test_discussion_usage(void **state)
{
    dc_model m;
    dc_event ev;
    lc_out o;
    (void)state;
    memset(&m, 0, sizeof m);
    memset(&ev, 0, sizeof ev);
    fresh(&o);
    ev.kind = DCE_OPEN;
    ev.disc = 0;
    ev.t = 1000;
    assert_int_equal(dc_step(&m, &ev, &o), AMC_OK);
    assert_false(o.rejected);
    assert_int_equal(m.v[0].status, DC_OPEN);
    ev.kind = DCE_N;
    ev.t = 2000;
    assert_int_equal(dc_step(&m, &ev, &o), AMC_EUSAGE);
    assert_int_equal(o.n, 0);
    assert_int_equal(m.v[0].status, DC_OPEN);
    assert_int_equal(m.v[0].opened, 1000);
    dc_fini(&m);
}

static void test_ignite_usage(void **state)
{
    ig_model m;
    ig_event ev;
    lc_out o;
    (void)state;
    memset(&m, 0, sizeof m);
    ig_init(&m, 3);
    memset(&ev, 0, sizeof ev);
    fresh(&o);
    ev.kind = IGE_N;
    ev.msg = 2;
    assert_int_equal(ig_step(&m, &ev, &o), AMC_EUSAGE);
    assert_int_equal(o.n, 0);
    assert_false(o.rejected);
    assert_int_equal(m.msgs[2].state, IG_NONE);
    ig_fini(&m);
}

static void test_mailbox_usage(void **state)
{
    mb_model m;
    mb_const c;
    mb_event ev;
    lc_out o;
    (void)state;
    mb_default_const(&c);
    mb_init(&m, &c);
    memset(&ev, 0, sizeof ev);
    fresh(&o);
    ev.kind = MBE_N;
    assert_int_equal(mb_step(&m, &ev, &o), AMC_EUSAGE);
    assert_int_equal(o.n, 0);
    assert_false(o.rejected);
    assert_int_equal(m.n_msgs, 0);
    mb_fini(&m);
}

/* lc_step over a socket session: each step's declared transition (index into the model's table),
 * its from and to states; kinds out of range refused. */
static void test_lc_step_transitions(void **state)
{
    sk_model m;
    sk_event ev;
    lc_out o;
    static const struct {
        sk_kind kind;
        size_t task, sub, worker;
        int phase;
        bool ok;
        int transition, from, to;
    } steps[] = {
        {SKE_TASK, 0, 0, 0, 0, false, 0, SKT_NONE, SKT_OPEN},
        {SKE_TASK, 1, 0, 0, 0, false, 0, SKT_NONE, SKT_OPEN},
        {SKE_PHASE, 1, 0, 0, 0, false, 1, SKT_OPEN, SKT_OPEN},
        {SKE_DISPATCH, 1, 0, 0, 0, false, 2, SKS_NONE, SKS_DISPATCHED},
        {SKE_STATUS, 0, 0, 0, 0, true, 4, 2, 2}, /* worker 0 busy (states: none, idle, busy) */
        {SKE_SUB_RESULT, 0, 0, 0, 0, true, 3, SKS_DISPATCHED, SKS_DONE},
        {SKE_STATUS, 0, 0, 0, 0, false, 4, 1, 1}, /* idle after its sub-result */
        {SKE_RESULT, 1, 0, 0, 0, true, 5, SKT_OPEN, SKT_ANSWERED},
    };
    size_t i = 0;
    (void)state;
    memset(&m, 0, sizeof m);
    for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        memset(&ev, 0, sizeof ev);
        ev.kind = steps[i].kind;
        ev.t = 1000 * (int64_t)(i + 1);
        ev.task = steps[i].task;
        ev.sub = steps[i].sub;
        ev.worker = steps[i].worker;
        ev.phase = steps[i].phase;
        ev.ok = steps[i].ok;
        fresh(&o);
        assert_int_equal(lc_step(&amc_lc_socket, &m, &ev, &o), AMC_OK);
        if (o.rejected || o.undeclared || o.transition != steps[i].transition ||
            o.from != steps[i].from || o.to != steps[i].to)
            fail_msg("step %zu: rejected %d (%s), undeclared %d, transition %d (want %d), "
                     "from %d (want %d), to %d (want %d)",
                     i, o.rejected, o.n ? o.msg[0] : "", o.undeclared, o.transition,
                     steps[i].transition, o.from, steps[i].from, o.to, steps[i].to);
    }
    /* a rejected step: no transition */
    memset(&ev, 0, sizeof ev);
    ev.kind = SKE_TASK;
    ev.task = 0;
    fresh(&o);
    assert_int_equal(lc_step(&amc_lc_socket, &m, &ev, &o), AMC_OK);
    assert_true(o.rejected);
    assert_int_equal(o.transition, -1);
    assert_false(o.undeclared);
    /* kinds out of range */
    ev.kind = SKE_N;
    fresh(&o);
    assert_int_equal(lc_step(&amc_lc_socket, &m, &ev, &o), AMC_EUSAGE);
    ev.kind = (sk_kind)-1;
    assert_int_equal(lc_step(&amc_lc_socket, &m, &ev, &o), AMC_EUSAGE);
    assert_int_equal(o.n, 0);
    sk_fini(&m);
}

/* lc_step with kind == n_events: refused before the model's step runs. The ACP core, stopped,
 * rejects every event it is given (and names its kind from its table, which has no entry
 * ACE_N), so only the range check stands between the caller and that. */
static void test_lc_step_kind_range(void **state)
{
    ac_model m;
    ac_event ev;
    lc_out o;
    (void)state;
    memset(&m, 0, sizeof m);
    m.stopped = true;
    memset(&ev, 0, sizeof ev);
    ev.kind = ACE_N - 1;
    fresh(&o);
    assert_int_equal(lc_step(&amc_lc_acp, &m, &ev, &o), AMC_OK);
    assert_true(o.rejected);
    assert_string_equal(o.rule[0], "ACP-LC-005");
    ev.kind = ACE_N;
    fresh(&o);
    assert_int_equal(lc_step(&amc_lc_acp, &m, &ev, &o), AMC_EUSAGE);
    assert_false(o.rejected);
    assert_int_equal(o.n, 0);
    ev.kind = (ac_kind)-1;
    assert_int_equal(lc_step(&amc_lc_acp, &m, &ev, &o), AMC_EUSAGE);
    assert_int_equal(o.n, 0);
    ac_fini(&m);
}

/* A model of one entity ("thing", always in state 0) and one event ("go") whose only declared
 * transition is 0 -> 1: the step leaves the thing in 0, so no declared row matches. The table
 * has a second row, past n_transitions, that would match (ANY -> SAME): it must never be read. */
typedef struct u_event {
    int kind;
    int64_t t;
} u_event;

static int u_state_of(const void *core, size_t idx)
{
    (void)core;
    (void)idx;
    return 0;
}

static amc_status u_step(void *core, const void *ev, lc_out *out)
{
    (void)ev;
    (void)out;
    (*(int *)core)++;
    return AMC_OK;
}

static const char *const u_events[] = {"go"};
static const char *const u_states[] = {"idle", "busy"};
static const lc_entity u_entities[] = {
    {.name = "thing",
     .member = NULL,
     .noun = "things",
     LC_STATES(u_states),
     .state_of = u_state_of},
};
static const lc_transition u_rows[] = {{0, 0, 0, 1}, {0, 0, LC_ANY, LC_SAME}};

static void test_lc_step_undeclared(void **state)
{
    lc_model md;
    int core = 0;
    u_event ev;
    lc_out o;
    (void)state;
    memset(&md, 0, sizeof md);
    md.profile = "test";
    md.entities = u_entities;
    md.n_entities = 1;
    md.events = u_events;
    md.n_events = 1;
    md.event_size = sizeof(u_event);
    md.kind_off = offsetof(u_event, kind);
    md.kind_size = sizeof(int);
    md.t_off = offsetof(u_event, t);
    md.transitions = u_rows;
    md.n_transitions = 1;
    md.core_size = sizeof core;
    md.step = u_step;
    memset(&ev, 0, sizeof ev);
    fresh(&o);
    assert_int_equal(lc_step(&md, &core, &ev, &o), AMC_OK);
    assert_int_equal(core, 1);
    assert_false(o.rejected);
    assert_true(o.undeclared);
    assert_int_equal(o.transition, -1);
    /* with both rows declared, the second is taken: 0 -> 0 */
    md.n_transitions = 2;
    fresh(&o);
    assert_int_equal(lc_step(&md, &core, &ev, &o), AMC_OK);
    assert_false(o.undeclared);
    assert_int_equal(o.transition, 1);
    assert_int_equal(o.from, 0);
    assert_int_equal(o.to, 0);
}

static void test_model_at(void **state)
{
    static const char *const names[] = {"ignite", "mailbox", "discussion", "socket", "acp"};
    size_t i = 0;
    (void)state;
    assert_int_equal(amc_lifecycle_model_count(), 5);
    for (i = 0; i < 5; i++)
        assert_string_equal(amc_lifecycle_model_at(i), names[i]);
    assert_null(amc_lifecycle_model_at(5));
    assert_null(amc_lifecycle_model_at(6));
    assert_null(amc_lifecycle_model_at((size_t)-1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_socket_usage),       cmocka_unit_test(test_acp_usage),
        cmocka_unit_test(test_discussion_usage),   cmocka_unit_test(test_ignite_usage),
        cmocka_unit_test(test_mailbox_usage),      cmocka_unit_test(test_lc_step_transitions),
        cmocka_unit_test(test_lc_step_kind_range), cmocka_unit_test(test_lc_step_undeclared),
        cmocka_unit_test(test_model_at),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
