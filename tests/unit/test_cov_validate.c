/*
 * test_cov_validate.c - the validator's messages and paths the coverage report showed untested
 * (src/schema/validate.c): how a value is shown in a message (numbers over 40 characters, strings
 * over 60 bytes cut on a code point boundary, escapes), an "enum" list too long to show whole,
 * "required" over many members with a repeated name, and an instance built from json-c (no source
 * positions). Each case asserts the verdict, every error's code, its whole message and where it
 * points (the first occurrence of a marker in the instance).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <json-c/json.h>
#include "amc/amc.h"
#include "amc/json.h"

#define S2020 "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","

typedef struct want {
    amc_code code;
    const char *at; /* the error points at the first occurrence of this in the instance */
    const char *msg;
} want;

static const struct vcase {
    const char *name, *schema, *inst;
    want w[3];
    size_t n; /* errors (all_errors on) */
} cases[] = {
    {"a number over 40 characters is cut",
     S2020 "\"const\":1}",
     "123456789012345678901234567890123456789012345",
     {{AMC_C_SCHEMA_CONST, "1",
       "1234567890123456789012345678901234567890... is not the required "
       "value 1"}},
     1},
    {"a string cut inside a 2-byte sequence",
     S2020 "\"const\":\"a\"}",
     "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\xc3\xa9\xc3\xa9yyyyy\"",
     {{AMC_C_SCHEMA_CONST, "\"",
       "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...\" is not the required "
       "value \"a\""}},
     1},
    {"a string cut inside a 3-byte sequence",
     S2020 "\"const\":\"a\"}",
     "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\xe2\x82\xacyyyyy\"",
     {{AMC_C_SCHEMA_CONST, "\"",
       "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...\" is not the required "
       "value \"a\""}},
     1},
    {"a string of 60 bytes is shown whole",
     S2020 "\"const\":\"a\"}",
     "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\xc3\xa9\"",
     {{AMC_C_SCHEMA_CONST, "\"",
       "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\xc3\xa9\" is not the "
       "required value \"a\""}},
     1},
    {"quotes, backslashes and control characters escaped",
     S2020 "\"const\":\"a\"}",
     "\"q\\\"b\\\\c\\u0001\"",
     {{AMC_C_SCHEMA_CONST, "\"", "\"q\\\"b\\\\c\\u0001\" is not the required value \"a\""}},
     1},
    {"an enum list too long to show whole",
     S2020 "\"enum\":[\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",\"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\","
           "\"ccccccccccccccccccccccccccccccc\",\"ddddddddddddddddddddddddddddddd\","
           "\"eeeeeeeeeeeeeeeeeeeeeeeeeeeeeee\",\"fffffffffffffffffffffffffffffff\","
           "\"ggggggggggggggggggggggggggggggg\",\"hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh\","
           "\"iiiiiiiiiiiiiiiiiiiiiiiiiiiiiii\"]}",
     "\"z\"",
     {{AMC_C_SCHEMA_ENUM, "\"z\"",
       "\"z\" is not one of \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\", "
       "\"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\", "
       "\"ccccccccccccccccccccccccccccccc\", \"ddddddddddddddddddddddddddddddd\", "
       "\"eeeeeeeeeeeeeeeeeeeeeeeeeeeeeee\", \"fffffffffffffffffffffffffffffff\", ..."}},
     1},
    {"an enum of 9 numbers (hashed lookup), found",
     S2020 "\"enum\":[1,2,3,4,5,6,7,8,9.5]}",
     "9.50",
     {{0, NULL, NULL}},
     0},
    {"an enum of 9 numbers (hashed lookup), not found",
     S2020 "\"enum\":[1,2,3,4,5,6,7,8,9]}",
     "10",
     {{AMC_C_SCHEMA_ENUM, "10", "10 is not one of 1, 2, 3, 4, 5, 6, 7, 8, 9"}},
     1},
    {"additionalProperties true next to patternProperties",
     S2020 "\"patternProperties\":{\"^x\":{\"type\":\"string\"}},\"additionalProperties\":true}",
     "{\"x1\":\"a\",\"b\":2}",
     {{0, NULL, NULL}},
     0},
    {"additionalProperties true next to patternProperties, a pattern fails",
     S2020 "\"patternProperties\":{\"^x\":{\"type\":\"string\"}},\"additionalProperties\":true}",
     "{\"x1\":1,\"b\":2}",
     {{AMC_C_SCHEMA_TYPE, "1,", "expected string, got number"}},
     1},
    /* "required" without "properties" over more than 64 name x member pairs: the members are
     * looked up once each; a repeated name counts once */
    {"required: 10 names (one twice) x 7 members",
     S2020 "\"required\":[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",\"h\",\"a\",\"z\"]}",
     "{\"a\":1,\"b\":1,\"c\":1,\"d\":1,\"e\":1,\"f\":1,\"g\":1}",
     {{AMC_C_SCHEMA_REQUIRED, "{", "\"h\" is a required property"},
      {AMC_C_SCHEMA_REQUIRED, "{", "\"z\" is a required property"}},
     2},
    {"required: 10 names x 7 members, all there",
     S2020 "\"required\":[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",\"a\",\"b\",\"c\"]}",
     "{\"a\":1,\"b\":1,\"c\":1,\"d\":1,\"e\":1,\"f\":1,\"g\":1}",
     {{0, NULL, NULL}},
     0},
};

