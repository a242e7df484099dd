/*
 * compile.c - the COMPILE stage of the JSON Schema engine (2020-12, 2019-09, drafts 7, 6, 4).
 *
 * Design (STYLE "Where no C anchor exists"): like libyaml splits its scanner from its parser,
 * the engine splits compiling from validating. Compiling turns every reachable subschema into a
 * cnode holding an array of (keyword function, compiled argument) entries, sorted into
 * evaluation order; every $ref is resolved to its target cnode once, every regex compiled once,
 * property names and enum members hashed once. Validation (validate.c) then only follows
 * pointers. Compiling runs from a worklist, so schema nesting and $ref chains never recurse.
 *
 * Decisions:
 *   - Each subschema is compiled in the dialect of its resource (the registry decided it from
 *     "$schema"; see amc/schema.h for what differs per dialect). A keyword is recognised only
 *     when its dialect defines it (the dialects column of kwdefs), and in 2019-09 / 2020-12 only
 *     inside a vocabulary that is on: the resource's meta-schema lists it in "$vocabulary" (no
 *     "$schema": the enclosing resource's set, at the top all of them; a meta-schema without
 *     "$vocabulary": its own dialect's set). A required unknown vocabulary is a compile error; an
 *     optional one is ignored. Core is always on. Drafts 4-7 have no vocabularies.
 *   - Where an older draft gives a keyword other semantics, the entry reuses the runtime
 *     function of the 2020-12 keyword that has them (dialect_entry()): array-form "items" runs
 *     as prefixItems, "additionalItems" as "items" after it, draft-4 "maximum" with
 *     "exclusiveMaximum": true as exclusiveMaximum; the keyword location keeps the keyword's
 *     own name. Only "dependencies" and "$recursiveRef" have functions of their own.
 *   - Unknown keywords are ignored (they are annotations; amc lint-schema reports typos).
 *   - Keyword values that the 2020-12 meta-schema rejects (minLength: -1, required: "a",
 *     type: "float", a non-schema where a schema must be, ...) are compile errors
 *     (SCHEMA_KEYWORD_INVALID / SCHEMA_NOT_SCHEMA) at the value's position: a validator that
 *     silently ignores them would accept what the author meant to reject.
 *   - Integer-valued keywords accept any number that is mathematically a non-negative integer
 *     (2.0 included); values beyond 2^64-1 saturate.
 *   - Only subschemas reachable from the compiled root (and the $dynamicAnchor targets of every
 *     resource reached) are compiled; invalid keywords elsewhere are the linter's business.
 *   - A failed compile leaves nothing cached: compiling again reports the same problems.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "core/buf_int.h"
#include "core/diag_int.h"
#include "core/jsonptr_int.h"
#include "schema_int.h"
#include "uri_int.h"

/* ---- keyword functions (validate.c) ---- */
#define KWFN(name)                                                                                 \
    bool amc_kw_##name(ev *e, const cnode *n, const ckw *k, const amc_value *inst, const ectx *c,  \
                       annot *a)
KWFN(type);
KWFN(enum);
KWFN(const);
KWFN(multiple_of);
KWFN(maximum);
KWFN(exclusive_maximum);
KWFN(minimum);
KWFN(exclusive_minimum);
KWFN(max_length);
KWFN(min_length);
KWFN(pattern);
KWFN(max_items);
KWFN(min_items);
KWFN(unique_items);
KWFN(max_properties);
KWFN(min_properties);
KWFN(required);
KWFN(dependent_required);
KWFN(format);
KWFN(ref);
KWFN(dynamic_ref);
KWFN(recursive_ref);
KWFN(dependencies);
KWFN(all_of);
KWFN(any_of);
KWFN(one_of);
KWFN(not );
KWFN(if);
KWFN(dependent_schemas);
KWFN(properties);
KWFN(pattern_properties);
KWFN(additional_properties);
KWFN(property_names);
KWFN(prefix_items);
KWFN(items);
KWFN(contains);
KWFN(unevaluated_items);
KWFN(unevaluated_properties);

/* ---- compile state ---- */

typedef struct cstate {
    amc_schema_set *set;
    amc_diags *ds;
    const cnode *cur;   /* node whose keywords are being compiled (for diagnostics) */
    const char *cur_kw; /* the keyword being compiled */
    amc_status st;      /* AMC_EINVALID once an error was reported; ENOMEM/ELIMIT fatal */
    cnode **created;
    size_t ncreated, capcreated;
} cstate;

static void cfail(cstate *cs, amc_status st)
{
    if (cs->st == AMC_OK || (cs->st == AMC_EINVALID && st != AMC_EINVALID))
        cs->st = st;
}

static amc_pos vpos(const sres *res, const amc_value *v)
{
    return amc_sreg_pos(res, v->offset);
}

/*
 * Reports a compile problem at value v of resource res. schema_uri is the absolute location of
 * the keyword being compiled (resource URI # pointer / keyword), so that a caller can tell which
 * document a problem is in.
 */
static void cdiag(cstate *cs, const sres *res, const amc_value *v, amc_code code, const char *fmt,
                  ...) AMC_PRINTF(5, 6);

static void cdiag(cstate *cs, const sres *res, const amc_value *v, amc_code code, const char *fmt,
                  ...)
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
        st = amc_buf_puts(&loc, res->uri);
        if (st == AMC_OK && cs->cur && cs->cur->loc->res == res) {
            st = amc_buf_putc(&loc, '#');
            if (st == AMC_OK)
                st = amc_buf_puts(&loc, cs->cur->loc->ptr);
            if (st == AMC_OK && cs->cur_kw)
                st = amc_ptr_push_key(&loc, cs->cur_kw, strlen(cs->cur_kw));
        }
    }
    memset(&d, 0, sizeof d);
    d.code = code;
    d.sev = amc_code_severity(code);
    d.message = msg;
    d.schema_uri = st == AMC_OK ? loc.data : NULL;
    d.at = v ? vpos(res, v) : AMC_POS_NONE;
    d.context_at = AMC_POS_NONE;
    if (amc_diags_add(cs->ds, &d) != AMC_OK || st != AMC_OK)
        cfail(cs, AMC_ENOMEM);
    amc_buf_release(&loc);
    if (d.sev == AMC_SEV_ERROR)
        cfail(cs, AMC_EINVALID);
}

/* ---- the keyword table ---- */

typedef bool (*comp_fn)(cstate *cs, cnode *n, const amc_member *m, ckw *k);

typedef struct kwdef {
    const char *name;
    uint32_t vocab;
    uint32_t dialects; /* DB_* bits of the dialects that define it */
    int subkind;       /* 0 none, 1 schema, 2 map of schemas, 3 array of schemas */
    comp_fn comp;
    kw_fn fn;
    uint8_t prio;
    uint8_t tmask;
} kwdef;

#define T_ALL        0x3fu
#define T_NUM        (1u << AMC_T_NUMBER)
#define T_STR        (1u << AMC_T_STRING)
#define T_ARR        (1u << AMC_T_ARRAY)
#define T_OBJ        (1u << AMC_T_OBJECT)
#define TYPE_INTEGER (1u << 8)
/* draft 4: "a JSON number without a fraction or exponent part" (1.0 is not one) */
#define TYPE_INTEGER_LEXICAL (1u << 9)

static bool c_type(cstate *, cnode *, const amc_member *, ckw *);
static bool c_enum(cstate *, cnode *, const amc_member *, ckw *);
static bool c_const(cstate *, cnode *, const amc_member *, ckw *);
static bool c_number(cstate *, cnode *, const amc_member *, ckw *);
static bool c_multiple_of(cstate *, cnode *, const amc_member *, ckw *);
static bool c_count(cstate *, cnode *, const amc_member *, ckw *);
static bool c_pattern(cstate *, cnode *, const amc_member *, ckw *);
static bool c_unique(cstate *, cnode *, const amc_member *, ckw *);
static bool c_required(cstate *, cnode *, const amc_member *, ckw *);
static bool c_dep_required(cstate *, cnode *, const amc_member *, ckw *);
static bool c_format(cstate *, cnode *, const amc_member *, ckw *);
static bool c_ref(cstate *, cnode *, const amc_member *, ckw *);
static bool c_list(cstate *, cnode *, const amc_member *, ckw *);
static bool c_one(cstate *, cnode *, const amc_member *, ckw *);
static bool c_map(cstate *, cnode *, const amc_member *, ckw *);
static bool c_pprops(cstate *, cnode *, const amc_member *, ckw *);
static bool c_none(cstate *, cnode *, const amc_member *, ckw *);
static bool c_check_schema(cstate *, cnode *, const amc_member *, ckw *);
static bool c_check_string(cstate *, cnode *, const amc_member *, ckw *);
static bool c_check_count(cstate *, cnode *, const amc_member *, ckw *);
static bool c_check_bool(cstate *, cnode *, const amc_member *, ckw *);
static bool c_deps(cstate *, cnode *, const amc_member *, ckw *);

