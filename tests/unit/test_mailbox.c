/*
 * test_mailbox.c - the mailbox profile's API surface beyond the fixtures: amc_mailbox_signature
 * (expected values computed with conformance/mailbox/tools/sign.mjs), the keyring reader
 * (format: docs/profiles/mailbox.md "Keyring"), the policy keys, the reference clock and
 * detection under --profile auto (member names are evidence, quoted words elsewhere are not),
 * amc_validator_reset (a session forgotten, the compiled schemas kept).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

#define KEY32 "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
#define RING                                                                                       \
    "{\"version\":1,\"keys\":[{\"key_id\":\"k1\",\"algorithm\":\"hmac_sha256\",\"secret_hex\":"    \
    "\"" KEY32 "\"}]}"

static bool has_code(const amc_diags *ds, amc_code c)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++)
        if (amc_diags_get(ds, i)->code == c)
            return true;
    return false;
}

static const struct sig_case {
    const char *name, *env, *scheme, *want; /* want NULL: error */
    amc_code code;
} sig_cases[] = {
    /* sign.mjs: 1.0 and 1e0 canonicalize alike; a missing signature member is added as "" */
    {"sha256 number spelling", "{\"b\":1.0,\"a\":\"x\",\"signature\":\"zz\",\"key_id\":\"k1\"}",
     "sha256", "d3b8f1364cb11c406ab106f8907c4748b22d7c3561122e6f8091797799091dd1", 0},
    {"sha256 no signature member", "{\"b\":1e0,\"a\":\"x\",\"key_id\":\"k1\"}", "sha256",
     "d3b8f1364cb11c406ab106f8907c4748b22d7c3561122e6f8091797799091dd1", 0},
    {"hmac", "{\"b\":1.0,\"a\":\"x\",\"signature\":\"zz\",\"key_id\":\"k1\"}", "hmac_sha256",
     "8d4c3313c2e26f375ab22181b47932bf1bd337cc4be5e3968bd31b1db11587a4", 0},
    {"hmac unknown key", "{\"key_id\":\"k2\"}", "hmac_sha256", NULL, AMC_C_MAILBOX_KEY_UNKNOWN},
    {"hmac no key_id", "{\"a\":1}", "hmac_sha256", NULL, AMC_C_MAILBOX_KEY_UNKNOWN},
    {"not an object", "[1]", "sha256", NULL, AMC_C_MAILBOX_SCHEMA_INVALID},
    {"duplicate key", "{\"a\":1,\"a\":2}", "sha256", NULL, AMC_C_JSON_DUP_KEY},
    {"beyond double", "{\"a\":1e400}", "sha256", NULL, AMC_C_MAILBOX_SIGNATURE_INVALID},
};

static amc_policy *ring_policy(void)
{
    amc_policy *p = NULL;
    amc_diags *ds = amc_diags_new(0);
    assert_int_equal(amc_policy_read("{}", 2, ds, &p), AMC_OK);
    assert_int_equal(amc_policy_set_keyring(p, RING, strlen(RING), ds), AMC_OK);
    amc_diags_free(ds);
    return p;
}

static void test_signature(void **state)
{
    size_t i = 0;
    amc_policy *p = ring_policy();
    (void)state;
    for (i = 0; i < sizeof sig_cases / sizeof sig_cases[0]; i++) {
        const struct sig_case *c = &sig_cases[i];
        amc_diags *ds = amc_diags_new(0);
        char out[65];
        amc_status st = amc_mailbox_signature(c->env, strlen(c->env), p, c->scheme, ds, out);
        if (c->want) {
            if (st != AMC_OK || strcmp(out, c->want) != 0)
                fail_msg("%s: status %s, got %s", c->name, amc_status_str(st), out);
        } else if (st != AMC_EINVALID || !has_code(ds, c->code)) {
            fail_msg("%s: status %s, code %s not reported", c->name, amc_status_str(st),
                     amc_code_id(c->code));
        }
        amc_diags_free(ds);
    }
    {
        char out[65];
        amc_diags *ds = amc_diags_new(0);
        assert_int_equal(amc_mailbox_signature("{}", 2, p, "md5", ds, out), AMC_EUSAGE);
        amc_diags_free(ds);
    }
    amc_policy_free(p);
}

