/*
 * fuzz_profile_acp.c - the acp profile: detection and amc_validator_check with --profile acp
 * and auto.
 *
 * Framing: the first byte picks the path the validator is given (no path, a file in an inbox
 * folder, a file elsewhere; placement rules read it); the rest is one document.
 * Properties: detection is a score in 0..100 and deterministic; the status agrees with the
 * errors added (AMC_OK iff none); every diagnostic has a position inside the input or none;
 * every diagnostic with a rule id names a acp catalog rule whose code is the
 * diagnostic's, or ACP-DOC-001 (the JSON reader's codes); a second check of the same input
 * in the same validator reports the same number of diagnostics (no hidden state); under auto,
 * the acp profile is chosen only for documents it scores above 0.
 */
#include <stdint.h>
#include <string.h>
#include "amc/amc.h"
#include "profiles/profile_int.h"

extern const amc_profile_ops amc_profile_acp;

static size_t check_one(amc_validator *v, const char *path, const char *buf, size_t len,
                        const char **used)
{
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_OK;
    size_t i = 0, n = 0;
    if (!ds)
        return 0;
    st = amc_validator_check(v, path, buf, len, ds, used);
    if (st != AMC_ENOMEM && st != AMC_ELIMIT && (st == AMC_OK) != (amc_diags_errors(ds) == 0))
        __builtin_trap();
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        if (d->at.offset != AMC_NO_OFFSET && d->at.offset > len)
            __builtin_trap();
        if (d->rule_id && used && *used && !strcmp(*used, "acp")) {
            const amc_rule *r = amc_rule_find(d->rule_id);
            if (!r || strcmp(r->profile, "acp") != 0)
                __builtin_trap();
            if (strcmp(r->id, "ACP-DOC-001") != 0 && r->code != d->code)
                __builtin_trap();
        }
    }
    n = amc_diags_count(ds);
    amc_diags_free(ds);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the validators are reused across inputs (schemas compile once; no state: not stateful) */
    static amc_validator *v = NULL, *a = NULL;
    amc_validator_opts opts;
    static const char *const paths[] = {NULL, "agent-workspace/inbox/agent-a/MSG-001.json",
                                        "inbox/b/MSG-2025-08-25-001.json", "state/x.json"};
    const char *buf = (const char *)data + (size ? 1 : 0);
    const char *path = size ? paths[data[0] % 4] : NULL;
    const char *used = NULL;
    int s1 = 0, s2 = 0;
    size_t n1 = 0, n2 = 0;
    size = size ? size - 1 : 0;
    s1 = amc_profile_acp.detect(path, buf, size);
    s2 = amc_profile_acp.detect(path, buf, size);
    if (s1 < 0 || s1 > 100 || s1 != s2)
        __builtin_trap();
    memset(&opts, 0, sizeof opts);
    opts.profile = "acp";
    if (!v && amc_validator_new(&opts, NULL, &v) != AMC_OK)
        __builtin_trap();
    n1 = check_one(v, path, buf, size, &used);
    n2 = check_one(v, path, buf, size, &used);
    if (n1 != n2)
        __builtin_trap();
    opts.profile = "auto";
    if (!a && amc_validator_new(&opts, NULL, &a) != AMC_OK)
        __builtin_trap();
    used = NULL;
    check_one(a, path, buf, size, &used);
    if (used && !strcmp(used, "acp") && s1 == 0)
        __builtin_trap();
    return 0;
}
