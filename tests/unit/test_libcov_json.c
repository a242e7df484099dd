/*
 * test_libcov_json.c - duplicate-key detection of the JSON reader (src/formats/json_read.c) in
 * nested objects with many members: the outer object holds the reader's one local hash table,
 * so inner objects past 32 members get tables of their own; a frame that grew its own table
 * past 1024 slots (an inner object of 3000 members) starts a small one for the next object at
 * that depth. The duplicate in the last inner object is found and reported at its second
 * occurrence, with and without amc_json_read_reuse(), and the objects without one read fully.
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

static size_t put_obj(char *s, size_t n, size_t cap, const char *prefix, size_t count)
{
    size_t i = 0;
    n += (size_t)snprintf(s + n, cap - n, "{");
    for (i = 0; i < count; i++)
        n += (size_t)snprintf(s + n, cap - n, "%s\"%s%zu\":%zu", i ? "," : "", prefix, i, i);
    return n;
}

/* {"a0":0,...,"a39":39,"arr":[{"b0":0,...,"b2999":2999},{"c0":0,...,"c39":39[,"c7":0]}]} */
static char *make_doc(int dup, size_t *len, size_t *dup_at)
{
    size_t cap = 64 * 1024, n = 0;
    char *s = malloc(cap);
    assert_non_null(s);
    n = put_obj(s, n, cap, "a", 40);
    n += (size_t)snprintf(s + n, cap - n, ",\"arr\":[");
    n = put_obj(s, n, cap, "b", 3000);
    n += (size_t)snprintf(s + n, cap - n, "},");
    n = put_obj(s, n, cap, "c", 40);
    *dup_at = n + 1;
    if (dup)
        n += (size_t)snprintf(s + n, cap - n, ",\"c7\":0");
    n += (size_t)snprintf(s + n, cap - n, "}]}");
    *len = n;
    return s;
}

static void check_doc(amc_doc *doc)
{
    const amc_value *root = amc_doc_root(doc), *arr = NULL;
    assert_non_null(root);
    assert_int_equal(root->u.obj.len, 41);
    arr = amc_value_getz(root, "arr");
    assert_non_null(arr);
    assert_int_equal(arr->u.arr.len, 2);
    assert_int_equal(arr->u.arr.items[0]->u.obj.len, 3000);
    assert_int_equal(arr->u.arr.items[1]->u.obj.len, 40);
    assert_int_equal(amc_value_getz(arr->u.arr.items[0], "b2999")->u.num.i, 2999);
}

static void test_nested_tables(void **state)
{
    size_t len = 0, at = 0, pass = 0;
    amc_doc *reuse = NULL;
    (void)state;
    for (pass = 0; pass < 2; pass++) {
        int dup = 0;
        for (dup = 0; dup < 2; dup++) {
            char *s = make_doc(dup, &len, &at);
            amc_diags *ds = amc_diags_new(0);
            amc_doc *doc = NULL;
            amc_status st = AMC_OK;
            assert_non_null(ds);
            if (pass == 0)
                st = amc_json_read(s, len, NULL, ds, &doc);
            else
                st = amc_json_read_reuse(s, len, NULL, ds, &reuse);
            if (!dup) {
                assert_int_equal(st, AMC_OK);
                assert_int_equal(amc_diags_count(ds), 0);
                check_doc(pass == 0 ? doc : reuse);
            } else {
                const amc_diag *d = NULL;
                assert_int_equal(st, AMC_EINVALID);
                assert_int_equal(amc_diags_count(ds), 1);
                d = amc_diags_get(ds, 0);
                assert_int_equal(d->code, AMC_C_JSON_DUP_KEY);
                assert_int_equal(d->at.offset, at);
                assert_string_equal(d->message, "duplicate object key \"c7\"");
            }
            amc_doc_free(doc);
            amc_diags_free(ds);
            free(s);
        }
    }
    amc_doc_free(reuse);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nested_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
