/*
 * test_mutlib2_gen.c - the lifecycle generator's shrinking candidates, pinned (issue 22: a
 * surviving mutant of src/lifecycle/gen.c, the "counter lowered" candidates skipping every
 * member of an event with a wrongly typed member, or that member's index in every event).
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

static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
    size_t i = 0;
    for (i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

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
    uint64_t h = 0xcbf29ce484222325ull;
    size_t k = 0;
    char *json = NULL;
    size_t len = 0;
    memset(&o, 0, sizeof o);
    o.profile = profile;
    assert_int_equal(amc_lifecycle_gen_new(&o, seed, &g), AMC_OK);
    assert_int_equal(amc_lifecycle_gen_next(g), AMC_OK);
    assert_int_equal(amc_lifecycle_gen_events(g, &json, &len), AMC_OK);
    h = fnv(h, json, len);
    amc_free(json);
    for (k = 0;; k++) {
        amc_status st = amc_lifecycle_gen_candidate(g, k);
        if (st == AMC_EUSAGE)
            break;
        assert_int_equal(st, AMC_OK);
        assert_int_equal(amc_lifecycle_gen_events(g, &json, &len), AMC_OK);
        h = fnv(h, "\n", 1);
        h = fnv(h, json, len);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_candidates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
