/*
 * test_cov_lint.c - schema linter rules at the edges the coverage report showed untested
 * (src/schema/lint.c): properties declared in nested branches and through $ref from a branch with
 * its own $id, branch properties admitted by patternProperties, "required" with repeated names
 * against "maxProperties", bounds compared as decimals, and draft-07 "items" arrays. Each case
 * asserts every finding: code, JSON Pointer, severity, message piece and byte offset.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/lint.h"

#define S2020 "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","

/* One expected finding: code, JSON Pointer, severity, where it is (the first occurrence of `at`
 * in the one-line schema) and a piece of its message. */
typedef struct want {
    amc_code code;
    const char *ptr;
    amc_severity sev;
    const char *at;
    const char *msg;
} want;

static const struct lcase {
    const char *name;
    const char *schema;
    want w[4];
    size_t n;
} lcases[] = {
    {"property in a branch of a branch",
     S2020 "\"additionalProperties\":false,\"allOf\":[{\"allOf\":[{\"properties\":{\"p\":{}}}]}]}",
     {{AMC_C_LINT_PROPERTY_IN_BRANCH, "/allOf/0/allOf/0/properties/p", AMC_SEV_WARNING, "\"p\"",
       "property \"p\" is declared only in a subschema branch, but \"additionalProperties\": "
       "false at the root rejects it"}},
     1},
    {"property through $ref, resolved against the branch's $id",
     S2020
     "\"$id\":\"https://x.invalid/root.json\",\"additionalProperties\":false,"
     "\"allOf\":[{\"$id\":\"sub/b.json\",\"$ref\":\"c.json\"}],"
     "\"$defs\":{\"c\":{\"$id\":\"https://x.invalid/sub/c.json\",\"properties\":{\"q\":{}}}}}",
     {{AMC_C_LINT_PROPERTY_IN_BRANCH, "/allOf/0", AMC_SEV_WARNING, "{\"$id\":\"sub/",
       "property \"q\" is declared only in a subschema branch (through $ref)"}},
     1},
    {"patternProperties admits one branch property, not the other",
     S2020 "\"additionalProperties\":false,\"patternProperties\":{\"^p\":{}},"
           "\"allOf\":[{\"properties\":{\"pa\":{},\"x\":{}}}]}",
     {{AMC_C_LINT_PROPERTY_IN_BRANCH, "/allOf/0/properties/x", AMC_SEV_WARNING, "\"x\"",
       "property \"x\" is declared"}},
     1},
    {"required with a repeated name: distinct names above maxProperties",
     S2020 "\"required\":[\"a\",\"a\",\"b\"],\"maxProperties\":1}",
     {{AMC_C_LINT_META_SCHEMA, "/required", AMC_SEV_ERROR, "[\"a\"",
       "array items 0 and 1 are equal"},
      {AMC_C_LINT_BOUNDS_CONTRADICTORY, "/maxProperties", AMC_SEV_ERROR, "\"maxProperties\"",
       "\"required\" lists 2 properties but \"maxProperties\" is 1: no object satisfies both"}},
     2},
    {"required with a repeated name: distinct names within maxProperties",
     S2020 "\"required\":[\"a\",\"a\"],\"maxProperties\":1}",
     {{AMC_C_LINT_META_SCHEMA, "/required", AMC_SEV_ERROR, "[\"a\"",
       "array items 0 and 1 are equal"}},
     1},
    {"bounds that are not integers",
     S2020 "\"minimum\":1.5,\"maximum\":1.25,\"exclusiveMinimum\":2,\"exclusiveMaximum\":2.0}",
     {{AMC_C_LINT_BOUNDS_CONTRADICTORY, "/minimum", AMC_SEV_ERROR, "\"minimum\"",
       "\"minimum\" 1.5 is greater than \"maximum\" 1.25: no number satisfies both"},
      {AMC_C_LINT_BOUNDS_CONTRADICTORY, "/exclusiveMinimum", AMC_SEV_ERROR, "\"exclusiveMinimum\"",
       "\"exclusiveMinimum\" 2 is equal to \"exclusiveMaximum\" 2.0"},
      {AMC_C_LINT_BOUNDS_CONTRADICTORY, "/exclusiveMinimum", AMC_SEV_ERROR, "\"exclusiveMinimum\"",
       "\"exclusiveMinimum\" 2 is greater than \"maximum\" 1.25"}},
     3},
    {"bounds in order as decimals", S2020 "\"minimum\":1.25,\"maximum\":1.5}", {{0}}, 0},
    {"draft-07 items array and additionalItems",
     "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"items\":[{\"maxLenght\":1},"
     "{\"type\":\"string\"}],\"additionalItems\":{\"minLenght\":2}}",
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/items/0/maxLenght", AMC_SEV_WARNING, "\"maxLenght\"",
       "did you mean \"maxLength\"?"},
      {AMC_C_LINT_UNKNOWN_KEYWORD, "/additionalItems/minLenght", AMC_SEV_WARNING, "\"minLenght\"",
       "did you mean \"minLength\"?"}},
     2},
    /* a keyword of the wrong type: the meta-schema stage reports it, the rule reading it skips */
    {"required with properties a number",
     S2020 "\"required\":[\"a\"],\"properties\":5}",
     {{AMC_C_LINT_META_SCHEMA, "/properties", AMC_SEV_ERROR, "5}", "expected object, got number"}},
     1},
    {"required with a number",
     S2020 "\"required\":[\"a\",1]}",
     {{AMC_C_LINT_META_SCHEMA, "/required/1", AMC_SEV_ERROR, "1]", "expected string, got number"}},
     1},
    {"additionalProperties false, properties a number, a branch property",
     S2020
     "\"additionalProperties\":false,\"properties\":5,\"allOf\":[{\"properties\":{\"x\":{}}}]}",
     {{AMC_C_LINT_META_SCHEMA, "/properties", AMC_SEV_ERROR, "5,", "expected object, got number"}},
     1},
    {"draft-07 dependencies a number",
     "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"dependencies\":5}",
     {{AMC_C_LINT_META_SCHEMA, "/dependencies", AMC_SEV_ERROR, "5}",
       "expected object, got number"}},
     1},
    {"enum duplicate shown cut at 60 bytes",
     S2020 "\"enum\":[\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\","
           "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"]}",
     {{AMC_C_LINT_ENUM_DUPLICATE, "/enum/1", AMC_SEV_WARNING,
       "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"]",
       "enum member 1 (\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...) "
       "duplicates member 0"}},
     1},
    {"$ref with a space",
     S2020 "\"$ref\":\"a b\"}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/$ref", AMC_SEV_ERROR, "\"a b\"",
       "$ref \"a b\" is not a valid URI reference: byte 0x20 ('?') must be percent-encoded as "
       "%20"}},
     1},
    {"$ref with a '|'",
     S2020 "\"$ref\":\"a|b\"}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/$ref", AMC_SEV_ERROR, "\"a|b\"",
       "byte 0x7C ('|') must be percent-encoded as %7C"}},
     1},
    {"required against maxProperties 1.0",
     S2020 "\"required\":[\"a\",\"b\"],\"maxProperties\":1.0}",
     {{AMC_C_LINT_BOUNDS_CONTRADICTORY, "/maxProperties", AMC_SEV_ERROR, "\"maxProperties\"",
       "\"required\" lists 2 properties but \"maxProperties\" is 1.0: no object satisfies both"}},
     1},
    {"patternProperties a number: the branch property is still reported",
     S2020 "\"patternProperties\":5,\"additionalProperties\":false,\"allOf\":[{\"properties\":{"
           "\"x\":{}}}]}",
     {{AMC_C_LINT_META_SCHEMA, "/patternProperties", AMC_SEV_ERROR, "5,",
       "expected object, got number"},
      {AMC_C_LINT_PROPERTY_IN_BRANCH, "/allOf/0/properties/x", AMC_SEV_WARNING, "\"x\"",
       "property \"x\" is declared only in a subschema branch"}},
     2},
    {"2020-12 dependencies with arrays and schemas: both replacements named",
     S2020 "\"dependencies\":{\"a\":[\"b\"],\"c\":{\"type\":\"object\"}}}",
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/dependencies", AMC_SEV_WARNING, "\"dependencies\"",
       "\"dependencies\" is not a draft 2020-12 keyword (its meta-schema keeps it only for the "
       "transition; amc honours it, other validators may ignore it): use \"dependentRequired\" "
       "for the arrays of names and \"dependentSchemas\" for the schemas"}},
     1},
    {"2020-12 dependencies a number: the meta-schema's finding only",
     S2020 "\"dependencies\":5}",
     {{AMC_C_LINT_META_SCHEMA, "/dependencies", AMC_SEV_ERROR, "5}",
       "expected object, got number"}},
     1},
    {"draft-04 annotations of later drafts are not unknown keywords",
     "{\"$schema\":\"http://json-schema.org/draft-04/schema#\",\"$comment\":\"x\","
     "\"contentMediaType\":\"text/plain\",\"title\":\"t\"}",
     {{0}},
     0},
    /* a subschema reached only through $ref, inside an array of an unknown keyword: the
     * rules run on it, at its pointer */
    {"$ref into an array of an unknown keyword",
     S2020 "\"$ref\":\"#/x/1\",\"x\":[1,{\"typo\":1,\"minimum\":5,\"maximum\":1}]}",
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/x", AMC_SEV_WARNING, "\"x\"",
       "unknown keyword \"x\" is ignored by validators (prefix extensions with \"x-\")"},
      {AMC_C_LINT_UNKNOWN_KEYWORD, "/x/1/typo", AMC_SEV_WARNING, "\"typo\"",
       "unknown keyword \"typo\" is ignored; did you mean \"type\"?"},
      {AMC_C_LINT_BOUNDS_CONTRADICTORY, "/x/1/minimum", AMC_SEV_ERROR, "\"minimum\"",
       "\"minimum\" 5 is greater than \"maximum\" 1: no number satisfies both"}},
     3},
    {"$ref to an array item that is a number",
     S2020 "\"$ref\":\"#/$defs/a/0\",\"$defs\":{\"a\":[1]}}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/$ref", AMC_SEV_ERROR, "\"#/$defs/a/0\"",
       "$ref \"#/$defs/a/0\" points to a number, not to a schema"},
      {AMC_C_LINT_META_SCHEMA, "/$defs/a", AMC_SEV_ERROR, "[1]",
       "expected object or boolean, got array"}},
     2},
    {"required against a maxProperties that is not an integer",
     S2020 "\"required\":[\"a\",\"b\"],\"maxProperties\":1.5}",
     {{AMC_C_LINT_META_SCHEMA, "/maxProperties", AMC_SEV_ERROR, "1.5",
       "expected integer, got number"}},
     1},
    {"2019-09 $ref to a $ref string",
     "{\"$schema\":\"https://json-schema.org/draft/2019-09/schema\",\"properties\":{\"a\":{"
     "\"$ref\":\"#/properties/b\"},\"b\":{\"$ref\":\"#/properties/a/$ref\"}}}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/properties/b/$ref", AMC_SEV_ERROR, "\"#/properties/a/$ref\"",
       "$ref \"#/properties/a/$ref\" points to a string, not to a schema"}},
     1},
    {"draft-06 items array",
     "{\"$schema\":\"http://json-schema.org/draft-06/schema#\",\"items\":[{\"maxLenght\":1}]}",
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/items/0/maxLenght", AMC_SEV_WARNING, "\"maxLenght\"",
       "unknown keyword \"maxLenght\" is ignored; did you mean \"maxLength\"?"}},
     1},
    {"additionalProperties {} is not false: branch properties are fine",
     S2020 "\"additionalProperties\":{},\"allOf\":[{\"properties\":{\"x\":{}}}]}",
     {{0}},
     0},
};

