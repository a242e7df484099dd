/*
 * test_lc_gen.c - the lifecycle event generator (amc_lifecycle_gen_*, src/lifecycle/gen.c) and
 * the lifecycle fuzzer's comparison and scenario (src/conform/lcfuzz.c).
 *
 * Per model: the same seed gives the same sequences and another seed others; lengths stay in
 * 1..400; each step's recorded result is what a fresh model says on the recorded event; the run
 * reaches transitions and rules. amc's own results as a reply do not diverge and pass the
 * scenario written from them; one flipped `accepted`, one dropped code, one changed state
 * value, one result too few each diverge at that step with the documented class. Shrinking
 * candidates are finite, never longer, and revert restores the kept sequence.
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
#include "lc_reply.h"

static const char *const profiles[] = {"ignite", "mailbox", "discussion", "socket", "acp"};

static amc_lifecycle_gen *gen(const char *profile, uint64_t seed)
{
    amc_lifecycle_opts o = {profile, NULL, NULL};
    amc_lifecycle_gen *g = NULL;
    assert_int_equal(amc_lifecycle_gen_new(&o, seed, &g), AMC_OK);
    return g;
}

static char *events(const amc_lifecycle_gen *g)
{
    char *j = NULL;
    size_t n = 0;
    assert_int_equal(amc_lifecycle_gen_events(g, &j, &n), AMC_OK);
    assert_int_equal(strlen(j), n);
    return j;
}

static void test_usage(void **state)
{
    amc_lifecycle_opts o = {"nope", NULL, NULL};
    amc_lifecycle_gen *g = NULL;
    amc_lifecycle_result r;
    (void)state;
    assert_int_equal(amc_lifecycle_gen_new(&o, 1, &g), AMC_EUSAGE);
    assert_null(g);
    assert_int_equal(amc_lifecycle_gen_new(NULL, 1, &g), AMC_EUSAGE);
    g = gen("acp", 1);
    assert_int_equal(amc_lifecycle_gen_next(g), AMC_OK);
    assert_int_equal(amc_lifecycle_gen_step(g, amc_lifecycle_gen_len(g) + 1, &r), AMC_EUSAGE);
    assert_int_equal(amc_lifecycle_gen_item(g, AMC_LC_RULES, 1000, (char[8]){0}, 8, NULL),
                     AMC_EUSAGE);
    amc_lifecycle_gen_free(g);
    amc_lifecycle_gen_free(NULL);
}

static void test_deterministic(void **state)
{
    size_t p = 0, i = 0;
    (void)state;
    for (p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
        amc_lifecycle_gen *a = gen(profiles[p], 42), *b = gen(profiles[p], 42),
                          *c = gen(profiles[p], 43);
        size_t differ = 0;
        for (i = 0; i < 20; i++) {
            char *ea = NULL, *eb = NULL, *ec = NULL;
            assert_int_equal(amc_lifecycle_gen_next(a), AMC_OK);
            assert_int_equal(amc_lifecycle_gen_next(b), AMC_OK);
            assert_int_equal(amc_lifecycle_gen_next(c), AMC_OK);
            ea = events(a);
            eb = events(b);
            ec = events(c);
            assert_string_equal(ea, eb);
            differ += strcmp(ea, ec) != 0;
            assert_true(amc_lifecycle_gen_len(a) >= 1 && amc_lifecycle_gen_len(a) <= 400);
            amc_free(ea);
            amc_free(eb);
            amc_free(ec);
        }
        assert_true(differ > 10);
        amc_lifecycle_gen_free(a);
        amc_lifecycle_gen_free(b);
        amc_lifecycle_gen_free(c);
    }
}

/* Each recorded result is what a fresh model says on the recorded events. */
static void test_oracle(void **state)
{
    size_t p = 0, k = 0, i = 0;
    (void)state;
    for (p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
        amc_lifecycle_gen *g = gen(profiles[p], 7);
        size_t rejected = 0, accepted = 0;
        for (k = 0; k < 10; k++) {
            amc_lifecycle_opts o = {profiles[p], NULL, NULL};
            amc_lifecycle *lc = NULL;
            amc_diags *ds = amc_diags_new(0);
            amc_lifecycle_result r;
            char *st = NULL;
            size_t len = 0;
            assert_int_equal(amc_lifecycle_gen_next(g), AMC_OK);
            assert_int_equal(amc_lifecycle_new(&o, NULL, &lc), AMC_OK);
            for (i = 0; i < amc_lifecycle_gen_len(g); i++) {
                amc_status s = AMC_OK;
                assert_int_equal(amc_lifecycle_gen_step(g, i, &r), AMC_OK);
                amc_diags_clear(ds);
                s = amc_lifecycle_apply(lc, r.event, strlen(r.event), ds);
                assert_int_equal(s == AMC_OK, r.accepted);
                assert_true(r.accepted == (amc_diags_errors(ds) == 0));
                accepted += r.accepted;
                rejected += !r.accepted;
                assert_int_equal(amc_lifecycle_state(lc, &st, &len), AMC_OK);
                assert_string_equal(st, r.state);
                amc_free(st);
            }
            assert_int_equal(amc_lifecycle_gen_step(g, i, &r), AMC_OK);
            assert_null(r.event);
            amc_diags_clear(ds);
            assert_int_equal(amc_lifecycle_finish(lc, ds) == AMC_OK, r.accepted);
            amc_lifecycle_free(lc);
            amc_diags_free(ds);
        }
        assert_true(accepted > 0 && rejected > 0); /* legal and illegal steps */
        amc_lifecycle_gen_free(g);
    }
}

