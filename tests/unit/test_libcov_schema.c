/*
 * test_libcov_schema.c - the schema registry with a loader (src/schema/registry.c) and the
 * linter's compile stage (src/schema/lint.c) where the coverage report showed them untested:
 *   - meta-schemas loaded on demand, each described by the next: a chain of 7 compiles, one of 8
 *     is refused ("its meta-schemas nest more than 8 deep") and so is everything above it;
 *   - a loaded document that is not JSON, or not a schema: what reading it reports names that
 *     document (schema_uri), not the schema that asked for it (the reading's positions are in the
 *     loaded text); a second $ref to it does not ask the loader again;
 *   - lint: with LINT_REF_UNRESOLVED / LINT_REGEX_INVALID disabled, the compile stage does not
 *     report the compiler's unresolved $ref or invalid regex in their place; a problem the
 *     compiler finds in another document is "in <uri>: ..." without a position.
 * Each case asserts every diagnostic: code, schema_uri, offset and the whole message.
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
#include "amc/lint.h"

#define S2020    "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
#define DIALECTS "; supported dialects: 2020-12, 2019-09, draft7, draft6, draft4"
#define NOLOAD                                                                                     \
    ": its meta-schema cannot be loaded, so its dialect is unknown (add the meta-schema as a "     \
    "schema document, or map its URI to a local copy)" DIALECTS

static int calls;

/* urn:mN: a meta-schema described by urn:m(N-1); urn:m0 by 2020-12 */
static amc_status loader(void *ud, const char *uri, char **buf, size_t *len)
{
    char t[512];
    int i = 0;
    (void)ud;
    calls++;
    if (sscanf(uri, "urn:m%d", &i) == 1 && i == 0)
        snprintf(t, sizeof t,
                 S2020 "\"$id\":\"urn:m0\",\"$vocabulary\":{"
                       "\"https://json-schema.org/draft/2020-12/vocab/core\":true}}");
    else if (sscanf(uri, "urn:m%d", &i) == 1)
        snprintf(t, sizeof t, "{\"$schema\":\"urn:m%d\",\"$id\":\"urn:m%d\"}", i - 1, i);
    else if (!strcmp(uri, "urn:bad"))
        snprintf(t, sizeof t, "{oops");
    else if (!strcmp(uri, "urn:arr"))
        snprintf(t, sizeof t, "[1]");
    else if (!strcmp(uri, "urn:badkw"))
        snprintf(t, sizeof t, S2020 "\"$id\":\"urn:badkw\",\"minLength\":\"x\"}");
    else
        return AMC_EINVALID;
    *buf = malloc(strlen(t) + 1);
    assert_non_null(*buf);
    memcpy(*buf, t, strlen(t) + 1);
    *len = strlen(t);
    return AMC_OK;
}

typedef struct want {
    amc_code code;
    const char *uri; /* schema_uri */
    size_t off;
    const char *msg;
} want;

typedef struct scase {
    const char *name, *schema;
    int lint;            /* 0: compile; 1: lint */
    const amc_code *dis; /* lint rules disabled */
    size_t ndis;
    amc_status add, st; /* the add's status, then the compile's or lint's */
    int calls;          /* loader calls */
    size_t n;
    want w[10];
} scase;

static const amc_code no_ref[] = {AMC_C_LINT_REF_UNRESOLVED};
static const amc_code no_regex[] = {AMC_C_LINT_REGEX_INVALID};
static const amc_code no_both[] = {AMC_C_LINT_REF_UNRESOLVED, AMC_C_LINT_REGEX_INVALID};

#define NEST                                                                                       \
    {                                                                                              \
        AMC_C_SCHEMA_DIALECT_UNSUPPORTED, "urn:m1", 11,                                            \
            "$schema \"urn:m0\": its meta-schemas nest more than 8 deep" DIALECTS                  \
    }
#define UNLOADED(uri, k)                                                                           \
    {                                                                                              \
        AMC_C_SCHEMA_DIALECT_UNSUPPORTED, uri, 11, "$schema \"urn:m" #k "\"" NOLOAD                \
    }
#define SELF "https://t.invalid/s.json"

