/*
 * test_libcov_core.c - the document API (src/core/doc.c) where the coverage report showed it
 * untested: numbers at the edges of int64 (INT64_MIN, one past either end, past UINT64_MAX,
 * integers written with a fraction or an exponent, values past the double range), equality of
 * every type (NULL operands, other types, arrays and objects of other lengths, objects with
 * their members in another order or another member), JSON text with indent 0 and 2 (empty and
 * nested containers) and positions: the end, past the end, no document or offset, lines ended
 * by CR, LF and CRLF.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/json.h"

static const struct ncase {
    const char *text;
    unsigned flags; /* AMC_NUM_INT64 | AMC_NUM_INTEGER | AMC_NUM_OVERFLOW */
    int64_t i;      /* when AMC_NUM_INT64 */
    double d;
} ncases[] = {
    {"-9223372036854775808", AMC_NUM_INT64 | AMC_NUM_INTEGER, INT64_MIN, -9223372036854775808.0},
    {"-9223372036854775809", AMC_NUM_INTEGER, 0, -9223372036854775808.0},
    {"9223372036854775807", AMC_NUM_INT64 | AMC_NUM_INTEGER, INT64_MAX, 9223372036854775807.0},
    {"9223372036854775808", AMC_NUM_INTEGER, 0, 9223372036854775808.0},
    {"18446744073709551616", AMC_NUM_INTEGER, 0, 18446744073709551616.0},
    {"12345678901234567890123", AMC_NUM_INTEGER, 0, 12345678901234567890123.0},
    {"1e2", AMC_NUM_INT64 | AMC_NUM_INTEGER, 100, 100.0},
    {"-2.50e1", AMC_NUM_INT64 | AMC_NUM_INTEGER, -25, -25.0},
    {"0.0e5", AMC_NUM_INT64 | AMC_NUM_INTEGER, 0, 0.0},
    {"1.5", 0, 0, 1.5},
    {"1e400", AMC_NUM_INTEGER | AMC_NUM_OVERFLOW, 0, 0},
    {"-1e400", AMC_NUM_INTEGER | AMC_NUM_OVERFLOW, 0, 0},
    {"9007199254740993", AMC_NUM_INT64 | AMC_NUM_INTEGER, 9007199254740993, 9007199254740992.0},
};

static void test_numbers(void **state)
{
    size_t i = 0;
    amc_doc *doc = amc_doc_new("", 0);
    (void)state;
    assert_non_null(doc);
    for (i = 0; i < sizeof ncases / sizeof ncases[0]; i++) {
        const struct ncase *c = &ncases[i];
        const amc_value *v = amc_doc_new_number(doc, c->text, strlen(c->text), 0);
        unsigned f = 0;
        assert_non_null(v);
        f = v->flags & (AMC_NUM_INT64 | AMC_NUM_INTEGER | AMC_NUM_OVERFLOW);
        if (f != c->flags)
            fail_msg("%s: flags %u, want %u", c->text, f, c->flags);
        if ((c->flags & AMC_NUM_INT64) && v->u.num.i != c->i)
            fail_msg("%s: i %lld", c->text, (long long)v->u.num.i);
        if (!(c->flags & AMC_NUM_OVERFLOW) && v->u.num.d != c->d)
            fail_msg("%s: d %.17g", c->text, v->u.num.d);
        assert_int_equal(v->u.num.len, strlen(c->text));
    }
    amc_doc_free(doc);
}

static amc_doc *read(const char *s)
{
    amc_doc *doc = NULL;
    amc_diags *ds = amc_diags_new(0);
    assert_non_null(ds);
    assert_int_equal(amc_json_read(s, strlen(s), NULL, ds, &doc), AMC_OK);
    amc_diags_free(ds);
    return doc;
}

static const struct ecase {
    const char *a, *b;
    int equal;
} ecases[] = {
    {"null", "null", 1},
    {"true", "true", 1},
    {"true", "false", 0},
    {"1", "1.0", 1},
    {"1", "true", 0},
    {"\"ab\"", "\"ab\"", 1},
    {"\"ab\"", "\"ac\"", 0},
    {"\"ab\"", "\"abc\"", 0},
    {"[1,[2]]", "[1,[2]]", 1},
    {"[1,[2]]", "[1,[3]]", 0},
    {"[1]", "[1,1]", 0},
    {"{\"a\":1,\"b\":[2]}", "{\"b\":[2],\"a\":1}", 1},
    {"{\"a\":1,\"b\":2}", "{\"a\":1,\"c\":2}", 0},
    {"{\"a\":1,\"b\":2}", "{\"b\":2,\"a\":2}", 0},
    {"{\"a\":1}", "{\"a\":1,\"b\":2}", 0},
    {"{}", "[]", 0},
};

