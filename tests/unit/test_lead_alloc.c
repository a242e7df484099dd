/*
 * test_lead_alloc.c - allocation-failure sweeps (alloc_fail_sweep.h: with the k-th allocation
 * failing once, for every k, the job reports AMC_ENOMEM or gives exactly the clean result) of
 * library calls whose out-of-memory handling no other sweep reaches (issue 22, mutants that
 * survived a sample):
 *   - amc_conform_lifecycle_diverges on a reply that differs from amc at a step: when the copy
 *     of the implementation's result fails, d.nomem must say so (src/conform/lcfuzz.c: the
 *     mutant d->nomem && ... left it false and reported a divergence without the result), and
 *     an out-of-memory comparison is never answered false (lcfuzz.c same(): the mutant's
 *     `return true` after a failed read of amc's state went on and could answer "no
 *     divergence" with d.nomem set, which the fuzzer takes for agreement).
 *   - amc_doc_from_json_c on a json-c tree of every type, arrays and objects nested: each failed
 *     allocation is AMC_ENOMEM, never a partial document (src/formats/jsonc.c from_jc: the
 *     mutant that went on after a failed array value wrote through NULL).
 *   - amc_schema_validate of a 3000-member object whose "properties" scan needs more scratch
 *     words than a validation starts with: a failed growth is AMC_ENOMEM (src/schema/validate.c
 *     scan_object; its mutants that go on after the failure, or answer true, read a scan never
 *     made: undefined behaviour that ASan sees and the -O1 mutation build may not, and the
 *     sticky AMC_ENOMEM still comes out, so this sweep alone does not kill them).
 *   - amc_conform_suite_add_scenario_file on a lifecycle scenario with a 300,000-byte file name:
 *     a failed copy of its profile name or of its file name is AMC_ENOMEM, never a case without
 *     them (src/conform/conform.c:
 *     the mutant `!prof && !c->source` went on with one of them NULL; seed 112906).
 *   - amc_conform_suite_add of a one-case manifest under a 300,000-byte profile name: a failed
 *     copy of the name is AMC_ENOMEM, never a case without its profile (src/conform/conform.c:
 *     the mutant `!prof && <overflow>` went on with a NULL profile; seed 112908).
 *   - amc_json_read of an object of 40 members whose last member is another object of 40 (both
 *     switch to hashed duplicate-key tables): a failed growth of either table is AMC_ENOMEM,
 *     never a document (src/formats/json_read.c tab_reserve). Written for seed 112908's
 *     json_read.c:1085, which it cannot reach: that branch is dead (docs/testing.md).
 * Not labelled 'sweep': it takes well under a second, so ci/mutate.py --quick runs it too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <json-c/json.h>
#include "amc/amc.h"
#include "amc/json.h"
#include "core/arena_int.h"

#ifdef AMC_ALLOC_FAILPOINTS

#include "alloc_fail_sweep.h"
#include "lc_reply.h"

/* the generator and the replies of the running sweep, made before it (their allocations are
 * not swept) */
static amc_lifecycle_gen *lc_gen;
static amc_conform_reply *lc_replies[3];

static amc_status sc_diverges(result *r)
{
    size_t i = 0;
    bool nomem = false;
    for (i = 0; i < sizeof lc_replies / sizeof lc_replies[0]; i++) {
        amc_conform_divergence d;
        bool diff = amc_conform_lifecycle_diverges(lc_gen, lc_replies[i], true, &d);
        r_add(r, "%s[%d %ld %s | %s | %s]", i ? " " : "", (int)diff, d.step, d.cls, d.message,
              d.impl ? d.impl : "-");
        /* the contract: out of memory is returned as true with d.nomem (a false would tell
         * the caller that the implementation agreed) */
        assert_true(diff || !d.nomem);
        /* and no copy of the implementation's result is handed back with it (lcfuzz.c: the
         * copy is made only for a comparison that did not run out of memory) */
        if (d.nomem)
            assert_null(d.impl);
        nomem = nomem || d.nomem;
        amc_conform_divergence_clear(&d);
    }
    return nomem ? AMC_ENOMEM : AMC_OK;
}