static const scase cases[] = {
    {"a chain of 7 meta-schemas",
     "{\"$schema\":\"urn:m7\",\"type\":\"string\"}",
     0,
     NULL,
     0,
     AMC_OK,
     AMC_OK,
     8,
     0,
     {{0}}},
    {"a chain of 8 meta-schemas",
     "{\"$schema\":\"urn:m8\",\"type\":\"string\"}",
     0,
     NULL,
     0,
     AMC_EINVALID,
     AMC_OK,
     8,
     9,
     {NEST, UNLOADED("urn:m2", 1), UNLOADED("urn:m3", 2), UNLOADED("urn:m4", 3),
      UNLOADED("urn:m5", 4), UNLOADED("urn:m6", 5), UNLOADED("urn:m7", 6), UNLOADED("urn:m8", 7),
      UNLOADED(SELF, 8)}},
    {"$ref to a document that is not JSON, twice",
     "{\"allOf\":[{\"$ref\":\"urn:bad\"},{\"$ref\":\"urn:bad#/x\"}]}",
     0,
     NULL,
     0,
     AMC_OK,
     AMC_EINVALID,
     1,
     3,
     {{AMC_C_JSON_KEY_NOT_STRING, "urn:bad", 1,
       "expected a string (an object key in double quotes), found 'o'"},
      {AMC_C_SCHEMA_REF_UNRESOLVED, SELF "#/allOf/0/$ref", 18,
       "$ref \"urn:bad\" (urn:bad) cannot be resolved"},
      {AMC_C_SCHEMA_REF_UNRESOLVED, SELF "#/allOf/1/$ref", 37,
       "$ref \"urn:bad#/x\" (urn:bad#/x) cannot be resolved"}}},
    {"$ref to a document that is an array",
     "{\"$ref\":\"urn:arr\"}",
     0,
     NULL,
     0,
     AMC_OK,
     AMC_EINVALID,
     1,
     2,
     {{AMC_C_SCHEMA_NOT_SCHEMA, "urn:arr", 0,
       "a schema document must be an object or a boolean, not array"},
      {AMC_C_SCHEMA_REF_UNRESOLVED, SELF "#/$ref", 8,
       "$ref \"urn:arr\" (urn:arr) cannot be resolved"}}},
    {"$ref to a document the loader does not have, twice",
     "{\"allOf\":[{\"$ref\":\"urn:none\"},{\"$ref\":\"urn:none\"}]}",
     0,
     NULL,
     0,
     AMC_OK,
     AMC_EINVALID,
     1,
     2,
     {{AMC_C_SCHEMA_REF_UNRESOLVED, SELF "#/allOf/0/$ref", 18,
       "$ref \"urn:none\" (urn:none) cannot be resolved"},
      {AMC_C_SCHEMA_REF_UNRESOLVED, SELF "#/allOf/1/$ref", 38,
       "$ref \"urn:none\" (urn:none) cannot be resolved"}}},
    {"lint: the compiler's problem in another document",
     S2020 "\"$ref\":\"urn:badkw\"}",
     1,
     NULL,
     0,
     AMC_OK,
     AMC_OK,
     1,
     1,
     {{AMC_C_LINT_COMPILE, "urn:badkw#/minLength", AMC_NO_OFFSET,
       "in urn:badkw#/minLength: minLength must be a non-negative integer"}}},
    {"lint: a document that is not JSON, through $ref",
     S2020 "\"$ref\":\"urn:bad\"}",
     1,
     no_ref,
     1,
     AMC_OK,
     AMC_OK,
     1,
     1,
     {{AMC_C_LINT_COMPILE, "urn:bad", AMC_NO_OFFSET,
       "in urn:bad: expected a string (an object key in double quotes), found 'o'"}}},
    {"lint: unresolved $ref with its rule disabled",
     S2020 "\"$ref\":\"urn:none\"}",
     1,
     no_ref,
     1,
     AMC_OK,
     AMC_OK,
     1,
     0,
     {{0}}},
    {"lint: invalid regex with its rule disabled",
     S2020 "\"pattern\":\"[\"}",
     1,
     no_regex,
     1,
     AMC_OK,
     AMC_OK,
     0,
     0,
     {{0}}},
    {"lint: both disabled",
     S2020 "\"pattern\":\"[\",\"$ref\":\"urn:none\"}",
     1,
     no_both,
     2,
     AMC_OK,
     AMC_OK,
     1,
     0,
     {{0}}},
};

static int check(const scase *c)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const char *uri = NULL;
    const amc_schema *sc = NULL;
    amc_status add = AMC_OK, st = AMC_OK;
    size_t j = 0;
    int bad = 0;
    assert_non_null(set);
    assert_non_null(ds);
    amc_schema_set_loader(set, loader, NULL);
    calls = 0;
    add = amc_schema_set_add(set, SELF, c->schema, strlen(c->schema), ds, &uri);
    if (add == AMC_OK && c->lint) {
        amc_lint_opts o = AMC_LINT_OPTS_DEFAULT;
        o.disable = c->dis;
        o.n_disable = c->ndis;
        st = amc_schema_lint(set, uri, &o, ds);
    } else if (add == AMC_OK) {
        st = amc_schema_compile(set, uri, ds, &sc);
    }
    if (add != c->add || st != c->st || calls != c->calls || amc_diags_count(ds) != c->n) {
        printf("FAIL %s: add %d, %d, %d loader calls, %zu diagnostics\n", c->name, (int)add,
               (int)st, calls, amc_diags_count(ds));
        bad = 1;
    }
    for (j = 0; !bad && j < c->n; j++) {
        const amc_diag *d = amc_diags_get(ds, j);
        if (d->code != c->w[j].code || !d->schema_uri || strcmp(d->schema_uri, c->w[j].uri) != 0 ||
            d->at.offset != c->w[j].off || strcmp(d->message, c->w[j].msg) != 0) {
            printf("FAIL %s [%zu]\n", c->name, j);
            bad = 1;
        }
    }
    for (j = 0; bad && j < amc_diags_count(ds); j++) {
        const amc_diag *d = amc_diags_get(ds, j);
        printf("  got %s %s @%zu: %s\n", amc_code_id(d->code),
               d->schema_uri ? d->schema_uri : "(none)", d->at.offset, d->message);
    }
    amc_diags_free(ds);
    amc_schema_set_free(set);
    return bad;
}

static void test_cases(void **state)
{
    size_t i = 0;
    int bad = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        bad += check(&cases[i]);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
