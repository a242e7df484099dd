/*
 * test_libcov_lint.c - the schema linter's rules (src/schema/lint.c) where the coverage report
 * showed them untested: keywords of a newer draft in drafts 4, 6, 7 and 2019-09 (the "$defs"
 * container and the others), annotations of another draft, "dependencies" in 2020-12 by the
 * kind of its values, $ref to a value that is not a schema (string, number, array, null), to a
 * missing location, anchor or document, to a malformed URI; subschemas reached only through $ref
 * inside an unknown keyword (draft-07 "items" arrays, "dependencies" schemas); formats of a newer
 * draft, near misses and the list of known names; "required" against "maxProperties",
 * "additionalProperties": false and "properties" false; "enum" duplicates; bounds; keywords that
 * do not apply to the declared type; non-portable and invalid regexes; then the options: each
 * rule disabled on its own, severity overrides and custom formats. Each case asserts every
 * finding: code, JSON Pointer, severity, byte offset and the whole message.
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
#define S2019 "{\"$schema\":\"https://json-schema.org/draft/2019-09/schema\","
#define S7    "{\"$schema\":\"http://json-schema.org/draft-07/schema#\","
#define S6    "{\"$schema\":\"http://json-schema.org/draft-06/schema#\","
#define S4    "{\"$schema\":\"http://json-schema.org/draft-04/schema#\","

typedef struct want {
    amc_code code;
    const char *ptr; /* NULL: the finding has no pointer */
    amc_severity sev;
    size_t off;
    const char *msg; /* the whole message */
} want;

typedef struct lcase {
    const char *schema;
    want w[4];
    size_t n;
} lcase;