static void test_coverage(void **state)
{
    size_t p = 0, i = 0, k = 0;
    (void)state;
    for (p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
        amc_lifecycle_gen *g = gen(profiles[p], 3);
        size_t reached[3] = {0, 0, 0};
        for (i = 0; i < 300; i++)
            assert_int_equal(amc_lifecycle_gen_next(g), AMC_OK);
        for (k = 0; k < 3; k++)
            for (i = 0; i < amc_lifecycle_gen_items(g, (amc_lifecycle_item_kind)k); i++) {
                char name[128];
                unsigned long hits = 0;
                assert_int_equal(amc_lifecycle_gen_item(g, (amc_lifecycle_item_kind)k, i, name,
                                                        sizeof name, &hits),
                                 AMC_OK);
                reached[k] += hits > 0;
            }
        /* within 300 sequences: half of the transitions, states and rules of every model or
         * more (fuzz.lifecycle shows what a run reaches) */
        for (k = 0; k < 3; k++)
            assert_true(reached[k] * 2 >= amc_lifecycle_gen_items(g, (amc_lifecycle_item_kind)k));
        amc_lifecycle_gen_free(g);
    }
}

static void test_compare(void **state)
{
    size_t p = 0, k = 0;
    (void)state;
    for (p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
        amc_lifecycle_gen *g = gen(profiles[p], 11);
        for (k = 0; k < 8; k++) {
            amc_conform_divergence d;
            amc_conform_reply *r = NULL;
            amc_conform_suite *s = amc_conform_suite_new();
            amc_diags *ds = amc_diags_new(0);
            amc_lifecycle_result st;
            char *sc = NULL;
            size_t len = 0, n = 0;
            long at = 0;
            assert_int_equal(amc_lifecycle_gen_next(g), AMC_OK);
            n = amc_lifecycle_gen_len(g);
            at = (long)(n / 2);
            r = reply(g, -1, 0);
            assert_false(amc_conform_lifecycle_diverges(g, r, true, &d));
            assert_int_equal(d.step, -1);
            /* the scenario of it: valid, and amc's own results pass it */
            assert_int_equal(amc_conform_lifecycle_scenario(g, profiles[p], "fuzz-lifecycle-test",
                                                            "test", true, &sc, &len),
                             AMC_OK);
            assert_int_equal(amc_conform_suite_add_scenario(s, profiles[p], sc, len, ds), AMC_OK);
            amc_conform_judge_lifecycle(amc_conform_case_at(s, 0), r);
            assert_int_equal(amc_conform_case_at(s, 0)->outcome, AMC_CONFORM_PASS);
            amc_conform_reply_free(r);
            /* a flipped accepted */
            r = reply(g, at, 0);
            assert_true(amc_conform_lifecycle_diverges(g, r, true, &d));
            assert_int_equal(d.step, at);
            assert_memory_equal(d.cls, "accepted:", 9);
            assert_non_null(d.impl);
            amc_conform_divergence_clear(&d);
            amc_conform_judge_lifecycle(amc_conform_case_at(s, 0), r);
            assert_int_equal(amc_conform_case_at(s, 0)->outcome, AMC_CONFORM_FAIL);
            amc_conform_reply_free(r);
            /* a dropped code: a divergence only with codes compared */
            assert_int_equal(amc_lifecycle_gen_step(g, (size_t)at, &st), AMC_OK);
            r = reply(g, at, 1);
            if (strlen(st.codes) > 1) {
                assert_true(amc_conform_lifecycle_diverges(g, r, true, &d));
                assert_int_equal(d.step, at);
                assert_memory_equal(d.cls, "codes:", 6);
                amc_conform_divergence_clear(&d);
            }
            assert_false(amc_conform_lifecycle_diverges(g, r, false, &d));
            amc_conform_reply_free(r);
            /* another state */
            r = reply(g, at, 2);
            assert_true(amc_conform_lifecycle_diverges(g, r, false, &d));
            assert_int_equal(d.step, at);
            assert_memory_equal(d.cls, "state:", 6);
            amc_conform_divergence_clear(&d);
            amc_conform_reply_free(r);
            /* a result missing */
            r = reply(g, -1, 3);
            assert_true(amc_conform_lifecycle_diverges(g, r, true, &d));
            assert_string_equal(d.cls, "results");
            assert_int_equal(d.step, (long)n - 1);
            amc_conform_divergence_clear(&d);
            amc_conform_reply_free(r);
            amc_free(sc);
            amc_diags_free(ds);
            amc_conform_suite_free(s);
        }
        amc_lifecycle_gen_free(g);
    }
}