static const struct kr_case {
    const char *name, *text;
    bool ok;
} kr_cases[] = {
    {"valid", RING, true},
    {"yaml",
     "version: 1\nkeys:\n  - key_id: a\n    principal: codex\n    algorithm: hmac_sha256\n"
     "    secret_hex: " KEY32 "\n",
     true},
    {"empty key list", "{\"version\":1,\"keys\":[]}", true},
    {"version 2", "{\"version\":2,\"keys\":[]}", false},
    {"no version", "{\"keys\":[]}", false},
    {"keys not a list", "{\"version\":1,\"keys\":{}}", false},
    {"unknown top member", "{\"version\":1,\"keys\":[],\"x\":1}", false},
    {"duplicate key_id",
     "{\"version\":1,\"keys\":[{\"key_id\":\"a\",\"algorithm\":\"hmac_sha256\","
     "\"secret_hex\":\"" KEY32 "\"},{\"key_id\":\"a\",\"algorithm\":"
     "\"hmac_sha256\",\"secret_hex\":\"" KEY32 "\"}]}",
     false},
    {"short secret",
     "{\"version\":1,\"keys\":[{\"key_id\":\"a\",\"algorithm\":\"hmac_sha256\","
     "\"secret_hex\":\"0001\"}]}",
     false},
    {"odd hex",
     "{\"version\":1,\"keys\":[{\"key_id\":\"a\",\"algorithm\":\"hmac_sha256\","
     "\"secret_hex\":\"" KEY32 "0\"}]}",
     false},
    {"non-hex",
     "{\"version\":1,\"keys\":[{\"key_id\":\"a\",\"algorithm\":\"hmac_sha256\","
     "\"secret_hex\":\"zz0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\"}]}",
     false},
    {"other algorithm",
     "{\"version\":1,\"keys\":[{\"key_id\":\"a\",\"algorithm\":\"sha256\","
     "\"secret_hex\":\"" KEY32 "\"}]}",
     false},
    {"unknown entry member",
     "{\"version\":1,\"keys\":[{\"key_id\":\"a\",\"algorithm\":"
     "\"hmac_sha256\",\"secret_hex\":\"" KEY32 "\",\"note\":\"x\"}]}",
     false},
    {"missing key_id",
     "{\"version\":1,\"keys\":[{\"algorithm\":\"hmac_sha256\",\"secret_hex\":\"" KEY32 "\"}]}",
     false},
    {"not YAML", "{", false},
};

static void test_keyring(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof kr_cases / sizeof kr_cases[0]; i++) {
        const struct kr_case *c = &kr_cases[i];
        amc_policy *p = NULL;
        amc_diags *ds = amc_diags_new(0);
        amc_status st = AMC_OK;
        assert_int_equal(amc_policy_read("{}", 2, ds, &p), AMC_OK);
        st = amc_policy_set_keyring(p, c->text, strlen(c->text), ds);
        if (c->ok != (st == AMC_OK))
            fail_msg("%s: status %s", c->name, amc_status_str(st));
        if (!c->ok && !has_code(ds, AMC_C_MAILBOX_KEYRING_INVALID))
            fail_msg("%s: no MAILBOX_KEYRING_INVALID", c->name);
        amc_diags_free(ds);
        amc_policy_free(p);
    }
}

static const struct pol_case {
    const char *name, *text;
    bool ok;
    size_t warnings;
} pol_cases[] = {
    {"runtime config sections",
     "version: 1\nmode: x\nstate_store: {}\nscheduler: {}\n"
     "heartbeat: {}\nlease: {}\ntimeouts: {}\ndead_letter: {}\n"
     "dedup: {}\noperational_gates: {}\n",
     true, 0},
    {"unknown top key", "frobnicate: 1\n", true, 1},
    {"unread security keys", "security: {require_signature: true, canonicalization: x}\n", true, 0},
    {"bad algorithm", "security: {signature_algorithm: hmac-sha256}\n", false, 0},
    {"acl_default allow", "security: {acl_default: allow}\n", false, 0},
    {"acl entry not a list", "security: {acl: {control: orchestrator}}\n", false, 0},
    {"skew string", "security: {max_clock_skew_sec: \"1\"}\n", false, 0},
    {"match flag not bool", "security: {require_task_id_match: 1}\n", false, 0},
    {"consumer not string", "review: {review_result_consumer: [a]}\n", false, 0},
    {"delivery limit 0", "mailbox: {max_delivery_attempts: 0}\n", false, 0},
    {"retries not int", "retries: {max_attempts: two}\n", false, 0},
    {"workers not a map", "workers: [a]\n", false, 0},
    {"keyring_file", "security: {keyring_file: k.json}\n", true, 0},
};

