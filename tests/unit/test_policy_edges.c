/*
 * test_policy_edges.c - the policy file and the mailbox keyring (src/profiles/policy.c; formats
 * in docs/profiles/mailbox.md "Policy file" and "Keyring"): every section of the wrong shape,
 * every list with a member of the wrong type, unknown keys (warnings), and keyring entries at
 * their edges. Each case asserts the status, the first diagnostic's code, its line:col and its
 * whole message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

typedef struct pcase {
    const char *name;
    const char *text;
    amc_status want;
    amc_code code;      /* first diagnostic (0: none at all) */
    unsigned line, col; /* 1-based */
    const char *msg;
} pcase;

static void check(const pcase *c, amc_status st, const amc_diags *ds)
{
    const amc_diag *d = amc_diags_count(ds) ? amc_diags_get(ds, 0) : NULL;
    if (st != c->want)
        fail_msg("%s: status %s, want %s (%s)", c->name, amc_status_str(st),
                 amc_status_str(c->want), d ? d->message : "no diagnostic");
    if (!c->code) {
        if (d)
            fail_msg("%s: unexpected %s: %s", c->name, amc_code_id(d->code), d->message);
        return;
    }
    if (!d || d->code != c->code ||
        (c->line && (d->at.line + 1 != c->line || d->at.col + 1 != c->col)) ||
        strcmp(d->message, c->msg) != 0)
        fail_msg("%s: got %s at %u:%u \"%s\"\n  want %s at %u:%u \"%s\"", c->name,
                 d ? amc_code_id(d->code) : "nothing", d ? d->at.line + 1 : 0,
                 d ? d->at.col + 1 : 0, d ? d->message : "", amc_code_id(c->code), c->line, c->col,
                 c->msg);
}

static const pcase policies[] = {
    {"not a mapping", "- a\n", AMC_EINVALID, AMC_C_POLICY_INVALID, 1, 1, "a policy is a mapping"},
    {"max_retries negative", "max_retries: -1\n", AMC_EINVALID, AMC_C_POLICY_INVALID, 1, 14,
     "policy key 'max_retries' must be an integer from 0 to 1000000"},
    {"ignite not a mapping", "ignite: 5\n", AMC_EINVALID, AMC_C_POLICY_INVALID, 1, 9,
     "policy key 'ignite' must be a mapping"},
    {"ignite unknown key", "ignite:\n  max_retries: 3\n  other: 1\n", AMC_OK,
     AMC_C_POLICY_UNKNOWN_KEY, 3, 3, "unknown policy key 'ignite.other' (ignored)"},
    {"ignite max_retries too big", "ignite:\n  max_retries: 1000001\n", AMC_EINVALID,
     AMC_C_POLICY_INVALID, 2, 16,
     "policy key 'ignite.max_retries' must be an integer from 0 to "
     "1000000"},
    {"security not a mapping", "security: 5\n", AMC_EINVALID, AMC_C_MAILBOX_POLICY_INVALID, 1, 11,
     "policy key 'security' must be a mapping"},
    {"signature_algorithm not a string", "security:\n  signature_algorithm: 5\n", AMC_EINVALID,
     AMC_C_MAILBOX_POLICY_INVALID, 2, 24,
     "policy key 'security.signature_algorithm' must be a string"},
    {"acl not a mapping", "security:\n  acl: [a]\n", AMC_EINVALID, AMC_C_MAILBOX_POLICY_INVALID, 2,
     8, "policy key 'security.acl' must be a mapping"},
    {"task_id_match_types with a number", "security:\n  task_id_match_types: [a, 1]\n",
     AMC_EINVALID, AMC_C_MAILBOX_POLICY_INVALID, 2, 28,
     "policy key 'security.task_id_match_types' must be a list of strings"},
    {"task_id_match_types a string", "security:\n  task_id_match_types: a\n", AMC_EINVALID,
     AMC_C_MAILBOX_POLICY_INVALID, 2, 24,
     "policy key 'security.task_id_match_types' must be a list of strings"},
    {"review not a mapping", "review: true\n", AMC_EINVALID, AMC_C_MAILBOX_POLICY_INVALID, 1, 9,
     "policy key 'review' must be a mapping"},
    {"required_agents not a list", "review:\n  required_agents: x\n", AMC_EINVALID,
     AMC_C_MAILBOX_POLICY_INVALID, 2, 20,
     "policy key 'review.required_agents' must be a list of "
     "strings"},
    {"mailbox not a mapping", "mailbox: 3\n", AMC_EINVALID, AMC_C_MAILBOX_POLICY_INVALID, 1, 10,
     "policy key 'mailbox' must be a mapping"},
    {"mailbox max_delivery_attempts zero", "mailbox:\n  max_delivery_attempts: 0\n", AMC_EINVALID,
     AMC_C_MAILBOX_POLICY_INVALID, 2, 26,
     "policy key 'mailbox.max_delivery_attempts' must be an integer >= 1"},
    {"max_clock_skew_sec a fraction", "security:\n  max_clock_skew_sec: 1.5\n", AMC_EINVALID,
     AMC_C_MAILBOX_POLICY_INVALID, 2, 23,
     "policy key 'security.max_clock_skew_sec' must be an integer >= 0"},
    {"nonce_ttl_sec negative", "security:\n  nonce_ttl_sec: -1\n", AMC_EINVALID,
     AMC_C_MAILBOX_POLICY_INVALID, 2, 18,
     "policy key 'security.nonce_ttl_sec' must be an integer >= 0"},
    {"nonce_ttl_sec zero", "security:\n  nonce_ttl_sec: 0\n", AMC_OK, 0, 0, 0, NULL},
    {"lease ttl a string", "lease:\n  ttl_sec: x\n", AMC_EINVALID, AMC_C_MAILBOX_POLICY_INVALID, 2,
     12, "policy key 'lease.ttl_sec' must be an integer >= 1"},
    {"runtime config sections are recognized", "version: 1\nmode: x\nscheduler: {a: 1}\n", AMC_OK,
     0, 0, 0, NULL},
};

