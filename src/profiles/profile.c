/*
 * profile.c - the profile table, detection, dispatch and the rule catalog (amc/profile.h).
 *
 * Decisions:
 *   - Only implemented profiles are in the table (ignite, mailbox, discussion, socket, acp); an
 *     unknown name is a usage error whose diagnostic lists the available ones. "auto" (or NULL)
 *     detects per message: every profile scores the message (0..100) and the highest non-zero
 *     score wins (ties: table order). Nothing detected: PROFILE_UNDETECTED, an error. Only
 *     ignite takes a message that does not open a JSON object; the JSON profiles count member
 *     names (a quoted word elsewhere is no evidence).
 *   - The message rules are every profile's rules_<name>.def, in table order; the public
 *     catalog (src/conform/catalog.c) adds the lifecycle and workspace rules of each profile.
 *   - Severity comes from the rule level (MUST: error, SHOULD: warning), never from the code's
 *     default, so a rule and its code cannot disagree silently; the fixture test checks that
 *     both agree for every rule.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/arena_int.h"
#include "profiles/profile_int.h"

extern const amc_profile_ops amc_profile_ignite;
extern const amc_profile_ops amc_profile_mailbox;
extern const amc_profile_ops amc_profile_discussion;
extern const amc_profile_ops amc_profile_socket;
extern const amc_profile_ops amc_profile_acp;

static const amc_profile_ops *const profiles[] = {&amc_profile_ignite, &amc_profile_mailbox,
                                                  &amc_profile_discussion, &amc_profile_socket,
                                                  &amc_profile_acp};
#define N_PROFILES (sizeof profiles / sizeof profiles[0])

static int profile_index(const char *name)
{
    size_t i = 0;
    for (i = 0; name && i < N_PROFILES; i++)
        if (!strcmp(profiles[i]->info.name, name))
            return (int)i;
    return -1;
}

/* The message rules of every profile, in table order. A profile's lifecycle and workspace
 * rules belong to their rooms (src/lifecycle, src/audit); the public catalog that joins all
 * three is src/conform/catalog.c. */
static const amc_rule rules[] = {
#define AMC_RULE(...) AMC_RULE_ROW("ignite", __VA_ARGS__)
#include "profiles/rules_ignite.def"
#undef AMC_RULE
#define AMC_RULE(...) AMC_RULE_ROW("mailbox", __VA_ARGS__)
#include "profiles/rules_mailbox.def"
#undef AMC_RULE
#define AMC_RULE(...) AMC_RULE_ROW("discussion", __VA_ARGS__)
#include "profiles/rules_discussion.def"
#undef AMC_RULE
#define AMC_RULE(...) AMC_RULE_ROW("socket", __VA_ARGS__)
#include "profiles/rules_socket.def"
#undef AMC_RULE
#define AMC_RULE(...) AMC_RULE_ROW("acp", __VA_ARGS__)
#include "profiles/rules_acp.def"
#undef AMC_RULE
};
#define N_RULES (sizeof rules / sizeof rules[0])

/* Built once: the rules sorted by id (the profiles look a rule up for every diagnostic) and
 * each profile's run of rules. */
static const amc_rule *by_id[N_RULES];
static amc_rule_set sets[N_PROFILES];
static pthread_once_t index_once = PTHREAD_ONCE_INIT;

static int cmp_rule_ptr(const void *a, const void *b)
{
    return strcmp((*(const amc_rule *const *)a)->id, (*(const amc_rule *const *)b)->id);
}

static void build_index(void)
{
    size_t i = 0, k = 0;
    for (i = 0; i < N_RULES; i++)
        by_id[i] = &rules[i];
    qsort(by_id, N_RULES, sizeof by_id[0], cmp_rule_ptr);
    for (k = 0; k < N_PROFILES; k++) {
        sets[k].profile = profiles[k]->info.name;
        for (i = 0; i < N_RULES; i++)
            if (!strcmp(rules[i].profile, sets[k].profile)) {
                if (!sets[k].n)
                    sets[k].v = &rules[i];
                sets[k].n++;
            }
    }
}

