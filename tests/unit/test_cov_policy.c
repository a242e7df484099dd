/*
 * test_cov_policy.c - the policy file and keyring keys the coverage report showed untested
 * (src/profiles/policy.c; docs/profiles/mailbox.md "Policy file" and "Keyring"): each key of the
 * wrong type or out of range, the sections read in pairs (mailbox, timeouts), the keyring's
 * top-level members absent, and the API's usage errors. Each case asserts the status, the first
 * diagnostic's code, its line:col and its whole message; the accepted cases assert that nothing is
 * reported and, where the API shows it, the value read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "profiles/profile_int.h"

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
    if (c->want != AMC_OK && amc_diags_errors(ds) != 1)
        fail_msg("%s: %zu errors, want 1", c->name, amc_diags_errors(ds));
}

#define MB AMC_C_MAILBOX_POLICY_INVALID
static const pcase policies[] = {
    /* one bad key, then good ones after it: still exactly one error, the policy refused */
    {"security: a bad acl, then good keys",
     "security:\n  acl: 5\n  keyring_file: k\n  require_from_sender_match: true\n"
     "  require_task_id_match: true\n  max_clock_skew_sec: 1\n  nonce_ttl_sec: 1\n",
     AMC_EINVALID, MB, 2, 8, "policy key 'security.acl' must be a mapping"},
    {"security.acl: a bad list, then a good one", "security:\n  acl:\n    a: 5\n    b: [x]\n",
     AMC_EINVALID, MB, 3, 8, "policy key 'security.acl' must be a list of strings"},
    {"review: bad required_agents, then good consumers",
     "review:\n  required_agents: 5\n  review_result_consumer: a\n"
     "  aggregation_result_consumer: b\n",
     AMC_EINVALID, MB, 2, 20, "policy key 'review.required_agents' must be a list of strings"},
    {"signature_algorithm md5", "security:\n  signature_algorithm: md5\n", AMC_EINVALID, MB, 2, 24,
     "policy key 'security.signature_algorithm' must be sha256 or hmac_sha256"},
    {"signature_algorithm sha256", "security:\n  signature_algorithm: sha256\n", AMC_OK, 0, 0, 0,
     NULL},
    {"keyring_file a number", "security:\n  keyring_file: 5\n", AMC_EINVALID, MB, 2, 17,
     "policy key 'security.keyring_file' must be a string"},
    {"acl entry not a list", "security:\n  acl: {alice: bob}\n", AMC_EINVALID, MB, 2, 16,
     "policy key 'security.acl' must be a list of strings"},
    {"acl second entry holds a number", "security:\n  acl: {alice: [bob], carol: [1]}\n",
     AMC_EINVALID, MB, 2, 31, "policy key 'security.acl' must be a list of strings"},
    {"acl_default allow", "security:\n  acl_default: allow\n", AMC_EINVALID, MB, 2, 16,
     "policy key 'security.acl_default' must be deny"},
    {"acl_default a number", "security:\n  acl_default: 0\n", AMC_EINVALID, MB, 2, 16,
     "policy key 'security.acl_default' must be deny"},
    {"acl_default deny", "security:\n  acl_default: deny\n", AMC_OK, 0, 0, 0, NULL},
    {"require_from_sender_match a number", "security:\n  require_from_sender_match: 1\n",
     AMC_EINVALID, MB, 2, 30,
     "policy key 'security.require_from_sender_match' must be true or false"},
    {"require_task_id_match a string", "security:\n  require_task_id_match: x\n", AMC_EINVALID, MB,
     2, 26, "policy key 'security.require_task_id_match' must be true or false"},
    {"max_clock_skew_sec above 10^9", "security:\n  max_clock_skew_sec: 1000000001\n", AMC_EINVALID,
     MB, 2, 23, "policy key 'security.max_clock_skew_sec' must be an integer >= 0"},
    {"max_clock_skew_sec 10^9", "security:\n  max_clock_skew_sec: 1000000000\n", AMC_OK, 0, 0, 0,
     NULL},
    {"review_result_consumer a number", "review:\n  review_result_consumer: 5\n", AMC_EINVALID, MB,
     2, 27, "policy key 'review.review_result_consumer' must be a string"},
    {"aggregation_result_consumer a list", "review:\n  aggregation_result_consumer: [a]\n",
     AMC_EINVALID, MB, 2, 32, "policy key 'review.aggregation_result_consumer' must be a string"},
    {"review accepted", "review:\n  review_result_consumer: a\n  aggregation_result_consumer: b\n",
     AMC_OK, 0, 0, 0, NULL},
    {"mailbox visibility_timeout_sec zero", "mailbox:\n  visibility_timeout_sec: 0\n", AMC_EINVALID,
     MB, 2, 27, "policy key 'mailbox.visibility_timeout_sec' must be an integer >= 1"},
    {"retries max_attempts zero", "retries:\n  max_attempts: 0\n", AMC_EINVALID, MB, 2, 17,
     "policy key 'retries.max_attempts' must be an integer >= 1"},
    {"retries not a mapping", "retries: 3\n", AMC_EINVALID, MB, 1, 10,
     "policy key 'retries' must be a mapping"},
    {"heartbeat ttl_sec zero", "heartbeat:\n  ttl_sec: 0\n", AMC_EINVALID, MB, 2, 12,
     "policy key 'heartbeat.ttl_sec' must be an integer >= 1"},
    {"timeouts soft zero", "timeouts:\n  task_soft_timeout_sec: 0\n", AMC_EINVALID, MB, 2, 26,
     "policy key 'timeouts.task_soft_timeout_sec' must be an integer >= 1"},
    {"timeouts hard zero", "timeouts:\n  task_soft_timeout_sec: 5\n  task_hard_timeout_sec: 0\n",
     AMC_EINVALID, MB, 3, 26,
     "policy key 'timeouts.task_hard_timeout_sec' must be an integer >= 1"},
    {"workers a list", "workers: [a]\n", AMC_EINVALID, MB, 1, 10,
     "policy key 'workers' must be a mapping"},
    {"unknown top-level key", "colour: red\n", AMC_OK, AMC_C_POLICY_UNKNOWN_KEY, 1, 1,
     "unknown policy key 'colour' (ignored)"},
    /* the first bad key stops the reading: a second one is not reported */
    {"two bad keys, one reported", "max_retries: x\nworkers: 1\n", AMC_EINVALID,
     AMC_C_POLICY_INVALID, 1, 14, "policy key 'max_retries' must be an integer from 0 to 1000000"},
    /* a bad top-level key means ignite's own keys are not read */
    {"ignite after a bad key", "ignite: {max_retries: x}\nmax_retries: -2\n", AMC_EINVALID,
     AMC_C_POLICY_INVALID, 2, 14, "policy key 'max_retries' must be an integer from 0 to 1000000"},
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
        if ((st == AMC_OK) != (p != NULL))
            fail_msg("%s: status %s with policy %p", policies[i].name, amc_status_str(st),
                     (void *)p);
        amc_policy_free(p);
        amc_diags_free(ds);
    }
}

