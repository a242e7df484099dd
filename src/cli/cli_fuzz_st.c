/*
 * cli_fuzz_st.c - stateful session fuzzing (`amc fuzz --stateful --profile P --impl CMD`):
 * random sessions of valid envelopes, each sent as one stateful `validate` request (after a
 * `reset`, as amc conform sends a session case) and compared with amc's own stateful validator
 * on the same session; a divergence is shrunk and saved as a session case in the suite's own
 * format (conformance/README.md: "session") with its findings.jsonl line, kind "stateful".
 *
 * Decisions:
 *   - Needs an adapter (--impl) that claims <profile>.stateful (else exit 2): the protocol's
 *     stateful validate request is the adapter's. Codes are compared when it claims `codes`.
 *   - Messages come from the profile's valid conformance cases (SUITE/<profile>/cases.json: a
 *     plain case, no policy, clock, session or path tag). Mailbox sessions are built field by
 *     field from them as templates (sender, type, to and payload kept; msg_id, nonce, task_id,
 *     state_version, delivery_attempt, issued_at set; the sha256 signature recomputed, or
 *     spoiled on purpose for a rejected message): redeliveries, same msg_id with other content,
 *     same msg_id from another sender, nonce reuse by the same or another sender, state_version
 *     steps back, repeats and gaps, rejected messages whose id or nonce come again, at reuse
 *     distances 1 to 40 and sessions up to 160 messages (to overflow bounded caches). Other
 *     profiles (amc has no session rules for them) get sessions of their valid and invalid
 *     cases with repeats: an implementation that keeps state where the profile has none shows.
 *   - Sessions under a policy with HMAC keys (35% of mailbox sessions, when the adapter claims
 *     mailbox.policy): the first policy of the suite's cases naming a JSON keyring of two keys
 *     or more under which the templates signed with their sender's key are valid. It travels
 *     with the request (policy, aux) as amc conform sends it, and amc's validator for those
 *     sessions is made with it. Messages carry key_id and the HMAC of the sender's own key or
 *     the shared one (a key change), or a key mutation only amc's key rules (SIG-001/003/004)
 *     reject: another principal's key, another key's secret, an unknown key_id (MAC'd with the
 *     sender's secret via an aliased keyring), the body changed after signing, the sha256
 *     digest. Every candidate of the shrinker is rendered and signed again.
 *   - The oracle, per session: the verdict (invalid iff any message has an error), and with
 *     `codes` every error code amc reports and every code of a session rule amc reports (e.g.
 *     the MAILBOX_DUPLICATE_DELIVERY warning) must be there, and no session-rule code amc does
 *     not report; a crash, hang or garbage reply is a finding too. The protocol has one verdict
 *     per session, so the finding also names the first message whose prefix session diverges.
 *   - Shrinking (at most 2000 sessions, 20 s past the run's end if found late): drop runs of
 *     messages (halves first), merge msg_ids, nonces and tasks, lower state_version and
 *     delivery_attempt, same template, then ids renumbered by first use; kept while the same
 *     class shows (a verdict class: amc's error codes a subset of the first ones).
 *   - Coverage: amc's session-rule codes reached, and per code the reuse distances (1, 2-3,
 *     4-7, 8-15, 16+) at which amc reported it; generation aims at the ones not reached yet.
 *   - --runs counts sessions; --timeout is per 100 messages of a session.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <json-c/json.h>
#include "cli_fuzz.h"

#define MAX_MSGS      160
#define SHRINK_BUDGET 2000
#define SHRINK_GRACE  20.0
#define NBUCKET       5
#define MAX_SCODES    8

/* ---- sessions ---- */

typedef enum reuse {
    RU_NONE = 0,
    RU_REDELIVER, /* the same message again (delivery_attempt maybe higher) */
    RU_CONFLICT,  /* same sender and msg_id, other content */
    RU_KEYS,      /* same msg_id, another sender */
    RU_NONCE,     /* a nonce again (same or another sender) */
    RU_ORDER,     /* state_version back, repeated or skipping */
    RU_REJECTED   /* a message that is rejected (bad signature) */
} reuse;

/* Key mutations of a message under the policy's keyring (keyed sessions). */
typedef enum kmut {
    KM_NONE = 0, /* signed right: the sender's own key (key 0) or the shared key (key 1) */
    KM_OTHER,    /* signed right with another principal's key (key: which one) */
    KM_SECRET,   /* the sender's key_id, the MAC made with another key's secret */
    KM_UNKNOWN,  /* a key_id the keyring lacks, MAC'd with the sender's secret */
    KM_TAMPER,   /* signed right, then the body changed (issued_at) */
    KM_SHA256,   /* the unkeyed sha256 digest instead of the MAC */
    KM_N
} kmut;

typedef struct smsg {
    unsigned tpl; /* mailbox: template; other profiles: seed */
    unsigned id, nonce, task, att, variant;
    long long sv;
    bool badsig;
    unsigned char reuse, dist; /* what the generator meant, for coverage */
    unsigned char key, kmut;   /* keyed sessions */
} smsg;

typedef struct session {
    smsg *m;
    size_t n, cap;
    bool keyed; /* under the policy with HMAC keys */
} session;

typedef struct tpl {
    json_object *obj;
    char sender[64];
} tpl;

typedef struct sseed {
    char *name, *data;
    size_t len;
    bool valid;
} sseed;

typedef struct skey {
    char id[64], principal[64]; /* principal "" : a shared key */
} skey;

#define NKCODE 3
static const char *const KCODES[NKCODE] = {"MAILBOX_SIGNATURE_INVALID", "MAILBOX_KEY_UNKNOWN",
                                           "MAILBOX_KEY_SENDER_MISMATCH"};

typedef struct sshared {
    fz_run run;
    bool mailbox;
    tpl *tpls;
    size_t ntpl;
    /* keyed sessions: a suite policy with an HMAC keyring (mailbox) */
    amc_policy *pol, *pol_rot, *pol_alias; /* the policy; every secret rotated; aliased ids */
    char *pol_name, *kr_name;              /* paths below the profile's directory */
    char *pol_data, *kr_data;
    size_t pol_len, kr_len;
    char *pol_req; /* ,"policy":{...},"aux":[{...}] of a request */
    skey *keys;
    size_t nkeys;
    int shared_key;      /* a key without principal, or -1 */
    size_t *ktpl, nktpl; /* templates valid under the policy when signed with their key */
    bool kcode_seen[NKCODE];
    size_t nkcode_seen;
    unsigned long keyed_units;
    sseed *seeds;
    size_t nseeds;
    const char *scodes[MAX_SCODES]; /* the session rules' code ids */
    const char *srules[MAX_SCODES];
    size_t nscodes;
    bool code_seen[MAX_SCODES], reached[MAX_SCODES][NBUCKET];
    size_t ncode_seen, nreached;
} sshared;

typedef struct sres {
    bool valid;
    char codes[1024]; /* every code, " A B " sorted */
    char errs[1024];  /* the error codes */
    char rule[64];    /* the rule of the first error */
    long first_err;   /* the message of the first error, -1 */
} sres;

typedef struct sworker {
    fz_job j; /* first: the driver's part */
    sshared *sh;
    fz_rng rng;
    amc_validator *v, *vp; /* vp: under sh->pol */
    bool keyed;            /* the rendered session is a keyed one */
    amc_diags *ds, *sigds;
    session cur;
    cli_sb *msg; /* rendered messages */
    char (*names)[64];
    size_t nmsg;
} sworker;

static const struct {
    const char *profile;
    const char *rules[MAX_SCODES];
} SESSION_RULES[] = {
    {"mailbox", {"MAILBOX-DUP-001", "MAILBOX-DUP-002", "MAILBOX-NONCE-001", "MAILBOX-ORD-001"}},
};

static int sess_push(session *s, const smsg *m)
{
    if (s->n == s->cap) {
        size_t nc = s->cap ? s->cap * 2 : 32;
        smsg *nv = realloc(s->m, nc * sizeof *nv);
        if (!nv) {
            cli_nomem(); /* the session would be shorter: the run stops, exit 2 */
            return -1;
        }
        s->m = nv;
        s->cap = nc;
    }
    s->m[s->n++] = *m;
    return 0;
}

static int sess_copy(session *dst, const session *src)
{
    size_t i = 0;
    dst->n = 0;
    dst->keyed = src->keyed;
    for (i = 0; i < src->n; i++)
        if (sess_push(dst, &src->m[i]) != 0)
            return -1;
    return 0;
}

/* ---- code lists " A B " (sorted) ---- */

static void list_add(char *list, size_t cap, const char *id)
{
    char tmp[1024];
    const char *p = list;
    size_t l = strlen(id);
    if (!id[0] || fz_has_code(list, id))
        return;
    if (!list[0])
        snprintf(list, cap, " ");
    /* insert before the first greater id */
    p = list + 1;
    while (*p) {
        size_t k = strcspn(p, " ");
        if (strncmp(p, id, k > l ? k : l) > 0)
            break;
        p += k + 1;
    }
    if (strlen(list) + l + 2 > cap || strlen(list) + l + 2 > sizeof tmp)
        return;
    snprintf(tmp, sizeof tmp, "%.*s%s %s", (int)(p - list), list, id, p);
    snprintf(list, cap, "%s", tmp);
}

static bool list_subset(const char *a, const char *b) /* every id of a in b */
{
    const char *p = a;
    while (*p == ' ')
        p++;
    while (*p) {
        char id[128];
        size_t k = strcspn(p, " ");
        snprintf(id, sizeof id, "%.*s", (int)k, p);
        if (!fz_has_code(b, id))
            return false;
        p += k;
        while (*p == ' ')
            p++;
    }
    return true;
}

static int scode_index(const sshared *sh, const char *id)
{
    size_t i = 0;
    for (i = 0; i < sh->nscodes; i++)
        if (!strcmp(sh->scodes[i], id))
            return (int)i;
    return -1;
}

/* ---- the messages: templates and seeds from the suite's cases ---- */

static const char *suite_dir(const fz_opts *o)
{
    return o->suite                        ? o->suite
           : getenv("AMC_CONFORMANCE_DIR") ? getenv("AMC_CONFORMANCE_DIR")
                                           : "conformance";
}

static bool has_tag(json_object *c, const char *tag)
{
    json_object *tags = NULL;
    size_t i = 0;
    if (!json_object_object_get_ex(c, "tags", &tags) || !json_object_is_type(tags, json_type_array))
        return false;
    for (i = 0; i < json_object_array_length(tags); i++)
        if (!strcmp(json_object_get_string(json_object_array_get_idx(tags, i)), tag))
            return true;
    return false;
}

static int add_seed(sshared *sh, const char *name, const char *data, size_t len, bool valid)
{
    sseed *nv = realloc(sh->seeds, (sh->nseeds + 1) * sizeof *nv);
    sseed *s = NULL;
    if (!nv) {
        cli_nomem(); /* the seed would be left out: exit 2 */
        return -1;
    }
    sh->seeds = nv;
    s = &sh->seeds[sh->nseeds];
    s->name = strdup(name);
    s->data = malloc(len + 1);
    if (!s->name || !s->data) {
        cli_nomem();
        free(s->name);
        free(s->data);
        return -1;
    }
    memcpy(s->data, data, len);
    s->data[len] = '\0';
    s->len = len;
    s->valid = valid;
    sh->nseeds++;
    return 0;
}

