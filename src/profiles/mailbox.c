/*
 * mailbox.c - the mailbox profile: signed JSON envelopes (mailbox-envelope.v1), ACL, routing,
 * signatures, dedup / nonce / ordering across a session.
 *
 * Authority: "Mailbox-Only PoC 実装計画" (g960059/multi-agent-system-research
 * plan/mailbox-only-poc.ja.md; docs/protocols.md); facts from
 * g960059/multi-agent-system-research at df4b008. The rule catalog, evaluation order, schemes,
 * policy keys and decisions are in docs/profiles/mailbox.md; the rules in rules_mailbox.def.
 * Seed sections implemented: §5 (principals = worker names), §6 (delivery limit,
 * dead-letter), §7 メッセージ契約 (envelope schema, from == sender_id, ACL on sender_id,
 * task_id match, signature check, msg_id dedup, task_id + state_version ordering,
 * resync-required), §8.2-8.4 (review / aggregation routing), §9.3-9.4 (duplicates, nonce reuse,
 * ACL), §10.3 (nonce store).
 *
 * Decisions (each also in docs/profiles/mailbox.md with a fixture):
 *   - Order: strict JSON read (any JSON error, JSON_DUP_KEY included, ends the input), schema
 *     (errors under the envelope's allOf are PAYLOAD_INVALID, others SCHEMA_INVALID), then every
 *     other stateless rule on the parsed object whatever the schema said; ALL failures are
 *     reported. The implementation stops at the first of SENDER_ID_MISMATCH, ACL_DENY,
 *     INVALID_ROUTE, SIGNATURE_INVALID, TASK_ID_MISMATCH: each of these diagnostics says whether
 *     it is the one the implementation reports or which one it reports instead.
 *   - Comparisons are exact; a missing member is unequal to anything.
 *   - Signature: lowercase hex of SHA-256 (scheme sha256, with the SIGNATURE_UNKEYED warning) or
 *     HMAC-SHA256 (scheme hmac_sha256, key by key_id) over RFC 8785 JCS of the envelope with
 *     signature set to "" (added when absent, as the implementation's {...e, signature: ""}).
 *     The input document is never modified: a shallow copy of the root object is canonicalized.
 *   - Time rules only with a reference clock (amc_validator_opts.now), millisecond precision.
 *   - Stateful: receipt key (sender_id, msg_id); "same content" = equal SHA-256 of the JCS form
 *     without delivery_attempt and signature. Only messages without errors enter the state.
 *     Memory bound: at most MAX_ENTRIES receipts, nonces and tasks each (a 32-byte digest plus
 *     the key strings per entry); once a table is full, new entries are not recorded (later
 *     messages are still checked against what is recorded).
 */
#include <stdio.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/params.h>
#include "core/arena_int.h"
#include "formats/jcs_int.h"
#include "profiles/profile_int.h"

#define ENVELOPE_ID   "https://amc.dev/schemas/mailbox/mailbox-envelope.v1.schema.json"
#define DEADLETTER_ID "https://amc.dev/schemas/mailbox/deadletter-entry.v1.schema.json"
#define MAX_ENTRIES   (1u << 20)

/* ---- session state: string-keyed hash tables ----
 * Entries are appended to a dense array; the open-addressing index holds 8-byte slots (the upper
 * 32 bits of the hash as a tag, the entry number + 1 below), so probing and growth touch one
 * small array, never the entries or their keys. Keys live in an arena. */

typedef struct entry {
    const char *key; /* NUL-separated parts (in the table's arena) */
    size_t klen;
    uint64_t hash;
    unsigned char digest[32];
    int64_t num;
} entry;

typedef struct table {
    uint64_t *idx; /* cap slots; 0 = empty */
    size_t cap;
    entry *ents; /* n used, ecap allocated */
    size_t n, ecap;
    amc_arena keys;
    bool keys_init;
} table;

/* Per-validator state: the session tables (stateful mode) and what every message reuses, so a
 * valid envelope costs no allocation outside its own document. */
typedef struct mb_state {
    table receipts, nonces, tasks;
    EVP_MD *sha;      /* SHA-256 fetched once (OpenSSL 3 fetches EVP_sha256() on every use) */
    EVP_MD_CTX *md;   /* reused digest context */
    amc_jcs_ctx *jcs; /* reused RFC 8785 writer (buffer, stack, key-order cache) */
    amc_member *copy; /* the shallow copy of the root's members canonical() writes */
    size_t copy_cap;
    amc_diags *read_ds;   /* scratch: the envelope's read diagnostics */
    amc_diags *schema_ds; /* scratch: its schema diagnostics */
    /* HMAC-SHA256: OpenSSL 3's one-shot HMAC() fetches the algorithm and builds a context on
     * every call (a third of the profile run's time), so each validator keeps keyed contexts
     * for the last few keys (its own: the policy's keyring is shared between threads) and
     * restarts one per message (EVP_MAC_init with no key keeps the key). */
    EVP_MAC *mac; /* HMAC fetched once (NULL: the one-shot HMAC() per message) */
    struct mac_slot {
        EVP_MAC_CTX *ctx;
        unsigned char *secret; /* the key it holds, compared byte for byte */
        size_t len;
    } slots[4];
    unsigned next_slot;
} mb_state;

