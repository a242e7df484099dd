/*
 * model.c - the lifecycle model framework (model.h): event decoding, entity names, the clock,
 * transitions, state output, findings and coverage, for every model alike.
 *
 * Decisions:
 *   - Time: an event's "t" (RFC 3339 date-time or integer ms) defaults to the time of the last
 *     accepted event and may not go back (LC_TIME_BACKWARDS); the clock moves only when a step
 *     is accepted, so a rejected step leaves time unchanged too.
 *   - Decoding reports every bad member of an event (LC_EVENT_INVALID at the member's value, the
 *     time's first), and the model sees no event with one; entity names are interned only then,
 *     even when the step is rejected (state output lists only instances a step left in a state
 *     other than the first, "none").
 *   - Transitions: lc_step reads the state of the instance the event names before and after the
 *     model's step, and the first declared row matching (event, from, to) is the transition
 *     taken. An accepted step that no row matches is the model contradicting its declaration:
 *     AMC_EINTERNAL on the JSON edge, a failed invariant in the property tests.
 *   - Entities are interned into dense indexes so that the typed cores (which tests drive with
 *     integer ids) and the JSON edge run the same code; at most LC_MAX_ENTITIES per kind
 *     (AMC_ELIMIT, LIMIT_NODES), found through an open-addressing hash table (FNV-1a), so long
 *     traces stay linear.
 */
#include "lifecycle/model.h"
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "core/arena_int.h"
#include "formats/date_int.h"

/* ---- step outcome ---- */

void lc_out_init(lc_out *o)
{
    memset(o, 0, sizeof *o);
    o->transition = -1;
}

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

/* ---- names ---- */

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

