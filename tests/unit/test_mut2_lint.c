/*
 * test_mut2_lint.c - the schema linter's walk of $ref targets the subschema walk does not reach
 * (src/schema/lint.c walk_extra: a target under a member that is no keyword, with its own
 * subschemas below it): every subschema found there is linted, at its JSON Pointer, in each
 * dialect's reading of "items" (drafts before 2020-12: a schema or an array of schemas).
 * Each case lists every LINT_FORMAT_UNKNOWN finding (an unknown "format", one per subschema
 * reached) by its pointer.
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

static const struct lcase {
    const char *name, *schema,
        *want; /* want: the findings' pointers (at "format"), each followed by ' ' */
} cases[] = {
    {"draft-07: items as an array, properties, not, dependencies",
     "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"allOf\":[{\"$ref\":\"#/x/a\"}],"
     "\"x\":{\"a\":{\"$id\":\"https://test.invalid/sub.json\",\"items\":[{\"format\":\"f1\"},"
     "{\"format\":\"f2\"}],\"properties\":{\"p\":{\"format\":\"f3\"}},\"not\":{\"format\":\"f4\"},"
     "\"dependencies\":{\"d\":{\"format\":\"f5\"},\"e\":[\"p\"]}}}}",
     "/x/a/items/0/format /x/a/items/1/format /x/a/properties/p/format /x/a/not/format "
     "/x/a/dependencies/d/format "},
    {"draft-07: items as a schema",
     "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"allOf\":[{\"$ref\":\"#/x/a\"}],"
     "\"x\":{\"a\":{\"items\":{\"format\":\"f1\",\"items\":[{\"format\":\"f2\"}]}}}}",
     "/x/a/items/format /x/a/items/items/0/format "},
    {"2020-12: prefixItems and items",
     "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"allOf\":[{\"$ref\":\"#/x/"
     "a\"}],"
     "\"x\":{\"a\":{\"prefixItems\":[{\"format\":\"f1\"}],\"items\":{\"format\":\"f2\"},"
     "\"anyOf\":[true,{\"format\":\"f3\"}]}}}",
     "/x/a/prefixItems/0/format /x/a/items/format /x/a/anyOf/1/format "},
    {"2020-12: keyword values of the wrong type are not walked",
     "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"allOf\":[{\"$ref\":\"#/x/"
     "a\"}],"
     "\"x\":{\"a\":{\"properties\":[{\"format\":\"f1\"}],\"prefixItems\":{\"q\":{\"format\":\"f2\"}"
     "},"
     "\"format\":\"f3\"}}}",
     "/x/a/format "},
};

static void test_cases(void **state)
{
    size_t i = 0, j = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct lcase *c = &cases[i];
        amc_schema_set *set = amc_schema_set_new(NULL);
        amc_diags *ds = amc_diags_new(0);
        const char *uri = NULL;
        char got[1024];
        size_t n = 0;
        assert_non_null(set);
        assert_non_null(ds);
        if (amc_schema_set_add(set, "https://test.invalid/root.json", c->schema, strlen(c->schema),
                               ds, &uri) != AMC_OK)
            fail_msg("%s: the schema was not added", c->name);
        if (amc_schema_lint(set, uri, NULL, ds) != AMC_OK)
            fail_msg("%s: the lint did not run", c->name);
        got[0] = '\0';
        for (j = 0; j < amc_diags_count(ds) && n < sizeof got; j++) {
            const amc_diag *d = amc_diags_get(ds, j);
            if (d->code == AMC_C_LINT_FORMAT_UNKNOWN)
                n += (size_t)snprintf(got + n, sizeof got - n, "%s ",
                                      d->instance_ptr ? d->instance_ptr : "-");
        }
        if (strcmp(got, c->want) != 0) {
            for (j = 0; j < amc_diags_count(ds); j++)
                print_message(
                    "  %s %s %s\n", amc_code_id(amc_diags_get(ds, j)->code),
                    amc_diags_get(ds, j)->instance_ptr ? amc_diags_get(ds, j)->instance_ptr : "-",
                    amc_diags_get(ds, j)->message);
            fail_msg("%s: \"%s\", want \"%s\"", c->name, got, c->want);
        }
        amc_diags_free(ds);
        amc_schema_set_free(set);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_cases)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