static const lcase cases[] = {
    {S6 "\"$defs\":{\"a\":{}}}",
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/$defs", AMC_SEV_WARNING, 53,
       "\"$defs\" is not a draft 6 keyword (it came with draft 2019-09): draft 6 validators use "
       "its schemas only where a $ref points to them and do not check them against the "
       "meta-schema; use \"definitions\""}},
     1},
    {S6 "\"unevaluatedProperties\":false}",
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/unevaluatedProperties", AMC_SEV_WARNING, 53,
       "\"unevaluatedProperties\" is not a draft 6 keyword (it came with draft 2019-09) and is "
       "ignored by draft 6 validators"}},
     1},
    {S4 "\"const\":1}",
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/const", AMC_SEV_WARNING, 53,
       "\"const\" is not a draft 4 keyword (it came with draft 6) and is ignored by draft 4 "
       "validators: use a one-member \"enum\""}},
     1},
    {S2019 "\"prefixItems\":[{}]}",
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/prefixItems", AMC_SEV_WARNING, 58,
       "\"prefixItems\" is not a draft 2019-09 keyword (it came with draft 2020-12) and is ignored "
       "by draft 2019-09 validators: use array-form \"items\""}},
     1},
    {S6 "\"$comment\":\"x\",\"contentMediaType\":\"text/plain\"}", {{0}}, 0},
    {S7 "\"dependentSchemas\":{\"a\":{}}}",
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/dependentSchemas", AMC_SEV_WARNING, 53,
       "\"dependentSchemas\" is not a draft 7 keyword (it came with draft 2019-09) and is ignored "
       "by draft 7 validators: use \"dependencies\""}},
     1},
    {S2020 "\"dependencies\":{\"a\":[\"b\"],\"c\":{}}}",
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/dependencies", AMC_SEV_WARNING, 58,
       "\"dependencies\" is not a draft 2020-12 keyword (its meta-schema keeps it only for the "
       "transition; amc honours it, other validators may ignore it): use \"dependentRequired\" for "
       "the arrays of names and \"dependentSchemas\" for the schemas"}},
     1},
    {S2020 "\"dependencies\":{\"a\":[\"b\"]}}",
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/dependencies", AMC_SEV_WARNING, 58,
       "\"dependencies\" is not a draft 2020-12 keyword (its meta-schema keeps it only for the "
       "transition; amc honours it, other validators may ignore it): use \"dependentRequired\" "
       "(its values are arrays of names)"}},
     1},
    {S2020 "\"dependencies\":{\"c\":true}}",
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/dependencies", AMC_SEV_WARNING, 58,
       "\"dependencies\" is not a draft 2020-12 keyword (its meta-schema keeps it only for the "
       "transition; amc honours it, other validators may ignore it): use \"dependentSchemas\" (its "
       "values are schemas)"}},
     1},
    {S2020 "\"dependencies\":7}",
     {{AMC_C_LINT_META_SCHEMA, "/dependencies", AMC_SEV_ERROR, 73, "expected object, got number"}},
     1},
    {S2020 "\"properties\":{\"a\":{\"type\":\"string\"}},\"$ref\":\"#/properties/a/type\"}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/$ref", AMC_SEV_ERROR, 102,
       "$ref \"#/properties/a/type\" points to a string, not to a schema"}},
     1},
    {S2020 "\"x-n\":5,\"allOf\":[{\"$ref\":\"#/x-n\"}]}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/allOf/0/$ref", AMC_SEV_ERROR, 83,
       "$ref \"#/x-n\" points to a number, not to a schema"}},
     1},
    {S2020 "\"x-a\":[1],\"x-z\":null,\"anyOf\":[{\"$ref\":\"#/x-a\"},{\"$ref\":\"#/x-z\"}]}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/anyOf/0/$ref", AMC_SEV_ERROR, 96,
       "$ref \"#/x-a\" points to an array, not to a schema"},
      {AMC_C_LINT_REF_UNRESOLVED, "/anyOf/1/$ref", AMC_SEV_ERROR, 113,
       "$ref \"#/x-z\" points to null, not to a schema"}},
     2},
    {S2020 "\"$ref\":\"#/nope\"}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/$ref", AMC_SEV_ERROR, 65,
       "$ref \"#/nope\" cannot be resolved: the target document has no such location"}},
     1},
    {S2020 "\"$ref\":\"urn:x:nothing\"}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/$ref", AMC_SEV_ERROR, 65,
       "$ref \"urn:x:nothing\" cannot be resolved: no schema document \"urn:x:nothing\" is known "
       "or loadable (pass the file that declares it with --schema FILE)"}},
     1},
    {S2020 "\"$ref\":\"#anchor-missing\"}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/$ref", AMC_SEV_ERROR, 65,
       "$ref \"#anchor-missing\" cannot be resolved: the target document has no such location"}},
     1},
    {S2020 "\"$ref\":\"a b\"}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/$ref", AMC_SEV_ERROR, 65,
       "$ref \"a b\" is not a valid URI reference: byte 0x20 ('?') must be percent-encoded as %20 "
       "(amc refuses the schema; some validators encode it silently)"}},
     1},
    {S2020 "\"$ref\":\"%zz\"}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/$ref", AMC_SEV_ERROR, 65,
       "$ref \"%zz\" is not a valid URI reference"}},
     1},
    {S7 "\"$ref\":\"#/definitions/"
        "x\",\"definitions\":{\"x\":{\"items\":{\"type\":\"string\",\"format\":\"datetime\"}}}}",
     {{AMC_C_LINT_FORMAT_UNKNOWN, "/definitions/x/items/format", AMC_SEV_WARNING, 132,
       "unknown format \"datetime\" is never checked; did you mean \"date-time\"?"}},
     1},
    {S2020 "\"x-k\":{\"a\":{\"items\":[{\"minimum\":2,\"maximum\":1}],\"properties\":{\"p\":{"
           "\"format\":\"emial\"}}}},\"$ref\":\"#/x-k/a\"}",
     {{AMC_C_LINT_COMPILE, NULL, AMC_SEV_ERROR, 78,
       "\"items\" is an array of schemas, the form of draft 2019-09 and earlier; in 2020-12 that "
       "is \"prefixItems\" (or declare the schema's draft in \"$schema\")"},
      {AMC_C_LINT_FORMAT_UNKNOWN, "/x-k/a/properties/p/format", AMC_SEV_WARNING, 134,
       "unknown format \"emial\" is never checked; did you mean \"email\"?"}},
     2},
    {S7 "\"x-k\":{\"items\":[{\"minimum\":2,\"maximum\":1}],\"properties\":{\"p\":{}},"
        "\"dependencies\":{\"q\":{\"format\":\"zzz\"}}},\"$ref\":\"#/x-k\"}",
     {{AMC_C_LINT_BOUNDS_CONTRADICTORY, "/x-k/items/0/minimum", AMC_SEV_ERROR, 70,
       "\"minimum\" 2 is greater than \"maximum\" 1: no number satisfies both"},
      {AMC_C_LINT_FORMAT_UNKNOWN, "/x-k/dependencies/q/format", AMC_SEV_WARNING, 148,
       "unknown format \"zzz\" is never checked (draft 7 defines: date-time, email, hostname, "
       "ipv4, ipv6, uri, uri-reference, uri-template, json-pointer, date, time, idn-email, "
       "idn-hostname, iri, iri-reference, relative-json-pointer, regex; a custom format is "
       "declared with --known-format)"}},
     2},
    {S2020 "\"format\":\"datetime\"}",
     {{AMC_C_LINT_FORMAT_UNKNOWN, "/format", AMC_SEV_WARNING, 67,
       "unknown format \"datetime\" is never checked; did you mean \"date-time\"?"}},
     1},
    {S2020 "\"format\":\"zzzzzzzzzz\"}",
     {{AMC_C_LINT_FORMAT_UNKNOWN, "/format", AMC_SEV_WARNING, 67,
       "unknown format \"zzzzzzzzzz\" is never checked (draft 2020-12 defines: date-time, email, "
       "hostname, ipv4, ipv6, uri, uri-reference, uri-template, json-pointer, date, time, "
       "idn-email, idn-hostname, iri, iri-reference, relative-json-pointer, regex, duration, uuid; "
       "a custom format is declared with --known-format)"}},
     1},
    {S4 "\"format\":\"uuid\"}",
     {{AMC_C_LINT_FORMAT_UNKNOWN, "/format", AMC_SEV_WARNING, 62,
       "format \"uuid\" is not a draft 4 format (it came with draft 2019-09): draft 4 validators "
       "may not check it"}},
     1},
    {S7 "\"format\":\"duration\"}",
     {{AMC_C_LINT_FORMAT_UNKNOWN, "/format", AMC_SEV_WARNING, 62,
       "format \"duration\" is not a draft 7 format (it came with draft 2019-09): draft 7 "
       "validators may not check it"}},
     1},
    {S2020 "\"required\":[\"a\",\"b\"],\"maxProperties\":1.5}",
     {{AMC_C_LINT_META_SCHEMA, "/maxProperties", AMC_SEV_ERROR, 95,
       "expected integer, got number"}},
     1},
    {S2020 "\"required\":[\"a\",\"b\"],\"maxProperties\":-1}",
     {{AMC_C_LINT_META_SCHEMA, "/maxProperties", AMC_SEV_ERROR, 95,
       "-1 is less than the minimum 0"}},
     1},
    {S2020 "\"required\":[\"a\",\"b\"],\"maxProperties\":1}",
     {{AMC_C_LINT_BOUNDS_CONTRADICTORY, "/maxProperties", AMC_SEV_ERROR, 79,
       "\"required\" lists 2 properties but \"maxProperties\" is 1: no object satisfies both"}},
     1},
    {S2020 "\"required\":[\"a\"],\"additionalProperties\":false}",
     {{AMC_C_LINT_REQUIRED_IMPOSSIBLE, "/required/0", AMC_SEV_ERROR, 70,
       "\"a\" is required but \"additionalProperties\": false forbids it (not in \"properties\" "
       "and no \"patternProperties\" matches it)"}},
     1},
    {S2020 "\"required\":[\"a\"],\"additionalProperties\":false,\"patternProperties\":{\"[\":{}}}",
     {{AMC_C_LINT_REGEX_INVALID, "/patternProperties/[", AMC_SEV_ERROR, 125,
       "patternProperties key \"[\" is not a valid ECMA-262 regex: offset 0: unterminated "
       "character class"}},
     1},
    {S2020 "\"required\":[\"a\"],\"properties\":{\"a\":false}}",
     {{AMC_C_LINT_REQUIRED_IMPOSSIBLE, "/required/0", AMC_SEV_ERROR, 70,
       "\"a\" is required but \"properties\" maps it to false: no object is valid"}},
     1},
    {S2020 "\"type\":\"strin\"}",
     {{AMC_C_LINT_META_SCHEMA, "/type", AMC_SEV_ERROR, 65,
       "value matches none of the 2 \"anyOf\" schemas"},
      {AMC_C_LINT_META_SCHEMA, "/type", AMC_SEV_ERROR, 65,
       "\"strin\" is not one of \"array\", \"boolean\", \"integer\", \"null\", \"number\", "
       "\"object\", \"string\""},
      {AMC_C_LINT_META_SCHEMA, "/type", AMC_SEV_ERROR, 65, "expected array, got string"}},
     3},
    {S2020 "\"allOf\":[{\"type\":\"string\"}],\"properties\":{\"a\":{\"$dynamicRef\":\"#nope\"}}}",
     {{AMC_C_LINT_REF_UNRESOLVED, "/properties/a/$dynamicRef", AMC_SEV_ERROR, 119,
       "$dynamicRef \"#nope\" cannot be resolved: the target document has no such location"}},
     1},
    {S2020 "\"additionalProperties\":false,\"oneOf\":[{\"$ref\":\"#/$defs/"
           "b\"}],\"$defs\":{\"b\":{\"$ref\":\"#/$defs/c\"},\"c\":{\"$ref\":\"#/$defs/"
           "d\"},\"d\":{\"properties\":{\"z\":{}}}}}",
     {{AMC_C_LINT_PROPERTY_IN_BRANCH, "/oneOf/0", AMC_SEV_WARNING, 96,
       "property \"z\" is declared only in a subschema branch (through $ref), but "
       "\"additionalProperties\": false at the root rejects it: declare it in \"properties\" there "
       "or use \"unevaluatedProperties\": false"}},
     1},
    {S2020
     "\"additionalProperties\":false,\"dependentSchemas\":{\"a\":{\"properties\":{\"z\":{}}}}}",
     {{AMC_C_LINT_PROPERTY_IN_BRANCH, "/dependentSchemas/a/properties/z", AMC_SEV_WARNING, 126,
       "property \"z\" is declared only in a subschema branch, but \"additionalProperties\": false "
       "at the root rejects it: declare it in \"properties\" there or use "
       "\"unevaluatedProperties\": false"}},
     1},
    {S2020 "\"additionalProperties\":false,\"if\":{\"properties\":{\"z\":{}}},\"then\":{"
           "\"properties\":{\"y\":{}}},\"not\":{\"properties\":{\"w\":{}}}}",
     {{AMC_C_LINT_PROPERTY_IN_BRANCH, "/if/properties/z", AMC_SEV_WARNING, 107,
       "property \"z\" is declared only in a subschema branch, but \"additionalProperties\": false "
       "at the root rejects it: declare it in \"properties\" there or use "
       "\"unevaluatedProperties\": false"},
      {AMC_C_LINT_PROPERTY_IN_BRANCH, "/then/properties/y", AMC_SEV_WARNING, 138,
       "property \"y\" is declared only in a subschema branch, but \"additionalProperties\": false "
       "at the root rejects it: declare it in \"properties\" there or use "
       "\"unevaluatedProperties\": false"}},
     2},
    {S2020 "\"enum\":[1,1.0,\"a\",\"a\",{\"k\":1},{\"k\":1}]}",
     {{AMC_C_LINT_ENUM_DUPLICATE, "/enum/1", AMC_SEV_WARNING, 68,
       "enum member 1 (1.0) duplicates member 0"},
      {AMC_C_LINT_ENUM_DUPLICATE, "/enum/3", AMC_SEV_WARNING, 76,
       "enum member 3 (\"a\") duplicates member 2"},
      {AMC_C_LINT_ENUM_DUPLICATE, "/enum/5", AMC_SEV_WARNING, 88,
       "enum member 5 ({\"k\":1}) duplicates member 4"}},
     3},
    {S2020 "\"enum\":5}",
     {{AMC_C_LINT_META_SCHEMA, "/enum", AMC_SEV_ERROR, 65, "expected array, got number"}},
     1},
    {S2020 "\"minLength\":3,\"maxLength\":2,\"minItems\":3,\"maxItems\":2,\"minContains\":3,"
           "\"maxContains\":2}",
     {{AMC_C_LINT_BOUNDS_CONTRADICTORY, "/minLength", AMC_SEV_ERROR, 58,
       "\"minLength\" 3 is greater than \"maxLength\" 2: no value satisfies both"},
      {AMC_C_LINT_BOUNDS_CONTRADICTORY, "/minItems", AMC_SEV_ERROR, 86,
       "\"minItems\" 3 is greater than \"maxItems\" 2: no value satisfies both"},
      {AMC_C_LINT_BOUNDS_CONTRADICTORY, "/minContains", AMC_SEV_ERROR, 112,
       "\"minContains\" 3 is greater than \"maxContains\" 2: no value satisfies both"}},
     3},
    {S2020 "\"minProperties\":3,\"maxProperties\":2}",
     {{AMC_C_LINT_BOUNDS_CONTRADICTORY, "/minProperties", AMC_SEV_ERROR, 58,
       "\"minProperties\" 3 is greater than \"maxProperties\" 2: no value satisfies both"}},
     1},
    {S2020 "\"type\":\"string\",\"minimum\":1,\"items\":{},\"required\":[\"a\"]}",
     {{AMC_C_LINT_KEYWORD_TYPE_MISMATCH, "/minimum", AMC_SEV_WARNING, 74,
       "\"minimum\" applies only to numbers but \"type\" is \"string\": it has no effect"},
      {AMC_C_LINT_KEYWORD_TYPE_MISMATCH, "/items", AMC_SEV_WARNING, 86,
       "\"items\" applies only to arrays but \"type\" is \"string\": it has no effect"},
      {AMC_C_LINT_KEYWORD_TYPE_MISMATCH, "/required", AMC_SEV_WARNING, 97,
       "\"required\" applies only to objects but \"type\" is \"string\": it has no effect"}},
     3},
    {S2020 "\"type\":[\"string\",\"null\"],\"maxItems\":1}",
     {{AMC_C_LINT_KEYWORD_TYPE_MISMATCH, "/maxItems", AMC_SEV_WARNING, 83,
       "\"maxItems\" applies only to arrays but \"type\" is [\"string\",\"null\"]: it has no "
       "effect"}},
     1},
    {S2020 "\"pattern\":\"(?<=a)b\",\"patternProperties\":{\"\\\\p{L}\":{}}}",
     {{AMC_C_LINT_REGEX_NONPORTABLE, "/pattern", AMC_SEV_WARNING, 68,
       "pattern \"(?<=a)b\" uses lookbehind, which other regex engines (PCRE, Python, RE2) treat "
       "differently or reject"},
      {AMC_C_LINT_REGEX_NONPORTABLE, "/patternProperties/\\p{L}", AMC_SEV_WARNING, 99,
       "patternProperties key \"\\p{L}\" uses \\p{..} property escapes, which other regex engines "
       "(PCRE, Python, RE2) treat differently or reject"}},
     2},
    {S2020 "\"pattern\":\"[\"}",
     {{AMC_C_LINT_REGEX_INVALID, "/pattern", AMC_SEV_ERROR, 68,
       "pattern \"[\" is not a valid ECMA-262 regex: offset 0: unterminated character class"}},
     1},
};

