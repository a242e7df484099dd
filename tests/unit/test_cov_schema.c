/*
 * test_cov_schema.c - schema compilation paths the coverage report showed untested
 * (src/schema/compile.c, uri.c): URI references that do not parse (a ':' in the first segment of
 * a relative path, a '%' not followed by two hex digits), a meta-schema whose "$vocabulary" is not
 * an object (the registry refuses it before the compiler reads it), and non-negative integer
 * keywords written as decimals (1.5e1, 150e-1, -0.0). Each case asserts the status, the first
 * diagnostic's code, offset and message, and for compiled schemas the verdict on an instance.
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
#include "schema/uri_int.h"

#define S2020 "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","

static const struct scase {
    const char *name, *meta, *schema;
    amc_status st;    /* amc_schema_set_add + amc_schema_compile */
    amc_code code;    /* first diagnostic (0: none) */
    const char *at;   /* it points at the first occurrence of this in the schema */
    const char *msg;  /* its whole message */
    const char *inst; /* compiled: an instance and its verdict */
    bool valid;
} cases[] = {
    {"$ref with ':' in the first segment of a relative path", NULL, S2020 "\"$ref\":\"1a:b\"}",
     AMC_EINVALID, AMC_C_SCHEMA_URI_INVALID, "\"1a:b\"",
     "$ref \"1a:b\" is not a valid URI reference", NULL, false},
    {"$ref with ':' after the first segment", NULL,
     S2020 "\"$defs\":{\"a:b\":{\"type\":\"string\"}},\"$ref\":\"#/$defs/a:b\"}", AMC_OK, 0, NULL,
     NULL, "1", false},
    {"$ref with '%' and one hex digit at the end", NULL, S2020 "\"$ref\":\"#/a%2\"}", AMC_EINVALID,
     AMC_C_SCHEMA_URI_INVALID, "\"#/a%2\"", "$ref \"#/a%2\" is not a valid URI reference", NULL,
     false},
    {"$ref with '%' and no hex digits", NULL, S2020 "\"$ref\":\"#/a%zz\"}", AMC_EINVALID,
     AMC_C_SCHEMA_URI_INVALID, "\"#/a%zz\"", "$ref \"#/a%zz\" is not a valid URI reference", NULL,
     false},
    {"$ref with an escaped '/' in a member name", NULL,
     S2020 "\"$defs\":{\"a/b\":{\"type\":\"string\"}},\"$ref\":\"#/$defs/a~1b\"}", AMC_OK, 0, NULL,
     NULL, "\"x\"", true},
    {"a meta-schema whose $vocabulary is a list",
     S2020 "\"$id\":\"https://test.invalid/meta\",\"$vocabulary\":[]}",
     "{\"$schema\":\"https://test.invalid/meta\",\"type\":\"string\"}", AMC_EINVALID,
     AMC_C_SCHEMA_DIALECT_UNSUPPORTED, "\"https://test.invalid/meta\"",
     "$schema \"https://test.invalid/meta\": its meta-schema declares no vocabulary amc knows; "
     "supported dialects: 2020-12, 2019-09, draft7, draft6, draft4",
     NULL, false},
    {"minLength 1.5e1 is 15", NULL, S2020 "\"minLength\":1.5e1}", AMC_OK, 0, NULL, NULL,
     "\"12345678901234\"", false},
    {"minLength 150e-1 is 15", NULL, S2020 "\"minLength\":150e-1}", AMC_OK, 0, NULL, NULL,
     "\"123456789012345\"", true},
    {"minLength -0.0 is 0", NULL, S2020 "\"minLength\":-0.0}", AMC_OK, 0, NULL, NULL, "\"\"", true},
    /* integers beyond int64: the decimal digits are read (saturating at 2^64 - 1) */
    {"minLength 1e19 (above int64)", NULL, S2020 "\"minLength\":1e19}", AMC_OK, 0, NULL, NULL,
     "\"abc\"", false},
    {"minLength 2e19 (above uint64)", NULL, S2020 "\"minLength\":2e19}", AMC_OK, 0, NULL, NULL,
     "\"abc\"", false},
    {"minLength -1e30 is negative", NULL, S2020 "\"minLength\":-1e30}", AMC_EINVALID,
     AMC_C_SCHEMA_KEYWORD_INVALID, "-1e30", NULL, NULL, false},
    {"minLength -1.0 is negative", NULL, S2020 "\"minLength\":-1.0}", AMC_EINVALID,
     AMC_C_SCHEMA_KEYWORD_INVALID, "-1.0", NULL, NULL, false},
};

