/*
 * fuzz_schema_lint.c - libFuzzer harness for the schema linter (amc_schema_lint()).
 *
 * Input: the bytes of one schema document (JSON). The first byte selects options (bit 0:
 * disable LINT_META_SCHEMA; bit 1: raise LINT_UNKNOWN_KEYWORD to error); the rest is the
 * document. It is added to a fresh set (a loader serves one fixed remote document and fails
 * for everything else) and linted. Properties (trap on violation):
 *   - amc_schema_lint returns OK for every document the set accepted (never EUSAGE, EINTERNAL);
 *   - every finding has a LINT_* code (or a registry/compile code never: those become
 *     LINT_COMPILE), a message, a severity the options allow, and a JSON Pointer that resolves
 *     in the document when it names a keyword or subschema of it;
 *   - findings are sorted by position (unknown positions last);
 *   - linting twice gives the same findings.
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
                              "{\"type\":\"integer\",\"$anchor\":\"int\",\"minimum\":3,"
                              "\"maximum\":1}},\"type\":\"object\"}";
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    amc_schema_set *set = NULL;
    amc_diags *ds = NULL, *ds2 = NULL;
    amc_lint_opts opts = AMC_LINT_OPTS_DEFAULT;
    amc_code off[1] = {AMC_C_LINT_META_SCHEMA};
    amc_lint_severity raise = {AMC_C_LINT_UNKNOWN_KEYWORD, AMC_SEV_ERROR};
    amc_limits lim = AMC_LIMITS_DEFAULT;
    const char *uri = NULL;
    const amc_doc *doc = NULL;
    size_t i = 0;
    if (size < 1)
        return 0;
    if (data[0] & 1) {
        opts.disable = off;
        opts.n_disable = 1;
    }
    if (data[0] & 2) {
        opts.severity = &raise;
        opts.n_severity = 1;
    }
    lim.max_depth = 64;
    set = amc_schema_set_new(&lim);
    ds = amc_diags_new(200);
    ds2 = amc_diags_new(200);
    CHECK(set && ds && ds2);
    amc_schema_set_loader(set, loader, NULL);
    if (amc_schema_set_add(set, "https://fuzz.invalid/s.json", (const char *)data + 1, size - 1, ds,
                           &uri) != AMC_OK)
        goto out;
    amc_diags_clear(ds);
    CHECK(amc_schema_lint(set, uri, &opts, ds) == AMC_OK);
    doc = amc_schema_set_doc(set, uri);
    CHECK(doc != NULL);
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        CHECK(amc_lint_is_rule(d->code));
        CHECK(d->message && *d->message);
        if (opts.n_disable)
            CHECK(d->code != AMC_C_LINT_META_SCHEMA);
        if (opts.n_severity && d->code == AMC_C_LINT_UNKNOWN_KEYWORD)
            CHECK(d->sev == AMC_SEV_ERROR);
        if (d->instance_ptr && d->code != AMC_C_LINT_COMPILE)
            CHECK(amc_value_at_pointer(amc_doc_root(doc), d->instance_ptr,
                                       strlen(d->instance_ptr)) != NULL);
        if (i > 0) {
            const amc_diag *p = amc_diags_get(ds, i - 1);
            CHECK(p->at.offset == AMC_NO_OFFSET
                      ? d->at.offset == AMC_NO_OFFSET
                      : (d->at.offset == AMC_NO_OFFSET || p->at.offset <= d->at.offset));
        }
    }
    CHECK(amc_schema_lint(set, uri, &opts, ds2) == AMC_OK);
    CHECK(amc_diags_count(ds2) == amc_diags_count(ds));
    for (i = 0; i < amc_diags_count(ds); i++) {
        CHECK(amc_diags_get(ds2, i)->code == amc_diags_get(ds, i)->code);
        CHECK(strcmp(amc_diags_get(ds2, i)->message, amc_diags_get(ds, i)->message) == 0);
    }
out:
    amc_diags_free(ds);
    amc_diags_free(ds2);
    amc_schema_set_free(set);
    return 0;
}
