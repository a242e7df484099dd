/*
 * test_libcov_lcfuzz.c - the scenario files amc conform --lifecycle-fuzz writes from a generated
 * sequence (src/conform/lcfuzz.c amc_conform_lifecycle_scenario, conformance/LIFECYCLE.md): for
 * every profile with a lifecycle model and the seeds 1..60, the scenario's "rules" are the
 * distinct rules amc reported in the steps (or, when it reported none, the model's first rule),
 * its "level" is MUST exactly when one of them is a MUST rule of the catalog, and it has one step
 * per event. Every profile has sequences with findings; some have none (the first rule stands
 * in). Seed 11 of ignite reports IGNITE-LC-002 alone and then together with IGNITE-LC-003: the
 * scenario listed it twice before lcfuzz.c's listed() compared only the id's own bytes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/catalog.h"
#include "amc/conform.h"
#include "amc/json.h"
#include "amc/lifecycle.h"

/* the distinct rule ids of the steps' " A B " lists, space separated with a leading space */
static void step_rules(const amc_lifecycle_gen *g, char *out, size_t cap)
{
    size_t i = 0, n = amc_lifecycle_gen_len(g);
    amc_lifecycle_result r;
    snprintf(out, cap, " ");
    for (i = 0; i <= n; i++) {
        const char *p = NULL;
        assert_int_equal(amc_lifecycle_gen_step(g, i, &r), AMC_OK);
        for (p = r.rules; *p;) {
            char id[64], key[68];
            size_t k = 0;
            while (*p == ' ')
                p++;
            k = strcspn(p, " ");
            if (k && k < sizeof id) {
                snprintf(id, sizeof id, "%.*s", (int)k, p);
                snprintf(key, sizeof key, " %s ", id);
                if (!strstr(out, key) && strlen(out) + k + 2 < cap)
                    strcat(strcat(out, id), " ");
            }
            p += k;
        }
    }
}

static void test_scenario_rules_and_level(void **state)
{
    size_t m = 0;
    int without_all = 0;
    (void)state;
    assert_true(amc_lifecycle_model_count() > 0);
    for (m = 0; m < amc_lifecycle_model_count(); m++) {
        const char *prof = amc_lifecycle_model_at(m);
        amc_lifecycle_opts o;
        amc_lifecycle_gen *g = NULL;
        uint64_t seed = 0;
        int with = 0, without = 0;
        memset(&o, 0, sizeof o);
        o.profile = prof;
        for (seed = 1; seed <= 60; seed++) {
            char want[2048], first[64] = "", *json = NULL;
            size_t len = 0, i = 0;
            amc_diags *ds = amc_diags_new(0);
            amc_doc *doc = NULL;
            const amc_value *root = NULL, *rules = NULL, *level = NULL, *steps = NULL;
            bool must = false;
            assert_non_null(ds);
            assert_int_equal(amc_lifecycle_gen_new(&o, seed, &g), AMC_OK);
            assert_int_equal(amc_lifecycle_gen_next(g), AMC_OK);
            step_rules(g, want, sizeof want);
            if (!strcmp(want, " ")) {
                without++;
                assert_int_equal(
                    amc_lifecycle_gen_item(g, AMC_LC_RULES, 0, first, sizeof first, NULL), AMC_OK);
                snprintf(want, sizeof want, " %s ", first);
            } else {
                with++;
            }
            assert_int_equal(
                amc_conform_lifecycle_scenario(g, prof, "LC-T", "t", false, &json, &len), AMC_OK);
            assert_int_equal(amc_json_read(json, len, NULL, ds, &doc), AMC_OK);
            root = amc_doc_root(doc);
            rules = amc_value_getz(root, "rules");
            level = amc_value_getz(root, "level");
            steps = amc_value_getz(root, "steps");
            assert_non_null(rules);
            assert_int_equal(rules->type, AMC_T_ARRAY);
            assert_non_null(steps);
            assert_int_equal(steps->u.arr.len, amc_lifecycle_gen_len(g));
            for (i = 0; i < rules->u.arr.len; i++) {
                char key[72];
                const amc_rule *ru = amc_rule_find(rules->u.arr.items[i]->u.str.ptr);
                snprintf(key, sizeof key, " %s ", rules->u.arr.items[i]->u.str.ptr);
                if (!strstr(want, key))
                    fail_msg("%s seed %llu: rule %s not among '%s'", prof, (unsigned long long)seed,
                             key, want);
                assert_non_null(ru);
                must = must || ru->level == AMC_RULE_MUST;
            }
            {
                /* as many rules as the distinct ids wanted */
                size_t nw = 0;
                const char *p = want;
                for (; *p; p++)
                    nw += *p == ' ';
                if (rules->u.arr.len != nw - 1)
                    fail_msg("%s seed %llu: %zu rules, want%s", prof, (unsigned long long)seed,
                             rules->u.arr.len, want);
            }
            assert_non_null(level);
            if (strcmp(level->u.str.ptr, must ? "MUST" : "SHOULD") != 0)
                fail_msg("%s seed %llu: level %s, want %s (rules%s)", prof,
                         (unsigned long long)seed, level->u.str.ptr, must ? "MUST" : "SHOULD",
                         want);
            amc_free(json);
            amc_doc_free(doc);
            amc_diags_free(ds);
            amc_lifecycle_gen_free(g);
        }
        print_message("%s: %d sequences with findings, %d without\n", prof, with, without);
        if (!with)
            fail_msg("%s: no sequence with findings", prof);
        without_all += without;
    }
    assert_true(without_all > 0); /* the model's first rule stands in somewhere */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenario_rules_and_level),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