static void test_shrink_candidates(void **state)
{
    size_t p = 0;
    (void)state;
    for (p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
        amc_lifecycle_gen *g = gen(profiles[p], 5);
        size_t n = 0, k = 0;
        char *before = NULL, *after = NULL;
        do
            assert_int_equal(amc_lifecycle_gen_next(g), AMC_OK);
        while (amc_lifecycle_gen_len(g) < 20 || amc_lifecycle_gen_len(g) > 40);
        n = amc_lifecycle_gen_len(g);
        before = events(g);
        for (k = 0; k < 200000; k++) {
            amc_status st = amc_lifecycle_gen_candidate(g, k);
            if (st == AMC_EUSAGE)
                break;
            assert_int_equal(st, AMC_OK);
            assert_true(amc_lifecycle_gen_len(g) <= n);
            after = events(g);
            if (!strcmp(after, before))
                print_message("%s: candidate %zu of %zu events changes nothing\n", profiles[p], k,
                              n);
            assert_string_not_equal(after, before); /* every candidate changes something */
            amc_free(after);
            amc_lifecycle_gen_revert(g);
        }
        assert_true(k > n && k < 200000);
        after = events(g);
        assert_string_equal(after, before);
        amc_free(after);
        /* keep: the first candidate drops the first half */
        assert_int_equal(amc_lifecycle_gen_candidate(g, 0), AMC_OK);
        amc_lifecycle_gen_keep(g);
        amc_lifecycle_gen_revert(g);
        assert_int_equal(amc_lifecycle_gen_len(g), n - n / 2);
        amc_free(before);
        amc_lifecycle_gen_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_usage),   cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_oracle),  cmocka_unit_test(test_coverage),
        cmocka_unit_test(test_compare), cmocka_unit_test(test_shrink_candidates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
