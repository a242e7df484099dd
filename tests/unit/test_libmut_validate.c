/*
 * test_libmut_validate.c - src/schema/validate.c at its limits (issue 22: boundaries first, a
 * value exactly at a limit and one past it): names cut at 120 bytes in messages, minLength /
 * maxLength decided from the byte length or by counting code points, maxContains counted to the
 * end only when annotations are collected, enum and value previews. Each case asserts the
 * verdict (also on the fast path, without a diagnostics list) and every error: code, instance
 * pointer, line:col and the whole message.
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

#define S2020 "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","

/* 120 and 121 bytes */
#define K10  "abcdefghij"
#define K120 K10 K10 K10 K10 K10 K10 K10 K10 K10 K10 K10 K10
#define K121 K120 "z"

typedef struct vcase {
    const char *name, *schema, *inst;
    bool valid;
    const char *diags; /* "CODE instance_ptr line:col message\n" per error */
} vcase;

static const vcase cases[] = {
    /* names in messages: at most 120 bytes */
    {"unevaluated property named with 120 bytes", S2020 "\"unevaluatedProperties\":false}",
     "{\"" K120 "\":1}", false,
     "SCHEMA_UNEVALUATED_PROPERTIES /" K120 " 1:2 unevaluated property \"" K120
     "\" is not allowed\n"},
    {"unevaluated property named with 121 bytes: cut at 120",
     S2020 "\"unevaluatedProperties\":false}", "{\"" K121 "\":1}", false,
     "SCHEMA_UNEVALUATED_PROPERTIES /" K121 " 1:2 unevaluated property \"" K120
     "\" is not allowed\n"},
    /* minLength: (bytes + 3) / 4 >= n decides without counting; else code points count */
    {"minLength 2, 5 bytes: decided by the byte length", S2020 "\"minLength\":2}",
     "\"\xc3\xa9\xc3\xa9x\"", true, ""},
    {"minLength 3, 4 bytes in 2 code points", S2020 "\"minLength\":3}", "\"\xc3\xa9\xc3\xa9\"",
     false,
     "SCHEMA_MIN_LENGTH  1:1 \"\xc3\xa9\xc3\xa9\" is too short (2 characters; at least 3 "
     "required)\n"},
    {"minLength 3, 6 bytes in 3 code points", S2020 "\"minLength\":3}",
     "\"\xc3\xa9\xc3\xa9\xc3\xa9\"", true, ""},
    {"minLength 3, 2 bytes", S2020 "\"minLength\":3}", "\"ab\"", false,
     "SCHEMA_MIN_LENGTH  1:1 \"ab\" is too short (2 characters; at least 3 required)\n"},
    {"minLength 3, 3 bytes", S2020 "\"minLength\":3}", "\"abc\"", true, ""},
    {"maxLength 2, 4 bytes in 2 code points", S2020 "\"maxLength\":2}", "\"\xc3\xa9\xc3\xa9\"",
     true, ""},
    {"maxLength 2, 3 code points", S2020 "\"maxLength\":2}", "\"\xc3\xa9\xc3\xa9x\"", false,
     "SCHEMA_MAX_LENGTH  1:1 \"\xc3\xa9\xc3\xa9x\" is too long (3 characters; at most 2 "
     "allowed)\n"},
    {"maxLength 2, 2 bytes", S2020 "\"maxLength\":2}", "\"ab\"", true, ""},
    /* maxContains: counting stops past the maximum unless annotations are collected */
    {"maxContains 1, three matches, no annotations",
     S2020 "\"contains\":{\"const\":1},\"maxContains\":1}", "[1,1,1]", false,
     "SCHEMA_MAX_CONTAINS  1:1 2 or more items match the \"contains\" schema; at most 1 "
     "allowed\n"},
    {"maxContains 1, three matches, unevaluatedItems collects",
     S2020 "\"contains\":{\"const\":1},\"maxContains\":1,\"unevaluatedItems\":false}", "[1,1,1]",
     false, "SCHEMA_MAX_CONTAINS  1:1 3 items match the \"contains\" schema; at most 1 allowed\n"},
    {"maxContains 2, two matches", S2020 "\"contains\":{\"const\":1},\"maxContains\":2}", "[1,0,1]",
     true, ""},
    {"minContains 2, one match", S2020 "\"contains\":{\"const\":1},\"minContains\":2}", "[1,0]",
     false,
     "SCHEMA_MIN_CONTAINS  1:1 1 items match the \"contains\" schema; at least 2 required\n"},
    {"contains, no match", S2020 "\"contains\":{\"const\":1}}", "[0]", false,
     "SCHEMA_CONTAINS  1:1 no item of the array matches the \"contains\" schema\n"},
    /* required: names x members <= 64 looked up one by one, else through the scan table; a
     * name listed twice is one requirement either way (reported once) */
    {"required, a missing name listed twice, looked up one by one",
     S2020 "\"required\":[\"q\",\"q\"]}", "{}", false,
     "SCHEMA_REQUIRED  1:1 \"q\" is a required property\n"},
    {"required: 8 names (q twice) x 8 members = 64",
     S2020 "\"required\":[\"a\",\"q\",\"b\",\"c\",\"q\",\"d\",\"e\",\"r\"]}",
     "{\"a\":1,\"b\":1,\"c\":1,\"d\":1,\"e\":1,\"f\":1,\"g\":1,\"h\":1}", false,
     "SCHEMA_REQUIRED  1:1 \"q\" is a required property\n"
     "SCHEMA_REQUIRED  1:1 \"r\" is a required property\n"},
    {"required: 8 names (q twice) x 9 members = 72",
     S2020 "\"required\":[\"a\",\"q\",\"b\",\"c\",\"q\",\"d\",\"e\",\"r\"]}",
     "{\"a\":1,\"b\":1,\"c\":1,\"d\":1,\"e\":1,\"f\":1,\"g\":1,\"h\":1,\"i\":1}", false,
     "SCHEMA_REQUIRED  1:1 \"q\" is a required property\n"
     "SCHEMA_REQUIRED  1:1 \"r\" is a required property\n"},
    {"required: 8 names x 8 members, all there",
     S2020 "\"required\":[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",\"h\"]}",
     "{\"a\":1,\"b\":1,\"c\":1,\"d\":1,\"e\":1,\"f\":1,\"g\":1,\"h\":1}", true, ""},
    /* enum: up to 8 values compared one by one, more through their hashes */
    {"enum of 8, found", S2020 "\"enum\":[1,2,3,4,5,6,7,\"x\"]}", "\"x\"", true, ""},
    {"enum of 8, not found", S2020 "\"enum\":[1,2,3,4,5,6,7,\"x\"]}", "\"y\"", false,
     "SCHEMA_ENUM  1:1 \"y\" is not one of 1, 2, 3, 4, 5, 6, 7, \"x\"\n"},
    {"enum of 9, found", S2020 "\"enum\":[1,2,3,4,5,6,7,8,\"x\"]}", "\"x\"", true, ""},
    {"enum of 9, 1.0 is 1", S2020 "\"enum\":[1,2,3,4,5,6,7,8,\"x\"]}", "1.0", true, ""},
};

