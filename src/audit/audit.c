/*
 * audit.c - the workspace auditor (amc/audit.h). No I/O: the caller walks the tree.
 *
 * Layouts (relative paths; a component may sit below other directories):
 *   IGNITE  queue/<agent>/<f>.mime (pending), queue/<agent>/processed/<f>.mime,
 *           queue/dead_letter/<f>.mime (myfinder/IGNITE queue layout, docs/profiles/ignite.md).
 *   mailbox inbox|ack|deadletter|outbox/<agent>/<f>.json; state/ holds stores, not messages
 *           (docs/profiles/mailbox.md "File layout").
 *   ACP     [agent-workspace/]inbox/<to_agent>/<message_id>.json (docs/profiles/acp.md).
 * Decisions:
 *   - A file in a message folder is validated by the profile validator (profile "auto" unless
 *     forced) with its relative path, so placement and status-vs-folder are the profiles' rules.
 *     Files outside every message folder are counted, not validated, not reported.
 *   - In a message folder, a file whose name does not end .mime (IGNITE) / .json (mailbox, ACP)
 *     is AUDIT_STRAY_FILE (warning); so is a file directly under queue/ or inbox/.
 *   - inbox/<a>/<f>.json is mailbox or ACP as the validator detects it (agent-workspace/ in the
 *     path or a forced profile decides first).
 *   - Duplicates (AUDIT_DUPLICATE, reported on the later file in walk order, naming the first):
 *     IGNITE the same Message-ID for the same agent in pending and processed (or twice in one
 *     folder; dead_letter/ files form their own folder); mailbox the same msg_id for the same
 *     agent in two of inbox/ack/deadletter/outbox; ACP the same message_id anywhere. The same
 *     mailbox msg_id twice in inbox/ or outbox/ is AUDIT_REDELIVERED (warning: at-least-once
 *     delivery may legitimately leave a redelivery until the consumer dedups it); twice in ack/
 *     is not reported (the implementation acks a deduplicated redelivery: e2e case 1 "duplicate
 *     review_result no-op+ack"), nor twice in deadletter/.
 *   - Limits (AUDIT_NOT_DEAD_LETTERED): IGNITE a pending file with X-IGNITE-Retry-Count over
 *     the policy's max_retries; mailbox an inbox/outbox file with delivery_attempt over
 *     mailbox.max_delivery_attempts. The same bound as IGNITE-RTY-002 / MAILBOX-DLV-001: the
 *     audit adds that the folder is wrong, and never reports a file already dead-lettered.
 *   - Memory: one table entry (key + first path) per message with an id; no documents kept.
 */
#include <stdio.h>
#include <string.h>

#include "amc/audit.h"
#include "audit/audit_int.h"
#include "core/arena_int.h"

/* The workspace rules of each profile that has some. */
#define AMC_RULE(...) AMC_RULE_ROW("ignite", __VA_ARGS__)
static const amc_rule ignite_ws[] = {
#include "audit/rules_ws_ignite.def"
};
#undef AMC_RULE
#define AMC_RULE(...) AMC_RULE_ROW("mailbox", __VA_ARGS__)
static const amc_rule mailbox_ws[] = {
#include "audit/rules_ws_mailbox.def"
};
#undef AMC_RULE
#define AMC_RULE(...) AMC_RULE_ROW("acp", __VA_ARGS__)
static const amc_rule acp_ws[] = {
#include "audit/rules_ws_acp.def"
};
#undef AMC_RULE
#define N(v) (sizeof v / sizeof v[0])
static const amc_rule_set ws_rules[] = {{"ignite", ignite_ws, N(ignite_ws)},
                                        {"mailbox", mailbox_ws, N(mailbox_ws)},
                                        {"acp", acp_ws, N(acp_ws)}};
#define N_WS (sizeof ws_rules / sizeof ws_rules[0])

const amc_rule_set *amc_audit_rules(const char *profile)
{
    size_t i = 0;
    for (i = 0; profile && i < N_WS; i++)
        if (!strcmp(ws_rules[i].profile, profile))
            return &ws_rules[i];
    return NULL;
}

