/*
 * test_lead_model.c - the lifecycle model runner's own consistency check (src/lifecycle/model.c,
 * lc_step and lc_inst_apply): a step the model accepts must take a declared transition, else
 * the model is at fault and lc_inst_apply says so (AMC_EINTERNAL, code INTERNAL, "the <profile>
 * model accepted a '<event>' event but declares no transition for it").
 *
 * The shipped models declare every transition they take, so the check is reached here with a
 * copy of each model whose transition table is cut to nothing: the first
 * event its real model accepts from the start is then an accepted step without a transition.
 * The real model accepts the same event with AMC_OK and no finding, and names the transition.
 * Issue 22: model.c:585 `st == AMC_OK && out.undeclared` made `st != AMC_OK`, a survivor (the
 * check never fired).
 *
 * The mailbox model's bound on a verdict's reviewer (lc_mailbox.c, MBE_VERDICT): the JSON edge
 * refuses a 17th reviewer name before the model sees it (the entity's max), so the model's own
 * check is reached here by lc_step with a made event: reviewer index 15 is a recorded
 * verdict, 16 (MB_MAX_REVIEWERS) is AMC_ELIMIT with the task unchanged. Issue 22:
 * lc_mailbox.c:313 `return AMC_ELIMIT;` deleted, a survivor (the mutant wrote past the task's
 * table of 16 reviews).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "lifecycle/lc_acp.h"
#include "lifecycle/lc_discussion.h"
#include "lifecycle/lc_ignite.h"
#include "lifecycle/lc_mailbox.h"
#include "lifecycle/lc_socket.h"
#include "lifecycle/model.h"

static const struct {
    const char *profile;
    const lc_model *md;
} models[] = {{"ignite", &amc_lc_ignite},
              {"mailbox", &amc_lc_mailbox},
              {"discussion", &amc_lc_discussion},
              {"socket", &amc_lc_socket},
              {"acp", &amc_lc_acp}};

/* The first event of a generated sequence that the real model accepts as its first step. */
static char *first_accepted(const char *profile)
{
    amc_lifecycle_opts o = {profile, NULL, NULL};
    uint64_t seed = 0;
    for (seed = 1; seed < 200; seed++) {
        amc_lifecycle_gen *g = NULL;
        amc_lifecycle_result r;
        char *ev = NULL;
        assert_int_equal(amc_lifecycle_gen_new(&o, seed, &g), AMC_OK);
        assert_int_equal(amc_lifecycle_gen_next(g), AMC_OK);
        if (amc_lifecycle_gen_len(g) > 0 && amc_lifecycle_gen_step(g, 0, &r) == AMC_OK &&
            r.accepted && r.event) {
            ev = strdup(r.event);
            assert_non_null(ev);
        }
        amc_lifecycle_gen_free(g);
        if (ev)
            return ev;
    }
    fail_msg("%s: no sequence of seeds 1..199 starts with an accepted event", profile);
    return NULL;
}

static amc_status apply(const lc_model *md, const char *event, amc_diags *ds, long *last)
{
    lc_inst *in = NULL;
    amc_doc *doc = NULL;
    amc_status st = AMC_OK;
    amc_lc_config cfg = {NULL, AMC_LIMITS_DEFAULT}; /* as amc_lifecycle_new makes it */
    amc_limits_normalize(&cfg.lim);
    assert_int_equal(amc_json_read(event, strlen(event), NULL, ds, &doc), AMC_OK);
    assert_int_equal(lc_inst_new(md, &cfg, &in), AMC_OK);
    st = lc_inst_apply(in, doc, amc_doc_root(doc), ds);
    *last = lc_inst_last_transition(in);
    lc_inst_free(in);
    amc_doc_free(doc);
    return st;
}

static void test_undeclared(void **state)
{
    size_t p = 0;
    (void)state;
    for (p = 0; p < sizeof models / sizeof models[0]; p++) {
        char *event = first_accepted(models[p].profile);
        lc_model cut = *models[p].md;
        amc_diags *ds = amc_diags_new(8);
        const amc_diag *d = NULL;
        amc_doc *doc = NULL;
        const char *name = NULL;
        char want[256];
        long last = -2;
        assert_non_null(ds);
        assert_int_equal(apply(models[p].md, event, ds, &last), AMC_OK);
        assert_int_equal(amc_diags_count(ds), 0);
        assert_true(last >= 0 && (size_t)last < models[p].md->n_transitions);
        cut.n_transitions = 0;
        assert_int_equal(apply(&cut, event, ds, &last), AMC_EINTERNAL);
        assert_int_equal(last, -1);
        assert_int_equal(amc_diags_count(ds), 1);
        d = amc_diags_get(ds, 0);
        assert_int_equal(d->code, AMC_C_INTERNAL);
        assert_int_equal(amc_json_read(event, strlen(event), NULL, ds, &doc), AMC_OK);
        name = amc_value_getz(amc_doc_root(doc), "event")->u.str.ptr;
        snprintf(want, sizeof want,
                 "the %s model accepted a '%s' event but declares no transition for it",
                 models[p].md->profile, name);
        assert_string_equal(d->message, want);
        amc_doc_free(doc);
        amc_diags_free(ds);
        free(event);
    }
}

static void test_mailbox_reviewer_bound(void **state)
{
    amc_lc_config cfg = {NULL, AMC_LIMITS_DEFAULT};
    lc_inst *in = NULL;
    mb_model *m = NULL;
    mb_event ev;
    lc_out out;
    (void)state;
    amc_limits_normalize(&cfg.lim);
    assert_int_equal(lc_inst_new(&amc_lc_mailbox, &cfg, &in), AMC_OK);
    {
        const void *core = lc_inst_core(in); /* the instance's own core, stepped here directly */
        memcpy(&m, &core, sizeof m);
    }
    memset(&ev, 0, sizeof ev);
    ev.kind = MBE_TASK_CREATE;
    lc_out_init(&out);
    assert_int_equal(lc_step(&amc_lc_mailbox, m, &ev, &out), AMC_OK);
    assert_false(out.rejected);
    assert_int_equal(m->tasks[0].state, MT_QUEUED);
    ev.kind = MBE_VERDICT;
    ev.verdict = MV_PASS;
    ev.executed = true;
    ev.reviewer = MB_MAX_REVIEWERS;
    lc_out_init(&out);
    assert_int_equal(lc_step(&amc_lc_mailbox, m, &ev, &out), AMC_ELIMIT);
    assert_int_equal(m->tasks[0].state, MT_QUEUED);
    assert_int_equal(m->tasks[0].aggregated, MV_NONE);
    ev.reviewer = MB_MAX_REVIEWERS - 1;
    lc_out_init(&out);
    assert_int_equal(lc_step(&amc_lc_mailbox, m, &ev, &out), AMC_OK);
    assert_int_equal(m->tasks[0].rev[MB_MAX_REVIEWERS - 1].verdict, MV_PASS);
    lc_inst_free(in);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undeclared),
        cmocka_unit_test(test_mailbox_reviewer_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