amc_status lc_reserve(void **v, size_t *n, size_t *cap, size_t sz, size_t idx)
{
    if (idx < *n)
        return AMC_OK;
    if (idx >= *cap) {
        size_t nc = *cap ? *cap : 16;
        void *nv = NULL;
        while (nc <= idx)
            nc *= 2;
        nv = amc_xrealloc(*v, nc * sz);
        if (!nv)
            return AMC_ENOMEM;
        *v = nv;
        *cap = nc;
    }
    memset((char *)*v + *n * sz, 0, (idx + 1 - *n) * sz);
    *n = idx + 1;
    return AMC_OK;
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

/* ---- typed fields ---- */

static void put_int(void *p, size_t size, int64_t v)
{
    bool b = v != 0;
    int i = (int)v;
    if (size == sizeof b)
        memcpy(p, &b, sizeof b);
    else if (size == sizeof i)
        memcpy(p, &i, sizeof i);
    else
        memcpy(p, &v, sizeof v);
}

static int get_kind(const lc_model *md, const void *ev)
{
    int k = 0;
    signed char c = 0;
    if (md->kind_size == sizeof k)
        memcpy(&k, (const char *)ev + md->kind_off, sizeof k);
    else if (md->kind_size == sizeof c)
        memcpy(&c, (const char *)ev + md->kind_off, sizeof c), k = c;
    else
        k = -1;
    return k;
}

/* ---- transitions ---- */

/* The entity the event's transitions move, and the member naming its instance. */
static int event_entity(const lc_model *md, int kind, const lc_member **member)
{
    size_t i = 0;
    int e = -1;
    *member = NULL;
    for (i = 0; i < md->n_transitions && e < 0; i++)
        if (md->transitions[i].event == kind)
            e = md->transitions[i].entity;
    for (i = 0; e >= 0 && i < md->n_members && !*member; i++)
        if (md->members[i].type == LC_ENTITY && md->members[i].entity == e &&
            (md->members[i].events & LC_EV(kind)))
            *member = &md->members[i];
    return e;
}

struct lc_elem; /* any element struct: pointers to structs share one representation */

/* Element idx of the entity's array, NULL past its elements. */
static const char *elem_at(const lc_entity *en, const void *core, size_t idx)
{
    const struct lc_elem *arr = NULL;
    size_t n = 0;
    if (!en->in_array)
        return NULL;
    memcpy(&n, (const char *)core + en->n_off, sizeof n);
    if (idx >= n)
        return NULL;
    memcpy(&arr, (const char *)core + en->arr_off, sizeof arr);
    return (const char *)arr + idx * en->elem_size;
}

int lc_state_of(const lc_entity *en, const void *core, size_t idx)
{
    const char *at = en->in_array ? elem_at(en, core, idx) : (const char *)core;
    int s = 0;
    bool b = false;
    if (en->state_of)
        return en->state_of(core, idx);
    if (at && en->state_size == sizeof s)
        memcpy(&s, at + en->state_off, sizeof s);
    else if (at && en->state_size == sizeof b)
        memcpy(&b, at + en->state_off, sizeof b), s = b;
    return s;
}

static int state_now(const lc_model *md, const void *core, int e, const lc_member *m,
                     const void *ev, size_t *idx)
{
    *idx = 0;
    if (m)
        memcpy(idx, (const char *)ev + m->off, sizeof *idx);
    return lc_state_of(&md->entities[e], core, *idx);
}

amc_status lc_step(const lc_model *md, void *core, const void *ev, lc_out *out)
{
    const lc_member *m = NULL;
    int kind = get_kind(md, ev), e = 0, from = 0, to = 0;
    size_t idx = 0, i = 0;
    amc_status st = AMC_OK;
    if (kind < 0 || kind >= md->n_events)
        return AMC_EUSAGE;
    e = event_entity(md, kind, &m);
    if (e >= 0)
        from = state_now(md, core, e, m, ev, &idx);
    out->transition = -1;
    out->undeclared = false;
    st = md->step(core, ev, out);
    if (st != AMC_OK || out->rejected)
        return st;
    if (e >= 0)
        to = state_now(md, core, e, m, ev, &idx);
    for (i = 0; e >= 0 && i < md->n_transitions; i++) {
        const lc_transition *t = &md->transitions[i];
        if (t->event == kind && (t->from == LC_ANY || t->from == from) &&
            (t->to == LC_SAME ? to == from : t->to == to)) {
            out->transition = (int)i;
            out->from = from;
            out->to = to;
            return AMC_OK;
        }
    }
    out->undeclared = true;
    return AMC_OK;
}

/* ---- instances ---- */

struct lc_inst {
    const lc_model *md;
    void *core;
    lc_names names[LC_MAX_KINDS];
    int64_t now;
    long last;
    size_t n_states;
    unsigned long *hits; /* rules, transitions, then the states of each entity in order */
};

static size_t state_base(const lc_model *md, int e)
{
    size_t n = 0;
    int k = 0;
    for (k = 0; k < e; k++)
        n += (size_t)md->entities[k].n_states;
    return n;
}

amc_status lc_inst_new(const lc_model *md, const amc_lc_config *cfg, lc_inst **out)
{
    lc_inst *in = amc_xcalloc(1, sizeof *in);
    amc_status st = AMC_OK;
    *out = NULL;
    if (!in)
        return AMC_ENOMEM;
    in->md = md;
    in->last = -1;
    in->n_states = state_base(md, md->n_entities);
    in->core = amc_xcalloc(1, md->core_size);
    in->hits = amc_xcalloc(md->rules.n + md->n_transitions + in->n_states + 1, sizeof *in->hits);
    st = !in->core || !in->hits ? AMC_ENOMEM
         : md->init             ? md->init(in->core, in->names, cfg)
                                : AMC_OK;
    if (st != AMC_OK) {
        lc_inst_free(in);
        return st;
    }
    *out = in;
    return AMC_OK;
}

void lc_inst_free(lc_inst *in)
{
    int k = 0;
    if (!in)
        return;
    if (in->core && in->md->fini)
        in->md->fini(in->core);
    for (k = 0; k < LC_MAX_KINDS; k++)
        lc_names_free(&in->names[k]);
    amc_xfree(in->core);
    amc_xfree(in->hits);
    amc_xfree(in);
}

static amc_pos pos_of(const amc_doc *doc, const amc_value *v)
{
    return amc_doc_pos(doc, v ? v->offset : 0);
}

static bool bad(const amc_doc *doc, const amc_value *ev, const amc_value *v, amc_diags *ds,
                const char *key, const char *what)
{
    amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, pos_of(doc, v ? v : ev), "member \"%s\" %s", key,
                   what);
    return false;
}

/* The event's "t": absent = now; earlier than now is LC_TIME_BACKWARDS. */
static bool event_time(const amc_doc *doc, const amc_value *ev, int64_t now, amc_diags *ds,
                       int64_t *t)
{
    const amc_value *v = amc_value_getz(ev, "t");
    *t = now;
    if (!v)
        return true;
    if (v->type == AMC_T_NUMBER && (v->flags & AMC_NUM_INT64) && v->u.num.i >= 0)
        *t = v->u.num.i;
    else if (!(v->type == AMC_T_STRING && amc_rfc3339_ms(v->u.str.ptr, strlen(v->u.str.ptr), t)))
        return bad(doc, ev, v, ds, "t",
                   "must be an RFC 3339 date-time with offset or milliseconds since the epoch");
    if (*t < now) {
        amc_diags_addf(ds, AMC_C_LC_TIME_BACKWARDS, pos_of(doc, v),
                       "event time %lld ms is earlier than the previous event's (%lld ms)",
                       (long long)*t, (long long)now);
        return false;
    }
    return true;
}

