/*
 * test_lint.c - the schema linter (amc/lint.h, src/schema/lint.c): keyword suggestions, the
 * edit distance, rule metadata, and amc_schema_lint() on small schemas (exact codes, pointers,
 * severities and positions). The CLI behaviour of every rule is in tests/cli/lint_schema.test.
 * Edit-distance rows: the classic Levenshtein examples (kitten/sitting) plus transpositions,
 * which optimal string alignment counts as one edit (Damerau 1964).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "schema/lint_int.h"

static void test_osa_distance(void **state)
{
    static const struct tcase {
        const char *name, *a, *b;
        size_t want;
    } cases[] = {
        {"equal", "minLength", "minLength", 0},
        {"transposition", "minLenght", "minLength", 1},
        {"transposition-short", "tpye", "type", 1},
        {"case-folded", "MINLENGTH", "minLength", 0},
        {"kitten-sitting", "kitten", "sitting", 3},
        {"empty-left", "", "abc", 3},
        {"empty-right", "abc", "", 3},
        {"insertion", "requred", "required", 1},
        {"substitution", "itens", "items", 1},
        {"too-long", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "a",
         (size_t)-1},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t got =
            amc_lint_osa_distance(cases[i].a, strlen(cases[i].a), cases[i].b, strlen(cases[i].b));
        if (got != cases[i].want)
            fail_msg("%s: distance %zu, want %zu", cases[i].name, got, cases[i].want);
    }
}

static void test_suggest_keyword(void **state)
{
    static const struct tcase {
        const char *in, *want; /* want NULL: no suggestion */
    } cases[] = {
        {"minLenght", "minLength"},
        {"maxlength", "maxLength"},
        {"itmes", "items"},
        {"requried", "required"},
        {"tpye", "type"},
        {"additionalProperty", "additionalProperties"},
        {"definitions", "$defs"},
        {"dependencies", "dependentRequired"},
        {"additionalItems", "items"},
        {"$recursiveRef", "$dynamicRef"},
        {"id", "$id"},
        {"nullable", NULL},
        {"xyzzy", NULL},
        {"x", NULL},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *got = amc_lint_suggest_keyword(cases[i].in, strlen(cases[i].in));
        if ((got == NULL) != (cases[i].want == NULL) || (got && strcmp(got, cases[i].want) != 0))
            fail_msg("%s: suggested %s, want %s", cases[i].in, got ? got : "(none)",
                     cases[i].want ? cases[i].want : "(none)");
    }
    assert_null(amc_lint_suggest_keyword(NULL, 0));
}

static void test_rule_metadata(void **state)
{
    size_t k = 0, rules = 0;
    (void)state;
    for (k = 0; k < AMC_CODE_COUNT; k++) {
        amc_code c = amc_code_at(k);
        if (!amc_lint_is_rule(c)) {
            assert_null(amc_lint_rule_help(c));
            continue;
        }
        rules++;
        if (!amc_lint_rule_help(c) || strlen(amc_lint_rule_help(c)) < 80)
            fail_msg("%s: no long description", amc_code_id(c));
        if (strncmp(amc_code_id(c), "LINT_", 5) != 0)
            fail_msg("%s: lint rules are LINT_*", amc_code_id(c));
    }
    assert_int_equal(rules, 13);
    assert_true(amc_lint_is_rule(AMC_C_LINT_DIALECT));
    assert_false(amc_lint_is_rule(AMC_C_SCHEMA_TYPE));
    assert_true(amc_lint_format_known("date-time", 9));
    assert_true(amc_lint_format_known("json-pointer", 12));
    assert_false(amc_lint_format_known("datetime", 8));
    assert_false(amc_lint_format_known("date-tim", 8));
}

#define S2020 "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","

/* One expected finding: code, JSON Pointer, severity, and where it is: the first occurrence of
 * `at` in the schema text (single-line schemas, so line 0 and col == byte offset). */
typedef struct want {
    amc_code code;
    const char *ptr;
    amc_severity sev;
    const char *at;
} want;