static void test_lifecycle_diverges(void **state)
{
    amc_lifecycle_opts o = {"mailbox", NULL, NULL};
    size_t i = 0, n = 0;
    (void)state;
    assert_int_equal(amc_lifecycle_gen_new(&o, 7, &lc_gen), AMC_OK);
    assert_int_equal(amc_lifecycle_gen_next(lc_gen), AMC_OK);
    n = amc_lifecycle_gen_len(lc_gen);
    assert_true(n >= 2);
    lc_replies[0] = reply(lc_gen, 0, 0);           /* differs at the first step */
    lc_replies[1] = reply(lc_gen, (long)n - 1, 0); /* at the last */
    lc_replies[2] = reply(lc_gen, -1, 0);          /* amc's own results: no divergence */
    sweep("lifecycle-diverges", sc_diverges);
    for (i = 0; i < sizeof lc_replies / sizeof lc_replies[0]; i++)
        amc_conform_reply_free(lc_replies[i]);
    amc_lifecycle_gen_free(lc_gen);
}

static struct json_object *jc_tree;

static amc_status sc_from_json_c(result *r)
{
    amc_doc *doc = NULL;
    char *text = NULL;
    amc_status st = amc_doc_from_json_c(jc_tree, &doc);
    if (st != AMC_OK) {
        assert_null(doc);
        return st;
    }
    text = amc_value_to_json(amc_doc_root(doc), -1, NULL);
    amc_doc_free(doc);
    if (!text)
        return AMC_ENOMEM;
    r_add(r, "%s", text);
    amc_free(text);
    return AMC_OK;
}

static void test_from_json_c(void **state)
{
    /* a tree large enough that the document's arena takes new chunks at values of every kind:
     * 3000 elements cycling through the shapes below, each nested once more */
    static const char *const shapes[] = {"[]",
                                         "{}",
                                         "[1]",
                                         "{\"k\": \"v\"}",
                                         "\"s\"",
                                         "2.5",
                                         "7",
                                         "null",
                                         "true",
                                         "[[\"deep\"], {}]",
                                         "18446744073709551615"};
    size_t cap = 200000, n = 0, i = 0;
    char *src = malloc(cap);
    (void)state;
    assert_non_null(src);
    n += (size_t)snprintf(src + n, cap - n, "[");
    for (i = 0; i < 3000; i++)
        n += (size_t)snprintf(src + n, cap - n, "%s{\"x%zu\": [%s]}", i ? ", " : "", i,
                              shapes[i % (sizeof shapes / sizeof shapes[0])]);
    n += (size_t)snprintf(src + n, cap - n, "]");
    jc_tree = json_tokener_parse(src);
    free(src);
    assert_non_null(jc_tree);
    sweep("from-json-c", sc_from_json_c);
    json_object_put(jc_tree);
}

static const amc_schema *big_schema;
static amc_doc *big_doc;

static amc_status sc_validate_big(result *r)
{
    amc_diags *ds = amc_diags_new(0);
    bool valid = true;
    amc_status st = AMC_OK;
    if (!ds)
        return AMC_ENOMEM;
    st = amc_schema_validate(big_schema, amc_doc_root(big_doc), big_doc, NULL, ds, &valid);
    r_add(r, "%d %d", (int)st, (int)valid);
    r_diags(r, ds);
    amc_diags_free(ds);
    return st;
}