/* Emits a diagnostic of the workspace rule with this id (amc_prof_emit_rule). */
static amc_status ws_emit(amc_diags *ds, const char *rule_id, amc_pos at, const char *instance_ptr,
                          const char *fmt, ...) AMC_PRINTF(5, 6);

static amc_status ws_emit(amc_diags *ds, const char *rule_id, amc_pos at, const char *instance_ptr,
                          const char *fmt, ...)
{
    amc_status st = AMC_OK;
    va_list ap;
    va_start(ap, fmt);
    st = amc_prof_vemit_rule(ds, amc_rule_set_find(ws_rules, N_WS, rule_id), at, instance_ptr, fmt,
                             ap);
    va_end(ap);
    return st;
}

enum { K_NONE = 0, K_IGNITE, K_MAILBOX, K_ACP };
enum {
    F_NONE = 0,
    F_PENDING,
    F_PROCESSED,
    F_DEAD,
    F_INBOX,
    F_ACK,
    F_DEADLETTER,
    F_OUTBOX,
    F_STRAY
};
static const char *const folder_names[] = {
    "",       "queue/<agent>/", "processed/",  "queue/dead_letter/",
    "inbox/", "ack/",           "deadletter/", "outbox/",
    ""};

typedef struct entry {
    char *key; /* NUL-terminated */
    char *path;
    unsigned folder;
} entry;

struct amc_audit {
    amc_validator *v;
    amc_validator_opts vo; /* how v was made (amc_audit_worker_new makes more) */
    const amc_policy *policy;
    amc_limits lim;
    char *forced; /* forced profile or NULL */
    entry *tab;
    size_t cap, used;
    amc_audit_stats_t st;
    unsigned kinds; /* bit per K_* seen */
};

static bool eqn(const char *s, size_t n, const char *z)
{
    return strlen(z) == n && memcmp(s, z, n) == 0;
}

static bool ends(const char *s, size_t n, const char *z)
{
    size_t m = strlen(z);
    return n >= m && memcmp(s + n - m, z, m) == 0;
}

