/*
 * fuzz_schema_compile.c - libFuzzer harness for the schema registry and compiler.
 *
 * Input: the bytes of one schema document (JSON). The harness adds it to a fresh set (with a
 * loader that serves one fixed remote document and fails for everything else), compiles it,
 * walks it, validates it against the 2020-12 meta-schema (compiled once, in a set of its own),
 * and validates a few fixed instances with the compiled schema in both modes. Properties
 * checked (trap on violation):
 *   - add/compile return OK, EINVALID, ELIMIT (never EUSAGE or EINTERNAL); a compiled schema
 *     exactly when OK; an error diagnostic whenever not OK;
 *   - compiling the same URI again returns the same schema;
 *   - validation returns OK or ELIMIT; first-error and all-errors modes agree on the verdict
 *     whenever both return OK; an invalid verdict in all-errors mode has an error diagnostic.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "amc/amc.h"

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        if (!(x))                                                                                  \
            __builtin_trap();                                                                      \
    } while (0)

static amc_status loader(void *ud, const char *uri, char **buf, size_t *len)
{
    static const char doc[] = "{\"$id\":\"http://localhost:1234/r.json\",\"$defs\":{\"i\":"
                              "{\"type\":\"integer\",\"$anchor\":\"int\"}},\"type\":\"object\"}";
    (void)ud;
    if (strcmp(uri, "http://localhost:1234/r.json") != 0)
        return AMC_EIO;
    *buf = malloc(sizeof doc - 1);
    if (!*buf)
        return AMC_ENOMEM;
    memcpy(*buf, doc, sizeof doc - 1);
    *len = sizeof doc - 1;
    return AMC_OK;
}

static bool walk_cb(void *ud, const amc_schema_node_info *info)
{
    size_t *n = ud;
    CHECK(info->schema && info->pointer && info->base_uri);
    (*n)++;
    return *n < 100000;
}

static const char *const instances[] = {
    "null", "0",
    "1.5",  "-7",
    "\"\"", "\"abc\"",
    "[]",   "[1,\"a\",[null]]",
    "{}",   "{\"a\":1,\"b\":[true,{\"c\":\"d\"}],\"foo\":\"bar\"}",
};

static void validate_all(const amc_schema *s)
{
    size_t i = 0;
    for (i = 0; i < sizeof instances / sizeof instances[0]; i++) {
        amc_diags *ds = amc_diags_new(50);
        amc_doc *doc = NULL;
        bool v1 = false, v2 = false;
        amc_status s1 = AMC_OK, s2 = AMC_OK;
        amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
        CHECK(ds);
        if (amc_json_read(instances[i], strlen(instances[i]), NULL, ds, &doc) != AMC_OK) {
            amc_diags_free(ds); /* a reader that rejects top-level scalars */
            continue;
        }
        amc_diags_clear(ds);
        o.max_depth = 200;
        s1 = amc_schema_validate(s, amc_doc_root(doc), doc, &o, ds, &v1);
        CHECK(s1 == AMC_OK || s1 == AMC_ELIMIT);
        CHECK(v1 || amc_diags_errors(ds) > 0);
        o.all_errors = false;
        o.format_assert = true;
        s2 = amc_schema_validate(s, amc_doc_root(doc), NULL, &o, NULL, &v2);
        CHECK(s2 == AMC_OK || s2 == AMC_ELIMIT);
        o.format_assert = false;
        s2 = amc_schema_validate(s, amc_doc_root(doc), NULL, &o, NULL, &v2);
        CHECK(s2 == AMC_OK || s2 == AMC_ELIMIT);
        if (s1 == AMC_OK && s2 == AMC_OK)
            CHECK(v1 == v2);
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static amc_schema_set *meta_set = NULL;
    static const amc_schema *meta_static = NULL;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_schema_set *set = NULL;
    amc_diags *ds = NULL;
    const char *uri = NULL;
    const amc_schema *s = NULL, *s2 = NULL, *meta = NULL;
    amc_status st = AMC_OK;
    size_t nodes = 0;
    lim.regex_match_limit = 20000;
    lim.max_depth = 64;
    set = amc_schema_set_new(&lim);
    ds = amc_diags_new(100);
    CHECK(set && ds);
    amc_schema_set_loader(set, loader, NULL);
    st = amc_schema_set_add(set, "http://localhost:1234/fuzz.json", (const char *)data, size, ds,
                            &uri);
    CHECK(st == AMC_OK || st == AMC_EINVALID || st == AMC_ELIMIT);
    CHECK((st == AMC_OK) == (uri != NULL));
    if (st != AMC_OK) {
        CHECK(amc_diags_errors(ds) > 0);
        goto out;
    }
    CHECK(amc_schema_walk(set, uri, walk_cb, &nodes) == AMC_OK);
    CHECK(nodes >= 1);
    st = amc_schema_compile(set, uri, ds, &s);
    CHECK(st == AMC_OK || st == AMC_EINVALID || st == AMC_ELIMIT);
    CHECK((st == AMC_OK) == (s != NULL));
    if (st != AMC_OK) {
        CHECK(amc_diags_errors(ds) > 0);
    } else {
        CHECK(amc_schema_compile(set, uri, ds, &s2) == AMC_OK && s2 == s);
        validate_all(s);
    }
    /* the document against the meta-schema (compiled once, in a set of its own) */
    if (!meta_set) {
        meta_set = amc_schema_set_new(NULL);
        CHECK(meta_set);
        CHECK(amc_schema_compile(meta_set, AMC_SCHEMA_DRAFT2020_12, ds, &meta_static) == AMC_OK);
    }
    meta = meta_static;
    {
        const amc_doc *doc = amc_schema_set_doc(set, uri);
        bool v = false;
        CHECK(doc);
        st = amc_schema_validate(meta, amc_doc_root(doc), doc, NULL, NULL, &v);
        CHECK(st == AMC_OK || st == AMC_ELIMIT);
    }
out:
    amc_diags_free(ds);
    amc_schema_set_free(set);
    return 0;
}
