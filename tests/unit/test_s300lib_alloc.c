/*
 * test_s300lib_alloc.c - allocation-failure sweeps (alloc_fail_sweep.h: every allocation of a
 * job failing once, one at a time; AMC_ENOMEM reported or exactly the clean result) whose result
 * records every diagnostic in full (code, instance and keyword locations, absolute keyword
 * location, context), over jobs where a surviving mutant showed an error path unobserved:
 *   - src/schema/validate.c report(): a location buffer that cannot grow while an anyOf/oneOf
 *     branch detail is reported makes the validation AMC_ENOMEM; the "while checking" context
 *     built after it must not run and turn the failure into a diagnostic with empty locations
 *     (validate.c:435, "st == AMC_OK && e->in_detail" -> "||").
 * Needs -DAMC_ALLOC_FAILPOINTS=ON (the ASan+UBSan build of ci/test.sh and ci/mutate.py's build);
 * elsewhere the test checks the clean results only.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/json.h"
#include "core/arena_int.h"

#ifdef AMC_ALLOC_FAILPOINTS
#include "alloc_fail_sweep.h"
#else
typedef struct result {
    char text[16384];
    size_t len;
} result;

static void r_add(result *r, const char *fmt, ...) AMC_PRINTF(2, 3);

static void r_add(result *r, const char *fmt, ...)
{
    va_list ap;
    int n = 0;
    if (r->len >= sizeof r->text - 1)
        return;
    va_start(ap, fmt);
    n = vsnprintf(r->text + r->len, sizeof r->text - r->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        r->len += (size_t)n < sizeof r->text - r->len ? (size_t)n : sizeof r->text - r->len - 1;
}
#endif

/* every diagnostic in full */
static void r_full(result *r, const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; ds && i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        r_add(r, "\n %s i=%s k=%s u=%s c=%s", amc_code_id(d->code),
              d->instance_ptr ? d->instance_ptr : "(null)",
              d->keyword_ptr ? d->keyword_ptr : "(null)", d->schema_uri ? d->schema_uri : "(null)",
              d->context ? d->context : "(null)");
    }
}

/* A schema whose anyOf (and, nested in a branch, oneOf) fails with every branch detail: the
 * combinator's own error has short locations (below the location buffers' first 64 bytes), the
 * branch details long ones, so each buffer first grows while a detail is reported. */
static const char k_schema[] =
    "{\"anyOf\":[{\"properties\":{"
    "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\":"
    "{\"type\":\"string\"}}},{\"oneOf\":[{\"required\":[\"b\"]},{\"type\":\"array\"}]}]}";
static const char k_inst[] =
    "{\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\":1}";

static amc_status sc_branch_details(result *r)
{
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const amc_schema *sc = NULL;
    const char *uri = NULL;
    amc_doc *doc = NULL;
    amc_status st = AMC_ENOMEM;
    bool valid = true;
    if (ds && set) {
        amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
        o.branch_details = UINT32_MAX;
        o.all_errors = true;
        st = amc_schema_set_add(set, "urn:s", k_schema, sizeof k_schema - 1, ds, &uri);
        r_add(r, "add %d", (int)st);
        if (st == AMC_OK)
            st = amc_schema_compile(set, uri, ds, &sc);
        r_add(r, " compile %d", (int)st);
        if (st == AMC_OK)
            st = amc_json_read(k_inst, sizeof k_inst - 1, NULL, ds, &doc);
        if (st == AMC_OK)
            st = amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid);
        r_add(r, " validate %d %d", (int)st, (int)valid);
        r_full(r, ds);
    }
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

#define A64 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"

static void test_clean(void **state)
{
    result *r = calloc(1, sizeof *r);
    (void)state;
    assert_non_null(r);
    assert_int_equal(sc_branch_details(r), AMC_OK);
    assert_string_equal(
        r->text,
        "add 0 compile 0 validate 0 0"
        "\n SCHEMA_ANY_OF i= k=/anyOf u=urn:s#/anyOf c=(null)"
        "\n SCHEMA_TYPE i=/" A64 " k=/anyOf/0/properties/" A64 "/type"
        " u=urn:s#/anyOf/0/properties/" A64 "/type c=while checking /anyOf"
        "\n SCHEMA_ONE_OF i= k=/anyOf/1/oneOf u=urn:s#/anyOf/1/oneOf c=while checking /anyOf"
        "\n SCHEMA_REQUIRED i= k=/anyOf/1/oneOf/0/required"
        " u=urn:s#/anyOf/1/oneOf/0/required c=while checking /anyOf"
        "\n SCHEMA_TYPE i= k=/anyOf/1/oneOf/1/type u=urn:s#/anyOf/1/oneOf/1/type"
        " c=while checking /anyOf");
    free(r);
}

#ifdef AMC_ALLOC_FAILPOINTS
static void test_branch_details_sweep(void **state)
{
    (void)state;
    sweep("branch details", sc_branch_details);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean),
#ifdef AMC_ALLOC_FAILPOINTS
        cmocka_unit_test(test_branch_details_sweep),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