static uint64_t fnv(const char *s)
{
    uint64_t h = 1469598103934665603u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

amc_status amc_audit_new(const amc_audit_opts *opts, amc_diags *diags, amc_audit **out)
{
    amc_audit *a = NULL;
    amc_validator_opts vo;
    amc_status st = AMC_OK;
    if (!out || !diags)
        return AMC_EUSAGE;
    *out = NULL;
    a = amc_xcalloc(1, sizeof *a);
    if (!a)
        return AMC_ENOMEM;
    memset(&vo, 0, sizeof vo);
    vo.profile = opts && opts->profile ? opts->profile : "auto";
    vo.policy = opts ? opts->policy : NULL;
    vo.limits = opts ? opts->limits : NULL;
    vo.stateful = opts ? opts->stateful : false;
    a->policy = vo.policy;
    a->lim = vo.limits ? *vo.limits : (amc_limits)AMC_LIMITS_DEFAULT;
    amc_limits_normalize(&a->lim);
    if (strcmp(vo.profile, "auto") != 0) {
        size_t n = strlen(vo.profile);
        a->forced = amc_xmalloc(n + 1);
        if (!a->forced) {
            st = AMC_ENOMEM;
            goto out;
        }
        memcpy(a->forced, vo.profile, n + 1);
    }
    vo.profile = a->forced ? a->forced : "auto";
    vo.limits = &a->lim;
    a->vo = vo;
    st = amc_validator_new(&a->vo, diags, &a->v);
    if (st != AMC_OK)
        goto out;
    *out = a;
    a = NULL;
out:
    amc_audit_free(a);
    return st;
}

void amc_audit_reset(amc_audit *a)
{
    size_t i = 0;
    if (!a)
        return;
    for (i = 0; i < a->cap; i++) {
        amc_xfree(a->tab[i].key);
        amc_xfree(a->tab[i].path);
    }
    amc_xfree(a->tab);
    a->tab = NULL;
    a->cap = a->used = 0;
    memset(&a->st, 0, sizeof a->st);
    a->kinds = 0;
    amc_validator_reset(a->v);
}

void amc_audit_free(amc_audit *a)
{
    size_t i = 0;
    if (!a)
        return;
    for (i = 0; i < a->cap; i++) {
        amc_xfree(a->tab[i].key);
        amc_xfree(a->tab[i].path);
    }
    amc_xfree(a->tab);
    amc_xfree(a->forced);
    amc_validator_free(a->v);
    amc_xfree(a);
}

void amc_audit_stats(const amc_audit *a, amc_audit_stats_t *out)
{
    if (!a || !out)
        return;
    *out = a->st;
}

/* ---- classification ---- */

typedef struct cls {
    int kind;
    unsigned folder;
    const char *agent;
    size_t alen;
    bool message;
} cls;

static void classify(const amc_audit *a, const char *path, cls *c)
{
    const char *comp[64];
    size_t clen[64], nc = 0, i = 0, start = 0, plen = strlen(path);
    bool aw = false;
    memset(c, 0, sizeof *c);
    for (i = 0; i <= plen; i++) {
        if (i == plen || path[i] == '/') {
            if (i > start) {
                if (nc == 64)
                    return;
                comp[nc] = path + start;
                clen[nc++] = i - start;
            }
            start = i + 1;
        }
    }
    if (nc == 0)
        return;
    for (i = 0; i < nc; i++)
        if (eqn(comp[i], clen[i], "agent-workspace"))
            aw = true;
    /* the last recognized folder component wins */
    for (i = nc - 1; i-- > 0;) {
        size_t rest = nc - i; /* components from this one to the file */
        const char *f = comp[nc - 1];
        size_t fl = clen[nc - 1];
        if (eqn(comp[i], clen[i], "queue") && (!a->forced || !strcmp(a->forced, "ignite"))) {
            c->kind = K_IGNITE;
            if (rest == 3 && eqn(comp[i + 1], clen[i + 1], "dead_letter")) {
                c->folder = F_DEAD;
            } else if (rest == 3) {
                c->folder = F_PENDING;
            } else if (rest == 4 && eqn(comp[i + 2], clen[i + 2], "processed") &&
                       !eqn(comp[i + 1], clen[i + 1], "dead_letter")) {
                c->folder = F_PROCESSED;
            } else {
                c->folder = F_STRAY;
                return;
            }
            if (c->folder != F_DEAD) {
                c->agent = comp[i + 1];
                c->alen = clen[i + 1];
            }
            c->message = ends(f, fl, ".mime");
            if (!c->message)
                c->folder = F_STRAY;
            return;
        }
        if (eqn(comp[i], clen[i], "inbox") || eqn(comp[i], clen[i], "ack") ||
            eqn(comp[i], clen[i], "deadletter") || eqn(comp[i], clen[i], "outbox")) {
            bool inbox = eqn(comp[i], clen[i], "inbox");
            if (a->forced && strcmp(a->forced, "mailbox") != 0 &&
                !(inbox && !strcmp(a->forced, "acp")))
                continue;
            c->kind = inbox && (aw || (a->forced && !strcmp(a->forced, "acp"))) ? K_ACP
                      : inbox                                                   ? K_NONE
                                                                                : K_MAILBOX;
            if (rest != 3) {
                if (c->kind == K_NONE)
                    c->kind = K_MAILBOX;
                c->folder = F_STRAY;
                return;
            }
            c->folder = inbox                                 ? F_INBOX
                        : eqn(comp[i], clen[i], "ack")        ? F_ACK
                        : eqn(comp[i], clen[i], "deadletter") ? F_DEADLETTER
                                                              : F_OUTBOX;
            c->agent = comp[i + 1];
            c->alen = clen[i + 1];
            c->message = ends(f, fl, ".json");
            if (!c->message) {
                if (c->kind == K_NONE)
                    c->kind = K_MAILBOX;
                c->folder = F_STRAY;
            }
            return;
        }
    }
}

/* ---- key extraction ---- */

/* IGNITE header value (first occurrence, case-insensitive name) before the empty line. name is
 * in lower case. */
static bool mime_header(const char *buf, size_t len, const char *name, const char **v, size_t *vn)
{
    size_t i = 0, nl = strlen(name);
    while (i < len) {
        size_t e = i;
        while (e < len && buf[e] != '\n')
            e++;
        if (e == i || (e == i + 1 && buf[i] == '\r'))
            return false;
        if (e - i > nl && buf[i + nl] == ':') {
            size_t k = 0;
            for (k = 0; k < nl; k++) {
                char x = buf[i + k];
                if (x >= 'A' && x <= 'Z')
                    x = (char)(x - 'A' + 'a');
                if (x != name[k])
                    break;
            }
            if (k == nl) {
                size_t s = i + nl + 1, t = e;
                while (s < t && (buf[s] == ' ' || buf[s] == '\t'))
                    s++;
                while (t > s && (buf[t - 1] == ' ' || buf[t - 1] == '\t' || buf[t - 1] == '\r'))
                    t--;
                *v = buf + s;
                *vn = t - s;
                return true;
            }
        }
        i = e + 1;
    }
    return false;
}

static const amc_value *member_str(const amc_value *o, const char *k)
{
    const amc_value *x = o && o->type == AMC_T_OBJECT ? amc_value_getz(o, k) : NULL;
    return x && x->type == AMC_T_STRING && x->u.str.len ? x : NULL;
}

/* ---- the id table ---- */

static amc_status tab_grow(amc_audit *a)
{
    size_t ncap = a->cap ? a->cap * 2 : 1024, i = 0;
    entry *nt = NULL;
    if (ncap < a->cap)
        return AMC_ENOMEM;
    nt = amc_xcalloc(ncap, sizeof *nt);
    if (!nt)
        return AMC_ENOMEM;
    for (i = 0; i < a->cap; i++) {
        size_t j = 0;
        if (!a->tab[i].key)
            continue;
        j = (size_t)fnv(a->tab[i].key) & (ncap - 1);
        while (nt[j].key)
            j = (j + 1) & (ncap - 1);
        nt[j] = a->tab[i];
    }
    amc_xfree(a->tab);
    a->tab = nt;
    a->cap = ncap;
    return AMC_OK;
}

static char *dupz(const char *s, size_t n)
{
    char *p = amc_xmalloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = 0;
    }
    return p;
}