const amc_rule_set *amc_prof_rules(const char *profile)
{
    int i = profile_index(profile);
    pthread_once(&index_once, build_index);
    return i < 0 ? NULL : &sets[i];
}

const amc_rule *amc_prof_rule(const char *id)
{
    size_t lo = 0, hi = N_RULES;
    if (!id)
        return NULL;
    pthread_once(&index_once, build_index);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(by_id[mid]->id, id);
        if (c == 0)
            return by_id[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const amc_rule *amc_rule_set_find(const amc_rule_set *list, size_t n, const char *id)
{
    size_t i = 0, j = 0;
    for (i = 0; id && i < n; i++)
        for (j = 0; j < list[i].n; j++)
            if (!strcmp(list[i].v[j].id, id))
                return &list[i].v[j];
    return NULL;
}

const char *amc_rule_level_str(amc_rule_level level)
{
    return level == AMC_RULE_SHOULD ? "SHOULD" : "MUST";
}

size_t amc_profile_count(void)
{
    return N_PROFILES;
}

const amc_profile_info *amc_profile_at(size_t i)
{
    return i < N_PROFILES ? &profiles[i]->info : NULL;
}

const amc_profile_info *amc_profile_find(const char *name)
{
    int i = profile_index(name);
    return i < 0 ? NULL : &profiles[i]->info;
}

static amc_status vemit(amc_diags *ds, const char *rule_id, amc_code code, amc_severity sev,
                        amc_pos at, const char *instance_ptr, const char *fmt, va_list ap)
    AMC_PRINTF(7, 0);

static amc_status vemit(amc_diags *ds, const char *rule_id, amc_code code, amc_severity sev,
                        amc_pos at, const char *instance_ptr, const char *fmt, va_list ap)
{
    char msg[1024];
    amc_diag d;
    memset(&d, 0, sizeof d);
    d.code = code;
    d.sev = sev;
    d.at = at;
    d.context_at.offset = AMC_NO_OFFSET;
    d.instance_ptr = instance_ptr;
    d.rule_id = rule_id;
    if (fmt) {
        vsnprintf(msg, sizeof msg, fmt, ap);
        d.message = msg;
    } else {
        d.message = amc_code_message(code);
    }
    return amc_diags_add(ds, &d);
}

amc_status amc_prof_vemit_rule(amc_diags *ds, const amc_rule *r, amc_pos at,
                               const char *instance_ptr, const char *fmt, va_list ap)
{
    if (!r)
        return AMC_EINTERNAL;
    return vemit(ds, r->id, r->code, r->level == AMC_RULE_MUST ? AMC_SEV_ERROR : AMC_SEV_WARNING,
                 at, instance_ptr, fmt, ap);
}

amc_status amc_prof_emit_rule(amc_diags *ds, const amc_rule *r, amc_pos at,
                              const char *instance_ptr, const char *fmt, ...)
{
    amc_status st = AMC_OK;
    va_list ap;
    va_start(ap, fmt);
    st = amc_prof_vemit_rule(ds, r, at, instance_ptr, fmt, ap);
    va_end(ap);
    return st;
}

amc_status amc_prof_emit(amc_diags *ds, const char *rule_id, amc_pos at, const char *instance_ptr,
                         const char *fmt, ...)
{
    amc_status st = AMC_OK;
    va_list ap;
    va_start(ap, fmt);
    st = amc_prof_vemit_rule(ds, amc_prof_rule(rule_id), at, instance_ptr, fmt, ap);
    va_end(ap);
    return st;
}

amc_status amc_prof_restate(amc_diags *ds, const char *rule_id, const amc_diag *reader)
{
    const amc_rule *r = amc_prof_rule(rule_id);
    amc_diag d = *reader;
    if (!r)
        return AMC_EINTERNAL;
    d.code = r->code;
    d.sev = r->level == AMC_RULE_MUST ? AMC_SEV_ERROR : AMC_SEV_WARNING;
    d.rule_id = r->id;
    d.also_code = reader->code;
    return amc_diags_add(ds, &d);
}

amc_status amc_prof_emit_code(amc_diags *ds, const char *rule_id, amc_code code, amc_severity sev,
                              amc_pos at, const char *instance_ptr, const char *fmt, ...)
{
    amc_status st = AMC_OK;
    va_list ap;
    va_start(ap, fmt);
    st = vemit(ds, rule_id, code, sev, at, instance_ptr, fmt, ap);
    va_end(ap);
    return st;
}

static amc_pos rebase(amc_pos p, const amc_pos *base)
{
    if (!base || p.offset == AMC_NO_OFFSET)
        return p;
    if (p.line == 0)
        p.col += base->col;
    p.offset += base->offset;
    p.line += base->line;
    return p;
}

amc_status amc_prof_copy(amc_diags *dst, const amc_diags *src, const char *rule_id,
                         const amc_pos *base)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(src); i++) {
        amc_diag d = *amc_diags_get(src, i);
        amc_status st = AMC_OK;
        if (!d.rule_id)
            d.rule_id = rule_id;
        d.at = rebase(d.at, base);
        d.context_at = rebase(d.context_at, base);
        st = amc_diags_add(dst, &d);
        if (st != AMC_OK)
            return st;
    }
    return AMC_OK;
}

