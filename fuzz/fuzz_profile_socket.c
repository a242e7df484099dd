/*
 * fuzz_profile_socket.c - the socket profile: amc_validator_check with --profile socket and with
 * auto detection.
 *
 * Framing: none; the whole input is one connection's bytes.
 * Properties: the status agrees with the errors added (AMC_OK iff none); every diagnostic has a
 * position inside the input or none; every diagnostic with a rule id names a catalog rule of
 * the socket profile, and for the profile's own codes (3600-3699) the rule's code is the
 * diagnostic's; a result is deterministic (the same input checked twice gives the same number
 * of errors and warnings); auto detection never picks socket for input --profile socket
 * rejects as not a socket message.
 */
#include <stdint.h>
#include <string.h>
#include "amc/amc.h"

static void run(const char *profile, const char *buf, size_t len, size_t *errors, size_t *warns,
                const char **used)
{
    /* one validator per profile, reused across inputs (schemas compile once; not stateful) */
    static amc_validator *vsock = NULL, *vauto = NULL;
    amc_validator **vp = !strcmp(profile, "socket") ? &vsock : &vauto, *v = NULL;
    amc_validator_opts o;
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_OK;
    size_t i = 0;
    memset(&o, 0, sizeof o);
    o.profile = profile;
    *used = NULL;
    if (!ds)
        return;
    if (!*vp && amc_validator_new(&o, ds, vp) != AMC_OK)
        __builtin_trap();
    v = *vp;
    st = amc_validator_check(v, "m.json", buf, len, ds, used);
    if (st != AMC_ENOMEM && st != AMC_ELIMIT && (st == AMC_OK) != (amc_diags_errors(ds) == 0))
        __builtin_trap();
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        if (d->at.offset != AMC_NO_OFFSET && d->at.offset > len)
            __builtin_trap();
        if (d->rule_id && !strcmp(profile, "socket")) {
            const amc_rule *r = amc_rule_find(d->rule_id);
            if (!r || strcmp(r->profile, "socket") != 0)
                __builtin_trap();
            if (d->code >= 3600 && d->code < 3700 && r->code != d->code)
                __builtin_trap();
        }
    }
    *errors = amc_diags_errors(ds);
    *warns = amc_diags_warnings(ds);
    amc_diags_free(ds);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;
    size_t e1 = 0, w1 = 0, e2 = 0, w2 = 0, ea = 0, wa = 0;
    const char *u1 = NULL, *u2 = NULL, *ua = NULL;
    run("socket", buf, size, &e1, &w1, &u1);
    run("socket", buf, size, &e2, &w2, &u2);
    if (e1 != e2 || w1 != w2)
        __builtin_trap();
    run("auto", buf, size, &ea, &wa, &ua);
    if (ua && !strcmp(ua, "socket") && (ea != e1 || wa != w1))
        __builtin_trap();
    return 0;
}