/* A member's value: 0 when absent and optional (*v NULL), false (reported) when bad. */
static bool decode(const amc_doc *doc, const amc_value *e, const lc_member *m, char *ev,
                   amc_diags *ds, const amc_value **val)
{
    static const char *const wants[] = {"a string", "an integer", "an integer", "a boolean",
                                        "a time",   "a number",   "a string"};
    const amc_value *v = amc_value_getz(e, m->key);
    int64_t x = m->dflt;
    int k = 0;
    *val = v;
    if (m->has)
        put_int(ev + m->has - 1, sizeof(bool), v != NULL);
    if (!v) {
        char what[40];
        if (m->required) {
            snprintf(what, sizeof what, "is required (%s)", wants[m->type]);
            return bad(doc, e, v, ds, m->key, what);
        }
        if (m->type != LC_ENTITY && m->type != LC_NUMBER)
            put_int(ev + m->off, m->size, x);
        return true;
    }
    switch (m->type) {
    case LC_ENTITY:
    case LC_ENUM:
        if (v->type != AMC_T_STRING || v->u.str.len == 0)
            return bad(doc, e, v, ds, m->key, "must be a non-empty string");
        if (m->type == LC_ENTITY)
            return true;
        for (k = 0; k < m->n_names && strcmp(v->u.str.ptr, m->names[k]); k++)
            ;
        if (k < m->lo || k > m->hi || k == m->n_names) {
            if (m->lenient) {
                put_int(ev + m->off, m->size, m->otherwise);
                return true;
            }
            amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, pos_of(doc, v), "%s%.*s%s", m->bad_pre,
                           m->bad_show, v->u.str.ptr, m->bad_post);
            return false;
        }
        put_int(ev + m->off, m->size, k);
        return true;
    case LC_INT:
    case LC_COUNT:
        if (v->type != AMC_T_NUMBER || !(v->flags & AMC_NUM_INT64))
            return bad(doc, e, v, ds, m->key, "must be an integer");
        x = v->u.num.i;
        put_int(ev + m->off, m->size, x);
        if (m->type == LC_COUNT && x < 0) {
            amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, pos_of(doc, v), "\"%s\" must be >= 0",
                           m->key);
            return false;
        }
        if (m->type == LC_INT && m->bad_pre && (x < m->lo || x > m->hi)) {
            amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, pos_of(doc, v), "%s%lld%s", m->bad_pre,
                           (long long)x, m->bad_post);
            return false;
        }
        return true;
    case LC_BOOL:
        if (v->type != AMC_T_BOOL)
            return bad(doc, e, v, ds, m->key, "must be a boolean");
        put_int(ev + m->off, m->size, v->u.boolean);
        return true;
    case LC_TIME:
        if (v->type == AMC_T_NUMBER && (v->flags & AMC_NUM_INT64) && v->u.num.i >= 0)
            x = v->u.num.i;
        else if (!(v->type == AMC_T_STRING &&
                   amc_rfc3339_ms(v->u.str.ptr, strlen(v->u.str.ptr), &x)))
            return bad(doc, e, v, ds, m->key,
                       "must be an RFC 3339 date-time with offset or milliseconds since the epoch");
        put_int(ev + m->off, m->size, x);
        return true;
    case LC_NUMBER:
        if (v->type != AMC_T_NUMBER) {
            amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, pos_of(doc, v), "\"%s\" must be a number",
                           m->key);
            return false;
        }
        memcpy(ev + m->off, &v->u.num.d, sizeof v->u.num.d);
        return true;
    }
    return false;
}

/* The event kind named by the member "event"; -1 (reported) if unknown. */
static int event_kind(const lc_model *md, const amc_doc *doc, const amc_value *name, amc_diags *ds)
{
    char list[512];
    size_t n = 0;
    int k = 0;
    for (k = 0; k < md->n_events; k++)
        if (!strcmp(name->u.str.ptr, md->events[k]))
            return k;
    list[0] = '\0';
    for (k = 0; !md->events_hint && k < md->n_events; k++)
        n += (size_t)snprintf(list + n, n < sizeof list ? sizeof list - n : 0, "%s%s",
                              k ? ", " : "", md->events[k]);
    amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, pos_of(doc, name), "unknown %s event '%s' (%s)",
                   md->profile, name->u.str.ptr, md->events_hint ? md->events_hint : list);
    return -1;
}