static const struct lcase {
    const char *name;
    const char *schema;
    const amc_code *disable; /* zero-terminated, or NULL */
    amc_code raise;          /* a code whose severity becomes error, or 0 */
    want w[4];
    size_t n;
} lcases[] = {
    {"clean",
     S2020 "\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}",
     NULL,
     0,
     {{0, NULL, 0, NULL}},
     0},
    {"typo",
     S2020 "\"minLenght\":1}",
     NULL,
     0,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/minLenght", AMC_SEV_WARNING, "\"minLenght\""}},
     1},
    {"typo-disabled",
     S2020 "\"minLenght\":1}",
     (const amc_code[]){AMC_C_LINT_UNKNOWN_KEYWORD, (amc_code)0},
     0,
     {{0, NULL, 0, NULL}},
     0},
    {"typo-raised",
     S2020 "\"minLenght\":1}",
     NULL,
     AMC_C_LINT_UNKNOWN_KEYWORD,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/minLenght", AMC_SEV_ERROR, "\"minLenght\""}},
     1},
    {"extension-keyword", S2020 "\"x-owner\":\"me\"}", NULL, 0, {{0, NULL, 0, NULL}}, 0},
    {"no-dialect",
     "{\"type\":\"string\"}",
     NULL,
     0,
     {{AMC_C_LINT_DIALECT, "", AMC_SEV_INFO, "{"}},
     1},
    {"bounds",
     S2020 "\"minimum\":3,\"maximum\":2}",
     NULL,
     0,
     {{AMC_C_LINT_BOUNDS_CONTRADICTORY, "/minimum", AMC_SEV_ERROR, "\"minimum\""}},
     1},
    {"bounds-equal-ok", S2020 "\"minimum\":2,\"maximum\":2.0}", NULL, 0, {{0, NULL, 0, NULL}}, 0},
    {"bounds-big-integers",
     S2020 "\"minimum\":9007199254740993,\"maximum\":9007199254740992}",
     NULL,
     0,
     {{AMC_C_LINT_BOUNDS_CONTRADICTORY, "/minimum", AMC_SEV_ERROR, "\"minimum\""}},
     1},
    {"required-impossible",
     S2020 "\"additionalProperties\":false,\"properties\":{\"a\":true},\"required\":[\"a\",\"b\"]}",
     NULL,
     0,
     {{AMC_C_LINT_REQUIRED_IMPOSSIBLE, "/required/1", AMC_SEV_ERROR, "\"b\"]"}},
     1},
    {"required-pattern-ok",
     S2020
     "\"additionalProperties\":false,\"patternProperties\":{\"^b\":true},\"required\":[\"bb\"]}",
     NULL,
     0,
     {{0, NULL, 0, NULL}},
     0},
    {"enum-duplicate",
     S2020 "\"enum\":[1,\"x\",1.0]}",
     NULL,
     0,
     {{AMC_C_LINT_ENUM_DUPLICATE, "/enum/2", AMC_SEV_WARNING, "1.0"}},
     1},
    {"property-in-branch",
     S2020 "\"additionalProperties\":false,\"allOf\":[{\"properties\":{\"p\":true}}]}",
     NULL,
     0,
     {{AMC_C_LINT_PROPERTY_IN_BRANCH, "/allOf/0/properties/p", AMC_SEV_WARNING, "\"p\""}},
     1},
    {"ref-unresolved",
     S2020 "\"$ref\":\"#/$defs/none\"}",
     NULL,
     0,
     {{AMC_C_LINT_REF_UNRESOLVED, "/$ref", AMC_SEV_ERROR, "\"#/$defs/none\""}},
     1},
    {"format-unknown",
     S2020 "\"format\":\"datetime\"}",
     NULL,
     0,
     {{AMC_C_LINT_FORMAT_UNKNOWN, "/format", AMC_SEV_WARNING, "\"datetime\""}},
     1},
    {"type-mismatch",
     S2020 "\"type\":\"integer\",\"minLength\":1}",
     NULL,
     0,
     {{AMC_C_LINT_KEYWORD_TYPE_MISMATCH, "/minLength", AMC_SEV_WARNING, "\"minLength\""}},
     1},
    {"meta-schema",
     S2020 "\"minLength\":\"x\"}",
     NULL,
     0,
     {{AMC_C_LINT_META_SCHEMA, "/minLength", AMC_SEV_ERROR, "\"x\""}},
     1},
    {"property-in-branch, every branch kind",
     S2020
     "\"additionalProperties\":false,\"anyOf\":[{\"properties\":{\"p\":true}}],\"oneOf\":[{"
     "\"properties\":{\"q\":true}}],\"dependentSchemas\":{\"x\":{\"properties\":{\"r\":true}}},"
     "\"if\":{\"properties\":{\"s\":true}}}",
     NULL,
     0,
     {{AMC_C_LINT_PROPERTY_IN_BRANCH, "/anyOf/0/properties/p", AMC_SEV_WARNING, "\"p\""},
      {AMC_C_LINT_PROPERTY_IN_BRANCH, "/oneOf/0/properties/q", AMC_SEV_WARNING, "\"q\""},
      {AMC_C_LINT_PROPERTY_IN_BRANCH, "/dependentSchemas/x/properties/r", AMC_SEV_WARNING, "\"r\""},
      {AMC_C_LINT_PROPERTY_IN_BRANCH, "/if/properties/s", AMC_SEV_WARNING, "\"s\""}},
     4},
    {"subschemas of a $ref target outside the walk",
     S2020 "\"$ref\":\"#/definitions/a\",\"definitions\":{\"a\":{\"$id\":\"sub.json\",\"allOf\":[{"
           "\"maxLenght\":1}],\"properties\":{\"z\":{\"minLenght\":2}},\"not\":{\"itmes\":1}}}}",
     NULL,
     0,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/definitions", AMC_SEV_WARNING, "\"definitions\""},
      {AMC_C_LINT_UNKNOWN_KEYWORD, "/definitions/a/allOf/0/maxLenght", AMC_SEV_WARNING,
       "\"maxLenght\""},
      {AMC_C_LINT_UNKNOWN_KEYWORD, "/definitions/a/properties/z/minLenght", AMC_SEV_WARNING,
       "\"minLenght\""},
      {AMC_C_LINT_UNKNOWN_KEYWORD, "/definitions/a/not/itmes", AMC_SEV_WARNING, "\"itmes\""}},
     4},
    {"definitions-reached-by-ref",
     S2020 "\"$ref\":\"#/definitions/a\",\"definitions\":{\"a\":{\"maxLenght\":1}}}",
     NULL,
     0,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/definitions", AMC_SEV_WARNING, "\"definitions\""},
      {AMC_C_LINT_UNKNOWN_KEYWORD, "/definitions/a/maxLenght", AMC_SEV_WARNING, "\"maxLenght\""}},
     2},
};

