/*
 * test_mutval_api.c - what the schema engine reports for instance documents that no reader
 * made (issue 22: mutants of src/schema/validate.c no test told apart):
 *   - a document built with amc_doc_new(NULL, 0) has no source text: a diagnostic's position is
 *     amc_doc_pos()'s (the offset, line and column 0), for every diagnostic of the run
 *   - a document whose values carry offsets past the end of its source text: the same
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

static const amc_schema *compile(amc_schema_set *set, const char *text)
{
    amc_diags *ds = amc_diags_new(0);
    const char *uri = NULL;
    const amc_schema *cs = NULL;
    assert_non_null(ds);
    assert_int_equal(amc_schema_set_add(set, NULL, text, strlen(text), ds, &uri), AMC_OK);
    assert_int_equal(amc_schema_compile(set, uri, ds, &cs), AMC_OK);
    amc_diags_free(ds);
    return cs;
}

/* [5, 6, "x"] built by hand at offsets 10, 20, 30 (the array at 3), in doc */
static amc_value *built_array(amc_doc *doc)
{
    amc_value *arr = amc_doc_new_value(doc, AMC_T_ARRAY, 3);
    amc_value **items = amc_doc_alloc(doc, 3 * sizeof *items);
    assert_true(arr && items);
    items[0] = amc_doc_new_number(doc, "5", 1, 10);
    items[1] = amc_doc_new_number(doc, "6", 1, 20);
    items[2] = amc_doc_new_string(doc, "x", 1, 30);
    assert_true(items[0] && items[1] && items[2]);
    arr->u.arr.items = items;
    arr->u.arr.len = 3;
    amc_doc_set_root(doc, arr);
    return arr;
}

static void check_positions(amc_doc *doc)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const amc_schema *cs = NULL;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    bool valid = true;
    size_t i = 0;
    static const size_t want[] = {10, 20, 30};
    assert_true(set && ds);
    cs = compile(set, "{\"items\": {\"type\": \"boolean\"}}");
    assert_int_equal(amc_schema_validate(cs, built_array(doc), doc, &o, ds, &valid), AMC_OK);
    assert_false(valid);
    assert_int_equal(amc_diags_count(ds), 3);
    for (i = 0; i < 3; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        amc_pos p = amc_doc_pos(doc, want[i]);
        assert_int_equal(d->code, AMC_C_SCHEMA_TYPE);
        assert_int_equal(d->at.offset, want[i]);
        assert_int_equal(d->at.offset, p.offset);
        assert_int_equal(d->at.line, p.line);
        assert_int_equal(d->at.col, p.col);
    }
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

/* no source text at all: positions without line and column */
static void test_no_source(void **state)
{
    amc_doc *doc = amc_doc_new(NULL, 0);
    (void)state;
    assert_non_null(doc);
    check_positions(doc);
    assert_int_equal(amc_doc_pos(doc, 20).line, 0);
    assert_int_equal(amc_doc_pos(doc, 20).col, 0);
    amc_doc_free(doc);
}

/* a source text shorter than the offsets the values carry */
static void test_offsets_past_source(void **state)
{
    static const char src[] = "[\n1]";
    amc_doc *doc = amc_doc_new(src, sizeof src - 1);
    (void)state;
    assert_non_null(doc);
    check_positions(doc);
    amc_doc_free(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_source),
        cmocka_unit_test(test_offsets_past_source),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