/* The values read: ignite.max_retries wins over the top-level max_retries; keyring_file. */
static void test_policy_values(void **state)
{
    static const char text[] =
        "max_retries: 7\nignite:\n  max_retries: 2\nsecurity:\n  keyring_file: keys.yaml\n";
    static const char top[] = "max_retries: 7\n";
    amc_diags *ds = amc_diags_new(0);
    amc_policy *p = NULL;
    (void)state;
    assert_int_equal(amc_policy_read(text, sizeof text - 1, ds, &p), AMC_OK);
    assert_int_equal(amc_diags_count(ds), 0);
    assert_int_equal(amc_policy_ignite_max_retries(p), 2);
    assert_string_equal(amc_policy_keyring_file(p), "keys.yaml");
    amc_policy_free(p);
    p = NULL;
    assert_int_equal(amc_policy_read(top, sizeof top - 1, ds, &p), AMC_OK);
    assert_int_equal(amc_policy_ignite_max_retries(p), 7);
    assert_null(amc_policy_keyring_file(p));
    amc_policy_free(p);
    /* no policy: the defaults */
    assert_int_equal(amc_policy_ignite_max_retries(NULL), 3);
    assert_null(amc_policy_keyring_file(NULL));
    amc_diags_free(ds);
}

#define HEX64 "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
#define KR    AMC_C_MAILBOX_KEYRING_INVALID

static const pcase keyrings[] = {
    {"no version", "keys: []\n", AMC_EINVALID, KR, 1, 1, "keyring: version must be 1"},
    {"version a string", "version: '1'\nkeys: []\n", AMC_EINVALID, KR, 1, 10,
     "keyring: version must be 1"},
    {"version 1.5", "version: 1.5\nkeys: []\n", AMC_EINVALID, KR, 1, 10,
     "keyring: version must be 1"},
    {"no keys", "version: 1\n", AMC_EINVALID, KR, 1, 1, "keyring: keys must be a list"},
    {"empty list", "version: 1\nkeys: []\n", AMC_OK, 0, 0, 0, NULL},
    {"entry without algorithm", "version: 1\nkeys:\n  - {key_id: a, secret_hex: " HEX64 "}\n",
     AMC_EINVALID, KR, 3, 5, "keyring: an entry needs key_id, algorithm and secret_hex"},
    {"entry without key_id",
     "version: 1\nkeys:\n  - {algorithm: hmac_sha256, secret_hex: " HEX64 "}\n", AMC_EINVALID, KR,
     3, 5, "keyring: an entry needs key_id, algorithm and secret_hex"},
    {"secret of odd length",
     "version: 1\nkeys:\n  - {key_id: a, algorithm: hmac_sha256, secret_hex: " HEX64 "0}\n",
     AMC_EINVALID, KR, 3, 53, "keyring: secret_hex must be 32..1024 bytes of hex"},
    {"secret of 1025 bytes", NULL, AMC_EINVALID, KR, 3, 53,
     "keyring: secret_hex must be 32..1024 bytes of hex"},
    {"secret of 1024 bytes", NULL, AMC_OK, 0, 0, 0, NULL},
    {"secret with a non-hex second nibble",
     "version: 1\nkeys:\n  - {key_id: a, algorithm: hmac_sha256, secret_hex: "
     "0g112233445566778899aabbccddeeff00112233445566778899aabbccddeeff}\n",
     AMC_EINVALID, KR, 3, 53, "keyring: secret_hex must be 32..1024 bytes of hex"},
    {"secret with a non-hex byte at the end",
     "version: 1\nkeys:\n  - {key_id: a, algorithm: hmac_sha256, secret_hex: "
     "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeG0}\n",
     AMC_EINVALID, KR, 3, 53, "keyring: secret_hex must be 32..1024 bytes of hex"},
};