/* Lints schema (opts may be NULL) and compares every finding with w[0..n). Returns 0 if equal. */
static int check(const char *name, const char *schema, const amc_lint_opts *opts, const want *w,
                 size_t n)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const char *uri = NULL;
    size_t j = 0;
    int bad = 0;
    assert_non_null(set);
    assert_non_null(ds);
    assert_int_equal(amc_schema_set_add(set, "https://test.invalid/libcov.json", schema,
                                        strlen(schema), ds, &uri),
                     AMC_OK);
    assert_int_equal(amc_schema_lint(set, uri, opts, ds), AMC_OK);
    if (amc_diags_count(ds) != n) {
        printf("FAIL %s: %zu findings, want %zu\n", name, amc_diags_count(ds), n);
        bad = 1;
    }
    for (j = 0; !bad && j < n; j++) {
        const amc_diag *d = amc_diags_get(ds, j);
        if (d->code != w[j].code || d->sev != w[j].sev || d->at.offset != w[j].off ||
            (w[j].ptr ? !d->instance_ptr || strcmp(d->instance_ptr, w[j].ptr) != 0
                      : d->instance_ptr != NULL) ||
            strcmp(d->message, w[j].msg) != 0) {
            printf("FAIL %s [%zu]\n", name, j);
            bad = 1;
        }
    }
    for (j = 0; bad && j < amc_diags_count(ds); j++) {
        const amc_diag *d = amc_diags_get(ds, j);
        printf("  got %s %s sev %d @%zu: %s\n", amc_code_id(d->code),
               d->instance_ptr ? d->instance_ptr : "(none)", (int)d->sev, d->at.offset, d->message);
    }
    amc_diags_free(ds);
    amc_schema_set_free(set);
    return bad;
}