static void test_lint_cases(void **state)
{
    size_t i = 0, j = 0;
    (void)state;
    for (i = 0; i < sizeof lcases / sizeof lcases[0]; i++) {
        const struct lcase *c = &lcases[i];
        amc_schema_set *set = amc_schema_set_new(NULL);
        amc_diags *ds = amc_diags_new(0);
        const char *uri = NULL;
        char ruri[64];
        assert_non_null(set);
        assert_non_null(ds);
        snprintf(ruri, sizeof ruri, "https://test.invalid/cov%zu.json", i);
        if (amc_schema_set_add(set, ruri, c->schema, strlen(c->schema), ds, &uri) != AMC_OK)
            fail_msg("%s: the schema was not added", c->name);
        if (amc_schema_lint(set, uri, NULL, ds) != AMC_OK)
            fail_msg("%s: amc_schema_lint failed", c->name);
        if (amc_diags_count(ds) != c->n) {
            for (j = 0; j < amc_diags_count(ds); j++)
                print_message("  %s: got %s %s\n", c->name, amc_code_id(amc_diags_get(ds, j)->code),
                              amc_diags_get(ds, j)->message);
            fail_msg("%s: %zu findings, want %zu", c->name, amc_diags_count(ds), c->n);
        }
        for (j = 0; j < c->n; j++) {
            const amc_diag *d = amc_diags_get(ds, j);
            const char *at = strstr(c->schema, c->w[j].at);
            assert_non_null(at);
            if (d->code != c->w[j].code)
                fail_msg("%s[%zu]: code %s, want %s", c->name, j, amc_code_id(d->code),
                         amc_code_id(c->w[j].code));
            if (d->sev != c->w[j].sev)
                fail_msg("%s[%zu]: severity %d, want %d", c->name, j, (int)d->sev,
                         (int)c->w[j].sev);
            if (!d->instance_ptr || strcmp(d->instance_ptr, c->w[j].ptr) != 0)
                fail_msg("%s[%zu]: pointer %s, want %s", c->name, j,
                         d->instance_ptr ? d->instance_ptr : "(none)", c->w[j].ptr);
            if (d->at.offset != (size_t)(at - c->schema))
                fail_msg("%s[%zu]: at %zu, want %zu", c->name, j, d->at.offset,
                         (size_t)(at - c->schema));
            if (!strstr(d->message, c->w[j].msg))
                fail_msg("%s[%zu]: message '%s' lacks '%s'", c->name, j, d->message, c->w[j].msg);
        }
        amc_diags_free(ds);
        amc_schema_set_free(set);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lint_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