/* Looks key up; if absent inserts (key, path, folder) and sets *found NULL. */
static amc_status tab_put(amc_audit *a, const char *key, const char *path, unsigned folder,
                          const entry **found)
{
    size_t j = 0;
    *found = NULL;
    if ((a->used + 1) * 4 > a->cap * 3) {
        amc_status st = tab_grow(a);
        if (st != AMC_OK)
            return st;
    }
    j = (size_t)fnv(key) & (a->cap - 1);
    while (a->tab[j].key) {
        if (!strcmp(a->tab[j].key, key)) {
            *found = &a->tab[j];
            return AMC_OK;
        }
        j = (j + 1) & (a->cap - 1);
    }
    a->tab[j].key = dupz(key, strlen(key));
    a->tab[j].path = dupz(path, strlen(path));
    if (!a->tab[j].key || !a->tab[j].path) {
        amc_xfree(a->tab[j].key);
        amc_xfree(a->tab[j].path);
        a->tab[j].key = NULL;
        a->tab[j].path = NULL;
        return AMC_ENOMEM;
    }
    a->tab[j].folder = folder;
    a->used++;
    return AMC_OK;
}

amc_status amc_audit_forget(amc_audit *a, const char *relpath)
{
    size_t i = 0;
    if (!a || !relpath)
        return AMC_EUSAGE;
    for (i = 0; i < a->cap; i++) {
        size_t hole = i, j = i;
        if (!a->tab[i].key || strcmp(a->tab[i].path, relpath) != 0)
            continue;
        amc_xfree(a->tab[i].key);
        amc_xfree(a->tab[i].path);
        memset(&a->tab[i], 0, sizeof a->tab[i]);
        a->used--;
        /* backward-shift deletion: re-seat the rest of the probe cluster */
        for (;;) {
            size_t home = 0;
            j = (j + 1) & (a->cap - 1);
            if (!a->tab[j].key)
                break;
            home = (size_t)fnv(a->tab[j].key) & (a->cap - 1);
            /* the entry at j may move to hole unless its home lies cyclically in (hole, j] */
            if ((j > hole && (home <= hole || home > j)) ||
                (j < hole && (home <= hole && home > j))) {
                a->tab[hole] = a->tab[j];
                memset(&a->tab[j], 0, sizeof a->tab[j]);
                hole = j;
            }
        }
        if (a->tab[i].key) /* a shifted entry now fills slot i: look at it too */
            i--;           /* (wraps to SIZE_MAX at 0; the loop's i++ brings it back) */
    }
    return AMC_OK;
}