static void test_rules(void **state)
{
    size_t i = 0;
    int bad = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        bad += check(cases[i].schema, cases[i].schema, NULL, cases[i].w, cases[i].n);
    assert_int_equal(bad, 0);
}

/* One schema with a finding of each rule that runs per subschema; disabling a rule removes
 * exactly its findings. */
static const char all_rules[] = S2020
    "\"type\":\"string\",\"minItems\":3,\"maxItems\":2,\"pattern\":\"[\",\"enum\":[\"a\",\"a\"],"
    "\"format\":\"zzz\",\"$ref\":\"#/nope\",\"unknownKw\":1,\"required\":[\"r\"],"
    "\"additionalProperties\":false,\"allOf\":[{\"properties\":{\"p\":{}}}],"
    "\"patternProperties\":{\"(?<=a)\":{}}}";

static const amc_code rule_codes[] = {
    AMC_C_LINT_UNKNOWN_KEYWORD,     AMC_C_LINT_REF_UNRESOLVED,
    AMC_C_LINT_REGEX_INVALID,       AMC_C_LINT_REGEX_NONPORTABLE,
    AMC_C_LINT_ENUM_DUPLICATE,      AMC_C_LINT_BOUNDS_CONTRADICTORY,
    AMC_C_LINT_REQUIRED_IMPOSSIBLE, AMC_C_LINT_PROPERTY_IN_BRANCH,
    AMC_C_LINT_FORMAT_UNKNOWN,      AMC_C_LINT_KEYWORD_TYPE_MISMATCH,
};

