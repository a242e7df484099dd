/*
 * test_lead_gen_golden.c - the lifecycle event generator's exact output (src/lifecycle/gen.c and
 * the models it runs as its oracle), pinned per profile.
 *
 * For each of the five profiles, a generator seeded with 2026 makes SEQS sequences (enough for
 * its long-run heuristics to act: a transition tried 20 times and never taken is left for
 * another way out of its state, gen.c reachable()). Every sequence's events, every step's
 * result (accepted, codes, rules, the state after it) and, for every 16th sequence, its first
 * 40 shrinking candidates (events and end result) go into one FNV-1a-64 digest; then the
 * run's coverage (every item's name and hits). The table holds, per profile, that digest, the
 * number of events made and the coverage line ("rules a/b, transitions c/d, states e/f").
 *
 * Any change to what the generator makes, to the order it draws its random numbers in, or to
 * what a model answers changes a digest. A mismatch prints the new table row: when the change
 * is meant (a better generator, a model fix), check the coverage line did not fall and
 * replace the row. Issue 22: gen.c's heuristics (counting the other ways out of a state,
 * the tries before giving up on a transition) had survivors that no assertion on properties
 * (lengths, determinism, coverage reached) could tell from the original.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "fnv.h"

#define SEQS 200
#define SEED 2026

typedef struct golden {
    const char *profile;
    uint64_t digest;
    size_t events;
    const char *coverage;
} golden;

static const golden table[] = {
    {"ignite", 0xf7e00d8a00da3cdeull, 11445, "rules 9/10, transitions 8/8, states 7/7"},
    {"mailbox", 0x07877ea76776703aull, 10787, "rules 14/14, transitions 25/25, states 15/15"},
    {"discussion", 0xbcc48110224c7129ull, 10463, "rules 6/7, transitions 8/17, states 6/8"},
    {"socket", 0x0d767d34ea94a677ull, 10997, "rules 8/8, transitions 6/6, states 9/9"},
    {"acp", 0x25695e6e2ae42293ull, 11001, "rules 7/7, transitions 8/8, states 8/9"},
};

static void mix(uint64_t *h, const void *p, size_t n)
{
    *h = fnv1a_field(*h, p, n);
}

static void mix_str(uint64_t *h, const char *s)
{
    mix(h, s ? s : "(null)", s ? strlen(s) : 6);
}

static void mix_step(uint64_t *h, const amc_lifecycle_gen *g, size_t i)
{
    amc_lifecycle_result r;
    unsigned char acc = 0;
    assert_int_equal(amc_lifecycle_gen_step(g, i, &r), AMC_OK);
    acc = r.accepted ? 1 : 0;
    mix(h, &acc, 1);
    mix_str(h, r.codes);
    mix_str(h, r.rules);
    mix_str(h, r.state);
}

static void mix_events(uint64_t *h, const amc_lifecycle_gen *g)
{
    char *j = NULL;
    size_t n = 0;
    assert_int_equal(amc_lifecycle_gen_events(g, &j, &n), AMC_OK);
    mix(h, j, n);
    amc_free(j);
}

static void run(const golden *want, uint64_t *digest, size_t *events, char *cov, size_t covn)
{
    amc_lifecycle_opts o = {want->profile, NULL, NULL};
    amc_lifecycle_gen *g = NULL;
    uint64_t h = FNV_INIT;
    size_t s = 0, i = 0, k = 0, n = 0;
    size_t reached[3] = {0, 0, 0}, items[3] = {0, 0, 0};
    assert_int_equal(amc_lifecycle_gen_new(&o, SEED, &g), AMC_OK);
    for (s = 0; s < SEQS; s++) {
        assert_int_equal(amc_lifecycle_gen_next(g), AMC_OK);
        n = amc_lifecycle_gen_len(g);
        *events += n;
        mix_events(&h, g);
        for (i = 0; i <= n; i++)
            mix_step(&h, g, i);
        if (s % 16 != 0)
            continue;
        for (k = 0; k < 40 && amc_lifecycle_gen_candidate(g, k) == AMC_OK; k++) {
            mix_events(&h, g);
            mix_step(&h, g, amc_lifecycle_gen_len(g));
            amc_lifecycle_gen_revert(g);
        }
        mix(&h, &k, sizeof k);
    }
    for (k = 0; k < 3; k++) {
        items[k] = amc_lifecycle_gen_items(g, (amc_lifecycle_item_kind)k);
        for (i = 0; i < items[k]; i++) {
            char name[128];
            unsigned long hits = 0;
            assert_int_equal(
                amc_lifecycle_gen_item(g, (amc_lifecycle_item_kind)k, i, name, sizeof name, &hits),
                AMC_OK);
            mix_str(&h, name);
            mix(&h, &hits, sizeof hits);
            reached[k] += hits > 0;
        }
    }
    snprintf(cov, covn, "rules %zu/%zu, transitions %zu/%zu, states %zu/%zu", reached[0], items[0],
             reached[1], items[1], reached[2], items[2]);
    *digest = h;
    amc_lifecycle_gen_free(g);
}

static void test_golden(void **state)
{
    size_t p = 0, bad = 0;
    (void)state;
    for (p = 0; p < sizeof table / sizeof table[0]; p++) {
        uint64_t digest = 0;
        size_t events = 0;
        char cov[128];
        run(&table[p], &digest, &events, cov, sizeof cov);
        if (digest != table[p].digest || events != table[p].events ||
            strcmp(cov, table[p].coverage)) {
            print_message("%s: digest, events or coverage differ; the row is now:\n"
                          "    {\"%s\", 0x%016" PRIx64 "ull, %zu, \"%s\"},\n",
                          table[p].profile, table[p].profile, digest, events, cov);
            bad++;
        }
    }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
