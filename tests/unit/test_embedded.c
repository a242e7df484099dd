/*
 * test_embedded.c - the public view of the embedded schema table (amc_schema_embedded_count /
 * amc_schema_embedded_at, what `amc schemas` lists): names unique and in the documented order,
 * every document JSON, the adapter-protocol schemas present with their $id, and each one
 * compiling in a fresh schema set by that $id.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

static void test_table(void **state)
{
    size_t n = amc_schema_embedded_count(), i = 0, protocol = 0;
    const char *prev = "", *name = NULL, *id = NULL, *data = NULL;
    size_t len = 0;
    bool in_protocol = false;
    (void)state;
    assert_true(n > 80);
    for (i = 0; i < n; i++) {
        amc_doc *doc = NULL;
        amc_diags *ds = amc_diags_new(4);
        assert_int_equal(amc_schema_embedded_at(i, &name, &id, &data, &len), AMC_OK);
        assert_non_null(name);
        assert_int_equal(strlen(data), len);
        if (!strncmp(name, "adapter-protocol/", 17)) {
            in_protocol = true;
            protocol++;
            assert_non_null(id);
            assert_int_equal(strncmp(id, "https://amc.dev/conformance/protocol/", 37), 0);
        } else {
            assert_false(in_protocol); /* schemas/ first, then adapter-protocol/ */
        }
        if (i && (in_protocol == !strncmp(prev, "adapter-protocol/", 17)) &&
            strcmp(prev, name) >= 0)
            fail_msg("%s after %s: not in path order", name, prev);
        if (amc_json_read(data, len, NULL, ds, &doc) != AMC_OK)
            fail_msg("%s is not JSON", name);
        amc_doc_free(doc);
        amc_diags_free(ds);
        prev = name;
    }
    /* the ten request/reply schemas and the report's */
    assert_int_equal(protocol, 11);
    assert_int_equal(amc_schema_embedded_at(n, &name, &id, &data, &len), AMC_EUSAGE);
    assert_int_equal(amc_schema_embedded_at(0, NULL, NULL, NULL, NULL), AMC_OK);
}

static void test_protocol_schemas_compile(void **state)
{
    size_t n = amc_schema_embedded_count(), i = 0, done = 0;
    (void)state;
    for (i = 0; i < n; i++) {
        const char *name = NULL, *id = NULL;
        amc_schema_set *set = NULL;
        amc_diags *ds = NULL;
        const amc_schema *sch = NULL;
        assert_int_equal(amc_schema_embedded_at(i, &name, &id, NULL, NULL), AMC_OK);
        if (strncmp(name, "adapter-protocol/", 17))
            continue;
        set = amc_schema_set_new(NULL);
        ds = amc_diags_new(8);
        if (amc_schema_compile(set, id, ds, &sch) != AMC_OK)
            fail_msg("%s does not compile by its $id %s", name, id);
        done++;
        amc_diags_free(ds);
        amc_schema_set_free(set);
    }
    assert_int_equal(done, 11);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_protocol_schemas_compile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
