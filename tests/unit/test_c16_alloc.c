/*
 * test_c16_alloc.c - allocation behaviours of the schema validator that survivors of the
 * 300-mutant runs (issue 22) showed no test pinned (failpoint builds only):
 *   - when the member scan of a node (scan_object's words) cannot be allocated, validation ends
 *     with AMC_ENOMEM before any keyword of that node runs: nothing is reported
 *   - "required" on a small object allocates nothing: validating with it makes exactly as many
 *     allocations as without it, also when the scratch words are full at that point (nested
 *     unevaluatedProperties annotations fill them, one word per level)
 *   - compiling schemas with large "properties" / "dependentSchemas" / draft-07 "dependencies"
 *     maps and "allOf" / "anyOf" lists (their tables take new arena chunks), every allocation
 * failed once: each run ends with AMC_ENOMEM (never a crash, never a compiled schema)
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
#include "amc/json.h"
#include "core/arena_int.h"

#ifdef AMC_ALLOC_FAILPOINTS
typedef struct fixture {
    amc_diags *ds;
    amc_schema_set *set;
    const amc_schema *sc;
    amc_doc *doc;
} fixture;

static void setup(fixture *f, const char *sch, const char *id, const char *inst, size_t ilen)
{
    memset(f, 0, sizeof *f);
    f->ds = amc_diags_new(0);
    f->set = amc_schema_set_new(NULL);
    assert_non_null(f->ds);
    assert_non_null(f->set);
    assert_int_equal(amc_schema_set_add(f->set, NULL, sch, strlen(sch), f->ds, NULL), AMC_OK);
    assert_int_equal(amc_schema_compile(f->set, id, f->ds, &f->sc), AMC_OK);
    assert_int_equal(amc_json_read(inst, ilen, NULL, f->ds, &f->doc), AMC_OK);
    amc_diags_clear(f->ds);
}

static void teardown(fixture *f)
{
    amc_doc_free(f->doc);
    amc_schema_set_free(f->set);
    amc_diags_free(f->ds);
}

/* {"k0":0,...,"k299":299}: a scan of 300 members needs 150 words of member indices, more than
 * the validator's 96 inline words, so scan_object allocates them */
static size_t wide_object(char *buf, size_t cap)
{
    size_t o = 0, i = 0;
    o += (size_t)snprintf(buf + o, cap - o, "{");
    for (i = 0; i < 300; i++)
        o += (size_t)snprintf(buf + o, cap - o, "%s\"k%zu\":%zu", i ? "," : "", i, i);
    o += (size_t)snprintf(buf + o, cap - o, "}");
    assert_true(o < cap);
    return o;
}

static void test_scan_enomem_reports_nothing(void **state)
{
    static const char sch[] = "{\"$id\":\"urn:s\",\"type\":\"array\",\"properties\":{\"k1\":true},"
                              "\"additionalProperties\":true}";
    static char inst[8192];
    size_t ilen = wide_object(inst, sizeof inst);
    fixture f;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    bool valid = true;
    unsigned long n = 0, k = 0;
    (void)state;
    o.all_errors = false;
    setup(&f, sch, "urn:s", inst, ilen);
    /* the clean run: the object is not an array */
    amc_test_alloc_fail_at(-1);
    assert_int_equal(amc_schema_validate(f.sc, amc_doc_root(f.doc), f.doc, &o, f.ds, &valid),
                     AMC_OK);
    n = amc_test_alloc_count();
    assert_false(valid);
    assert_int_equal(amc_diags_count(f.ds), 1);
    assert_int_equal(amc_diags_get(f.ds, 0)->code, AMC_C_SCHEMA_TYPE);
    assert_true(n >= 1);
    /* the first allocation of the validation is the scan's words (the fast path allocates
     * nothing): failing it, the node's keywords do not run, so "type" reports nothing */
    amc_diags_clear(f.ds);
    amc_test_alloc_fail_at(0);
    assert_int_equal(amc_schema_validate(f.sc, amc_doc_root(f.doc), f.doc, &o, f.ds, &valid),
                     AMC_ENOMEM);
    amc_test_alloc_fail_at(-1);
    assert_false(valid);
    assert_int_equal(amc_diags_count(f.ds), 0);
    /* any other allocation failing: AMC_ENOMEM with at most the clean run's one diagnostic, or
     * the clean run's result */
    for (k = 1; k < n; k++) {
        amc_status st = AMC_OK;
        amc_diags_clear(f.ds);
        amc_test_alloc_fail_at((long)k);
        st = amc_schema_validate(f.sc, amc_doc_root(f.doc), f.doc, &o, f.ds, &valid);
        amc_test_alloc_fail_at(-1);
        assert_false(valid);
        assert_true(amc_diags_count(f.ds) <= 1);
        if (st != AMC_ENOMEM) {
            assert_int_equal(st, AMC_OK);
            assert_int_equal(amc_diags_count(f.ds), 1);
        }
    }
    teardown(&f);
}

