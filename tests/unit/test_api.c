/*
 * test_api.c - the core API's documented contracts at their edges (src/include/amc/common.h,
 * diag.h, doc.h and the internal buffer, JSON Pointer and SIMD-level helpers): NULL and unknown
 * arguments, status and severity names, the diagnostic callback, long messages, building
 * documents by hand, number flags at the int64 edges, pointer tokens that do not resolve.
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
#include "core/buf_int.h"
#include "core/diag_int.h"
#include "core/jsonptr_int.h"
#include "core/simd_int.h"

static void test_status_and_severity_names(void **state)
{
    (void)state;
    assert_string_equal(amc_status_str(AMC_OK), "ok");
    assert_string_equal(amc_status_str(AMC_EINVALID), "invalid");
    assert_string_equal(amc_status_str(AMC_ELIMIT), "limit exceeded");
    assert_string_equal(amc_status_str(AMC_ENOMEM), "out of memory");
    assert_string_equal(amc_status_str(AMC_EIO), "I/O error");
    assert_string_equal(amc_status_str(AMC_EUSAGE), "usage error");
    assert_string_equal(amc_status_str(AMC_EINTERNAL), "internal error");
    assert_string_equal(amc_status_str((amc_status)99), "unknown status");
    assert_string_equal(amc_severity_str(AMC_SEV_ERROR), "error");
    assert_string_equal(amc_severity_str(AMC_SEV_WARNING), "warning");
    assert_string_equal(amc_severity_str(AMC_SEV_INFO), "info");
    assert_string_equal(amc_severity_str((amc_severity)42), "error");
}

static void test_code_lookup(void **state)
{
    const amc_code unknown = (amc_code)65000;
    (void)state;
    assert_null(amc_code_name(unknown));
    assert_null(amc_code_id(unknown));
    assert_null(amc_code_message(unknown));
    assert_int_equal(amc_code_severity(unknown), AMC_SEV_ERROR);
    assert_int_equal(amc_code_lookup(NULL), 0);
    assert_int_equal(amc_code_lookup("NO_SUCH_CODE"), 0);
    assert_int_equal(amc_code_lookup("JSON_DUP_KEY"), AMC_C_JSON_DUP_KEY);
    assert_int_equal(amc_code_lookup(amc_code_name(AMC_C_JSON_DUP_KEY)), AMC_C_JSON_DUP_KEY);
    assert_int_equal(amc_code_at(AMC_CODE_COUNT), 0);
    assert_int_not_equal(amc_code_at(AMC_CODE_COUNT - 1), 0);
    assert_int_equal(amc_code_severity(AMC_C_JSON_DUP_KEY), AMC_SEV_ERROR);
}

typedef struct seen {
    int calls;
    amc_code last;
    char msg[64];
} seen;

static void on_diag(const amc_diag *d, void *ud)
{
    seen *s = ud;
    s->calls++;
    s->last = d->code;
    snprintf(s->msg, sizeof s->msg, "%s", d->message);
}

static void test_diags(void **state)
{
    amc_diags *ds = amc_diags_new(2), *other = amc_diags_new(0);
    amc_diag d;
    seen s;
    char big[2000];
    amc_pos at = {5, 0, 5};
    (void)state;
    memset(&s, 0, sizeof s);
    /* NULL lists read as empty */
    assert_int_equal(amc_diags_count(NULL), 0);
    assert_null(amc_diags_get(NULL, 0));
    assert_int_equal(amc_diags_errors(NULL), 0);
    assert_int_equal(amc_diags_warnings(NULL), 0);
    assert_int_equal(amc_diags_infos(NULL), 0);
    assert_int_equal(amc_diags_dropped(NULL), 0);
    assert_int_equal(amc_diags_nomem(NULL), 0);
    /* the callback sees every diagnostic kept, with its copied message */
    amc_diags_set_callback(ds, on_diag, &s);
    memset(&d, 0, sizeof d);
    d.code = AMC_C_JSON_DUP_KEY;
    d.sev = AMC_SEV_INFO;
    d.message = NULL; /* the code's default message */
    assert_int_equal(amc_diags_add(ds, &d), AMC_OK);
    assert_int_equal(s.calls, 1);
    assert_string_equal(amc_diags_get(ds, 0)->message, amc_code_message(AMC_C_JSON_DUP_KEY));
    assert_string_equal(s.msg, amc_code_message(AMC_C_JSON_DUP_KEY));
    /* an unknown code without a message still has one */
    d.code = (amc_code)65000;
    d.sev = AMC_SEV_WARNING;
    assert_int_equal(amc_diags_add(ds, &d), AMC_OK);
    assert_string_equal(amc_diags_get(ds, 1)->message, "unknown diagnostic");
    assert_int_equal(s.calls, 2);
    /* past max_diags: counted, dropped, not called back */
    d.sev = AMC_SEV_ERROR;
    assert_int_equal(amc_diags_add(ds, &d), AMC_OK);
    assert_int_equal(amc_diags_count(ds), 2);
    assert_int_equal(amc_diags_dropped(ds), 1);
    assert_int_equal(amc_diags_errors(ds), 1);
    assert_int_equal(amc_diags_warnings(ds), 1);
    assert_int_equal(amc_diags_infos(ds), 1);
    assert_null(amc_diags_get(ds, 2));
    assert_int_equal(s.calls, 2);
    /* removing the callback */
    amc_diags_clear(ds);
    amc_diags_set_callback(ds, NULL, NULL);
    assert_int_equal(amc_diags_addf(ds, AMC_C_JSON_DUP_KEY, at, "x%d", 1), AMC_OK);
    assert_int_equal(s.calls, 2);
    assert_string_equal(amc_diags_get(ds, 0)->message, "x1");
    /* a message longer than the 512-byte stack buffer is kept whole */
    memset(big, 'm', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    assert_int_equal(amc_diags_addf(other, AMC_C_JSON_DUP_KEY, at, "<%s>", big), AMC_OK);
    assert_int_equal(strlen(amc_diags_get(other, 0)->message), sizeof big + 1);
    assert_int_equal(amc_diags_get(other, 0)->message[0], '<');
    assert_int_equal(amc_diags_get(other, 0)->message[sizeof big], '>');
    /* a NULL format: the default message */
    assert_int_equal(amc_diag_emit(other, AMC_C_JSON_DUP_KEY, AMC_SEV_ERROR, at, "/a", NULL),
                     AMC_OK);
    assert_string_equal(amc_diags_get(other, 1)->message, amc_code_message(AMC_C_JSON_DUP_KEY));
    assert_string_equal(amc_diags_get(other, 1)->instance_ptr, "/a");
    amc_diags_free(ds);
    amc_diags_free(other);
    amc_diags_free(NULL);
}