static void test_lint_cases(void **state)
{
    size_t i = 0, j = 0;
    (void)state;
    for (i = 0; i < sizeof lcases / sizeof lcases[0]; i++) {
        const struct lcase *c = &lcases[i];
        amc_schema_set *set = amc_schema_set_new(NULL);
        amc_diags *ds = amc_diags_new(0);
        amc_lint_opts opts = AMC_LINT_OPTS_DEFAULT;
        amc_lint_severity raise;
        const char *uri = NULL;
        const amc_doc *doc = NULL;
        size_t nd = 0;
        char ruri[64];
        assert_non_null(set);
        assert_non_null(ds);
        snprintf(ruri, sizeof ruri, "https://test.invalid/%zu.json", i);
        if (amc_schema_set_add(set, ruri, c->schema, strlen(c->schema), ds, &uri) != AMC_OK)
            fail_msg("%s: the schema was not added", c->name);
        if (c->disable) {
            opts.disable = c->disable;
            while (c->disable[nd])
                nd++;
            opts.n_disable = nd;
        }
        if (c->raise) {
            raise.code = c->raise;
            raise.sev = AMC_SEV_ERROR;
            opts.severity = &raise;
            opts.n_severity = 1;
        }
        if (amc_schema_lint(set, uri, &opts, ds) != AMC_OK)
            fail_msg("%s: amc_schema_lint failed", c->name);
        doc = amc_schema_set_doc(set, uri);
        if (amc_diags_count(ds) != c->n) {
            for (j = 0; j < amc_diags_count(ds); j++)
                print_message("  %s: got %s %s\n", c->name, amc_code_id(amc_diags_get(ds, j)->code),
                              amc_diags_get(ds, j)->message);
            fail_msg("%s: %zu findings, want %zu", c->name, amc_diags_count(ds), c->n);
        }
        for (j = 0; j < c->n; j++) {
            const amc_diag *d = amc_diags_get(ds, j);
            const char *at = strstr(c->schema, c->w[j].at);
            size_t off = (size_t)(at - c->schema);
            if (d->code != c->w[j].code)
                fail_msg("%s[%zu]: code %s, want %s", c->name, j, amc_code_id(d->code),
                         amc_code_id(c->w[j].code));
            if (d->sev != c->w[j].sev)
                fail_msg("%s[%zu]: severity %d, want %d", c->name, j, (int)d->sev,
                         (int)c->w[j].sev);
            if (!d->instance_ptr || strcmp(d->instance_ptr, c->w[j].ptr) != 0)
                fail_msg("%s[%zu]: pointer %s, want %s", c->name, j,
                         d->instance_ptr ? d->instance_ptr : "(none)", c->w[j].ptr);
            /* the provisional json-c reader of unmerged branches keeps no source positions */
            if (amc_doc_source(doc, NULL) &&
                (d->at.offset != off || d->at.line != 0 || d->at.col != off))
                fail_msg("%s[%zu]: at %zu (%u:%u), want offset %zu", c->name, j, d->at.offset,
                         d->at.line, d->at.col, off);
        }
        amc_diags_free(ds);
        amc_schema_set_free(set);
    }
}