/* The valid envelopes of a mailbox seed as templates (members the generator sets must be
 * there). */
static void add_template(sshared *sh, const char *data, size_t len)
{
    json_object *o = json_tokener_parse(data), *v = NULL;
    tpl *nv = NULL;
    (void)len;
    if (!o || !json_object_is_type(o, json_type_object) ||
        !json_object_object_get_ex(o, "sender_id", &v) ||
        !json_object_is_type(v, json_type_string) ||
        !json_object_object_get_ex(o, "msg_id", NULL) ||
        !json_object_object_get_ex(o, "nonce", NULL) ||
        !json_object_object_get_ex(o, "task_id", NULL) ||
        !json_object_object_get_ex(o, "state_version", NULL) ||
        !json_object_object_get_ex(o, "signature", NULL)) {
        json_object_put(o);
        return;
    }
    nv = realloc(sh->tpls, (sh->ntpl + 1) * sizeof *nv);
    if (!nv) {
        cli_nomem(); /* the template would be left out: exit 2 */
        json_object_put(o);
        return;
    }
    sh->tpls = nv;
    sh->tpls[sh->ntpl].obj = o;
    snprintf(sh->tpls[sh->ntpl].sender, sizeof sh->tpls[sh->ntpl].sender, "%s",
             json_object_get_string(v));
    sh->ntpl++;
}

static int load_cases(sshared *sh)
{
    char path[4096], *buf = NULL;
    size_t len = 0, i = 0;
    json_object *cases = NULL;
    amc_validator *v = NULL;
    amc_validator_opts opts = {NULL, false, NULL, NULL, NULL};
    amc_diags *ds = amc_diags_new(0);
    snprintf(path, sizeof path, "%s/%s/cases.json", suite_dir(sh->run.o), sh->run.o->profile);
    opts.profile = sh->run.o->profile;
    errno = 0;
    if (!ds || cli_read_file(path, (size_t)1 << 28, &buf, &len) != 0 ||
        !(cases = json_tokener_parse(buf)) || !json_object_is_type(cases, json_type_array) ||
        amc_validator_new(&opts, NULL, &v) != AMC_OK) {
        if (!ds || errno == ENOMEM || (cases && json_object_is_type(cases, json_type_array)))
            fprintf(stderr, "amc fuzz: out of memory\n"); /* the validator or the read */
        else
            fprintf(stderr,
                    "amc fuzz: --stateful: cannot read the profile's cases %s (--suite DIR or "
                    "$AMC_CONFORMANCE_DIR)\n",
                    path);
        free(buf);
        json_object_put(cases);
        amc_diags_free(ds);
        return -1;
    }
    free(buf);
    for (i = 0; i < json_object_array_length(cases) && !cli_nomem_seen(); i++) {
        json_object *c = json_object_array_get_idx(cases, i), *in = NULL;
        const char *input = NULL, *rel = NULL;
        char *data = NULL;
        size_t dlen = 0;
        if (!json_object_object_get_ex(c, "input", &in) ||
            !json_object_is_type(in, json_type_string) ||
            json_object_object_get_ex(c, "policy", NULL) ||
            json_object_object_get_ex(c, "now", NULL) || has_tag(c, "placement") ||
            has_tag(c, "file-name") || has_tag(c, "tree"))
            continue;
        input = json_object_get_string(in);
        snprintf(path, sizeof path, "%s/%s/%s", suite_dir(sh->run.o), sh->run.o->profile, input);
        rel = !strncmp(input, "inputs/", 7) ? input + 7 : input;
        if (strlen(rel) > 6 && !strcmp(rel + strlen(rel) - 6, ".jsonl"))
            continue;
        errno = 0;
        if (cli_read_file(path, (size_t)1 << 20, &data, &dlen) != 0) {
            if (errno == ENOMEM)
                cli_nomem(); /* said on stderr; exit 2 */
            continue;
        }
        amc_diags_clear(ds);
        amc_validator_reset(v);
        if (amc_validator_check(v, NULL, data, dlen, ds, NULL) == AMC_ENOMEM)
            cli_nomem(); /* the verdict lacks a piece: exit 2 */
        if (sh->mailbox) {
            if (amc_diags_errors(ds) == 0)
                add_template(sh, data, dlen);
        } else {
            (void)add_seed(sh, rel, data, dlen, amc_diags_errors(ds) == 0);
        }
        free(data);
    }
    json_object_put(cases);
    amc_validator_free(v);
    amc_diags_free(ds);
    if (cli_nomem_seen()) {
        fprintf(stderr, "amc fuzz: out of memory\n");
        return -1;
    }
    if ((sh->mailbox && sh->ntpl == 0) || (!sh->mailbox && sh->nseeds == 0)) {
        fprintf(stderr, "amc fuzz: --stateful: no valid %s case to build sessions from in %s\n",
                sh->run.o->profile, suite_dir(sh->run.o));
        return -1;
    }
    return 0;
}

/* ---- rendering ---- */

static void set_str(json_object *o, const char *key, const char *val)
{
    json_object_object_add(o, key, json_object_new_string(val));
}

#define ALIAS_SUFFIX "-x" /* KM_UNKNOWN: key_id + this is no key of the keyring */

/* The template of message index i of a keyed or plain session. */
static const tpl *tpl_at(const sshared *sh, bool keyed, unsigned i)
{
    return keyed ? &sh->tpls[sh->ktpl[i % sh->nktpl]] : &sh->tpls[i % sh->ntpl];
}

static unsigned ntpl_of(const sshared *sh, bool keyed)
{
    return (unsigned)(keyed ? sh->nktpl : sh->ntpl);
}

/* The sender's own key (principal == sender), else the shared key, else -1. */
static int own_key(const sshared *sh, const char *sender)
{
    size_t i = 0;
    for (i = 0; i < sh->nkeys; i++)
        if (!strcmp(sh->keys[i].principal, sender))
            return (int)i;
    return sh->shared_key;
}

/* The keyring entry whose key_id message m carries (before KM_UNKNOWN's suffix). */
static int key_of(const sshared *sh, const char *sender, const smsg *m)
{
    size_t i = 0, c = 0, k = 0;
    if (m->kmut == KM_OTHER) {
        for (i = 0; i < sh->nkeys; i++)
            if (sh->keys[i].principal[0] && strcmp(sh->keys[i].principal, sender))
                c++;
        for (i = 0, k = c ? m->key % c : 0; c && i < sh->nkeys; i++)
            if (sh->keys[i].principal[0] && strcmp(sh->keys[i].principal, sender) && k-- == 0)
                return (int)i;
    }
    if (m->key == 1 && sh->shared_key >= 0)
        return sh->shared_key;
    return own_key(sh, sender);
}

static bool rejected(const smsg *m) /* meant to be rejected (signature or key) */
{
    return m->badsig || m->kmut != KM_NONE;
}

/* One mailbox envelope of m (of a keyed session or not) into out (reset first). Plain: the
 * sha256 digest. Keyed: key_id and the HMAC of sh->pol's keyring, or m's key mutation. */
static int render_mailbox(const sshared *sh, amc_diags *ds, const smsg *m, bool keyed, cli_sb *out)
{
    const tpl *t = tpl_at(sh, keyed, m->tpl);
    const amc_policy *pol = NULL;
    const char *scheme = "sha256";
    json_object *o = NULL, *pl = NULL;
    char val[64], sig[65];
    const char *txt = NULL;
    int rc = -1;
    amc_status st = AMC_OK;
    out->len = 0;
    out->failed = false;
    if (json_object_deep_copy(t->obj, &o, NULL) != 0) {
        cli_nomem(); /* the session would lack a message: the run stops, exit 2 */
        return -1;
    }
    if (keyed) {
        int k = key_of(sh, t->sender, m);
        char kid[80];
        if (k < 0) {
            json_object_put(o);
            return -1;
        }
        snprintf(kid, sizeof kid, "%s%s", sh->keys[k].id,
                 m->kmut == KM_UNKNOWN ? ALIAS_SUFFIX : "");
        set_str(o, "key_id", kid);
        pol = m->kmut == KM_SECRET ? sh->pol_rot : m->kmut == KM_UNKNOWN ? sh->pol_alias : sh->pol;
        scheme = m->kmut == KM_SHA256 ? "sha256" : "hmac_sha256";
    }
    snprintf(val, sizeof val, "msg-%u", m->id);
    set_str(o, "msg_id", val);
    snprintf(val, sizeof val, "nonce-%04u", m->nonce);
    set_str(o, "nonce", val);
    snprintf(val, sizeof val, "task-%u", m->task);
    set_str(o, "task_id", val);
    if (json_object_object_get_ex(o, "payload", &pl) && json_object_is_type(pl, json_type_object) &&
        json_object_object_get_ex(pl, "task_id", NULL))
        set_str(pl, "task_id", val);
    json_object_object_add(o, "state_version", json_object_new_int64(m->sv));
    json_object_object_add(o, "delivery_attempt", json_object_new_int((int)m->att));
    snprintf(val, sizeof val, "2026-02-11T10:%02u:%02u.000Z", m->variant / 60 % 60,
             m->variant % 60);
    set_str(o, "issued_at", val);
    txt =
        json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
    amc_diags_clear(ds);
    st = txt ? amc_mailbox_signature(txt, strlen(txt), pol, scheme, ds, sig) : AMC_ENOMEM;
    if (st == AMC_OK) {
        if (m->badsig)
            sig[0] = sig[0] == '0' ? '1' : '0';
        set_str(o, "signature", sig);
        if (keyed && m->kmut == KM_TAMPER) { /* the body changed after signing */
            snprintf(val, sizeof val, "2026-02-11T11:%02u:%02u.000Z", m->variant / 60 % 60,
                     m->variant % 60);
            set_str(o, "issued_at", val);
        }
        txt = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
                                                    JSON_C_TO_STRING_NOSLASHESCAPE);
        if (txt) {
            cli_sb_puts(out, txt);
            rc = out->failed ? -1 : 0;
        }
    }
    if (st == AMC_ENOMEM || (st == AMC_OK && rc != 0))
        cli_nomem();
    json_object_put(o);
    return rc;
}

/* Renders the first n messages of s into w->msg / w->names. */
static int render(sworker *w, const session *s, size_t n)
{
    sshared *sh = w->sh;
    size_t i = 0;
    w->keyed = s->keyed;
    if (n > w->nmsg) {
        cli_sb *nm = realloc(w->msg, n * sizeof *nm);
        char(*nn)[64] = NULL;
        if (!nm) {
            cli_nomem();
            return -1;
        }
        w->msg = nm;
        memset(w->msg + w->nmsg, 0, (n - w->nmsg) * sizeof *nm);
        nn = realloc(w->names, n * sizeof *nn);
        if (!nn) {
            cli_nomem();
            return -1;
        }
        w->names = nn;
        w->nmsg = n;
    }
    for (i = 0; i < n; i++) {
        const smsg *m = &s->m[i];
        if (sh->mailbox) {
            if (render_mailbox(sh, w->sigds, m, s->keyed, &w->msg[i]) != 0)
                return -1;
            snprintf(w->names[i], sizeof w->names[i], "%03zu.json", i + 1);
        } else {
            const sseed *sd = &sh->seeds[m->tpl % sh->nseeds];
            const char *base = strrchr(sd->name, '/');
            w->msg[i].len = 0;
            w->msg[i].failed = false;
            cli_sb_put(&w->msg[i], sd->data, sd->len);
            if (w->msg[i].failed) {
                cli_nomem();
                return -1;
            }
            snprintf(w->names[i], sizeof w->names[i], "%03zu-%.40s", i % 1000 + 1,
                     base ? base + 1 : sd->name);
        }
    }
    return 0;
}