/* {"a":{"a":...{"a":1}...}} with depth objects */
static size_t nested(char *buf, size_t cap, size_t depth)
{
    size_t o = 0, i = 0;
    for (i = 0; i < depth; i++)
        o += (size_t)snprintf(buf + o, cap - o, "{\"a\":");
    o += (size_t)snprintf(buf + o, cap - o, "1");
    for (i = 0; i < depth; i++)
        o += (size_t)snprintf(buf + o, cap - o, "}");
    assert_true(o < cap);
    return o;
}

static unsigned long validate_allocs(const char *sch, const char *inst, size_t ilen)
{
    fixture f;
    bool valid = false;
    unsigned long n = 0;
    setup(&f, sch, "urn:q", inst, ilen);
    amc_test_alloc_fail_at(-1);
    assert_int_equal(amc_schema_validate(f.sc, amc_doc_root(f.doc), f.doc, NULL, f.ds, &valid),
                     AMC_OK);
    n = amc_test_alloc_count();
    assert_true(valid);
    assert_int_equal(amc_diags_count(f.ds), 0);
    teardown(&f);
    return n;
}

static void test_required_allocates_nothing(void **state)
{
    static const char with[] = "{\"$id\":\"urn:q\",\"unevaluatedProperties\":false,"
                               "\"additionalProperties\":{\"$ref\":\"#\"},\"required\":[\"a\"]}";
    static const char without[] = "{\"$id\":\"urn:q\",\"unevaluatedProperties\":false,"
                                  "\"additionalProperties\":{\"$ref\":\"#\"}}";
    static char inst[4096];
    size_t depth = 0;
    unsigned long grew = 0, first = 0;
    (void)state;
    /* one word of annotations per level: the 96 inline words fill up at a depth near 96 */
    for (depth = 1; depth <= 110; depth++) {
        size_t ilen = nested(inst, sizeof inst, depth);
        unsigned long a = validate_allocs(with, inst, ilen);
        unsigned long b = validate_allocs(without, inst, ilen);
        if (a != b)
            fail_msg("depth %zu: %lu allocations with \"required\", %lu without", depth, a, b);
        if (depth == 1)
            first = b;
        else if (b > first)
            grew++;
    }
    /* the scratch words did grow in the range (the depth where they fill was inside it) */
    assert_true(grew > 0);
}

/* {"$id":"urn:m","properties":{"p0":{},...},"dependentSchemas":{...},"allOf":[{},...],
 * "anyOf":[...]} with n entries in each */
static size_t big_schema(char *buf, size_t cap, size_t n)
{
    size_t o = 0, i = 0;
    o += (size_t)snprintf(buf + o, cap - o, "{\"$id\":\"urn:m\",\"properties\":{");
    for (i = 0; i < n; i++)
        o += (size_t)snprintf(buf + o, cap - o, "%s\"p%zu\":{}", i ? "," : "", i);
    o += (size_t)snprintf(buf + o, cap - o, "},\"dependentSchemas\":{");
    for (i = 0; i < n; i++)
        o += (size_t)snprintf(buf + o, cap - o, "%s\"d%zu\":{}", i ? "," : "", i);
    o += (size_t)snprintf(buf + o, cap - o, "},\"allOf\":[");
    for (i = 0; i < n; i++)
        o += (size_t)snprintf(buf + o, cap - o, "%s{}", i ? "," : "");
    o += (size_t)snprintf(buf + o, cap - o, "],\"anyOf\":[");
    for (i = 0; i < n; i++)
        o += (size_t)snprintf(buf + o, cap - o, "%s{}", i ? "," : "");
    o += (size_t)snprintf(buf + o, cap - o, "]}");
    assert_true(o < cap);
    return o;
}