static void test_limits_normalize(void **state)
{
    amc_limits lim, d = AMC_LIMITS_DEFAULT;
    (void)state;
    memset(&lim, 0, sizeof lim);
    amc_limits_normalize(&lim);
    assert_int_equal(lim.max_input_bytes, d.max_input_bytes);
    assert_int_equal(lim.max_depth, d.max_depth);
    assert_int_equal(lim.max_string_bytes, d.max_string_bytes);
    assert_int_equal(lim.max_nodes, d.max_nodes);
    assert_int_equal(lim.max_alias_nodes, d.max_alias_nodes);
    assert_int_equal(lim.max_header_bytes, d.max_header_bytes);
    assert_int_equal(lim.max_header_fields, d.max_header_fields);
    assert_int_equal(lim.max_diags, d.max_diags);
    assert_int_equal(lim.regex_match_limit, d.regex_match_limit);
    lim.max_depth = 7;
    lim.max_diags = 3;
    amc_limits_normalize(&lim);
    assert_int_equal(lim.max_depth, 7);
    assert_int_equal(lim.max_diags, 3);
}

/* Documents built by hand (the embedder API): numbers get their flags and exact values. */
static void test_doc_building(void **state)
{
    static const struct {
        const char *text;
        uint32_t flags; /* AMC_NUM_INTEGER | AMC_NUM_INT64 | AMC_NUM_OVERFLOW of interest */
        int64_t i;
    } nums[] = {
        {"9223372036854775807", AMC_NUM_INTEGER | AMC_NUM_INT64, INT64_MAX},
        {"-9223372036854775808", AMC_NUM_INTEGER | AMC_NUM_INT64, INT64_MIN},
        {"9223372036854775808", AMC_NUM_INTEGER, 0},
        {"-9223372036854775809", AMC_NUM_INTEGER, 0},
        {"18446744073709551616", AMC_NUM_INTEGER, 0},
        {"92233720368547758070e-1", AMC_NUM_INTEGER | AMC_NUM_INT64, INT64_MAX},
        {"1e19", AMC_NUM_INTEGER, 0},
        {"1e18", AMC_NUM_INTEGER | AMC_NUM_INT64, 1000000000000000000},
        {"0e5", AMC_NUM_INTEGER | AMC_NUM_INT64, 0},
        {"-0.0", AMC_NUM_INTEGER | AMC_NUM_INT64, 0},
        {"1.5", 0, 0},
        {"1e400", AMC_NUM_INTEGER | AMC_NUM_OVERFLOW, 0},
        {"-1e400", AMC_NUM_INTEGER | AMC_NUM_OVERFLOW, 0},
    };
    const uint32_t mask = AMC_NUM_INTEGER | AMC_NUM_INT64 | AMC_NUM_OVERFLOW;
    amc_doc *doc = amc_doc_new(NULL, 0);
    amc_value *arr = NULL, *s = NULL;
    size_t i = 0, n = 0;
    char *json = NULL;
    (void)state;
    assert_non_null(doc);
    assert_null(amc_doc_root(doc));
    assert_null(amc_doc_root(NULL));
    assert_null(amc_doc_source(NULL, &n));
    assert_int_equal(n, 0);
    for (i = 0; i < sizeof nums / sizeof nums[0]; i++) {
        amc_value *v = amc_doc_new_number(doc, nums[i].text, strlen(nums[i].text), 0);
        assert_non_null(v);
        if ((v->flags & mask) != nums[i].flags)
            fail_msg("%s: flags %x want %x", nums[i].text, (unsigned)(v->flags & mask),
                     (unsigned)nums[i].flags);
        if ((nums[i].flags & AMC_NUM_INT64) && v->u.num.i != nums[i].i)
            fail_msg("%s: i = %lld", nums[i].text, (long long)v->u.num.i);
        assert_string_equal(v->u.num.text, nums[i].text);
    }
    /* an array of a string and a nested array, serialized compact and pretty */
    arr = amc_doc_new_value(doc, AMC_T_ARRAY, 0);
    s = amc_doc_new_string(doc, "a\"b", 3, 0);
    assert_non_null(arr);
    assert_non_null(s);
    arr->u.arr.items = amc_doc_alloc(doc, 2 * sizeof *arr->u.arr.items);
    assert_non_null(arr->u.arr.items);
    arr->u.arr.items[0] = s;
    arr->u.arr.items[1] = amc_doc_new_value(doc, AMC_T_ARRAY, 0);
    arr->u.arr.len = 2;
    amc_doc_set_root(doc, arr);
    assert_ptr_equal(amc_doc_root(doc), arr);
    json = amc_value_to_json(arr, -1, &n);
    assert_string_equal(json, "[\"a\\\"b\",[]]");
    assert_int_equal(n, strlen(json));
    amc_free(json);
    json = amc_value_to_json(arr, 2, NULL);
    assert_string_equal(json, "[\n  \"a\\\"b\",\n  []\n]");
    amc_free(json);
    assert_null(amc_value_to_json(NULL, 0, &n));
    assert_string_equal(amc_doc_strdup(doc, "xyz", 2), "xy");
    /* a position without a source: offset only */
    {
        amc_pos p = amc_doc_pos(doc, 3);
        assert_int_equal(p.offset, 3);
        assert_int_equal(p.line, 0);
        assert_int_equal(p.col, 0);
        p = amc_doc_pos(NULL, AMC_NO_OFFSET);
        assert_int_equal(p.offset, AMC_NO_OFFSET);
    }
    assert_string_equal(amc_type_name((amc_type)77), "unknown");
    amc_doc_free(doc);
    amc_doc_free(NULL);
}