amc_status amc_prof_schema_check(amc_validator *v, const char *schema_id, const amc_doc *doc,
                                 const amc_value *value, const amc_pos *base, amc_diags *ds,
                                 const char *rule_id, bool *valid)
{
    const amc_schema *schema = NULL;
    amc_diags *tmp = NULL;
    amc_validate_opts opts = AMC_VALIDATE_OPTS_DEFAULT;
    amc_status st = AMC_OK;
    size_t i = 0;
    *valid = false;
    if (!v->schemas) {
        v->schemas = amc_schema_set_new(NULL);
        if (!v->schemas)
            return AMC_ENOMEM;
    }
    if (!v->scratch) {
        v->scratch = amc_diags_new(v->lim.max_diags);
        if (!v->scratch)
            return AMC_ENOMEM;
    }
    tmp = v->scratch;
    amc_diags_clear(tmp);
    for (i = 0; i < v->ncompiled && !schema; i++)
        if (!strcmp(v->compiled[i].id, schema_id))
            schema = v->compiled[i].schema;
    if (!schema) {
        st = amc_schema_compile(v->schemas, schema_id, tmp, &schema);
        if (st == AMC_ENOMEM) {
            /* the set may be partial now (amc_schema_compile): start the next message with a
             * fresh one, forgetting the schemas compiled into this one */
            amc_schema_set_free(v->schemas);
            v->schemas = NULL;
            v->ncompiled = 0;
            goto out;
        }
        if (st != AMC_OK) {
            st = AMC_EINTERNAL;
            goto out;
        }
        if (v->ncompiled < sizeof v->compiled / sizeof v->compiled[0] &&
            strlen(schema_id) < sizeof v->compiled[0].id) {
            strcpy(v->compiled[v->ncompiled].id, schema_id);
            v->compiled[v->ncompiled++].schema = schema;
        }
        amc_diags_clear(tmp);
    }
    opts.format_assert = true;
    opts.all_errors = true;
    st = amc_schema_validate(schema, value, doc, &opts, tmp, valid);
    if (st == AMC_OK || st == AMC_ELIMIT)
        st = amc_prof_copy(ds, tmp, rule_id, base) == AMC_OK ? st : AMC_ENOMEM;
out:
    amc_diags_clear(tmp);
    return st;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* The rule of the first schema object, from the keyword outwards, whose $comment starts with
 * "[RULE-ID]"; NULL if none. */
const amc_rule *amc_prof_tagged_rule(amc_validator *v, const char *uri, amc_status *st)
{
    const char *hash = uri ? strchr(uri, '#') : NULL;
    const amc_doc *sd = NULL;
    char ptr[2048];
    size_t n = 0, i = 0;
    if (!hash || !v->schemas)
        return NULL;
    if (amc_schema_set_find_doc(v->schemas, uri, &sd) == AMC_ENOMEM)
        *st = AMC_ENOMEM;
    if (!sd)
        return NULL;
    for (i = 1; hash[i] && n + 1 < sizeof ptr; i++) {
        int h1 = hash[i] == '%' ? hexval(hash[i + 1]) : -1;
        int h2 = h1 >= 0 ? hexval(hash[i + 2]) : -1;
        if (h2 >= 0) {
            ptr[n++] = (char)(h1 * 16 + h2);
            i += 2;
        } else {
            ptr[n++] = hash[i];
        }
    }
    ptr[n] = '\0';
    for (;;) {
        const amc_value *node = amc_value_at_pointer(amc_doc_root(sd), ptr, n);
        const amc_value *c =
            node && node->type == AMC_T_OBJECT ? amc_value_getz(node, "$comment") : NULL;
        if (c && c->type == AMC_T_STRING && c->u.str.len > 2 && c->u.str.ptr[0] == '[') {
            char id[64];
            const char *end = memchr(c->u.str.ptr, ']', c->u.str.len);
            size_t k = end ? (size_t)(end - c->u.str.ptr) - 1 : 0;
            if (end && k > 0 && k < sizeof id) {
                memcpy(id, c->u.str.ptr + 1, k);
                id[k] = '\0';
                return amc_prof_rule(id);
            }
        }
        if (n == 0)
            return NULL;
        while (n > 0 && ptr[n - 1] != '/')
            n--;
        if (n > 0)
            n--;
        ptr[n] = '\0';
    }
}

/* ---- policy-independent validator ---- */

amc_status amc_validator_new(const amc_validator_opts *opts, amc_diags *diags, amc_validator **out)
{
    amc_validator *v = NULL;
    amc_limits deflim = AMC_LIMITS_DEFAULT;
    const char *name = opts ? opts->profile : NULL;
    int64_t now_ms = 0;
    if (!out)
        return AMC_EUSAGE;
    *out = NULL;
    if (name && strcmp(name, "auto") != 0 && profile_index(name) < 0) {
        char list[256];
        size_t i = 0, n = 0;
        list[0] = '\0';
        for (i = 0; i < N_PROFILES; i++)
            n += (size_t)snprintf(list + n, n < sizeof list ? sizeof list - n : 0, "%s%s",
                                  i ? ", " : "", profiles[i]->info.name);
        if (diags)
            amc_diags_addf(diags, AMC_C_PROFILE_UNDETECTED, AMC_POS_NONE,
                           "unknown profile '%s' (available: %s, auto)", name, list);
        return AMC_EUSAGE;
    }
    if (opts && opts->now && !amc_rfc3339_ms(opts->now, strlen(opts->now), &now_ms)) {
        if (diags)
            amc_diags_addf(diags, AMC_C_DATE_SYNTAX, AMC_POS_NONE,
                           "the reference clock '%s' is not an RFC 3339 date-time with offset",
                           opts->now);
        return AMC_EUSAGE;
    }
    v = amc_xcalloc(1, sizeof *v);
    if (!v)
        return AMC_ENOMEM;
    v->states = amc_xcalloc(N_PROFILES, sizeof *v->states);
    if (!v->states) {
        amc_xfree(v);
        return AMC_ENOMEM;
    }
    if (name && strcmp(name, "auto") != 0)
        v->fixed = profiles[profile_index(name)];
    v->stateful = opts ? opts->stateful : false;
    v->policy = opts ? opts->policy : NULL;
    v->has_now = opts && opts->now;
    v->now_ms = now_ms;
    v->lim = opts && opts->limits ? *opts->limits : deflim;
    amc_limits_normalize(&v->lim);
    *out = v;
    return AMC_OK;
}

void amc_validator_reset(amc_validator *v)
{
    size_t i = 0;
    if (!v)
        return;
    for (i = 0; i < N_PROFILES; i++) {
        if (v->states[i] && profiles[i]->state_free)
            profiles[i]->state_free(v->states[i]);
        v->states[i] = NULL;
    }
    if (v->scratch)
        amc_diags_clear(v->scratch);
}

void amc_validator_free(amc_validator *v)
{
    size_t i = 0;
    if (!v)
        return;
    for (i = 0; i < N_PROFILES; i++)
        if (v->states[i] && profiles[i]->state_free)
            profiles[i]->state_free(v->states[i]);
    amc_xfree(v->states);
    amc_schema_set_free(v->schemas);
    amc_diags_free(v->scratch);
    amc_xfree(v);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = s ? strlen(s) : 0, k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

/* No profile took the input: the reader's own findings are reported all the same (issue 14: a
 * NaN is not hidden behind PROFILE_UNDETECTED). MIME for a *.mime path, else JSON; an input that
 * reads cleanly adds nothing. */
static amc_status undetected_reader(const amc_validator *v, const char *path, const char *buf,
                                    size_t len, amc_diags *diags)
{
    amc_status st = AMC_OK;
    if (ends_with(path, ".mime")) {
        amc_mime *m = NULL;
        st = amc_mime_read(buf, len, &v->lim, diags, &m);
        amc_mime_free(m);
    } else {
        amc_doc *doc = NULL;
        st = amc_json_read(buf, len, &v->lim, diags, &doc);
        amc_doc_free(doc);
    }
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

amc_status amc_validator_check(amc_validator *v, const char *path, const char *buf, size_t len,
                               amc_diags *diags, const char **profile_used)
{
    const amc_profile_ops *p = NULL;
    size_t i = 0, errors0 = 0, idx = 0, nomem0 = 0, first = 0;
    amc_status st = AMC_OK;
    if (profile_used)
        *profile_used = NULL;
    if (!v || !diags || (!buf && len))
        return AMC_EUSAGE;
    if (!buf)
        buf = "";
    p = v->fixed;
    if (!p) {
        int best = 0;
        for (i = 0; i < N_PROFILES; i++) {
            int s = profiles[i]->detect(path, buf, len);
            if (s > best) {
                best = s;
                p = profiles[i];
            }
        }
    }
    if (!p) {
        if (undetected_reader(v, path, buf, len, diags) == AMC_ENOMEM)
            return AMC_ENOMEM;
        amc_diags_addf(diags, AMC_C_PROFILE_UNDETECTED, amc_pos_of(buf, len, 0),
                       "the message matches no implemented profile (use --profile)");
        return AMC_EINVALID;
    }
    for (idx = 0; idx < N_PROFILES; idx++)
        if (profiles[idx] == p)
            break;
    if (!v->states[idx] && p->state_new) {
        st = p->state_new(v, &v->states[idx]);
        if (st != AMC_OK)
            return st;
    }
    if (profile_used)
        *profile_used = p->info.name;
    errors0 = amc_diags_errors(diags);
    nomem0 = amc_diags_nomem(diags);
    first = amc_diags_count(diags);
    st = p->check(v, v->states[idx], path, buf, len, diags);
    amc_diags_compact(diags, first); /* one finding, one entry */
    if (st == AMC_OK && amc_diags_nomem(diags) > nomem0)
        st = AMC_ENOMEM; /* a finding was lost: no verdict */
    if (st != AMC_OK)
        return st;
    return amc_diags_errors(diags) > errors0 ? AMC_EINVALID : AMC_OK;
}
