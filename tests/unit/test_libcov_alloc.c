/*
 * test_libcov_alloc.c - allocation-failure sweeps (alloc_fail_sweep.h: every allocation of a job
 * failing once, one at a time; AMC_ENOMEM reported or exactly the clean result) over jobs the
 * coverage report showed the error paths of untested:
 *   - the linter on schemas whose subschemas are reached only through $ref inside unknown
 *     keywords (lint.c walk_extra), properties declared in branches through chains of $ref and
 *     in dependentSchemas / if / then (branch_props);
 *   - the compiler on a schema with every keyword that builds a table (properties, required,
 *     dependentRequired, dependentSchemas, patternProperties, propertyNames, enum, $dynamicRef
 *     / $dynamicAnchor, if / then / else, contains bounds, prefixItems), and on one big keyword
 *     at a time (its tables are allocations of their own);
 *   - a discussion session with phases, messages, objections and duplicate ids;
 *   - a conformance scenario written from a generated lifecycle sequence;
 *   - JCS of trusted text through the fast writer (every failure is AMC_ENOMEM).
 * Each clean result is asserted too (test_clean_results). Needs -DAMC_ALLOC_FAILPOINTS=ON (the
 * ASan+UBSan build of ci/test.sh); elsewhere the test is skipped and says so.
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
#include "amc/conform.h"
#include "amc/json.h"
#include "amc/lifecycle.h"
#include "amc/lint.h"
#include "core/arena_int.h"
#include "formats/jcs_int.h"

#ifdef AMC_ALLOC_FAILPOINTS

#include "alloc_fail_sweep.h"

#define S2020 "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
#define S7    "{\"$schema\":\"http://json-schema.org/draft-07/schema#\","

/* ---- the linter ---- */

static const char *lint_schema;

static amc_status sc_lint(result *r)
{
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const char *uri = NULL;
    amc_status st = AMC_ENOMEM;
    if (ds && set) {
        st = amc_schema_set_add(set, "https://test.invalid/l.json", lint_schema,
                                strlen(lint_schema), ds, &uri);
        r_add(r, "add %d", (int)st);
        if (st == AMC_OK) {
            st = amc_schema_lint(set, uri, NULL, ds);
            r_add(r, " lint %d", (int)st);
        }
        r_diags(r, ds);
    }
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

static const struct lint_job {
    const char *name, *schema, *clean;
} lint_jobs[] = {
    {"lint: $ref into an unknown keyword (draft 7)",
     S7 "\"x-k\":{\"items\":[{\"minimum\":2,\"maximum\":1}],\"properties\":{\"p\":{}},"
        "\"dependencies\":{\"q\":{\"format\":\"zzz\"}}},\"$ref\":\"#/x-k\"}",
     "add 0 lint 0 LINT_BOUNDS_CONTRADICTORY LINT_FORMAT_UNKNOWN"},
    {"lint: branch properties through $ref chains",
     S2020 "\"additionalProperties\":false,\"oneOf\":[{\"$ref\":\"#/$defs/b\"}],"
           "\"anyOf\":[{\"$id\":\"https://x.invalid/c\",\"properties\":{\"y\":{}}}],"
           "\"dependentSchemas\":{\"a\":{\"properties\":{\"w\":{}}}},"
           "\"if\":{\"properties\":{\"v\":{}}},\"then\":{\"properties\":{\"u\":{}}},"
           "\"$defs\":{\"b\":{\"$ref\":\"#/$defs/c\"},\"c\":{\"properties\":{\"z\":{}}}}}",
     "add 0 lint 0 LINT_PROPERTY_IN_BRANCH LINT_PROPERTY_IN_BRANCH LINT_PROPERTY_IN_BRANCH "
     "LINT_PROPERTY_IN_BRANCH LINT_PROPERTY_IN_BRANCH"},
};

static void test_lint(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof lint_jobs / sizeof lint_jobs[0]; i++) {
        lint_schema = lint_jobs[i].schema;
        sweep(lint_jobs[i].name, sc_lint);
    }
}

/* ---- the compiler and validator ---- */