static void test_policies(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof policies / sizeof policies[0]; i++) {
        amc_diags *ds = amc_diags_new(0);
        amc_policy *p = NULL;
        amc_status st = amc_policy_read(policies[i].text, strlen(policies[i].text), ds, &p);
        check(&policies[i], st, ds);
        amc_policy_free(p);
        amc_diags_free(ds);
    }
}

#define HEX64 "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
#define HEXUC "00112233445566778899AABBCCDDEEFF00112233445566778899AABBCCDDEEFF"

static const pcase keyrings[] = {
    {"valid, lowercase hex",
     "version: 1\nkeys:\n  - {key_id: k1, algorithm: hmac_sha256, secret_hex: " HEX64 "}\n", AMC_OK,
     0, 0, 0, NULL},
    {"valid, uppercase hex, a principal",
     "version: 1\nkeys:\n  - {key_id: k1, principal: codex, algorithm: hmac_sha256, "
     "secret_hex: " HEXUC "}\n",
     AMC_OK, 0, 0, 0, NULL},
    {"not a mapping", "- 1\n", AMC_EINVALID, AMC_C_MAILBOX_KEYRING_INVALID, 1, 1,
     "keyring: the keyring is a mapping"},
    {"unknown top-level member", "version: 1\nkeys: []\nextra: 1\n", AMC_EINVALID,
     AMC_C_MAILBOX_KEYRING_INVALID, 3, 8, "keyring: unknown top-level member"},
    {"version 2", "version: 2\nkeys: []\n", AMC_EINVALID, AMC_C_MAILBOX_KEYRING_INVALID, 1, 10,
     "keyring: version must be 1"},
    {"keys a mapping", "version: 1\nkeys: {}\n", AMC_EINVALID, AMC_C_MAILBOX_KEYRING_INVALID, 2, 7,
     "keyring: keys must be a list"},
    {"entry not a mapping", "version: 1\nkeys: [5]\n", AMC_EINVALID, AMC_C_MAILBOX_KEYRING_INVALID,
     2, 8, "keyring: a key entry must be a mapping"},
    {"entry member a number", "version: 1\nkeys:\n  - {key_id: 5}\n", AMC_EINVALID,
     AMC_C_MAILBOX_KEYRING_INVALID, 3, 14, "keyring: entry members are strings"},
    {"entry unknown member", "version: 1\nkeys:\n  - {key_id: a, colour: red}\n", AMC_EINVALID,
     AMC_C_MAILBOX_KEYRING_INVALID, 3, 25, "keyring: unknown member in a key entry"},
    {"entry without secret", "version: 1\nkeys:\n  - {key_id: a, algorithm: hmac_sha256}\n",
     AMC_EINVALID, AMC_C_MAILBOX_KEYRING_INVALID, 3, 5,
     "keyring: an entry needs key_id, algorithm and secret_hex"},
    {"other algorithm",
     "version: 1\nkeys:\n  - {key_id: a, algorithm: sha1, secret_hex: " HEX64 "}\n", AMC_EINVALID,
     AMC_C_MAILBOX_KEYRING_INVALID, 3, 28, "keyring: algorithm must be hmac_sha256"},
    {"secret of 31 bytes",
     "version: 1\nkeys:\n  - {key_id: a, algorithm: hmac_sha256, secret_hex: "
     "00112233445566778899aabbccddeeff00112233445566778899aabbccddee}\n",
     AMC_EINVALID, AMC_C_MAILBOX_KEYRING_INVALID, 3, 53,
     "keyring: secret_hex must be 32..1024 bytes of hex"},
    {"secret not hex",
     "version: 1\nkeys:\n  - {key_id: a, algorithm: hmac_sha256, secret_hex: "
     "g0112233445566778899aabbccddeeff00112233445566778899aabbccddeeff}\n",
     AMC_EINVALID, AMC_C_MAILBOX_KEYRING_INVALID, 3, 53,
     "keyring: secret_hex must be 32..1024 bytes of hex"},
    {"duplicate key_id",
     "version: 1\nkeys:\n  - {key_id: a, algorithm: hmac_sha256, secret_hex: " HEX64 "}\n"
     "  - {key_id: a, algorithm: hmac_sha256, secret_hex: " HEX64 "}\n",
     AMC_EINVALID, AMC_C_MAILBOX_KEYRING_INVALID, 4, 5, "keyring: duplicate key_id"},
};

static void test_keyrings(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof keyrings / sizeof keyrings[0]; i++) {
        amc_diags *ds = amc_diags_new(0);
        amc_policy *p = NULL;
        amc_status st = AMC_OK;
        assert_int_equal(amc_policy_read("{}", 2, ds, &p), AMC_OK);
        st = amc_policy_set_keyring(p, keyrings[i].text, strlen(keyrings[i].text), ds);
        check(&keyrings[i], st, ds);
        amc_policy_free(p);
        amc_diags_free(ds);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_policies),
                                       cmocka_unit_test(test_keyrings)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
