/*
 * test_mutlib3_jsonptr.c - RFC 6901 JSON Pointers (src/core/jsonptr.c amc_value_at_pointer,
 * token_eq, amc_ptr_push_key; issue 22): the examples of RFC 6901 section 5 and the edges around
 * them, each pointer with the exact value it names (as JSON) or none: ~0 and ~1 escapes, a '~'
 * followed by anything else or by nothing, a token that is a prefix or an extension of a key,
 * array indexes at and past the end, leading zeros, '-', the empty token, a step into a scalar,
 * a pointer without its leading '/'. Then every key of the document pushed with amc_ptr_push_key
 * (escaped) and resolved back to its own value.
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
#include "amc/jcs.h"
#include "amc/json.h"
#include "core/buf_int.h"
#include "core/jsonptr_int.h"

static const char DOC[] =
    "{\"foo\": [\"bar\", \"baz\"], \"\": 0, \"a/b\": 1, \"c%d\": 2, \"e^f\": 3, \"g|h\": 4,"
    " \"i\\\\j\": 5, \"k\\\"l\": 6, \" \": 7, \"m~n\": 8, \"~\": 9, \"/\": 10, \"~1\": 11,"
    " \"~0\": 12, \"fo\": 13, \"food\": 14, \"m~\": 15, \"arr\": [0,1,2,3,4,5,6,7,8,9,10,11],"
    " \"o\": {\"\": {\"\": \"deep\"}, \"x\": null}}";

static const struct {
    const char *ptr, *want; /* want: the value as JCS, NULL: no value */
} cases[] = {
    /* RFC 6901 section 5 */
    {"/foo", "[\"bar\",\"baz\"]"},
    {"/foo/0", "\"bar\""},
    {"/", "0"},
    {"/a~1b", "1"},
    {"/c%d", "2"},
    {"/e^f", "3"},
    {"/g|h", "4"},
    {"/i\\j", "5"},
    {"/k\"l", "6"},
    {"/ ", "7"},
    {"/m~0n", "8"},
    /* escapes */
    {"/~0", "9"},
    {"/~1", "10"},
    {"/~01", "11"},
    {"/~00", "12"},
    {"/~10", NULL},
    {"/m~2n", NULL},
    {"/m~n", NULL},
    {"/m~", NULL},
    {"/~", NULL},
    {"/a~1b~", NULL},
    /* prefixes and extensions of keys */
    {"/fo", "13"},
    {"/foo", "[\"bar\",\"baz\"]"},
    {"/food", "14"},
    {"/foods", NULL},
    {"/f", NULL},
    {"/nope", NULL},
    /* arrays */
    {"/foo/1", "\"baz\""},
    {"/foo/2", NULL},
    {"/foo/01", NULL},
    {"/foo/00", NULL},
    {"/foo/-", NULL},
    {"/foo/", NULL},
    {"/foo/1a", NULL},
    {"/foo/+1", NULL},
    {"/foo/18446744073709551616", NULL},
    {"/foo/99999999999999999999999", NULL},
    {"/arr/9", "9"},
    {"/arr/10", "10"},
    {"/arr/11", "11"},
    {"/arr/12", NULL},
    {"/arr/0", "0"},
    /* nesting, scalars, empty tokens */
    {"/o//", "\"deep\""},
    {"/o/", "{\"\":\"deep\"}"},
    {"/o/x", "null"},
    {"/o/x/y", NULL},
    {"/foo/0/0", NULL},
    {"//", NULL},
    {"foo", NULL},
    {"", NULL}, /* the whole document: checked apart */
};

static void test_pointers(void **state)
{
    amc_diags *ds = amc_diags_new(0);
    amc_doc *d = NULL;
    const amc_value *root = NULL;
    size_t i = 0;
    (void)state;
    assert_int_equal(amc_json_read(DOC, sizeof DOC - 1, NULL, ds, &d), AMC_OK);
    root = amc_doc_root(d);
    assert_ptr_equal(amc_value_at_pointer(root, "", 0), root);
    assert_null(amc_value_at_pointer(NULL, "/foo", 4));
    for (i = 0; i + 1 < sizeof cases / sizeof cases[0]; i++) {
        const amc_value *v = amc_value_at_pointer(root, cases[i].ptr, strlen(cases[i].ptr));
        char *got = NULL;
        if (v)
            assert_int_equal(amc_jcs_write(v, NULL, &got, NULL), AMC_OK);
        if (cases[i].want ? !got || strcmp(got, cases[i].want) != 0 : got != NULL)
            fail_msg("pointer '%s': got %s, want %s", cases[i].ptr, got ? got : "(none)",
                     cases[i].want ? cases[i].want : "(none)");
        amc_free(got);
    }
    /* a pointer given with its length: the bytes after it are not read */
    assert_null(amc_value_at_pointer(root, "/foo/1", 5)); /* "/foo/": an empty index */
    assert_null(amc_value_at_pointer(root, "/m~0", 3));   /* "/m~": a '~' that ends the token */
    assert_string_equal(amc_value_at_pointer(root, "/m~0", 4)->u.num.text, "15");
    assert_int_equal(amc_value_at_pointer(root, "/foo/1", 4)->type, AMC_T_ARRAY);
    assert_string_equal(amc_value_at_pointer(root, "/arr/10", 6)->u.num.text, "1");
    amc_doc_free(d);
    amc_diags_free(ds);
}

/* amc_ptr_push_key escapes '~' and '/' so that the pointer names the key again. */
static void test_push_key(void **state)
{
    amc_diags *ds = amc_diags_new(0);
    amc_doc *d = NULL;
    const amc_value *root = NULL;
    size_t i = 0;
    (void)state;
    assert_int_equal(amc_json_read(DOC, sizeof DOC - 1, NULL, ds, &d), AMC_OK);
    root = amc_doc_root(d);
    for (i = 0; i < root->u.obj.len; i++) {
        const amc_member *m = &root->u.obj.members[i];
        amc_buf b;
        amc_buf_init(&b, 0);
        assert_int_equal(amc_ptr_push_key(&b, m->key, m->key_len), AMC_OK);
        assert_non_null(b.data);
        if (amc_value_at_pointer(root, b.data, b.len) != m->value)
            fail_msg("key '%s' pushed as '%s' does not name it", m->key, b.data);
        amc_buf_release(&b);
    }
    {
        amc_buf b;
        amc_buf_init(&b, 0);
        assert_int_equal(amc_ptr_push_key(&b, "a~b/c~", 6), AMC_OK);
        assert_string_equal(b.data, "/a~0b~1c~0");
        assert_int_equal(amc_ptr_push_key(&b, "", 0), AMC_OK);
        assert_string_equal(b.data, "/a~0b~1c~0/");
        assert_int_equal(amc_ptr_push_index(&b, 12), AMC_OK);
        assert_string_equal(b.data, "/a~0b~1c~0//12");
        amc_ptr_pop(&b, 11);
        assert_string_equal(b.data, "/a~0b~1c~0/");
        amc_ptr_pop(&b, 11); /* to the current length: no change */
        assert_string_equal(b.data, "/a~0b~1c~0/");
        amc_ptr_pop(&b, 40); /* past the end: no change */
        assert_string_equal(b.data, "/a~0b~1c~0/");
        amc_buf_release(&b);
    }
    amc_doc_free(d);
    amc_diags_free(ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pointers),
        cmocka_unit_test(test_push_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
