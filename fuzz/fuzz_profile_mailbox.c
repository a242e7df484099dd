/*
 * fuzz_profile_mailbox.c - the mailbox profile: amc_validator_check (stateless and stateful,
 * default policy and an hmac_sha256 policy with a keyring, with and without a clock) and
 * amc_mailbox_signature.
 *
 * Framing: the first byte selects the mode (bit 0 stateful: the rest is split at '\n' into
 * messages of one session; bit 1 the hmac policy; bit 2 a reference clock); the rest is input.
 * Properties: the status agrees with the errors added (AMC_OK iff none); every diagnostic has a
 * position inside the input or none; every profile diagnostic carries a catalog rule id of the
 * mailbox profile whose code is the diagnostic's (or a reader code); the signature is
 * deterministic and 64 lowercase hex digits.
 */
#include <stdint.h>
#include <string.h>
#include "amc/amc.h"

static const char policy_yaml[] = "security:\n"
                                  "  signature_algorithm: hmac_sha256\n"
                                  "review:\n"
                                  "  required_agents: [codex, claude]\n"
                                  "workers: {orchestrator: {}, aggregator: {}, codex: {}}\n";
static const char keyring_json[] =
    "{\"version\": 1, \"keys\": [{\"key_id\": \"k-codex-v1\", \"principal\": \"codex\", "
    "\"algorithm\": \"hmac_sha256\", \"secret_hex\": "
    "\"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\"}, "
    "{\"key_id\": \"k-shared\", \"algorithm\": \"hmac_sha256\", \"secret_hex\": "
    "\"1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100\"}]}";

static amc_policy *policy(void)
{
    static amc_policy *p = NULL;
    if (!p) {
        amc_diags *ds = amc_diags_new(0);
        if (!ds || amc_policy_read(policy_yaml, sizeof policy_yaml - 1, ds, &p) != AMC_OK ||
            amc_policy_set_keyring(p, keyring_json, sizeof keyring_json - 1, ds) != AMC_OK)
            __builtin_trap();
        amc_diags_free(ds);
    }
    return p;
}

static void check_one(amc_validator *v, const char *buf, size_t len)
{
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_OK;
    size_t i = 0;
    if (!ds)
        return;
    st = amc_validator_check(v, "inbox/orchestrator/m.json", buf, len, ds, NULL);
    if (st != AMC_ENOMEM && st != AMC_ELIMIT && (st == AMC_OK) != (amc_diags_errors(ds) == 0))
        __builtin_trap();
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        if (d->at.offset != AMC_NO_OFFSET && d->at.offset > len)
            __builtin_trap();
        if (d->rule_id) {
            const amc_rule *r = amc_rule_find(d->rule_id);
            if (!r || strcmp(r->profile, "mailbox") != 0)
                __builtin_trap();
        }
    }
    amc_diags_free(ds);
}

static void check_signature(const char *buf, size_t len, const amc_policy *p)
{
    char a[65], b[65];
    amc_diags *ds = amc_diags_new(0);
    amc_status s1 = AMC_OK, s2 = AMC_OK;
    size_t i = 0;
    if (!ds)
        return;
    s1 = amc_mailbox_signature(buf, len, p, NULL, ds, a);
    s2 = amc_mailbox_signature(buf, len, p, NULL, ds, b);
    if (s1 != s2 || (s1 == AMC_OK && strcmp(a, b) != 0))
        __builtin_trap();
    if (s1 == AMC_OK) {
        for (i = 0; i < 64; i++)
            if (!((a[i] >= '0' && a[i] <= '9') || (a[i] >= 'a' && a[i] <= 'f')))
                __builtin_trap();
        if (a[64] != '\0')
            __builtin_trap();
    }
    amc_diags_free(ds);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* one validator per mode, reused across inputs (schemas compile once); a stateful one is
       reset first, so each input is a session of its own */
    static amc_validator *reuse[8];
    amc_validator_opts opts;
    amc_validator *v = NULL;
    const char *buf = (const char *)data + 1;
    size_t len = size ? size - 1 : 0, off = 0;
    uint8_t mode = size ? data[0] : 0;
    if (!size)
        return 0;
    memset(&opts, 0, sizeof opts);
    opts.profile = "mailbox";
    opts.stateful = mode & 1;
    opts.policy = mode & 2 ? policy() : NULL;
    opts.now = mode & 4 ? "2026-02-11T10:00:00.000Z" : NULL;
    if (!reuse[mode & 7] && amc_validator_new(&opts, NULL, &reuse[mode & 7]) != AMC_OK)
        __builtin_trap();
    v = reuse[mode & 7];
    amc_validator_reset(v);
    if (mode & 1) {
        while (off <= len) {
            const char *nl = memchr(buf + off, '\n', len - off);
            size_t end = nl ? (size_t)(nl - buf) : len;
            check_one(v, buf + off, end - off);
            off = end + 1;
        }
    } else {
        check_one(v, buf, len);
        check_signature(buf, len, opts.policy);
    }
    return 0;
}