/* Without "$schema" the finding names the set's default dialect and its meta-schema URI. */
static void test_lint_default_dialect(void **state)
{
    static const struct {
        amc_schema_dialect d;
        const char *label, *uri;
    } cases[] = {
        {AMC_DIALECT_2020_12, "draft 2020-12", "https://json-schema.org/draft/2020-12/schema"},
        {AMC_DIALECT_2019_09, "draft 2019-09", "https://json-schema.org/draft/2019-09/schema"},
        {AMC_DIALECT_DRAFT7, "draft 7", "http://json-schema.org/draft-07/schema#"},
        {AMC_DIALECT_DRAFT6, "draft 6", "http://json-schema.org/draft-06/schema#"},
        {AMC_DIALECT_DRAFT4, "draft 4", "http://json-schema.org/draft-04/schema#"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_schema_set *set = amc_schema_set_new(NULL);
        amc_diags *ds = amc_diags_new(0);
        const char *uri = NULL, *text = "{\"type\":\"string\"}";
        char expect[160];
        assert_int_equal(amc_schema_set_default_dialect(set, cases[i].d), AMC_OK);
        assert_int_equal(
            amc_schema_set_add(set, "https://test.invalid/d.json", text, strlen(text), ds, &uri),
            AMC_OK);
        assert_int_equal(amc_schema_lint(set, uri, NULL, ds), AMC_OK);
        assert_int_equal(amc_diags_count(ds), 1);
        assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_LINT_DIALECT);
        snprintf(expect, sizeof expect,
                 "no \"$schema\": the schema is read as %s; declare \"$schema\": \"%s\"",
                 cases[i].label, cases[i].uri);
        if (!strstr(amc_diags_get(ds, 0)->message, expect))
            fail_msg("%s: message '%s'", cases[i].label, amc_diags_get(ds, 0)->message);
        amc_diags_free(ds);
        amc_schema_set_free(set);
    }
}

/* Lint per dialect: each keyword is judged in the dialect of the subschema it is in. A case
 * lists the findings expected (code, pointer, a piece of the message), in order; `formats` are
 * declared custom format names. */
#define D7  "{\"$schema\":\"http://json-schema.org/draft-07/schema#\","
#define D6  "{\"$schema\":\"http://json-schema.org/draft-06/schema#\","
#define D4  "{\"$schema\":\"http://json-schema.org/draft-04/schema#\","
#define D19 "{\"$schema\":\"https://json-schema.org/draft/2019-09/schema\","

typedef struct dwant {
    amc_code code;
    const char *ptr, *msg;
} dwant;

