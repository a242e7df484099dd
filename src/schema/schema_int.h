/*
 * schema_int.h - internal structures of the JSON Schema engine: the registry (documents,
 * resources, anchors, subschema locations), compiled nodes and keywords, and the entry points
 * the stages call on each other.
 */
#ifndef AMC_SCHEMA_INT_H
#define AMC_SCHEMA_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "amc/schema.h"
#include "core/arena_int.h"
#include "core/num_int.h"
#include "hash_int.h"
#include "ext_int.h"

/* ---- vocabularies (bit set) ---- */
enum {
    VOC_CORE = 1u << 0,
    VOC_APPLICATOR = 1u << 1,
    VOC_UNEVALUATED = 1u << 2,
    VOC_VALIDATION = 1u << 3,
    VOC_META_DATA = 1u << 4,
    VOC_FORMAT_ANNOTATION = 1u << 5,
    VOC_FORMAT_ASSERTION = 1u << 6,
    VOC_CONTENT = 1u << 7,
    VOC_ALL_2020 = VOC_CORE | VOC_APPLICATOR | VOC_UNEVALUATED | VOC_VALIDATION | VOC_META_DATA |
                   VOC_FORMAT_ANNOTATION | VOC_CONTENT
};

/* ---- dialects (dialect.c) ---- */
/* Bit of a dialect in a keyword's dialect mask. */
#define DB(d)     (1u << (unsigned)(d))
#define DB_2020   DB(AMC_DIALECT_2020_12)
#define DB_2019   DB(AMC_DIALECT_2019_09)
#define DB_D7     DB(AMC_DIALECT_DRAFT7)
#define DB_D6     DB(AMC_DIALECT_DRAFT6)
#define DB_D4     DB(AMC_DIALECT_DRAFT4)
#define DB_ALL    (DB_2020 | DB_2019 | DB_D7 | DB_D6 | DB_D4)
#define DB_MODERN (DB_2020 | DB_2019)
#define DB_OLD    (DB_D7 | DB_D6 | DB_D4)
/* Drafts 4-7: no vocabularies, "$ref" overrides its siblings, "definitions", "dependencies". */
#define DIALECT_OLD(d) ((d) >= AMC_DIALECT_DRAFT7)

/* Dialect of a meta-schema URI (empty fragment, http/https tolerated), 0 if not a known one. */
int amc_sdialect_of_uri(const char *uri, size_t len);
/* true for draft-03 and earlier meta-schema URIs (not implemented). */
bool amc_sdialect_obsolete_uri(const char *uri, size_t len);
/* Vocabulary bits of a 2019-09 / 2020-12 vocabulary URI (0: unknown) and its dialect. */
uint32_t amc_sdialect_vocab_bits(const char *uri, amc_schema_dialect *d);
/* true if dialect d defines format name[0..len). */
bool amc_sdialect_format_defined(amc_schema_dialect d, const char *name, size_t len);
/* The formats dialect d defines (at most cap names); returns the count. */
size_t amc_sdialect_formats(amc_schema_dialect d, const char **out, size_t cap);

/* ---- registry ---- */

typedef struct sdoc sdoc;
typedef struct sres sres;
typedef struct sloc sloc;
typedef struct cnode cnode;
typedef struct ckw ckw;

/* A registered document. */
struct sdoc {
    amc_doc *doc;
    const amc_value *root;
    const char *uri;    /* canonical URI (root resource URI) */
    const char *origin; /* retrieval URI (or the canonical one) */
    sdoc *next;
};

/* A schema resource: the document root or a subschema with $id. */
struct sres {
    const char *uri; /* absolute, normalised, without fragment */
    const amc_value *root;
    sdoc *doc;
    sres *parent;      /* enclosing resource (NULL for the document root) */
    uint8_t dialect;   /* amc_schema_dialect the resource is read in */
    bool rec_anchor;   /* 2019-09: the root has "$recursiveAnchor": true */
    amc_smap anchors;  /* $anchor and $dynamicAnchor name -> const amc_value * */
    amc_smap danchors; /* $dynamicAnchor name -> const amc_value * */
    /* filled by the compiler */
    bool vocab_done;
    uint32_t vocabs;
    amc_smap dnodes; /* $dynamicAnchor name -> cnode * (compiled); 2019-09: "" -> the root's
                        cnode when rec_anchor ($recursiveRef targets) */
    bool dnodes_done;
    sres *next_all; /* list of every resource of the set (for freeing) */
};

/* Where a subschema value sits. */
struct sloc {
    const amc_value *v;
    sres *res;           /* resource it belongs to (its own if it has $id) */
    const char *ptr;     /* JSON Pointer from res->root (for absoluteKeywordLocation) */
    const char *doc_ptr; /* JSON Pointer from the document root */
};

