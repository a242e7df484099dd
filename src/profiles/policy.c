/*
 * policy.c - policy files (amc/profile.h): deployment settings the profiles read.
 *
 * Format: one YAML 1.2 document (JSON is accepted: it is read by the YAML reader) whose root is
 * a mapping. Keys today (ignite):
 *   max_retries: N            the IGNITE-RTY-002 retry limit (integer 0..1000000; default 3)
 *   ignite: {max_retries: N}  the same, scoped; wins over the top-level key
 * Decisions:
 *   - Unknown keys are warnings (POLICY_UNKNOWN_KEY), not errors: a policy shared by several
 *     profiles (the mailbox profile will add acl, keyring, nonce_ttl, ...) stays readable by an
 *     amc that does not know them yet.
 *   - A known key with a wrong type or range is an error (POLICY_INVALID) at the value.
 * Mailbox (docs/profiles/mailbox.md "Policy file"): the implementation's runtime config format
 * as is. Read: security.{signature_algorithm, keyring_file, acl, acl_default,
 * require_from_sender_match, require_task_id_match, task_id_match_types, max_clock_skew_sec,
 * nonce_ttl_sec}, review.{review_result_consumer, aggregation_result_consumer, required_agents},
 * mailbox.max_delivery_attempts, retries.max_attempts, workers (its keys); for the lifecycle
 * model mailbox.visibility_timeout_sec, lease.ttl_sec, heartbeat.ttl_sec and timeouts.task_*_sec.
 * Every other key of those sections and the config's other top-level sections (version, mode,
 * state_store, scheduler, heartbeat, lease, timeouts, dead_letter, dedup, operational_gates) are
 * recognized and not read: no diagnostic. A read key of the wrong type is MAILBOX_POLICY_INVALID.
 *   - The keyring is not opened here (the library does no I/O): amc_policy_keyring_file() names
 *     it, the caller reads it and hands the bytes to amc_policy_set_keyring().
 */
#include <stdio.h>
#include <string.h>
#include "core/arena_int.h"
#include "profiles/profile_int.h"

struct amc_policy {
    uint32_t ignite_max_retries;
    amc_doc *doc; /* the policy document (mailbox values point into it) */
    amc_mailbox_policy mb;
};

static const amc_mailbox_policy mailbox_defaults = {false,
                                                    true,
                                                    true,
                                                    NULL,
                                                    120,
                                                    300,
                                                    5,
                                                    "aggregator",
                                                    "orchestrator",
                                                    NULL,
                                                    NULL,
                                                    NULL,
                                                    NULL,
                                                    NULL,
                                                    0,
                                                    0,
                                                    0,
                                                    0,
                                                    0,
                                                    0,
                                                    0};

const amc_mailbox_policy *amc_policy_mailbox(const amc_policy *p)
{
    return p ? &p->mb : &mailbox_defaults;
}

const char *amc_policy_keyring_file(const amc_policy *p)
{
    return p ? p->mb.keyring_file : NULL;
}

static bool mb_bad(const amc_doc *doc, const amc_value *val, amc_diags *diags, const char *key,
                   const char *want)
{
    amc_diags_addf(diags, AMC_C_MAILBOX_POLICY_INVALID, amc_doc_pos(doc, val->offset),
                   "policy key '%s' must be %s", key, want);
    return false;
}

static bool mb_bool(const amc_doc *doc, const amc_value *val, amc_diags *diags, const char *key,
                    bool *out)
{
    if (val->type != AMC_T_BOOL)
        return mb_bad(doc, val, diags, key, "true or false");
    *out = val->u.boolean;
    return true;
}

static bool mb_int(const amc_doc *doc, const amc_value *val, amc_diags *diags, const char *key,
                   int64_t min, int64_t *out)
{
    if (val->type != AMC_T_NUMBER || !(val->flags & AMC_NUM_INT64) || val->u.num.i < min ||
        val->u.num.i > 1000000000)
        return mb_bad(doc, val, diags, key, min ? "an integer >= 1" : "an integer >= 0");
    *out = val->u.num.i;
    return true;
}

static bool mb_str(const amc_doc *doc, const amc_value *val, amc_diags *diags, const char *key,
                   const char **out)
{
    if (val->type != AMC_T_STRING)
        return mb_bad(doc, val, diags, key, "a string");
    *out = val->u.str.ptr;
    return true;
}