static size_t count_code(const amc_diags *ds, amc_code c)
{
    size_t i = 0, n = 0;
    for (i = 0; i < amc_diags_count(ds); i++)
        n += amc_diags_get(ds, i)->code == c;
    return n;
}

static void lint_all(const amc_lint_opts *o, amc_diags *ds)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    const char *uri = NULL;
    assert_non_null(set);
    assert_int_equal(amc_schema_set_add(set, "https://test.invalid/all.json", all_rules,
                                        strlen(all_rules), ds, &uri),
                     AMC_OK);
    assert_int_equal(amc_schema_lint(set, uri, o, ds), AMC_OK);
    amc_schema_set_free(set);
}

static void test_disable_each(void **state)
{
    size_t k = 0, j = 0, base[16];
    amc_diags *ds = amc_diags_new(0);
    const size_t nr = sizeof rule_codes / sizeof rule_codes[0];
    (void)state;
    assert_non_null(ds);
    lint_all(NULL, ds);
    for (j = 0; j < nr; j++) {
        base[j] = count_code(ds, rule_codes[j]);
        if (!base[j])
            fail_msg("%s: no finding in the schema of every rule", amc_code_id(rule_codes[j]));
    }
    assert_int_equal(count_code(ds, AMC_C_LINT_META_SCHEMA), 0);
    for (k = 0; k < nr; k++) {
        amc_lint_opts o = AMC_LINT_OPTS_DEFAULT;
        o.disable = &rule_codes[k];
        o.n_disable = 1;
        amc_diags_clear(ds);
        lint_all(&o, ds);
        for (j = 0; j < nr; j++)
            if (count_code(ds, rule_codes[j]) != (j == k ? 0 : base[j]))
                fail_msg("%s disabled: %zu findings of %s, want %zu", amc_code_id(rule_codes[k]),
                         count_code(ds, rule_codes[j]), amc_code_id(rule_codes[j]),
                         j == k ? (size_t)0 : base[j]);
    }
    amc_diags_free(ds);
}