static void test_validate_big_object(void **state)
{
    const char *schema_text = "{\"properties\": {\"a\": {\"type\": \"integer\"}, \"m7\": "
                              "{\"type\": \"integer\"}}, \"additionalProperties\": "
                              "{\"type\": \"integer\"}}";
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    size_t cap = 80000, n = 0, i = 0;
    char *text = malloc(cap);
    (void)state;
    assert_non_null(set);
    assert_non_null(ds);
    assert_non_null(text);
    assert_int_equal(
        amc_schema_set_add(set, "urn:lead:big", schema_text, strlen(schema_text), ds, NULL),
        AMC_OK);
    assert_int_equal(amc_schema_compile(set, "urn:lead:big", ds, &big_schema), AMC_OK);
    /* {"m0": 0, ..., "m2999": 2999, "a": "x"}: one member of the wrong type, found by the full
     * evaluation after the fast path said no */
    n += (size_t)snprintf(text + n, cap - n, "{");
    for (i = 0; i < 3000; i++)
        n += (size_t)snprintf(text + n, cap - n, "\"m%zu\": %zu, ", i, i);
    n += (size_t)snprintf(text + n, cap - n, "\"a\": \"x\"}");
    assert_int_equal(amc_json_read(text, n, NULL, ds, &big_doc), AMC_OK);
    free(text);
    sweep("validate-big-object", sc_validate_big);
    amc_doc_free(big_doc);
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

/* {"k0":0,...,"k38":38,"in":{"k0":0,...,"k39":39}}: both objects past DUP_LINEAR (32) */
static char *nested_json;

static amc_status sc_json_nested(result *r)
{
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    amc_status st = AMC_ENOMEM;
    if (ds) {
        st = amc_json_read(nested_json, strlen(nested_json), NULL, ds, &doc);
        r_add(r, "read %d", (int)st);
        if (st == AMC_OK) {
            const amc_value *root = amc_doc_root(doc), *in = amc_value_getz(root, "in");
            r_add(r, " %zu %zu", root->u.obj.len, in ? in->u.obj.len : 0);
        }
        r_diags(r, ds);
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

static void test_json_nested_tables(void **state)
{
    char *p = NULL;
    int i = 0;
    (void)state;
    nested_json = malloc(4096);
    assert_non_null(nested_json);
    p = nested_json;
    *p++ = '{';
    for (i = 0; i < 39; i++)
        p += sprintf(p, "\"k%d\":%d,", i, i);
    p += sprintf(p, "\"in\":{");
    for (i = 0; i < 40; i++)
        p += sprintf(p, "%s\"k%d\":%d", i ? "," : "", i, i);
    sprintf(p, "}}");
    sweep("json-nested-tables", sc_json_nested);
    free(nested_json);
}

/* the scenario's file name: 300,000 bytes, so its copy needs an arena chunk of its own and a
 * failed allocation there leaves the copy NULL (a short name fits a chunk already made) */
static char *sc_file;

/* a lifecycle scenario loaded into a fresh suite: status, and each case's id, profile, source */
static amc_status sc_add_scenario(result *r)
{
    static const char scen[] =
        "{\"id\":\"ignite-lc-duplicate-enqueue\",\"profile\":\"ignite\","
        "\"description\":\"The same Message-ID enqueued twice.\",\"rules\":[\"IGNITE-LC-009\"],"
        "\"level\":\"MUST\",\"policy\":null,\"steps\":["
        "{\"event\":{\"event\":\"enqueue\",\"msg\":\"m-1\",\"t\":0},"
        "\"expect\":{\"accepted\":true}},"
        "{\"event\":{\"event\":\"enqueue\",\"msg\":\"m-1\",\"t\":0},"
        "\"expect\":{\"accepted\":false,\"codes\":[\"LC_IGNITE_DUPLICATE_ID\"]}}]}";
    amc_conform_suite *su = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_ENOMEM;
    size_t i = 0;
    if (su && ds) {
        st = amc_conform_suite_add_scenario_file(su, "ignite", sc_file, scen, sizeof scen - 1, ds);
        r_add(r, "add %d", (int)st);
        for (i = 0; st == AMC_OK && i < amc_conform_case_count(su); i++) {
            const amc_conform_case *c = amc_conform_case_at(su, i);
            assert_non_null(c->profile);
            assert_non_null(c->source);
            r_add(r, " [%s %s %zu]", c->id, c->profile, strlen(c->source));
        }
        r_diags(r, ds);
    }
    amc_conform_suite_free(su);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* a one-case manifest under the profile name sc_file (the long name): status, each case */
static amc_status sc_add_manifest(result *r)
{
    static const char manifest[] =
        "[{\"id\":\"x-1\",\"description\":\"d\",\"rule\":\"X-1\",\"level\":\"MUST\","
        "\"input\":\"inputs/a.json\",\"verdict\":\"valid\",\"codes\":[]}]";
    amc_conform_suite *su = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_ENOMEM;
    size_t i = 0;
    if (su && ds) {
        st = amc_conform_suite_add(su, sc_file, manifest, sizeof manifest - 1, ds);
        r_add(r, "add %d", (int)st);
        for (i = 0; st == AMC_OK && i < amc_conform_case_count(su); i++) {
            const amc_conform_case *c = amc_conform_case_at(su, i);
            assert_non_null(c->profile);
            r_add(r, " [%s %zu]", c->id, strlen(c->profile));
        }
        r_diags(r, ds);
    }
    amc_conform_suite_free(su);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

static void test_add_scenario(void **state)
{
    (void)state;
    sc_file = malloc(300001);
    assert_non_null(sc_file);
    memset(sc_file, 'x', 300000);
    sc_file[300000] = '\0';
    sweep("add-scenario", sc_add_scenario);
    sweep("add-manifest", sc_add_manifest);
    free(sc_file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lifecycle_diverges),  cmocka_unit_test(test_from_json_c),
        cmocka_unit_test(test_validate_big_object), cmocka_unit_test(test_add_scenario),
        cmocka_unit_test(test_json_nested_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#else /* !AMC_ALLOC_FAILPOINTS */

static void test_skipped(void **state)
{
    (void)state;
    print_message("skipped: this build has no allocation failpoints (configure with "
                  "-DAMC_ALLOC_FAILPOINTS=ON; ci/test.sh's ASan+UBSan build does)\n");
    skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_skipped)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