static void test_cases(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct scase *c = &cases[i];
        amc_schema_set *set = amc_schema_set_new(NULL);
        amc_diags *ds = amc_diags_new(0);
        const amc_schema *sc = NULL;
        const char *uri = NULL, *muri = NULL;
        amc_status st = AMC_OK;
        const amc_diag *d = NULL;
        char ruri[64];
        assert_non_null(set);
        if (c->meta)
            assert_int_equal(amc_schema_set_add(set, "https://test.invalid/meta", c->meta,
                                                strlen(c->meta), ds, &muri),
                             AMC_OK);
        snprintf(ruri, sizeof ruri, "https://test.invalid/s%zu.json", i);
        st = amc_schema_set_add(set, ruri, c->schema, strlen(c->schema), ds, &uri);
        if (st == AMC_OK)
            st = amc_schema_compile(set, uri, ds, &sc);
        d = amc_diags_count(ds) ? amc_diags_get(ds, 0) : NULL;
        if (st != c->st || (c->code ? !d || d->code != c->code : d != NULL))
            fail_msg("%s: status %s, first %s '%s'; want %s, %s", c->name, amc_status_str(st),
                     d ? amc_code_id(d->code) : "none", d ? d->message : "", amc_status_str(c->st),
                     c->code ? amc_code_id(c->code) : "none");
        if (d && c->msg && strcmp(d->message, c->msg) != 0)
            fail_msg("%s: message '%s', want '%s'", c->name, d->message, c->msg);
        if (d && c->at && d->at.offset != (size_t)(strstr(c->schema, c->at) - c->schema))
            fail_msg("%s: at %zu, want the offset of %s", c->name, d->at.offset, c->at);
        if (c->inst && st == AMC_OK) {
            amc_doc *doc = NULL;
            bool valid = !c->valid;
            assert_int_equal(amc_json_read(c->inst, strlen(c->inst), NULL, ds, &doc), AMC_OK);
            assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, NULL, ds, &valid),
                             AMC_OK);
            if (valid != c->valid)
                fail_msg("%s: %s is %svalid", c->name, c->inst, valid ? "" : "not ");
            amc_doc_free(doc);
        }
        amc_diags_free(ds);
        amc_schema_set_free(set);
    }
}

/* RFC 3986 4.2: a relative-path reference's first segment has no ':' (it would read as a
 * scheme); percent-encoding is '%' and two hex digits (2.1). */
static void test_uri(void **state)
{
    amc_uri_parts u;
    char out[16];
    (void)state;
    assert_false(amc_uri_parse("1a:b", 4, &u));
    assert_true(amc_uri_parse("a:b", 3, &u)); /* the scheme "a" */
    assert_true(amc_uri_parse("./a:b", 5, &u));
    assert_true(amc_uri_parse("a/b:c", 5, &u));
    assert_true(amc_uri_parse("#a:b", 4, &u));
    assert_int_equal(amc_uri_pct_decode("a%41", 4, out), 2);
    assert_memory_equal(out, "aA", 2);
    assert_int_equal(amc_uri_pct_decode("a%4", 3, out), (size_t)-1);
    assert_int_equal(amc_uri_pct_decode("a%", 2, out), (size_t)-1);
    assert_int_equal(amc_uri_pct_decode("a%zz", 4, out), (size_t)-1);
    assert_int_equal(amc_uri_pct_decode("a%4g", 4, out), (size_t)-1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_uri),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