/* disabling the meta-schema stage lets the compile stage report the 2020-12 array "items" */
static void test_disable_meta_and_compile(void **state)
{
    static const amc_code meta = AMC_C_LINT_META_SCHEMA,
                          both[] = {AMC_C_LINT_META_SCHEMA, AMC_C_LINT_COMPILE};
    static const want with_meta[] = {
        {AMC_C_LINT_META_SCHEMA, "/minLength", AMC_SEV_ERROR, 86, "expected integer, got string"}};
    static const want no_meta[] = {
        {AMC_C_LINT_COMPILE, NULL, AMC_SEV_ERROR, 86, "minLength must be a non-negative integer"}};
    const char *schema = S2020 "\"type\":\"string\",\"minLength\":\"1\"}";
    amc_lint_opts o = AMC_LINT_OPTS_DEFAULT;
    int bad = 0;
    (void)state;
    bad += check("meta", schema, NULL, with_meta, 1);
    o.disable = &meta;
    o.n_disable = 1;
    bad += check("meta disabled", schema, &o, no_meta, 1);
    o.disable = both;
    o.n_disable = 2;
    bad += check("meta and compile disabled", schema, &o, NULL, 0);
    assert_int_equal(bad, 0);
}

/* severity overrides (the later entry wins; a code that is not a lint rule is ignored) and
 * custom formats (a declared name is never unknown; a NULL entry is skipped; the near-miss
 * hint names only the draft's own formats) */
