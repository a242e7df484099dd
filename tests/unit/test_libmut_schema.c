/*
 * test_libmut_schema.c - src/schema/compile.c under a meta-schema of its own (2020-12
 * "$vocabulary"): minContains / maxContains belong to the validation vocabulary and are
 * ignored without it (contains then needs one match, as with neither keyword; the "contains"
 * schema here uses applicator keywords only, "const" would be ignored too); a meta-schema without
 * "$vocabulary" has the vocabularies of its own meta-schema; a required
 * vocabulary amc does not know is SCHEMA_VOCAB_UNSUPPORTED, an optional one is ignored, a
 * "$vocabulary" that is not an object declares none (SCHEMA_DIALECT_UNSUPPORTED when added). Each
 * case asserts the compile status and every diagnostic (code, whole message), then the verdicts.
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
#include "amc/lint.h"

#define META_HEAD                                                                                  \
    "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","                               \
    "\"$id\":\"https://t.invalid/meta\",\"$dynamicAnchor\":\"meta\","
#define V_CORE  "\"https://json-schema.org/draft/2020-12/vocab/core\":true"
#define V_APPL  "\"https://json-schema.org/draft/2020-12/vocab/applicator\":true"
#define V_VALID "\"https://json-schema.org/draft/2020-12/vocab/validation\":true"
#define CONTAINS_2_0                                                                               \
    "{\"$schema\":\"https://t.invalid/meta\",\"contains\":{\"properties\":{\"a\":false}},"         \
    "\"minContains\":2,"                                                                           \
    "\"maxContains\":2}"

typedef struct vcheck {
    const char *inst;
    bool valid;
} vcheck;

static const struct scase {
    const char *name, *meta, *schema;
    amc_status st;     /* the compile's */
    const char *diags; /* "CODE message\n" per diagnostic of the compile */
    vcheck v[4];       /* instances and their verdicts (when it compiled) */
    const char *meta0; /* NULL, or the meta-schema of the meta-schema (https://t.invalid/meta0) */
} cases[] = {
    {"without the validation vocabulary: minContains / maxContains ignored",
     META_HEAD "\"$vocabulary\":{" V_CORE "," V_APPL "}}",
     CONTAINS_2_0,
     AMC_OK,
     "",
     {{"[1]", true}, {"[{\"a\":0}]", false}, {"[1,1,1]", true}, {NULL, false}},
     NULL},
    {"with it: both apply",
     META_HEAD "\"$vocabulary\":{" V_CORE "," V_APPL "," V_VALID "}}",
     CONTAINS_2_0,
     AMC_OK,
     "",
     {{"[1]", false}, {"[1,1]", true}, {"[1,1,1]", false}, {NULL}},
     NULL},
    {"a meta-schema without $vocabulary has its own meta-schema's vocabularies",
     "{\"$schema\":\"https://t.invalid/meta0\",\"$id\":\"https://t.invalid/meta\"}",
     CONTAINS_2_0,
     AMC_OK,
     "",
     {{"[1]", true}, {"[{\"a\":0}]", false}, {NULL}},
     "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
     "\"$id\":\"https://t.invalid/meta0\",\"$vocabulary\":{" V_CORE "," V_APPL "}}"},
    {"an optional vocabulary amc does not know",
     META_HEAD "\"$vocabulary\":{" V_CORE "," V_APPL ",\"urn:x:vocab\":false}}",
     CONTAINS_2_0,
     AMC_OK,
     "",
     {{"[1]", true}, {NULL}},
     NULL},
    {"a required vocabulary amc does not know",
     META_HEAD "\"$vocabulary\":{" V_CORE "," V_APPL ",\"urn:x:vocab\":true}}",
     CONTAINS_2_0,
     AMC_EINVALID,
     "SCHEMA_VOCAB_UNSUPPORTED required vocabulary \"urn:x:vocab\" is not supported\n",
     {{NULL}},
     NULL},
    {"$vocabulary not an object: no vocabulary (the schema is refused when added)",
     META_HEAD "\"$vocabulary\":[]}",
     CONTAINS_2_0,
     AMC_EINVALID,
     "SCHEMA_DIALECT_UNSUPPORTED $schema \"https://t.invalid/meta\": its meta-schema declares no "
     "vocabulary amc knows; supported dialects: 2020-12, 2019-09, draft7, draft6, draft4\n",
     {{NULL}},
     NULL},
};

