/*
 * fuzz_trace.c - the lifecycle models (amc/lifecycle.h) fed a JSON Lines trace.
 *
 * Framing: the first byte picks the model (byte % amc_lifecycle_model_count(), table order);
 * the rest is split at '\n' and every line applied in order (rejected steps included: the model
 * must stay usable), then amc_lifecycle_finish.
 * Properties: apply returns AMC_OK iff no error was added; every diagnostic position is inside
 * its line or none; after every line amc_lifecycle_state() gives valid JSON (the strict reader
 * accepts it) that is an object; a rejected step leaves the state unchanged.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "amc/amc.h"

static char *state_of(const amc_lifecycle *lc, size_t *len)
{
    char *json = NULL;
    amc_doc *doc = NULL;
    amc_diags *ds = amc_diags_new(0);
    if (!ds)
        return NULL;
    if (amc_lifecycle_state(lc, &json, len) != AMC_OK) {
        amc_diags_free(ds);
        return NULL;
    }
    if (amc_json_read(json, *len, NULL, ds, &doc) != AMC_OK ||
        amc_doc_root(doc)->type != AMC_T_OBJECT)
        __builtin_trap();
    amc_doc_free(doc);
    amc_diags_free(ds);
    return json;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    amc_lifecycle_opts o = {0};
    amc_lifecycle *lc = NULL;
    amc_diags *ds = NULL;
    const char *buf = (const char *)data + 1;
    size_t len = 0, off = 0, slen0 = 0, n = amc_lifecycle_model_count();
    char *before = NULL;
    if (size < 1 || n == 0)
        return -1;
    len = size - 1;
    o.profile = amc_lifecycle_model_at(data[0] % n);
    ds = amc_diags_new(0);
    if (!ds)
        return 0;
    if (amc_lifecycle_new(&o, ds, &lc) != AMC_OK)
        __builtin_trap();
    /* the state after one event is the state before the next: dumped once per event */
    before = len ? state_of(lc, &slen0) : NULL;
    while (off < len) {
        const char *nl = memchr(buf + off, '\n', len - off);
        size_t end = nl ? (size_t)(nl - buf) : len, i = 0, slen1 = 0;
        char *after = NULL;
        amc_status st = AMC_OK;
        amc_diags_clear(ds);
        st = amc_lifecycle_apply(lc, buf + off, end - off, ds);
        if (st != AMC_ENOMEM && st != AMC_ELIMIT && (st == AMC_OK) != (amc_diags_errors(ds) == 0))
            __builtin_trap();
        for (i = 0; i < amc_diags_count(ds); i++) {
            const amc_diag *d = amc_diags_get(ds, i);
            if (d->at.offset != AMC_NO_OFFSET && d->at.offset > end - off)
                __builtin_trap();
        }
        after = state_of(lc, &slen1);
        if (st == AMC_EINVALID && before && after &&
            (slen0 != slen1 || memcmp(before, after, slen0)))
            __builtin_trap();
        amc_free(before);
        before = after;
        slen0 = slen1;
        off = end + 1;
    }
    amc_free(before);
    amc_diags_clear(ds);
    (void)amc_lifecycle_finish(lc, ds);
    amc_free(state_of(lc, &len));
    amc_lifecycle_free(lc);
    amc_diags_free(ds);
    return 0;
}