static const struct dcase {
    const char *name, *schema;
    const char *const *formats;
    dwant w[4];
    size_t n;
} dcases[] = {
    {"draft7 keywords are known in draft 7",
     D7
     "\"definitions\":{\"a\":{\"type\":\"string\"}},\"dependencies\":"
     "{\"x\":[\"y\"]},\"properties\":{\"y\":{\"type\":\"array\",\"items\":[{\"type\":\"string\"}],"
     "\"additionalItems\":false}},\"if\":{\"required\":[\"x\"]},\"then\":{},\"else\":{},"
     "\"$comment\":\"c\",\"contentMediaType\":\"text/plain\"}",
     NULL,
     {{0, NULL, NULL}},
     0},
    {"VS Code editor extensions are not unknown keywords",
     D7 "\"markdownDescription\":\"m\",\"deprecationMessage\":\"d\",\"defaultSnippets\":[],"
        "\"enumDescriptions\":[],\"markdownDescripton\":\"typo\"}",
     NULL,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/markdownDescripton", "\"markdownDescripton\""}},
     1},
    {"a grouping under definitions that a $ref uses is not an unknown keyword",
     D7 "\"definitions\":{\"group\":{\"name\":{\"type\":\"string\"}},\"other\":{\"nme\":{}}},"
        "\"$ref\":\"#/definitions/group/name\"}",
     NULL,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/definitions/other/nme", "\"nme\""}},
     1},
    {"$defs in draft 7",
     D7 "\"$defs\":{\"a\":{}}}",
     NULL,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/$defs",
       "\"$defs\" is not a draft 7 keyword (it came with draft 2019-09): draft 7 validators use "
       "its schemas only where a $ref points to them and do not check them against the "
       "meta-schema; use \"definitions\""}},
     1},
    {"typo in draft 7 suggests a draft-7 keyword",
     D7 "\"definitons\":{}}",
     NULL,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/definitons", "did you mean \"definitions\"?"}},
     1},
    {"draft 4: const, if, $id; examples and id are fine",
     D4 "\"id\":\"https://x.invalid/s.json\",\"examples\":[1],\"const\":1,\"if\":{},"
        "\"$id\":\"y\"}",
     NULL,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/const",
       "came with draft 6) and is ignored by draft 4 "
       "validators: use a one-member \"enum\""},
      {AMC_C_LINT_UNKNOWN_KEYWORD, "/if", "came with draft 7"},
      {AMC_C_LINT_UNKNOWN_KEYWORD, "/$id", "use \"id\""}},
     3},
    {"draft 6: id is spelled $id",
     D6 "\"id\":\"x\",\"propertyNames\":{}}",
     NULL,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/id", "is spelled \"$id\" since draft 6"}},
     1},
    {"2019-09: additionalItems and $recursiveRef known, definitions/$dynamicRef/prefixItems not",
     D19 "\"$recursiveAnchor\":true,\"items\":[{}],\"additionalItems\":{\"$recursiveRef\":\"#\"},"
         "\"definitions\":{},\"prefixItems\":[{}],\"$dynamicRef\":\"#\"}",
     NULL,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/definitions", "renamed \"$defs\""},
      {AMC_C_LINT_UNKNOWN_KEYWORD, "/prefixItems", "use array-form \"items\""},
      {AMC_C_LINT_UNKNOWN_KEYWORD, "/$dynamicRef", "use \"$recursiveRef\""}},
     3},
    {"dependencies in 2020-12: arrays",
     S2020 "\"dependencies\":{\"a\":[\"b\"]}}",
     NULL,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/dependencies",
       "use \"dependentRequired\" (its values are arrays of names)"}},
     1},
    {"dependencies in 2020-12: schemas",
     S2020 "\"dependencies\":{\"a\":{\"required\":[\"b\"]}}}",
     NULL,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/dependencies",
       "use \"dependentSchemas\" (its values are schemas)"}},
     1},
    {"dependencies in 2019-09: both",
     D19 "\"dependencies\":{\"a\":[\"b\"],\"c\":true}}",
     NULL,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/dependencies",
       "not a draft 2019-09 keyword (its meta-schema keeps it only for the transition; amc "
       "honours it, other validators may ignore it): use \"dependentRequired\" for the arrays of "
       "names and \"dependentSchemas\" for the schemas"}},
     1},
    {"formats per draft",
     D7 "\"properties\":{\"a\":{\"format\":\"uuid\"},\"b\":{\"format\":\"date\"},"
        "\"c\":{\"format\":\"semver\"},\"d\":{\"format\":\"color\"}}}",
     (const char *const[]){"color", NULL},
     {{AMC_C_LINT_FORMAT_UNKNOWN, "/properties/a/format",
       "format \"uuid\" is not a draft 7 format (it came with draft 2019-09): draft 7 validators "
       "may not check it"},
      {AMC_C_LINT_FORMAT_UNKNOWN, "/properties/c/format",
       "unknown format \"semver\" is never checked (draft 7 defines: "}},
     2},
    {"formats in draft 4",
     D4 "\"properties\":{\"a\":{\"format\":\"date\"},\"b\":{\"format\":\"uri\"}}}",
     NULL,
     {{AMC_C_LINT_FORMAT_UNKNOWN, "/properties/a/format", "(it came with draft 7)"}},
     1},
    {"a remote $ref says how to map it",
     S2020 "\"$ref\":\"https://example.invalid/schemas/a.json#/x\"}",
     NULL,
     {{AMC_C_LINT_REF_UNRESOLVED, "/$ref", "--map-uri https://example.invalid/schemas/=DIR"}},
     1},
    {"a $ref with a byte that must be percent-encoded names it",
     D7 "\"definitions\":{\"A<B>\":{}},\"$ref\":\"#/definitions/A<B>\"}",
     NULL,
     {{AMC_C_LINT_REF_UNRESOLVED, "/$ref", "byte 0x3C ('<') must be percent-encoded as %3C"}},
     1},
    {"draft 7 array items reached through $ref",
     D7 "\"$ref\":\"#/definitions/a\",\"definitions\":{\"a\":{\"items\":[{\"minLenght\":1}]}}}",
     NULL,
     {{AMC_C_LINT_UNKNOWN_KEYWORD, "/definitions/a/items/0/minLenght", "\"minLength\""}},
     1},
};