/* Emits o's findings at pos (counting the rules reached); AMC_EINVALID if rejected. */
static amc_status emit(lc_inst *in, lc_out *o, amc_diags *ds, amc_pos pos)
{
    const lc_model *md = in->md;
    int i = 0;
    for (i = 0; o->has_about && o->about < md->n_entities && i < o->n; i++)
        if (o->about_idx[i] < in->names[o->about].n) {
            char tmp[sizeof o->msg[0]];
            memcpy(tmp, o->msg[i], sizeof tmp);
            snprintf(o->msg[i], sizeof o->msg[i], "%.120s (first: '%.60s')", tmp,
                     in->names[o->about].v[o->about_idx[i]]);
        }
    for (i = 0; i < o->n; i++) {
        const amc_rule *r = NULL;
        size_t k = 0;
        amc_status st = AMC_OK;
        for (k = 0; k < md->rules.n && !r; k++)
            if (!strcmp(md->rules.v[k].id, o->rule[i])) {
                r = &md->rules.v[k];
                in->hits[k]++;
            }
        st = amc_prof_emit_rule(ds, r, pos, NULL, "%s", o->msg[i]);
        if (st == AMC_ENOMEM)
            return st;
    }
    return o->rejected ? AMC_EINVALID : AMC_OK;
}

/* Counts the transition taken and the states its instance left and entered. */
static void reached(lc_inst *in, const lc_out *o)
{
    const lc_model *md = in->md;
    size_t states =
        md->rules.n + md->n_transitions + state_base(md, md->transitions[o->transition].entity);
    in->last = o->transition;
    in->hits[md->rules.n + (size_t)o->transition]++;
    in->hits[states + (size_t)o->from]++;
    if (o->to != o->from)
        in->hits[states + (size_t)o->to]++;
}

amc_status lc_inst_apply(lc_inst *in, const amc_doc *doc, const amc_value *e, amc_diags *ds)
{
    const lc_model *md = in->md;
    const amc_value *vals[LC_MAX_MEMBERS];
    union {
        char bytes[LC_EVENT_BYTES];
        max_align_t align;
    } ev;
    lc_out out;
    int kind = 0;
    int64_t t = 0;
    size_t i = 0;
    bool ok = true;
    amc_status st = AMC_OK;
    in->last = -1; /* md fits ev and vals: LC_FITS beside each model */
    kind = event_kind(md, doc, amc_value_getz(e, "event"), ds);
    if (kind < 0)
        return AMC_EINVALID;
    memset(&ev, 0, sizeof ev);
    put_int(ev.bytes + md->kind_off, md->kind_size, kind);
    ok = event_time(doc, e, in->now, ds, &t);
    memcpy(ev.bytes + md->t_off, &t, sizeof t);
    for (i = 0; i < md->n_members; i++) {
        vals[i] = NULL;
        if (md->members[i].events & LC_EV(kind))
            ok = decode(doc, e, &md->members[i], ev.bytes, ds, &vals[i]) && ok;
    }
    if (!ok)
        return AMC_EINVALID;
    for (i = 0; i < md->n_members; i++) {
        const lc_member *m = &md->members[i];
        const lc_entity *en = &md->entities[m->entity];
        size_t idx = 0;
        if (m->type != LC_ENTITY || !vals[i])
            continue;
        st = lc_intern(&in->names[m->entity], vals[i]->u.str.ptr, vals[i]->u.str.len, &idx);
        if (st == AMC_ELIMIT)
            amc_diags_addf(ds, AMC_C_LIMIT_NODES, pos_of(doc, vals[i]), "more than %d %s",
                           LC_MAX_ENTITIES, en->noun);
        if (st == AMC_OK && en->max && idx >= en->max) {
            amc_diags_addf(ds, AMC_C_LIMIT_NODES, pos_of(doc, vals[i]), "more than %d %s",
                           (int)en->max, en->max_noun);
            st = AMC_ELIMIT;
        }
        if (st != AMC_OK)
            return st;
        memcpy(ev.bytes + m->off, &idx, sizeof idx);
    }
    lc_out_init(&out);
    st = lc_step(md, in->core, ev.bytes, &out);
    if (st == AMC_OK && out.undeclared) {
        amc_diags_addf(ds, AMC_C_INTERNAL, pos_of(doc, e),
                       "the %s model accepted a '%s' event but declares no transition for it",
                       md->profile, md->events[kind]);
        return AMC_EINTERNAL;
    }
    if (st != AMC_OK)
        return st;
    if (!out.rejected) {
        in->now = t;
        reached(in, &out);
    }
    return emit(in, &out, ds, pos_of(doc, e));
}

