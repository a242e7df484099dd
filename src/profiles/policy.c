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
 */
#include <string.h>
#include "core/arena_int.h"
#include "profiles/profile_int.h"

struct amc_policy {
    uint32_t ignite_max_retries;
};

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
    *out = p;
    p = NULL;
out:
    amc_xfree(p);
    amc_doc_free(doc);
    return st;
}

void amc_policy_free(amc_policy *p)
{
    amc_xfree(p);
}