static void run_case(const vcase *c)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const char *uri = NULL;
    const amc_schema *sc = NULL;
    amc_doc *doc = NULL;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    bool valid = !c->valid;
    char got[4096];
    size_t i = 0, n = 0;
    assert_int_equal(
        amc_schema_set_add(set, "https://t.invalid/v.json", c->schema, strlen(c->schema), ds, &uri),
        AMC_OK);
    assert_int_equal(amc_schema_compile(set, uri, ds, &sc), AMC_OK);
    assert_int_equal(amc_json_read(c->inst, strlen(c->inst), NULL, ds, &doc), AMC_OK);
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, &o, NULL, &valid), AMC_OK);
    if (valid != c->valid)
        fail_msg("%s: verdict %d without a diagnostics list", c->name, (int)valid);
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid), AMC_OK);
    got[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && n < sizeof got; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        n += (size_t)snprintf(got + n, sizeof got - n, "%s %s %u:%u %s\n", amc_code_id(d->code),
                              d->instance_ptr ? d->instance_ptr : "-", d->at.line + 1,
                              d->at.col + 1, d->message);
    }
    if (valid != c->valid || strcmp(got, c->diags) != 0)
        fail_msg("%s: verdict %d, got:\n%swant:\n%s", c->name, (int)valid, got, c->diags);
    amc_doc_free(doc);
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

static void test_cases(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