amc_status lc_inst_finish(lc_inst *in, amc_diags *ds)
{
    lc_out out;
    lc_out_init(&out);
    if (in->md->finish)
        in->md->finish(in->core, &out);
    return emit(in, &out, ds, AMC_POS_NONE);
}

amc_status lc_inst_state(const lc_inst *in, amc_buf *b)
{
    const lc_model *md = in->md;
    amc_status st = amc_buf_putc(b, '{');
    bool first_map = true;
    int e = 0;
    for (e = 0; st == AMC_OK && e < md->n_entities; e++) {
        const lc_entity *en = &md->entities[e];
        const lc_names *names = &in->names[e];
        size_t i = 0;
        bool first = true;
        if (!en->map)
            continue;
        st = amc_buf_printf(b, "%s\"%s\":{", first_map ? "" : ",", en->map);
        first_map = false;
        for (i = 0; st == AMC_OK && i < names->n; i++) {
            const char *elem = elem_at(en, in->core, i);
            if (!elem || lc_state_of(en, in->core, i) == 0)
                continue; /* named by a rejected event only */
            if (!first)
                st = amc_buf_putc(b, ',');
            first = false;
            if (st == AMC_OK)
                st = lc_put_str(b, names->v[i]);
            if (st == AMC_OK)
                st = amc_buf_putc(b, ':');
            if (st == AMC_OK)
                st = en->put(b, elem, in->names);
        }
        if (st == AMC_OK)
            st = amc_buf_putc(b, '}');
    }
    if (st == AMC_OK && md->put_extra)
        st = md->put_extra(b, in->core);
    if (st == AMC_OK)
        st = amc_buf_printf(b, ",\"t\":%lld}", (long long)in->now);
    return st;
}

const void *lc_inst_core(const lc_inst *in)
{
    return in->core;
}

const lc_names *lc_inst_names(const lc_inst *in, int e)
{
    return &in->names[e];
}

long lc_inst_last_transition(const lc_inst *in)
{
    return in->last;
}

size_t lc_inst_items(const lc_inst *in, amc_lifecycle_item_kind kind)
{
    switch (kind) {
    case AMC_LC_RULES:
        return in->md->rules.n;
    case AMC_LC_TRANSITIONS:
        return in->md->n_transitions;
    case AMC_LC_STATES:
        return in->n_states;
    }
    return 0;
}

static const char *state_name(const lc_entity *en, int s)
{
    return s == LC_ANY ? "(any)" : s == LC_SAME ? "(same)" : en->states[s];
}

void lc_transition_name(const lc_model *md, size_t t, char *buf, size_t size)
{
    const lc_transition *tr = &md->transitions[t];
    const lc_entity *en = &md->entities[tr->entity];
    snprintf(buf, size, "%s: %s %s -> %s", md->events[tr->event], en->name,
             state_name(en, tr->from), state_name(en, tr->to));
}

amc_status lc_inst_item(const lc_inst *in, amc_lifecycle_item_kind kind, size_t i, char *name,
                        size_t size, unsigned long *hits)
{
    const lc_model *md = in->md;
    size_t base = 0;
    int e = 0;
    if (i >= lc_inst_items(in, kind) || !name || !size)
        return AMC_EUSAGE;
    switch (kind) {
    case AMC_LC_RULES:
        snprintf(name, size, "%s", md->rules.v[i].id);
        base = 0;
        break;
    case AMC_LC_TRANSITIONS:
        lc_transition_name(md, i, name, size);
        base = md->rules.n;
        break;
    case AMC_LC_STATES:
        for (e = 0; e + 1 < md->n_entities && state_base(md, e + 1) <= i; e++)
            ;
        snprintf(name, size, "%s.%s", md->entities[e].name,
                 md->entities[e].states[i - state_base(md, e)]);
        base = md->rules.n + md->n_transitions;
        break;
    }
    if (hits)
        *hits = in->hits[base + i];
    return AMC_OK;
}