/* Sorted by name (binary search). fn NULL: the keyword is known but has no runtime entry of
 * its own (it is folded into a sibling, or is an annotation). dialects: the dialects that define
 * the keyword (DB_* bits); compile_node() gives some keywords the semantics of an older draft
 * (array-form "items", draft-4 boolean exclusiveMaximum, ...). */
static const kwdef kwdefs[] = {
    {"$anchor", VOC_CORE, DB_MODERN, 0, c_none, NULL, 0, 0},
    {"$comment", VOC_CORE, DB_MODERN | DB_D7, 0, c_none, NULL, 0, 0},
    {"$defs", VOC_CORE, DB_MODERN, 2, c_map, NULL, 0, 0},
    {"$dynamicAnchor", VOC_CORE, DB_2020, 0, c_none, NULL, 0, 0},
    {"$dynamicRef", VOC_CORE, DB_2020, 0, c_ref, amc_kw_dynamic_ref, 5, T_ALL},
    {"$id", VOC_CORE, DB_MODERN | DB_D7 | DB_D6, 0, c_none, NULL, 0, 0},
    {"$recursiveAnchor", VOC_CORE, DB_2019, 0, c_check_bool, NULL, 0, 0},
    {"$recursiveRef", VOC_CORE, DB_2019, 0, c_ref, amc_kw_recursive_ref, 5, T_ALL},
    {"$ref", VOC_CORE, DB_ALL, 0, c_ref, amc_kw_ref, 5, T_ALL},
    {"$schema", VOC_CORE, DB_ALL, 0, c_none, NULL, 0, 0},
    {"$vocabulary", VOC_CORE, DB_MODERN, 0, c_none, NULL, 0, 0},
    {"additionalItems", VOC_APPLICATOR, DB_2019 | DB_OLD, 1, c_check_schema, NULL, 0, 0},
    {"additionalProperties", VOC_APPLICATOR, DB_ALL, 1, c_one, amc_kw_additional_properties, 7,
     T_OBJ},
    {"allOf", VOC_APPLICATOR, DB_ALL, 3, c_list, amc_kw_all_of, 5, T_ALL},
    {"anyOf", VOC_APPLICATOR, DB_ALL, 3, c_list, amc_kw_any_of, 5, T_ALL},
    {"const", VOC_VALIDATION, DB_ALL & ~DB_D4, 0, c_const, amc_kw_const, 1, T_ALL},
    {"contains", VOC_APPLICATOR, DB_ALL & ~DB_D4, 1, c_one, amc_kw_contains, 6, T_ARR},
    {"contentEncoding", VOC_CONTENT, DB_MODERN | DB_D7, 0, c_check_string, NULL, 0, 0},
    {"contentMediaType", VOC_CONTENT, DB_MODERN | DB_D7, 0, c_check_string, NULL, 0, 0},
    {"contentSchema", VOC_CONTENT, DB_MODERN, 1, c_check_schema, NULL, 0, 0},
    {"default", VOC_META_DATA, DB_ALL, 0, c_none, NULL, 0, 0},
    {"definitions", VOC_CORE, DB_OLD, 2, c_map, NULL, 0, 0},
    {"dependencies", VOC_APPLICATOR, DB_ALL, 2, c_deps, amc_kw_dependencies, 5, T_OBJ},
    {"dependentRequired", VOC_VALIDATION, DB_MODERN, 0, c_dep_required, amc_kw_dependent_required,
     3, T_OBJ},
    {"dependentSchemas", VOC_APPLICATOR, DB_MODERN, 2, c_map, amc_kw_dependent_schemas, 5, T_OBJ},
    {"deprecated", VOC_META_DATA, DB_MODERN, 0, c_none, NULL, 0, 0},
    {"description", VOC_META_DATA, DB_ALL, 0, c_none, NULL, 0, 0},
    {"else", VOC_APPLICATOR, DB_MODERN | DB_D7, 1, c_check_schema, NULL, 0, 0},
    {"enum", VOC_VALIDATION, DB_ALL, 0, c_enum, amc_kw_enum, 1, T_ALL},
    {"examples", VOC_META_DATA, DB_ALL & ~DB_D4, 0, c_none, NULL, 0, 0},
    {"exclusiveMaximum", VOC_VALIDATION, DB_ALL, 0, c_number, amc_kw_exclusive_maximum, 2, T_NUM},
    {"exclusiveMinimum", VOC_VALIDATION, DB_ALL, 0, c_number, amc_kw_exclusive_minimum, 2, T_NUM},
    {"format", VOC_FORMAT_ANNOTATION | VOC_FORMAT_ASSERTION, DB_ALL, 0, c_format, amc_kw_format, 4,
     T_STR},
    {"id", VOC_CORE, DB_D4, 0, c_none, NULL, 0, 0},
    {"if", VOC_APPLICATOR, DB_MODERN | DB_D7, 1, c_one, amc_kw_if, 5, T_ALL},
    {"items", VOC_APPLICATOR, DB_ALL, 1, c_one, amc_kw_items, 6, T_ARR},
    {"maxContains", VOC_VALIDATION, DB_MODERN, 0, c_check_count, NULL, 0, 0},
    {"maxItems", VOC_VALIDATION, DB_ALL, 0, c_count, amc_kw_max_items, 2, T_ARR},
    {"maxLength", VOC_VALIDATION, DB_ALL, 0, c_count, amc_kw_max_length, 2, T_STR},
    {"maxProperties", VOC_VALIDATION, DB_ALL, 0, c_count, amc_kw_max_properties, 2, T_OBJ},
    {"maximum", VOC_VALIDATION, DB_ALL, 0, c_number, amc_kw_maximum, 2, T_NUM},
    {"minContains", VOC_VALIDATION, DB_MODERN, 0, c_check_count, NULL, 0, 0},
    {"minItems", VOC_VALIDATION, DB_ALL, 0, c_count, amc_kw_min_items, 2, T_ARR},
    {"minLength", VOC_VALIDATION, DB_ALL, 0, c_count, amc_kw_min_length, 2, T_STR},
    {"minProperties", VOC_VALIDATION, DB_ALL, 0, c_count, amc_kw_min_properties, 2, T_OBJ},
    {"minimum", VOC_VALIDATION, DB_ALL, 0, c_number, amc_kw_minimum, 2, T_NUM},
    {"multipleOf", VOC_VALIDATION, DB_ALL, 0, c_multiple_of, amc_kw_multiple_of, 2, T_NUM},
    {"not", VOC_APPLICATOR, DB_ALL, 1, c_one, amc_kw_not, 5, T_ALL},
    {"oneOf", VOC_APPLICATOR, DB_ALL, 3, c_list, amc_kw_one_of, 5, T_ALL},
    {"pattern", VOC_VALIDATION, DB_ALL, 0, c_pattern, amc_kw_pattern, 4, T_STR},
    {"patternProperties", VOC_APPLICATOR, DB_ALL, 2, c_pprops, amc_kw_pattern_properties, 6, T_OBJ},
    {"prefixItems", VOC_APPLICATOR, DB_2020, 3, c_list, amc_kw_prefix_items, 6, T_ARR},
    {"properties", VOC_APPLICATOR, DB_ALL, 2, c_map, amc_kw_properties, 6, T_OBJ},
    {"propertyNames", VOC_APPLICATOR, DB_ALL & ~DB_D4, 1, c_one, amc_kw_property_names, 6, T_OBJ},
    {"readOnly", VOC_META_DATA, DB_MODERN | DB_D7, 0, c_none, NULL, 0, 0},
    {"required", VOC_VALIDATION, DB_ALL, 0, c_required, amc_kw_required, 3, T_OBJ},
    {"then", VOC_APPLICATOR, DB_MODERN | DB_D7, 1, c_check_schema, NULL, 0, 0},
    {"title", VOC_META_DATA, DB_ALL, 0, c_none, NULL, 0, 0},
    {"type", VOC_VALIDATION, DB_ALL, 0, c_type, amc_kw_type, 0, T_ALL},
    {"unevaluatedItems", VOC_UNEVALUATED, DB_MODERN, 1, c_one, amc_kw_unevaluated_items, 9, T_ARR},
    {"unevaluatedProperties", VOC_UNEVALUATED, DB_MODERN, 1, c_one, amc_kw_unevaluated_properties,
     9, T_OBJ},
    {"uniqueItems", VOC_VALIDATION, DB_ALL, 0, c_unique, amc_kw_unique_items, 3, T_ARR},
    {"writeOnly", VOC_META_DATA, DB_MODERN | DB_D7, 0, c_none, NULL, 0, 0},
};
#define N_KWDEFS (sizeof kwdefs / sizeof kwdefs[0])