static const char compile_schema[] =
    S2020 "\"$id\":\"https://x.invalid/c.json\",\"$dynamicAnchor\":\"node\","
          "\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},"
          "\"b\":{\"enum\":[1,\"x\",[2],{\"k\":3}]},\"t\":{\"$dynamicRef\":\"#node\"},"
          "\"l\":{\"prefixItems\":[{\"type\":\"string\"}],\"items\":false,"
          "\"contains\":{\"const\":1},\"minContains\":1,\"maxContains\":2}},"
          "\"required\":[\"a\",\"b\"],\"dependentRequired\":{\"a\":[\"b\",\"c\"]},"
          "\"dependentSchemas\":{\"b\":{\"required\":[\"a\"]}},"
          "\"patternProperties\":{\"^p\":{\"type\":\"number\"},\"^q\":true},"
          "\"propertyNames\":{\"maxLength\":3},\"additionalProperties\":{\"type\":\"null\"},"
          "\"if\":{\"properties\":{\"a\":{\"const\":1}}},\"then\":{\"required\":[\"c\"]},"
          "\"else\":{\"not\":{\"required\":[\"zz\"]}},\"unevaluatedProperties\":false}";
static const char compile_inst[] =
    "{\"a\":1,\"b\":\"x\",\"t\":{\"a\":2,\"b\":1},\"l\":[\"s\",1],\"p1\":\"no\",\"long\":null}";

static amc_status sc_compile(result *r)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const amc_schema *sc = NULL;
    const char *uri = NULL;
    amc_doc *doc = NULL;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    amc_status st = AMC_ENOMEM;
    bool valid = false;
    if (set && ds) {
        st = amc_schema_set_add(set, "https://x.invalid/c.json", compile_schema,
                                sizeof compile_schema - 1, ds, &uri);
        r_add(r, "add %d", (int)st);
        if (st == AMC_OK) {
            st = amc_schema_compile(set, uri, ds, &sc);
            r_add(r, " compile %d", (int)st);
        }
        if (st == AMC_OK) {
            st = amc_json_read(compile_inst, sizeof compile_inst - 1, NULL, ds, &doc);
            r_add(r, " read %d", (int)st);
        }
        if (st == AMC_OK) {
            o.all_errors = true;
            st = amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid);
            r_add(r, " validate %d %s", (int)st, valid ? "valid" : "invalid");
        }
        r_diags(r, ds);
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
    amc_schema_set_free(set);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

static void test_compile(void **state)
{
    (void)state;
    sweep("compile: every table-building keyword", sc_compile);
}

/* ---- the compiler's tables of a big keyword ----
 * A keyword with thousands of members makes its key, length, node and value arrays tens of KB:
 * larger than what is left of the set's arena chunk (when no walk of many subschemas grew it
 * first), so each is an allocation of its own, and the sweep fails each one alone. */

static const char *big_kw; /* the keyword of the running sweep */
static char *big_schema;

static void make_big(const char *kw, size_t count)
{
    size_t cap = 64 + count * 24, n = 0, i = 0;
    big_kw = kw;
    free(big_schema);
    big_schema = malloc(cap);
    assert_non_null(big_schema);
    n = (size_t)snprintf(
        big_schema, cap, "{\"%s\":%c", kw,
        !strcmp(kw, "required") || !strcmp(kw, "enum") || !strcmp(kw, "allOf") ? '[' : '{');
    for (i = 0; i < count; i++) {
        if (!strcmp(kw, "required"))
            n += (size_t)snprintf(big_schema + n, cap - n, "%s\"p%zu\"", i ? "," : "", i);
        else if (!strcmp(kw, "enum"))
            n += (size_t)snprintf(big_schema + n, cap - n, "%s%zu", i ? "," : "", i);
        else if (!strcmp(kw, "allOf"))
            n += (size_t)snprintf(big_schema + n, cap - n, "%strue", i ? "," : "");
        else if (!strcmp(kw, "dependentRequired"))
            n += (size_t)snprintf(big_schema + n, cap - n, "%s\"p%zu\":[]", i ? "," : "", i);
        else
            n += (size_t)snprintf(big_schema + n, cap - n, "%s\"p%zu\":true", i ? "," : "", i);
    }
    snprintf(big_schema + n, cap - n, "%c}",
             !strcmp(kw, "required") || !strcmp(kw, "enum") || !strcmp(kw, "allOf") ? ']' : '}');
}

