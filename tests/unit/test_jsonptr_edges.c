/*
 * test_jsonptr_edges.c - RFC 6901 JSON Pointer resolution (amc_value_at_pointer,
 * src/core/jsonptr.c) at the escapes: "~0" is '~', "~1" is '/', any other '~' (including one at
 * the end of a token or of the pointer's length) makes the pointer resolve to nothing. The
 * pointer is read only up to its length: bytes after it must not complete an escape.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

static const char doc_text[] = "{\"a~\":1,\"a~b\":2,\"a/b\":3,\"~\":4,\"a\":{\"~1\":5,\"\":6},"
                               "\"l\":[7,8]}";

static const struct pcase {
    const char *ptr;
    size_t len; /* 0: strlen(ptr) */
    int want;   /* the number it reaches, 0: none */
} cases[] = {
    {"/a~0", 0, 1},   {"/a~0b", 0, 2}, {"/a~1b", 0, 3}, {"/~0", 0, 4},
    {"/a/~01", 0, 5}, {"/a/", 0, 6},   {"/l/1", 0, 8},  {"/a~", 0, 0}, /* '~' ends the pointer */
    {"/a~/x", 0, 0},                                                   /* '~' ends a token */
    {"/a~2", 0, 0},                                                    /* not an escape */
    {"/a~0", 3, 0},                    /* "/a~": the '0' after the length does not count */
    {"/a~1b", 3, 0},  {"/a~0b", 4, 1}, /* "/a~0" */
    {"/l/01", 0, 0},                   /* a leading zero is not an array index */
    {"/l/2", 0, 0},   {"a", 0, 0},     /* not starting with '/' */
};

static void test_escapes(void **state)
{
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    size_t i = 0;
    (void)state;
    assert_int_equal(amc_json_read(doc_text, strlen(doc_text), NULL, ds, &doc), AMC_OK);
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct pcase *c = &cases[i];
        size_t n = c->len ? c->len : strlen(c->ptr);
        const amc_value *v = amc_value_at_pointer(amc_doc_root(doc), c->ptr, n);
        int got = v && v->type == AMC_T_NUMBER ? (int)v->u.num.i : v ? -1 : 0;
        if (got != c->want)
            fail_msg("\"%.*s\": reached %d, want %d", (int)n, c->ptr, got, c->want);
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_escapes)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