static const kwdef *find_kw(const char *k, size_t n)
{
    size_t lo = 0, hi = N_KWDEFS;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *name = kwdefs[mid].name;
        size_t nl = strlen(name);
        int c = memcmp(name, k, nl < n ? nl : n);
        if (c == 0)
            c = nl < n ? -1 : (nl > n ? 1 : 0);
        if (c == 0)
            return &kwdefs[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

int amc_skw_subkind(uint8_t dialect, const char *k, size_t n)
{
    const kwdef *d = find_kw(k, n);
    if (!d || !(d->dialects & DB(dialect)))
        return 0;
    if (d->fn == amc_kw_items && dialect != AMC_DIALECT_2020_12)
        return 4; /* a schema, or an array of schemas */
    return d->subkind;
}

amc_schema_vocab amc_schema_keyword_vocab(const char *kw, size_t len)
{
    return amc_schema_keyword_vocab_in(AMC_DIALECT_2020_12, kw, len);
}

amc_schema_vocab amc_schema_keyword_vocab_in(amc_schema_dialect dialect, const char *kw, size_t len)
{
    const kwdef *d = kw ? find_kw(kw, len) : NULL;
    if (!d || !(d->dialects & DB(dialect)))
        return AMC_SVOCAB_UNKNOWN;
    switch (d->vocab) {
    case VOC_CORE:
        return AMC_SVOCAB_CORE;
    case VOC_APPLICATOR:
        return AMC_SVOCAB_APPLICATOR;
    case VOC_UNEVALUATED:
        return AMC_SVOCAB_UNEVALUATED;
    case VOC_VALIDATION:
        return AMC_SVOCAB_VALIDATION;
    case VOC_META_DATA:
        return AMC_SVOCAB_META_DATA;
    case VOC_CONTENT:
        return AMC_SVOCAB_CONTENT;
    default:
        return AMC_SVOCAB_FORMAT;
    }
}

/* ---- nodes and the worklist ---- */

static cnode *get_node(cstate *cs, const amc_value *v, sres *res)
{
    cnode *n = amc_pmap_get(&cs->set->node_by_value, v);
    const sloc *l = NULL;
    if (n)
        return n;
    if (v->type != AMC_T_OBJECT && v->type != AMC_T_BOOL) {
        cdiag(cs, res, v, AMC_C_SCHEMA_NOT_SCHEMA,
              "a schema must be an object or a boolean, not %s", amc_type_name(v->type));
        cfail(cs, AMC_EINVALID);
        return NULL;
    }
    l = amc_sreg_loc(cs->set, res, v);
    n = amc_sreg_alloc(cs->set, sizeof *n);
    if (!l || !n) {
        cfail(cs, AMC_ENOMEM);
        return NULL;
    }
    n->v = v;
    n->loc = l;
    n->kind = v->type == AMC_T_BOOL ? (v->u.boolean ? 1 : 0) : 2;
    if (amc_pmap_put(&cs->set->node_by_value, v, n) != AMC_OK) {
        cfail(cs, AMC_ENOMEM);
        return NULL;
    }
    if (cs->ncreated == cs->capcreated) {
        size_t ncap = cs->capcreated ? cs->capcreated * 2 : 64;
        cnode **p = amc_xrealloc(cs->created, ncap * sizeof *p);
        if (!p) {
            cfail(cs, AMC_ENOMEM);
            return NULL;
        }
        cs->created = p;
        cs->capcreated = ncap;
    }
    cs->created[cs->ncreated++] = n;
    return n;
}

static cnode *child_node(cstate *cs, cnode *parent, const amc_value *v)
{
    return get_node(cs, v, parent->loc->res);
}

/* ---- vocabularies ---- */

static uint32_t res_vocabs(cstate *cs, sres *r, uint32_t depth);

/* Vocabularies declared by the meta-schema resource ms. */
static uint32_t meta_vocabs(cstate *cs, sres *ms, uint32_t depth)
{
    const amc_value *voc = NULL;
    uint32_t bits = VOC_CORE;
    size_t i = 0;
    if (ms->root->type != AMC_T_OBJECT)
        return VOC_ALL_2020;
    voc = amc_value_getz(ms->root, "$vocabulary");
    if (!voc || DIALECT_OLD(ms->dialect))
        return ms->vocab_done || depth > 8 ? VOC_ALL_2020 : res_vocabs(cs, ms, depth + 1);
    if (voc->type != AMC_T_OBJECT) {
        cdiag(cs, ms, voc, AMC_C_SCHEMA_KEYWORD_INVALID, "%s must be an object", "$vocabulary");
        return VOC_ALL_2020;
    }
    for (i = 0; i < voc->u.obj.len; i++) {
        const amc_member *m = &voc->u.obj.members[i];
        uint32_t b = amc_sdialect_vocab_bits(m->key, NULL);
        bits |= b;
        if (!b && m->value->type == AMC_T_BOOL && m->value->u.boolean) {
            cdiag(cs, ms, NULL, AMC_C_SCHEMA_VOCAB_UNSUPPORTED,
                  "required vocabulary \"%s\" is not supported", m->key);
            cfail(cs, AMC_EINVALID);
        }
    }
    return bits;
}

/*
 * The vocabularies of resource r. Drafts 4-7 have none (every keyword of the draft is on);
 * 2019-09 and 2020-12 resources use the set their meta-schema declares ("$schema" naming the
 * dialect's own meta-schema: all of them; no "$schema": the enclosing resource's set). The
 * registry already rejected a "$schema" whose dialect amc does not implement.
 */
static uint32_t res_vocabs(cstate *cs, sres *r, uint32_t depth)
{
    const amc_value *sch = NULL;
    uint32_t bits = VOC_ALL_2020;
    if (r->vocab_done)
        return r->vocabs;
    if (r->root->type == AMC_T_OBJECT && !DIALECT_OLD(r->dialect))
        sch = amc_value_getz(r->root, "$schema");
    if (!sch) {
        bits = r->parent && !DIALECT_OLD(r->dialect) ? res_vocabs(cs, r->parent, depth + 1)
                                                     : VOC_ALL_2020;
    } else if (sch->type == AMC_T_STRING && !amc_sdialect_of_uri(sch->u.str.ptr, sch->u.str.len)) {
        char *abs = NULL;
        size_t f = 0;
        amc_status st = amc_uri_resolve(NULL, sch->u.str.ptr, sch->u.str.len, &abs);
        if (st == AMC_ENOMEM) {
            cfail(cs, st);
            return VOC_ALL_2020;
        }
        if (st == AMC_OK) {
            sres *ms = NULL;
            f = amc_uri_fragment_at(abs);
            if (abs[f] == '#' && abs[f + 1] == '\0')
                abs[f] = '\0';
            r->vocab_done = true; /* guards against a meta-schema that is its own meta */
            r->vocabs = VOC_ALL_2020;
            ms = abs[f] == '#' ? NULL : amc_sreg_resource(cs->set, abs, cs->ds);
            if (!ms && cs->set->nomem)
                cfail(cs, AMC_ENOMEM);
            else if (ms)
                bits = meta_vocabs(cs, ms, depth + 1);
        }
        amc_xfree(abs);
    }
    r->vocab_done = true;
    r->vocabs = bits;
    return bits;
}

/* Compiles the $dynamicAnchor (2019-09: $recursiveAnchor) targets of a resource (so that
 * validation can jump to them). */
static void res_dynamic(cstate *cs, sres *r)
{
    size_t i = 0;
    if (r->dnodes_done)
        return;
    r->dnodes_done = true;
    for (i = 0; i < r->danchors.cap; i++) {
        const amc_smap_slot *s = &r->danchors.slots[i];
        cnode *n = NULL;
        if (!s->key)
            continue;
        n = get_node(cs, s->val, r);
        if (!n)
            return;
        if (amc_smap_put(&r->dnodes, s->key, s->klen, n) != AMC_OK) {
            cfail(cs, AMC_ENOMEM);
            return;
        }
    }
    if (r->rec_anchor) {
        /* 2019-09 "$recursiveAnchor": true: the root is a $recursiveRef target, under the name
         * "" (no anchor can have it) */
        cnode *n = get_node(cs, r->root, r);
        if (n && amc_smap_put(&r->dnodes, "", 0, n) != AMC_OK)
            cfail(cs, AMC_ENOMEM);
    }
}

/* ---- keyword compilers ---- */

static bool is_nonneg_int(const amc_value *v, uint64_t *out)
{
    amc_decnum d;
    uint64_t x = 0;
    size_t i = 0;
    if (v->type != AMC_T_NUMBER || !(v->flags & AMC_NUM_INTEGER))
        return false;
    if (v->flags & AMC_NUM_INT64) {
        if (v->u.num.i < 0)
            return false;
        *out = (uint64_t)v->u.num.i;
        return true;
    }
    amc_decnum_parse(v->u.num.text, v->u.num.len, &d);
    if (d.neg)
        return false;
    if (d.exp > 20) {
        *out = UINT64_MAX;
        return true;
    }
    for (i = 0; i < (size_t)d.exp; i++) {
        int dg = i < d.ndigits ? amc_decnum_digit(&d, i) : 0;
        if (x > (UINT64_MAX - (uint64_t)dg) / 10) {
            *out = UINT64_MAX;
            return true;
        }
        x = x * 10 + (uint64_t)dg;
    }
    *out = x;
    return true;
}

static bool c_none(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    (void)cs;
    (void)n;
    (void)m;
    (void)k;
    return false;
}

static bool c_check_string(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    (void)k;
    if (m->value->type != AMC_T_STRING)
        cdiag(cs, n->loc->res, m->value, AMC_C_SCHEMA_KEYWORD_INVALID, "%s must be a string",
              m->key);
    return false;
}

static bool c_check_count(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    uint64_t x = 0;
    (void)k;
    if (!is_nonneg_int(m->value, &x))
        cdiag(cs, n->loc->res, m->value, AMC_C_SCHEMA_KEYWORD_INVALID,
              "%s must be a non-negative integer", m->key);
    return false;
}

static bool c_check_bool(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    (void)k;
    if (m->value->type != AMC_T_BOOL)
        cdiag(cs, n->loc->res, m->value, AMC_C_SCHEMA_KEYWORD_INVALID, "%s must be a boolean",
              m->key);
    return false;
}

/* then / else / contentSchema / additionalItems: compiled where used (if, array-form items) or
 * only checked. */
static bool c_check_schema(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    (void)k;
    if (m->value->type != AMC_T_OBJECT && m->value->type != AMC_T_BOOL) {
        cdiag(cs, n->loc->res, m->value, AMC_C_SCHEMA_NOT_SCHEMA,
              "%s must be a schema (an object or a boolean)", m->key);
        cfail(cs, AMC_EINVALID);
    }
    return false;
}

static int type_bit(const char *s, size_t n)
{
    static const struct {
        const char *name;
        uint32_t bit;
    } names[] = {
        {"null", 1u << AMC_T_NULL},     {"boolean", 1u << AMC_T_BOOL},
        {"number", 1u << AMC_T_NUMBER}, {"integer", TYPE_INTEGER},
        {"string", 1u << AMC_T_STRING}, {"array", 1u << AMC_T_ARRAY},
        {"object", 1u << AMC_T_OBJECT},
    };
    size_t i = 0;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i].name) == n && !memcmp(names[i].name, s, n))
            return (int)names[i].bit;
    return 0;
}