static void run(const struct scase *c)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const char *muri = NULL, *uri = NULL;
    const amc_schema *sc = NULL;
    amc_status st = AMC_OK;
    char got[1024];
    size_t i = 0, n = 0;
    if (c->meta0)
        assert_int_equal(amc_schema_set_add(set, "https://t.invalid/meta0", c->meta0,
                                            strlen(c->meta0), ds, &muri),
                         AMC_OK);
    assert_int_equal(
        amc_schema_set_add(set, "https://t.invalid/meta", c->meta, strlen(c->meta), ds, &muri),
        AMC_OK);
    st = amc_schema_set_add(set, "https://t.invalid/s", c->schema, strlen(c->schema), ds, &uri);
    if (st == AMC_OK)
        st = amc_schema_compile(set, uri, ds, &sc);
    got[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && n < sizeof got; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        n += (size_t)snprintf(got + n, sizeof got - n, "%s %s\n", amc_code_id(d->code), d->message);
    }
    if (st != c->st || strcmp(got, c->diags) != 0)
        fail_msg("%s: compile %d, got:\n%swant:\n%s", c->name, (int)st, got, c->diags);
    for (i = 0; st == AMC_OK && i < 4 && c->v[i].inst; i++) {
        amc_doc *doc = NULL;
        bool valid = !c->v[i].valid;
        assert_int_equal(amc_json_read(c->v[i].inst, strlen(c->v[i].inst), NULL, ds, &doc), AMC_OK);
        assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, NULL, NULL, &valid),
                         AMC_OK);
        if (valid != c->v[i].valid)
            fail_msg("%s: %s is %s", c->name, c->v[i].inst, valid ? "valid" : "invalid");
        assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, NULL, ds, &valid), AMC_OK);
        if (valid != c->v[i].valid)
            fail_msg("%s: %s is %s with diagnostics", c->name, c->v[i].inst,
                     valid ? "valid" : "invalid");
        amc_doc_free(doc);
    }
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

static void test_vocabularies(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run(&cases[i]);
}

/* LINT_ENUM_DUPLICATE compares the members of an "enum" of at most 4096 values (n^2 / 2 value
 * comparisons); a longer one is not compared. */
static void lint_enum(size_t n, bool found)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const char *uri = NULL;
    size_t cap = 64 + n * 6, len = 0, i = 0, last = 0;
    char *s = malloc(cap);
    char ptr[32];
    assert_non_null(s);
    len = (size_t)snprintf(s, cap,
                           "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
                           "\"enum\":[");
    for (i = 0; i + 1 < n; i++)
        len += (size_t)snprintf(s + len, cap - len, "%zu,", i);
    last = len;
    len += (size_t)snprintf(s + len, cap - len, "0]}"); /* the last duplicates the first */
    assert_int_equal(amc_schema_set_add(set, "https://t.invalid/e", s, len, ds, &uri), AMC_OK);
    assert_int_equal(amc_schema_lint(set, uri, NULL, ds), AMC_OK);
    if (!found) {
        assert_int_equal(amc_diags_count(ds), 0);
    } else {
        const amc_diag *d = NULL;
        char msg[96];
        assert_int_equal(amc_diags_count(ds), 1);
        d = amc_diags_get(ds, 0);
        snprintf(ptr, sizeof ptr, "/enum/%zu", n - 1);
        snprintf(msg, sizeof msg, "enum member %zu (0) duplicates member 0", n - 1);
        assert_int_equal(d->code, AMC_C_LINT_ENUM_DUPLICATE);
        assert_string_equal(d->instance_ptr, ptr);
        assert_int_equal(d->at.offset, last);
        assert_string_equal(d->message, msg);
    }
    free(s);
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

static void test_lint_enum_limit(void **state)
{
    (void)state;
    lint_enum(2, true);
    lint_enum(4096, true);
    lint_enum(4097, false);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vocabularies),
        cmocka_unit_test(test_lint_enum_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