static uint64_t hash_bytes(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    size_t i = 0;
    for (i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    /* FNV-1a's low bits (the table index) mix poorly for keys that differ only near their end
     * (ids with a counter suffix): finish with the murmur3 64-bit mixer */
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

static entry *table_find(table *t, const char *k, size_t n)
{
    size_t i = 0;
    uint64_t h = 0, tag = 0;
    if (!t->cap)
        return NULL;
    h = hash_bytes(k, n);
    tag = h >> 32;
    i = (size_t)h & (t->cap - 1);
    while (t->idx[i]) {
        if ((t->idx[i] >> 32) == tag) {
            entry *e = &t->ents[(t->idx[i] & 0xffffffffu) - 1];
            if (e->klen == n && !memcmp(e->key, k, n))
                return e;
        }
        i = (i + 1) & (t->cap - 1);
    }
    return NULL;
}

static void index_put(uint64_t *idx, size_t cap, uint64_t h, size_t ent)
{
    size_t i = (size_t)h & (cap - 1);
    while (idx[i])
        i = (i + 1) & (cap - 1);
    idx[i] = (h >> 32) << 32 | (uint64_t)(ent + 1);
}

/* Inserts (k must not be present). Returns the entry (valid until the next table_add), NULL when
 * full (not recorded) or *nomem. */
static entry *table_add(table *t, const char *k, size_t n, bool *nomem)
{
    entry *e = NULL;
    char *key = NULL;
    if (t->n >= MAX_ENTRIES)
        return NULL;
    if ((t->n + 1) * 2 > t->cap) {
        size_t ncap = t->cap ? t->cap * 2 : 64, j = 0;
        uint64_t *ni = amc_xcalloc(ncap, sizeof *ni);
        if (!ni) {
            *nomem = true;
            return NULL;
        }
        for (j = 0; j < t->n; j++)
            index_put(ni, ncap, t->ents[j].hash, j);
        amc_xfree(t->idx);
        t->idx = ni;
        t->cap = ncap;
    }
    if (t->n == t->ecap) {
        size_t ncap = t->ecap ? t->ecap * 2 : 32;
        entry *ne = amc_xrealloc(t->ents, ncap * sizeof *ne);
        if (!ne) {
            *nomem = true;
            return NULL;
        }
        t->ents = ne;
        t->ecap = ncap;
    }
    if (!t->keys_init) {
        amc_arena_init(&t->keys, 4096);
        t->keys_init = true;
    }
    key = amc_arena_alloc(&t->keys, n ? n : 1);
    if (!key) {
        *nomem = true;
        return NULL;
    }
    memcpy(key, k, n);
    e = &t->ents[t->n];
    memset(e, 0, sizeof *e);
    e->key = key;
    e->klen = n;
    e->hash = hash_bytes(k, n);
    index_put(t->idx, t->cap, e->hash, t->n);
    t->n++;
    return e;
}

static void table_free(table *t)
{
    amc_xfree(t->idx);
    amc_xfree(t->ents);
    if (t->keys_init)
        amc_arena_release(&t->keys);
}

static void mb_state_free(void *state);

/* v may be NULL (amc_mailbox_signature): no scratch diagnostic lists then. */
static amc_status mb_state_new(amc_validator *v, void **state)
{
    mb_state *s = amc_xcalloc(1, sizeof(mb_state));
    *state = s;
    if (!s)
        return AMC_ENOMEM;
    s->sha = EVP_MD_fetch(NULL, "SHA256", NULL); /* NULL: EVP_sha256() per call */
    s->mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    s->md = EVP_MD_CTX_new();
    s->jcs = amc_jcs_ctx_new();
    if (v) {
        s->read_ds = amc_diags_new(v->lim.max_diags);
        s->schema_ds = amc_diags_new(v->lim.max_diags);
    }
    if (!s->md || !s->jcs || (v && (!s->read_ds || !s->schema_ds))) {
        mb_state_free(s);
        *state = NULL;
        return AMC_ENOMEM;
    }
    return AMC_OK;
}

static void mb_state_free(void *state)
{
    mb_state *s = state;
    if (!s)
        return;
    table_free(&s->receipts);
    table_free(&s->nonces);
    table_free(&s->tasks);
    EVP_MD_free(s->sha);
    EVP_MD_CTX_free(s->md);
    for (size_t i = 0; i < sizeof s->slots / sizeof s->slots[0]; i++) {
        EVP_MAC_CTX_free(s->slots[i].ctx);
        OPENSSL_clear_free(s->slots[i].secret, s->slots[i].len);
    }
    EVP_MAC_free(s->mac);
    amc_jcs_ctx_free(s->jcs);
    amc_xfree(s->copy);
    amc_diags_free(s->read_ds);
    amc_diags_free(s->schema_ds);
    amc_xfree(s);
}

/* ---- canonical bytes and signatures ---- */

/* JCS of root (an object) with "signature" set to "" (added when absent). *out belongs to
 * s->jcs: valid until the next canonical() with s. */
static amc_status canonical(mb_state *s, const amc_value *root, const char **out, size_t *out_len)
{
    amc_value copy = *root, empty;
    size_t i = 0, n = 0;
    bool have_sig = false;
    *out = NULL;
    memset(&empty, 0, sizeof empty);
    empty.type = AMC_T_STRING;
    empty.offset = AMC_NO_OFFSET;
    empty.u.str.ptr = "";
    if (root->u.obj.len + 1 > s->copy_cap) {
        size_t cap = root->u.obj.len + 16;
        amc_member *m = amc_xrealloc(s->copy, cap * sizeof *m);
        if (!m)
            return AMC_ENOMEM;
        s->copy = m;
        s->copy_cap = cap;
    }
    for (i = 0; i < root->u.obj.len; i++) {
        amc_member m = root->u.obj.members[i];
        if (m.key_len == 9 && !memcmp(m.key, "signature", 9)) {
            m.value = &empty;
            have_sig = true;
        }
        s->copy[n++] = m;
    }
    if (!have_sig) {
        s->copy[n].key = "signature";
        s->copy[n].key_len = 9;
        s->copy[n].key_offset = AMC_NO_OFFSET;
        s->copy[n].value = &empty;
        n++;
    }
    copy.u.obj.members = s->copy;
    copy.u.obj.len = n;
    /* documents here come from amc's JSON reader: their strings are valid UTF-8 */
    return amc_jcs_ctx_write(s->jcs, &copy, NULL, true, out, out_len);
}

static void to_hex(const unsigned char *md, size_t n, char *out)
{
    static const char hx[] = "0123456789abcdef";
    size_t i = 0;
    for (i = 0; i < n; i++) {
        out[2 * i] = hx[md[i] >> 4];
        out[2 * i + 1] = hx[md[i] & 15];
    }
    out[2 * n] = '\0';
}

/* SHA-256 of a[0..alen) followed by b[0..blen), with the state's context. */
static bool sha256_2(mb_state *s, const char *a, size_t alen, const char *b, size_t blen,
                     unsigned char md[32])
{
    unsigned int n = 0;
    return EVP_DigestInit_ex2(s->md, s->sha ? s->sha : EVP_sha256(), NULL) == 1 &&
           EVP_DigestUpdate(s->md, a, alen) == 1 &&
           (!blen || EVP_DigestUpdate(s->md, b, blen) == 1) &&
           EVP_DigestFinal_ex(s->md, md, &n) == 1 && n == 32;
}

static bool sha256(mb_state *s, const char *data, size_t len, unsigned char md[32])
{
    return sha256_2(s, data, len, NULL, 0, md);
}

/* The state's HMAC context keyed with k's secret (found among the slots, or made in the oldest
 * one), restarted for a new message; NULL when it cannot be had (then the one-shot HMAC()). */
static EVP_MAC_CTX *mac_for(mb_state *s, const amc_mailbox_key *k)
{
    struct mac_slot *sl = NULL;
    size_t i = 0, n = sizeof s->slots / sizeof s->slots[0];
    char sha256_name[] = "SHA256"; /* OSSL_PARAM wants a char * */
    OSSL_PARAM params[2];
    if (!s->mac || !k->secret_len)
        return NULL;
    for (i = 0; i < n; i++) {
        sl = &s->slots[i];
        if (sl->ctx && sl->len == k->secret_len && !memcmp(sl->secret, k->secret, sl->len))
            return EVP_MAC_init(sl->ctx, NULL, 0, NULL) == 1 ? sl->ctx : NULL;
    }
    sl = &s->slots[s->next_slot++ % n];
    EVP_MAC_CTX_free(sl->ctx);
    OPENSSL_clear_free(sl->secret, sl->len);
    sl->ctx = EVP_MAC_CTX_new(s->mac);
    sl->secret = OPENSSL_memdup(k->secret, k->secret_len);
    sl->len = k->secret_len;
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, sha256_name, 0);
    params[1] = OSSL_PARAM_construct_end();
    if (!sl->ctx || !sl->secret ||
        EVP_MAC_init(sl->ctx, (const unsigned char *)k->secret, k->secret_len, params) != 1) {
        EVP_MAC_CTX_free(sl->ctx);
        OPENSSL_clear_free(sl->secret, sl->len);
        memset(sl, 0, sizeof *sl);
        return NULL;
    }
    return sl->ctx;
}

static bool hmac256(mb_state *s, const amc_mailbox_key *k, const char *data, size_t len,
                    unsigned char md[32])
{
    EVP_MAC_CTX *ctx = mac_for(s, k);
    unsigned int n = 0;
    size_t out = 0;
    if (ctx)
        return EVP_MAC_update(ctx, (const unsigned char *)data, len) == 1 &&
               EVP_MAC_final(ctx, md, &out, 32) == 1 && out == 32;
    return HMAC(EVP_sha256(), k->secret, (int)k->secret_len, (const unsigned char *)data, len, md,
                &n) != NULL &&
           n == 32;
}

static const amc_mailbox_key *find_key(const amc_mailbox_policy *mb, const amc_value *key_id)
{
    size_t i = 0;
    if (!key_id || key_id->type != AMC_T_STRING)
        return NULL;
    for (i = 0; i < mb->nkeys; i++)
        if (strlen(mb->keys[i].key_id) == key_id->u.str.len &&
            !memcmp(mb->keys[i].key_id, key_id->u.str.ptr, key_id->u.str.len))
            return &mb->keys[i];
    return NULL;
}

amc_status amc_mailbox_signature(const char *buf, size_t len, const amc_policy *policy,
                                 const char *scheme, amc_diags *diags, char out[65])
{
    const amc_mailbox_policy *mb = amc_policy_mailbox(policy);
    amc_doc *doc = NULL;
    const amc_value *root = NULL;
    const amc_mailbox_key *key = NULL;
    const char *canon = NULL;
    size_t clen = 0;
    unsigned char md[32];
    bool hmac = mb->hmac;
    mb_state *s = NULL;
    void *sv = NULL;
    amc_status st = AMC_OK;
    if (!diags || !out || (!buf && len))
        return AMC_EUSAGE;
    out[0] = '\0';
    if (scheme && !strcmp(scheme, "sha256"))
        hmac = false;
    else if (scheme && !strcmp(scheme, "hmac_sha256"))
        hmac = true;
    else if (scheme)
        return AMC_EUSAGE;
    if (mb_state_new(NULL, &sv) != AMC_OK)
        return AMC_ENOMEM;
    s = sv;
    st = amc_json_read(buf ? buf : "", len, NULL, diags, &doc);
    if (st != AMC_OK) {
        mb_state_free(s);
        return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_EINVALID;
    }
    root = amc_doc_root(doc);
    st = AMC_EINVALID;
    if (root->type != AMC_T_OBJECT) {
        amc_diags_addf(diags, AMC_C_MAILBOX_SCHEMA_INVALID, amc_doc_pos(doc, root->offset),
                       "an envelope is a JSON object");
        goto out;
    }
    if (hmac) {
        key = find_key(mb, amc_value_getz(root, "key_id"));
        if (!key) {
            amc_diags_addf(diags, AMC_C_MAILBOX_KEY_UNKNOWN, amc_doc_pos(doc, root->offset),
                           "no keyring entry for the envelope's key_id");
            goto out;
        }
    }
    st = canonical(s, root, &canon, &clen);
    if (st != AMC_OK) {
        if (st != AMC_ENOMEM)
            amc_diags_addf(diags, AMC_C_MAILBOX_SIGNATURE_INVALID, amc_doc_pos(doc, root->offset),
                           "the envelope cannot be canonicalized (a number beyond the double "
                           "range)");
        st = st == AMC_ENOMEM ? AMC_ENOMEM : AMC_EINVALID;
        goto out;
    }
    if (!(hmac ? hmac256(s, key, canon, clen, md) : sha256(s, canon, clen, md))) {
        st = AMC_EINTERNAL;
        goto out;
    }
    to_hex(md, 32, out);
    st = AMC_OK;
out:
    mb_state_free(s);
    amc_doc_free(doc);
    return st;
}

/* ---- the check ---- */

static bool str_is(const amc_value *v, const char *s)
{
    return v && v->type == AMC_T_STRING && strlen(s) == v->u.str.len &&
           !memcmp(v->u.str.ptr, s, v->u.str.len);
}

/* Exact equality of two members; a missing one is unequal to anything. */
static bool same(const amc_value *a, const amc_value *b)
{
    if (!a || !b || a->type != b->type)
        return false;
    if (a->type == AMC_T_OBJECT || a->type == AMC_T_ARRAY)
        return false; /* JavaScript !== on two parsed objects */
    return amc_value_equal(a, b);
}

static bool list_has(const amc_value *list, const amc_value *s)
{
    size_t i = 0;
    if (!s || s->type != AMC_T_STRING)
        return false;
    for (i = 0; list && i < list->u.arr.len; i++)
        if (amc_value_equal(list->u.arr.items[i], s))
            return true;
    return false;
}

/* ACL check: sender allowed for type (policy ACL, or derived as the implementation's
 * buildAcl()). */
static bool acl_allows(const amc_mailbox_policy *mb, const amc_value *type, const amc_value *sender)
{
    static const char *const def_reviewers[] = {"codex", "claude"};
    size_t i = 0;
    bool reviewers = false, orch = false, aggr = false;
    if (!type || type->type != AMC_T_STRING || !sender || sender->type != AMC_T_STRING)
        return false;
    if (mb->acl) {
        const amc_value *entry_v = amc_value_get(mb->acl, type->u.str.ptr, type->u.str.len);
        return entry_v && list_has(entry_v, sender);
    }
    if (str_is(type, "task_assignment") || str_is(type, "control"))
        orch = true;
    else if (str_is(type, "review_result"))
        reviewers = true;
    else if (str_is(type, "aggregation_result"))
        aggr = true;
    else if (str_is(type, "error"))
        orch = aggr = reviewers = true;
    else
        return false;
    if (orch && str_is(sender, mb->ar_consumer))
        return true;
    if (aggr && str_is(sender, mb->rr_consumer))
        return true;
    if (reviewers) {
        if (mb->required_agents)
            return list_has(mb->required_agents, sender);
        for (i = 0; i < 2; i++)
            if (str_is(sender, def_reviewers[i]))
                return true;
    }
    return false;
}

/* MAILBOX-ROUTE-004: whether to (a string) names a known consumer: a key of workers, one of the
 * two review consumers, a reviewer (review.required_agents, default codex and claude) or a
 * principal of the policy's ACL. Without a policy: the implementation's principals
 * (orchestrator, aggregator, codex, claude). */
static bool known_consumer(const amc_mailbox_policy *mb, const amc_value *to)
{
    static const char *const def_reviewers[] = {"codex", "claude"};
    size_t i = 0;
    if (mb->workers && amc_value_get(mb->workers, to->u.str.ptr, to->u.str.len))
        return true;
    if (str_is(to, mb->rr_consumer) || str_is(to, mb->ar_consumer))
        return true;
    if (mb->required_agents) {
        if (list_has(mb->required_agents, to))
            return true;
    } else {
        for (i = 0; i < 2; i++)
            if (str_is(to, def_reviewers[i]))
                return true;
    }
    for (i = 0; mb->acl && mb->acl->type == AMC_T_OBJECT && i < mb->acl->u.obj.len; i++) {
        const amc_value *l = mb->acl->u.obj.members[i].value;
        if (l->type == AMC_T_ARRAY && list_has(l, to))
            return true;
    }
    return false;
}

static bool type_in(const amc_mailbox_policy *mb, const amc_value *type)
{
    if (mb->task_types)
        return list_has(mb->task_types, type);
    return str_is(type, "review_result") || str_is(type, "aggregation_result");
}

static const char *const impl_codes[] = {"SENDER_ID_MISMATCH", "ACL_DENY", "INVALID_ROUTE",
                                         "SIGNATURE_INVALID", "TASK_ID_MISMATCH"};

/* Emits one of the five rules the implementation checks in order (idx into impl_codes). */
static amc_status emit_ordered(amc_diags *ds, const char *rule, int idx, int first, amc_pos at,
                               const char *ptr, const char *what)
{
    if (idx == first)
        return amc_prof_emit(ds, rule, at, ptr,
                             "%s (the implementation quarantines this envelope with %s: its "
                             "first failing check)",
                             what, impl_codes[idx]);
    return amc_prof_emit(ds, rule, at, ptr,
                         "%s (the implementation stops earlier and reports %s instead)", what,
                         impl_codes[first]);
}

/* MAILBOX-ENV-005: a task_assignment payload member the implementation's own seedTask() writes
 * (src/poc/runtime.ts 456-471) but its envelope schema forbids (additionalProperties: false). */
static bool impl_extra(const amc_diag *d)
{
    static const char *const members[] = {"review_input_ref", "review_input_source",
                                          "review_input_excerpt", "reviewer_model_hint",
                                          "reviewer_profile"};
    size_t i = 0;
    if (!d->keyword_ptr || !d->instance_ptr ||
        strcmp(d->keyword_ptr, "/allOf/0/then/properties/payload/$ref/additionalProperties") != 0 ||
        strncmp(d->instance_ptr, "/payload/", 9) != 0)
        return false;
    for (i = 0; i < sizeof members / sizeof members[0]; i++)
        if (!strcmp(d->instance_ptr + 9, members[i]))
            return true;
    return false;
}

static amc_status check_schema(amc_validator *v, mb_state *s, const amc_doc *doc, amc_diags *ds)
{
    amc_diags *tmp = s->schema_ds;
    amc_status st = AMC_OK;
    bool valid = false;
    size_t i = 0;
    amc_diags_clear(tmp);
    st = amc_prof_schema_check(v, ENVELOPE_ID, doc, amc_doc_root(doc), NULL, tmp, NULL, &valid);
    for (i = 0; (st == AMC_OK || st == AMC_ELIMIT) && i < amc_diags_count(tmp); i++) {
        amc_diag d = *amc_diags_get(tmp, i);
        bool payload = d.keyword_ptr && !strncmp(d.keyword_ptr, "/allOf", 6);
        char msg[1024];
        if (d.sev != AMC_SEV_ERROR) {
            if (amc_diags_add(ds, &d) != AMC_OK)
                st = AMC_ENOMEM;
            continue;
        }
        if (payload && impl_extra(&d)) { /* the implementation sends it: a warning */
            snprintf(msg, sizeof msg,
                     "%s: the implementation's seedTask() sends this member, its schema forbids "
                     "it",
                     d.message);
            d.message = msg;
            d.code = AMC_C_MAILBOX_PAYLOAD_IMPL_EXTRA;
            d.sev = AMC_SEV_WARNING;
            d.rule_id = "MAILBOX-ENV-005";
            if (amc_diags_add(ds, &d) != AMC_OK)
                st = AMC_ENOMEM;
            continue;
        }
        snprintf(msg, sizeof msg, "%s: %s", amc_code_id(d.code), d.message);
        d.message = msg;
        d.code = payload ? AMC_C_MAILBOX_PAYLOAD_INVALID : AMC_C_MAILBOX_SCHEMA_INVALID;
        d.rule_id = payload ? "MAILBOX-ENV-002" : "MAILBOX-ENV-001";
        if (amc_diags_add(ds, &d) != AMC_OK)
            st = AMC_ENOMEM;
    }
    amc_diags_clear(tmp);
    return st == AMC_ELIMIT ? AMC_OK : st;
}

static amc_pos pos_of(const amc_doc *doc, const amc_value *root, const amc_value *m)
{
    return amc_doc_pos(doc, (m ? m : root)->offset);
}

/* The envelope members the rules read, found in one pass over the root (first occurrence, as
 * amc_value_get; the reader rejects duplicate keys anyway). */
typedef struct env_fields {
    const amc_value *from, *sender, *type, *to, *payload, *task, *att, *iss, *sig, *key_id, *msg_id,
        *nonce, *sv;
} env_fields;

static void field_set(const amc_value **slot, const amc_value *v)
{
    if (!*slot)
        *slot = v;
}

static void get_fields(const amc_value *root, env_fields *f)
{
    size_t i = 0;
    memset(f, 0, sizeof *f);
    for (i = 0; i < root->u.obj.len; i++) {
        const amc_member *m = &root->u.obj.members[i];
        const char *k = m->key;
#define KEY_IS(lit) (m->key_len == sizeof lit - 1 && !memcmp(k, lit, sizeof lit - 1))
        switch (m->key_len) {
        case 2:
            if (KEY_IS("to"))
                field_set(&f->to, m->value);
            break;
        case 4:
            if (KEY_IS("from"))
                field_set(&f->from, m->value);
            else if (KEY_IS("type"))
                field_set(&f->type, m->value);
            break;
        case 5:
            if (KEY_IS("nonce"))
                field_set(&f->nonce, m->value);
            break;
        case 6:
            if (KEY_IS("msg_id"))
                field_set(&f->msg_id, m->value);
            else if (KEY_IS("key_id"))
                field_set(&f->key_id, m->value);
            break;
        case 7:
            if (KEY_IS("task_id"))
                field_set(&f->task, m->value);
            else if (KEY_IS("payload"))
                field_set(&f->payload, m->value);
            break;
        case 9:
            if (KEY_IS("sender_id"))
                field_set(&f->sender, m->value);
            else if (KEY_IS("issued_at"))
                field_set(&f->iss, m->value);
            else if (KEY_IS("signature"))
                field_set(&f->sig, m->value);
            break;
        case 13:
            if (KEY_IS("state_version"))
                field_set(&f->sv, m->value);
            break;
        case 16:
            if (KEY_IS("delivery_attempt"))
                field_set(&f->att, m->value);
            break;
        default:
            break;
        }
#undef KEY_IS
    }
}

typedef struct sig_result {
    bool fail, unkeyed, key_unknown, key_sender;
    const char *why;
} sig_result;

/* Verifies the signature. The signature-mode canonical form is left in *canon (owned by s; NULL
 * when not computed) for the stateful content digest, so an envelope is canonicalized once. */
static amc_status verify_signature(const amc_mailbox_policy *mb, mb_state *s, const amc_value *root,
                                   const env_fields *f, sig_result *r, const char **canon_out,
                                   size_t *canon_len)
{
    const amc_value *sig = f->sig;
    const amc_value *sender = f->sender;
    const amc_mailbox_key *key = NULL;
    const char *canon = NULL;
    char hex[65];
    size_t clen = 0;
    unsigned char md[32];
    amc_status st = AMC_OK;
    memset(r, 0, sizeof *r);
    *canon_out = NULL;
    *canon_len = 0;
    if (mb->hmac) {
        key = find_key(mb, f->key_id);
        if (!key) {
            r->key_unknown = true;
            return AMC_OK;
        }
        if (key->principal && !str_is(sender, key->principal))
            r->key_sender = true;
    }
    st = canonical(s, root, &canon, &clen);
    if (st == AMC_ENOMEM)
        return st;
    if (st != AMC_OK) {
        r->fail = true;
        r->why = "the envelope cannot be canonicalized (a number beyond the double range)";
        return AMC_OK;
    }
    if (!(key ? hmac256(s, key, canon, clen, md) : sha256(s, canon, clen, md)))
        return AMC_EINTERNAL;
    *canon_out = canon;
    *canon_len = clen;
    to_hex(md, 32, hex);
    if (!sig || sig->type != AMC_T_STRING || sig->u.str.len != 64 ||
        memcmp(sig->u.str.ptr, hex, 64) != 0) {
        r->fail = true;
        r->why = key ? "signature is not the HMAC-SHA256 of the canonical envelope"
                     : "signature is not the SHA-256 of the canonical envelope";
    } else if (!key) {
        r->unkeyed = true;
    }
    return AMC_OK;
}

/* Byte range [*start, *end) of the top-level member "delivery_attempt" of a canonical object
 * text, with one adjacent comma; false when absent. The text is canonical JSON: no white space,
 * top-level keys are strings, values are skipped by depth and string state. */
static bool find_delivery_attempt(const char *c, size_t n, size_t *start, size_t *end)
{
    static const char key[] = "\"delivery_attempt\":";
    size_t i = 1;
    if (n < 2 || c[0] != '{')
        return false;
    while (i < n && c[i] == '"') {
        size_t m = i, j = 0;
        int depth = 0;
        bool in_str = false, hit = n - i >= sizeof key - 1 && !memcmp(c + i, key, sizeof key - 1);
        /* the key */
        for (j = i + 1; j < n && c[j] != '"'; j++)
            if (c[j] == '\\')
                j++;
        j += 2; /* closing quote and ':' */
        /* the value */
        for (; j < n; j++) {
            char ch = c[j];
            if (in_str) {
                if (ch == '\\')
                    j++;
                else if (ch == '"')
                    in_str = false;
            } else if (ch == '"') {
                in_str = true;
            } else if (ch == '{' || ch == '[') {
                depth++;
            } else if (ch == '}' || ch == ']') {
                if (depth == 0)
                    break;
                depth--;
            } else if (ch == ',' && depth == 0) {
                break;
            }
        }
        if (hit) {
            *start = m;
            *end = j;
            if (j < n && c[j] == ',')
                (*end)++;
            else if (m > 1 && c[m - 1] == ',')
                (*start)--;
            return true;
        }
        if (j >= n || c[j] != ',')
            return false;
        i = j + 1;
    }
    return false;
}

/* The table key "a\0b" in buf when it fits (the usual case: no allocation per message), else in
 * a new allocation put in *heap for the caller to free. NULL on ENOMEM. */
static char *join_key(char *buf, size_t cap, const amc_value *a, const amc_value *b, size_t *len,
                      char **heap)
{
    char *k = buf;
    *len = a->u.str.len + 1 + b->u.str.len;
    if (*len > cap) {
        k = *heap = amc_xmalloc(*len);
        if (!k)
            return NULL;
    }
    memcpy(k, a->u.str.ptr, a->u.str.len);
    k[a->u.str.len] = '\0';
    memcpy(k + a->u.str.len + 1, b->u.str.ptr, b->u.str.len);
    return k;
}

static amc_status check_stateful(mb_state *s, const amc_value *root, const env_fields *f,
                                 size_t errors0, const amc_doc *doc, const char *canon0,
                                 size_t clen0, amc_diags *ds)
{
    const amc_value *sender = f->sender, *msg_id = f->msg_id, *nonce = f->nonce;
    const amc_value *task = f->task, *sv = f->sv;
    const char *canon = NULL, *tkey = NULL;
    char *rkey = NULL, *nkey = NULL, *rheap = NULL, *nheap = NULL;
    char rbuf[256], nbuf[256];
    size_t clen = 0, rlen = 0, nlen = 0, tlen = 0;
    unsigned char digest[32];
    entry *e = NULL, *te = NULL;
    bool nomem = false, has_sv = false, nonce_seen = false;
    int64_t ver = 0;
    amc_status st = AMC_OK;
    if (!sender || sender->type != AMC_T_STRING || !msg_id || msg_id->type != AMC_T_STRING)
        return AMC_OK;
    /* The content digest: the signature-mode canonical form (signature emptied) without the
     * top-level delivery_attempt member, so a redelivery with a higher attempt is the same
     * content. Computed from the form verify_signature made (one canonicalization). */
    if (!canon0) {
        st = canonical(s, root, &canon, &clen);
        if (st == AMC_ENOMEM)
            return st;
        canon0 = st == AMC_OK ? canon : NULL;
        clen0 = st == AMC_OK ? clen : 0;
    }
    if (!canon0) {
        size_t slen = 0;
        const char *src = amc_doc_source(doc, &slen);
        st = sha256(s, src ? src : "", slen, digest) ? AMC_OK : AMC_EINTERNAL;
    } else {
        size_t a = 0, b = 0;
        if (!find_delivery_attempt(canon0, clen0, &a, &b))
            a = b = clen0;
        st = sha256_2(s, canon0, a, canon0 + b, clen0 - b, digest) ? AMC_OK : AMC_EINTERNAL;
    }
    if (st != AMC_OK)
        return st;
    rkey = join_key(rbuf, sizeof rbuf, sender, msg_id, &rlen, &rheap);
    if (!rkey)
        return AMC_ENOMEM;
    e = table_find(&s->receipts, rkey, rlen);
    if (e) {
        if (!memcmp(e->digest, digest, 32))
            st = amc_prof_emit(ds, "MAILBOX-DUP-001", pos_of(doc, root, msg_id), "/msg_id",
                               "redelivery of an accepted message (same sender_id, msg_id and "
                               "content): no-op + ack, no state change");
        else
            st = amc_prof_emit(ds, "MAILBOX-DUP-002", pos_of(doc, root, msg_id), "/msg_id",
                               "msg_id already accepted from this sender with different content");
        goto out;
    }
    if (nonce && nonce->type == AMC_T_STRING) {
        nkey = join_key(nbuf, sizeof nbuf, sender, nonce, &nlen, &nheap);
        if (!nkey) {
            st = AMC_ENOMEM;
            goto out;
        }
        nonce_seen = table_find(&s->nonces, nkey, nlen) != NULL;
        if (nonce_seen) {
            st = amc_prof_emit(ds, "MAILBOX-NONCE-001", pos_of(doc, root, nonce), "/nonce",
                               "nonce already used by sender '%s' in an accepted message",
                               sender->u.str.ptr);
            if (st != AMC_OK)
                goto out;
        }
    }
    has_sv = task && task->type == AMC_T_STRING && sv && sv->type == AMC_T_NUMBER &&
             (sv->flags & AMC_NUM_INT64);
    if (has_sv) {
        ver = sv->u.num.i;
        tlen = task->u.str.len;
        tkey = task->u.str.ptr; /* table_add copies keys */
        te = table_find(&s->tasks, tkey, tlen);
        if (te && (ver < te->num || ver > te->num + 1)) {
            st = amc_prof_emit(ds, "MAILBOX-ORD-001", pos_of(doc, root, sv), "/state_version",
                               ver < te->num
                                   ? "state_version %lld of task '%s' goes backwards (last "
                                     "accepted %lld): resync required"
                                   : "state_version %lld of task '%s' skips a version (last "
                                     "accepted %lld): resync required",
                               (long long)ver, task->u.str.ptr, (long long)te->num);
            if (st != AMC_OK)
                goto out;
        }
    }
    if (amc_diags_errors(ds) > errors0)
        goto out; /* rejected: not recorded */
    e = table_add(&s->receipts, rkey, rlen, &nomem);
    if (e)
        memcpy(e->digest, digest, 32);
    /* te and nonce_seen still hold: only the receipts table changed since they were looked up */
    if (nkey && !nomem && !nonce_seen)
        table_add(&s->nonces, nkey, nlen, &nomem);
    if (has_sv && !nomem) {
        if (!te) {
            te = table_add(&s->tasks, tkey, tlen, &nomem);
            if (te)
                te->num = ver;
        } else if (ver > te->num) {
            te->num = ver;
        }
    }
    st = nomem ? AMC_ENOMEM : AMC_OK;
out:
    amc_xfree(rheap);
    amc_xfree(nheap);
    return st;
}

/* One envelope. record: stateful mode for this message (dedup, nonces, ordering); s is the
 * validator's state either way (its scratch is reused). */
static amc_status check_envelope(amc_validator *v, mb_state *s, bool record, const char *buf,
                                 size_t len, amc_diags *ds)
{
    const amc_mailbox_policy *mb = amc_policy_mailbox(v->policy);
    amc_diags *tmp = NULL;
    amc_doc *doc = NULL;
    const amc_value *root = NULL, *from = NULL, *sender = NULL, *type = NULL, *to = NULL;
    const amc_value *payload = NULL, *task = NULL, *ptask = NULL, *att = NULL, *iss = NULL;
    amc_status st = AMC_OK;
    size_t i = 0, errors0 = amc_diags_errors(ds);
    bool fail[5] = {false, false, false, false, false};
    int first = -1;
    sig_result sr;
    env_fields f;
    const char *canon = NULL;
    size_t clen = 0;
    tmp = s->read_ds;
    amc_diags_clear(tmp);
    st = amc_json_read(buf, len, &v->lim, tmp, &doc);
    for (i = 0; i < amc_diags_count(tmp); i++) {
        amc_diag d = *amc_diags_get(tmp, i);
        if (d.code == AMC_C_JSON_BOM) { /* an error here: JSON.parse rejects it */
            d.message = "UTF-8 byte order mark: the implementation's JSON.parse rejects it";
            if (amc_prof_restate(ds, "MAILBOX-ENV-004", &d) != AMC_OK) {
                st = AMC_ENOMEM;
                goto out;
            }
            continue;
        }
        if (d.code == AMC_C_JSON_DUP_KEY)
            d.rule_id = "MAILBOX-ENV-003";
        if (amc_diags_add(ds, &d) != AMC_OK) {
            st = AMC_ENOMEM;
            goto out;
        }
    }
    if (st != AMC_OK) {
        st = st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
        goto out;
    }
    st = check_schema(v, s, doc, ds);
    if (st != AMC_OK)
        goto out;
    root = amc_doc_root(doc);
    if (root->type != AMC_T_OBJECT)
        goto out;
    get_fields(root, &f);
    from = f.from;
    sender = f.sender;
    type = f.type;
    to = f.to;
    payload = f.payload;
    task = f.task;
    ptask = payload ? amc_value_get(payload, "task_id", 7) : NULL;
    att = f.att;
    iss = f.iss;

    st = verify_signature(mb, s, root, &f, &sr, &canon, &clen);
    if (st != AMC_OK)
        goto out;
    fail[0] = mb->from_match && !(same(from, sender) && from->type == AMC_T_STRING);
    fail[1] = !acl_allows(mb, type, sender);
    fail[2] = str_is(type, "aggregation_result") && !str_is(to, mb->ar_consumer);
    fail[3] = sr.fail;
    fail[4] = mb->task_match && type_in(mb, type) && !same(ptask, task);
    for (i = 0; i < 5 && first < 0; i++)
        if (fail[i])
            first = (int)i;
    if (fail[0])
        st = emit_ordered(ds, "MAILBOX-ID-001", 0, first, pos_of(doc, root, from), "/from",
                          "from differs from sender_id");
    if (st == AMC_OK && fail[1])
        st = emit_ordered(ds, "MAILBOX-ACL-001", 1, first, pos_of(doc, root, sender), "/sender_id",
                          "the ACL does not allow sender_id to send this type");
    if (st == AMC_OK && fail[2])
        st = emit_ordered(ds, "MAILBOX-ROUTE-001", 2, first, pos_of(doc, root, to), "/to",
                          "aggregation_result not addressed to the aggregation result consumer");
    if (st == AMC_OK && fail[3])
        st = emit_ordered(ds, "MAILBOX-SIG-001", 3, first, pos_of(doc, root, f.sig), "/signature",
                          sr.why);
    if (st == AMC_OK && fail[4])
        st = emit_ordered(ds, "MAILBOX-TASK-001", 4, first,
                          pos_of(doc, root, ptask ? ptask : payload), "/payload/task_id",
                          "payload.task_id differs from task_id");
    if (st == AMC_OK && sr.unkeyed)
        st = amc_prof_emit(ds, "MAILBOX-SIG-002", pos_of(doc, root, f.sig), "/signature", NULL);
    if (st == AMC_OK && sr.key_unknown)
        st = amc_prof_emit(ds, "MAILBOX-SIG-003", pos_of(doc, root, f.key_id), "/key_id",
                           "no keyring entry for the envelope's key_id: the signature "
                           "is not checked");
    if (st == AMC_OK && sr.key_sender)
        st = amc_prof_emit(ds, "MAILBOX-SIG-004", pos_of(doc, root, f.key_id), "/key_id", NULL);
    if (st == AMC_OK && str_is(type, "review_result") && !str_is(to, mb->rr_consumer))
        st = amc_prof_emit(ds, "MAILBOX-ROUTE-002", pos_of(doc, root, to), "/to",
                           "review_result not addressed to '%s'", mb->rr_consumer);
    if (st == AMC_OK && mb->workers &&
        !(to && to->type == AMC_T_STRING &&
          amc_value_get(mb->workers, to->u.str.ptr, to->u.str.len)))
        st = amc_prof_emit(ds, "MAILBOX-ROUTE-003", pos_of(doc, root, to), "/to",
                           "to is not one of the policy's workers");
    else if (st == AMC_OK && to && to->type == AMC_T_STRING && !known_consumer(mb, to))
        st = amc_prof_emit(ds, "MAILBOX-ROUTE-004", pos_of(doc, root, to), "/to",
                           "to '%.*s' names no known consumer (%s): nobody reads inbox/%.*s/",
                           (int)(to->u.str.len > 200 ? 200 : to->u.str.len), to->u.str.ptr,
                           v->policy ? "the policy's workers, review consumers, reviewers and "
                                       "ACL principals"
                                     : "without a policy: orchestrator, aggregator, codex, claude",
                           (int)(to->u.str.len > 200 ? 200 : to->u.str.len), to->u.str.ptr);
    if (st == AMC_OK && att && att->type == AMC_T_NUMBER && att->u.num.d > (double)mb->max_delivery)
        st = amc_prof_emit(ds, "MAILBOX-DLV-001", pos_of(doc, root, att), "/delivery_attempt",
                           "delivery_attempt %s exceeds the delivery limit %lld: the message "
                           "should have been dead-lettered",
                           att->u.num.text, (long long)mb->max_delivery);
    if (st == AMC_OK && v->has_now && iss && iss->type == AMC_T_STRING) {
        int64_t t = 0;
        if (amc_rfc3339_ms(iss->u.str.ptr, iss->u.str.len, &t)) {
            int64_t d = v->now_ms - t;
            if (d > mb->skew_sec * 1000 || -d > mb->skew_sec * 1000)
                st = amc_prof_emit(ds, "MAILBOX-TIME-001", pos_of(doc, root, iss), "/issued_at",
                                   "issued_at is %lld ms %s the reference clock (allowed skew "
                                   "%lld s)",
                                   (long long)(d < 0 ? -d : d), d < 0 ? "ahead of" : "behind",
                                   (long long)mb->skew_sec);
            if (st == AMC_OK && d > mb->ttl_sec * 1000)
                st = amc_prof_emit(ds, "MAILBOX-TIME-002", pos_of(doc, root, iss), "/issued_at",
                                   "issued_at is older than the nonce TTL (%lld s)",
                                   (long long)mb->ttl_sec);
        }
    }
    if (st == AMC_OK && record)
        st = check_stateful(s, root, &f, errors0, doc, canon, clen, ds);
out:
    amc_diags_clear(tmp);
    amc_doc_free(doc);
    return st;
}

/* ---- the mailbox tree (docs/profiles/mailbox.md "Tree") ---- */

typedef enum tree_kind { TREE_NONE = 0, TREE_INBOX, TREE_ACK, TREE_DEADLETTER } tree_kind;

typedef struct tree_place {
    tree_kind kind;
    const char *agent, *file;
    size_t agent_len, file_len;
} tree_place;

/* The last three components of path: inbox|ack|deadletter / <agent> / <file>. Anything before
 * them (the mailbox root's own path) is ignored. */
static tree_place place_of(const char *path)
{
    tree_place p = {TREE_NONE, NULL, NULL, 0, 0};
    const char *c[3] = {NULL, NULL, NULL};
    size_t n[3] = {0, 0, 0}, len = path ? strlen(path) : 0, end = len, k = 0;
    for (k = 0; k < 3; k++) {
        size_t start = end;
        while (start > 0 && path[start - 1] != '/')
            start--;
        if (start == end)
            return p;
        c[2 - k] = path + start;
        n[2 - k] = end - start;
        if (k < 2) {
            if (start == 0)
                return p;
            end = start - 1;
        }
    }
    if (n[0] == 5 && !memcmp(c[0], "inbox", 5))
        p.kind = TREE_INBOX;
    else if (n[0] == 3 && !memcmp(c[0], "ack", 3))
        p.kind = TREE_ACK;
    else if (n[0] == 10 && !memcmp(c[0], "deadletter", 10))
        p.kind = TREE_DEADLETTER;
    p.agent = c[1];
    p.agent_len = n[1];
    p.file = c[2];
    p.file_len = n[2];
    return p;
}

/* MAILBOX-TREE-001/002 for an envelope object (root) found at place p. */
static amc_status check_place(const amc_doc *doc, const amc_value *root, const tree_place *p,
                              const char *ptr_prefix, amc_diags *ds)
{
    const amc_value *to = amc_value_getz(root, "to"), *id = amc_value_getz(root, "msg_id");
    amc_status st = AMC_OK;
    char ptr[32];
    snprintf(ptr, sizeof ptr, "%s/to", ptr_prefix);
    if (!(to && to->type == AMC_T_STRING && to->u.str.len == p->agent_len &&
          !memcmp(to->u.str.ptr, p->agent, p->agent_len)))
        st = amc_prof_emit(ds, "MAILBOX-TREE-001", pos_of(doc, root, to), ptr,
                           "the envelope sits in the folder of agent '%.*s' but its to is %s%.*s%s",
                           (int)p->agent_len, p->agent, to && to->type == AMC_T_STRING ? "'" : "",
                           to && to->type == AMC_T_STRING ? (int)to->u.str.len : 7,
                           to && to->type == AMC_T_STRING ? to->u.str.ptr : "missing",
                           to && to->type == AMC_T_STRING ? "'" : "");
    if (st == AMC_OK && id && id->type == AMC_T_STRING) {
        /* <msg_id>--<digits>--<uuid 8-4-4-4-12 hex>.json */
        const char *f = p->file;
        size_t n = p->file_len, i = id->u.str.len, d = 0, k = 0;
        bool ok = n > i + 2 && !memcmp(f, id->u.str.ptr, i) && f[i] == '-' && f[i + 1] == '-';
        i += 2;
        while (ok && i < n && f[i] >= '0' && f[i] <= '9')
            i++, d++;
        ok = ok && d > 0 && i + 2 + 36 + 5 == n && f[i] == '-' && f[i + 1] == '-' &&
             !memcmp(f + n - 5, ".json", 5);
        for (k = 0; ok && k < 36; k++) {
            char ch = f[i + 2 + k];
            ok = (k == 8 || k == 13 || k == 18 || k == 23)
                     ? ch == '-'
                     : ((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') ||
                        (ch >= 'A' && ch <= 'F'));
        }
        snprintf(ptr, sizeof ptr, "%s/msg_id", ptr_prefix);
        if (!ok)
            st = amc_prof_emit(ds, "MAILBOX-TREE-002", pos_of(doc, root, id), ptr,
                               "file name '%.*s' is not <msg_id>--<epoch ms>--<uuid>.json for "
                               "msg_id '%.*s'",
                               (int)p->file_len, p->file, (int)id->u.str.len, id->u.str.ptr);
    }
    return st;
}

/* End offset of the JSON value starting at off (the document is known to be valid JSON). */
static size_t value_end(const char *buf, size_t len, size_t off)
{
    size_t i = off;
    int depth = 0;
    bool in_str = false;
    for (; i < len; i++) {
        char ch = buf[i];
        if (in_str) {
            if (ch == '\\')
                i++;
            else if (ch == '"')
                in_str = false;
        } else if (ch == '"') {
            in_str = true;
        } else if (ch == '{' || ch == '[') {
            depth++;
        } else if (ch == '}' || ch == ']') {
            if (--depth == 0)
                return i + 1;
        }
    }
    return len;
}

static const struct {
    const char *reason, *rule;
} reasons[] = {{"SENDER_ID_MISMATCH", "MAILBOX-ID-001"}, {"ACL_DENY", "MAILBOX-ACL-001"},
               {"INVALID_ROUTE", "MAILBOX-ROUTE-001"},   {"SIGNATURE_INVALID", "MAILBOX-SIG-001"},
               {"TASK_ID_MISMATCH", "MAILBOX-TASK-001"}, {"VALIDATION_FAILED", NULL}};

/* A deadletter/<agent>/<file>: the wrapper, then the wrapped envelope (its findings as info). */
static amc_status check_deadletter(amc_validator *v, mb_state *s, const tree_place *p,
                                   const char *buf, size_t len, amc_diags *ds)
{
    amc_diags *tmp = NULL;
    amc_doc *doc = NULL;
    const amc_value *root = NULL, *env = NULL, *reason = NULL;
    amc_status st = AMC_OK;
    bool valid = false;
    size_t i = 0, k = sizeof reasons / sizeof reasons[0];
    tmp = amc_diags_new(v->lim.max_diags);
    if (!tmp)
        return AMC_ENOMEM;
    st = amc_json_read(buf, len, &v->lim, ds, &doc);
    if (st != AMC_OK) {
        st = st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
        goto out;
    }
    root = amc_doc_root(doc);
    st = amc_prof_schema_check(v, DEADLETTER_ID, doc, root, NULL, tmp, "MAILBOX-TREE-003", &valid);
    for (i = 0; (st == AMC_OK || st == AMC_ELIMIT) && i < amc_diags_count(tmp); i++) {
        amc_diag d = *amc_diags_get(tmp, i);
        char msg[1024];
        if (d.sev == AMC_SEV_ERROR) {
            snprintf(msg, sizeof msg, "%s: %s", amc_code_id(d.code), d.message);
            d.message = msg;
            d.code = AMC_C_MAILBOX_DEADLETTER_WRAPPER;
        }
        if (amc_diags_add(ds, &d) != AMC_OK)
            st = AMC_ENOMEM;
    }
    amc_diags_clear(tmp);
    if (st == AMC_ELIMIT)
        st = AMC_OK;
    if (st != AMC_OK || root->type != AMC_T_OBJECT)
        goto out;
    reason = amc_value_getz(root, "reason");
    env = amc_value_getz(root, "envelope");
    if (reason && reason->type == AMC_T_STRING) {
        for (k = 0; k < sizeof reasons / sizeof reasons[0]; k++)
            if (str_is(reason, reasons[k].reason))
                break;
        if (k == sizeof reasons / sizeof reasons[0])
            st = amc_prof_emit(ds, "MAILBOX-TREE-004", pos_of(doc, root, reason), "/reason",
                               "reason '%.*s' is not one the implementation writes",
                               (int)reason->u.str.len, reason->u.str.ptr);
    }
    if (st != AMC_OK || !env || env->type != AMC_T_OBJECT || env->offset == AMC_NO_OFFSET)
        goto out;
    {
        size_t start = env->offset, end = value_end(buf, len, start), first = amc_diags_count(ds);
        bool found = false;
        st = check_envelope(v, s, false, buf + start, end - start, tmp);
        for (i = 0; st == AMC_OK && i < amc_diags_count(tmp); i++) {
            amc_diag d = *amc_diags_get(tmp, i);
            if (k < sizeof reasons / sizeof reasons[0] && reasons[k].rule && d.rule_id &&
                !strcmp(d.rule_id, reasons[k].rule))
                found = true;
            char ptr[512];
            d.sev = AMC_SEV_INFO;
            if (d.instance_ptr) {
                int r = snprintf(ptr, sizeof ptr, "/envelope%s", d.instance_ptr);
                d.instance_ptr = r > 0 && (size_t)r < sizeof ptr ? ptr : "/envelope";
            }
            st = amc_diags_add(ds, &d);
        }
        if (st != AMC_OK)
            goto out;
        amc_diags_rebase(ds, first, amc_doc_pos(doc, start));
        if (k < sizeof reasons / sizeof reasons[0] && reasons[k].rule && !found)
            st = amc_prof_emit(ds, "MAILBOX-TREE-005", pos_of(doc, root, reason), "/reason",
                               "quarantined for %s, but the envelope passes %s under the active "
                               "policy",
                               reasons[k].reason, reasons[k].rule);
        if (st == AMC_OK)
            st = check_place(doc, env, p, "/envelope", ds);
    }
out:
    amc_diags_free(tmp);
    amc_doc_free(doc);
    return st;
}

static amc_status mailbox_check(amc_validator *v, void *state, const char *path, const char *buf,
                                size_t len, amc_diags *ds)
{
    tree_place p = place_of(path);
    amc_status st = AMC_OK;
    if (!state)
        return AMC_EINTERNAL; /* mb_state_new() always makes one */
    if (p.kind == TREE_DEADLETTER)
        return check_deadletter(v, state, &p, buf, len, ds);
    st = check_envelope(v, state, v->stateful, buf, len, ds);
    if (st == AMC_OK && p.kind != TREE_NONE) {
        /* A second, quiet read: only tree paths pay for it (streams have no path). */
        amc_diags *tmp = amc_diags_new(1);
        amc_doc *doc = NULL;
        if (!tmp)
            return AMC_ENOMEM;
        st = amc_json_read(buf, len, &v->lim, tmp, &doc);
        if (st == AMC_OK && amc_doc_root(doc)->type == AMC_T_OBJECT)
            st = check_place(doc, amc_doc_root(doc), &p, "", ds);
        else if (st != AMC_ENOMEM)
            st = AMC_OK; /* the first read reported why it failed */
        amc_doc_free(doc);
        amc_diags_free(tmp);
    }
    return st;
}

/* Whether "key" (quotes included) occurs as a member name (followed by optional whitespace and
 * ':') in the first 64 KiB after from: a string value or a stray quoted word is no evidence. */
static bool has_member(const char *buf, size_t from, size_t len, const char *key)
{
    size_t n = strlen(key), j = 0, end = len < from + 65536 ? len : from + 65536;
    for (j = from; j + n <= end; j++)
        if (buf[j] == '"' && !memcmp(buf + j, key, n)) {
            size_t k = j + n;
            while (k < len && (buf[k] == ' ' || buf[k] == '\t' || buf[k] == '\r' || buf[k] == '\n'))
                k++;
            if (k < len && buf[k] == ':')
                return true;
        }
    return false;
}

static int mailbox_detect(const char *path, const char *buf, size_t len)
{
    size_t i = 0;
    int score = 0;
    static const char *const keys[] = {"\"msg_id\"", "\"sender_id\"", "\"signature\"",
                                       "\"payload\""};
    size_t k = 0;
    while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
        i++;
    if (i >= len || buf[i] != '{')
        return 0;
    for (k = 0; k < 4; k++)
        if (has_member(buf, i, len, keys[k]))
            score += 20;
    if (score && path) {
        size_t n = strlen(path);
        if (n > 5 && !strcmp(path + n - 5, ".json"))
            score += 10;
        if (place_of(path).kind != TREE_NONE)
            score += 10;
    }
    return score;
}

const amc_profile_ops amc_profile_mailbox = {
    {"mailbox", "Mailbox-Only PoC: signed JSON envelopes in per-agent inbox folders",
     "Mailbox-Only PoC 実装計画, 2026-02-11 (github.com/g960059/multi-agent-system-research "
     "plan/mailbox-only-poc.ja.md)"},
    mailbox_detect,
    mb_state_new,
    mb_state_free,
    mailbox_check};