static bool c_type(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    const amc_value *v = m->value;
    uint32_t bits = 0;
    size_t i = 0;
    if (v->type == AMC_T_STRING) {
        bits = (uint32_t)type_bit(v->u.str.ptr, v->u.str.len);
        if (!bits)
            goto bad;
    } else if (v->type == AMC_T_ARRAY) {
        for (i = 0; i < v->u.arr.len; i++) {
            const amc_value *t = v->u.arr.items[i];
            uint32_t b =
                t->type == AMC_T_STRING ? (uint32_t)type_bit(t->u.str.ptr, t->u.str.len) : 0;
            if (!b)
                goto bad;
            bits |= b;
        }
    } else {
        goto bad;
    }
    if ((bits & TYPE_INTEGER) && n->loc->res->dialect == AMC_DIALECT_DRAFT4)
        bits = (bits & ~TYPE_INTEGER) | TYPE_INTEGER_LEXICAL;
    k->u.types = bits;
    return true;
bad:
    cdiag(cs, n->loc->res, v, AMC_C_SCHEMA_KEYWORD_INVALID,
          "%s must be a type name (null, boolean, number, integer, string, array, object) "
          "or an array of them",
          m->key);
    return false;
}

static bool c_enum(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    const amc_value *v = m->value;
    size_t i = 0;
    if (v->type != AMC_T_ARRAY) {
        cdiag(cs, n->loc->res, v, AMC_C_SCHEMA_KEYWORD_INVALID, "%s must be an array", m->key);
        return false;
    }
    k->u.en.n = v->u.arr.len;
    k->u.en.arr = v;
    k->u.en.hashes = amc_sreg_alloc(cs->set, (v->u.arr.len + 1) * sizeof(uint64_t));
    if (!k->u.en.hashes) {
        cfail(cs, AMC_ENOMEM);
        return false;
    }
    for (i = 0; i < v->u.arr.len; i++)
        k->u.en.hashes[i] = amc_value_hash(v->u.arr.items[i]);
    return true;
}

static bool c_const(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    (void)cs;
    (void)n;
    (void)m;
    (void)k;
    return true;
}

static bool c_number(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    if (m->value->type != AMC_T_NUMBER) {
        cdiag(cs, n->loc->res, m->value, AMC_C_SCHEMA_KEYWORD_INVALID, "%s must be a number",
              m->key);
        return false;
    }
    k->u.num.v = m->value;
    amc_decnum_parse(m->value->u.num.text, m->value->u.num.len, &k->u.num.d);
    return true;
}

static bool c_multiple_of(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    if (m->value->type == AMC_T_NUMBER) {
        amc_decnum d;
        amc_decnum_parse(m->value->u.num.text, m->value->u.num.len, &d);
        if (d.ndigits > 0 && !d.neg)
            return c_number(cs, n, m, k);
    }
    cdiag(cs, n->loc->res, m->value, AMC_C_SCHEMA_KEYWORD_INVALID,
          "%s must be a number greater than 0", m->key);
    return false;
}

static bool c_count(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    if (!is_nonneg_int(m->value, &k->u.count)) {
        cdiag(cs, n->loc->res, m->value, AMC_C_SCHEMA_KEYWORD_INVALID,
              "%s must be a non-negative integer", m->key);
        return false;
    }
    return true;
}

