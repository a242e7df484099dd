/*
 * test_cov_json.c - the JSON reader's duplicate-key detection beyond 32 members
 * (src/formats/json_read.c): an object switches from a linear scan to a hash set at 32 members.
 * Here hashed objects nest (each finds its own duplicate, and the outer one's table is intact
 * after the inner one closed) and follow one another in an array. Each case asserts every
 * JSON_DUP_KEY: its offset (the repeated key) and its message. (The reader's inline 64-slot
 * table is outgrown by the 33rd member at once: ci/coverage-reviewed.txt.)
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

/* n members "<p>0".."<p>(n-1)" with value 1, comma separated, appended to b at *o */
static void members(char *b, size_t cap, size_t *o, const char *p, size_t n)
{
    size_t i = 0;
    for (i = 0; i < n; i++)
        *o += (size_t)snprintf(b + *o, cap - *o, "%s\"%s%zu\":1", i ? "," : "", p, i);
}

static void expect_dups(const char *name, const char *text, const char *const *at,
                        const char *const *keys, size_t n)
{
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    size_t i = 0;
    char want[64];
    assert_int_equal(amc_json_read(text, strlen(text), NULL, ds, &doc), AMC_EINVALID);
    if (amc_diags_count(ds) != n)
        fail_msg("%s: %zu diagnostics, want %zu (first: %s)", name, amc_diags_count(ds), n,
                 amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "-");
    for (i = 0; i < n; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        size_t off = (size_t)(strstr(text, at[i]) - text);
        snprintf(want, sizeof want, "duplicate object key \"%s\"", keys[i]);
        if (d->code != AMC_C_JSON_DUP_KEY || d->at.offset != off || !strstr(d->message, want))
            fail_msg("%s[%zu]: %s at %zu '%s'; want JSON_DUP_KEY at %zu '%s'", name, i,
                     amc_code_id(d->code), d->at.offset, d->message, off, want);
    }
    assert_null(doc);
    amc_diags_free(ds);
}

static void test_nested_tables(void **state)
{
    char *b = malloc(8192);
    size_t o = 0;
    static const char *const at[] = {"\"i7\":2", "\"o3\":2"};
    static const char *const keys[] = {"i7", "o3"};
    (void)state;
    assert_non_null(b);
    /* the outer object hashes before the inner one opens; the inner one hashes too; each finds
     * its own duplicate */
    o += (size_t)snprintf(b + o, 8192 - o, "{");
    members(b, 8192, &o, "o", 40);
    o += (size_t)snprintf(b + o, 8192 - o, ",\"inner\":{");
    members(b, 8192, &o, "i", 40);
    o += (size_t)snprintf(b + o, 8192 - o, ",\"i7\":2},\"o3\":2}");
    expect_dups("nested", b, at, keys, 2);
    free(b);
}

static void test_inline_table_closed(void **state)
{
    char *b = malloc(4096);
    size_t o = 0;
    static const char *const at[] = {"\"a33\":2"};
    static const char *const keys[] = {"a33"};
    (void)state;
    assert_non_null(b);
    /* 36 members and a duplicate, then a second hashed object of 34 members */
    o += (size_t)snprintf(b + o, 4096 - o, "[{");
    members(b, 4096, &o, "a", 36);
    o += (size_t)snprintf(b + o, 4096 - o, ",\"a33\":2},{");
    members(b, 4096, &o, "b", 34);
    o += (size_t)snprintf(b + o, 4096 - o, "}]");
    expect_dups("inline", b, at, keys, 1);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nested_tables),
        cmocka_unit_test(test_inline_table_closed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
