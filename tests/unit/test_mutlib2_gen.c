/*
 * test_mutlib2_gen.c - the lifecycle generator's shrinking candidates, pinned (issue 22: a
 * surviving mutant of src/lifecycle/gen.c, the "counter lowered" candidates skipping every
 * member of an event with a wrongly typed member, or that member's index in every event).
 * Also (test_sequences) the first 8 sequences of each model for seeds 1-4: each one's events,
 * amc's result of every step and of the end (accepted, codes, rules, state), then the
 * coverage items and their hits, folded into one hash per model and seed.
 * For each model and seeds 2 and 3: the first generated sequence and every shrinking candidate
 * of it (amc_lifecycle_gen_candidate, k = 0, 1, ... until AMC_EUSAGE), each candidate's events
 * as JSON folded into one FNV-1a hash with the candidates' count. The expected table is this
 * build's own output: when a change to the generator is meant, run the test with
 * AMC_MUTLIB2_PRINT=1 to print the new table (and say why in the commit).
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
#include "amc/lifecycle.h"
#include "fnv.h"

static const struct expect {
    const char *profile;
    uint64_t seed;
    size_t candidates;
    uint64_t hash;
} table[] = {
    {"acp", 2, 173, 0xa2260c175cac8647ull},       {"acp", 3, 36, 0x353d444e6bb3075bull},
    {"discussion", 2, 10, 0xda1943cef695ebe9ull}, {"discussion", 3, 26, 0xc95366031ee19fe1ull},
    {"ignite", 2, 10, 0x33243ba00f3ea335ull},     {"ignite", 3, 23, 0xa68de883258b97afull},
    {"mailbox", 2, 131, 0xa374aa97c260eb59ull},   {"mailbox", 3, 26, 0xae0a6be172ed58c5ull},
    {"socket", 2, 85, 0xf505726270423cd5ull},     {"socket", 3, 32, 0x36fc92a365d6b590ull},
};

static void run(const char *profile, uint64_t seed, size_t *ncand, uint64_t *hash)
{
    amc_lifecycle_opts o;
    amc_lifecycle_gen *g = NULL;
    uint64_t h = FNV_INIT;
    size_t k = 0;
    char *json = NULL;
    size_t len = 0;
    memset(&o, 0, sizeof o);
    o.profile = profile;
    assert_int_equal(amc_lifecycle_gen_new(&o, seed, &g), AMC_OK);
    assert_int_equal(amc_lifecycle_gen_next(g), AMC_OK);
    assert_int_equal(amc_lifecycle_gen_events(g, &json, &len), AMC_OK);
    h = fnv1a(h, json, len);
    amc_free(json);
    for (k = 0;; k++) {
        amc_status st = amc_lifecycle_gen_candidate(g, k);
        if (st == AMC_EUSAGE)
            break;
        assert_int_equal(st, AMC_OK);
        assert_int_equal(amc_lifecycle_gen_events(g, &json, &len), AMC_OK);
        h = fnv1a(h, "\n", 1);
        h = fnv1a(h, json, len);
        amc_free(json);
        amc_lifecycle_gen_revert(g);
    }
    amc_lifecycle_gen_free(g);
    *ncand = k;
    *hash = h;
}

static void test_candidates(void **state)
{
    static const char *const profiles[] = {"acp", "discussion", "ignite", "mailbox", "socket"};
    size_t p = 0, bad = 0, row = 0;
    uint64_t seed = 0;
    bool print = getenv("AMC_MUTLIB2_PRINT") != NULL;
    (void)state;
    for (p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
        for (seed = 2; seed <= 3; seed++, row++) {
            size_t n = 0;
            uint64_t h = 0;
            run(profiles[p], seed, &n, &h);
            if (print) {
                printf("    {\"%s\", %llu, %zu, 0x%016llxull},\n", profiles[p],
                       (unsigned long long)seed, n, (unsigned long long)h);
                continue;
            }
            assert_true(row < sizeof table / sizeof table[0]);
            if (strcmp(table[row].profile, profiles[p]) != 0 || table[row].seed != seed ||
                table[row].candidates != n || table[row].hash != h) {
                fprintf(stderr,
                        "%s seed %llu: %zu candidates, hash 0x%016llx; expected %zu, "
                        "0x%016llx\n",
                        profiles[p], (unsigned long long)seed, n, (unsigned long long)h,
                        table[row].candidates, (unsigned long long)table[row].hash);
                bad++;
            }
        }
    }
    assert_int_equal(bad, 0);
}

static const struct expect seq_table[] = {
    {"acp", 1, 555, 0x4985ed5f46dfa256ull},        {"acp", 2, 126, 0xa8af7dee65a5db0eull},
    {"acp", 3, 248, 0x9d3b527c99b6fa50ull},        {"acp", 4, 681, 0x0ba7cefb10ace7f6ull},
    {"discussion", 1, 374, 0x91507acdfe6839cfull}, {"discussion", 2, 237, 0x3f5472065b5aa098ull},
    {"discussion", 3, 446, 0x20bf074021debcddull}, {"discussion", 4, 564, 0x0ce187d587348172ull},
    {"ignite", 1, 303, 0x88f1448280d07c85ull},     {"ignite", 2, 522, 0x33fd24b88309a196ull},
    {"ignite", 3, 726, 0x3fb54307df67d290ull},     {"ignite", 4, 350, 0x72ab67e5c36afb7full},
    {"mailbox", 1, 269, 0xb7a6489c1ba464f3ull},    {"mailbox", 2, 776, 0x73f896a656a8760aull},
    {"mailbox", 3, 754, 0x65cc77dae19f23c1ull},    {"mailbox", 4, 1064, 0x216e95bedf5f6bafull},
    {"socket", 1, 534, 0x4ba569aa2aacae98ull},     {"socket", 2, 595, 0xd76d21c81c6a0f21ull},
    {"socket", 3, 303, 0xf70c3acda6478b3dull},     {"socket", 4, 606, 0xe43f76d175c1f978ull},
};

static uint64_t run_sequences(const char *profile, uint64_t seed, size_t *nsteps)
{
    amc_lifecycle_opts o;
    amc_lifecycle_gen *g = NULL;
    uint64_t h = FNV_INIT;
    size_t q = 0, i = 0, n = 0, kind = 0;
    char *json = NULL, name[256];
    size_t len = 0;
    memset(&o, 0, sizeof o);
    o.profile = profile;
    *nsteps = 0;
    assert_int_equal(amc_lifecycle_gen_new(&o, seed, &g), AMC_OK);
    for (q = 0; q < 8; q++) {
        assert_int_equal(amc_lifecycle_gen_next(g), AMC_OK);
        assert_int_equal(amc_lifecycle_gen_events(g, &json, &len), AMC_OK);
        h = fnv1a(h, json, len);
        amc_free(json);
        n = amc_lifecycle_gen_len(g);
        for (i = 0; i <= n; i++) {
            amc_lifecycle_result r;
            char line[64];
            memset(&r, 0, sizeof r);
            assert_int_equal(amc_lifecycle_gen_step(g, i, &r), AMC_OK);
            snprintf(line, sizeof line, "|%zu %d ", i, (int)r.accepted);
            h = fnv1a(h, line, strlen(line));
            h = fnv1a(h, r.codes ? r.codes : "-", strlen(r.codes ? r.codes : "-"));
            h = fnv1a(h, r.rules ? r.rules : "-", strlen(r.rules ? r.rules : "-"));
            h = fnv1a(h, r.event ? r.event : "-", strlen(r.event ? r.event : "-"));
            h = fnv1a(h, r.state ? r.state : "-", strlen(r.state ? r.state : "-"));
        }
        assert_int_equal(amc_lifecycle_gen_step(g, n + 1, &(amc_lifecycle_result){0}), AMC_EUSAGE);
        *nsteps += n;
    }
    for (kind = 0; kind < 3; kind++) {
        size_t k = 0, ni = amc_lifecycle_gen_items(g, (amc_lifecycle_item_kind)kind);
        for (k = 0; k < ni; k++) {
            unsigned long hits = 0;
            char line[32];
            assert_int_equal(amc_lifecycle_gen_item(g, (amc_lifecycle_item_kind)kind, k, name,
                                                    sizeof name, &hits),
                             AMC_OK);
            snprintf(line, sizeof line, "|%zu %lu ", kind, hits);
            h = fnv1a(h, line, strlen(line));
            h = fnv1a(h, name, strlen(name));
        }
    }
    amc_lifecycle_gen_free(g);
    return h;
}

static void test_sequences(void **state)
{
    static const char *const profiles[] = {"acp", "discussion", "ignite", "mailbox", "socket"};
    size_t p = 0, bad = 0, row = 0;
    uint64_t seed = 0;
    bool print = getenv("AMC_MUTLIB2_PRINT") != NULL;
    (void)state;
    for (p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
        for (seed = 1; seed <= 4; seed++, row++) {
            size_t n = 0;
            uint64_t h = run_sequences(profiles[p], seed, &n);
            if (print) {
                printf("    {\"%s\", %llu, %zu, 0x%016llxull},\n", profiles[p],
                       (unsigned long long)seed, n, (unsigned long long)h);
                continue;
            }
            assert_true(row < sizeof seq_table / sizeof seq_table[0]);
            if (strcmp(seq_table[row].profile, profiles[p]) != 0 || seq_table[row].seed != seed ||
                seq_table[row].candidates != n || seq_table[row].hash != h) {
                fprintf(stderr,
                        "%s seed %llu: %zu steps, hash 0x%016llx; expected %zu, 0x%016llx\n",
                        profiles[p], (unsigned long long)seed, n, (unsigned long long)h,
                        seq_table[row].candidates, (unsigned long long)seq_table[row].hash);
                bad++;
            }
        }
    }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_candidates),
        cmocka_unit_test(test_sequences),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