/* The workspace rule (src/audit/rules_ws_<profile>.def) a duplicate of this kind breaks. */
static const char *ws_dup_rule(const cls *c)
{
    return c->kind == K_IGNITE ? "IGNITE-WS-001"
           : c->kind == K_ACP  ? "ACP-WS-001"
                               : "MAILBOX-WS-001";
}

static amc_status check_dup(amc_audit *a, const cls *c, const char *path, const char *pfx,
                            const char *id, size_t idn, amc_diags *ds)
{
    char *key = NULL;
    size_t pl = strlen(pfx), n = pl + 1 + c->alen + 1 + idn;
    const entry *e = NULL;
    amc_status st = AMC_OK;
    amc_pos p0 = {0, 0, 0};
    unsigned group = c->folder;
    key = amc_xmalloc(n + 1);
    if (!key)
        return AMC_ENOMEM;
    memcpy(key, pfx, pl);
    key[pl] = '\x1f';
    if (c->alen)
        memcpy(key + pl + 1, c->agent, c->alen);
    key[pl + 1 + c->alen] = '\x1f';
    memcpy(key + pl + 2 + c->alen, id, idn);
    key[n] = 0;
    /* IGNITE dead letters form their own namespace (their agent is empty anyway) */
    st = tab_put(a, key, path, group, &e);
    if (st == AMC_OK && e) {
        if (c->kind == K_MAILBOX && e->folder == c->folder &&
            (c->folder == F_ACK || c->folder == F_DEADLETTER))
            st = AMC_OK; /* a redelivery acknowledged (no-op + ack) or dead-lettered twice */
        else if (c->kind == K_MAILBOX && e->folder == c->folder)
            st = ws_emit(ds, "MAILBOX-WS-002", p0, NULL,
                         "msg_id '%.*s' is also in %s (a redelivery not yet deduplicated)",
                         (int)idn, id, e->path);
        else if (c->kind == K_ACP)
            st = ws_emit(ds, "ACP-WS-001", p0, NULL, "message_id '%.*s' is also in %s", (int)idn,
                         id, e->path);
        else if (e->folder == c->folder)
            st = ws_emit(ds, ws_dup_rule(c), p0, NULL, "id '%.*s' is also in %s", (int)idn, id,
                         e->path);
        else
            st = ws_emit(ds, ws_dup_rule(c), p0, NULL,
                         "id '%.*s' is in %s here and in %s at %s: one message in two "
                         "states",
                         (int)idn, id, folder_names[c->folder], folder_names[e->folder], e->path);
    }
    amc_xfree(key);
    return st;
}

static bool dec_over(const char *s, size_t n, uint64_t lim)
{
    uint64_t v = 0;
    size_t i = 0;
    if (n == 0 || n > 18)
        return n > 18;
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    return v > lim;
}

/* ---- one file: the check (any thread) and the record (in walk order) ---- */

enum { U_STRAY = 1, U_OTHER, U_FAILED, U_NOKIND, U_MSG };

/* What the check of one file found, for the record step: the validator's verdict, the id the
 * duplicate rules look up and a limit rule's message, made ready (amc_audit_check). */
struct amc_audit_unit {
    int what;      /* U_* */
    cls c;         /* c.agent points into path */
    char *path;    /* relpath, copied */
    amc_status st; /* the validator's status */
    const char *pfx;
    char *id; /* NULL: no id */
    size_t idn;
    bool any_inbox;    /* ACP: ids are unique across every inbox */
    const char *limit; /* the limit rule broken (its message in over), or NULL */
    char *over;
};

