/*
 * lc_common.c - helpers of the ignite and mailbox models (lc_common.h).
 *
 * Decisions:
 *   - Entity names are interned into dense indexes so that the typed cores (which the property
 *     tests drive with integer ids) and the JSON edge run the same code.
 *   - At most LC_MAX_ENTITIES entities per model instance (AMC_ELIMIT, LIMIT_NODES); names are
 *     found through an open-addressing hash table (FNV-1a), so long traces stay linear.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "core/arena_int.h"
#include "lifecycle/lc_common.h"
#include "profiles/profile_int.h"

void lc_out_add(lc_out *o, bool reject, const char *rule, const char *fmt, ...)
{
    va_list ap;
    if (reject)
        o->rejected = true;
    if (o->n >= LC_OUT_MAX)
        return;
    o->rule[o->n] = rule;
    va_start(ap, fmt);
    vsnprintf(o->msg[o->n], sizeof o->msg[0], fmt, ap);
    va_end(ap);
    o->n++;
}

bool lc_out_has(const lc_out *o, const char *rule)
{
    int i = 0;
    for (i = 0; i < o->n; i++)
        if (!strcmp(o->rule[i], rule))
            return true;
    return false;
}

amc_status lc_out_emit(const lc_out *o, const amc_rule_set *rules, amc_diags *ds, amc_pos pos)
{
    int i = 0;
    for (i = 0; i < o->n; i++) {
        amc_status st = amc_prof_emit_rule(ds, amc_rule_set_find(rules, 1, o->rule[i]), pos, NULL,
                                           "%s", o->msg[i]);
        if (st == AMC_ENOMEM)
            return st;
    }
    return o->rejected ? AMC_EINVALID : AMC_OK;
}

static size_t hash(const char *s, size_t len)
{
    size_t h = (size_t)1469598103934665603ull, i = 0;
    for (i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * (size_t)1099511628211ull;
    return h;
}

bool lc_find(const lc_names *t, const char *s, size_t len, size_t *idx)
{
    size_t mask = t->nslots - 1, h = 0;
    if (!t->nslots)
        return false;
    for (h = hash(s, len) & mask; t->slots[h]; h = (h + 1) & mask) {
        size_t i = t->slots[h] - 1;
        if (t->len[i] == len && !memcmp(t->v[i], s, len)) {
            *idx = i;
            return true;
        }
    }
    return false;
}

static amc_status rehash(lc_names *t)
{
    size_t ns = t->nslots ? t->nslots * 2 : 64, i = 0;
    size_t *slots = amc_xcalloc(ns, sizeof *slots);
    if (!slots)
        return AMC_ENOMEM;
    for (i = 0; i < t->n; i++) {
        size_t h = hash(t->v[i], t->len[i]) & (ns - 1);
        while (slots[h])
            h = (h + 1) & (ns - 1);
        slots[h] = i + 1;
    }
    amc_xfree(t->slots);
    t->slots = slots;
    t->nslots = ns;
    return AMC_OK;
}

amc_status lc_intern(lc_names *t, const char *s, size_t len, size_t *idx)
{
    char *copy = NULL;
    size_t h = 0;
    if (lc_find(t, s, len, idx))
        return AMC_OK;
    if (t->n >= LC_MAX_ENTITIES)
        return AMC_ELIMIT;
    if (t->n == t->cap) {
        size_t nc = t->cap ? t->cap * 2 : 16;
        char **nv = amc_xrealloc(t->v, nc * sizeof *nv);
        size_t *nl = NULL;
        if (!nv)
            return AMC_ENOMEM;
        t->v = nv;
        nl = amc_xrealloc(t->len, nc * sizeof *nl);
        if (!nl)
            return AMC_ENOMEM;
        t->len = nl;
        t->cap = nc;
    }
    if ((t->n + 1) * 2 > t->nslots && rehash(t) != AMC_OK)
        return AMC_ENOMEM;
    copy = amc_xmalloc(len + 1);
    if (!copy)
        return AMC_ENOMEM;
    memcpy(copy, s, len);
    copy[len] = '\0';
    t->v[t->n] = copy;
    t->len[t->n] = len;
    for (h = hash(s, len) & (t->nslots - 1); t->slots[h]; h = (h + 1) & (t->nslots - 1))
        ;
    t->slots[h] = t->n + 1;
    *idx = t->n++;
    return AMC_OK;
}

void lc_names_free(lc_names *t)
{
    size_t i = 0;
    for (i = 0; i < t->n; i++)
        amc_xfree(t->v[i]);
    amc_xfree(t->v);
    amc_xfree(t->len);
    amc_xfree(t->slots);
    memset(t, 0, sizeof *t);
}

amc_pos lc_pos(const amc_doc *doc, const amc_value *v)
{
    return amc_doc_pos(doc, v ? v->offset : 0);
}

static bool bad(const amc_doc *doc, const amc_value *ev, const amc_value *v, amc_diags *ds,
                const char *key, const char *what)
{
    amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, v ? v : ev), "member \"%s\" %s", key,
                   what);
    return false;
}

bool lc_get_str(const amc_doc *doc, const amc_value *ev, const char *key, bool required,
                amc_diags *ds, const amc_value **out)
{
    const amc_value *v = amc_value_getz(ev, key);
    *out = NULL;
    if (!v)
        return required ? bad(doc, ev, v, ds, key, "is required (a string)") : true;
    if (v->type != AMC_T_STRING || v->u.str.len == 0)
        return bad(doc, ev, v, ds, key, "must be a non-empty string");
    *out = v;
    return true;
}

bool lc_get_int(const amc_doc *doc, const amc_value *ev, const char *key, bool required,
                amc_diags *ds, int64_t *out, bool *present)
{
    const amc_value *v = amc_value_getz(ev, key);
    if (present)
        *present = v != NULL;
    if (!v)
        return required ? bad(doc, ev, v, ds, key, "is required (an integer)") : true;
    if (v->type != AMC_T_NUMBER || !(v->flags & AMC_NUM_INT64))
        return bad(doc, ev, v, ds, key, "must be an integer");
    *out = v->u.num.i;
    return true;
}

bool lc_get_bool(const amc_doc *doc, const amc_value *ev, const char *key, bool required,
                 amc_diags *ds, bool *out, bool *present)
{
    const amc_value *v = amc_value_getz(ev, key);
    if (present)
        *present = v != NULL;
    if (!v)
        return required ? bad(doc, ev, v, ds, key, "is required (a boolean)") : true;
    if (v->type != AMC_T_BOOL)
        return bad(doc, ev, v, ds, key, "must be a boolean");
    *out = v->u.boolean;
    return true;
}

bool lc_get_time(const amc_doc *doc, const amc_value *ev, const char *key, bool required,
                 amc_diags *ds, int64_t *out, bool *present)
{
    const amc_value *v = amc_value_getz(ev, key);
    if (present)
        *present = v != NULL;
    if (!v)
        return required ? bad(doc, ev, v, ds, key, "is required (a time)") : true;
    if (v->type == AMC_T_NUMBER && (v->flags & AMC_NUM_INT64) && v->u.num.i >= 0) {
        *out = v->u.num.i;
        return true;
    }
    if (v->type == AMC_T_STRING && amc_rfc3339_ms(v->u.str.ptr, strlen(v->u.str.ptr), out))
        return true;
    return bad(doc, ev, v, ds, key,
               "must be an RFC 3339 date-time with offset or milliseconds since the epoch");
}

bool lc_event_time(const amc_doc *doc, const amc_value *ev, int64_t now, amc_diags *ds, int64_t *t)
{
    bool present = false;
    *t = now;
    if (!lc_get_time(doc, ev, "t", false, ds, t, &present))
        return false;
    if (present && *t < now) {
        amc_diags_addf(ds, AMC_C_LC_TIME_BACKWARDS, lc_pos(doc, amc_value_getz(ev, "t")),
                       "event time %lld ms is earlier than the previous event's (%lld ms)",
                       (long long)*t, (long long)now);
        return false;
    }
    return true;
}

amc_status lc_put_str(amc_buf *b, const char *s)
{
    amc_status st = amc_buf_putc(b, '"');
    if (st == AMC_OK)
        st = amc_buf_json_escape(b, s, strlen(s));
    if (st == AMC_OK)
        st = amc_buf_putc(b, '"');
    return st;
}