/* ---- keyed sessions: a policy of the suite with an HMAC keyring ---- */

#define KEYED_PCT 35 /* share of mailbox sessions under the policy, when there is one */

static bool safe_rel(const char *p)
{
    return p[0] && p[0] != '/' && !strstr(p, "..");
}

/* ,"policy":{"name","data"} and "aux":[{"name","data"}] of a request (PROTOCOL.md). */
static char *policy_req(const char *pname, const char *pdata, size_t plen, const char *kname,
                        const char *kdata, size_t klen)
{
    cli_sb b = {NULL, 0, 0, false};
    char *e = cli_base64_encode(pdata, plen);
    cli_sb_puts(&b, ",\"policy\":{\"name\":");
    cli_sb_str(&b, pname);
    cli_sb_puts(&b, ",\"data\":\"");
    cli_sb_puts(&b, e ? e : "");
    cli_sb_puts(&b, "\"},\"aux\":[{\"name\":");
    b.failed = b.failed || !e;
    free(e);
    e = cli_base64_encode(kdata, klen);
    cli_sb_str(&b, kname);
    cli_sb_puts(&b, ",\"data\":\"");
    cli_sb_puts(&b, e ? e : "");
    cli_sb_puts(&b, "\"}]");
    b.failed = b.failed || !e;
    free(e);
    return fz_sb_take(&b);
}

/* A copy of the keyring kro (a JSON object with "keys") with each entry's member mem set by
 * f(i): key i's secret_hex = key i+1's (rotated), or key_id + ALIAS_SUFFIX. As a policy. */
static amc_policy *variant_policy(const sshared *sh, json_object *kro, bool rotate, amc_diags *ds)
{
    json_object *c = NULL, *keys = NULL, *okeys = NULL;
    amc_policy *p = NULL;
    const char *txt = NULL;
    size_t i = 0, n = 0;
    amc_status st = AMC_OK;
    if (json_object_deep_copy(kro, &c, NULL) != 0) {
        cli_nomem();
        return NULL;
    }
    json_object_object_get_ex(c, "keys", &keys);
    json_object_object_get_ex(kro, "keys", &okeys);
    n = json_object_array_length(keys);
    for (i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(keys, i), *v = NULL;
        if (rotate) {
            json_object_object_get_ex(json_object_array_get_idx(okeys, (i + 1) % n), "secret_hex",
                                      &v);
            json_object_object_add(e, "secret_hex",
                                   json_object_new_string(json_object_get_string(v)));
        } else {
            char id[80];
            snprintf(id, sizeof id, "%s%s", sh->keys[i].id, ALIAS_SUFFIX);
            set_str(e, "key_id", id);
        }
    }
    txt = json_object_to_json_string_ext(c, JSON_C_TO_STRING_PLAIN);
    amc_diags_clear(ds);
    st = !txt ? AMC_ENOMEM : amc_policy_read(sh->pol_data, sh->pol_len, ds, &p);
    if (st == AMC_OK)
        st = amc_policy_set_keyring(p, txt, strlen(txt), ds);
    if (st != AMC_OK) {
        if (st == AMC_ENOMEM)
            cli_nomem(); /* no keyed sessions would be made: exit 2 */
        amc_policy_free(p);
        p = NULL;
    }
    json_object_put(c);
    return p;
}

/* The keys of keyring kro (JSON: an object with a "keys" list; a YAML keyring gives no keyed
 * sessions). 0 when there are at least two, every key_id unique with its alias unused. */
static int read_keys(sshared *sh, json_object *kro)
{
    json_object *keys = NULL;
    size_t i = 0, k = 0, n = 0;
    if (!kro || !json_object_object_get_ex(kro, "keys", &keys) ||
        !json_object_is_type(keys, json_type_array) || (n = json_object_array_length(keys)) < 2)
        return -1;
    if (!(sh->keys = calloc(n, sizeof *sh->keys))) {
        cli_nomem();
        return -1;
    }
    sh->nkeys = n;
    sh->shared_key = -1;
    for (i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(keys, i), *v = NULL;
        if (!json_object_object_get_ex(e, "key_id", &v) ||
            !json_object_is_type(v, json_type_string) ||
            strlen(json_object_get_string(v)) >= sizeof sh->keys[i].id - sizeof ALIAS_SUFFIX ||
            !json_object_object_get_ex(e, "secret_hex", NULL))
            return -1;
        snprintf(sh->keys[i].id, sizeof sh->keys[i].id, "%s", json_object_get_string(v));
        if (json_object_object_get_ex(e, "principal", &v) &&
            json_object_is_type(v, json_type_string))
            snprintf(sh->keys[i].principal, sizeof sh->keys[i].principal, "%s",
                     json_object_get_string(v));
        else if (sh->shared_key < 0)
            sh->shared_key = (int)i;
    }
    for (i = 0; i < n; i++)
        for (k = 0; k < n; k++) {
            char alias[80];
            snprintf(alias, sizeof alias, "%s%s", sh->keys[k].id, ALIAS_SUFFIX);
            if ((i != k && !strcmp(sh->keys[i].id, sh->keys[k].id)) ||
                !strcmp(sh->keys[i].id, alias))
                return -1;
        }
    return 0;
}

static void drop_policy(sshared *sh)
{
    amc_policy_free(sh->pol);
    amc_policy_free(sh->pol_rot);
    amc_policy_free(sh->pol_alias);
    free(sh->pol_name);
    free(sh->kr_name);
    free(sh->pol_data);
    free(sh->kr_data);
    free(sh->pol_req);
    free(sh->keys);
    free(sh->ktpl);
    sh->pol = sh->pol_rot = sh->pol_alias = NULL;
    sh->pol_name = sh->kr_name = sh->pol_data = sh->kr_data = sh->pol_req = NULL;
    sh->keys = NULL;
    sh->ktpl = NULL;
    sh->nkeys = sh->nktpl = 0;
}

/* Policy pname (data pdata; its keyring kname, kdata), taken over by sh: 0 when sessions can
 * be built under it (every template whose sender has a key is kept if, signed with it, it is
 * valid under the policy; at least one). With tpls false (--replay) no template is needed. */
static int use_policy(sshared *sh, char *pname, char *pdata, size_t plen, char *kname, char *kdata,
                      size_t klen, bool tpls, amc_diags *ds)
{
    json_object *kro = json_tokener_parse(kdata);
    amc_validator *v = NULL;
    amc_validator_opts opts = {NULL, false, NULL, NULL, NULL};
    cli_sb out = {NULL, 0, 0, false};
    size_t i = 0, n = 0;
    amc_status st = AMC_OK;
    sh->pol_name = pname;
    sh->pol_data = pdata;
    sh->pol_len = plen;
    sh->kr_name = kname;
    sh->kr_data = kdata;
    sh->kr_len = klen;
    amc_diags_clear(ds);
    st = amc_policy_read(pdata, plen, ds, &sh->pol);
    if (st == AMC_OK)
        st = amc_policy_set_keyring(sh->pol, kdata, klen, ds);
    if (st == AMC_OK && !(sh->pol_req = policy_req(pname, pdata, plen, kname, kdata, klen)))
        st = AMC_ENOMEM;
    if (st != AMC_OK) {
        if (st == AMC_ENOMEM)
            cli_nomem(); /* the policy would be left out: exit 2 */
        goto fail;
    }
    if (!tpls) {
        json_object_put(kro);
        return 0;
    }
    if (read_keys(sh, kro) != 0 || !(sh->pol_rot = variant_policy(sh, kro, true, ds)) ||
        !(sh->pol_alias = variant_policy(sh, kro, false, ds)))
        goto fail;
    if (!(sh->ktpl = calloc(sh->ntpl + 1, sizeof *sh->ktpl))) {
        cli_nomem();
        goto fail;
    }
    for (i = 0; i < sh->ntpl; i++)
        if (own_key(sh, sh->tpls[i].sender) >= 0)
            sh->ktpl[sh->nktpl++] = i;
    opts.profile = "mailbox";
    opts.policy = sh->pol;
    st = amc_validator_new(&opts, NULL, &v);
    if (st != AMC_OK) {
        if (st == AMC_ENOMEM)
            cli_nomem();
        goto fail;
    }
    for (i = 0; i < sh->nktpl && !cli_nomem_seen(); i++) {
        smsg m;
        memset(&m, 0, sizeof m);
        m.tpl = (unsigned)i;
        m.id = m.nonce = m.att = 1;
        amc_diags_clear(ds);
        if (render_mailbox(sh, ds, &m, true, &out) != 0)
            continue;
        amc_diags_clear(ds);
        amc_validator_reset(v);
        if (amc_validator_check(v, NULL, out.p, out.len, ds, NULL) == AMC_ENOMEM)
            cli_nomem();
        if (amc_diags_errors(ds) == 0)
            sh->ktpl[n++] = sh->ktpl[i];
    }
    sh->nktpl = n;
    amc_validator_free(v);
    free(out.p);
    json_object_put(kro);
    if (n)
        return 0;
    drop_policy(sh);
    return -1;
fail:
    json_object_put(kro);
    drop_policy(sh);
    return -1;
}

/* Reads policy `name` (below base) and the keyring it names; 0 and the four strings (malloc'd)
 * when both read. */
static int read_policy_files(const char *base, const char *name, char **pname, char **pdata,
                             size_t *plen, char **kname, char **kdata, size_t *klen, amc_diags *ds)
{
    char path[4096];
    const char *slash = strrchr(name, '/'), *kr = NULL;
    amc_policy *p = NULL;
    amc_status st = AMC_OK;
    *pname = *pdata = *kname = *kdata = NULL;
    snprintf(path, sizeof path, "%s/%s", base, name);
    errno = 0;
    if (!safe_rel(name) || cli_read_file(path, (size_t)1 << 20, pdata, plen) != 0) {
        if (errno == ENOMEM)
            cli_nomem();
        return -1;
    }
    amc_diags_clear(ds);
    st = amc_policy_read(*pdata, *plen, ds, &p);
    if (st != AMC_OK || !(kr = amc_policy_keyring_file(p)) || !safe_rel(kr) ||
        strlen(name) + strlen(kr) > 2000) {
        if (st == AMC_ENOMEM)
            cli_nomem();
        goto fail;
    }
    *kname = malloc(strlen(name) + strlen(kr) + 1);
    *pname = strdup(name);
    if (!*kname || !*pname) {
        cli_nomem();
        goto fail;
    }
    sprintf(*kname, "%.*s%s", slash ? (int)(slash - name + 1) : 0, name, kr);
    snprintf(path, sizeof path, "%s/%s", base, *kname);
    errno = 0;
    if (cli_read_file(path, (size_t)1 << 20, kdata, klen) != 0) {
        if (errno == ENOMEM)
            cli_nomem();
        goto fail;
    }
    amc_policy_free(p);
    return 0;
fail:
    amc_policy_free(p);
    free(*pname);
    free(*pdata);
    free(*kname);
    *pname = *pdata = *kname = NULL;
    return -1;
}

