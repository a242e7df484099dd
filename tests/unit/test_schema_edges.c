/*
 * test_schema_edges.c - schema engine branches (src/schema/registry.c, compile.c, validate.c)
 * that the JSON-Schema-Test-Suite and test_schema.c do not reach: anchor names at the edges of
 * their grammar (JSON Schema 2020-12 core 8.2.2 "$anchor": ^[A-Za-z_][-A-Za-z0-9._]*$; 2019-09
 * and the plain-name fragments of drafts 4-7: ^[A-Za-z][-A-Za-z0-9.:_]*$), "type" arrays with a
 * bad member, non-negative integer keywords written as 1e1, 1e30 or 2^64, empty keyword objects,
 * and a duplicate name in "required". Each case asserts the status, the first diagnostic's code
 * and a piece of its message, and for instances the verdict.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

#define S2019 "\"$schema\":\"https://json-schema.org/draft/2019-09/schema\","
#define S7    "\"$schema\":\"http://json-schema.org/draft-07/schema#\","

static const struct scase {
    const char *name, *schema;
    amc_status add;   /* amc_schema_set_add + amc_schema_compile */
    const char *inst; /* NULL: compile only */
    bool valid;
    amc_code code;   /* first diagnostic (0: none at all) */
    const char *msg; /* substring of its message (NULL: not checked) */
    size_t ndiags;   /* diagnostics of the validation (0: not checked) */
} cases[] = {
    /* $anchor names */
    {"2020-12 empty $anchor", "{\"$anchor\":\"\"}", AMC_EINVALID, NULL, false,
     AMC_C_SCHEMA_ANCHOR_INVALID,
     "invalid $anchor: must be a string matching ^[A-Za-z_][-A-Za-z0-9._]*$", 0},
    {"2020-12 $anchor with a space", "{\"$anchor\":\"a b\"}", AMC_EINVALID, NULL, false,
     AMC_C_SCHEMA_ANCHOR_INVALID, "invalid $anchor", 0},
    {"2020-12 $anchor with a colon", "{\"$anchor\":\"a:b\"}", AMC_EINVALID, NULL, false,
     AMC_C_SCHEMA_ANCHOR_INVALID, "invalid $anchor", 0},
    {"2020-12 $anchor starting with _", "{\"$anchor\":\"_a-b.c_9\"}", AMC_OK, "1", true, 0, NULL,
     0},
    {"2020-12 $anchor starting with a digit", "{\"$anchor\":\"9a\"}", AMC_EINVALID, NULL, false,
     AMC_C_SCHEMA_ANCHOR_INVALID, NULL, 0},
    {"2019-09 $anchor with a colon", "{" S2019 "\"$anchor\":\"a:b\"}", AMC_OK, "1", true, 0, NULL,
     0},
    {"2019-09 $anchor starting with _", "{" S2019 "\"$anchor\":\"_a\"}", AMC_EINVALID, NULL, false,
     AMC_C_SCHEMA_ANCHOR_INVALID,
     "invalid $anchor: must be a string matching ^[A-Za-z][-A-Za-z0-9.:_]*$", 0},
    {"2019-09 $anchor with a slash", "{" S2019 "\"$anchor\":\"a/b\"}", AMC_EINVALID, NULL, false,
     AMC_C_SCHEMA_ANCHOR_INVALID, NULL, 0},
    /* a draft-7 plain-name fragment that is not a name names nothing: the $ref to it fails */
    {"draft 7 $id fragment that is not a name",
     "{" S7 "\"definitions\":{\"a\":{\"$id\":\"#1a\",\"type\":\"string\"}},"
     "\"$ref\":\"#1a\"}",
     AMC_EINVALID, NULL, false, AMC_C_SCHEMA_REF_UNRESOLVED, NULL, 0},
    {"draft 7 $id fragment that is a name",
     "{" S7 "\"definitions\":{\"a\":{\"$id\":\"#a:b\",\"type\":\"string\"}},"
     "\"$ref\":\"#a:b\"}",
     AMC_OK, "5", false, AMC_C_SCHEMA_TYPE, NULL, 0},
    /* drafts 4-7: a plain-name fragment on the root's id names the root */
    {"draft 7 root id with a plain-name fragment",
     "{" S7 "\"$id\":\"http://example.com/r.json#top\",\"type\":\"object\","
     "\"properties\":{\"a\":{\"$ref\":\"#top\"}}}",
     AMC_OK, "{\"a\":5}", false, AMC_C_SCHEMA_TYPE, NULL, 1},
    {"draft 7 root id fragment that is not a name",
     "{" S7 "\"$id\":\"http://example.com/r.json#1a\",\"properties\":{\"a\":{\"$ref\":"
     "\"#1a\"}}}",
     AMC_EINVALID, NULL, false, AMC_C_SCHEMA_REF_UNRESOLVED, NULL, 0},
    /* a JSON Pointer fragment longer than the resolver's stack buffer (256 bytes) */
    {"$ref with a 308-byte pointer",
     "{\"$defs\":{"
     "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaa\":{\"type\":\"string\"}},\"$ref\":\"#/$defs/"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaa\"}",
     AMC_OK, "5", false, AMC_C_SCHEMA_TYPE, NULL, 1},
    /* a $ref into an unknown keyword: the subtree is adopted, its $id becomes a resource */
    {"$ref into an unknown keyword holding an $id",
     "{\"x-lib\":{\"s\":{\"$id\":\"http://example.com/inner.json\",\"type\":\"integer\"}},"
     "\"$ref\":\"#/x-lib/s\"}",
     AMC_OK, "\"a\"", false, AMC_C_SCHEMA_TYPE, NULL, 1},
    /* a pattern that reaches the match limit: the value counts as invalid, in the evaluator's
     * fast path too (patternProperties under additionalProperties, contains) */
    {"patternProperties at the match limit, additionalProperties false",
     "{\"patternProperties\":{\"^(a+)+$\":true},\"additionalProperties\":false}", AMC_OK,
     "{\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\":1}", false, AMC_C_SCHEMA_REGEX_LIMIT,
     "regular expression match limit reached; the value counts as invalid", 1},
    {"patternProperties at the match limit", "{\"patternProperties\":{\"^(a+)+$\":{}}}", AMC_OK,
     "{\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\":1}", false, AMC_C_SCHEMA_REGEX_LIMIT, NULL, 1},
    {"contains a pattern at the match limit", "{\"contains\":{\"pattern\":\"^(a+)+$\"}}", AMC_OK,
     "[\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\"]", false, AMC_C_SCHEMA_REGEX_LIMIT, NULL, 1},
    /* type */
    {"type array with a number", "{\"type\":[\"string\",5]}", AMC_EINVALID, NULL, false,
     AMC_C_SCHEMA_KEYWORD_INVALID, NULL, 0},
    {"type array with an unknown name", "{\"type\":[\"string\",\"text\"]}", AMC_EINVALID, NULL,
     false, AMC_C_SCHEMA_KEYWORD_INVALID, NULL, 0},
    /* non-negative integers written as decimals */
    {"maxLength 1e1, 11 characters", "{\"maxLength\":1e1}", AMC_OK, "\"abcdefghijk\"", false,
     AMC_C_SCHEMA_MAX_LENGTH, NULL, 1},
    {"maxLength 1e1, 10 characters", "{\"maxLength\":1e1}", AMC_OK, "\"abcdefghij\"", true, 0, NULL,
     0},
    {"maxLength 1.5e1, 16 characters", "{\"maxLength\":1.5e1}", AMC_OK, "\"abcdefghijklmnop\"",
     false, AMC_C_SCHEMA_MAX_LENGTH, NULL, 1},
    {"maxLength 1.5e1, 15 characters", "{\"maxLength\":1.5e1}", AMC_OK, "\"abcdefghijklmno\"", true,
     0, NULL, 0},
    {"minLength 1e30 (saturates)", "{\"minLength\":1e30}", AMC_OK, "\"abc\"", false,
     AMC_C_SCHEMA_MIN_LENGTH, NULL, 1},
    {"maxItems 2^64 (saturates)", "{\"maxItems\":18446744073709551616}", AMC_OK, "[1,2,3]", true, 0,
     NULL, 0},
    {"minItems 99999999999999999999 (saturates)", "{\"minItems\":99999999999999999999}", AMC_OK,
     "[1,2,3]", false, AMC_C_SCHEMA_MIN_ITEMS, NULL, 1},
    {"minItems -1e1", "{\"minItems\":-1e1}", AMC_EINVALID, NULL, false,
     AMC_C_SCHEMA_KEYWORD_INVALID, NULL, 0},
    /* empty keyword objects constrain nothing */
    {"empty properties", "{\"properties\":{},\"additionalProperties\":{\"type\":\"string\"}}",
     AMC_OK, "{\"a\":1}", false, AMC_C_SCHEMA_TYPE, NULL, 1},
    {"empty patternProperties",
     "{\"patternProperties\":{},\"additionalProperties\":{\"type\":\"string\"}}", AMC_OK,
     "{\"a\":\"x\"}", true, 0, NULL, 0},
    {"empty dependentRequired", "{\"dependentRequired\":{}}", AMC_OK, "{\"a\":1}", true, 0, NULL,
     0},
    /* then without if, or not a schema */
    {"then not a schema", "{\"if\":true,\"then\":5}", AMC_EINVALID, NULL, false,
     AMC_C_SCHEMA_NOT_SCHEMA, "then must be a schema (an object or a boolean)", 0},
/* an allOf of if/then discriminators on one member (the fast path decides each "if" by one
 * comparison, compile.c find_disc): the branch taken, else, an absent member (every "if"
 * holds), a number equal in value to the constant, a non-object */
#define DISC                                                                                       \
    "{\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":\"a\"}}},\"then\":{\"required\":["      \
    "\"x\"]}},"                                                                                    \
    "{\"if\":{\"properties\":{\"k\":{\"const\":1}}},\"then\":{\"required\":[\"y\"]},"              \
    "\"else\":{\"required\":[\"z\"]}}]}"
    {"discriminator: then of the matching branch fails", DISC, AMC_OK, "{\"k\":\"a\",\"z\":1}",
     false, AMC_C_SCHEMA_REQUIRED, "\"x\" is a required property", 1},
    {"discriminator: then of the matching branch holds", DISC, AMC_OK,
     "{\"k\":\"a\",\"x\":1,\"z\":1}", true, 0, NULL, 0},
    {"discriminator: else of a branch that does not match", DISC, AMC_OK, "{\"k\":\"b\",\"x\":1}",
     false, AMC_C_SCHEMA_REQUIRED, "\"z\" is a required property", 1},
    {"discriminator: 1.0 matches the constant 1", DISC, AMC_OK, "{\"k\":1.0,\"x\":1,\"z\":1}",
     false, AMC_C_SCHEMA_REQUIRED, "\"y\" is a required property", 1},
    {"discriminator: member absent, every then applies", DISC, AMC_OK, "{\"y\":1,\"z\":1}", false,
     AMC_C_SCHEMA_REQUIRED, "\"x\" is a required property", 1},
    {"discriminator: member absent, every then holds", DISC, AMC_OK, "{\"x\":1,\"y\":1}", true, 0,
     NULL, 0},
    {"discriminator: not an object", DISC, AMC_OK, "5", true, 0, NULL, 0},
#undef DISC
    /* a name twice in required: present, neither occurrence is missing */
    {"required twice, present", "{\"required\":[\"a\",\"b\",\"a\"]}", AMC_OK, "{\"a\":1}", false,
     AMC_C_SCHEMA_REQUIRED, "\"b\" is a required property", 1},
};