void amc_audit_unit_free(amc_audit_unit *u)
{
    if (!u)
        return;
    amc_xfree(u->path);
    amc_xfree(u->id);
    amc_xfree(u->over);
    amc_xfree(u);
}

/* u->over = the formatted message (AMC_ENOMEM when out of memory). */
static amc_status over_msg(amc_audit_unit *u, const char *rule, const char *fmt, ...)
    AMC_PRINTF(3, 4);

static amc_status over_msg(amc_audit_unit *u, const char *rule, const char *fmt, ...)
{
    va_list ap;
    int n = 0;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return AMC_ENOMEM;
    u->over = amc_xmalloc((size_t)n + 1);
    if (!u->over)
        return AMC_ENOMEM;
    va_start(ap, fmt);
    vsnprintf(u->over, (size_t)n + 1, fmt, ap);
    va_end(ap);
    u->limit = rule;
    return AMC_OK;
}

/* The cross-file facts of a message: its id and whether it is past a limit in its folder. */
static amc_status extract(const amc_audit *a, amc_audit_unit *u, const char *buf, size_t len)
{
    amc_status st = AMC_OK;
    const cls *c = &u->c;
    if (c->kind == K_IGNITE) {
        const char *v = NULL;
        size_t vn = 0;
        u->pfx = "ignite";
        if (mime_header(buf, len, "message-id", &v, &vn) && vn) {
            u->id = dupz(v, vn);
            u->idn = vn;
            if (!u->id)
                return AMC_ENOMEM;
        }
        if (c->folder == F_PENDING && mime_header(buf, len, "x-ignite-retry-count", &v, &vn) &&
            dec_over(v, vn, amc_policy_ignite_max_retries(a->policy)))
            st = over_msg(u, "IGNITE-WS-002",
                          "X-IGNITE-Retry-Count %.*s is over the limit %u but the message "
                          "is still in queue/<agent>/, not queue/dead_letter/",
                          (int)vn, v, (unsigned)amc_policy_ignite_max_retries(a->policy));
        return st;
    }
    {
        amc_diags *scratch = amc_diags_new(1);
        amc_doc *doc = NULL;
        const amc_value *root = NULL, *id = NULL;
        if (!scratch)
            return AMC_ENOMEM;
        st = amc_json_read(buf, len, &a->lim, scratch, &doc);
        amc_diags_free(scratch);
        if (st == AMC_ENOMEM)
            return st;
        st = AMC_OK; /* a document that does not read was reported by its validator */
        if (doc)
            root = amc_doc_root(doc);
        if (root && c->kind == K_ACP) {
            u->pfx = "acp";
            u->any_inbox = true;
            id = member_str(root, "message_id");
        } else if (root) {
            static const char *const wraps[] = {"envelope", "message", "original"};
            const amc_value *msg = root, *att = NULL;
            size_t i = 0;
            u->pfx = "mailbox";
            id = member_str(root, "msg_id");
            for (i = 0; !id && i < sizeof wraps / sizeof wraps[0]; i++) {
                const amc_value *w = amc_value_getz(root, wraps[i]);
                if (w && w->type == AMC_T_OBJECT && member_str(w, "msg_id")) {
                    msg = w;
                    id = member_str(w, "msg_id");
                }
            }
            att = msg->type == AMC_T_OBJECT ? amc_value_getz(msg, "delivery_attempt") : NULL;
            if (att && att->type == AMC_T_NUMBER &&
                (c->folder == F_INBOX || c->folder == F_OUTBOX)) {
                const amc_mailbox_policy *mb = amc_policy_mailbox(a->policy);
                if (mb && att->u.num.d > (double)mb->max_delivery)
                    st = over_msg(u, "MAILBOX-WS-003",
                                  "delivery_attempt %s is over the limit %lld but the "
                                  "message is in %s, not deadletter/",
                                  att->u.num.text, (long long)mb->max_delivery,
                                  folder_names[c->folder]);
            }
        }
        if (st == AMC_OK && id) {
            u->id = dupz(id->u.str.ptr, id->u.str.len);
            u->idn = id->u.str.len;
            if (!u->id)
                st = AMC_ENOMEM;
        }
        amc_doc_free(doc);
    }
    return st;
}

