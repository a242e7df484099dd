/*
 * test_s300lib_core.c - src/core boundaries that surviving mutants showed unpinned (issue 22):
 *   - doc.c copy_source: a source length whose copy (len + a NUL + AMC_DOC_PAD bytes) does not
 *     fit in a size_t is refused before anything is allocated or read (doc.c:25, deleting its
 *     return false: the size wraps round to a few bytes and the copy reads len bytes of src);
 *     amc_doc_new answers NULL, amc_doc_reuse false and leaves the document reusable;
 *   - profile.c amc_prof_tagged_rule: the rule of a schema diagnostic is that of the first
 *     "$comment": "[RULE-ID] ..." from the keyword outwards; a comment that starts with '[' but
 *     names no id ("[]", no ']', an id of 64 bytes or more) is passed over, not taken as an
 *     empty or cut id (profile.c:360 "end && k > 0 && k < sizeof id", each operator).
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
#include "amc/doc.h"
#include "core/doc_int.h"
#include "profiles/profile_int.h"

static void test_doc_source_too_long(void **state)
{
    static const char src[] = "ab";
    static const size_t lens[] = {SIZE_MAX, SIZE_MAX - 1, SIZE_MAX - AMC_DOC_PAD,
                                  SIZE_MAX - 1 - AMC_DOC_PAD + 1};
    amc_doc *doc = NULL;
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++)
        assert_null(amc_doc_new(src, lens[i]));
    /* the largest length that passes the check is then refused by the arena: still no read */
    assert_null(amc_doc_new(src, SIZE_MAX - 1 - AMC_DOC_PAD));
    doc = amc_doc_new(src, 2);
    assert_non_null(doc);
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++)
        assert_false(amc_doc_reuse(doc, src, lens[i]));
    assert_true(amc_doc_reuse(doc, "xyz", 3));
    amc_doc_free(doc);
}

/* a source that fits is copied with its NUL and AMC_DOC_PAD zero bytes after it */
static void test_doc_source_copy(void **state)
{
    static const char src[] = "{\"a\":1}";
    amc_doc *doc = NULL;
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0;
    const char *p = NULL;
    (void)state;
    assert_non_null(ds);
    assert_int_equal(amc_json_read(src, sizeof src - 1, NULL, ds, &doc), AMC_OK);
    p = amc_doc_source(doc, NULL);
    assert_non_null(p);
    assert_memory_equal(p, src, sizeof src - 1);
    for (i = 0; i <= AMC_DOC_PAD; i++)
        assert_int_equal(p[sizeof src - 1 + i], 0);
    amc_doc_free(doc);
    amc_diags_free(ds);
}

/* the rule amc_prof_tagged_rule finds for the keyword location loc (a full URI) in the schema
 * urn:s300lib:t, whose root has the comment root and whose property name (as JSON: quotes and
 * escapes) the comment inner (NULL: no comment) */
static const char *tagged_named(const char *root, const char *name, const char *inner,
                                const char *loc)
{
    size_t cap = strlen(name) + 512;
    char *schema = malloc(cap), rc[128], ic[128];
    amc_diags *ds = amc_diags_new(0);
    amc_validator *v = NULL;
    const char *uri = NULL;
    const amc_rule *r = NULL;
    amc_status st = AMC_OK;
    amc_validator_opts o;
    assert_non_null(ds);
    assert_non_null(schema);
    snprintf(rc, sizeof rc, root ? "\"$comment\": \"%s\", " : "%s", root ? root : "");
    snprintf(ic, sizeof ic, inner ? "\"$comment\": \"%s\", " : "%s", inner ? inner : "");
    snprintf(schema, cap, "{%s\"properties\": {%s: {%s\"type\": \"string\"}, \"b/c\": {}}}", rc,
             name, ic);
    memset(&o, 0, sizeof o);
    assert_int_equal(amc_validator_new(&o, ds, &v), AMC_OK);
    if (!v->schemas)
        v->schemas = amc_schema_set_new(NULL);
    assert_non_null(v->schemas);
    assert_int_equal(
        amc_schema_set_add(v->schemas, "urn:s300lib:t", schema, strlen(schema), ds, &uri), AMC_OK);
    r = amc_prof_tagged_rule(v, loc, &st);
    assert_int_equal(st, AMC_OK);
    amc_validator_free(v);
    amc_diags_free(ds);
    free(schema);
    return r ? r->id : NULL;
}

static const char *tagged_in(const char *root, const char *inner, const char *loc)
{
    return tagged_named(root, "\"a\"", inner, loc);
}

/* the same with the root's comment "[SOCKET-TASK-001] x" and a location in the document */
static const char *tagged(const char *inner, const char *ptr)
{
    char loc[128];
    snprintf(loc, sizeof loc, "urn:s300lib:t#%s", ptr);
    return tagged_in("[SOCKET-TASK-001] x", inner, loc);
}

/* got must be want (NULL: none) */
static void is(const char *got, const char *want, int line)
{
    if (want && got && !strcmp(got, want))
        return;
    if (!want && !got)
        return;
    fail_msg("line %d: got %s, want %s", line, got ? got : "none", want ? want : "none");
}
#define IS(got, want) is(got, want, __LINE__)