static void test_cases(void **state)
{
    size_t i = 0, j = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct vcase *c = &cases[i];
        amc_schema_set *set = amc_schema_set_new(NULL);
        amc_diags *ds = amc_diags_new(0);
        const amc_schema *sc = NULL;
        const char *uri = NULL;
        amc_doc *doc = NULL;
        amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
        bool valid = false;
        char ruri[64];
        assert_non_null(set);
        snprintf(ruri, sizeof ruri, "https://test.invalid/v%zu.json", i);
        if (amc_schema_set_add(set, ruri, c->schema, strlen(c->schema), ds, &uri) != AMC_OK ||
            amc_schema_compile(set, uri, ds, &sc) != AMC_OK)
            fail_msg("%s: the schema does not compile", c->name);
        if (amc_json_read(c->inst, strlen(c->inst), NULL, ds, &doc) != AMC_OK)
            fail_msg("%s: the instance is not JSON", c->name);
        o.all_errors = true;
        assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid), AMC_OK);
        if (valid != (c->n == 0) || amc_diags_count(ds) != c->n) {
            for (j = 0; j < amc_diags_count(ds); j++)
                print_message("  %s: got %s %s\n", c->name, amc_code_id(amc_diags_get(ds, j)->code),
                              amc_diags_get(ds, j)->message);
            fail_msg("%s: valid %d with %zu diagnostics, want %zu", c->name, valid,
                     amc_diags_count(ds), c->n);
        }
        for (j = 0; j < c->n; j++) {
            const amc_diag *d = amc_diags_get(ds, j);
            size_t at = (size_t)(strstr(c->inst, c->w[j].at) - c->inst);
            if (d->code != c->w[j].code || strcmp(d->message, c->w[j].msg) != 0 ||
                d->at.offset != at)
                fail_msg("%s[%zu]: got %s at %zu \"%s\"\n  want %s at %zu \"%s\"", c->name, j,
                         amc_code_id(d->code), d->at.offset, d->message, amc_code_id(c->w[j].code),
                         at, c->w[j].msg);
        }
        amc_doc_free(doc);
        amc_diags_free(ds);
        amc_schema_set_free(set);
    }
}

/* An instance built from json-c has no source: errors carry no position, but their instance
 * pointers and messages are those of a parsed instance. */
static void test_json_c_instance(void **state)
{
    static const char schema[] =
        S2020 "\"properties\":{\"a\":{\"type\":\"string\"}},\"additionalProperties\":false,"
              "\"propertyNames\":{\"maxLength\":3}}";
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const amc_schema *sc = NULL;
    const char *uri = NULL;
    amc_doc *doc = NULL;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    bool valid = true;
    struct json_object *jo = json_tokener_parse("{\"a\":5,\"long\":1}");
    size_t i = 0;
    static const struct {
        amc_code code;
        const char *ptr, *msg;
    } wantj[] = {
        {AMC_C_SCHEMA_TYPE, "/a", "expected string, got number"},
        {AMC_C_SCHEMA_PROPERTY_NAMES, "/long",
         "property name \"long\" is not allowed by \"propertyNames\""},
        {AMC_C_SCHEMA_MAX_LENGTH, "/long",
         "\"long\" is too long (4 characters; at most 3 allowed)"},
        {AMC_C_SCHEMA_ADDITIONAL_PROPERTIES, "/long",
         "additional property \"long\" is not allowed"},
    };
    (void)state;
    assert_non_null(jo);
    assert_int_equal(amc_doc_from_json_c(jo, &doc), AMC_OK);
    json_object_put(jo);
    assert_int_equal(amc_schema_set_add(set, "https://test.invalid/jc.json", schema,
                                        sizeof schema - 1, ds, &uri),
                     AMC_OK);
    assert_int_equal(amc_schema_compile(set, uri, ds, &sc), AMC_OK);
    o.all_errors = true;
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid), AMC_OK);
    assert_false(valid);
    assert_int_equal(amc_diags_count(ds), sizeof wantj / sizeof wantj[0]);
    for (i = 0; i < sizeof wantj / sizeof wantj[0]; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        assert_int_equal(d->code, wantj[i].code);
        assert_string_equal(d->instance_ptr, wantj[i].ptr);
        assert_string_equal(d->message, wantj[i].msg);
        assert_int_equal(d->at.offset, AMC_NO_OFFSET);
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_json_c_instance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