static amc_regex *compile_regex(cstate *cs, const sres *res, const amc_value *where,
                                const char *pat, size_t len)
{
    char err[256];
    amc_regex *re = NULL;
    err[0] = '\0';
    re = amc_regex_compile(pat, len, cs->set->lim.regex_match_limit, err, sizeof err);
    if (!re && !strcmp(err, AMC_REGEX_ENOMEM_MSG)) {
        cfail(cs, AMC_ENOMEM);
        return NULL;
    }
    if (!re) {
        cdiag(cs, res, where, AMC_C_SCHEMA_REGEX_INVALID, "invalid regular expression \"%s\": %s",
              pat, err[0] ? err : "error");
        cfail(cs, AMC_EINVALID);
        return NULL;
    }
    if (amc_sreg_keep_regex(cs->set, re) != AMC_OK) { /* the set frees only what it keeps */
        amc_regex_free(re);
        re = NULL;
        cfail(cs, AMC_ENOMEM);
    }
    return re;
}

static bool c_pattern(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    if (m->value->type != AMC_T_STRING) {
        cdiag(cs, n->loc->res, m->value, AMC_C_SCHEMA_KEYWORD_INVALID, "%s must be a string",
              m->key);
        return false;
    }
    k->u.re = compile_regex(cs, n->loc->res, m->value, m->value->u.str.ptr, m->value->u.str.len);
    return k->u.re != NULL;
}

static bool c_unique(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    (void)k;
    if (m->value->type != AMC_T_BOOL) {
        cdiag(cs, n->loc->res, m->value, AMC_C_SCHEMA_KEYWORD_INVALID, "%s must be a boolean",
              m->key);
        return false;
    }
    return m->value->u.boolean;
}

/* Builds a name table over n strings. */
static bool build_ptab(cstate *cs, ptab *t, const char **keys, size_t *klens, size_t n)
{
    size_t cap = 4, i = 0;
    while (cap < n * 2 + 1)
        cap *= 2;
    t->keys = keys;
    t->klens = klens;
    t->n = n;
    t->cap = cap;
    t->slots = amc_sreg_alloc(cs->set, cap * sizeof *t->slots);
    if (!t->slots) {
        cfail(cs, AMC_ENOMEM);
        return false;
    }
    for (i = 0; i < n; i++) {
        size_t h = (size_t)amc_hash_name(keys[i], klens[i]) & (cap - 1);
        bool dup = false;
        while (t->slots[h]) {
            size_t j = t->slots[h] - 1;
            if (klens[j] == klens[i] && !memcmp(keys[j], keys[i], klens[i])) {
                dup = true;
                break;
            }
            h = (h + 1) & (cap - 1);
        }
        if (!dup)
            t->slots[h] = (uint32_t)(i + 1);
    }
    return true;
}

static bool string_array(const amc_value *v)
{
    size_t i = 0;
    if (v->type != AMC_T_ARRAY)
        return false;
    for (i = 0; i < v->u.arr.len; i++)
        if (v->u.arr.items[i]->type != AMC_T_STRING)
            return false;
    return true;
}

static bool c_required(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    const amc_value *v = m->value;
    const char **keys = NULL;
    size_t *klens = NULL, i = 0;
    if (!string_array(v)) {
        cdiag(cs, n->loc->res, v, AMC_C_SCHEMA_KEYWORD_INVALID, "%s must be an array of strings",
              m->key);
        return false;
    }
    if (v->u.arr.len == 0)
        return false;
    keys = amc_sreg_alloc(cs->set, v->u.arr.len * sizeof *keys);
    klens = amc_sreg_alloc(cs->set, v->u.arr.len * sizeof *klens);
    if (!keys || !klens) {
        cfail(cs, AMC_ENOMEM);
        return false;
    }
    for (i = 0; i < v->u.arr.len; i++) {
        keys[i] = v->u.arr.items[i]->u.str.ptr;
        klens[i] = v->u.arr.items[i]->u.str.len;
    }
    return build_ptab(cs, &k->u.names.tab, keys, klens, v->u.arr.len);
}

static bool c_dep_required(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    const amc_value *v = m->value;
    const char **keys = NULL;
    size_t *klens = NULL, i = 0;
    if (v->type != AMC_T_OBJECT) {
        cdiag(cs, n->loc->res, v, AMC_C_SCHEMA_KEYWORD_INVALID, "%s must be an object", m->key);
        return false;
    }
    for (i = 0; i < v->u.obj.len; i++) {
        if (!string_array(v->u.obj.members[i].value)) {
            cdiag(cs, n->loc->res, v->u.obj.members[i].value, AMC_C_SCHEMA_KEYWORD_INVALID,
                  "%s values must be arrays of strings", m->key);
            return false;
        }
    }
    if (v->u.obj.len == 0)
        return false;
    keys = amc_sreg_alloc(cs->set, v->u.obj.len * sizeof *keys);
    klens = amc_sreg_alloc(cs->set, v->u.obj.len * sizeof *klens);
    k->u.names.vals = amc_sreg_alloc(cs->set, v->u.obj.len * sizeof *k->u.names.vals);
    if (!keys || !klens || !k->u.names.vals) {
        cfail(cs, AMC_ENOMEM);
        return false;
    }
    for (i = 0; i < v->u.obj.len; i++) {
        keys[i] = v->u.obj.members[i].key;
        klens[i] = v->u.obj.members[i].key_len;
        k->u.names.vals[i] = v->u.obj.members[i].value;
    }
    return build_ptab(cs, &k->u.names.tab, keys, klens, v->u.obj.len);
}

/* dependencies (drafts 4-7): each value is an array of property names (dependentRequired) or
 * a schema (dependentSchemas). */
static bool c_deps(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    const amc_value *v = m->value;
    const char **keys = NULL;
    size_t *klens = NULL, i = 0;
    if (v->type != AMC_T_OBJECT) {
        cdiag(cs, n->loc->res, v, AMC_C_SCHEMA_KEYWORD_INVALID,
              "%s must be an object whose values are schemas or arrays of strings", m->key);
        return false;
    }
    for (i = 0; i < v->u.obj.len; i++) {
        const amc_value *c = v->u.obj.members[i].value;
        if (c->type != AMC_T_OBJECT && c->type != AMC_T_BOOL && !string_array(c)) {
            cdiag(cs, n->loc->res, c, AMC_C_SCHEMA_KEYWORD_INVALID,
                  "%s values must be schemas or arrays of strings", m->key);
            return false;
        }
    }
    if (v->u.obj.len == 0)
        return false;
    keys = amc_sreg_alloc(cs->set, v->u.obj.len * sizeof *keys);
    klens = amc_sreg_alloc(cs->set, v->u.obj.len * sizeof *klens);
    k->u.props.nodes = amc_sreg_alloc(cs->set, v->u.obj.len * sizeof(cnode *));
    k->u.props.vals = amc_sreg_alloc(cs->set, v->u.obj.len * sizeof *k->u.props.vals);
    if (!keys || !klens || !k->u.props.nodes || !k->u.props.vals) {
        cfail(cs, AMC_ENOMEM);
        return false;
    }
    for (i = 0; i < v->u.obj.len; i++) {
        const amc_value *c = v->u.obj.members[i].value;
        keys[i] = v->u.obj.members[i].key;
        klens[i] = v->u.obj.members[i].key_len;
        if (c->type == AMC_T_ARRAY) {
            k->u.props.vals[i] = c;
            continue;
        }
        k->u.props.nodes[i] = child_node(cs, n, c);
        if (!k->u.props.nodes[i])
            return false;
    }
    return build_ptab(cs, &k->u.props.tab, keys, klens, v->u.obj.len);
}

static bool c_format(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    amc_schema_dialect d = (amc_schema_dialect)n->loc->res->dialect;
    if (m->value->type != AMC_T_STRING) {
        cdiag(cs, n->loc->res, m->value, AMC_C_SCHEMA_KEYWORD_INVALID, "%s must be a string",
              m->key);
        return false;
    }
    /* a format the resource's dialect does not define is an annotation there */
    if (d != AMC_DIALECT_2020_12 &&
        !amc_sdialect_format_defined(d, m->value->u.str.ptr, m->value->u.str.len))
        return false;
    k->u.fmt.name = m->value->u.str.ptr;
    k->u.fmt.assert_vocab = (res_vocabs(cs, n->loc->res, 0) & VOC_FORMAT_ASSERTION) != 0;
    return true;
}

