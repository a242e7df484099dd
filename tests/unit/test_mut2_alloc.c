/*
 * test_mut2_alloc.c - allocation-failure sweeps (alloc_fail_sweep.h: every allocation of a job
 * failing once, one at a time; AMC_ENOMEM reported or exactly the clean result) over jobs whose
 * error paths surviving mutants showed unobserved:
 *   - src/formats/jcs.c current_pointer: a JCS diagnostic's JSON Pointer (recorded here, so an
 *     empty pointer made after a failed one is a different result, not ENOMEM);
 *   - src/formats/json_read.c json_read: a warning that could not be stored makes the read
 *     AMC_ENOMEM and empties the document (amc_json_read and amc_json_read_reuse);
 *   - src/profiles/acp.c check_envelope: an ENOMEM from the message_id checks stands (the
 *     timestamp check after it must not run and turn it into AMC_OK).
 * Needs -DAMC_ALLOC_FAILPOINTS=ON (the ASan+UBSan build of ci/test.sh and ci/mutate.py's build);
 * elsewhere the test is skipped and says so.
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
#include "amc/jcs.h"
#include "amc/json.h"
#include "core/arena_int.h"

#ifdef AMC_ALLOC_FAILPOINTS

#include "alloc_fail_sweep.h"

/* every diagnostic's code and instance pointer */
static void r_diag_ptrs(result *r, const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; ds && i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        r_add(r, " %s@%s", amc_code_id(d->code), d->instance_ptr ? d->instance_ptr : "-");
    }
}