static void test_severity_and_formats(void **state)
{
    static const amc_lint_severity sev[] = {
        {AMC_C_LINT_FORMAT_UNKNOWN, AMC_SEV_ERROR},
        {AMC_C_LINT_FORMAT_UNKNOWN, AMC_SEV_INFO},
        {AMC_C_SCHEMA_REF_UNRESOLVED, AMC_SEV_INFO},
    };
    static const char *const fmts[] = {NULL, "zz", "zzz"};
    static const want info[] = {{AMC_C_LINT_FORMAT_UNKNOWN, "/format", AMC_SEV_INFO, 67, ""}};
    const char *schema = S2020 "\"format\":\"zzzz\",\"properties\":{\"a\":{\"format\":\"zzz\"}}}";
    amc_lint_opts o = AMC_LINT_OPTS_DEFAULT;
    want w = info[0];
    int bad = 0;
    (void)state;
    o.severity = sev;
    o.n_severity = 3;
    o.formats = fmts;
    o.n_formats = 3;
    w.msg = "unknown format \"zzzz\" is never checked (draft 2020-12 defines: date-time, email, "
            "hostname, ipv4, ipv6, uri, uri-reference, uri-template, json-pointer, date, time, "
            "idn-email, idn-hostname, iri, iri-reference, relative-json-pointer, regex, duration, "
            "uuid; a custom format is declared with --known-format)";
    bad += check("formats zz, zzz; info", schema, &o, &w, 1);
    o.n_formats = 2; /* "zzz" no longer declared: both unknown */
    o.n_severity = 1;
    {
        want two[2];
        char msg2[600];
        two[0] = two[1] = w;
        two[0].sev = two[1].sev = AMC_SEV_ERROR;
        two[1].ptr = "/properties/a/format";
        two[1].off = 102;
        snprintf(msg2, sizeof msg2, "unknown format \"zzz\"%s",
                 w.msg + strlen("unknown format \"zzzz\""));
        two[1].msg = msg2;
        bad += check("format zz; error", schema, &o, two, 2);
    }
    assert_int_equal(bad, 0);
    assert_true(amc_lint_is_rule(AMC_C_LINT_FORMAT_UNKNOWN));
    assert_false(amc_lint_is_rule(AMC_C_SCHEMA_REF_UNRESOLVED));
    assert_false(amc_lint_is_rule((amc_code)2399));
    assert_false(amc_lint_is_rule((amc_code)2299));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules),
        cmocka_unit_test(test_disable_each),
        cmocka_unit_test(test_disable_meta_and_compile),
        cmocka_unit_test(test_severity_and_formats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