static bool mb_strlist(const amc_doc *doc, const amc_value *val, amc_diags *diags, const char *key)
{
    size_t i = 0;
    if (val->type != AMC_T_ARRAY)
        return mb_bad(doc, val, diags, key, "a list of strings");
    for (i = 0; i < val->u.arr.len; i++)
        if (val->u.arr.items[i]->type != AMC_T_STRING)
            return mb_bad(doc, val->u.arr.items[i], diags, key, "a list of strings");
    return true;
}

static bool mb_map(const amc_doc *doc, const amc_value *val, amc_diags *diags, const char *key)
{
    if (val->type != AMC_T_OBJECT)
        return mb_bad(doc, val, diags, key, "a mapping");
    return true;
}

static bool mb_security(const amc_doc *doc, const amc_value *obj, amc_diags *diags,
                        amc_mailbox_policy *mb)
{
    size_t i = 0, j = 0;
    bool ok = true;
    if (!mb_map(doc, obj, diags, "security"))
        return false;
    for (i = 0; i < obj->u.obj.len; i++) {
        const char *k = obj->u.obj.members[i].key;
        const amc_value *val = obj->u.obj.members[i].value;
        if (!strcmp(k, "signature_algorithm")) {
            const char *alg = NULL;
            if (!mb_str(doc, val, diags, "security.signature_algorithm", &alg))
                ok = false;
            else if (!strcmp(alg, "sha256") || !strcmp(alg, "hmac_sha256"))
                mb->hmac = alg[0] == 'h';
            else
                ok = mb_bad(doc, val, diags, "security.signature_algorithm",
                            "sha256 or hmac_sha256");
        } else if (!strcmp(k, "keyring_file")) {
            ok = mb_str(doc, val, diags, "security.keyring_file", &mb->keyring_file) && ok;
        } else if (!strcmp(k, "acl")) {
            if (!mb_map(doc, val, diags, "security.acl")) {
                ok = false;
                continue;
            }
            for (j = 0; j < val->u.obj.len; j++)
                ok = mb_strlist(doc, val->u.obj.members[j].value, diags, "security.acl") && ok;
            mb->acl = val;
        } else if (!strcmp(k, "acl_default")) {
            if (val->type != AMC_T_STRING || strcmp(val->u.str.ptr, "deny") != 0)
                ok = mb_bad(doc, val, diags, "security.acl_default", "deny");
        } else if (!strcmp(k, "require_from_sender_match")) {
            ok = mb_bool(doc, val, diags, "security.require_from_sender_match", &mb->from_match) &&
                 ok;
        } else if (!strcmp(k, "require_task_id_match")) {
            ok = mb_bool(doc, val, diags, "security.require_task_id_match", &mb->task_match) && ok;
        } else if (!strcmp(k, "task_id_match_types")) {
            if (mb_strlist(doc, val, diags, "security.task_id_match_types"))
                mb->task_types = val;
            else
                ok = false;
        } else if (!strcmp(k, "max_clock_skew_sec")) {
            ok = mb_int(doc, val, diags, "security.max_clock_skew_sec", 0, &mb->skew_sec) && ok;
        } else if (!strcmp(k, "nonce_ttl_sec")) {
            ok = mb_int(doc, val, diags, "security.nonce_ttl_sec", 0, &mb->ttl_sec) && ok;
        }
    }
    return ok;
}

static bool mb_review(const amc_doc *doc, const amc_value *obj, amc_diags *diags,
                      amc_mailbox_policy *mb)
{
    size_t i = 0;
    bool ok = true;
    if (!mb_map(doc, obj, diags, "review"))
        return false;
    for (i = 0; i < obj->u.obj.len; i++) {
        const char *k = obj->u.obj.members[i].key;
        const amc_value *val = obj->u.obj.members[i].value;
        if (!strcmp(k, "review_result_consumer"))
            ok = mb_str(doc, val, diags, "review.review_result_consumer", &mb->rr_consumer) && ok;
        else if (!strcmp(k, "aggregation_result_consumer"))
            ok = mb_str(doc, val, diags, "review.aggregation_result_consumer", &mb->ar_consumer) &&
                 ok;
        else if (!strcmp(k, "required_agents")) {
            if (mb_strlist(doc, val, diags, "review.required_agents"))
                mb->required_agents = val;
            else
                ok = false;
        }
    }
    return ok;
}