struct amc_schema_set {
    amc_limits lim;
    amc_arena arena; /* strings and structures that live as long as the set */
    sdoc *docs;
    sres *all_res;
    amc_smap res_by_uri;    /* uri -> sres */
    amc_pmap loc_by_value;  /* const amc_value * -> sloc */
    amc_pmap node_by_value; /* const amc_value * -> cnode */
    amc_smap schema_by_uri; /* compile uri -> amc_schema */
    amc_smap load_failed;   /* URIs the loader could not provide */
    amc_schema_loader loader;
    void *loader_ud;
    unsigned anon;
    uint8_t default_dialect; /* of documents without "$schema" (amc_schema_set_default_dialect) */
    uint8_t meta_depth;      /* nested meta-schema loads while adding (bounded) */
    /* embedded table keys, computed on first miss */
    const char **embed_uri;  /* resolved $id per row (or NULL) */
    const char **embed_base; /* "amc:schemas/<path>" per row */
    bool *embed_added;
    /* regexes to free */
    amc_regex **regexes;
    size_t nregex, capregex;
    /* compile worklist */
    cnode **work;
    size_t nwork, capwork;
    /* an allocation failed while registering or resolving: what the set holds may be partial,
     * so every later amc_schema_compile() on it returns AMC_ENOMEM (sticky) */
    bool nomem;
};

/* ---- compiled schemas ---- */

typedef struct ev ev;
typedef struct ectx ectx;
typedef struct annot annot;

typedef bool (*kw_fn)(ev *e, const cnode *n, const ckw *k, const amc_value *inst, const ectx *c,
                      annot *a);

/* A property-name table: open addressing over names -> index. */
typedef struct ptab {
    const char **keys;
    size_t *klens;
    uint32_t *slots; /* index + 1; 0 empty */
    size_t cap;      /* power of two */
    size_t n;
} ptab;

typedef struct ckw {
    kw_fn fn;
    const char *name;    /* keyword (static) */
    size_t nlen;         /* strlen(name) */
    const amc_value *kv; /* the keyword's value in the schema */
    uint8_t tmask;       /* instance types (1u << amc_type) it applies to */
    uint8_t prio;        /* evaluation order */
    uint8_t fop;         /* opcode of fn for the fast path (amc_sval_op(), validate.c) */
    union {
        uint32_t types; /* type: bit set of 1u << amc_type, plus bit 8 for "integer" */
        struct {
            amc_decnum d;
            const amc_value *v;
        } num;
        uint64_t count; /* min/max Length/Items/Properties */
        amc_regex *re;  /* pattern */
        struct {
            const char *name;
            bool assert_vocab; /* the format-assertion vocabulary is on */
        } fmt;
        struct {
            cnode *node;
            const char *dyn_anchor; /* $dynamicRef: anchor name when dynamic, else NULL;
                                       $recursiveRef: "" when dynamic, else NULL */
        } ref;
        struct {
            cnode **nodes;
            size_t n;
            const struct sdisc *disc; /* allOf: its branches as a discriminator, or NULL */
        } list;                       /* allOf anyOf oneOf prefixItems */
        cnode *node; /* not items additionalProperties propertyNames unevaluated* */
        struct {
            ptab tab;
            cnode **nodes;
            const amc_value **vals; /* dependencies: the array of names, or NULL (a schema) */
        } props;                    /* properties dependentSchemas dependencies */
        struct {
            amc_regex **res;
            cnode **nodes;
            size_t n;
        } pprops;
        struct {
            ptab tab;
            const amc_value **vals; /* dependentRequired arrays (NULL for required) */
            int32_t *pidx; /* required: index of each name in the sibling "properties", or -1 */
        } names;
        struct {
            cnode *node;
            uint64_t min, max; /* max UINT64_MAX when absent */
            bool has_min_kw, has_max_kw;
            bool no_annot; /* 2019-09: matched items are not "evaluated" for unevaluatedItems */
        } contains;
        struct {
            cnode *cond, *then_, *else_;
        } ite;
        struct {
            cnode *node;
            size_t prefix; /* number of prefixItems of the same schema */
        } items;
        struct {
            const ckw *props;  /* sibling "properties" or NULL */
            const ckw *pprops; /* sibling "patternProperties" or NULL */
            cnode *node;
        } addl;
        struct {
            const amc_value *arr; /* the enum array */
            uint64_t *hashes;
            size_t n;
        } en;
    } u;
} ckw;