/* The first policy of the profile's cases (in their order) that names a JSON keyring of two
 * keys or more and under which the templates signed with their sender's key are valid. None:
 * no keyed sessions (not an error). */
static void load_policy(sshared *sh)
{
    char path[4096], base[2048], *buf = NULL;
    size_t len = 0, i = 0;
    json_object *cases = NULL;
    amc_diags *ds = amc_diags_new(0);
    snprintf(base, sizeof base, "%s/%s", suite_dir(sh->run.o), sh->run.o->profile);
    snprintf(path, sizeof path, "%s/cases.json", base);
    errno = 0;
    if (ds && cli_read_file(path, (size_t)1 << 28, &buf, &len) == 0)
        cases = json_tokener_parse(buf);
    else if (!ds || errno == ENOMEM)
        cli_nomem();
    free(buf);
    for (i = 0; json_object_is_type(cases, json_type_array) &&
                i < json_object_array_length(cases) && !sh->pol && !cli_nomem_seen();
         i++) {
        json_object *pv = NULL;
        char *pn = NULL, *pd = NULL, *kn = NULL, *kd = NULL;
        size_t pl = 0, kl = 0, k = 0;
        bool tried = false;
        if (!json_object_object_get_ex(json_object_array_get_idx(cases, i), "policy", &pv) ||
            !json_object_is_type(pv, json_type_string))
            continue;
        for (k = 0; k < i && !tried; k++) { /* each policy once */
            json_object *q = NULL;
            tried = json_object_object_get_ex(json_object_array_get_idx(cases, k), "policy", &q) &&
                    json_object_is_type(q, json_type_string) &&
                    !strcmp(json_object_get_string(q), json_object_get_string(pv));
        }
        if (tried || read_policy_files(base, json_object_get_string(pv), &pn, &pd, &pl, &kn, &kd,
                                       &kl, ds) != 0)
            continue;
        (void)use_policy(sh, pn, pd, pl, kn, kd, kl, true, ds);
    }
    json_object_put(cases);
    amc_diags_free(ds);
}

/* ---- amc's side: one stateful validator, reset per session ---- */

static uint8_t bucket_of(unsigned d)
{
    return d <= 1 ? 0 : d <= 3 ? 1 : d <= 7 ? 2 : d <= 15 ? 3 : 4;
}

/* amc on the first n rendered messages of s; with mark, the coverage is updated. */
static void amc_session(sworker *w, const session *s, size_t n, bool mark, sres *out)
{
    sshared *sh = w->sh;
    amc_validator *v = w->keyed ? w->vp : w->v;
    size_t i = 0, d = 0;
    memset(out, 0, sizeof *out);
    out->valid = true;
    out->first_err = -1;
    amc_validator_reset(v);
    for (i = 0; i < n; i++) {
        amc_diags_clear(w->ds);
        if (amc_validator_check(v, w->j.t.claims_path ? w->names[i] : NULL,
                                w->msg[i].p ? w->msg[i].p : "", w->msg[i].len, w->ds,
                                NULL) == AMC_ENOMEM)
            cli_nomem(); /* amc's result lacks a piece: no finding, the run stops, exit 2 */
        for (d = 0; d < amc_diags_count(w->ds); d++) {
            const amc_diag *x = amc_diags_get(w->ds, d);
            const char *id = amc_code_id(x->code);
            int k = 0;
            if (!id)
                continue;
            list_add(out->codes, sizeof out->codes, id);
            if (x->also_code && amc_code_id(x->also_code))
                list_add(out->codes, sizeof out->codes, amc_code_id(x->also_code));
            if (x->sev == AMC_SEV_ERROR) {
                list_add(out->errs, sizeof out->errs, id);
                if (out->valid) {
                    snprintf(out->rule, sizeof out->rule, "%s", x->rule_id ? x->rule_id : "");
                    out->first_err = (long)i;
                }
                out->valid = false;
            }
            if (mark && w->keyed && x->sev == AMC_SEV_ERROR && rejected(&s->m[i]))
                for (k = 0; k < NKCODE; k++)
                    if (!strcmp(KCODES[k], id) && !sh->kcode_seen[k]) {
                        pthread_mutex_lock(&sh->run.mu);
                        if (!sh->kcode_seen[k]) {
                            sh->kcode_seen[k] = true;
                            sh->nkcode_seen++;
                        }
                        pthread_mutex_unlock(&sh->run.mu);
                    }
            if (mark && (k = scode_index(sh, id)) >= 0 && s->m[i].reuse != RU_NONE) {
                uint8_t b = bucket_of(s->m[i].dist);
                if (!sh->reached[k][b] || !sh->code_seen[k]) {
                    pthread_mutex_lock(&sh->run.mu);
                    if (!sh->code_seen[k]) {
                        sh->code_seen[k] = true;
                        sh->ncode_seen++;
                    }
                    if (!sh->reached[k][b]) {
                        sh->reached[k][b] = true;
                        sh->nreached++;
                    }
                    pthread_mutex_unlock(&sh->run.mu);
                }
            }
        }
    }
}

/* ---- the implementation's side ---- */

/* reset + one stateful validate of the first n rendered messages. */
static void impl_session(sworker *w, size_t n, double deadline, fz_result *res)
{
    cli_sb b = {NULL, 0, 0, false};
    long long seq = 0;
    size_t i = 0;
    memset(res, 0, sizeof *res);
    if (!fz_target_ready(&w->j.t, deadline, res))
        return;
    seq = fz_target_seq(&w->j.t);
    cli_sb_printf(&b, "{\"seq\":%lld,\"op\":\"reset\"}", seq);
    if (b.failed) {
        cli_nomem();
        free(b.p);
        res->out = FZ_R_CUT;
        return;
    }
    fz_target_request(&w->j.t, "reset", b.p, b.len, seq, deadline, res);
    if (res->out != FZ_R_VERDICT || ((amc_conform_reply *)res->reply)->kind != AMC_CONFORM_R_OK) {
        if (res->out == FZ_R_VERDICT) {
            res->out = FZ_R_GARBAGE;
            snprintf(res->cls, sizeof res->cls, "reset");
            snprintf(res->detail, sizeof res->detail, "the reply to reset is not ok");
        }
        free(b.p);
        return;
    }
    fz_result_clear(res);
    b.len = 0;
    if (!fz_target_ready(&w->j.t, deadline, res)) {
        free(b.p);
        return;
    }
    seq = fz_target_seq(&w->j.t);
    cli_sb_printf(&b,
                  "{\"seq\":%lld,\"op\":\"validate\",\"case\":\"fuzz-stateful-%u-%lu\","
                  "\"profile\":",
                  seq, w->j.idx, w->j.units + 1);
    cli_sb_str(&b, w->j.t.profile);
    cli_sb_puts(&b, ",\"stateful\":true,\"files\":[");
    for (i = 0; i < n; i++) {
        char *enc = cli_base64_encode(w->msg[i].p ? w->msg[i].p : "", w->msg[i].len);
        if (!enc) {
            b.failed = true;
            break;
        }
        cli_sb_puts(&b, i ? ",{\"name\":" : "{\"name\":");
        cli_sb_str(&b, w->names[i]);
        cli_sb_puts(&b, ",\"data\":\"");
        cli_sb_puts(&b, enc);
        cli_sb_puts(&b, "\"}");
        free(enc);
    }
    cli_sb_puts(&b, "]");
    if (w->keyed)
        cli_sb_puts(&b, w->sh->pol_req);
    cli_sb_puts(&b, "}");
    if (b.failed) {
        cli_nomem(); /* the session is not sent: the run stops, exit 2 */
        free(b.p);
        res->out = FZ_R_CUT;
        return;
    }
    {
        double per = w->j.t.timeout; /* per 100 messages */
        w->j.t.timeout = per * (double)(1 + n / 100);
        fz_target_request(&w->j.t, "validate", b.p, b.len, seq, deadline, res);
        w->j.t.timeout = per;
    }
    free(b.p);
    if (res->out != FZ_R_VERDICT)
        return;
    (void)fz_result_verdict(res);
}

/* ---- the oracle ---- */

/* Whether (a, r) is a finding; its class into cls. */
static bool classify(const sshared *sh, bool claims_codes, const sres *a, const fz_result *r,
                     char *cls, size_t n)
{
    const char *p = NULL;
    size_t i = 0;
    switch (r->out) {
    case FZ_R_CRASH:
    case FZ_R_HANG:
    case FZ_R_GARBAGE:
        snprintf(cls, n, "%s:%s",
                 r->out == FZ_R_CRASH  ? "crash"
                 : r->out == FZ_R_HANG ? "hang"
                                       : "garbage",
                 r->out == FZ_R_HANG ? "timeout"
                 : r->cls[0]         ? r->cls
                                     : "?");
        return true;
    case FZ_R_VERDICT:
        break;
    case FZ_R_CUT:
    case FZ_R_UNREACHED:
        return false;
    }
    if (r->valid != a->valid) {
        snprintf(cls, n, "%s", r->valid ? "impl-valid" : "impl-invalid");
        return true;
    }
    if (!claims_codes)
        return false;
    /* every error code amc reports */
    for (p = a->errs; *p;) {
        char id[128];
        size_t k = 0;
        while (*p == ' ')
            p++;
        k = strcspn(p, " ");
        if (!k)
            break;
        snprintf(id, sizeof id, "%.*s", (int)k, p);
        if (!fz_has_code(r->codes, id)) {
            snprintf(cls, n, "missing:%s", id);
            return true;
        }
        p += k;
    }
    /* the session rules' codes, both ways */
    for (i = 0; i < sh->nscodes; i++) {
        bool in_a = fz_has_code(a->codes, sh->scodes[i]);
        bool in_r = fz_has_code(r->codes, sh->scodes[i]);
        if (in_a != in_r) {
            snprintf(cls, n, "%s:%s", in_a ? "missing" : "extra", sh->scodes[i]);
            return true;
        }
    }
    return false;
}

/* Runs the first n messages of s through both sides; true when a finding shows, its class in
 * cls (when not NULL), amc's result in a; *cut when the exchange could not run. */
typedef struct outcome {
    sres a;
    fz_result r;
    char cls[200];
    bool hit, cut;
} outcome;

static void run_both(sworker *w, const session *s, size_t n, double deadline, bool mark,
                     outcome *oc)
{
    memset(oc, 0, sizeof *oc);
    if (render(w, s, n) != 0) {
        oc->cut = true;
        return;
    }
    amc_session(w, s, n, mark, &oc->a);
    impl_session(w, n, deadline, &oc->r);
    oc->cut = oc->r.out == FZ_R_CUT || oc->r.out == FZ_R_UNREACHED || cli_nomem_seen();
    oc->hit = !cli_nomem_seen() && /* out of memory: a difference may be ours */
              classify(w->sh, w->j.t.claims_codes, &oc->a, &oc->r, oc->cls, sizeof oc->cls);
}

/* ---- generation ---- */