static void test_lint_dialects(void **state)
{
    size_t i = 0, j = 0;
    (void)state;
    for (i = 0; i < sizeof dcases / sizeof dcases[0]; i++) {
        const struct dcase *c = &dcases[i];
        amc_schema_set *set = amc_schema_set_new(NULL);
        amc_diags *ds = amc_diags_new(0);
        amc_lint_opts opts = AMC_LINT_OPTS_DEFAULT;
        const char *uri = NULL;
        char ruri[64];
        assert_non_null(set);
        assert_non_null(ds);
        snprintf(ruri, sizeof ruri, "https://test.invalid/d%zu.json", i);
        if (amc_schema_set_add(set, ruri, c->schema, strlen(c->schema), ds, &uri) != AMC_OK)
            fail_msg("%s: the schema was not added", c->name);
        if (c->formats) {
            opts.formats = c->formats;
            while (c->formats[opts.n_formats])
                opts.n_formats++;
        }
        if (amc_schema_lint(set, uri, &opts, ds) != AMC_OK)
            fail_msg("%s: amc_schema_lint failed", c->name);
        if (amc_diags_count(ds) != c->n) {
            for (j = 0; j < amc_diags_count(ds); j++)
                print_message("  %s: got %s %s %s\n", c->name,
                              amc_code_id(amc_diags_get(ds, j)->code),
                              amc_diags_get(ds, j)->instance_ptr, amc_diags_get(ds, j)->message);
            fail_msg("%s: %zu findings, want %zu", c->name, amc_diags_count(ds), c->n);
        }
        for (j = 0; j < c->n; j++) {
            const amc_diag *d = amc_diags_get(ds, j);
            if (d->code != c->w[j].code || !d->instance_ptr ||
                strcmp(d->instance_ptr, c->w[j].ptr) != 0 || !strstr(d->message, c->w[j].msg))
                fail_msg("%s[%zu]: got %s %s '%s', want %s %s '...%s...'", c->name, j,
                         amc_code_id(d->code), d->instance_ptr ? d->instance_ptr : "(none)",
                         d->message, amc_code_id(c->w[j].code), c->w[j].ptr, c->w[j].msg);
        }
        amc_diags_free(ds);
        amc_schema_set_free(set);
    }
}

static void test_lint_errors(void **state)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    (void)state;
    assert_int_equal(amc_schema_lint(set, "https://nowhere.invalid/x.json", NULL, ds),
                     AMC_EINVALID);
    assert_int_equal(amc_schema_lint(NULL, "x", NULL, ds), AMC_EUSAGE);
    assert_int_equal(amc_schema_lint(set, NULL, NULL, ds), AMC_EUSAGE);
    assert_int_equal(amc_schema_lint(set, "x", NULL, NULL), AMC_EUSAGE);
    assert_int_equal(amc_diags_count(ds), 0);
    /* the embedded 2020-12 meta-schema itself lints without errors */
    assert_int_equal(amc_schema_lint(set, AMC_SCHEMA_DRAFT2020_12, NULL, ds), AMC_OK);
    assert_int_equal(amc_diags_errors(ds), 0);
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_osa_distance),  cmocka_unit_test(test_suggest_keyword),
        cmocka_unit_test(test_rule_metadata), cmocka_unit_test(test_lint_cases),
        cmocka_unit_test(test_lint_errors),   cmocka_unit_test(test_lint_default_dialect),
        cmocka_unit_test(test_lint_dialects),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