/* The check of one file with validator v: reads only a's settings (any thread). *out gets the
 * unit (also when the status is an error; NULL only when out of memory). */
static amc_status check_file(const amc_audit *a, amc_validator *v, const char *relpath,
                             const char *buf, size_t len, amc_diags *diags, amc_audit_unit **out)
{
    amc_audit_unit *u = amc_xcalloc(1, sizeof *u);
    amc_status st = AMC_OK;
    const char *used = NULL;
    *out = NULL;
    if (!u)
        return AMC_ENOMEM;
    u->path = dupz(relpath, strlen(relpath));
    if (!u->path) {
        amc_xfree(u);
        return AMC_ENOMEM;
    }
    *out = u;
    classify(a, u->path, &u->c);
    if (u->c.folder == F_STRAY) {
        u->what = U_STRAY;
        return AMC_OK;
    }
    if (!u->c.message) {
        u->what = U_OTHER;
        return AMC_OK;
    }
    st = amc_validator_check(v, relpath, buf, len, diags, &used);
    u->st = st;
    u->what = U_FAILED;
    if (st == AMC_ENOMEM || st == AMC_EUSAGE)
        return st;
    if (u->c.kind == K_NONE && used)
        u->c.kind = !strcmp(used, "acp") ? K_ACP : !strcmp(used, "mailbox") ? K_MAILBOX : K_NONE;
    u->what = U_NOKIND;
    if (u->c.kind == K_NONE)
        return st;
    u->what = U_MSG;
    if (extract(a, u, buf, len) == AMC_ENOMEM) {
        u->what = U_FAILED;
        u->st = AMC_ENOMEM;
        return AMC_ENOMEM;
    }
    return st;
}

/* The record of one checked file, in walk order: totals, the id table, the cross-file rules. */
static amc_status record_file(amc_audit *a, const amc_audit_unit *u, amc_diags *diags)
{
    amc_pos p0 = {0, 0, 0};
    amc_status st = u->st, st2 = AMC_OK;
    size_t e0 = 0;
    a->st.files++;
    switch (u->what) {
    case U_STRAY:
        a->kinds |= 1u << u->c.kind;
        return amc_diags_addf(diags, AMC_C_AUDIT_STRAY_FILE, p0,
                              "'%s' is in a message folder but is not a message file", u->path);
    case U_OTHER:
        a->st.other++;
        return AMC_OK;
    case U_FAILED:
    case U_NOKIND:
        a->st.messages++;
        return st;
    default:
        break;
    }
    a->st.messages++;
    a->kinds |= 1u << u->c.kind;
    e0 = amc_diags_errors(diags);
    if (u->id) {
        cls any = u->c;
        if (u->any_inbox)
            any.alen = 0; /* ACP message ids are unique across every inbox */
        st2 = check_dup(a, &any, u->path, u->pfx, u->id, u->idn, diags);
    }
    if (st2 == AMC_OK && u->limit)
        st2 = ws_emit(diags, u->limit, p0, NULL, "%s", u->over);
    if (st2 == AMC_ENOMEM)
        return st2;
    if (st == AMC_OK && amc_diags_errors(diags) > e0)
        st = AMC_EINVALID;
    return st;
}

amc_status amc_audit_file(amc_audit *a, const char *relpath, const char *buf, size_t len,
                          amc_diags *diags)
{
    amc_audit_unit *u = NULL;
    amc_status st = AMC_OK;
    if (!a || !relpath || (!buf && len) || !diags)
        return AMC_EUSAGE;
    st = check_file(a, a->v, relpath, buf ? buf : "", len, diags, &u);
    if (!u)
        return st;
    st = record_file(a, u, diags);
    amc_audit_unit_free(u);
    return st;
}

struct amc_audit_worker {
    const amc_audit *a;
    amc_validator *v;
};