static void test_policy(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof pol_cases / sizeof pol_cases[0]; i++) {
        const struct pol_case *c = &pol_cases[i];
        amc_policy *p = NULL;
        amc_diags *ds = amc_diags_new(0);
        amc_status st = amc_policy_read(c->text, strlen(c->text), ds, &p);
        if (c->ok != (st == AMC_OK))
            fail_msg("%s: status %s", c->name, amc_status_str(st));
        if (!c->ok && !has_code(ds, AMC_C_MAILBOX_POLICY_INVALID))
            fail_msg("%s: no MAILBOX_POLICY_INVALID", c->name);
        if (c->ok && amc_diags_warnings(ds) != c->warnings)
            fail_msg("%s: %zu warnings", c->name, amc_diags_warnings(ds));
        amc_diags_free(ds);
        amc_policy_free(p);
    }
    {
        amc_policy *p = NULL;
        amc_diags *ds = amc_diags_new(0);
        const char *t = "security: {keyring_file: ../k.json}\n";
        assert_int_equal(amc_policy_read(t, strlen(t), ds, &p), AMC_OK);
        assert_string_equal(amc_policy_keyring_file(p), "../k.json");
        assert_null(amc_policy_keyring_file(NULL));
        amc_diags_free(ds);
        amc_policy_free(p);
    }
}

static void test_now(void **state)
{
    static const struct {
        const char *now;
        amc_status st;
    } cases[] = {{"2026-02-11T10:00:00Z", AMC_OK},
                 {"2026-02-11T10:00:00.123+09:00", AMC_OK},
                 {"2026-02-11T10:00:00", AMC_EUSAGE},
                 {"2026-02-11", AMC_EUSAGE},
                 {"", AMC_EUSAGE}};
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_validator_opts o = {"mailbox", false, NULL, NULL, cases[i].now};
        amc_validator *v = NULL;
        amc_diags *ds = amc_diags_new(0);
        amc_status st = amc_validator_new(&o, ds, &v);
        if (st != cases[i].st)
            fail_msg("now '%s': %s", cases[i].now, amc_status_str(st));
        if (st != AMC_OK && amc_diags_count(ds) != 1)
            fail_msg("now '%s': no diagnostic", cases[i].now);
        amc_validator_free(v);
        amc_diags_free(ds);
    }
}

static void test_detect(void **state)
{
    static const struct {
        const char *name, *path, *msg, *want; /* want NULL: PROFILE_UNDETECTED */
    } cases[] = {
        {"envelope members", NULL, "{\"msg_id\": \"m1\", \"sender_id\": \"codex\"}", "mailbox"},
        {"one member, broken JSON", NULL, "{\"payload\" :\n", "mailbox"},
        {"member names only as values", NULL, "{\"note\": \"msg_id\", \"x\": [\"payload\"]}", NULL},
        /* fuzz_profile_ignite's trap: '{', binary bytes, a quoted word followed by NUL */
        {"quoted word, no member", NULL, "{\x05\x01ived \"payload\"\x01rsion: 1\nMessage-ID: 0\n",
         NULL},
        {"quoted word at an inbox path", "inbox/codex/m.json", "{\"payload\"}", NULL},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_validator_opts o = {"auto", false, NULL, NULL, NULL};
        amc_validator *v = NULL;
        amc_diags *ds = amc_diags_new(0);
        const char *used = NULL;
        assert_int_equal(amc_validator_new(&o, ds, &v), AMC_OK);
        (void)amc_validator_check(v, cases[i].path, cases[i].msg, strlen(cases[i].msg), ds, &used);
        if (cases[i].want ? !used || strcmp(used, cases[i].want) != 0 : used != NULL)
            fail_msg("%s: detected as %s", cases[i].name, used ? used : "nothing");
        if (!cases[i].want && !has_code(ds, AMC_C_PROFILE_UNDETECTED))
            fail_msg("%s: no PROFILE_UNDETECTED", cases[i].name);
        amc_validator_free(v);
        amc_diags_free(ds);
    }
}

/* A dead-letter wrapper whose envelope holds strings with braces, brackets and escaped quotes:
 * the envelope is cut out of the file at its own closing brace and checked again, so its
 * findings are exactly the infos of the fixture mailbox-tree-003-deadletter-valid. */