static const amc_value *root_of(const char *json, amc_doc **doc)
{
    amc_diags *ds = amc_diags_new(0);
    assert_int_equal(amc_json_read(json, strlen(json), NULL, ds, doc), AMC_OK);
    amc_diags_free(ds);
    return amc_doc_root(*doc);
}

static void test_value_equal(void **state)
{
    static const struct {
        const char *a, *b;
        bool eq;
    } cases[] = {
        {"1", "1.0", true},
        {"1e2", "100", true},
        {"100000000000000000000", "1e20", true},
        {"100000000000000000000", "100000000000000000001", false},
        {"0.1", "1e-1", true},
        {"-0", "0", true},
        {"[1,2]", "[1,2]", true},
        {"[1,2]", "[1,2,3]", false},
        {"[1,2]", "[2,1]", false},
        {"{\"a\":1,\"b\":2}", "{\"b\":2,\"a\":1}", true},
        {"{\"a\":1}", "{\"a\":1,\"b\":2}", false},
        {"{\"a\":1}", "{\"b\":1}", false},
        {"{\"a\":1}", "{\"a\":2}", false},
        {"{\"ab\":1}", "{\"a\":1}", false},
        {"\"a\"", "\"a\"", true},
        {"\"a\"", "\"b\"", false},
        {"\"a\"", "\"a\\u0000\"", false},
        {"true", "true", true},
        {"true", "false", false},
        {"null", "null", true},
        {"null", "false", false},
        {"1", "\"1\"", false},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_doc *da = NULL, *db = NULL;
        const amc_value *a = root_of(cases[i].a, &da), *b = root_of(cases[i].b, &db);
        if (amc_value_equal(a, b) != cases[i].eq || amc_value_equal(b, a) != cases[i].eq)
            fail_msg("%s == %s should be %d", cases[i].a, cases[i].b, cases[i].eq);
        assert_true(amc_value_equal(a, a));
        amc_doc_free(da);
        amc_doc_free(db);
    }
    assert_false(amc_value_equal(NULL, amc_doc_root(NULL)) == false);
}