static bool mb_section(const amc_doc *doc, const amc_value *obj, amc_diags *diags,
                       const char *section, const char *key, int64_t min, int64_t *out)
{
    char name[64];
    const amc_value *val = NULL;
    if (!mb_map(doc, obj, diags, section))
        return false;
    val = amc_value_getz(obj, key);
    snprintf(name, sizeof name, "%s.%s", section, key);
    return !val || mb_int(doc, val, diags, name, min, out);
}

/* Top-level sections of the implementation's runtime config that amc recognizes without
 * reading them. */
static bool runtime_config_key(const char *k)
{
    static const char *const keys[] = {
        "version", "mode",     "state_store", "scheduler", "heartbeat",
        "lease",   "timeouts", "dead_letter", "dedup",     "operational_gates"};
    size_t i = 0;
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!strcmp(k, keys[i]))
            return true;
    return false;
}

static bool hexval(char c, unsigned *v)
{
    if (c >= '0' && c <= '9')
        *v = (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f')
        *v = (unsigned)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
        *v = (unsigned)(c - 'A' + 10);
    else
        return false;
    return true;
}

static void free_keys(amc_mailbox_key *keys, size_t n)
{
    size_t i = 0;
    for (i = 0; keys && i < n; i++) {
        amc_xfree(keys[i].key_id);
        amc_xfree(keys[i].principal);
        if (keys[i].secret)
            memset(keys[i].secret, 0, keys[i].secret_len);
        amc_xfree(keys[i].secret);
    }
    amc_xfree(keys);
}

static char *xstrdup(const char *s, size_t n)
{
    char *d = amc_xmalloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

static bool kr_bad(const amc_doc *doc, const amc_value *val, amc_diags *diags, const char *what)
{
    amc_diags_addf(diags, AMC_C_MAILBOX_KEYRING_INVALID, amc_doc_pos(doc, val->offset),
                   "keyring: %s", what);
    return false;
}

static bool kr_entry(const amc_doc *doc, const amc_value *e, amc_diags *diags, amc_mailbox_key *k,
                     bool *nomem)
{
    size_t i = 0, n = 0;
    const amc_value *id = NULL, *pr = NULL, *alg = NULL, *sec = NULL;
    if (e->type != AMC_T_OBJECT)
        return kr_bad(doc, e, diags, "a key entry must be a mapping");
    for (i = 0; i < e->u.obj.len; i++) {
        const char *name = e->u.obj.members[i].key;
        const amc_value *val = e->u.obj.members[i].value;
        if (val->type != AMC_T_STRING)
            return kr_bad(doc, val, diags, "entry members are strings");
        if (!strcmp(name, "key_id"))
            id = val;
        else if (!strcmp(name, "principal"))
            pr = val;
        else if (!strcmp(name, "algorithm"))
            alg = val;
        else if (!strcmp(name, "secret_hex"))
            sec = val;
        else
            return kr_bad(doc, val, diags, "unknown member in a key entry");
    }
    if (!id || !alg || !sec)
        return kr_bad(doc, e, diags, "an entry needs key_id, algorithm and secret_hex");
    if (strcmp(alg->u.str.ptr, "hmac_sha256") != 0)
        return kr_bad(doc, alg, diags, "algorithm must be hmac_sha256");
    n = sec->u.str.len;
    if (n % 2 || n < 64 || n > 2048)
        return kr_bad(doc, sec, diags, "secret_hex must be 32..1024 bytes of hex");
    k->secret = amc_xmalloc(n / 2);
    k->key_id = xstrdup(id->u.str.ptr, id->u.str.len);
    k->principal = pr ? xstrdup(pr->u.str.ptr, pr->u.str.len) : NULL;
    if (!k->secret || !k->key_id || (pr && !k->principal)) {
        *nomem = true;
        return false;
    }
    k->secret_len = n / 2;
    for (i = 0; i < n / 2; i++) {
        unsigned hi = 0, lo = 0;
        if (!hexval(sec->u.str.ptr[2 * i], &hi) || !hexval(sec->u.str.ptr[2 * i + 1], &lo))
            return kr_bad(doc, sec, diags, "secret_hex must be 32..1024 bytes of hex");
        k->secret[i] = (unsigned char)(hi << 4 | lo);
    }
    return true;
}

amc_status amc_policy_set_keyring(amc_policy *p, const char *buf, size_t len, amc_diags *diags)
{
    amc_doc *doc = NULL;
    const amc_value *root = NULL, *ver = NULL, *keys = NULL;
    amc_mailbox_key *out = NULL;
    size_t i = 0, j = 0, n = 0;
    amc_status st = AMC_OK;
    bool nomem = false;
    if (!p || !diags || (!buf && len))
        return AMC_EUSAGE;
    st = amc_yaml_read(buf ? buf : "", len, NULL, diags, &doc);
    if (st != AMC_OK) {
        amc_diags_addf(diags, AMC_C_MAILBOX_KEYRING_INVALID, AMC_POS_NONE,
                       "keyring: not readable as YAML/JSON");
        return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_EINVALID;
    }
    root = amc_doc_root(doc);
    st = AMC_EINVALID;
    if (root->type != AMC_T_OBJECT) {
        kr_bad(doc, root, diags, "the keyring is a mapping");
        goto out;
    }
    for (i = 0; i < root->u.obj.len; i++) {
        const char *k = root->u.obj.members[i].key;
        if (strcmp(k, "version") != 0 && strcmp(k, "keys") != 0) {
            kr_bad(doc, root->u.obj.members[i].value, diags, "unknown top-level member");
            goto out;
        }
    }
    ver = amc_value_getz(root, "version");
    keys = amc_value_getz(root, "keys");
    if (!ver || ver->type != AMC_T_NUMBER || !(ver->flags & AMC_NUM_INT64) || ver->u.num.i != 1) {
        kr_bad(doc, ver ? ver : root, diags, "version must be 1");
        goto out;
    }
    if (!keys || keys->type != AMC_T_ARRAY) {
        kr_bad(doc, keys ? keys : root, diags, "keys must be a list");
        goto out;
    }
    n = keys->u.arr.len;
    out = amc_xcalloc(n ? n : 1, sizeof *out);
    if (!out) {
        st = AMC_ENOMEM;
        goto out;
    }
    for (i = 0; i < n; i++) {
        if (!kr_entry(doc, keys->u.arr.items[i], diags, &out[i], &nomem)) {
            st = nomem ? AMC_ENOMEM : AMC_EINVALID;
            goto out;
        }
        for (j = 0; j < i; j++)
            if (!strcmp(out[j].key_id, out[i].key_id)) {
                kr_bad(doc, keys->u.arr.items[i], diags, "duplicate key_id");
                goto out;
            }
    }
    free_keys(p->mb.keys, p->mb.nkeys);
    p->mb.keys = out;
    p->mb.nkeys = n;
    out = NULL;
    st = AMC_OK;
out:
    free_keys(out, n);
    amc_doc_free(doc);
    return st;
}

#define IGNITE_DEFAULT_MAX_RETRIES 3u

uint32_t amc_policy_ignite_max_retries(const amc_policy *p)
{
    return p ? p->ignite_max_retries : IGNITE_DEFAULT_MAX_RETRIES;
}

static bool read_count(const amc_doc *doc, const amc_value *val, amc_diags *diags, const char *key,
                       uint32_t *out)
{
    if (val->type != AMC_T_NUMBER || !(val->flags & AMC_NUM_INT64) || val->u.num.i < 0 ||
        val->u.num.i > 1000000) {
        amc_diags_addf(diags, AMC_C_POLICY_INVALID, amc_doc_pos(doc, val->offset),
                       "policy key '%s' must be an integer from 0 to 1000000", key);
        return false;
    }
    *out = (uint32_t)val->u.num.i;
    return true;
}

static bool read_ignite(const amc_doc *doc, const amc_value *obj, amc_diags *diags, amc_policy *p)
{
    size_t i = 0;
    bool ok = true;
    if (obj->type != AMC_T_OBJECT) {
        amc_diags_addf(diags, AMC_C_POLICY_INVALID, amc_doc_pos(doc, obj->offset),
                       "policy key 'ignite' must be a mapping");
        return false;
    }
    for (i = 0; i < obj->u.obj.len; i++) {
        const amc_member *m = &obj->u.obj.members[i];
        if (!strcmp(m->key, "max_retries"))
            ok = read_count(doc, m->value, diags, "ignite.max_retries", &p->ignite_max_retries) &&
                 ok;
        else
            amc_diags_addf(diags, AMC_C_POLICY_UNKNOWN_KEY, amc_doc_pos(doc, m->key_offset),
                           "unknown policy key 'ignite.%s' (ignored)", m->key);
    }
    return ok;
}

amc_status amc_policy_read(const char *buf, size_t len, amc_diags *diags, amc_policy **out)
{
    amc_doc *doc = NULL;
    amc_policy *p = NULL;
    const amc_value *root = NULL, *scoped = NULL;
    amc_status st = AMC_OK;
    size_t i = 0;
    bool ok = true;
    uint32_t top = IGNITE_DEFAULT_MAX_RETRIES;
    if (!out || !diags)
        return AMC_EUSAGE;
    *out = NULL;
    st = amc_yaml_read(buf, len, NULL, diags, &doc);
    if (st != AMC_OK)
        return st;
    root = amc_doc_root(doc);
    p = amc_xcalloc(1, sizeof *p);
    if (!p) {
        st = AMC_ENOMEM;
        goto out;
    }
    p->ignite_max_retries = IGNITE_DEFAULT_MAX_RETRIES;
    p->mb = mailbox_defaults;
    if (root->type != AMC_T_OBJECT) {
        amc_diags_addf(diags, AMC_C_POLICY_INVALID, amc_doc_pos(doc, root->offset),
                       "a policy is a mapping");
        ok = false;
    }
    for (i = 0; ok && i < root->u.obj.len; i++) {
        const amc_member *m = &root->u.obj.members[i];
        if (!strcmp(m->key, "max_retries"))
            ok = read_count(doc, m->value, diags, "max_retries", &top) && ok;
        else if (!strcmp(m->key, "ignite"))
            scoped = m->value;
        else if (!strcmp(m->key, "security"))
            ok = mb_security(doc, m->value, diags, &p->mb) && ok;
        else if (!strcmp(m->key, "review"))
            ok = mb_review(doc, m->value, diags, &p->mb) && ok;
        else if (!strcmp(m->key, "mailbox"))
            ok = mb_section(doc, m->value, diags, "mailbox", "max_delivery_attempts", 1,
                            &p->mb.max_delivery) &&
                 mb_section(doc, m->value, diags, "mailbox", "visibility_timeout_sec", 1,
                            &p->mb.visibility_sec) &&
                 ok;
        else if (!strcmp(m->key, "retries"))
            ok = mb_section(doc, m->value, diags, "retries", "max_attempts", 1,
                            &p->mb.max_attempts) &&
                 ok;
        else if (!strcmp(m->key, "lease"))
            ok = mb_section(doc, m->value, diags, "lease", "ttl_sec", 1, &p->mb.lease_sec) && ok;
        else if (!strcmp(m->key, "heartbeat"))
            ok =
                mb_section(doc, m->value, diags, "heartbeat", "ttl_sec", 1, &p->mb.heartbeat_sec) &&
                ok;
        else if (!strcmp(m->key, "timeouts"))
            ok = mb_section(doc, m->value, diags, "timeouts", "task_soft_timeout_sec", 1,
                            &p->mb.soft_sec) &&
                 mb_section(doc, m->value, diags, "timeouts", "task_hard_timeout_sec", 1,
                            &p->mb.hard_sec) &&
                 ok;
        else if (!strcmp(m->key, "workers")) {
            if (mb_map(doc, m->value, diags, "workers"))
                p->mb.workers = m->value;
            else
                ok = false;
        } else if (runtime_config_key(m->key))
            continue;
        else
            amc_diags_addf(diags, AMC_C_POLICY_UNKNOWN_KEY, amc_doc_pos(doc, m->key_offset),
                           "unknown policy key '%s' (ignored)", m->key);
    }
    if (ok) {
        p->ignite_max_retries = top;
        if (scoped)
            ok = read_ignite(doc, scoped, diags, p);
    }
    if (!ok) {
        st = AMC_EINVALID;
        goto out;
    }
    p->doc = doc;
    doc = NULL;
    *out = p;
    p = NULL;
out:
    amc_xfree(p);
    amc_doc_free(doc);
    return st;
}

void amc_policy_free(amc_policy *p)
{
    if (!p)
        return;
    free_keys(p->mb.keys, p->mb.nkeys);
    amc_doc_free(p->doc);
    amc_xfree(p);
}