static void test_deadletter_envelope_text(void **state)
{
    static const char env_fmt[] =
        "{\"msg_id\":\"d667f3d7-b843-4094-bb82-b2b1b9fcd891\",\"schema_version\":1,"
        "\"task_id\":\"task-demo-001\",\"sender_id\":\"codex\","
        "\"sender_instance_id\":\"codex-instance-1\",\"key_id\":\"k-codex-v1\","
        "\"issued_at\":\"2026-02-11T10:00:00.000Z\","
        "\"nonce\":\"a806e1c5-d85e-4b9b-899a-b24be94e2d05\",\"signature\":\"%s\","
        "\"from\":\"Codex\",\"to\":\"aggregator\",\"type\":\"review_result\","
        "\"state_version\":2,\"delivery_attempt\":1,\"created_at\":\"2026-02-11T10:00:00.000Z\","
        "\"payload\":{\"schema_version\":1,\"task_id\":\"task-demo-001\",\"model\":\"gpt-5-codex\","
        "\"verdict\":\"PASS\",\"blocking\":[],\"non_blocking\":[],"
        "\"summary\":\"} ] \\\"quoted {\\\\\\\" [ }\",\"confidence\":\"high\","
        "\"next_action\":\"proceed\",\"generated_at\":\"2026-02-11T09:59:40.000Z\","
        "\"raw_output_ref\":\"artifact://task-demo-001/codex/1770803980000\"}}";
    const char *path = "deadletter/aggregator/d667f3d7-b843-4094-bb82-b2b1b9fcd891--1768471200456--"
                       "3f2c9a51-7b0e-4d2a-9c61-2b8e4f1a0d77.json";
    char env[2048], file[2400], sig[65];
    amc_diags *ds = amc_diags_new(0);
    amc_validator_opts o;
    amc_validator *v = NULL;
    size_t i = 0;
    bool unkeyed = false, mismatch = false;
    (void)state;
    snprintf(env, sizeof env, env_fmt, "");
    assert_int_equal(amc_mailbox_signature(env, strlen(env), NULL, "sha256", ds, sig), AMC_OK);
    snprintf(env, sizeof env, env_fmt, sig);
    snprintf(file, sizeof file,
             "{\"reason\":\"SENDER_ID_MISMATCH\",\"quarantined_at\":\"2026-01-15T10:00:05.123Z\","
             "\"envelope\":%s}",
             env);
    memset(&o, 0, sizeof o);
    o.profile = "mailbox";
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
    assert_int_equal(amc_validator_check(v, path, file, strlen(file), ds, NULL), AMC_OK);
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        if (d->code == AMC_C_MAILBOX_SIGNATURE_UNKEYED && d->sev == AMC_SEV_INFO)
            unkeyed = true;
        else if (d->code == AMC_C_MAILBOX_SENDER_ID_MISMATCH && d->sev == AMC_SEV_INFO &&
                 !strcmp(d->instance_ptr, "/envelope/from"))
            mismatch = true;
        else
            fail_msg("unexpected %s: %s", amc_code_id(d->code), d->message);
    }
    assert_true(unkeyed && mismatch);
    amc_validator_free(v);
    amc_diags_free(ds);
}

/* The codes reported for buf, in order, as one string. */
static void codes_of(amc_validator *v, const char *buf, size_t len, char *out, size_t cap)
{
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0, n = 0;
    assert_non_null(ds);
    (void)amc_validator_check(v, NULL, buf, len, ds, NULL);
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && n < cap; i++)
        n += (size_t)snprintf(out + n, cap - n, "%s ", amc_code_id(amc_diags_get(ds, i)->code));
    amc_diags_free(ds);
}

static void test_reset(void **state)
{
    /* amc_validator_reset: a stateful validator forgets its session (the second sending of a
     * message is a finding, after the reset it is not), keeps working, and a reset stateless
     * validator reports what it did before */
    static const char env[] =
        "conformance/mailbox/inputs/acl-001-valid-task-assignment-orchestrator.json";
    char buf[8192], first[512], again[512], after[512], twice[512];
    FILE *f = fopen(env, "rb");
    size_t len = 0;
    amc_validator_opts o = {"mailbox", true, NULL, NULL, NULL};
    amc_validator *v = NULL;
    (void)state;
    assert_non_null(f);
    len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    assert_true(len > 0 && len < sizeof buf);
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
    codes_of(v, buf, len, first, sizeof first);
    codes_of(v, buf, len, again, sizeof again);
    assert_string_not_equal(first, again); /* the session saw it: a replay finding */
    amc_validator_reset(v);
    codes_of(v, buf, len, after, sizeof after);
    assert_string_equal(after, first);
    codes_of(v, buf, len, twice, sizeof twice);
    assert_string_equal(twice, again);
    amc_validator_free(v);
    o.stateful = false;
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
    codes_of(v, buf, len, first, sizeof first);
    amc_validator_reset(v);
    codes_of(v, buf, len, after, sizeof after);
    assert_string_equal(after, first);
    amc_validator_free(v);
    amc_validator_reset(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_signature), cmocka_unit_test(test_keyring),
        cmocka_unit_test(test_policy),    cmocka_unit_test(test_now),
        cmocka_unit_test(test_detect),    cmocka_unit_test(test_deadletter_envelope_text),
        cmocka_unit_test(test_reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