static bool c_ref(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    const amc_value *v = m->value;
    sres *res = n->loc->res, *tres = NULL;
    char *abs = NULL;
    const amc_value *target = NULL;
    amc_status st = AMC_OK;
    if (v->type != AMC_T_STRING) {
        cdiag(cs, res, v, AMC_C_SCHEMA_KEYWORD_INVALID, "%s must be a string (a URI reference)",
              m->key);
        return false;
    }
    st = amc_uri_resolve(res->uri, v->u.str.ptr, v->u.str.len, &abs);
    if (st == AMC_ENOMEM) {
        cfail(cs, st);
        return false;
    }
    if (st != AMC_OK) {
        cdiag(cs, res, v, AMC_C_SCHEMA_URI_INVALID, "%s \"%s\" is not a valid URI reference",
              m->key, v->u.str.ptr);
        cfail(cs, AMC_EINVALID);
        return false;
    }
    target = amc_sreg_resolve(cs->set, abs, cs->ds, &tres);
    if (!target && cs->set->nomem) {
        amc_xfree(abs);
        cfail(cs, AMC_ENOMEM);
        return false; /* out of memory while resolving $ref */
    }
    if (!target) {
        cdiag(cs, res, v, AMC_C_SCHEMA_REF_UNRESOLVED, "%s \"%s\" (%s) cannot be resolved", m->key,
              v->u.str.ptr, abs);
        amc_xfree(abs);
        cfail(cs, AMC_EINVALID);
        return false;
    }
    k->u.ref.node = get_node(cs, target, tres);
    if (k->u.ref.node && !strcmp(m->key, "$recursiveRef")) {
        /* 2019-09: dynamic when the initially resolved target is a resource root with
         * "$recursiveAnchor": true (validation walks the dynamic scope outwards from there) */
        if (tres->rec_anchor && target == tres->root)
            k->u.ref.dyn_anchor = "";
    } else if (k->u.ref.node && !strcmp(m->key, "$dynamicRef")) {
        size_t f = amc_uri_fragment_at(abs);
        const char *frag = abs[f] == '#' ? abs + f + 1 : "";
        /* dynamic only when the fragment is an anchor name and the initially resolved target
         * carries the matching $dynamicAnchor (the 2020-12 "bookending" requirement) */
        if (frag[0] && frag[0] != '/' && amc_smap_get(&tres->danchors, frag, strlen(frag))) {
            k->u.ref.dyn_anchor = amc_sreg_strdup(cs->set, frag, strlen(frag));
            if (!k->u.ref.dyn_anchor)
                cfail(cs, AMC_ENOMEM);
        }
    }
    amc_xfree(abs);
    return k->u.ref.node != NULL;
}

static bool c_list(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    const amc_value *v = m->value;
    size_t i = 0;
    if (v->type != AMC_T_ARRAY || v->u.arr.len == 0) {
        cdiag(cs, n->loc->res, v, AMC_C_SCHEMA_KEYWORD_INVALID,
              "%s must be a non-empty array of schemas", m->key);
        return false;
    }
    k->u.list.n = v->u.arr.len;
    k->u.list.nodes = amc_sreg_alloc(cs->set, v->u.arr.len * sizeof(cnode *));
    if (!k->u.list.nodes) {
        cfail(cs, AMC_ENOMEM);
        return false;
    }
    for (i = 0; i < v->u.arr.len; i++) {
        k->u.list.nodes[i] = child_node(cs, n, v->u.arr.items[i]);
        if (!k->u.list.nodes[i])
            return false;
    }
    return true;
}

static bool c_one(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    k->u.node = child_node(cs, n, m->value);
    return k->u.node != NULL;
}

static bool c_map(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    const amc_value *v = m->value;
    const char **keys = NULL;
    size_t *klens = NULL, i = 0;
    if (v->type != AMC_T_OBJECT) {
        cdiag(cs, n->loc->res, v, AMC_C_SCHEMA_KEYWORD_INVALID,
              "%s must be an object whose values are schemas", m->key);
        return false;
    }
    if (!strcmp(m->key, "$defs") || !strcmp(m->key, "definitions")) {
        /* not compiled unless referenced; only the shape is checked */
        for (i = 0; i < v->u.obj.len; i++) {
            const amc_value *c = v->u.obj.members[i].value;
            if (c->type != AMC_T_OBJECT && c->type != AMC_T_BOOL) {
                cdiag(cs, n->loc->res, c, AMC_C_SCHEMA_NOT_SCHEMA,
                      "a schema must be an object or a boolean, not %s", amc_type_name(c->type));
                cfail(cs, AMC_EINVALID);
            }
        }
        return false;
    }
    if (v->u.obj.len == 0)
        return false;
    keys = amc_sreg_alloc(cs->set, v->u.obj.len * sizeof *keys);
    klens = amc_sreg_alloc(cs->set, v->u.obj.len * sizeof *klens);
    k->u.props.nodes = amc_sreg_alloc(cs->set, v->u.obj.len * sizeof(cnode *));
    if (!keys || !klens || !k->u.props.nodes) {
        cfail(cs, AMC_ENOMEM);
        return false;
    }
    for (i = 0; i < v->u.obj.len; i++) {
        keys[i] = v->u.obj.members[i].key;
        klens[i] = v->u.obj.members[i].key_len;
        k->u.props.nodes[i] = child_node(cs, n, v->u.obj.members[i].value);
        if (!k->u.props.nodes[i])
            return false;
    }
    return build_ptab(cs, &k->u.props.tab, keys, klens, v->u.obj.len);
}

static bool c_pprops(cstate *cs, cnode *n, const amc_member *m, ckw *k)
{
    const amc_value *v = m->value;
    size_t i = 0;
    if (v->type != AMC_T_OBJECT) {
        cdiag(cs, n->loc->res, v, AMC_C_SCHEMA_KEYWORD_INVALID,
              "%s must be an object whose values are schemas", m->key);
        return false;
    }
    if (v->u.obj.len == 0)
        return false;
    k->u.pprops.n = v->u.obj.len;
    k->u.pprops.res = amc_sreg_alloc(cs->set, v->u.obj.len * sizeof(amc_regex *));
    k->u.pprops.nodes = amc_sreg_alloc(cs->set, v->u.obj.len * sizeof(cnode *));
    if (!k->u.pprops.res || !k->u.pprops.nodes) {
        cfail(cs, AMC_ENOMEM);
        return false;
    }
    for (i = 0; i < v->u.obj.len; i++) {
        const amc_member *c = &v->u.obj.members[i];
        k->u.pprops.res[i] = compile_regex(cs, n->loc->res, c->value, c->key, c->key_len);
        k->u.pprops.nodes[i] = child_node(cs, n, c->value);
        if (!k->u.pprops.res[i] || !k->u.pprops.nodes[i])
            return false;
    }
    return true;
}

/* ---- compiling one node ---- */

/* Stable insertion sort by priority (a schema has few keywords). */
static void sort_kws(ckw *k, size_t n)
{
    size_t i = 0, j = 0;
    for (i = 1; i < n; i++) {
        ckw t = k[i];
        for (j = i; j > 0 && k[j - 1].prio > t.prio; j--)
            k[j] = k[j - 1];
        k[j] = t;
    }
}

/*
 * The keyword entry of member m in a resource of dialect `dialect`, with the semantics of that
 * dialect where they differ from the table (which has the 2020-12 ones):
 *   - "items" before 2020-12: an array of schemas is prefixItems (same runtime function, reported
 *     as "items"); "additionalItems" is then "items" after that prefix, and ignored otherwise;
 *   - draft 4: "exclusiveMaximum"/"exclusiveMinimum" are booleans turning "maximum"/"minimum"
 *     exclusive.
 * Returns the compile function to use, NULL when the keyword has no entry here.
 */