/*
 * An "allOf" whose every branch is only {"if": {"properties": {NAME: {"const": C}}}, "then": ...,
 * "else": ...} with the same NAME (the usual discriminator: one branch per value of a "type"
 * member). Set after compilation (compile.c); validation's fast path finds the member once and
 * compares it with each C instead of evaluating each "if" as a subschema.
 */
typedef struct sdisc {
    const char *name;
    size_t len;
    const amc_value **vals; /* C of each branch */
    const cnode **then_;    /* then of each branch, or NULL */
    const cnode **else_;    /* else of each branch, or NULL */
} sdisc;

struct cnode {
    const amc_value *v;
    const sloc *loc;
    uint8_t kind; /* 0 false, 1 true, 2 object */
    bool uneval;  /* has unevaluatedProperties/unevaluatedItems: collects annotations */
    bool compiled;
    bool leaf; /* no applicator keyword ($ref included): eval runs it without scope, frame,
                  member scan or annotations (validate.c) */
    uint32_t nkw;
    ckw *kw;
    const ckw *props; /* the "properties" entry of kw when required or additionalProperties are
                         there too (validation scans the members once for all three) */
};

struct amc_schema {
    amc_schema_set *set;
    cnode *root;
    const char *uri;
};

/* ---- registry.c ---- */
/* Looks a resource up by absolute URI without fragment, loading it (embedded table, then the
 * loader) if needed. NULL if unavailable (diagnostics of a failed load go to ds). */
sres *amc_sreg_resource(amc_schema_set *set, const char *uri, amc_diags *ds);
/* The location record of a subschema value, creating one for a value reached through a JSON
 * Pointer into a place the walk did not visit (an unknown keyword). NULL on ENOMEM. */
const sloc *amc_sreg_loc(amc_schema_set *set, sres *res, const amc_value *v);
/* Resolves an absolute URI with optional fragment to a subschema value. *out_res is the
 * resource the fragment was resolved in. Returns NULL if it does not resolve. */
const amc_value *amc_sreg_resolve(amc_schema_set *set, const char *uri, amc_diags *ds,
                                  sres **out_res);
/* Position of a value of a registered document, for compile diagnostics. */
amc_pos amc_sreg_pos(const sres *res, size_t offset);
/* Arena helpers. */
char *amc_sreg_strdup(amc_schema_set *set, const char *s, size_t n);
void *amc_sreg_alloc(amc_schema_set *set, size_t n);
amc_status amc_sreg_keep_regex(amc_schema_set *set, amc_regex *re);

/* ---- validate.c ---- */
/* The fast path's opcode for a keyword function (0: not one it runs itself). compile.c sets
 * ckw.fop with it. */
uint8_t amc_sval_op(kw_fn fn);

/* ---- compile.c ---- */
amc_status amc_scomp_node(amc_schema_set *set, const amc_value *v, sres *res, amc_diags *ds,
                          cnode **out);
/* What kind of subschema container keyword k[0..n) is in dialect d: 0 none, 1 one schema,
 * 2 map of schemas (values that are not schemas are skipped: "dependencies"), 3 array of
 * schemas, 4 a schema or an array of schemas (items before 2020-12). */
int amc_skw_subkind(uint8_t d, const char *k, size_t n);

/* ---- name tables (built in compile.c, looked up mostly by validate.c) ---- */
/* memcmp(a, b, n) == 0 for short names, inline: most property names are under 16 bytes, and a
 * call to the library memcmp cost more than the comparison itself. */
static inline bool amc_name_eq(const char *a, const char *b, size_t n)
{
    if (n >= 8 && n <= 16) {
        uint64_t x = 0, y = 0, u = 0, v = 0;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        memcpy(&u, a + n - 8, 8);
        memcpy(&v, b + n - 8, 8);
        return x == y && u == v;
    }
    if (n >= 4 && n < 8) {
        uint32_t x = 0, y = 0, u = 0, v = 0;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        memcpy(&u, a + n - 4, 4);
        memcpy(&v, b + n - 4, 4);
        return x == y && u == v;
    }
    return memcmp(a, b, n) == 0;
}

/* Index of a name in a table: inline because validation calls it for every member name of an
 * instance object (see amc_hash_name). Duplicate names map to their first occurrence. */
static inline bool amc_ptab_lookup(const ptab *t, const char *key, size_t klen, size_t *idx)
{
    size_t h = 0;
    if (!t->n)
        return false;
    h = (size_t)amc_hash_name(key, klen) & (t->cap - 1);
    while (t->slots[h]) {
        size_t j = t->slots[h] - 1;
        if (t->klens[j] == klen && amc_name_eq(t->keys[j], key, klen)) {
            *idx = j;
            return true;
        }
        h = (h + 1) & (t->cap - 1);
    }
    return false;
}
#endif
