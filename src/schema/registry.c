/*
 * registry.c - the schema registry: documents, schema resources, anchors and the location of
 * every subschema, keyed by URI (JSON Schema 2020-12 core, sections 8.2 and 9).
 *
 * Decisions:
 *   - A document is walked once when added. Subschemas are found by following the 2020-12
 *     applicator keywords only ($defs, properties, patternProperties, dependentSchemas: maps;
 *     allOf, anyOf, oneOf, prefixItems: arrays; the other applicators: one schema). Values of
 *     unknown keywords, enum, const, default and examples are not schemas, so an "$id" or
 *     "$anchor" inside them identifies nothing (the test suite checks this).
 *   - "$id" is resolved against the base URI in effect (RFC 3986 5.2); an "$id" with a
 *     non-empty fragment is an error (2020-12 removed fragment identifiers from $id); an empty
 *     fragment is dropped.
 *   - A document's initial base URI is the retrieval URI the caller passes; without one, the
 *     root $id if absolute; otherwise a unique "urn:amc:schema:<n>". A document is registered
 *     under its retrieval URI too when the root $id differs from it.
 *   - Two resources with the same URI are an error (SCHEMA_ID_DUPLICATE); the set keeps the first.
 *   - Adding is all-or-nothing: the walk records resources and locations first, and they are
 *     entered into the set only when the whole document is acceptable.
 *   - Missing documents are looked up in the embedded table (schemas/ built into the library),
 *     then through the caller's loader. A URI the loader failed on is not asked for again.
 *   - A JSON Pointer fragment is percent-decoded before use (RFC 6901 section 6); a pointer may
 *     reach into an unknown keyword: the value found is then treated as a schema whose base URI
 *     is that of the closest enclosing subschema.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "amc/json.h"
#include "core/buf_int.h"
#include "core/diag_int.h"
#include "core/jsonptr_int.h"
#include "embed_int.h"
#include "schema_int.h"
#include "uri_int.h"

/* Subschema nesting walked recursively, whatever the reader's depth limit allows. */
#define MAX_NEST 2048u

/* ---- small helpers ---- */

char *amc_sreg_strdup(amc_schema_set *set, const char *s, size_t n)
{
    return amc_arena_strndup(&set->arena, s, n);
}

void *amc_sreg_alloc(amc_schema_set *set, size_t n)
{
    return amc_arena_zalloc(&set->arena, n);
}

amc_status amc_sreg_keep_regex(amc_schema_set *set, amc_regex *re)
{
    if (set->nregex == set->capregex) {
        size_t ncap = set->capregex ? set->capregex * 2 : 16;
        amc_regex **p = amc_xrealloc(set->regexes, ncap * sizeof *p);
        if (!p)
            return AMC_ENOMEM;
        set->regexes = p;
        set->capregex = ncap;
    }
    set->regexes[set->nregex++] = re;
    return AMC_OK;
}

amc_pos amc_sreg_pos(const sres *res, size_t offset)
{
    return amc_doc_pos(res ? res->doc->doc : NULL, offset);
}

static void *unconst(const void *p)
{
    union {
        const void *c;
        void *m;
    } u;
    u.c = p;
    return u.m;
}

static const amc_value *getz(const amc_value *obj, const char *key)
{
    return amc_value_getz(obj, key);
}

/* ---- set lifetime ---- */

amc_schema_set *amc_schema_set_new(const amc_limits *lim)
{
    amc_schema_set *set = amc_xcalloc(1, sizeof *set);
    amc_limits l = AMC_LIMITS_DEFAULT;
    if (!set)
        return NULL;
    if (lim)
        l = *lim;
    amc_limits_normalize(&l);
    set->lim = l;
    set->default_dialect = AMC_DIALECT_2020_12;
    amc_arena_init(&set->arena, 16384);
    amc_smap_init(&set->res_by_uri);
    amc_pmap_init(&set->loc_by_value);
    amc_pmap_init(&set->node_by_value);
    amc_smap_init(&set->schema_by_uri);
    amc_smap_init(&set->load_failed);
    return set;
}

static void free_res(sres *r)
{
    amc_smap_release(&r->anchors);
    amc_smap_release(&r->danchors);
    amc_smap_release(&r->dnodes);
}

void amc_schema_set_free(amc_schema_set *set)
{
    sdoc *d = NULL;
    sres *r = NULL;
    size_t i = 0;
    if (!set)
        return;
    for (d = set->docs; d; d = d->next)
        amc_doc_free(d->doc);
    for (r = set->all_res; r; r = r->next_all)
        free_res(r);
    for (i = 0; i < set->nregex; i++)
        amc_regex_free(set->regexes[i]);
    amc_xfree(set->regexes);
    amc_xfree(set->work);
    amc_xfree(set->embed_uri);
    amc_xfree(set->embed_base);
    amc_xfree(set->embed_added);
    amc_smap_release(&set->res_by_uri);
    amc_pmap_release(&set->loc_by_value);
    amc_pmap_release(&set->node_by_value);
    amc_smap_release(&set->schema_by_uri);
    amc_smap_release(&set->load_failed);
    amc_arena_release(&set->arena);
    amc_xfree(set);
}

void amc_schema_set_loader(amc_schema_set *set, amc_schema_loader fn, void *userdata)
{
    if (!set)
        return;
    set->loader = fn;
    set->loader_ud = userdata;
}

/* ---- the walk that registers a document ---- */

typedef struct walker {
    amc_schema_set *set;
    sdoc *doc;
    amc_diags *ds;
    amc_status st; /* first failure */
    sres *new_res; /* resources found (linked by next_all) */
    amc_smap new_uris;
    sloc **locs;
    size_t nlocs, caplocs;
    amc_buf ptr; /* JSON Pointer from the document root */
} walker;

/* Anchor names: 2020-12 ^[A-Za-z_][-A-Za-z0-9._]*$; 2019-09 "$anchor" and the plain-name
 * fragments of drafts 4-7 ids ^[A-Za-z][-A-Za-z0-9.:_]*$ (an XML NCName-like name). */