static amc_status sc_big(result *r)
{
    /* "required" gets an array (it applies to objects only: one finding per missing name) */
    const char *inst = strcmp(big_kw, "required") ? "{\"p1\":1,\"p299\":2}" : "[]";
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const amc_schema *sc = NULL;
    const char *uri = NULL;
    amc_doc *doc = NULL;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    amc_status st = AMC_ENOMEM;
    bool valid = false;
    if (set && ds) {
        st = amc_schema_set_add(set, "https://x.invalid/big.json", big_schema, strlen(big_schema),
                                ds, &uri);
        r_add(r, "add %d", (int)st);
        if (st == AMC_OK) {
            st = amc_schema_compile(set, uri, ds, &sc);
            r_add(r, " compile %d", (int)st);
        }
        if (st == AMC_OK) {
            st = amc_json_read(inst, strlen(inst), NULL, ds, &doc);
            r_add(r, " read %d", (int)st);
        }
        if (st == AMC_OK) {
            st = amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid);
            r_add(r, " validate %d %s", (int)st, valid ? "valid" : "invalid");
        }
        r_diags(r, ds);
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
    amc_schema_set_free(set);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* "properties" at sizes whose key array is the allocation that needs a new arena chunk (300, 700,
 * 1500 in the release and coverage builds; 500, 1200 with the sanitizers' red zones): failing it
 * alone must end the compile (the lengths array after it comes from a fresh chunk) */
static const struct big_job {
    const char *kw;
    size_t count;
    const char *clean;
} big_jobs[] = {
    {"properties", 300, "add 0 compile 0 read 0 validate 0 valid"},
    {"properties", 500, "add 0 compile 0 read 0 validate 0 valid"},
    {"properties", 700, "add 0 compile 0 read 0 validate 0 valid"},
    {"properties", 1200, "add 0 compile 0 read 0 validate 0 valid"},
    {"properties", 1500, "add 0 compile 0 read 0 validate 0 valid"},
    {"required", 10000, "add 0 compile 0 read 0 validate 0 valid"},
    {"dependentRequired", 10000, "add 0 compile 0 read 0 validate 0 valid"},
    {"dependentSchemas", 5000, "add 0 compile 0 read 0 validate 0 valid"},
    {"enum", 10000, "add 0 compile 0 read 0 validate 0 invalid SCHEMA_ENUM"},
    {"allOf", 3000, "add 0 compile 0 read 0 validate 0 valid"},
};

static void test_big_keywords(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof big_jobs / sizeof big_jobs[0]; i++) {
        char name[64];
        make_big(big_jobs[i].kw, big_jobs[i].count);
        snprintf(name, sizeof name, "compile: %s of %zu", big_kw, big_jobs[i].count);
        sweep(name, sc_big);
    }
    free(big_schema);
    big_schema = NULL;
}

/* ---- a discussion session ---- */

static amc_status sc_discussion(result *r)
{
    static const char *const f[] = {"tests/data/libcov/discussion-session.json", NULL};
    return run_profile(r, "discussion", false, f, NULL);
}

static void test_discussion(void **state)
{
    (void)state;
    sweep("discussion session", sc_discussion);
}

/* ---- a lifecycle scenario written from a generated sequence ---- */

static amc_status sc_scenario(result *r)
{
    amc_lifecycle_opts o;
    amc_lifecycle_gen *g = NULL;
    amc_lifecycle_result res;
    char *json = NULL;
    size_t len = 0;
    amc_status st = AMC_OK;
    memset(&o, 0, sizeof o);
    o.profile = "mailbox";
    st = amc_lifecycle_gen_new(&o, 42, &g);
    r_add(r, "new %d", (int)st);
    if (st == AMC_OK) {
        st = amc_lifecycle_gen_next(g);
        r_add(r, " next %d", (int)st);
    }
    if (st == AMC_OK) {
        st = amc_conform_lifecycle_scenario(g, "mailbox", "LC-X", "d\"q", true, &json, &len);
        r_add(r, " scenario %d %zu", (int)st, len);
    }
    if (st == AMC_OK) {
        st = amc_lifecycle_gen_step(g, amc_lifecycle_gen_len(g), &res);
        r_add(r, " end %d %s", (int)st, res.accepted ? "accepted" : "rejected");
    }
    amc_free(json);
    amc_lifecycle_gen_free(g);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

static void test_scenario(void **state)
{
    (void)state;
    sweep("lifecycle scenario", sc_scenario);
}

/* ---- JCS of trusted text (the fast writer) ----
 * amc_jcs_write_ex() with trusted_utf8 writes through the fast path; an allocation failure
 * there (the output buffer cannot grow) is AMC_ENOMEM at once. Every allocation of the clean
 * run, failed alone, must give AMC_ENOMEM: none is absorbed by writing again. */
static void test_jcs_fast_path(void **state)
{
    char json[4096];
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    char *out = NULL, *clean = NULL;
    size_t n = 0, i = 0, len = 0, k = 0, allocs = 0;
    (void)state;
    assert_non_null(ds);
    n = (size_t)snprintf(json, sizeof json, "{\"z\":[");
    for (i = 0; i < 200; i++)
        n += (size_t)snprintf(json + n, sizeof json - n, "%s\"s%zu\"", i ? "," : "", i);
    snprintf(json + n, sizeof json - n, "],\"a\":{\"b\":1.5,\"c\":true,\"d\":null}}");
    assert_int_equal(amc_json_read(json, strlen(json), NULL, ds, &doc), AMC_OK);
    amc_test_alloc_fail_at(-1);
    assert_int_equal(amc_jcs_write_ex(amc_doc_root(doc), ds, true, &clean, &len), AMC_OK);
    allocs = amc_test_alloc_count();
    assert_true(allocs >= 2);
    assert_int_equal(strncmp(clean, "{\"a\":{\"b\":1.5,\"c\":true,\"d\":null},\"z\":[\"s0\",", 40),
                     0);
    assert_int_equal(len, strlen(clean));
    for (k = 0; k < allocs; k++) {
        amc_status st = AMC_OK;
        amc_test_alloc_fail_at((long)k);
        st = amc_jcs_write_ex(amc_doc_root(doc), ds, true, &out, &len);
        amc_test_alloc_fail_at(-1);
        if (st != AMC_ENOMEM)
            fail_msg("jcs fast path: allocation %zu of %zu failing gave %d, not AMC_ENOMEM", k,
                     allocs, (int)st);
        assert_null(out);
    }
    assert_int_equal(amc_diags_count(ds), 0);
    amc_free(clean);
    amc_doc_free(doc);
    amc_diags_free(ds);
}

/* the clean results the sweeps compare against */
static void test_clean_results(void **state)
{
    result *r = calloc(1, sizeof *r);
    size_t i = 0;
    (void)state;
    (void)lc_event; /* alloc_fail_sweep.h's lifecycle helpers: not used here */
    (void)lc_end;
    assert_non_null(r);
    for (i = 0; i < sizeof lint_jobs / sizeof lint_jobs[0]; i++) {
        memset(r, 0, sizeof *r);
        lint_schema = lint_jobs[i].schema;
        assert_int_equal(sc_lint(r), AMC_OK);
        assert_string_equal(r->text, lint_jobs[i].clean);
    }
    memset(r, 0, sizeof *r);
    assert_int_equal(sc_compile(r), AMC_OK);
    assert_string_equal(r->text,
                        "add 0 compile 0 read 0 validate 0 invalid SCHEMA_DEPENDENT_REQUIRED "
                        "SCHEMA_REQUIRED SCHEMA_DEPENDENT_REQUIRED SCHEMA_ITEMS "
                        "SCHEMA_TYPE SCHEMA_PROPERTY_NAMES SCHEMA_MAX_LENGTH");
    for (i = 0; i < sizeof big_jobs / sizeof big_jobs[0]; i++) {
        memset(r, 0, sizeof *r);
        make_big(big_jobs[i].kw, big_jobs[i].count);
        assert_int_equal(sc_big(r), AMC_OK);
        assert_string_equal(r->text, big_jobs[i].clean);
    }
    free(big_schema);
    big_schema = NULL;
    memset(r, 0, sizeof *r);
    assert_int_equal(sc_discussion(r), AMC_OK);
    assert_string_equal(r->text, "new 0 | 1 DISC_PHASE_NAME DISC_PHASE_STRUCTURE "
                                 "DISC_CLOSED_BEFORE_CREATED DISC_ID_MISMATCH "
                                 "DISC_SPEAKER_NOT_PARTICIPANT DISC_SESSION_MISMATCH "
                                 "DISC_MSG_ID_DUPLICATE DISC_MSG_ID_DUPLICATE DISC_OBJ_TARGET");
    memset(r, 0, sizeof *r);
    assert_int_equal(sc_scenario(r), AMC_OK);
    assert_string_equal(r->text, "new 0 next 0 scenario 0 2294 end 0 accepted");
    free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean_results), cmocka_unit_test(test_lint),
        cmocka_unit_test(test_compile),       cmocka_unit_test(test_big_keywords),
        cmocka_unit_test(test_discussion),    cmocka_unit_test(test_jcs_fast_path),
        cmocka_unit_test(test_scenario),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#else /* !AMC_ALLOC_FAILPOINTS */

static void test_skipped(void **state)
{
    (void)state;
    print_message("test_libcov_alloc: built without -DAMC_ALLOC_FAILPOINTS=ON; skipped\n");
    skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_skipped)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#endif