static comp_fn dialect_entry(const cnode *n, uint8_t dialect, const kwdef *d, ckw *k)
{
    const amc_value *v = n->v;
    if (dialect == AMC_DIALECT_2020_12)
        return d->comp;
    if (d->fn == amc_kw_items && k->kv->type == AMC_T_ARRAY) {
        k->fn = amc_kw_prefix_items;
        return c_list;
    }
    if (!strcmp(d->name, "additionalItems")) {
        const amc_value *items = amc_value_getz(v, "items");
        if (!items || items->type != AMC_T_ARRAY)
            return c_check_schema; /* ignored: "items" applies to every item */
        k->fn = amc_kw_items;
        k->prio = 6;
        k->tmask = T_ARR;
        return c_one;
    }
    if (dialect == AMC_DIALECT_DRAFT4) {
        const amc_value *ex = NULL;
        if (d->fn == amc_kw_exclusive_maximum || d->fn == amc_kw_exclusive_minimum)
            return c_check_bool;
        if (d->fn == amc_kw_maximum || d->fn == amc_kw_minimum) {
            bool max = d->fn == amc_kw_maximum;
            ex = amc_value_getz(v, max ? "exclusiveMaximum" : "exclusiveMinimum");
            if (ex && ex->type == AMC_T_BOOL && ex->u.boolean)
                k->fn = max ? amc_kw_exclusive_maximum : amc_kw_exclusive_minimum;
        }
    }
    return d->comp;
}

static void compile_node(cstate *cs, cnode *n)
{
    const amc_value *v = n->v;
    ckw tmp[64];
    ckw *kws = tmp;
    size_t nk = 0, i = 0, cap = sizeof tmp / sizeof tmp[0];
    uint32_t voc = 0;
    uint8_t dialect = n->loc->res->dialect;
    bool only_ref = false;
    ckw *props = NULL, *pprops = NULL, *addl = NULL, *items = NULL, *prefix = NULL;
    ckw *contains = NULL, *ifk = NULL;
    const amc_value *minc = NULL, *maxc = NULL, *thenv = NULL, *elsev = NULL;
    n->compiled = true;
    if (n->kind != 2)
        return;
    cs->cur = n;
    cs->cur_kw = NULL;
    res_dynamic(cs, n->loc->res);
    voc = res_vocabs(cs, n->loc->res, 0);
    /* drafts 4-7: "$ref" overrides every sibling keyword */
    only_ref = DIALECT_OLD(dialect) && amc_value_getz(v, "$ref") != NULL;
    if (v->u.obj.len > cap) {
        cap = v->u.obj.len;
        kws = amc_xcalloc(cap, sizeof *kws);
        if (!kws) {
            cfail(cs, AMC_ENOMEM);
            return;
        }
    }
    for (i = 0; i < v->u.obj.len; i++) {
        const amc_member *m = &v->u.obj.members[i];
        const kwdef *d = find_kw(m->key, m->key_len);
        ckw *k = &kws[nk];
        comp_fn comp = NULL;
        if (!d || !(d->vocab & voc) || !(d->dialects & DB(dialect)))
            continue;
        if (only_ref && d->fn != amc_kw_ref)
            continue;
        cs->cur_kw = d->name;
        memset(k, 0, sizeof *k);
        k->name = d->name;
        k->nlen = strlen(d->name);
        k->kv = m->value;
        k->fn = d->fn;
        k->prio = d->prio;
        k->tmask = d->tmask;
        if (!strcmp(d->name, "minContains"))
            minc = m->value;
        else if (!strcmp(d->name, "maxContains"))
            maxc = m->value;
        else if (!strcmp(d->name, "then"))
            thenv = m->value;
        else if (!strcmp(d->name, "else"))
            elsev = m->value;
        if (dialect == AMC_DIALECT_2020_12 && d->fn == amc_kw_items &&
            m->value->type == AMC_T_ARRAY) {
            cdiag(cs, n->loc->res, m->value, AMC_C_SCHEMA_NOT_SCHEMA,
                  "\"items\" is an array of schemas, the form of draft 2019-09 and earlier; in "
                  "2020-12 that is \"prefixItems\" (or declare the schema's draft in "
                  "\"$schema\")");
            continue;
        }
        comp = dialect_entry(n, dialect, d, k);
        if (!comp(cs, n, m, k) || !k->fn)
            continue;
        if (k->fn == amc_kw_properties)
            props = k;
        else if (k->fn == amc_kw_pattern_properties)
            pprops = k;
        else if (k->fn == amc_kw_additional_properties)
            addl = k;
        else if (k->fn == amc_kw_items)
            items = k;
        else if (k->fn == amc_kw_prefix_items)
            prefix = k;
        else if (k->fn == amc_kw_contains)
            contains = k;
        else if (k->fn == amc_kw_if)
            ifk = k;
        else if (k->fn == amc_kw_unevaluated_items || k->fn == amc_kw_unevaluated_properties)
            n->uneval = true;
        nk++;
    }
    cs->cur_kw = NULL;
    if (cs->st == AMC_ENOMEM)
        goto out;
    /* fold siblings into the keywords that need them */
    if (items) {
        cnode *node = items->u.node;
        items->u.items.node = node;
        items->u.items.prefix = prefix ? prefix->u.list.n : 0;
    }
    if (contains) {
        cnode *node = contains->u.node;
        contains->u.contains.node = node;
        contains->u.contains.min = 1;
        contains->u.contains.max = UINT64_MAX;
        if (minc && (voc & VOC_VALIDATION) && is_nonneg_int(minc, &contains->u.contains.min))
            contains->u.contains.has_min_kw = true;
        if (maxc && (voc & VOC_VALIDATION) && is_nonneg_int(maxc, &contains->u.contains.max))
            contains->u.contains.has_max_kw = true;
        /* 2019-09: only items/additionalItems/unevaluatedItems mark items evaluated */
        contains->u.contains.no_annot = dialect == AMC_DIALECT_2019_09;
    }
    if (ifk) {
        cnode *cond = ifk->u.node;
        ifk->u.ite.cond = cond;
        ifk->u.ite.then_ = thenv ? child_node(cs, n, thenv) : NULL;
        ifk->u.ite.else_ = elsev ? child_node(cs, n, elsev) : NULL;
        if ((thenv && !ifk->u.ite.then_) || (elsev && !ifk->u.ite.else_))
            goto out;
    }
    /* pointers to siblings are fixed up after the copy below */
    sort_kws(kws, nk);
    n->kw = amc_sreg_alloc(cs->set, (nk ? nk : 1) * sizeof *n->kw);
    if (!n->kw) {
        cfail(cs, AMC_ENOMEM);
        goto out;
    }
    memcpy(n->kw, kws, nk * sizeof *kws);
    n->nkw = (uint32_t)nk;
    (void)props;
    (void)pprops;
    (void)addl;
    n->leaf = true;
    for (i = 0; i < nk; i++) {
        n->kw[i].fop = amc_sval_op(n->kw[i].fn);
        if (n->kw[i].fn == amc_kw_properties)
            n->props = &n->kw[i];
        if (amc_skw_subkind(dialect, n->kw[i].name, n->kw[i].nlen) != 0 ||
            n->kw[i].fn == amc_kw_ref || n->kw[i].fn == amc_kw_dynamic_ref ||
            n->kw[i].fn == amc_kw_recursive_ref)
            n->leaf = false;
    }
    for (i = 0; i < nk; i++) {
        ckw *k = &n->kw[i];
        if (k->fn == amc_kw_required && n->props) {
            const ptab *t = &k->u.names.tab;
            size_t j = 0, idx = 0;
            k->u.names.pidx = amc_sreg_alloc(cs->set, t->n * sizeof(int32_t));
            if (!k->u.names.pidx) {
                cfail(cs, AMC_ENOMEM);
                goto out;
            }
            for (j = 0; j < t->n; j++)
                k->u.names.pidx[j] =
                    amc_ptab_lookup(&n->props->u.props.tab, t->keys[j], t->klens[j], &idx)
                        ? (int32_t)idx
                        : -1;
        }
        if (k->fn == amc_kw_additional_properties) {
            cnode *node = k->u.node;
            size_t j = 0;
            k->u.addl.node = node;
            k->u.addl.props = NULL;
            k->u.addl.pprops = NULL;
            for (j = 0; j < nk; j++) {
                if (n->kw[j].fn == amc_kw_properties)
                    k->u.addl.props = &n->kw[j];
                else if (n->kw[j].fn == amc_kw_pattern_properties)
                    k->u.addl.pprops = &n->kw[j];
            }
        }
    }
    /* The member scan (validate.c) pays off only when it is shared with required or
     * additionalProperties; "properties" alone (an if/then discriminator) looks names up
     * itself, more cheaply than building the scan. */
    if (n->props) {
        bool shared = false;
        for (i = 0; i < nk; i++)
            if ((n->kw[i].fn == amc_kw_required && n->kw[i].u.names.pidx) ||
                (n->kw[i].fn == amc_kw_additional_properties && n->kw[i].u.addl.props))
                shared = true;
        if (!shared)
            n->props = NULL;
    }
out:
    cs->cur = NULL;
    cs->cur_kw = NULL;
    if (kws != tmp)
        amc_xfree(kws);
}