static void test_keyrings(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof keyrings / sizeof keyrings[0]; i++) {
        amc_diags *ds = amc_diags_new(0);
        amc_policy *p = NULL;
        amc_status st = AMC_OK;
        char big[2400];
        const char *text = keyrings[i].text;
        if (!text) { /* a secret of 2050 or 2048 hex digits */
            size_t n = strstr(keyrings[i].name, "1025") ? 2050 : 2048, o = 0;
            o = (size_t)snprintf(big, sizeof big,
                                 "version: 1\nkeys:\n  - {key_id: a, algorithm: hmac_sha256, "
                                 "secret_hex: ");
            memset(big + o, 'a', n);
            memcpy(big + o + n, "}\n", 3);
            text = big;
        }
        assert_int_equal(amc_policy_read("{}", 2, ds, &p), AMC_OK);
        st = amc_policy_set_keyring(p, text, strlen(text), ds);
        check(&keyrings[i], st, ds);
        amc_policy_free(p);
        amc_diags_free(ds);
    }
}

/* A keyring that is not YAML: the reader's error, then MAILBOX_KEYRING_INVALID without a
 * position; a second good keyring replaces the first one's keys. */
static void test_keyring_unreadable(void **state)
{
    static const char bad[] = "version: 1\nkeys: [\n";
    amc_diags *ds = amc_diags_new(0);
    amc_policy *p = NULL;
    const amc_diag *d = NULL;
    (void)state;
    assert_int_equal(amc_policy_read("{}", 2, ds, &p), AMC_OK);
    assert_int_equal(amc_policy_set_keyring(p, bad, sizeof bad - 1, ds), AMC_EINVALID);
    assert_true(amc_diags_count(ds) >= 2);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_YAML_SYNTAX);
    d = amc_diags_get(ds, amc_diags_count(ds) - 1);
    assert_int_equal(d->code, KR);
    assert_string_equal(d->message, "keyring: not readable as YAML/JSON");
    assert_int_equal(d->at.offset, AMC_NO_OFFSET);
    amc_policy_free(p);
    amc_diags_free(ds);
}

static void test_usage(void **state)
{
    amc_diags *ds = amc_diags_new(0);
    amc_policy *p = NULL;
    (void)state;
    assert_int_equal(amc_policy_read("{}", 2, NULL, &p), AMC_EUSAGE);
    assert_int_equal(amc_policy_read("{}", 2, ds, NULL), AMC_EUSAGE);
    assert_int_equal(amc_policy_read("{}", 2, ds, &p), AMC_OK);
    assert_int_equal(amc_policy_set_keyring(NULL, "{}", 2, ds), AMC_EUSAGE);
    assert_int_equal(amc_policy_set_keyring(p, "{}", 2, NULL), AMC_EUSAGE);
    assert_int_equal(amc_policy_set_keyring(p, NULL, 2, ds), AMC_EUSAGE);
    /* NULL with length 0 is the empty text: EMPTY_INPUT, so not readable */
    assert_int_equal(amc_policy_set_keyring(p, NULL, 0, ds), AMC_EINVALID);
    assert_int_equal(amc_diags_count(ds), 2);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_EMPTY_INPUT);
    assert_int_equal(amc_diags_get(ds, 1)->code, KR);
    assert_string_equal(amc_diags_get(ds, 1)->message, "keyring: not readable as YAML/JSON");
    amc_policy_free(p);
    amc_policy_free(NULL);
    amc_diags_free(ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_policies), cmocka_unit_test(test_policy_values),
        cmocka_unit_test(test_keyrings), cmocka_unit_test(test_keyring_unreadable),
        cmocka_unit_test(test_usage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