static unsigned pick_dist(sworker *w, int code, size_t i)
{
    static const unsigned lo[NBUCKET] = {1, 2, 4, 8, 16}, hi[NBUCKET] = {1, 3, 7, 15, 40};
    sshared *sh = w->sh;
    unsigned b = (unsigned)fz_below(&w->rng, NBUCKET), d = 0, k = 0;
    if (code >= 0 && fz_pct(&w->rng, 60)) { /* steer: a distance not reached yet */
        unsigned open[NBUCKET], no = 0;
        for (k = 0; k < NBUCKET; k++)
            if (!sh->reached[code][k])
                open[no++] = k;
        if (no)
            b = open[fz_below(&w->rng, no)];
    }
    d = lo[b] + (unsigned)fz_below(&w->rng, hi[b] - lo[b] + 1);
    return d > i ? (unsigned)i : d;
}

static unsigned other_sender_tpl(sworker *w, bool keyed, unsigned t)
{
    sshared *sh = w->sh;
    unsigned nt = ntpl_of(sh, keyed), k = 0, start = (unsigned)fz_below(&w->rng, nt);
    for (k = 0; k < nt; k++) {
        unsigned c = (start + k) % nt;
        if (strcmp(tpl_at(sh, keyed, c)->sender, tpl_at(sh, keyed, t)->sender))
            return c;
    }
    return t;
}

/* A key mutation; mostly (steering) one whose code amc has not reported yet. */
static unsigned char pick_kmut(sworker *w)
{
    static const unsigned char by_code[NKCODE][3] = {{KM_SECRET, KM_TAMPER, KM_SHA256},
                                                     {KM_UNKNOWN, KM_UNKNOWN, KM_UNKNOWN},
                                                     {KM_OTHER, KM_OTHER, KM_OTHER}};
    sshared *sh = w->sh;
    unsigned open[NKCODE], no = 0, k = 0;
    for (k = 0; k < NKCODE; k++)
        if (!sh->kcode_seen[k])
            open[no++] = k;
    if (no && fz_pct(&w->rng, 60))
        return by_code[open[fz_below(&w->rng, no)]][fz_below(&w->rng, 3)];
    return (unsigned char)(KM_OTHER + fz_below(&w->rng, KM_N - KM_OTHER));
}

/* Whether the adapter gets sessions under a policy (it claims <profile>.policy). */
static bool claims_policy(const sworker *w)
{
    char cap[128];
    snprintf(cap, sizeof cap, "%s.policy", w->j.t.profile ? w->j.t.profile : "");
    return w->j.t.mode == FZ_MODE_ADAPTER && w->j.t.ad.hello &&
           amc_conform_claims(w->j.t.ad.hello, cap);
}

static size_t pick_len(sworker *w)
{
    unsigned p = (unsigned)fz_below(&w->rng, 100);
    return p < 55   ? 2 + fz_below(&w->rng, 11)
           : p < 88 ? 13 + fz_below(&w->rng, 28)
                    : 41 + fz_below(&w->rng, MAX_MSGS - 40);
}

static void gen_mailbox(sworker *w, session *s)
{
    sshared *sh = w->sh;
    fz_rng *r = &w->rng;
    size_t n = pick_len(w), i = 0;
    unsigned ntasks = 1 + (unsigned)fz_below(r, 3), next_id = 1, next_nonce = 1;
    unsigned focus = (unsigned)fz_below(r, 7);
    long long cur[3] = {0, 0, 0};
    bool seen[3] = {false, false, false};
    int cdup = scode_index(sh, "MAILBOX_DUPLICATE_DELIVERY");
    int cconf = scode_index(sh, "MAILBOX_MSG_ID_CONFLICT");
    int cnonce = scode_index(sh, "MAILBOX_NONCE_REUSED");
    int cord = scode_index(sh, "MAILBOX_RESYNC_REQUIRED");
    unsigned nt = 0;
    s->n = 0;
    s->keyed = sh->nktpl && claims_policy(w) && fz_pct(r, KEYED_PCT);
    nt = ntpl_of(sh, s->keyed);
    for (i = 0; i < n; i++) {
        smsg m;
        unsigned kind = RU_NONE, pct = (unsigned)fz_below(r, 100);
        /* focus RU_REDELIVER..RU_REJECTED: that kind is likelier; focus 0 mixes */
        unsigned w_each = focus == 0 ? 7 : 4, w_focus = 24;
        if (i > 0) {
            unsigned acc = 0, k = 0;
            for (k = RU_REDELIVER; k <= RU_REJECTED; k++) {
                acc += k == focus ? w_focus : w_each;
                if (pct < acc) {
                    kind = k;
                    break;
                }
            }
        }
        memset(&m, 0, sizeof m);
        m.tpl = (unsigned)fz_below(r, nt);
        m.id = next_id++;
        m.nonce = next_nonce++;
        m.task = (unsigned)fz_below(r, ntasks);
        m.sv = seen[m.task] ? cur[m.task] + (fz_pct(r, 75) ? 1 : 0) : (long long)fz_below(r, 3);
        m.att = 1;
        m.variant = 0;
        switch (kind) {
        case RU_REDELIVER: {
            unsigned d = pick_dist(w, cdup, i);
            m = s->m[i - d];
            m.att = m.att + (fz_pct(r, 50) ? 1 : 0);
            m.att = m.att > 3 ? 3 : m.att;
            m.badsig = false;
            m.dist = (unsigned char)d;
            break;
        }
        case RU_CONFLICT: {
            unsigned d = pick_dist(w, cconf, i);
            const smsg *o = &s->m[i - d];
            m.tpl = o->tpl;
            m.id = o->id;
            if (fz_pct(r, 60))
                m.variant = o->variant + 1 + (unsigned)fz_below(r, 3);
            else
                m.task = (o->task + 1) % 3;
            m.dist = (unsigned char)d;
            break;
        }
        case RU_KEYS: {
            unsigned d = pick_dist(w, -1, i);
            const smsg *o = &s->m[i - d];
            m.tpl = other_sender_tpl(w, s->keyed, o->tpl);
            m.id = o->id;
            if (fz_pct(r, 30))
                m.nonce = o->nonce;
            m.dist = (unsigned char)d;
            break;
        }
        case RU_NONCE: {
            unsigned d = pick_dist(w, cnonce, i);
            const smsg *o = &s->m[i - d];
            m.nonce = o->nonce;
            m.tpl = fz_pct(r, 70) ? o->tpl : other_sender_tpl(w, s->keyed, o->tpl);
            m.dist = (unsigned char)d;
            break;
        }
        case RU_ORDER: {
            long long step[] = {-1, -2, 0, 2, 3, 1};
            size_t k = 0, last = 0;
            bool any = false;
            m.sv = seen[m.task] ? cur[m.task] + step[fz_below(r, 6)] : m.sv;
            m.sv = m.sv < 0 ? 0 : m.sv;
            for (k = 0; k < i; k++)
                if (s->m[k].task == m.task) {
                    last = k;
                    any = true;
                }
            m.dist = (unsigned char)(any ? (i - last > 255 ? 255 : i - last) : 0);
            (void)cord;
            break;
        }
        case RU_REJECTED:
            m.badsig = true;
            break;
        default:
            break;
        }
        m.reuse = (unsigned char)kind;
        /* keyed: the sender's own key or the shared one (a key change), now and then a key
         * mutation (a redelivery keeps the original's) */
        if (s->keyed && kind != RU_REDELIVER) {
            m.key = fz_pct(r, 20) ? 1 : 0;
            m.kmut = KM_NONE;
            if (kind != RU_REJECTED && fz_pct(r, 16)) {
                m.kmut = pick_kmut(w);
                m.key = (unsigned char)fz_below(r, 4);
                m.variant += m.kmut == KM_TAMPER ? 1 : 0;
            }
        }
        /* a message rejected on purpose, and (focus) later messages re-using its id or nonce */
        if (kind != RU_REJECTED && kind != RU_REDELIVER && i > 0 && fz_pct(r, 6)) {
            size_t k = 0;
            for (k = i; k-- > 0;)
                if (rejected(&s->m[k])) {
                    if (fz_pct(r, 50))
                        m.id = s->m[k].id;
                    else
                        m.nonce = s->m[k].nonce;
                    m.reuse = RU_REJECTED;
                    m.dist = (unsigned char)(i - k > 255 ? 255 : i - k);
                    break;
                }
        }
        if (!rejected(&m) && (!seen[m.task] || m.sv == cur[m.task] || m.sv == cur[m.task] + 1)) {
            cur[m.task] = m.sv > cur[m.task] || !seen[m.task] ? m.sv : cur[m.task];
            seen[m.task] = true;
        }
        if (sess_push(s, &m) != 0)
            break;
    }
}

static void gen_other(sworker *w, session *s)
{
    sshared *sh = w->sh;
    size_t n = 1 + fz_below(&w->rng, 16), i = 0;
    s->n = 0;
    for (i = 0; i < n; i++) {
        smsg m;
        memset(&m, 0, sizeof m);
        if (i > 0 && fz_pct(&w->rng, 30)) {
            m = s->m[fz_below(&w->rng, i)];
            m.reuse = RU_REDELIVER;
        } else {
            size_t k = fz_below(&w->rng, sh->nseeds), tries = 0;
            /* mostly valid messages */
            while (!sh->seeds[k].valid && fz_pct(&w->rng, 85) && tries++ < 16)
                k = fz_below(&w->rng, sh->nseeds);
            m.tpl = (unsigned)k;
        }
        if (sess_push(s, &m) != 0)
            break;
    }
}

/* ---- shrinking ---- */

typedef struct sprobe {
    sworker *w;
    const char *cls;
    char errs[1024]; /* verdict classes: amc's errors must stay a subset of these */
    double deadline;
    bool cut;
    unsigned long calls;
    outcome last; /* the last run that showed the class (the results of the kept session) */
} sprobe;

static bool same_class(const sprobe *p, const outcome *oc)
{
    if (!oc->hit || strcmp(oc->cls, p->cls))
        return false;
    if (!strcmp(p->cls, "impl-valid"))
        return oc->a.errs[0] && list_subset(oc->a.errs, p->errs);
    return true;
}

static bool still(sprobe *p, const session *s)
{
    outcome oc;
    bool hit = false;
    p->calls++;
    run_both(p->w, s, s->n, p->deadline, false, &oc);
    if (oc.cut)
        p->cut = true;
    hit = same_class(p, &oc);
    if (hit) {
        amc_conform_reply_free(oc.r.reply);
        oc.r.reply = NULL;
        p->last = oc;
    } else {
        fz_result_clear(&oc.r);
    }
    return hit;
}

static bool budget_left(const sprobe *p, size_t budget)
{
    return p->calls < budget && !p->cut && fz_now() < p->deadline && !fz_interrupted &&
           !cli_nomem_seen();
}

/* Tries cand (a changed copy of *best); keeps it when the class still shows. */
static bool try_cand(sprobe *p, session *best, session *cand)
{
    if (still(p, cand)) {
        session t = *best;
        *best = *cand;
        *cand = t;
        return true;
    }
    return false;
}

static unsigned *field(smsg *m, int f)
{
    return f == 0 ? &m->id : f == 1 ? &m->nonce : &m->task;
}