/* The constant C of an "if" subschema that is only {"properties": {NAME: {"const": C}}} (NAME
 * returned in *name, *len), or NULL. */
static const amc_value *disc_cond(const cnode *cond, const char **name, size_t *len)
{
    const ckw *p = NULL;
    const cnode *c = NULL;
    if (cond->kind != 2 || cond->uneval || cond->nkw != 1 || cond->kw[0].fn != amc_kw_properties)
        return NULL;
    p = &cond->kw[0];
    if (p->u.props.tab.n != 1)
        return NULL;
    c = p->u.props.nodes[0];
    if (!c || c->kind != 2 || c->uneval || c->nkw != 1 || c->kw[0].fn != amc_kw_const)
        return NULL;
    *name = p->u.props.tab.keys[0];
    *len = p->u.props.tab.klens[0];
    return c->kw[0].kv;
}

/* Marks an "allOf" whose branches are a discriminator (see sdisc in schema_int.h). Only speed
 * depends on it: validation evaluates the same branches when it is not set. */
static void find_disc(cstate *cs, ckw *k)
{
    const char *name = NULL;
    size_t len = 0, i = 0, n = k->u.list.n;
    sdisc *d = NULL;
    if (n < 2)
        return;
    for (i = 0; i < n; i++) {
        const cnode *b = k->u.list.nodes[i];
        const char *nm = NULL;
        size_t nl = 0;
        if (!b || b->kind != 2 || b->uneval || b->nkw != 1 || b->kw[0].fn != amc_kw_if ||
            !disc_cond(b->kw[0].u.ite.cond, &nm, &nl))
            return;
        if (i && (nl != len || memcmp(nm, name, nl) != 0))
            return;
        name = nm;
        len = nl;
    }
    d = amc_sreg_alloc(cs->set, sizeof *d);
    if (d) {
        d->vals = amc_sreg_alloc(cs->set, n * sizeof *d->vals);
        d->then_ = amc_sreg_alloc(cs->set, n * sizeof *d->then_);
        d->else_ = amc_sreg_alloc(cs->set, n * sizeof *d->else_);
    }
    if (!d || !d->vals || !d->then_ || !d->else_) {
        cfail(cs, AMC_ENOMEM);
        return;
    }
    d->name = name;
    d->len = len;
    for (i = 0; i < n; i++) {
        const ckw *ifk = &k->u.list.nodes[i]->kw[0];
        d->vals[i] = disc_cond(ifk->u.ite.cond, &name, &len);
        d->then_[i] = ifk->u.ite.then_;
        d->else_[i] = ifk->u.ite.else_;
    }
    k->u.list.disc = d;
}

/* Compiles every node created so far that is not compiled yet. */
static void drain(cstate *cs)
{
    size_t i = 0;
    for (i = 0; i < cs->ncreated && cs->st != AMC_ENOMEM; i++)
        if (!cs->created[i]->compiled)
            compile_node(cs, cs->created[i]);
}

amc_status amc_scomp_node(amc_schema_set *set, const amc_value *v, sres *res, amc_diags *ds,
                          cnode **out)
{
    cstate cs;
    size_t i = 0;
    memset(&cs, 0, sizeof cs);
    cs.set = set;
    cs.ds = ds;
    *out = get_node(&cs, v, res);
    drain(&cs);
    /* with every node compiled, what needs the compiled children (discriminators) */
    for (i = 0; i < cs.ncreated && cs.st == AMC_OK; i++) {
        cnode *n = cs.created[i];
        uint32_t j = 0;
        for (j = 0; n->kind == 2 && j < n->nkw; j++)
            if (n->kw[j].fn == amc_kw_all_of)
                find_disc(&cs, &n->kw[j]);
    }
    if (cs.st != AMC_OK) {
        sres *r = NULL;
        /* forget every node of this attempt and the per-resource results computed with it
         * (vocabularies, compiled $dynamicAnchor targets): a later compile reports the same
         * problems again instead of reusing half-compiled nodes */
        for (i = 0; i < cs.ncreated; i++)
            if (amc_pmap_put(&set->node_by_value, cs.created[i]->v, NULL) != AMC_OK)
                break;
        for (r = set->all_res; r; r = r->next_all) {
            r->vocab_done = false;
            if (r->dnodes_done) {
                size_t j = 0;
                bool stale = false;
                for (j = 0; j < r->dnodes.cap && !stale; j++) {
                    const amc_smap_slot *sl = &r->dnodes.slots[j];
                    stale = sl->key && amc_pmap_get(&set->node_by_value,
                                                    ((const cnode *)sl->val)->v) != sl->val;
                }
                if (stale) {
                    amc_smap_release(&r->dnodes);
                    r->dnodes_done = false;
                }
            }
        }
        *out = NULL;
    }
    amc_xfree(cs.created);
    return cs.st;
}

amc_status amc_schema_compile(amc_schema_set *set, const char *uri, amc_diags *diags,
                              const amc_schema **out)
{
    char *abs = NULL;
    amc_schema *s = NULL;
    sres *res = NULL;
    const amc_value *v = NULL;
    cnode *node = NULL;
    amc_status st = AMC_OK;
    size_t f = 0;
    if (out)
        *out = NULL;
    if (!set || !uri || !diags || !out)
        return AMC_EUSAGE;
    if (set->nomem)
        return AMC_ENOMEM; /* an earlier allocation failure left the set partial */
    st = amc_uri_resolve(NULL, uri, strlen(uri), &abs);
    if (st != AMC_OK) {
        if (st != AMC_ENOMEM)
            amc_diags_addf(diags, AMC_C_SCHEMA_URI_INVALID, AMC_POS_NONE,
                           "\"%s\" is not an absolute URI", uri);
        return st;
    }
    f = amc_uri_fragment_at(abs);
    if (abs[f] == '#' && abs[f + 1] == '\0')
        abs[f] = '\0';
    s = amc_smap_get(&set->schema_by_uri, abs, strlen(abs));
    if (s) {
        amc_xfree(abs);
        *out = s;
        return AMC_OK;
    }
    v = amc_sreg_resolve(set, abs, diags, &res);
    if (!v && set->nomem) {
        amc_xfree(abs);
        return AMC_ENOMEM;
    }
    if (!v) {
        amc_diags_addf(diags, AMC_C_SCHEMA_NOT_FOUND, AMC_POS_NONE,
                       "no schema is registered under \"%s\"", abs);
        amc_xfree(abs);
        return AMC_EINVALID;
    }
    st = amc_scomp_node(set, v, res, diags, &node);
    if (st != AMC_OK) {
        amc_xfree(abs);
        return st;
    }
    s = amc_sreg_alloc(set, sizeof *s);
    if (!s) {
        amc_xfree(abs);
        return AMC_ENOMEM;
    }
    s->set = set;
    s->root = node;
    s->uri = amc_sreg_strdup(set, abs, strlen(abs));
    amc_xfree(abs);
    if (!s->uri || amc_smap_put(&set->schema_by_uri, s->uri, strlen(s->uri), s) != AMC_OK)
        return AMC_ENOMEM;
    *out = s;
    return AMC_OK;
}

const char *amc_schema_uri(const amc_schema *schema)
{
    return schema ? schema->uri : NULL;
}

amc_schema_dialect amc_schema_dialect_of(const amc_schema *schema)
{
    return schema ? (amc_schema_dialect)schema->root->loc->res->dialect : (amc_schema_dialect)0;
}