amc_status amc_audit_worker_new(const amc_audit *a, amc_diags *diags, amc_audit_worker **out)
{
    amc_audit_worker *w = NULL;
    amc_status st = AMC_OK;
    if (!out)
        return AMC_EUSAGE;
    *out = NULL;
    if (!a || !diags || a->vo.stateful)
        return AMC_EUSAGE;
    w = amc_xcalloc(1, sizeof *w);
    if (!w)
        return AMC_ENOMEM;
    w->a = a;
    st = amc_validator_new(&a->vo, diags, &w->v);
    if (st != AMC_OK) {
        amc_xfree(w);
        return st;
    }
    *out = w;
    return AMC_OK;
}

void amc_audit_worker_free(amc_audit_worker *w)
{
    if (!w)
        return;
    amc_validator_free(w->v);
    amc_xfree(w);
}

amc_status amc_audit_check(amc_audit_worker *w, const char *relpath, const char *buf, size_t len,
                           amc_diags *diags, amc_audit_unit **out)
{
    if (out)
        *out = NULL;
    if (!w || !relpath || (!buf && len) || !diags || !out)
        return AMC_EUSAGE;
    return check_file(w->a, w->v, relpath, buf ? buf : "", len, diags, out);
}

amc_status amc_audit_record(amc_audit *a, amc_audit_unit *u, amc_diags *diags)
{
    amc_status st = AMC_OK;
    if (!a || !u || !diags) {
        amc_audit_unit_free(u);
        return AMC_EUSAGE;
    }
    st = record_file(a, u, diags);
    amc_audit_unit_free(u);
    return st;
}

amc_status amc_audit_entry(amc_audit *a, const char *relpath, amc_audit_entry_kind kind,
                           amc_diags *diags)
{
    amc_pos p0 = {0, 0, 0};
    if (!a || !relpath || !diags)
        return AMC_EUSAGE;
    a->st.entries++;
    if (kind == AMC_AUDIT_TOO_LARGE || kind == AMC_AUDIT_UNREADABLE) {
        /* a message file not read still shows what the workspace is (its folder says) */
        cls c;
        classify(a, relpath, &c);
        if (c.message && c.kind != K_NONE)
            a->kinds |= 1u << c.kind;
    }
    switch (kind) {
    case AMC_AUDIT_SYMLINK:
        return amc_diags_addf(diags, AMC_C_AUDIT_SYMLINK, p0,
                              "'%s' is a symbolic link: not followed", relpath);
    case AMC_AUDIT_UNREADABLE:
        return amc_diags_addf(diags, AMC_C_AUDIT_UNREADABLE, p0, "'%s' cannot be read", relpath);
    case AMC_AUDIT_SPECIAL:
        return amc_diags_addf(diags, AMC_C_AUDIT_SPECIAL_FILE, p0,
                              "'%s' is not a regular file or directory: not read", relpath);
    case AMC_AUDIT_TOO_DEEP:
        return amc_diags_addf(diags, AMC_C_AUDIT_TOO_DEEP, p0,
                              "'%s' is nested too deep: not walked", relpath);
    case AMC_AUDIT_TOO_LARGE:
        return amc_diags_addf(diags, AMC_C_AUDIT_TOO_LARGE, p0,
                              "'%s' is larger than the size limit %zu: not read", relpath,
                              a->lim.max_input_bytes);
    }
    return AMC_EUSAGE;
}

amc_status amc_audit_finish(amc_audit *a, amc_diags *diags)
{
    amc_pos p0 = {0, 0, 0};
    unsigned k = 0;
    if (!a || !diags)
        return AMC_EUSAGE;
    k = a->kinds & ~1u;
    a->st.kind = k == 0                   ? NULL
                 : k == (1u << K_IGNITE)  ? "ignite"
                 : k == (1u << K_MAILBOX) ? "mailbox"
                 : k == (1u << K_ACP)     ? "acp"
                                          : "mixed";
    if (!k)
        return amc_diags_addf(diags, AMC_C_AUDIT_NO_WORKSPACE, p0,
                              "no IGNITE queue/, mailbox inbox|ack|deadletter/ or ACP inbox/ "
                              "message folder found");
    return AMC_OK;
}
