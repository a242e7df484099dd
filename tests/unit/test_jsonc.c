/*
 * test_jsonc.c - the json-c bridge (src/formats/jsonc.c): amc_value_to_json_c and
 * amc_doc_from_json_c both ways over every type, and the values JSON has no form for.
 */
#include <json-c/json.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/json.h"

static amc_doc *read_json(const char *text)
{
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    assert_non_null(ds);
    assert_int_equal(amc_json_read(text, strlen(text), NULL, ds, &doc), AMC_OK);
    amc_diags_free(ds);
    return doc;
}

/* amc -> json-c -> amc gives the same tree; json-c prints it as expected */
static void test_round_trip(void **state)
{
    static const char text[] =
        "{\"n\":null,\"t\":true,\"f\":false,\"i\":-42,\"big\":9007199254740993,\"d\":0.5,"
        "\"s\":\"h\\u00e9\",\"a\":[1,[],{},null,\"x\"],\"o\":{\"k\":{\"z\":[null]}}}";
    amc_doc *doc = read_json(text), *back = NULL;
    struct json_object *jo = NULL;
    char *again = NULL;
    (void)state;
    jo = amc_value_to_json_c(amc_doc_root(doc));
    assert_non_null(jo);
    assert_string_equal(json_object_to_json_string_ext(jo, JSON_C_TO_STRING_PLAIN),
                        "{\"n\":null,\"t\":true,\"f\":false,\"i\":-42,\"big\":9007199254740993,"
                        "\"d\":0.5,\"s\":\"h\xc3\xa9\",\"a\":[1,[],{},null,\"x\"],"
                        "\"o\":{\"k\":{\"z\":[null]}}}");
    assert_int_equal(amc_doc_from_json_c(jo, &back), AMC_OK);
    assert_non_null(back);
    assert_true(amc_value_equal(amc_doc_root(doc), amc_doc_root(back)));
    again = amc_value_to_json(amc_doc_root(back), -1, NULL);
    assert_non_null(again);
    assert_string_equal(again, "{\"n\":null,\"t\":true,\"f\":false,\"i\":-42,"
                               "\"big\":9007199254740993,\"d\":0.5,\"s\":\"h\xc3\xa9\","
                               "\"a\":[1,[],{},null,\"x\"],\"o\":{\"k\":{\"z\":[null]}}}");
    amc_free(again);
    json_object_put(jo);
    amc_doc_free(back);
    amc_doc_free(doc);
}

/* a null root is json-c's NULL; NULL converts back to a null document */
static void test_null(void **state)
{
    amc_doc *doc = read_json("null"), *back = NULL;
    (void)state;
    assert_null(amc_value_to_json_c(amc_doc_root(doc)));
    assert_int_equal(amc_doc_from_json_c(NULL, &back), AMC_OK);
    assert_int_equal(amc_doc_root(back)->type, AMC_T_NULL);
    amc_doc_free(back);
    amc_doc_free(doc);
}

/* json-c's unsigned 64-bit integers above INT64_MAX keep their value (not INT64_MAX) */
static void test_uint64(void **state)
{
    struct json_object *jo = json_object_new_uint64(UINT64_MAX);
    struct json_object *small = json_object_new_int64(INT64_MAX);
    amc_doc *doc = NULL;
    const amc_value *v = NULL;
    (void)state;
    assert_int_equal(amc_doc_from_json_c(jo, &doc), AMC_OK);
    v = amc_doc_root(doc);
    assert_int_equal(v->type, AMC_T_NUMBER);
    assert_int_equal(v->u.num.len, 20);
    assert_memory_equal(v->u.num.text, "18446744073709551615", 20);
    amc_doc_free(doc);
    assert_int_equal(amc_doc_from_json_c(small, &doc), AMC_OK);
    v = amc_doc_root(doc);
    assert_memory_equal(v->u.num.text, "9223372036854775807", 19);
    assert_true(v->flags & AMC_NUM_INT64);
    amc_doc_free(doc);
    json_object_put(jo);
    json_object_put(small);
}

/* NaN and the infinities have no JSON form: AMC_EINVALID and no document, at the root, in an
 * array and in an object */
static void test_not_json(void **state)
{
    struct json_object *nan = json_object_new_double(NAN);
    struct json_object *arr = json_object_new_array();
    struct json_object *obj = json_object_new_object();
    amc_doc *doc = (amc_doc *)1;
    (void)state;
    assert_int_equal(amc_doc_from_json_c(nan, &doc), AMC_EINVALID);
    assert_null(doc);
    json_object_array_add(arr, json_object_new_int(1));
    json_object_array_add(arr, json_object_new_double(INFINITY));
    doc = (amc_doc *)1;
    assert_int_equal(amc_doc_from_json_c(arr, &doc), AMC_EINVALID);
    assert_null(doc);
    json_object_object_add(obj, "ok", json_object_new_string("x"));
    json_object_object_add(obj, "neg", json_object_new_double(-INFINITY));
    doc = (amc_doc *)1;
    assert_int_equal(amc_doc_from_json_c(obj, &doc), AMC_EINVALID);
    assert_null(doc);
    json_object_put(nan);
    json_object_put(arr);
    json_object_put(obj);
}

/* a double is written with 17 significant digits and reads back to the same double */
static void test_double(void **state)
{
    struct json_object *jo = json_object_new_double(0.1);
    amc_doc *doc = NULL;
    const amc_value *v = NULL;
    (void)state;
    assert_int_equal(amc_doc_from_json_c(jo, &doc), AMC_OK);
    v = amc_doc_root(doc);
    assert_int_equal(v->type, AMC_T_NUMBER);
    assert_memory_equal(v->u.num.text, "0.10000000000000001", v->u.num.len);
    assert_true(v->u.num.d == 0.1);
    amc_doc_free(doc);
    json_object_put(jo);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip), cmocka_unit_test(test_null),
        cmocka_unit_test(test_uint64),     cmocka_unit_test(test_not_json),
        cmocka_unit_test(test_double),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