/* Shrinks *best (in place) while the class shows. */
static void shrink(sworker *w, sprobe *p, session *best, size_t budget)
{
    session cand = {NULL, 0, 0, false};
    bool progress = true;
    cand.keyed = best->keyed;
    while (progress && budget_left(p, budget)) {
        size_t chunk = 0, i = 0;
        int f = 0;
        progress = false;
        /* drop runs of messages, halves first */
        for (chunk = best->n / 2; chunk >= 1 && budget_left(p, budget); chunk /= 2) {
            for (i = 0; i + chunk <= best->n && best->n > 1 && budget_left(p, budget);) {
                size_t k = 0;
                cand.n = 0;
                for (k = 0; k < best->n; k++)
                    if ((k < i || k >= i + chunk) && sess_push(&cand, &best->m[k]) != 0)
                        goto out; /* out of memory (said): the finding is not saved */
                if (cand.n && try_cand(p, best, &cand))
                    progress = true;
                else
                    i += chunk;
            }
        }
        if (!w->sh->mailbox)
            continue;
        /* merge ids, nonces, tasks: every use of value b becomes a (a < b) */
        for (f = 0; f < 3 && budget_left(p, budget); f++) {
            unsigned vals[MAX_MSGS];
            size_t nv = 0, a = 0, b = 0, k = 0;
            for (k = 0; k < best->n && nv < MAX_MSGS; k++) {
                unsigned v = *field(&best->m[k], f);
                size_t j = 0;
                for (j = 0; j < nv && vals[j] != v; j++)
                    ;
                if (j == nv)
                    vals[nv++] = v;
            }
            for (b = nv; b-- > 1 && budget_left(p, budget);)
                for (a = 0; a < b && budget_left(p, budget); a++) {
                    if (sess_copy(&cand, best) != 0)
                        break;
                    for (k = 0; k < cand.n; k++)
                        if (*field(&cand.m[k], f) == vals[b])
                            *field(&cand.m[k], f) = vals[a];
                    if (try_cand(p, best, &cand)) {
                        progress = true;
                        break;
                    }
                }
        }
        /* simpler values per message: attempt 1, variant 0, template 0, state_version lower */
        for (i = 0; i < best->n && budget_left(p, budget); i++) {
            smsg m0 = best->m[i];
            smsg opts[6];
            size_t no = 0, k = 0;
            if (m0.att > 1) {
                opts[no] = m0;
                opts[no++].att = 1;
            }
            if (m0.variant) {
                opts[no] = m0;
                opts[no++].variant = 0;
            }
            if (m0.tpl) {
                opts[no] = m0;
                opts[no++].tpl = 0;
            }
            if (m0.sv > 0) {
                opts[no] = m0;
                opts[no++].sv = m0.sv - 1;
            }
            if (m0.kmut != KM_NONE) {
                opts[no] = m0;
                opts[no++].kmut = KM_NONE;
            }
            if (m0.key) {
                opts[no] = m0;
                opts[no++].key = 0;
            }
            for (k = 0; k < no && budget_left(p, budget); k++) {
                if (sess_copy(&cand, best) != 0)
                    break;
                cand.m[i] = opts[k];
                if (try_cand(p, best, &cand)) {
                    progress = true;
                    break;
                }
            }
        }
    }
    /* ids, nonces and tasks renumbered by first use (1, 2, ...) */
    if (w->sh->mailbox && budget_left(p, budget + 1) && sess_copy(&cand, best) == 0) {
        int f = 0;
        for (f = 0; f < 3; f++) {
            unsigned map[MAX_MSGS][2];
            size_t nm = 0, k = 0, j = 0;
            for (k = 0; k < cand.n; k++) {
                unsigned *v = field(&cand.m[k], f);
                for (j = 0; j < nm && map[j][0] != *v; j++)
                    ;
                if (j == nm && nm < MAX_MSGS) {
                    map[nm][0] = *v;
                    map[nm][1] = (unsigned)(f == 2 ? nm : nm + 1);
                    nm++;
                }
                if (j < nm)
                    *v = map[j][1];
            }
        }
        (void)try_cand(p, best, &cand);
    }
out:
    free(cand.m);
}

/* ---- findings ---- */