/* JCS of numbers that lose precision, deep in a tree: each diagnostic names its pointer */
static amc_status sc_jcs_pointers(result *r)
{
    static const char in[] = "{\"a\":{\"b~/\":[1,0.10000000000000000000001]},"
                             "\"c\":[[12345678901234567890123]]}";
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    amc_status st = AMC_ENOMEM;
    char *out = NULL;
    size_t olen = 0;
    if (ds) {
        st = amc_json_read(in, sizeof in - 1, NULL, ds, &doc);
        r_add(r, "read %d", (int)st);
        if (st == AMC_OK) {
            st = amc_jcs_write(amc_doc_root(doc), ds, &out, &olen);
            r_add(r, " jcs %d %s", (int)st, out ? out : "-");
        }
        r_diag_ptrs(r, ds);
    }
    amc_free(out);
    amc_doc_free(doc);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* A text with a byte order mark (a warning) read alone and into a reused document, twice */
static amc_status sc_json_warning(result *r)
{
    static const char in[] = "\xEF\xBB\xBF{\"a\":[1,2]}";
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL, *reuse = NULL;
    amc_status st = AMC_ENOMEM;
    bool nomem = false;
    int i = 0;
    if (!ds)
        return AMC_ENOMEM;
    st = amc_json_read(in, sizeof in - 1, NULL, ds, &doc);
    r_add(r, "read %d %s", (int)st, doc ? "doc" : "no doc");
    r_diags(r, ds);
    nomem = st == AMC_ENOMEM;
    amc_doc_free(doc);
    for (i = 0; i < 2; i++) {
        amc_diags_clear(ds);
        st = amc_json_read_reuse(in, sizeof in - 1, NULL, ds, &reuse);
        r_add(r, " | reuse %d %s", (int)st,
              reuse && amc_doc_root(reuse)
                  ? (amc_doc_root(reuse)->type == AMC_T_OBJECT ? "object" : "other")
                  : "no root");
        r_diags(r, ds);
        nomem = nomem || st == AMC_ENOMEM;
    }
    amc_doc_free(reuse);
    amc_diags_free(ds);
    return nomem ? AMC_ENOMEM : AMC_OK;
}

/* A text over max_input_bytes: LIMIT_SIZE, whose storage failing makes the read AMC_ENOMEM (the
 * reader returns AMC_ELIMIT without looking at that diagnostic's status); alone and into a
 * reused document, which must stay usable (amc_json_read_reuse's contract) */
static amc_status sc_json_limit(result *r)
{
    static const char in[] = "{\"a\":[1,2,3,4,5]}";
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL, *reuse = NULL;
    amc_status st = AMC_ENOMEM;
    bool nomem = false;
    if (!ds)
        return AMC_ENOMEM;
    lim.max_input_bytes = 8;
    st = amc_json_read(in, sizeof in - 1, &lim, ds, &doc);
    r_add(r, "read %d %s", (int)st, doc ? "doc" : "no doc");
    r_diags(r, ds);
    nomem = st == AMC_ENOMEM;
    amc_doc_free(doc);
    amc_diags_clear(ds);
    st = amc_json_read_reuse("[1]", 3, NULL, ds, &reuse);
    r_add(r, " | reuse %d", (int)st);
    nomem = nomem || st == AMC_ENOMEM;
    if (reuse) {
        amc_doc *before = reuse;
        amc_diags_clear(ds);
        st = amc_json_read_reuse(in, sizeof in - 1, &lim, ds, &reuse);
        if (reuse != before)
            fail_msg("amc_json_read_reuse replaced the caller's document (status %d)", (int)st);
        r_add(r, " | reuse %d %s", (int)st, amc_doc_root(reuse) ? "root" : "no root");
        r_diags(r, ds);
        nomem = nomem || st == AMC_ENOMEM;
        /* and it can be passed again */
        amc_diags_clear(ds);
        st = amc_json_read_reuse("[2]", 3, NULL, ds, &reuse);
        r_add(r, " | reuse %d", (int)st);
        nomem = nomem || st == AMC_ENOMEM;
    }
    amc_doc_free(reuse);
    amc_diags_free(ds);
    return nomem ? AMC_ENOMEM : AMC_OK;
}

/* ACP envelopes with the short message_id form (a warning found by a schema check) and a
 * timestamp (checked after it) */
static amc_status sc_acp_short_id(result *r)
{
    static const char *const f[] = {"conformance/acp/inputs/id-short-042.json",
                                    "conformance/acp/inputs/id-short.json", NULL};
    return run_profile(r, "acp", false, f, NULL);
}

/* A schema of 3000 properties: its name table is large enough to take an allocation of its own
 * (compile.c build_ptab), whose failure must end the compile */
static amc_status sc_big_properties(result *r)
{
    static char schema[3000 * 24 + 128];
    static const char inst[] = "{\"p7\":7,\"p2999\":1,\"q\":0}";
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const amc_schema *sc = NULL;
    const char *uri = NULL;
    amc_doc *doc = NULL;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    amc_status st = AMC_ENOMEM;
    bool valid = false;
    size_t n = 0, i = 0;
    if (!schema[0]) {
        n = (size_t)snprintf(schema, sizeof schema,
                             "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
                             "\"additionalProperties\":false,\"properties\":{");
        for (i = 0; i < 3000 && n < sizeof schema; i++)
            n += (size_t)snprintf(schema + n, sizeof schema - n, "%s\"p%zu\":{\"const\":%zu}",
                                  i ? "," : "", i, i);
        assert_true(n + 3 < sizeof schema);
        snprintf(schema + n, sizeof schema - n, "}}");
    }
    if (set && ds) {
        st = amc_schema_set_add(set, "https://test.invalid/big.json", schema, strlen(schema), ds,
                                &uri);
        r_add(r, "add %d", (int)st);
        if (st == AMC_OK) {
            st = amc_schema_compile(set, uri, ds, &sc);
            r_add(r, " compile %d", (int)st);
        }
        if (st == AMC_OK) {
            st = amc_json_read(inst, sizeof inst - 1, NULL, ds, &doc);
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

/* oneOf over an object of 7000 members with unevaluatedProperties: each branch's annotation
 * needs more words than the validator's inline scratch (validate.c annot_new) */
static amc_status sc_annot_words(result *r)
{
    static const char schema[] = "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
                                 "\"oneOf\":[{\"patternProperties\":{\"^k\":true}},"
                                 "{\"required\":[\"nope\"]}],\"unevaluatedProperties\":false}";
    static char inst[7000 * 16 + 16]; /* "k6999":6999, is 13 bytes */
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const amc_schema *sc = NULL;
    const char *uri = NULL;
    amc_doc *doc = NULL;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    amc_status st = AMC_ENOMEM;
    bool valid = false;
    size_t n = 0, i = 0;
    if (!inst[0]) {
        inst[n++] = '{';
        for (i = 0; i < 7000 && n < sizeof inst; i++)
            n += (size_t)snprintf(inst + n, sizeof inst - n, "%s\"%c%zu\":%zu", i ? "," : "",
                                  i == 6999 ? 'x' : 'k', i, i);
        assert_true(n + 2 < sizeof inst);
        snprintf(inst + n, sizeof inst - n, "}");
    }
    if (set && ds) {
        st = amc_schema_set_add(set, "https://test.invalid/annot.json", schema, sizeof schema - 1,
                                ds, &uri);
        if (st == AMC_OK)
            st = amc_schema_compile(set, uri, ds, &sc);
        if (st == AMC_OK)
            st = amc_json_read(inst, strlen(inst), NULL, ds, &doc);
        r_add(r, "setup %d", (int)st);
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

static void test_annot_words(void **state)
{
    (void)state;
    sweep("annotation words", sc_annot_words);
}

static void test_big_properties(void **state)
{
    (void)state;
    sweep("big properties", sc_big_properties);
}

static void test_jcs_pointers(void **state)
{
    (void)state;
    sweep("jcs pointers", sc_jcs_pointers);
}

static void test_json_warning(void **state)
{
    (void)state;
    sweep("json warning", sc_json_warning);
}

static void test_json_limit(void **state)
{
    (void)state;
    sweep("json limit", sc_json_limit);
}

static void test_acp_short_id(void **state)
{
    (void)state;
    sweep("acp short id", sc_acp_short_id);
}

/* the clean results themselves: what the sweeps compare against */
static void test_clean_results(void **state)
{
    result *r = calloc(1, sizeof *r);
    (void)state;
    (void)lc_event; /* alloc_fail_sweep.h's lifecycle helpers: not used here */
    (void)lc_end;
    assert_non_null(r);
    assert_int_equal(sc_jcs_pointers(r), AMC_OK);
    assert_string_equal(r->text,
                        "read 0 jcs 0 {\"a\":{\"b~/\":[1,0.1]},\"c\":[[1.2345678901234568e+22]]}"
                        " JCS_NUMBER_PRECISION@/a/b~0~1/1"
                        " JCS_NUMBER_PRECISION@/c/0/0");
    memset(r, 0, sizeof *r);
    assert_int_equal(sc_json_warning(r), AMC_OK);
    assert_string_equal(r->text, "read 0 doc JSON_BOM | reuse 0 object JSON_BOM | reuse 0 object "
                                 "JSON_BOM");
    memset(r, 0, sizeof *r);
    assert_int_equal(sc_json_limit(r), AMC_OK);
    assert_string_equal(r->text,
                        "read 2 no doc LIMIT_SIZE | reuse 0 | reuse 2 no root LIMIT_SIZE | "
                        "reuse 0");
    memset(r, 0, sizeof *r);
    assert_int_equal(sc_acp_short_id(r), AMC_OK);
    assert_non_null(strstr(r->text, "ACP_ID_SHORT_FORM"));
    memset(r, 0, sizeof *r);
    assert_int_equal(sc_big_properties(r), AMC_OK);
    assert_string_equal(r->text, "add 0 compile 0 read 0 validate 0 invalid SCHEMA_CONST "
                                 "SCHEMA_ADDITIONAL_PROPERTIES");
    memset(r, 0, sizeof *r);
    assert_int_equal(sc_annot_words(r), AMC_OK);
    assert_string_equal(r->text, "setup 0 validate 0 invalid SCHEMA_UNEVALUATED_PROPERTIES");
    free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean_results), cmocka_unit_test(test_jcs_pointers),
        cmocka_unit_test(test_json_warning),  cmocka_unit_test(test_json_limit),
        cmocka_unit_test(test_acp_short_id),  cmocka_unit_test(test_big_properties),
        cmocka_unit_test(test_annot_words),
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