static bool anchor_name_ok(uint8_t dialect, const char *s, size_t n)
{
    size_t i = 0;
    bool d2020 = dialect == AMC_DIALECT_2020_12;
    if (n == 0)
        return false;
    if (!((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z') || (d2020 && s[0] == '_')))
        return false;
    for (i = 1; i < n; i++) {
        char c = s[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '.' || c == '_' || (!d2020 && c == ':')))
            return false;
    }
    return true;
}

static void wfail(walker *w, amc_status st)
{
    if (w->st == AMC_OK)
        w->st = st;
}

/* Reports a problem found while walking: schema_uri is the resource URI and the pointer of the
 * subschema being walked, so that a caller can tell which document it is in. */
static void wdiag(walker *w, const sres *res, size_t res_ptr_len, size_t offset, amc_code code,
                  const char *fmt, ...) AMC_PRINTF(6, 7);

static void wdiag(walker *w, const sres *res, size_t res_ptr_len, size_t offset, amc_code code,
                  const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    amc_diag d;
    amc_buf loc;
    amc_status st = AMC_OK;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    amc_buf_init(&loc, 0);
    if (res) {
        st = amc_buf_printf(&loc, "%s#%s", res->uri,
                            w->ptr.data && res_ptr_len <= w->ptr.len ? w->ptr.data + res_ptr_len
                                                                     : "");
    } else if (w->doc && w->doc->origin) {
        st = amc_buf_puts(&loc, w->doc->origin);
    }
    memset(&d, 0, sizeof d);
    d.code = code;
    d.sev = amc_code_severity(code);
    d.message = msg;
    d.schema_uri = st == AMC_OK ? loc.data : NULL;
    d.at = amc_doc_pos(w->doc->doc, offset);
    d.context_at = AMC_POS_NONE;
    if (amc_diags_add(w->ds, &d) != AMC_OK || st != AMC_OK)
        wfail(w, AMC_ENOMEM);
    amc_buf_release(&loc);
}

static sres *new_resource(walker *w, const char *uri, const amc_value *root, sres *parent,
                          size_t parent_ptr_len, size_t offset)
{
    sres *r = NULL;
    if (amc_smap_get(&w->set->res_by_uri, uri, strlen(uri)) ||
        amc_smap_get(&w->new_uris, uri, strlen(uri))) {
        wdiag(w, parent, parent_ptr_len, offset, AMC_C_SCHEMA_ID_DUPLICATE,
              "schema resource \"%s\" is already registered", uri);
        wfail(w, AMC_EINVALID);
        return NULL;
    }
    r = amc_sreg_alloc(w->set, sizeof *r);
    if (!r) {
        wfail(w, AMC_ENOMEM);
        return NULL;
    }
    r->uri = amc_sreg_strdup(w->set, uri, strlen(uri));
    if (!r->uri) {
        wfail(w, AMC_ENOMEM);
        return NULL;
    }
    r->root = root;
    r->doc = w->doc;
    r->parent = parent;
    amc_smap_init(&r->anchors);
    amc_smap_init(&r->danchors);
    amc_smap_init(&r->dnodes);
    r->next_all = w->new_res;
    w->new_res = r;
    if (amc_smap_put(&w->new_uris, r->uri, strlen(r->uri), r) != AMC_OK) {
        wfail(w, AMC_ENOMEM);
        return NULL;
    }
    return r;
}

static void add_loc(walker *w, const amc_value *v, sres *res, size_t res_ptr_len)
{
    sloc *l = amc_sreg_alloc(w->set, sizeof *l);
    if (!l) {
        wfail(w, AMC_ENOMEM);
        return;
    }
    l->v = v;
    l->res = res;
    l->ptr = amc_sreg_strdup(w->set, w->ptr.data ? w->ptr.data + res_ptr_len : "",
                             w->ptr.len - res_ptr_len);
    if (!l->ptr) {
        wfail(w, AMC_ENOMEM);
        return;
    }
    if (w->nlocs == w->caplocs) {
        size_t ncap = w->caplocs ? w->caplocs * 2 : 64;
        sloc **p = amc_xrealloc(w->locs, ncap * sizeof *p);
        if (!p) {
            wfail(w, AMC_ENOMEM);
            return;
        }
        w->locs = p;
        w->caplocs = ncap;
    }
    w->locs[w->nlocs++] = l;
}

static void walk(walker *w, const amc_value *v, sres *res, size_t res_ptr_len, uint32_t depth);

static void walk_child(walker *w, const amc_value *v, sres *res, size_t res_ptr_len, uint32_t depth)
{
    if (v->type == AMC_T_OBJECT || v->type == AMC_T_BOOL)
        walk(w, v, res, res_ptr_len, depth + 1);
}

/* Registers anchor name[0..len) for subschema v in res; dyn: also a $dynamicAnchor. */
static bool add_anchor(walker *w, sres *res, size_t res_ptr_len, const char *name, size_t len,
                       const amc_value *v, size_t offset, bool dyn)
{
    const amc_value *prev = amc_smap_get(&res->anchors, name, len);
    if (prev && prev != v) {
        wdiag(w, res, res_ptr_len, offset, AMC_C_SCHEMA_ANCHOR_DUPLICATE,
              "anchor \"%.*s\" is already defined in resource %s", (int)len, name, res->uri);
        wfail(w, AMC_EINVALID);
        return false;
    }
    if (amc_smap_put(&res->anchors, name, len, unconst(v)) != AMC_OK ||
        (dyn && amc_smap_put(&res->danchors, name, len, unconst(v)) != AMC_OK)) {
        wfail(w, AMC_ENOMEM);
        return false;
    }
    return true;
}

/* The dialect whose "$vocabulary" object voc declares vocabularies of (0: none amc knows). */
static uint8_t vocab_dialect(const amc_value *voc)
{
    size_t i = 0;
    if (!voc || voc->type != AMC_T_OBJECT)
        return 0;
    for (i = 0; i < voc->u.obj.len; i++) {
        amc_schema_dialect d = (amc_schema_dialect)0;
        if (amc_sdialect_vocab_bits(voc->u.obj.members[i].key, &d))
            return (uint8_t)d;
    }
    return 0;
}

/* The URI of v's own identifier ("$id", draft 4 "id") resolved against base, without fragment,
 * or NULL (*nomem set when that is for want of memory). New string (amc_xfree). */
static char *own_id(const amc_value *v, const char *base, bool *nomem)
{
    static const char *const keys[] = {"$id", "id"};
    size_t i = 0;
    for (i = 0; i < 2; i++) {
        const amc_value *id = getz(v, keys[i]);
        char *abs = NULL;
        amc_status st = id && id->type == AMC_T_STRING
                            ? amc_uri_resolve(base, id->u.str.ptr, id->u.str.len, &abs)
                            : AMC_EINVALID;
        if (st == AMC_OK) {
            abs[amc_uri_fragment_at(abs)] = '\0';
            return abs;
        }
        amc_xfree(abs);
        if (st == AMC_ENOMEM) {
            *nomem = true;
            return NULL;
        }
    }
    return NULL;
}

/*
 * The dialect of a schema resource whose root is v: the one its "$schema" names, else inherit.
 * A "$schema" that is not a meta-schema amc knows is loaded (embedded table, then the loader):
 * its "$vocabulary" (2019-09 / 2020-12 vocabulary URIs) or, without one, its own dialect decides.
 * Returns 0 after reporting SCHEMA_DIALECT_UNSUPPORTED (or another failure) when there is none.
 * base: the base URI v's own "$id" resolves against (to recognise a self-describing meta-schema).
 */
static uint8_t resource_dialect(walker *w, const amc_value *v, uint8_t inherit, const sres *res,
                                size_t res_ptr_len, const char *base)
{
    const amc_value *sch = v->type == AMC_T_OBJECT ? getz(v, "$schema") : NULL;
    char *abs = NULL, *self = NULL;
    amc_status st = AMC_OK;
    uint8_t d = 0;
    size_t f = 0;
    sres *ms = NULL;
    const char *why = "it is not a meta-schema amc knows";
    bool nomem = false;
    if (!sch)
        return inherit;
    if (sch->type != AMC_T_STRING) {
        wdiag(w, res, res_ptr_len, sch->offset, AMC_C_SCHEMA_KEYWORD_INVALID,
              "$schema must be a string (a URI)");
        wfail(w, AMC_EINVALID);
        return 0;
    }
    d = (uint8_t)amc_sdialect_of_uri(sch->u.str.ptr, sch->u.str.len);
    if (d)
        return d;
    if (amc_sdialect_obsolete_uri(sch->u.str.ptr, sch->u.str.len))
        goto unsupported_quiet;
    st = amc_uri_resolve(NULL, sch->u.str.ptr, sch->u.str.len, &abs);
    if (st == AMC_ENOMEM) {
        wfail(w, st);
        return 0;
    }
    if (st != AMC_OK) {
        wdiag(w, res, res_ptr_len, sch->offset, AMC_C_SCHEMA_URI_INVALID,
              "$schema \"%s\" is not an absolute URI", sch->u.str.ptr);
        wfail(w, AMC_EINVALID);
        return 0;
    }
    f = amc_uri_fragment_at(abs);
    if (abs[f] == '#' && abs[f + 1] == '\0')
        abs[f] = '\0';
    if (abs[f] == '#') {
        why = "a meta-schema URI has no fragment";
        goto unsupported;
    }
    self = own_id(v, base, &nomem);
    if (nomem) {
        wfail(w, AMC_ENOMEM);
        amc_xfree(abs);
        return 0;
    }
    if (self && !strcmp(self, abs)) {
        /* a meta-schema that describes itself: its own vocabularies decide */
        d = vocab_dialect(getz(v, "$vocabulary"));
        why = "it describes itself and declares no vocabulary amc knows";
        amc_xfree(self);
        if (d)
            goto done;
        goto unsupported;
    }
    amc_xfree(self);
    if (w->set->meta_depth >= 8) {
        why = "its meta-schemas nest more than 8 deep";
        goto unsupported;
    }
    w->set->meta_depth++;
    ms = amc_sreg_resource(w->set, abs, w->ds);
    w->set->meta_depth--;
    if (!ms && w->set->nomem) {
        wfail(w, AMC_ENOMEM);
        amc_xfree(abs);
        return 0;
    }
    if (!ms) {
        why =
            "its meta-schema cannot be loaded, so its dialect is unknown (add the meta-schema as a "
            "schema document, or map its URI to a local copy)";
        goto unsupported;
    }
    if (ms->root->type == AMC_T_OBJECT && getz(ms->root, "$vocabulary") &&
        !DIALECT_OLD(ms->dialect)) {
        d = vocab_dialect(getz(ms->root, "$vocabulary"));
        why = "its meta-schema declares no vocabulary amc knows";
    } else {
        d = ms->dialect;
    }
    if (!d)
        goto unsupported;
done:
    amc_xfree(abs);
    return d;
unsupported_quiet:
    why = "amc does not implement draft 3 and older";
unsupported:
    wdiag(w, res, res_ptr_len, sch->offset, AMC_C_SCHEMA_DIALECT_UNSUPPORTED,
          "$schema \"%s\": %s; supported dialects: %s", sch->u.str.ptr, why, AMC_SCHEMA_DIALECTS);
    wfail(w, AMC_EINVALID);
    amc_xfree(abs);
    return 0;
}

/*
 * The identifier of subschema v (depth > 0) in a resource of dialect res->dialect: a new
 * resource, or (drafts 4-7) a plain-name fragment that is an anchor of the current resource.
 * Returns the resource v belongs to (res itself when v starts none), NULL after a failure.
 */
static sres *subschema_id(walker *w, const amc_value *v, sres *res, size_t *res_ptr_len)
{
    uint8_t dl = res->dialect;
    const char *idkw = dl == AMC_DIALECT_DRAFT4 ? "id" : "$id";
    const amc_value *id = getz(v, idkw);
    const char *anchor = NULL;
    size_t alen = 0, f = 0;
    char *abs = NULL;
    amc_status st = AMC_OK;
    sres *nr = NULL;
    uint8_t nd = 0;
    if (!id || (DIALECT_OLD(dl) && getz(v, "$ref")))
        return res; /* drafts 4-7: "$ref" overrides its siblings, the id included */
    if (id->type != AMC_T_STRING) {
        wdiag(w, res, *res_ptr_len, id->offset, AMC_C_SCHEMA_ID_INVALID, "%s must be a string",
              idkw);
        wfail(w, AMC_EINVALID);
        return NULL;
    }
    st = amc_uri_resolve(res->uri, id->u.str.ptr, id->u.str.len, &abs);
    if (st == AMC_ENOMEM) {
        wfail(w, st);
        return NULL;
    }
    if (st != AMC_OK) {
        wdiag(w, res, *res_ptr_len, id->offset, AMC_C_SCHEMA_ID_INVALID,
              "%s \"%s\" is not a valid URI reference", idkw, id->u.str.ptr);
        wfail(w, AMC_EINVALID);
        return NULL;
    }
    f = amc_uri_fragment_at(abs);
    if (abs[f] == '#' && abs[f + 1] != '\0') {
        const char *hash = memchr(id->u.str.ptr, '#', id->u.str.len);
        if (!DIALECT_OLD(dl)) {
            wdiag(w, res, *res_ptr_len, id->offset, AMC_C_SCHEMA_ID_INVALID,
                  "$id \"%s\" must not have a fragment", id->u.str.ptr);
            amc_xfree(abs);
            wfail(w, AMC_EINVALID);
            return NULL;
        }
        /* drafts 4-7: a plain-name fragment is a location-independent identifier; a JSON
         * Pointer fragment identifies nothing new */
        if (hash) {
            anchor = hash + 1;
            alen = id->u.str.len - (size_t)(anchor - id->u.str.ptr);
            if (!anchor_name_ok(dl, anchor, alen))
                anchor = NULL;
        }
    }
    abs[f] = '\0';
    if (DIALECT_OLD(dl) && !strcmp(abs, res->uri)) {
        nr = res; /* "#name", or the URI of the resource it is in: no new resource */
    } else {
        nd = resource_dialect(w, v, dl, res, *res_ptr_len, res->uri);
        if (nd)
            nr = new_resource(w, abs, v, res, *res_ptr_len, id->offset);
        if (nr) {
            nr->dialect = nd;
            *res_ptr_len = w->ptr.len;
        }
    }
    amc_xfree(abs);
    if (nr && anchor && !add_anchor(w, nr, *res_ptr_len, anchor, alen, v, id->offset, false))
        return NULL;
    return nr;
}

static void walk(walker *w, const amc_value *v, sres *res, size_t res_ptr_len, uint32_t depth)
{
    size_t i = 0, j = 0;
    if (w->st != AMC_OK)
        return;
    if (depth > w->set->lim.max_depth + 8u || depth > MAX_NEST) {
        wdiag(w, res, res_ptr_len, v->offset, AMC_C_LIMIT_DEPTH,
              "schema nesting exceeds the depth limit");
        wfail(w, AMC_ELIMIT);
        return;
    }
    if (v->type == AMC_T_OBJECT) {
        if (depth > 0) {
            res = subschema_id(w, v, res, &res_ptr_len);
            if (!res)
                return;
        }
        for (i = 0; i < v->u.obj.len && !DIALECT_OLD(res->dialect); i++) {
            const amc_member *m = &v->u.obj.members[i];
            const amc_value *a = m->value;
            bool dyn = res->dialect == AMC_DIALECT_2020_12 && !strcmp(m->key, "$dynamicAnchor");
            if (!strcmp(m->key, "$recursiveAnchor") && res->dialect == AMC_DIALECT_2019_09) {
                if (a->type == AMC_T_BOOL && a->u.boolean && v == res->root)
                    res->rec_anchor = true;
                continue;
            }
            if (!dyn && strcmp(m->key, "$anchor") != 0)
                continue;
            if (a->type != AMC_T_STRING ||
                !anchor_name_ok(res->dialect, a->u.str.ptr, a->u.str.len)) {
                wdiag(w, res, res_ptr_len, a->offset, AMC_C_SCHEMA_ANCHOR_INVALID,
                      "invalid %s: must be a string matching %s", m->key,
                      res->dialect == AMC_DIALECT_2020_12 ? "^[A-Za-z_][-A-Za-z0-9._]*$"
                                                          : "^[A-Za-z][-A-Za-z0-9.:_]*$");
                wfail(w, AMC_EINVALID);
                return;
            }
            if (!add_anchor(w, res, res_ptr_len, a->u.str.ptr, a->u.str.len, v, a->offset, dyn))
                return;
        }
    }
    add_loc(w, v, res, res_ptr_len);
    if (v->type != AMC_T_OBJECT)
        return;
    for (i = 0; i < v->u.obj.len && w->st == AMC_OK; i++) {
        const amc_member *m = &v->u.obj.members[i];
        int kind = amc_skw_subkind(res->dialect, m->key, m->key_len);
        size_t mark = w->ptr.len;
        if (kind == 0)
            continue;
        if (kind == 4) /* a schema or an array of schemas */
            kind = m->value->type == AMC_T_ARRAY ? 3 : 1;
        if (amc_ptr_push_key(&w->ptr, m->key, m->key_len) != AMC_OK) {
            wfail(w, AMC_ENOMEM);
            return;
        }
        if (kind == 1) {
            walk_child(w, m->value, res, res_ptr_len, depth);
        } else if (kind == 2 && m->value->type == AMC_T_OBJECT) {
            for (j = 0; j < m->value->u.obj.len && w->st == AMC_OK; j++) {
                const amc_member *c = &m->value->u.obj.members[j];
                size_t mark2 = w->ptr.len;
                if (amc_ptr_push_key(&w->ptr, c->key, c->key_len) != AMC_OK) {
                    wfail(w, AMC_ENOMEM);
                    return;
                }
                walk_child(w, c->value, res, res_ptr_len, depth);
                amc_ptr_pop(&w->ptr, mark2);
            }
        } else if (kind == 3 && m->value->type == AMC_T_ARRAY) {
            for (j = 0; j < m->value->u.arr.len && w->st == AMC_OK; j++) {
                size_t mark2 = w->ptr.len;
                if (amc_ptr_push_index(&w->ptr, j) != AMC_OK) {
                    wfail(w, AMC_ENOMEM);
                    return;
                }
                walk_child(w, m->value->u.arr.items[j], res, res_ptr_len, depth);
                amc_ptr_pop(&w->ptr, mark2);
            }
        }
        amc_ptr_pop(&w->ptr, mark);
    }
}

static void walker_release(walker *w, bool committed)
{
    if (!committed) {
        sres *r = w->new_res;
        while (r) {
            sres *next = r->next_all;
            free_res(r);
            r = next;
        }
    }
    amc_smap_release(&w->new_uris);
    amc_xfree(w->locs);
    amc_buf_release(&w->ptr);
}

/* Walks doc, then commits. Takes ownership of doc. dflt: the dialect of a root without
 * "$schema". */
static amc_status add_doc(amc_schema_set *set, const char *retrieval_uri, amc_doc *doc,
                          amc_diags *ds, const char **out_uri, uint8_t dflt)
{
    walker w;
    sdoc *d = NULL;
    sres *root = NULL, *r = NULL;
    char *base = NULL, *abs = NULL;
    const amc_value *rv = amc_doc_root(doc);
    const amc_value *id = NULL;
    const char *idkw = "$id", *root_anchor = NULL;
    size_t root_alen = 0;
    uint8_t dialect = 0;
    amc_status st = AMC_OK;
    size_t i = 0;
    memset(&w, 0, sizeof w);
    amc_smap_init(&w.new_uris);
    amc_buf_init(&w.ptr, 0);
    if (out_uri)
        *out_uri = NULL;
    if (rv->type != AMC_T_OBJECT && rv->type != AMC_T_BOOL) {
        st = amc_diags_addf(ds, AMC_C_SCHEMA_NOT_SCHEMA, amc_doc_pos(doc, rv->offset),
                            "a schema document must be an object or a boolean, not %s",
                            amc_type_name(rv->type)) == AMC_ENOMEM
                 ? AMC_ENOMEM
                 : AMC_EINVALID;
        goto out;
    }
    /* the initial base URI */
    if (retrieval_uri) {
        st = amc_uri_resolve(NULL, retrieval_uri, strlen(retrieval_uri), &base);
        if (st != AMC_OK) {
            if (st != AMC_ENOMEM && amc_diags_addf(ds, AMC_C_SCHEMA_URI_INVALID, AMC_POS_NONE,
                                                   "retrieval URI \"%s\" is not an absolute URI",
                                                   retrieval_uri) == AMC_ENOMEM)
                st = AMC_ENOMEM;
            goto out;
        }
        base[amc_uri_fragment_at(base)] = '\0';
    } else {
        char tmp[64];
        snprintf(tmp, sizeof tmp, "urn:amc:schema:%u", ++set->anon);
        st = amc_uri_resolve(NULL, tmp, strlen(tmp), &base);
        if (st != AMC_OK)
            goto out;
    }
    d = amc_sreg_alloc(set, sizeof *d);
    if (!d) {
        st = AMC_ENOMEM;
        goto out;
    }
    d->doc = doc;
    d->root = rv;
    d->origin = amc_sreg_strdup(set, base, strlen(base));
    if (!d->origin) {
        st = AMC_ENOMEM;
        goto out;
    }
    w.set = set;
    w.doc = d;
    w.ds = ds;
    /* the root resource: its dialect first (it says whether the identifier is "$id" or "id") */
    dialect = resource_dialect(&w, rv, dflt, NULL, 0, base);
    if (!dialect) {
        st = w.st != AMC_OK ? w.st : AMC_EINVALID;
        goto out;
    }
    idkw = dialect == AMC_DIALECT_DRAFT4 ? "id" : "$id";
    id = rv->type == AMC_T_OBJECT ? getz(rv, idkw) : NULL;
    if (id) {
        size_t f = 0;
        if (id->type != AMC_T_STRING) {
            wdiag(&w, NULL, 0, id->offset, AMC_C_SCHEMA_ID_INVALID, "%s must be a string", idkw);
            st = w.st != AMC_OK ? w.st : AMC_EINVALID;
            goto out;
        }
        st = amc_uri_resolve(base, id->u.str.ptr, id->u.str.len, &abs);
        if (st == AMC_ENOMEM)
            goto out;
        f = st == AMC_OK ? amc_uri_fragment_at(abs) : 0;
        if (st == AMC_OK && abs[f] == '#' && abs[f + 1] != '\0' && DIALECT_OLD(dialect)) {
            /* drafts 4-7: a plain-name fragment names the root too */
            const char *hash = memchr(id->u.str.ptr, '#', id->u.str.len);
            root_anchor = hash ? hash + 1 : NULL;
            root_alen = root_anchor ? id->u.str.len - (size_t)(root_anchor - id->u.str.ptr) : 0;
            if (root_anchor && !anchor_name_ok(dialect, root_anchor, root_alen))
                root_anchor = NULL;
        } else if (st != AMC_OK || (abs[f] == '#' && abs[f + 1] != '\0')) {
            if (st == AMC_OK)
                wdiag(&w, NULL, 0, id->offset, AMC_C_SCHEMA_ID_INVALID,
                      "$id \"%s\" must not have a fragment", id->u.str.ptr);
            else
                wdiag(&w, NULL, 0, id->offset, AMC_C_SCHEMA_ID_INVALID,
                      "$id \"%s\" is not a valid URI reference", id->u.str.ptr);
            st = w.st != AMC_OK ? w.st : AMC_EINVALID;
            goto out;
        }
        abs[f] = '\0';
    }
    root = new_resource(&w, abs ? abs : base, rv, NULL, 0, id ? id->offset : rv->offset);
    if (root) {
        root->dialect = dialect;
        if (!root_anchor || add_anchor(&w, root, 0, root_anchor, root_alen, rv, id->offset, false))
            walk(&w, rv, root, 0, 0);
    }
    st = w.st;
    if (st != AMC_OK)
        goto out;
    d->uri = root->uri;
    /* commit */
    for (r = w.new_res; r && st == AMC_OK; r = r->next_all)
        st = amc_smap_put(&set->res_by_uri, r->uri, strlen(r->uri), r);
    if (st == AMC_OK && strcmp(d->origin, root->uri) != 0 &&
        !amc_smap_get(&set->res_by_uri, d->origin, strlen(d->origin)))
        st = amc_smap_put(&set->res_by_uri, d->origin, strlen(d->origin), root);
    for (i = 0; i < w.nlocs && st == AMC_OK; i++)
        st = amc_pmap_put(&set->loc_by_value, w.locs[i]->v, w.locs[i]);
    if (st != AMC_OK) /* ENOMEM while committing: some entries already point into this document
                         and its resources, so the set keeps them all (below) and is marked */
        set->nomem = true;
    /* link the resources into the set's list */
    if (w.new_res) {
        sres *last = w.new_res;
        while (last->next_all)
            last = last->next_all;
        last->next_all = set->all_res;
        set->all_res = w.new_res;
    }
    d->next = set->docs;
    set->docs = d;
    doc = NULL;
    if (out_uri && st == AMC_OK)
        *out_uri = d->uri;
    walker_release(&w, true);
    amc_xfree(base);
    amc_xfree(abs);
    return st;
out:
    walker_release(&w, false);
    amc_xfree(base);
    amc_xfree(abs);
    amc_doc_free(doc);
    return st;
}

amc_status amc_schema_set_add_doc(amc_schema_set *set, const char *retrieval_uri, amc_doc *doc,
                                  amc_diags *diags, const char **out_uri)
{
    amc_status st = AMC_OK;
    if (!set || !doc || !diags) {
        amc_doc_free(doc);
        return AMC_EUSAGE;
    }
    st = add_doc(set, retrieval_uri, doc, diags, out_uri, set->default_dialect);
    if (st == AMC_ENOMEM)
        set->nomem = true; /* the document may be registered in part */
    return st;
}

static amc_status add_text(amc_schema_set *set, const char *retrieval_uri, const char *buf,
                           size_t len, amc_diags *diags, const char **out_uri, uint8_t dflt)
{
    amc_doc *doc = NULL;
    amc_status st = AMC_OK;
    if (out_uri)
        *out_uri = NULL;
    if (!set || (!buf && len) || !diags)
        return AMC_EUSAGE;
    st = amc_json_read(buf ? buf : "", len, &set->lim, diags, &doc);
    if (st != AMC_OK)
        return st;
    st = add_doc(set, retrieval_uri, doc, diags, out_uri, dflt);
    if (st == AMC_ENOMEM)
        set->nomem = true; /* the document may be registered in part */
    return st;
}

amc_status amc_schema_set_add(amc_schema_set *set, const char *retrieval_uri, const char *buf,
                              size_t len, amc_diags *diags, const char **out_uri)
{
    return add_text(set, retrieval_uri, buf, len, diags, out_uri, set ? set->default_dialect : 0);
}

amc_status amc_schema_set_default_dialect(amc_schema_set *set, amc_schema_dialect d)
{
    if (!set || !amc_schema_dialect_name(d))
        return AMC_EUSAGE;
    set->default_dialect = (uint8_t)d;
    return AMC_OK;
}

/* ---- lookups ---- */

/* The embedded schemas' keys, made once. Out of memory: none kept (a later call starts over;
 * partial keys would leave NULL names behind). */
static amc_status embed_keys(amc_schema_set *set)
{
    size_t i = 0, n = amc_embedded_schemas_count;
    if (set->embed_base)
        return AMC_OK;
    set->embed_uri = amc_xcalloc(n ? n : 1, sizeof *set->embed_uri);
    set->embed_base = amc_xcalloc(n ? n : 1, sizeof *set->embed_base);
    set->embed_added = amc_xcalloc(n ? n : 1, sizeof *set->embed_added);
    if (!set->embed_uri || !set->embed_base || !set->embed_added)
        goto nomem;
    for (i = 0; i < n; i++) {
        const amc_embedded_schema *e = &amc_embedded_schemas[i];
        char *base = amc_arena_sprintf(&set->arena, "amc:schemas/%s", e->path);
        char *u = NULL;
        if (!base)
            goto nomem;
        set->embed_base[i] = base;
        if (e->id) {
            amc_status st = amc_uri_resolve(base, e->id, strlen(e->id), &u);
            if (st == AMC_ENOMEM)
                goto nomem;
            if (st == AMC_OK) {
                u[amc_uri_fragment_at(u)] = '\0';
                set->embed_uri[i] = amc_sreg_strdup(set, u, strlen(u));
                amc_xfree(u);
                if (!set->embed_uri[i])
                    goto nomem;
            }
        }
    }
    return AMC_OK;
nomem:
    amc_xfree(set->embed_uri);
    amc_xfree(set->embed_base);
    amc_xfree(set->embed_added);
    set->embed_uri = NULL;
    set->embed_base = NULL;
    set->embed_added = NULL;
    return AMC_ENOMEM;
}

static sres *lookup(amc_schema_set *set, const char *uri)
{
    return amc_smap_get(&set->res_by_uri, uri, strlen(uri));
}

sres *amc_sreg_resource(amc_schema_set *set, const char *uri, amc_diags *ds)
{
    sres *r = lookup(set, uri);
    size_t i = 0;
    char *buf = NULL;
    size_t len = 0;
    amc_status st = AMC_OK;
    if (r)
        return r;
    if (embed_keys(set) != AMC_OK) {
        set->nomem = true;
        return NULL;
    }
    for (i = 0; i < amc_embedded_schemas_count; i++) {
        if (set->embed_added[i])
            continue;
        if (!strcmp(set->embed_base[i], uri) ||
            (set->embed_uri[i] && !strcmp(set->embed_uri[i], uri))) {
            const amc_embedded_schema *e = &amc_embedded_schemas[i];
            set->embed_added[i] = true;
            /* amc's own schemas are 2020-12 unless they say otherwise */
            st = add_text(set, set->embed_base[i], (const char *)e->data, e->len, ds, NULL,
                          AMC_DIALECT_2020_12);
            if (st == AMC_ENOMEM) {
                set->nomem = true;
                return NULL;
            }
            /* otherwise an embedded schema that fails to load is reported in ds */
            return lookup(set, uri);
        }
    }
    if (!set->loader || amc_smap_get(&set->load_failed, uri, strlen(uri)))
        return NULL;
    st = set->loader(set->loader_ud, uri, &buf, &len);
    if (st == AMC_ENOMEM)
        set->nomem = true;
    if (st == AMC_OK && buf) {
        /* what reading the loaded text reports is about that document: name it (the caller's
         * positions would otherwise seem to be in the document that asked for it) */
        amc_diags *tmp = amc_diags_new(0);
        st = tmp ? add_text(set, uri, buf, len, tmp, NULL, set->default_dialect) : AMC_ENOMEM;
        for (i = 0; tmp && i < amc_diags_count(tmp); i++) {
            amc_diag d = *amc_diags_get(tmp, i);
            if (!d.schema_uri)
                d.schema_uri = uri;
            if (amc_diags_add(ds, &d) != AMC_OK)
                st = AMC_ENOMEM;
        }
        amc_diags_free(tmp);
        if (st == AMC_ENOMEM)
            set->nomem = true;
        amc_free(buf);
        buf = NULL;
        r = st == AMC_ENOMEM ? NULL : lookup(set, uri);
    } else {
        amc_free(buf);
    }
    if (!r && !set->nomem) {
        char *k = amc_sreg_strdup(set, uri, strlen(uri));
        if (!k || amc_smap_put(&set->load_failed, k, strlen(k), k) != AMC_OK)
            set->nomem = true;
    }
    return r;
}

/* Walks a subtree reached through a JSON Pointer into an unknown keyword, registering it. */
static const sloc *adopt(amc_schema_set *set, sres *res, const char *ptr_in_res, const amc_value *v)
{
    walker w;
    amc_diags *tmp = amc_diags_new(16);
    const sloc *l = NULL;
    size_t i = 0;
    amc_status st = AMC_OK;
    sres *r = NULL;
    if (!tmp) {
        set->nomem = true;
        return NULL;
    }
    memset(&w, 0, sizeof w);
    amc_smap_init(&w.new_uris);
    amc_buf_init(&w.ptr, 0);
    w.set = set;
    w.doc = res->doc;
    w.ds = tmp;
    if (amc_buf_puts(&w.ptr, ptr_in_res) != AMC_OK) {
        walker_release(&w, false);
        amc_diags_free(tmp);
        set->nomem = true;
        return NULL;
    }
    walk(&w, v, res, 0, 1);
    st = w.st;
    for (r = w.new_res; r && st == AMC_OK; r = r->next_all)
        st = amc_smap_put(&set->res_by_uri, r->uri, strlen(r->uri), r);
    for (i = 0; i < w.nlocs && st == AMC_OK; i++)
        if (!amc_pmap_get(&set->loc_by_value, w.locs[i]->v))
            st = amc_pmap_put(&set->loc_by_value, w.locs[i]->v, w.locs[i]);
    if (st == AMC_OK) {
        if (w.new_res) {
            sres *last = w.new_res;
            while (last->next_all)
                last = last->next_all;
            last->next_all = set->all_res;
            set->all_res = w.new_res;
        }
        l = amc_pmap_get(&set->loc_by_value, v);
        walker_release(&w, true);
    } else {
        if (st == AMC_ENOMEM)
            set->nomem = true;
        walker_release(&w, false);
    }
    amc_diags_free(tmp);
    return l;
}

const sloc *amc_sreg_loc(amc_schema_set *set, sres *res, const amc_value *v)
{
    const sloc *l = amc_pmap_get(&set->loc_by_value, v);
    if (l)
        return l;
    return adopt(set, res, "", v);
}

/* Resolves a decoded JSON Pointer (empty, or beginning with '/') from res->root; registers the
 * target if the walk never saw it (a pointer into an unknown keyword). */
static const amc_value *resolve_pointer(amc_schema_set *set, sres *res, const char *p, size_t n,
                                        sres **out_res)
{
    const amc_value *cur = res->root;
    const sloc *last = amc_pmap_get(&set->loc_by_value, cur);
    size_t last_end = 0, i = 0;
    amc_buf rest;
    const sloc *l = NULL;
    if (n == 0) {
        *out_res = last ? last->res : res;
        return cur;
    }
    /* p[0] is '/': the only caller passes a fragment that begins with '/' (decoding leaves
     * that first character as it is) */
    i = 0;
    while (i < n) {
        size_t s = i + 1, e = s;
        const amc_value *next = NULL;
        while (e < n && p[e] != '/')
            e++;
        next = amc_value_at_pointer(cur, p + i, e - i);
        if (!next)
            return NULL;
        cur = next;
        i = e;
        if (amc_pmap_get(&set->loc_by_value, cur)) {
            last = amc_pmap_get(&set->loc_by_value, cur);
            last_end = i;
        }
    }
    l = amc_pmap_get(&set->loc_by_value, cur);
    if (l) {
        *out_res = l->res;
        return cur;
    }
    if (cur->type != AMC_T_OBJECT && cur->type != AMC_T_BOOL)
        return NULL;
    /* adopt: base is the closest enclosing known subschema */
    amc_buf_init(&rest, 0);
    if (amc_buf_puts(&rest, last ? last->ptr : "") != AMC_OK ||
        amc_buf_append(&rest, p + last_end, n - last_end) != AMC_OK) {
        amc_buf_release(&rest);
        set->nomem = true;
        return NULL;
    }
    l = adopt(set, last ? last->res : res, rest.data, cur);
    amc_buf_release(&rest);
    if (!l)
        return NULL;
    *out_res = l->res;
    return cur;
}

const amc_value *amc_sreg_resolve(amc_schema_set *set, const char *uri, amc_diags *ds,
                                  sres **out_res)
{
    size_t f = amc_uri_fragment_at(uri);
    char *base = amc_sreg_strdup(set, uri, f);
    sres *res = NULL;
    const char *frag = uri[f] == '#' ? uri + f + 1 : "";
    size_t flen = strlen(frag);
    *out_res = NULL;
    if (!base) {
        set->nomem = true;
        return NULL;
    }
    res = amc_sreg_resource(set, base, ds);
    if (!res)
        return NULL;
    if (flen == 0 || frag[0] == '/') {
        char small[256];
        char *dec = flen < sizeof small ? small : amc_xmalloc(flen + 1);
        size_t dn = 0;
        const amc_value *v = NULL;
        if (!dec) {
            set->nomem = true;
            return NULL;
        }
        dn = amc_uri_pct_decode(frag, flen, dec);
        if (dn != (size_t)-1)
            v = resolve_pointer(set, res, dec, dn, out_res);
        if (dec != small)
            amc_xfree(dec);
        return v;
    }
    {
        const amc_value *v = amc_smap_get(&res->anchors, frag, flen);
        if (v)
            *out_res = ((const sloc *)amc_pmap_get(&set->loc_by_value, v))->res;
        return v;
    }
}

amc_status amc_schema_set_find_doc(amc_schema_set *set, const char *uri, const amc_doc **out)
{
    char *abs = NULL;
    sres *r = NULL;
    amc_diags *tmp = NULL;
    amc_status st = AMC_OK;
    if (out)
        *out = NULL;
    if (!set || !uri || !out)
        return AMC_EUSAGE;
    st = amc_uri_resolve(NULL, uri, strlen(uri), &abs);
    if (st != AMC_OK)
        return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_EINVALID;
    abs[amc_uri_fragment_at(abs)] = '\0';
    tmp = amc_diags_new(16);
    if (tmp)
        r = amc_sreg_resource(set, abs, tmp);
    amc_diags_free(tmp);
    amc_xfree(abs);
    if (r) {
        *out = r->doc->doc;
        return AMC_OK;
    }
    return !tmp || set->nomem ? AMC_ENOMEM : AMC_EINVALID;
}

const amc_doc *amc_schema_set_doc(amc_schema_set *set, const char *uri)
{
    const amc_doc *d = NULL;
    return amc_schema_set_find_doc(set, uri, &d) == AMC_OK ? d : NULL;
}

/* ---- walking for linters ---- */

typedef struct lwalk {
    amc_schema_set *set;
    amc_schema_walk_fn fn;
    void *ud;
    amc_buf ptr;
    bool stop;
    amc_status st;
} lwalk;

static void lint_walk(lwalk *lw, const amc_value *v, const char *base, const char *kw,
                      uint32_t depth, uint8_t dialect)
{
    amc_schema_node_info info;
    char *own = NULL;
    size_t i = 0, j = 0;
    const sloc *l = amc_pmap_get(&lw->set->loc_by_value, v);
    if (lw->stop || lw->st != AMC_OK)
        return;
    if (depth > MAX_NEST) {
        lw->st = AMC_ELIMIT;
        return;
    }
    if (l)
        dialect = l->res->dialect; /* the registry's walk decided it (a "$schema" switch) */
    if (v->type == AMC_T_OBJECT) {
        const amc_value *id = getz(v, dialect == AMC_DIALECT_DRAFT4 ? "id" : "$id");
        if (DIALECT_OLD(dialect) && getz(v, "$ref"))
            id = NULL;
        if (id && id->type == AMC_T_STRING) {
            amc_status rs = amc_uri_resolve(base, id->u.str.ptr, id->u.str.len, &own);
            if (rs == AMC_ENOMEM) { /* not "no id": the subschemas' base would be wrong */
                lw->st = AMC_ENOMEM;
                return;
            }
            if (rs == AMC_OK) {
                own[amc_uri_fragment_at(own)] = '\0';
                base = own;
            }
        }
    }
    info.schema = v;
    info.pointer = lw->ptr.data ? lw->ptr.data : "";
    info.base_uri = base;
    info.keyword = kw;
    info.depth = depth;
    info.dialect = (amc_schema_dialect)dialect;
    if (!lw->fn(lw->ud, &info)) {
        lw->stop = true;
        goto out;
    }
    if (v->type != AMC_T_OBJECT)
        goto out;
    for (i = 0; i < v->u.obj.len && !lw->stop && lw->st == AMC_OK; i++) {
        const amc_member *m = &v->u.obj.members[i];
        int kind = amc_skw_subkind(dialect, m->key, m->key_len);
        size_t mark = lw->ptr.len;
        if (kind == 0)
            continue;
        if (kind == 4)
            kind = m->value->type == AMC_T_ARRAY ? 3 : 1;
        if (amc_ptr_push_key(&lw->ptr, m->key, m->key_len) != AMC_OK) {
            lw->st = AMC_ENOMEM;
            break;
        }
        if (kind == 1 && (m->value->type == AMC_T_OBJECT || m->value->type == AMC_T_BOOL)) {
            lint_walk(lw, m->value, base, m->key, depth + 1, dialect);
        } else if (kind == 2 && m->value->type == AMC_T_OBJECT) {
            for (j = 0; j < m->value->u.obj.len; j++) {
                const amc_member *c = &m->value->u.obj.members[j];
                size_t mark2 = lw->ptr.len;
                if (c->value->type != AMC_T_OBJECT && c->value->type != AMC_T_BOOL)
                    continue;
                if (amc_ptr_push_key(&lw->ptr, c->key, c->key_len) != AMC_OK) {
                    lw->st = AMC_ENOMEM;
                    break;
                }
                lint_walk(lw, c->value, base, m->key, depth + 1, dialect);
                amc_ptr_pop(&lw->ptr, mark2);
            }
        } else if (kind == 3 && m->value->type == AMC_T_ARRAY) {
            for (j = 0; j < m->value->u.arr.len; j++) {
                const amc_value *c = m->value->u.arr.items[j];
                size_t mark2 = lw->ptr.len;
                if (c->type != AMC_T_OBJECT && c->type != AMC_T_BOOL)
                    continue;
                if (amc_ptr_push_index(&lw->ptr, j) != AMC_OK) {
                    lw->st = AMC_ENOMEM;
                    break;
                }
                lint_walk(lw, c, base, m->key, depth + 1, dialect);
                amc_ptr_pop(&lw->ptr, mark2);
            }
        }
        amc_ptr_pop(&lw->ptr, mark);
    }
out:
    amc_xfree(own);
}

amc_status amc_schema_walk(amc_schema_set *set, const char *doc_uri, amc_schema_walk_fn fn,
                           void *userdata)
{
    char *abs = NULL;
    sres *r = NULL;
    lwalk lw;
    amc_diags *tmp = NULL;
    amc_status st = AMC_OK;
    if (!set || !doc_uri || !fn)
        return AMC_EUSAGE;
    st = amc_uri_resolve(NULL, doc_uri, strlen(doc_uri), &abs);
    if (st != AMC_OK)
        return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_EINVALID;
    abs[amc_uri_fragment_at(abs)] = '\0';
    tmp = amc_diags_new(16);
    if (!tmp) {
        amc_xfree(abs);
        return AMC_ENOMEM;
    }
    r = amc_sreg_resource(set, abs, tmp);
    amc_diags_free(tmp);
    amc_xfree(abs);
    if (!r)
        return set->nomem ? AMC_ENOMEM : AMC_EINVALID;
    memset(&lw, 0, sizeof lw);
    lw.set = set;
    lw.fn = fn;
    lw.ud = userdata;
    amc_buf_init(&lw.ptr, 0);
    lint_walk(&lw, r->doc->root, r->doc->origin, NULL, 0, r->dialect);
    amc_buf_release(&lw.ptr);
    return lw.st;
}