static void test_equal(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof ecases / sizeof ecases[0]; i++) {
        amc_doc *a = read(ecases[i].a), *b = read(ecases[i].b);
        bool eq = amc_value_equal(amc_doc_root(a), amc_doc_root(b));
        if (eq != (ecases[i].equal == 1) || amc_value_equal(amc_doc_root(b), amc_doc_root(a)) != eq)
            fail_msg("%s vs %s: %d", ecases[i].a, ecases[i].b, (int)eq);
        assert_false(amc_value_equal(amc_doc_root(a), NULL));
        assert_false(amc_value_equal(NULL, amc_doc_root(b)));
        assert_true(amc_value_equal(amc_doc_root(a), amc_doc_root(a)));
        amc_doc_free(a);
        amc_doc_free(b);
    }
    assert_true(amc_value_equal(NULL, NULL));
}

static void test_to_json(void **state)
{
    amc_doc *doc = read("{\"a\":[1,{\"b\":null}],\"c\":{},\"d\":[],\"e\":\"x\\\"y\"}");
    size_t len = 0;
    char *s = NULL;
    (void)state;
    s = amc_value_to_json(amc_doc_root(doc), -1, &len);
    assert_string_equal(s, "{\"a\":[1,{\"b\":null}],\"c\":{},\"d\":[],\"e\":\"x\\\"y\"}");
    assert_int_equal(len, strlen(s));
    amc_free(s);
    s = amc_value_to_json(amc_doc_root(doc), 0, NULL);
    assert_string_equal(s, "{\n\"a\": [\n1,\n{\n\"b\": null\n}\n],\n\"c\": {},\n\"d\": [],\n"
                           "\"e\": \"x\\\"y\"\n}");
    amc_free(s);
    s = amc_value_to_json(amc_doc_root(doc), 2, NULL);
    assert_string_equal(s, "{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    }\n  ],\n"
                           "  \"c\": {},\n  \"d\": [],\n  \"e\": \"x\\\"y\"\n}");
    amc_free(s);
    amc_doc_free(doc);
}

static void test_positions(void **state)
{
    amc_doc *doc = read("{\n \"a\": 1}");
    amc_pos p = amc_doc_pos(doc, 4);
    (void)state;
    assert_int_equal(p.offset, 4);
    assert_int_equal(p.line, 1);
    assert_int_equal(p.col, 2);
    p = amc_doc_pos(doc, 10); /* the end of the text */
    assert_int_equal(p.offset, 10);
    assert_int_equal(p.line, 1);
    assert_int_equal(p.col, 8);
    p = amc_doc_pos(doc, 11); /* past the end: the offset kept, the position of the end */
    assert_int_equal(p.offset, 11);
    assert_int_equal(p.line, 1);
    assert_int_equal(p.col, 8);
    /* no document, or no offset: line and column 0 */
    p = amc_doc_pos(doc, AMC_NO_OFFSET);
    assert_int_equal(p.offset, AMC_NO_OFFSET);
    assert_int_equal(p.line, 0);
    assert_int_equal(p.col, 0);
    p = amc_doc_pos(NULL, 3);
    assert_int_equal(p.offset, 3);
    assert_int_equal(p.line, 0);
    assert_int_equal(p.col, 0);
    /* CR, LF and CRLF end lines; the LF of a CRLF is still on the CR's line */
    p = amc_pos_of("a\r\nb", 4, 2);
    assert_int_equal(p.line, 0);
    assert_int_equal(p.col, 2);
    p = amc_pos_of("a\r\nb", 4, 3);
    assert_int_equal(p.line, 1);
    assert_int_equal(p.col, 0);
    p = amc_pos_of("a\rb\nc\r\n\u00e9x", 10, 9);
    assert_int_equal(p.line, 3);
    assert_int_equal(p.col, 1);
    amc_doc_free(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_equal),
        cmocka_unit_test(test_to_json),
        cmocka_unit_test(test_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