static uint32_t fnv(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static const char *rule_of_code(const char *profile, const char *id)
{
    size_t i = 0;
    for (i = 0; i < amc_rule_count(); i++) {
        const amc_rule *r = amc_rule_at(i);
        if (!strcmp(r->profile, profile) && !strcmp(amc_code_id(r->code), id))
            return r->id;
    }
    return NULL;
}

/* The case (conformance/README.md, a session case) of the session rendered in w, its files
 * named below dirname, as a JSON text. */
static char *case_json(sworker *w, size_t n, const char *cid, const char *dirname, const char *desc,
                       const sres *a, const char *cls)
{
    sshared *sh = w->sh;
    cli_sb b = {NULL, 0, 0, false};
    const char *rule = NULL;
    const amc_rule *ri = NULL;
    char codes[1024] = "";
    size_t i = 0;
    const char *p = NULL;
    /* expected codes: amc's errors and its session-rule codes */
    for (p = a->errs; *p == ' '; p++)
        ;
    snprintf(codes, sizeof codes, "%s", a->errs);
    for (i = 0; i < sh->nscodes; i++)
        if (fz_has_code(a->codes, sh->scodes[i]))
            list_add(codes, sizeof codes, sh->scodes[i]);
    if (!strncmp(cls, "missing:", 8) || !strncmp(cls, "extra:", 6))
        rule = rule_of_code(sh->run.o->profile, strchr(cls, ':') + 1);
    if (!rule && a->rule[0])
        rule = a->rule;
    for (i = 0; !rule && i < sh->nscodes; i++)
        if (!fz_has_code(a->codes, sh->scodes[i]))
            rule = sh->srules[i];
    if (!rule && sh->nscodes)
        rule = sh->srules[0];
    ri = rule ? amc_rule_find(rule) : NULL;
    cli_sb_puts(&b, "{\n  \"id\": ");
    cli_sb_str(&b, cid);
    cli_sb_puts(&b, ",\n  \"description\": ");
    cli_sb_str(&b, desc);
    cli_sb_puts(&b, ",\n  \"rule\": ");
    cli_sb_str(&b, ri ? ri->id : "?");
    cli_sb_puts(&b, ",\n  \"level\": ");
    cli_sb_str(&b, ri ? amc_rule_level_str(ri->level) : "MUST");
    cli_sb_puts(&b, ",\n  \"tags\": [\"fuzz\", \"stateful\"],\n  \"session\": [");
    for (i = 0; i < n; i++) {
        char path[200];
        snprintf(path, sizeof path, "%s/%s", dirname, w->names[i]);
        cli_sb_puts(&b, i ? ",\n    " : "\n    ");
        cli_sb_str(&b, path);
    }
    cli_sb_puts(&b, "\n  ],");
    if (w->keyed) {
        char path[2200];
        snprintf(path, sizeof path, "%s/%s", dirname, sh->pol_name);
        cli_sb_puts(&b, "\n  \"policy\": ");
        cli_sb_str(&b, path);
        cli_sb_puts(&b, ",");
    }
    cli_sb_printf(&b, "\n  \"verdict\": \"%s\",\n  \"codes\": ", a->valid ? "valid" : "invalid");
    fz_list_json(&b, codes);
    cli_sb_puts(&b, "\n}\n");
    return fz_sb_take(&b);
}

static int mkdirs_for(const char *path);

/* Writes the rendered messages as DIR/<fid>/<name>; a keyed session's policy and keyring at
 * their paths below DIR/<fid>/ too. */
static int write_session(sworker *w, size_t n, const char *dir, const char *fid)
{
    const sshared *sh = w->sh;
    char path[4096];
    size_t i = 0;
    snprintf(path, sizeof path, "%s/%s", dir, fid);
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
        return -1;
    for (i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s/%s", dir, fid, w->names[i]);
        if (fz_write_file(path, w->msg[i].p ? w->msg[i].p : "", w->msg[i].len) != 0)
            return -1;
    }
    if (w->keyed) {
        snprintf(path, sizeof path, "%s/%s/%s", dir, fid, sh->pol_name);
        if (mkdirs_for(path) != 0 || fz_write_file(path, sh->pol_data, sh->pol_len) != 0)
            return -1;
        snprintf(path, sizeof path, "%s/%s/%s", dir, fid, sh->kr_name);
        if (mkdirs_for(path) != 0 || fz_write_file(path, sh->kr_data, sh->kr_len) != 0)
            return -1;
    }
    return 0;
}

static void on_finding(sworker *w, const outcome *oc0)
{
    sshared *sh = w->sh;
    sprobe p;
    session best = {NULL, 0, 0, false};
    outcome oc;
    fz_finding f;
    char raw[1024], sig[1024], fid[64], cid[80], desc[700], where[160] = "";
    double sd =
        sh->run.deadline > fz_now() + SHRINK_GRACE ? sh->run.deadline : fz_now() + SHRINK_GRACE;
    size_t orig = w->cur.n, k = 0;
    long at = -1;
    bool verdict = !strncmp(oc0->cls, "impl-", 5);
    cli_sb b = {NULL, 0, 0, false};
    snprintf(raw, sizeof raw, "stateful|%.150s|%.800s", oc0->cls, verdict ? oc0->a.errs : "");
    if (cli_nomem_seen() || !fz_store_claim(&sh->run.store, raw))
        return;
    memset(&p, 0, sizeof p);
    memset(&f, 0, sizeof f);
    p.w = w;
    p.cls = oc0->cls;
    snprintf(p.errs, sizeof p.errs, "%s", oc0->a.errs);
    p.deadline = sd;
    p.last = *oc0;
    p.last.r.reply = NULL; /* the caller's */
    if (sess_copy(&best, &w->cur) != 0) {
        free(best.m);
        return;
    }
    shrink(w, &p, &best, strncmp(oc0->cls, "hang:", 5) ? SHRINK_BUDGET : 100);
    if (cli_nomem_seen()) { /* the shrunk session may be ours: not saved, exit 2 */
        free(best.m);
        return;
    }
    f.shrink_runs = p.calls;
    /* the first message whose prefix session diverges */
    for (k = 1; k <= best.n && k <= 64 && !fz_interrupted; k++) {
        run_both(w, &best, k, sd, false, &oc);
        if (oc.hit) {
            at = (long)k;
            fz_result_clear(&oc.r);
            break;
        }
        fz_result_clear(&oc.r);
        if (oc.cut)
            break;
    }
    /* the kept session's results (from its last run) and its rendering in w */
    oc = p.last;
    if (render(w, &best, best.n) != 0) {
        free(best.m);
        return;
    }
    snprintf(sig, sizeof sig, "stateful|%.150s|%.800s", oc.cls, verdict ? oc.a.errs : "");
    memcpy(f.sig, sig, sizeof f.sig);
    snprintf(f.ext, sizeof f.ext, "json");
    snprintf(fid, sizeof fid, "stateful-%08x", fnv(sig)); /* = the finding's id */
    snprintf(cid, sizeof cid, "fuzz-%s", fid);
    f.kind = FZ_K_STATEFUL;
    f.found_at = w->j.units;
    f.orig_size = orig;
    f.min_size = best.n;
    f.unit = "messages";
    if (at > 0)
        snprintf(where, sizeof where, ", first at message %ld of %zu", at, best.n);
    if (!strcmp(oc.cls, "impl-valid"))
        snprintf(f.summary, sizeof f.summary,
                 "implementation says the session is valid, amc says invalid (%.*s)%s",
                 (int)(strlen(oc.a.errs) > 2 ? strlen(oc.a.errs) - 2 : 0), oc.a.errs + 1, where);
    else if (!strcmp(oc.cls, "impl-invalid"))
        snprintf(f.summary, sizeof f.summary,
                 "implementation says the session is invalid%s%.*s, amc says valid%s",
                 oc.r.has_codes ? " (" : "",
                 oc.r.has_codes ? (int)(strlen(oc.r.codes) > 2 ? strlen(oc.r.codes) - 2 : 0) : 0,
                 oc.r.codes[0] ? oc.r.codes + 1 : "", where);
    else if (!strncmp(oc.cls, "missing:", 8))
        snprintf(f.summary, sizeof f.summary, "the implementation does not report %s%s", oc.cls + 8,
                 where);
    else if (!strncmp(oc.cls, "extra:", 6))
        snprintf(f.summary, sizeof f.summary, "the implementation reports %s, amc does not%s",
                 oc.cls + 6, where);
    else
        snprintf(f.summary, sizeof f.summary, "%.100s: %.200s%.90s", oc.cls, oc.r.detail, where);
    if (!strcmp(oc.cls, "impl-invalid") && oc.r.has_codes && f.summary[0]) {
        /* "(" + codes: close the parenthesis */
        char *q = strstr(f.summary, ", amc says valid");
        if (q && oc.r.codes[0]) {
            char tail[300];
            snprintf(tail, sizeof tail, ")%s", q);
            snprintf(q, sizeof f.summary - (size_t)(q - f.summary), "%s", tail);
        }
    }
    snprintf(desc, sizeof desc, "Found by amc fuzz --stateful (seed %llu): %s",
             (unsigned long long)sh->run.o->seed, f.summary);
    f.data = case_json(w, best.n, cid, fid, desc, &oc.a, oc.cls);
    f.len = f.data ? strlen(f.data) : 0;
    if (oc.r.out == FZ_R_VERDICT) {
        cli_sb_printf(&b, "{\"verdict\":\"%s\"", oc.r.valid ? "valid" : "invalid");
        if (oc.r.has_codes) {
            cli_sb_puts(&b, ",\"codes\":");
            fz_list_json(&b, oc.r.codes);
        }
        cli_sb_puts(&b, "}");
    } else {
        cli_sb_printf(&b, "{\"outcome\":\"%s\",\"detail\":",
                      oc.r.out == FZ_R_CRASH  ? "crash"
                      : oc.r.out == FZ_R_HANG ? "hang"
                                              : "garbage");
        cli_sb_str(&b, oc.r.detail);
        cli_sb_puts(&b, "}");
    }
    f.json_impl = fz_sb_take(&b);
    memset(&b, 0, sizeof b);
    cli_sb_printf(&b, "{\"verdict\":\"%s\",\"codes\":", oc.a.valid ? "valid" : "invalid");
    fz_list_json(&b, oc.a.codes);
    if (oc.a.rule[0]) {
        cli_sb_puts(&b, ",\"rule\":");
        cli_sb_str(&b, oc.a.rule);
    }
    cli_sb_puts(&b, "}");
    f.json_amc = fz_sb_take(&b);
    memset(&b, 0, sizeof b);
    if (!strncmp(oc.cls, "missing:", 8) || !strncmp(oc.cls, "extra:", 6)) {
        cli_sb_puts(&b, "[");
        cli_sb_str(&b, strchr(oc.cls, ':') + 1);
        cli_sb_puts(&b, "]");
    } else {
        fz_list_json(&b, oc.a.errs);
    }
    f.json_codes = fz_sb_take(&b);
    memset(&b, 0, sizeof b);
    cli_sb_puts(&b, "\"class\":");
    cli_sb_str(&b, oc.cls);
    cli_sb_printf(&b, ",\"message\":%ld", at > 0 ? at : 0);
    if (at > 0) {
        cli_sb_puts(&b, ",\"message_name\":");
        cli_sb_str(&b, w->names[at - 1]);
    }
    cli_sb_puts(&b, ",\"case_id\":");
    cli_sb_str(&b, cid);
    f.json_extra = fz_sb_take(&b);
    fz_result_clear(&oc.r);
    if (!f.data || !f.json_impl || !f.json_amc || !f.json_codes || !f.json_extra)
        cli_nomem(); /* a piece of the finding is missing: not saved (fz_store_add), exit 2 */
    if (fz_store_add(&sh->run.store, &f)) {
        if (write_session(w, best.n, sh->run.o->out, fid) != 0) {
            fprintf(stderr, "amc fuzz: cannot write the session %s/%s: %s\n", sh->run.o->out, fid,
                    strerror(errno));
            fz_store_write_failed(&sh->run.store); /* exit 2: the case lacks its messages */
        }
        if (sh->run.o->verbose)
            fprintf(stderr, "\namc fuzz: stateful finding: %s [%zu -> %zu messages]\n",
                    sh->run.store.v[sh->run.store.n - 1].summary, orig, best.n);
    }
    fz_finding_free(&f);
    free(best.m);
}

/* ---- the run ---- */

static void *worker_main(void *arg)
{
    sworker *w = arg;
    sshared *sh = w->sh;
    while (!fz_job_done(&w->j) && !cli_nomem_seen()) { /* out of memory: the run stops, exit 2 */
        outcome oc;
        if (sh->mailbox)
            gen_mailbox(w, &w->cur);
        else
            gen_other(w, &w->cur);
        if (w->cur.n == 0)
            break;
        run_both(w, &w->cur, w->cur.n, sh->run.deadline, true, &oc);
        if (oc.r.out == FZ_R_CUT) {
            fz_result_clear(&oc.r);
            continue;
        }
        if (oc.r.out == FZ_R_UNREACHED) {
            fz_job_unreachable(&w->j, oc.r.detail);
            fz_result_clear(&oc.r);
            break;
        }
        fz_job_count(&w->j, w->cur.n);
        if (w->cur.keyed) {
            pthread_mutex_lock(&sh->run.mu);
            sh->keyed_units++;
            pthread_mutex_unlock(&sh->run.mu);
        }
        if (oc.hit)
            on_finding(w, &oc);
        fz_result_clear(&oc.r);
    }
    fz_job_finish(&w->j);
    return NULL;
}

static void coverage_line(const sshared *sh, char *buf, size_t n)
{
    if (!sh->nscodes)
        snprintf(buf, n, "no session rules in amc for %s", sh->run.o->profile);
    else if (sh->keyed_units)
        snprintf(buf, n, "session rules %zu/%zu, reuse distances %zu/%zu, key rules %zu/%d",
                 sh->ncode_seen, sh->nscodes, sh->nreached, sh->nscodes * NBUCKET, sh->nkcode_seen,
                 NKCODE);
    else
        snprintf(buf, n, "session rules %zu/%zu, reuse distances %zu/%zu", sh->ncode_seen,
                 sh->nscodes, sh->nreached, sh->nscodes * NBUCKET);
}

static void progress(void *ctx, bool final)
{
    sshared *sh = ctx;
    char extra[200];
    pthread_mutex_lock(&sh->run.mu);
    coverage_line(sh, extra, sizeof extra);
    pthread_mutex_unlock(&sh->run.mu);
    fz_progress_line(&sh->run, "sessions", extra, final);
}

static void summary(void *ctx, const fz_target *t0)
{
    sshared *sh = ctx;
    static const char *const bn[NBUCKET] = {"1", "2-3", "4-7", "8-15", "16+"};
    const fz_opts *o = sh->run.o;
    double t = fz_now() - sh->run.start;
    size_t i = 0, k = 0, shown = 0;
    char cov[200], cap[128];
    bool claims = false;
    snprintf(cap, sizeof cap, "%s.policy", o->profile);
    claims = t0->mode == FZ_MODE_ADAPTER && t0->ad.hello && amc_conform_claims(t0->ad.hello, cap);
    coverage_line(sh, cov, sizeof cov);
    printf("amc fuzz --stateful: profile %s, adapter %s%s%s, seed %llu, %u job%s\n", o->profile,
           o->cmd, sh->run.impl[0] ? " = " : "", sh->run.impl, (unsigned long long)o->seed, o->jobs,
           o->jobs == 1 ? "" : "s");
    printf("%lu sessions (%lu messages) in %.1f s (%.0f/s)%s\n", sh->run.units, sh->run.items, t,
           t > 0 ? (double)sh->run.units / t : 0.0,
           !t0->claims_codes ? ", verdicts only (no codes claimed)" : "");
    printf("coverage: %s\n", cov);
    if (sh->keyed_units || (sh->pol && claims))
        printf("under policy %s (keyring %s): %lu sessions\n", sh->pol_name, sh->kr_name,
               sh->keyed_units);
    else if (sh->mailbox && sh->pol)
        printf("no sessions under policy %s: the implementation does not claim %s.policy\n",
               sh->pol_name, o->profile);
    else if (sh->mailbox && !sh->pol)
        printf("no sessions under a policy: no policy of the suite names a JSON keyring of two "
               "keys under which the templates are valid\n");
    for (k = 0; k < NKCODE && sh->keyed_units; k++)
        if (!sh->kcode_seen[k])
            printf("  not reached: %s in a session under the policy\n", KCODES[k]);
    for (k = 0; k < sh->nscodes; k++)
        for (i = 0; i < NBUCKET && shown < 12; i++)
            if (!sh->reached[k][i]) {
                printf("  not reached: %s at reuse distance %s\n", sh->scodes[k], bn[i]);
                shown++;
            }
    fz_summary_findings(&sh->run, "");
}

static void free_shared(sshared *sh)
{
    size_t i = 0;
    for (i = 0; i < sh->ntpl; i++)
        json_object_put(sh->tpls[i].obj);
    free(sh->tpls);
    for (i = 0; i < sh->nseeds; i++) {
        free(sh->seeds[i].name);
        free(sh->seeds[i].data);
    }
    free(sh->seeds);
    drop_policy(sh);
    fz_run_free(&sh->run);
}

static void free_worker(sworker *w)
{
    size_t i = 0;
    fz_target_close(&w->j.t);
    amc_validator_free(w->v);
    amc_validator_free(w->vp);
    amc_diags_free(w->ds);
    amc_diags_free(w->sigds);
    for (i = 0; i < w->nmsg; i++)
        free(w->msg[i].p);
    free(w->msg);
    free(w->names);
    free(w->cur.m);
}

static int init_worker(sshared *sh, sworker *w, unsigned idx)
{
    const fz_opts *o = sh->run.o;
    amc_validator_opts opts = {NULL, true, NULL, NULL, NULL};
    memset(w, 0, sizeof *w);
    fz_job_init(&w->j, &sh->run, idx);
    w->sh = sh;
    fz_seed(&w->rng, o->seed + 0x9e3779b97f4a7c15ull * idx);
    opts.profile = o->profile;
    w->ds = amc_diags_new(0);
    w->sigds = amc_diags_new(4);
    if (!w->ds || !w->sigds || amc_validator_new(&opts, NULL, &w->v) != AMC_OK)
        return -1;
    opts.policy = sh->pol;
    if (sh->pol && amc_validator_new(&opts, NULL, &w->vp) != AMC_OK)
        return -1;
    return 0;
}

static void session_rules(sshared *sh)
{
    size_t i = 0, k = 0;
    for (i = 0; i < sizeof SESSION_RULES / sizeof SESSION_RULES[0]; i++) {
        if (strcmp(SESSION_RULES[i].profile, sh->run.o->profile))
            continue;
        for (k = 0; k < MAX_SCODES && SESSION_RULES[i].rules[k]; k++) {
            const amc_rule *r = amc_rule_find(SESSION_RULES[i].rules[k]);
            if (!r)
                continue;
            sh->srules[sh->nscodes] = r->id;
            sh->scodes[sh->nscodes++] = amc_code_id(r->code);
        }
    }
}

int fz_run_stateful(const fz_opts *o)
{
    sshared sh;
    sworker *ws = NULL;
    fz_job **jobs = NULL;
    fz_drive_ops d = {"stateful", NULL, worker_main, progress, summary};
    unsigned i = 0;
    int rc = CLI_EXIT_ERROR;
    memset(&sh, 0, sizeof sh);
    if (fz_run_init(&sh.run, o) != 0)
        return CLI_EXIT_ERROR;
    sh.mailbox = !strcmp(o->profile, "mailbox");
    session_rules(&sh);
    if (load_cases(&sh) != 0) {
        free_shared(&sh);
        return CLI_EXIT_ERROR;
    }
    if (sh.mailbox)
        load_policy(&sh);
    if (cli_nomem_seen()) {
        fprintf(stderr, "amc fuzz: out of memory\n");
        free_shared(&sh);
        return CLI_EXIT_ERROR;
    }
    d.ctx = &sh;
    ws = calloc(o->jobs, sizeof *ws);
    jobs = calloc(o->jobs, sizeof *jobs);
    for (i = 0; ws && jobs && i < o->jobs; i++) {
        if (init_worker(&sh, &ws[i], i) != 0)
            break;
        jobs[i] = &ws[i].j;
    }
    if (!ws || !jobs || i < o->jobs)
        fprintf(stderr, "amc fuzz: out of memory\n");
    else
        rc = fz_store_status(&sh.run.store, fz_drive(&sh.run, &d, jobs));
    for (i = 0; ws && i < o->jobs; i++)
        free_worker(&ws[i]);
    free(ws);
    free(jobs);
    free_shared(&sh);
    return fz_drive_emit(o, rc);
}

/* ---- --replay and --emit-cases ---- */

/* The session files of a finding's case (DIR/<input>): paths below dir, in order. */
static json_object *read_case(const char *dir, json_object *fo, char *why, size_t n)
{
    const char *input = fz_jstr(fo, "input");
    char path[4096], *buf = NULL;
    size_t len = 0;
    json_object *c = NULL, *ss = NULL;
    snprintf(path, sizeof path, "%s/%s", dir, input ? input : "");
    if (!input || cli_read_file(path, (size_t)1 << 24, &buf, &len) != 0) {
        snprintf(why, n, "cannot read the case %s", path);
        return NULL;
    }
    c = json_tokener_parse(buf);
    free(buf);
    if (!c || !json_object_object_get_ex(c, "session", &ss) ||
        !json_object_is_type(ss, json_type_array) || json_object_array_length(ss) == 0 ||
        json_object_array_length(ss) > 100000) {
        snprintf(why, n, "%s is not a session case", path);
        json_object_put(c);
        return NULL;
    }
    return c;
}

int fz_replay_stateful(fz_target *t, const char *dir, json_object *fo, char *now, size_t n)
{
    sshared sh;
    sworker w;
    fz_opts o;
    json_object *c = NULL, *ss = NULL;
    const char *want = fz_jstr(fo, "class");
    size_t i = 0, k = 0;
    int hit = -1;
    outcome oc;
    memset(&sh, 0, sizeof sh);
    memset(&o, 0, sizeof o);
    memset(&oc, 0, sizeof oc);
    o.profile = t->profile;
    o.jobs = 1;
    o.timeout = t->timeout;
    sh.run.o = &o;
    sh.mailbox = !strcmp(t->profile, "mailbox");
    session_rules(&sh);
    if (init_worker(&sh, &w, 0) != 0) {
        snprintf(now, n, "out of memory");
        goto out;
    }
    w.j.t = *t; /* borrowed: handed back below */
    if (!(c = read_case(dir, fo, now, n)))
        goto back;
    if (t->mode != FZ_MODE_ADAPTER || !t->claims_stateful) {
        snprintf(now, n, "the implementation does not validate sessions (%s.stateful)", t->profile);
        goto back;
    }
    if (fz_jstr(c, "policy")) { /* a keyed session: the policy and keyring saved with it */
        char *pn = NULL, *pd = NULL, *kn = NULL, *kd = NULL;
        size_t pl = 0, kl = 0;
        amc_validator_opts vo = {NULL, true, NULL, NULL, NULL};
        if (read_policy_files(dir, fz_jstr(c, "policy"), &pn, &pd, &pl, &kn, &kd, &kl, w.ds) != 0 ||
            use_policy(&sh, pn, pd, pl, kn, kd, kl, false, w.ds) != 0) {
            snprintf(now, n, "cannot read the policy %s or its keyring", fz_jstr(c, "policy"));
            goto back;
        }
        vo.profile = t->profile;
        vo.policy = sh.pol;
        if (amc_validator_new(&vo, NULL, &w.vp) != AMC_OK) {
            snprintf(now, n, "out of memory");
            goto back;
        }
        if (!claims_policy(&w)) {
            snprintf(now, n, "the implementation does not read policies (%s.policy)", t->profile);
            goto back;
        }
        w.keyed = true;
    }
    json_object_object_get_ex(c, "session", &ss);
    k = json_object_array_length(ss);
    w.msg = calloc(k, sizeof *w.msg);
    w.names = calloc(k, sizeof *w.names);
    w.nmsg = w.msg && w.names ? k : 0;
    if (!w.nmsg) {
        snprintf(now, n, "out of memory");
        goto back;
    }
    for (i = 0; i < k; i++) {
        const char *rel = json_object_get_string(json_object_array_get_idx(ss, i));
        const char *slash = rel ? strchr(rel, '/') : NULL;
        char path[4096], *buf = NULL;
        size_t len = 0;
        snprintf(path, sizeof path, "%s/%s", dir, rel ? rel : "");
        if (!rel || cli_read_file(path, (size_t)1 << 28, &buf, &len) != 0) {
            snprintf(now, n, "cannot read %s", path);
            goto back;
        }
        cli_sb_put(&w.msg[i], buf, len);
        free(buf);
        snprintf(w.names[i], sizeof w.names[i], "%s", slash ? slash + 1 : rel);
    }
    amc_session(&w, NULL, k, false, &oc.a);
    impl_session(&w, k, fz_now() + 1e9, &oc.r);
    oc.hit = classify(&sh, w.j.t.claims_codes, &oc.a, &oc.r, oc.cls, sizeof oc.cls);
    if (oc.r.out == FZ_R_UNREACHED || oc.r.out == FZ_R_CUT) {
        snprintf(now, n, "not reached: %s", oc.r.detail);
    } else if (oc.hit) {
        hit = want && !strcmp(oc.cls, want) ? 1 : 0;
        snprintf(now, n, "%s%s%s", oc.cls, oc.r.detail[0] ? ": " : "", oc.r.detail);
    } else {
        hit = 0;
        snprintf(now, n, "both say the session is %s", oc.a.valid ? "valid" : "invalid");
    }
back:
    *t = w.j.t;
    memset(&w.j.t, 0, sizeof w.j.t);
    w.j.t.mode = FZ_MODE_EXEC; /* nothing to close */
out:
    fz_result_clear(&oc.r);
    json_object_put(c);
    free_worker(&w);
    drop_policy(&sh);
    return hit;
}

static int mkdirs_for(const char *path)
{
    char part[4096];
    char *p = NULL;
    snprintf(part, sizeof part, "%s", path);
    for (p = part + 1; (p = strchr(p, '/')) != NULL; p++) {
        *p = '\0';
        if (mkdir(part, 0777) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return 0;
}

int fz_emit_session(const char *dir, const char *emit, json_object *fo, json_object *cases)
{
    const char *profile = fz_jstr(fo, "profile");
    char why[300];
    json_object *c = read_case(dir, fo, why, sizeof why), *ss = NULL, *ns = NULL;
    size_t i = 0;
    if (!c) {
        fprintf(stderr, "amc fuzz: --emit-cases: %s\n", why);
        return -1;
    }
    json_object_object_get_ex(c, "session", &ss);
    ns = json_object_new_array();
    for (i = 0; i < json_object_array_length(ss); i++) {
        const char *rel = json_object_get_string(json_object_array_get_idx(ss, i));
        char src[4096], dst[4096], ip[2100], *buf = NULL;
        size_t len = 0;
        snprintf(src, sizeof src, "%s/%s", dir, rel);
        snprintf(ip, sizeof ip, "inputs/%s", rel);
        snprintf(dst, sizeof dst, "%s/%s/%s", emit, profile, ip);
        if (cli_read_file(src, (size_t)1 << 28, &buf, &len) != 0 || mkdirs_for(dst) != 0 ||
            fz_write_file(dst, buf, len) != 0) {
            fprintf(stderr, "amc fuzz: --emit-cases: cannot copy %s to %s\n", src, dst);
            free(buf);
            json_object_put(ns);
            json_object_put(c);
            return -1;
        }
        free(buf);
        json_object_array_add(ns, json_object_new_string(ip));
    }
    json_object_object_add(c, "session", ns);
    if (fz_jstr(c, "policy")) { /* the policy and its keyring, next to the session's files */
        char *pn = NULL, *pd = NULL, *kn = NULL, *kd = NULL, dst[4096], ip[2100];
        size_t pl = 0, kl = 0;
        amc_diags *ds = amc_diags_new(0);
        int rc = ds ? read_policy_files(dir, fz_jstr(c, "policy"), &pn, &pd, &pl, &kn, &kd, &kl, ds)
                    : -1;
        if (rc == 0) {
            snprintf(dst, sizeof dst, "%s/%s/inputs/%s", emit, profile, pn);
            rc = mkdirs_for(dst) == 0 && fz_write_file(dst, pd, pl) == 0 ? 0 : -1;
            snprintf(dst, sizeof dst, "%s/%s/inputs/%s", emit, profile, kn);
            rc = rc == 0 && mkdirs_for(dst) == 0 && fz_write_file(dst, kd, kl) == 0 ? 0 : -1;
        }
        if (rc != 0)
            fprintf(stderr, "amc fuzz: --emit-cases: cannot copy the policy %s and its keyring\n",
                    fz_jstr(c, "policy"));
        else {
            snprintf(ip, sizeof ip, "inputs/%s", pn);
            json_object_object_add(c, "policy", json_object_new_string(ip));
        }
        free(pn);
        free(pd);
        free(kn);
        free(kd);
        amc_diags_free(ds);
        if (rc != 0) {
            json_object_put(c);
            return -1;
        }
    }
    json_object_array_add(cases, c);
    return 0;
}