static void test_tagged_rule(void **state)
{
    char id64[80], id63[80];
    const char *id = NULL;
    (void)state;
    /* "[" + an id of 64 (63) bytes + "] y" */
    memset(id64, 'x', sizeof id64);
    id64[0] = '[';
    memcpy(id64 + 65, "] y", 4);
    memcpy(id63, id64, sizeof id63);
    memcpy(id63 + 64, "] y", 4);
    assert_int_equal(strchr(id64, ']') - id64 - 1, 64);
    assert_int_equal(strchr(id63, ']') - id63 - 1, 63);
    /* the root's rule, from the keyword outwards */
    IS(tagged(NULL, "/properties/a/type"), "SOCKET-TASK-001");
    /* an inner comment that names a rule wins */
    IS(tagged("[SOCKET-RESULT-001] r", "/properties/a/type"), "SOCKET-RESULT-001");
    IS(tagged("[SOCKET-RESULT-001]", "/properties/a"), "SOCKET-RESULT-001");
    /* comments that name no id are passed over */
    IS(tagged("[]", "/properties/a/type"), "SOCKET-TASK-001");
    IS(tagged("[] x", "/properties/a/type"), "SOCKET-TASK-001");
    IS(tagged("[SOCKET-RESULT-001 no end", "/properties/a/type"), "SOCKET-TASK-001");
    IS(tagged("SOCKET-RESULT-001] r", "/properties/a/type"), "SOCKET-TASK-001");
    IS(tagged("[x", "/properties/a/type"), "SOCKET-TASK-001");
    IS(tagged(id64, "/properties/a/type"), "SOCKET-TASK-001");
    /* an id of 63 bytes is read whole: no such rule, so none (the walk stops there) */
    id = tagged(id63, "/properties/a/type");
    assert_null(id);
    /* percent-escapes in the fragment are decoded (either case of hex digit); a '%' not followed
     * by two hex digits is itself */
    IS(tagged("[SOCKET-RESULT-001] r", "/properties/%61/type"), "SOCKET-RESULT-001");
    IS(tagged("[SOCKET-RESULT-001] r", "/pr%6Fperties/%61/t%79pe"), "SOCKET-RESULT-001");
    IS(tagged("[SOCKET-RESULT-001] r", "/pr%6fperties/a"), "SOCKET-RESULT-001");
    /* escapes whose first or second digit is 0 */
    IS(tagged_named("[SOCKET-TASK-001] x", "\"\\t\"", "[SOCKET-RESULT-001] r",
                    "urn:s300lib:t#/properties/%09"),
       "SOCKET-RESULT-001");
    IS(tagged_named("[SOCKET-TASK-001] x", "\"0\"", "[SOCKET-RESULT-001] r",
                    "urn:s300lib:t#/properties/%30/type"),
       "SOCKET-RESULT-001");
    /* a location that is not a URI (a '%' without two hex digits) finds no document */
    IS(tagged("[SOCKET-RESULT-001] r", "/properties/%6"), NULL);
    IS(tagged("[SOCKET-RESULT-001] r", "/properties/%6g/type"), NULL);
    IS(tagged("[SOCKET-RESULT-001] r", "/properties/a%"), NULL);
    /* locations that resolve to nothing walk outwards to the root, '/' by '/' */
    IS(tagged("[SOCKET-RESULT-001] r", "/properties/a/nope/x"), "SOCKET-RESULT-001");
    IS(tagged("[SOCKET-RESULT-001] r", "/nope/a/type"), "SOCKET-TASK-001");
    IS(tagged("[SOCKET-RESULT-001] r", "abc"), "SOCKET-TASK-001");
    IS(tagged("[SOCKET-RESULT-001] r", "a/b"), "SOCKET-TASK-001");
    IS(tagged("[SOCKET-RESULT-001] r", ""), "SOCKET-TASK-001");
    IS(tagged("[SOCKET-RESULT-001] r", "/"), "SOCKET-TASK-001");
    /* the pointer is read up to 2047 bytes: "/properties/" + a name of 2035 bytes is read
     * whole, one of 2036 bytes is cut and so not found (the walk goes on to the root) */
    {
        size_t len = 0;
        for (len = 2035; len <= 2036; len++) {
            char *name = malloc(len + 3), *loc = malloc(len + 64);
            assert_non_null(name);
            assert_non_null(loc);
            name[0] = '"';
            memset(name + 1, 'n', len);
            memcpy(name + 1 + len, "\"", 2);
            snprintf(loc, len + 64, "urn:s300lib:t#/properties/%.*s", (int)len, name + 1);
            assert_int_equal(strlen(loc) - strlen("urn:s300lib:t#"), 12 + len);
            IS(tagged_named("[SOCKET-TASK-001] x", name, "[SOCKET-RESULT-001] r", loc),
               len == 2035 ? "SOCKET-RESULT-001" : "SOCKET-TASK-001");
            free(name);
            free(loc);
        }
    }
    /* no tagged comment on the way: none */
    IS(tagged_in(NULL, NULL, "urn:s300lib:t#/properties/a/type"), NULL);
    IS(tagged_in(NULL, NULL, "urn:s300lib:t#abc"), NULL);
    IS(tagged_in(NULL, NULL, "urn:s300lib:t#"), NULL);
    IS(tagged_in("[]", "[x", "urn:s300lib:t#/properties/a"), NULL);
    /* no '#', or a document the set does not hold: none */
    IS(tagged_in("[SOCKET-TASK-001] x", NULL, "urn:s300lib:t"), NULL);
    IS(tagged_in("[SOCKET-TASK-001] x", NULL, "urn:s300lib:other#/properties/a"), NULL);
    IS(tagged_in("[SOCKET-TASK-001] x", NULL, NULL), NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_doc_source_too_long),
        cmocka_unit_test(test_doc_source_copy),
        cmocka_unit_test(test_tagged_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