/* draft-07: {"$schema":"http://json-schema.org/draft-07/schema#","$id":"urn:m","dependencies":{
 * "d0":{},"a0":["x"],...},"allOf":[...]} with n entries each */
static size_t big_schema_d7(char *buf, size_t cap, size_t n)
{
    size_t o = 0, i = 0;
    o += (size_t)snprintf(buf + o, cap - o,
                          "{\"$schema\":\"http://json-schema.org/draft-07/schema#\","
                          "\"$id\":\"urn:m\",\"dependencies\":{");
    for (i = 0; i < n; i++)
        o += (size_t)snprintf(buf + o, cap - o, "%s\"d%zu\":{},\"a%zu\":[\"x\"]", i ? "," : "", i,
                              i);
    o += (size_t)snprintf(buf + o, cap - o, "},\"allOf\":[");
    for (i = 0; i < n; i++)
        o += (size_t)snprintf(buf + o, cap - o, "%s{}", i ? "," : "");
    o += (size_t)snprintf(buf + o, cap - o, "]}");
    assert_true(o < cap);
    return o;
}

/* {"$id":"urn:m","allOf":[{},...]} with n items: the list's node array (8 n bytes) starts a new
 * arena chunk for n near 560, from about 1320 to 1410 and from 2790 to 3000 (found with
 * AMC_ALLOC_FAIL_TRACE=1; each chunk is twice the last) */
static size_t list_schema(char *buf, size_t cap, size_t n)
{
    size_t o = 0, i = 0;
    o += (size_t)snprintf(buf + o, cap - o, "{\"$id\":\"urn:m\",\"allOf\":[");
    for (i = 0; i < n; i++)
        o += (size_t)snprintf(buf + o, cap - o, "%s{}", i ? "," : "");
    o += (size_t)snprintf(buf + o, cap - o, "]}");
    assert_true(o < cap);
    return o;
}

static void test_compile_big_tables_enomem(void **state)
{
    static const size_t sizes[] = {700, 1500, 3000};
    static const size_t lists[] = {560, 1340, 1390, 2850, 2950};
    static char sch[160000];
    size_t z = 0;
    (void)state;
    for (z = 0; z < 6 + sizeof lists / sizeof lists[0]; z++) {
        size_t nz = z < 6 ? sizes[z % 3] : lists[z - 6];
        size_t len = z < 3   ? big_schema(sch, sizeof sch, nz)
                     : z < 6 ? big_schema_d7(sch, sizeof sch, nz)
                             : list_schema(sch, sizeof sch, nz);
        unsigned long n = 0, k = 0;
        for (k = 0;; k++) {
            amc_diags *ds = NULL;
            amc_schema_set *set = NULL;
            const amc_schema *sc = NULL;
            amc_status st = AMC_OK;
            amc_test_alloc_fail_at(k == 0 ? -1 : (long)(k - 1));
            ds = amc_diags_new(0);
            set = ds ? amc_schema_set_new(NULL) : NULL;
            if (set) {
                st = amc_schema_set_add(set, NULL, sch, len, ds, NULL);
                if (st == AMC_OK)
                    st = amc_schema_compile(set, "urn:m", ds, &sc);
            } else {
                st = AMC_ENOMEM;
            }
            if (k == 0) {
                n = amc_test_alloc_count();
                assert_int_equal(st, AMC_OK);
                assert_non_null(sc);
            } else if (st != AMC_ENOMEM) {
                fail_msg("schema %zu (%zu entries), allocation %lu of %lu failing: status %d", z,
                         nz, k - 1, n, (int)st);
            }
            amc_test_alloc_fail_at(-1);
            amc_schema_set_free(set);
            amc_diags_free(ds);
            if (k > 0 && k >= n)
                break;
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scan_enomem_reports_nothing),
        cmocka_unit_test(test_compile_big_tables_enomem),
        cmocka_unit_test(test_required_allocates_nothing),
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
