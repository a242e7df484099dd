/*
 * fuzz_schema_validate.c - libFuzzer harness for schema validation.
 *
 * Framing (curl-fuzzer style TLV, one record): a 4-byte little-endian length n, then n bytes of
 * schema JSON, then the instance JSON (the rest). Input shorter than 4 bytes or with n beyond
 * the input is malformed framing (-1).
 * Properties checked (trap on violation):
 *   - validation returns OK or ELIMIT (never EUSAGE, EINTERNAL, ENOMEM);
 *   - the first-error mode (no diagnostics) and the all-errors mode (diagnostics, positions)
 *     agree on the verdict whenever both return OK, with and without format assertion;
 *   - all-errors mode: invalid exactly when it reported an error diagnostic, and every
 *     diagnostic has an instance and keyword location that are JSON Pointers ("" or "/...");
 *   - validating twice gives the same verdict (the compiled schema is not mutated).
 */
#include <stdint.h>
#include <string.h>
#include "amc/amc.h"

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        if (!(x))                                                                                  \
            __builtin_trap();                                                                      \
    } while (0)

static bool is_pointer(const char *p)
{
    return p && (p[0] == '\0' || p[0] == '/');
}

static void run(const amc_schema *s, const amc_doc *doc, bool fmt)
{
    amc_diags *ds = amc_diags_new(200);
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    bool v1 = false, v2 = false, v3 = false;
    amc_status s1 = AMC_OK, s2 = AMC_OK, s3 = AMC_OK;
    size_t i = 0;
    CHECK(ds);
    o.format_assert = fmt;
    o.max_depth = 300;
    s1 = amc_schema_validate(s, amc_doc_root(doc), doc, &o, ds, &v1);
    CHECK(s1 == AMC_OK || s1 == AMC_ELIMIT);
    if (s1 == AMC_OK)
        CHECK(v1 == (amc_diags_errors(ds) == 0));
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        if (d->code == AMC_C_SCHEMA_ERRORS_LIMIT)
            continue;
        CHECK(is_pointer(d->instance_ptr) && is_pointer(d->keyword_ptr) && d->schema_uri);
    }
    o.all_errors = false;
    s2 = amc_schema_validate(s, amc_doc_root(doc), NULL, &o, NULL, &v2);
    CHECK(s2 == AMC_OK || s2 == AMC_ELIMIT);
    if (s1 == AMC_OK && s2 == AMC_OK)
        CHECK(v1 == v2);
    amc_diags_clear(ds);
    s3 = amc_schema_validate(s, amc_doc_root(doc), doc, &o, ds, &v3);
    CHECK(s3 == s2 && v3 == v2);
    amc_diags_free(ds);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_schema_set *set = NULL;
    amc_diags *ds = NULL;
    amc_doc *doc = NULL;
    const char *uri = NULL;
    const amc_schema *s = NULL;
    size_t n = 0;
    if (size < 4)
        return -1;
    n = (size_t)data[0] | (size_t)data[1] << 8 | (size_t)data[2] << 16 | (size_t)data[3] << 24;
    if (n > size - 4)
        return -1;
    lim.regex_match_limit = 20000;
    lim.max_depth = 64;
    set = amc_schema_set_new(&lim);
    ds = amc_diags_new(100);
    CHECK(set && ds);
    if (amc_schema_set_add(set, NULL, (const char *)data + 4, n, ds, &uri) != AMC_OK ||
        amc_schema_compile(set, uri, ds, &s) != AMC_OK)
        goto out;
    if (amc_json_read((const char *)data + 4 + n, size - 4 - n, &lim, ds, &doc) != AMC_OK)
        goto out;
    run(s, doc, false);
    run(s, doc, true);
out:
    amc_doc_free(doc);
    amc_diags_free(ds);
    amc_schema_set_free(set);
    return 0;
}
