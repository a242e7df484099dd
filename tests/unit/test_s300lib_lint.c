/*
 * test_s300lib_lint.c - the linter's walk of a "$ref" target that the schema walk does not reach
 * (under a member that is not a keyword; lint.c walk_extra): it goes down through subschemas of
 * every kind, one level per subschema, and stops below depth 256 (issue 22: lint.c:861, 870 and
 * 880, "depth + 1" -> "depth + 0", survived). For each kind (a schema: "not"; a map of schemas:
 * "properties"; an array of schemas: "allOf") a chain of 256 subschemas below the target has its
 * typo ("tpye") found, exactly where it is, and a chain of 257 has it not found. And in such a
 * target, only subschemas of the right shape are walked (an object of schemas under "allOf" or
 * an array under "properties" are not: lint.c:862 and 873 && -> ||), drafts before 2020-12 walk
 * "items" as a schema or an array of schemas (lint.c:855).
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
#include "amc/lint.h"

static const struct {
    const char *open, *ptr, *close; /* one level: its text before and after, its pointer */
} kinds[] = {
    {"{\"not\":", "/not", "}"},
    {"{\"properties\":{\"a\":", "/properties/a", "}}"},
    {"{\"allOf\":[", "/allOf/0", "]}"},
};

/* the unknown-keyword findings of linting a schema whose target #/x holds a chain of levels of
 * kind k with {"tpye": "string"} at its end; *where: the first one's instance pointer */
static size_t typos(size_t k, size_t levels, char *where, size_t wcap)
{
    size_t cap = 32 * levels + 200, n = 0, i = 0, count = 0;
    char *s = malloc(cap);
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_schema_set *set = NULL;
    amc_diags *ds = amc_diags_new(0);
    const char *uri = NULL;
    assert_non_null(s);
    assert_non_null(ds);
    lim.max_depth = 4000;
    set = amc_schema_set_new(&lim);
    assert_non_null(set);
    n += (size_t)snprintf(s + n, cap - n, "{\"$ref\":\"#/x\",\"x\":");
    for (i = 0; i < levels; i++)
        n += (size_t)snprintf(s + n, cap - n, "%s", kinds[k].open);
    n += (size_t)snprintf(s + n, cap - n, "{\"tpye\":\"string\"}");
    for (i = 0; i < levels; i++)
        n += (size_t)snprintf(s + n, cap - n, "%s", kinds[k].close);
    n += (size_t)snprintf(s + n, cap - n, "}");
    assert_true(n < cap);
    assert_int_equal(amc_schema_set_add(set, "urn:s300lib:deep", s, n, ds, &uri), AMC_OK);
    amc_diags_clear(ds);
    assert_int_equal(amc_schema_lint(set, uri, NULL, ds), AMC_OK);
    where[0] = '\0';
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        if (d->code != AMC_C_LINT_UNKNOWN_KEYWORD)
            continue;
        if (!count++)
            snprintf(where, wcap, "%s", d->instance_ptr ? d->instance_ptr : "(null)");
    }
    amc_diags_free(ds);
    amc_schema_set_free(set);
    free(s);
    return count;
}

static void test_extra_walk_depth(void **state)
{
    size_t k = 0, i = 0;
    (void)state;
    for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        char where[8192], want[8192];
        size_t n = 0;
        n += (size_t)snprintf(want + n, sizeof want - n, "/x");
        for (i = 0; i < 256; i++)
            n += (size_t)snprintf(want + n, sizeof want - n, "%s", kinds[k].ptr);
        snprintf(want + n, sizeof want - n, "/tpye");
        assert_int_equal(typos(k, 256, where, sizeof where), 1);
        assert_string_equal(where, want);
        assert_int_equal(typos(k, 257, where, sizeof where), 0);
        /* and a short chain, for scale */
        assert_int_equal(typos(k, 3, where, sizeof where), 1);
    }
}

/* the instance pointers of the unknown-keyword findings of linting schema s, each after a space */
static void unknown_at(const char *s, char *out, size_t cap)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const char *uri = NULL;
    size_t i = 0, n = 0;
    assert_non_null(set);
    assert_non_null(ds);
    assert_int_equal(amc_schema_set_add(set, "urn:s300lib:shape", s, strlen(s), ds, &uri), AMC_OK);
    amc_diags_clear(ds);
    assert_int_equal(amc_schema_lint(set, uri, NULL, ds), AMC_OK);
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        if (d->code == AMC_C_LINT_UNKNOWN_KEYWORD)
            n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, " %s", d->instance_ptr);
    }
    assert_true(n < cap);
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

static void test_extra_walk_shapes(void **state)
{
    static const struct {
        const char *schema, *want;
    } cases[] = {
        /* the right shapes are walked */
        {"{\"$ref\":\"#/x\",\"x\":{\"allOf\":[{\"tpye\":1}],\"properties\":{\"p\":{\"tpye\":1}},"
         "\"not\":{\"tpye\":1}}}",
         " /x/allOf/0/tpye /x/properties/p/tpye /x/not/tpye"},
        /* a map where an array belongs, an array where a map belongs, a string for a schema */
        {"{\"$ref\":\"#/x\",\"x\":{\"allOf\":{\"a\":{\"tpye\":1}},\"properties\":[{\"tpye\":1}],"
         "\"not\":\"tpye\",\"anyOf\":[true,false,{\"tpye\":1}]}}",
         " /x/anyOf/2/tpye"},
        /* draft 7: "items" is a schema or an array of them */
        {"{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"$ref\":\"#/"
         "x\",\"x\":{\"items\":[{},"
         "{\"tpye\":1}],\"additionalItems\":{\"tpye\":1}}}",
         " /x/items/1/tpye /x/additionalItems/tpye"},
        {"{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"$ref\":\"#/"
         "x\",\"x\":{\"items\":{"
         "\"tpye\":1}}}",
         " /x/items/tpye"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char got[1024];
        unknown_at(cases[i].schema, got, sizeof got);
        assert_string_equal(got, cases[i].want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_extra_walk_depth),
        cmocka_unit_test(test_extra_walk_shapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
