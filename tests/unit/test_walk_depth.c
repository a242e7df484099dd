/*
 * test_walk_depth.c - amc_schema_walk() (src/schema/registry.c lint_walk): every subschema it
 * visits, in document order, with its pointer, the keyword that holds it, its nesting depth and
 * its dialect; values that are not schemas (a number under "properties" or "allOf", "enum"
 * members) are not visited; "items" is one schema in 2020-12 and a list in draft 7; a callback
 * that answers false stops the walk. A surviving mutant (the depth of an "allOf" item not
 * counted) showed the depth untested.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

typedef struct rec {
    char seen[16][96];
    int n, stop_after;
} rec;

static bool cb(void *ud, const amc_schema_node_info *info)
{
    rec *r = ud;
    if (r->n < 16)
        snprintf(r->seen[r->n], sizeof r->seen[0], "%s|%s|%u|%d", info->pointer,
                 info->keyword ? info->keyword : "-", (unsigned)info->depth, (int)info->dialect);
    r->n++;
    return r->stop_after == 0 || r->n < r->stop_after;
}

static void walk(const char *text, rec *r)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const char *uri = NULL;
    assert_non_null(set);
    assert_non_null(ds);
    assert_int_equal(amc_schema_set_add(set, "https://x.invalid/w", text, strlen(text), ds, &uri),
                     AMC_OK);
    assert_int_equal(amc_schema_walk(set, uri, cb, r), AMC_OK);
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

/* r saw exactly the n nodes of want, in that order */
static void expect(const rec *r, const char *const *want, size_t n)
{
    size_t i = 0;
    assert_int_equal(r->n, (int)n);
    for (i = 0; i < n; i++)
        assert_string_equal(r->seen[i], want[i]);
}

static void test_depth_2020(void **state)
{
    static const char *const want[] = {
        "|-|0|1",
        "/properties/p|properties|1|1",
        "/properties/p/allOf/0|allOf|2|1",
        "/properties/p/allOf/0/not|not|3|1",
        "/properties/p/allOf/2|allOf|2|1",
        "/properties/p/allOf/2/items|items|3|1",
        "/properties/p/allOf/2/items/anyOf/0|anyOf|4|1",
        "/additionalProperties|additionalProperties|1|1",
        "/$defs/d|$defs|1|1",
        "/$defs/d/prefixItems/0|prefixItems|2|1",
        "/$defs/d/prefixItems/0/patternProperties/^a|patternProperties|3|1",
    };
    rec r;
    (void)state;
    memset(&r, 0, sizeof r);
    walk("{\"properties\":{\"p\":{\"allOf\":[{\"not\":true},5,{\"items\":{\"anyOf\":[{}]}}]},"
         "\"q\":3},\"additionalProperties\":false,\"enum\":[{}],"
         "\"$defs\":{\"d\":{\"prefixItems\":[{\"patternProperties\":{\"^a\":{}}}]}}}",
         &r);
    expect(&r, want, sizeof want / sizeof want[0]);
}

static void test_depth_draft7(void **state)
{
    static const char *const want[] = {
        "|-|0|3",
        "/items/0|items|1|3",
        "/items/1|items|1|3",
        "/items/1/items|items|2|3",
        "/definitions/x|definitions|1|3",
        "/definitions/x/dependencies/a|dependencies|2|3",
    };
    rec r;
    (void)state;
    memset(&r, 0, sizeof r);
    walk("{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"items\":[{},{\"items\":{}}],"
         "\"definitions\":{\"x\":{\"dependencies\":{\"a\":{},\"b\":[\"c\"]}}}}",
         &r);
    expect(&r, want, sizeof want / sizeof want[0]);
}

static void test_stop(void **state)
{
    rec r;
    (void)state;
    memset(&r, 0, sizeof r);
    r.stop_after = 3;
    walk("{\"allOf\":[{},{},{}],\"not\":{}}", &r);
    assert_int_equal(r.n, 3);
    assert_string_equal(r.seen[2], "/allOf/1|allOf|1|1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_depth_2020),
        cmocka_unit_test(test_depth_draft7),
        cmocka_unit_test(test_stop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