static void test_json_pointer(void **state)
{
    static const struct {
        const char *ptr;
        const char *want; /* compact JSON of the target, NULL: does not resolve */
    } cases[] = {
        {"", "{\"a/b\":[10,{\"~\":true}],\"\":0,\"x\":{\"y\":null}}"},
        {"/a~1b", "[10,{\"~\":true}]"},
        {"/a~1b/0", "10"},
        {"/a~1b/1/~0", "true"},
        {"/", "0"},
        {"/x/y", "null"},
        {"a", NULL},        /* no leading / */
        {"/a~1b/01", NULL}, /* leading zero */
        {"/a~1b/", NULL},   /* empty index */
        {"/a~1b/2", NULL},  /* past the end */
        {"/a~1b/-", NULL},  /* "-" names no element */
        {"/a~1b/1x", NULL}, /* not a number */
        {"/a~1b/99999999999999999999999", NULL},
        {"/a~2b", NULL},  /* bad escape */
        {"/a~", NULL},    /* escape cut short */
        {"/a~1bc", NULL}, /* longer than the key */
        {"/x/y/z", NULL}, /* into a scalar */
        {"/nope", NULL},
    };
    amc_doc *doc = NULL;
    const amc_value *root = root_of(cases[0].want, &doc);
    size_t i = 0;
    amc_buf b;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const amc_value *v = amc_value_at_pointer(root, cases[i].ptr, strlen(cases[i].ptr));
        char *json = v ? amc_value_to_json(v, -1, NULL) : NULL;
        if (cases[i].want ? !json || strcmp(json, cases[i].want) != 0 : v != NULL)
            fail_msg("pointer '%s': got %s want %s", cases[i].ptr, json ? json : "NULL",
                     cases[i].want ? cases[i].want : "NULL");
        amc_free(json);
    }
    assert_null(amc_value_at_pointer(NULL, "", 0));
    /* building pointers: ~ and / escaped, pop back */
    amc_buf_init(&b, 0);
    assert_int_equal(amc_ptr_push_key(&b, "a/b~c", 5), AMC_OK);
    assert_int_equal(amc_ptr_push_index(&b, 12), AMC_OK);
    assert_string_equal(b.data, "/a~1b~0c/12");
    amc_ptr_pop(&b, 8);
    assert_string_equal(b.data, "/a~1b~0c");
    amc_ptr_pop(&b, 100); /* past the end: unchanged */
    assert_string_equal(b.data, "/a~1b~0c");
    amc_buf_release(&b);
    amc_doc_free(doc);
}