static void test_cases(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct scase *c = &cases[i];
        amc_schema_set *set = amc_schema_set_new(NULL);
        amc_diags *ds = amc_diags_new(0);
        const char *uri = NULL;
        const amc_schema *s = NULL;
        amc_doc *inst = NULL;
        bool valid = !c->valid;
        amc_status st = AMC_OK;
        assert_non_null(set);
        assert_non_null(ds);
        st = amc_schema_set_add(set, NULL, c->schema, strlen(c->schema), ds, &uri);
        if (st == AMC_OK)
            st = amc_schema_compile(set, uri, ds, &s);
        if (st != c->add)
            fail_msg("%s: compile status %d, want %d (%s)", c->name, (int)st, (int)c->add,
                     amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "no diagnostic");
        if (c->inst) {
            amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
            bool first_valid = !c->valid;
            amc_status vst = AMC_OK;
            assert_int_equal(amc_diags_count(ds), 0);
            assert_int_equal(amc_json_read(c->inst, strlen(c->inst), NULL, ds, &inst), AMC_OK);
            /* first-error mode (the evaluator's yes/no fast path) agrees on the verdict and on
             * the first diagnostic's code */
            /* a regex that reached its match limit: AMC_ELIMIT, the value counted invalid */
            vst = c->code == AMC_C_SCHEMA_REGEX_LIMIT ? AMC_ELIMIT : AMC_OK;
            st = amc_schema_validate(s, amc_doc_root(inst), inst, &o, ds, &first_valid);
            if (st != vst)
                fail_msg("%s: first-error mode: status %s", c->name, amc_status_str(st));
            if (first_valid != c->valid)
                fail_msg("%s: first-error mode: valid %d, want %d", c->name, first_valid, c->valid);
            if (c->code && (!amc_diags_count(ds) || amc_diags_get(ds, 0)->code != c->code))
                fail_msg("%s: first-error mode: got %s", c->name,
                         amc_diags_count(ds) ? amc_code_id(amc_diags_get(ds, 0)->code) : "nothing");
            amc_diags_clear(ds);
            o.all_errors = true;
            st = amc_schema_validate(s, amc_doc_root(inst), inst, &o, ds, &valid);
            if (st != vst)
                fail_msg("%s: all-errors mode: status %s", c->name, amc_status_str(st));
            if (valid != c->valid)
                fail_msg("%s: valid %d, want %d", c->name, valid, c->valid);
            if (c->ndiags && amc_diags_count(ds) != c->ndiags)
                fail_msg("%s: %zu diagnostics, want %zu", c->name, amc_diags_count(ds), c->ndiags);
        }
        if (!c->code) {
            if (amc_diags_count(ds) != 0)
                fail_msg("%s: unexpected %s: %s", c->name, amc_code_id(amc_diags_get(ds, 0)->code),
                         amc_diags_get(ds, 0)->message);
        } else {
            const amc_diag *d = amc_diags_count(ds) ? amc_diags_get(ds, 0) : NULL;
            if (!d || d->code != c->code || (c->msg && !strstr(d->message, c->msg)))
                fail_msg("%s: got %s \"%s\", want %s \"%s\"", c->name,
                         d ? amc_code_id(d->code) : "nothing", d ? d->message : "",
                         amc_code_id(c->code), c->msg ? c->msg : "");
        }
        amc_doc_free(inst);
        amc_diags_free(ds);
        amc_schema_set_free(set);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_cases)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