static void test_buf(void **state)
{
    amc_buf b;
    char *p = NULL;
    size_t n = 99;
    (void)state;
    /* a limit: the append that would pass it fails, and the failure sticks */
    amc_buf_init(&b, 4);
    assert_int_equal(amc_buf_append(&b, "abcd", 4), AMC_OK);
    assert_int_equal(amc_buf_putc(&b, 'e'), AMC_ELIMIT);
    assert_int_equal(amc_buf_append(&b, "", 0), AMC_ENOMEM); /* sticky */
    amc_buf_release(&b);
    amc_buf_init(&b, 4);
    assert_int_equal(amc_buf_printf(&b, "%s", "abcdef"), AMC_ELIMIT);
    amc_buf_release(&b);
    /* an empty buffer hands out "" */
    amc_buf_init(&b, 0);
    p = amc_buf_take(&b, &n);
    assert_non_null(p);
    assert_string_equal(p, "");
    assert_int_equal(n, 0);
    amc_free(p);
    /* a failed buffer hands out NULL */
    amc_buf_init(&b, 1);
    assert_int_equal(amc_buf_append(&b, "ab", 2), AMC_ELIMIT);
    assert_null(amc_buf_take(&b, &n));
    amc_buf_release(&b);
    /* JSON escaping: the short forms and \u00XX for the other control characters */
    amc_buf_init(&b, 0);
    assert_int_equal(amc_buf_json_escape(&b, "a\"\\\b\f\n\r\t\x01\x1f/", 11), AMC_OK);
    assert_string_equal(b.data, "a\\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001f/");
    amc_buf_release(&b);
    amc_buf_init(&b, 4); /* "abc" fits, its escaped line break does not */
    assert_int_equal(amc_buf_json_escape(&b, "abc\n", 4), AMC_ELIMIT);
    amc_buf_release(&b);
    amc_buf_init(&b, 3);
    assert_int_equal(amc_buf_json_escape(&b, "\x01", 1), AMC_ELIMIT);
    amc_buf_release(&b);
}

static void test_simd_level(void **state)
{
    int max = amc_simd_max_level();
    (void)state;
    assert_int_equal(amc_simd_set_level(max + 5), max);
    assert_int_equal(amc_simd_level(), max);
    assert_int_equal(amc_simd_set_level(-3), AMC_SIMD_SCALAR);
    assert_int_equal(amc_simd_level(), AMC_SIMD_SCALAR);
    assert_int_equal(amc_simd_set_level(max), max);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_status_and_severity_names),
        cmocka_unit_test(test_code_lookup),
        cmocka_unit_test(test_diags),
        cmocka_unit_test(test_limits_normalize),
        cmocka_unit_test(test_doc_building),
        cmocka_unit_test(test_value_equal),
        cmocka_unit_test(test_json_pointer),
        cmocka_unit_test(test_buf),
        cmocka_unit_test(test_simd_level),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
