/*
 * validate.c - the VALIDATE stage of the JSON Schema 2020-12 engine.
 *
 * Design: eval() applies one compiled node to one instance value by running the node's keyword
 * entries in order. Nothing here allocates per keyword or writes to the compiled schema: the
 * per-call state (struct ev) holds the error counters and one scratch word stack for annotation
 * bit sets; instance and keyword locations are linked lists of path segments on the C stack,
 * turned into JSON Pointer strings only when a diagnostic is emitted.
 *
 * Decisions:
 *   - Errors are "recorded" only in contexts where a failure is a failure of the whole
 *     instance (ectx.rec): the root and everything reached through allOf, $ref, $dynamicRef,
 *     properties, items, then/else... The subschemas of anyOf, oneOf, not, if, contains and
 *     propertyNames are evaluated silently (and short-circuit); when the combinator fails, its
 *     own error is reported and its branches are evaluated again, recording at most
 *     opts.branch_details errors each ("details": same code and locations, with the context
 *     "while checking <keyword location>"). Details do not count toward max_errors.
 *   - Annotations (for unevaluatedProperties / unevaluatedItems) are bit sets over the members
 *     or items of one instance value, collected only below a schema that has an unevaluated*
 *     keyword, through in-place applicators. A failed subschema's annotations are dropped;
 *     within an allOf or $ref the collector is shared because a failed branch fails the whole
 *     schema anyway (so a property that a failing branch evaluated is not reported a second time
 *     as "unevaluated").
 *   - $dynamicRef: the compiled target is used unless the fragment names a $dynamicAnchor of
 *     the initially resolved resource; then the outermost resource of the dynamic scope that
 *     has a $dynamicAnchor of that name wins.
 *   - A $ref or $dynamicRef that leads back to a (schema, instance value) pair already being
 *     evaluated is an infinite loop: SCHEMA_REF_LOOP, evaluation stops, status AMC_ELIMIT.
 *     Nested evaluations are bounded by opts.max_depth (SCHEMA_EVAL_DEPTH).
 *   - Numbers: bounds compare exactly (int64 fast path; when the nearest doubles differ they
 *     decide, since rounding is monotonic; otherwise the exact decimal text); multipleOf uses the
 *     exact decimal division of decimal_int.h and falls back to doubles only beyond its range.
 *   - Strings are measured in code points. A regex that hits its match limit makes the keyword
 *     fail with SCHEMA_REGEX_LIMIT and the status AMC_ELIMIT.
 *   - With format assertion on (the option, or the format-assertion vocabulary), known formats
 *     assert; unknown formats always pass.
 *   - Speed: amc_schema_validate() first runs fv() (the fast path at the end of this file), which
 *     decides "valid" without paths, scopes, frames or annotations and calls the same keyword
 *     functions for every assertion; only when it cannot say "valid" does the full evaluation
 *     run, and it alone reports. So a diagnostic never comes from the fast path.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "core/buf_int.h"
#include "core/jsonptr_int.h"
#include "core/utf8_int.h"
#include "schema_int.h"

#define TYPE_INTEGER           (1u << 8)
#define TYPE_INTEGER_LEXICAL   (1u << 9) /* draft 4: written without fraction or exponent */
#define DEFAULT_MAX_DEPTH      1000u
#define DEFAULT_BRANCH_DETAILS 3u
/* Name tables this small are searched linearly by scan_object (see there). */
#define SMALL_PTAB 4u

/* A JSON Pointer as a linked list of segments, innermost first. key == NULL: an index. */
typedef struct path {
    const struct path *up;
    const char *key;
    size_t len; /* key length, or the index */
} path;

typedef struct scope {
    const struct scope *up;
    const sres *res;
} scope;

typedef struct frame {
    const struct frame *up;
    const cnode *n;
    const amc_value *inst;
} frame;

struct ectx {
    const path *ip; /* instance location */
    const path *kp; /* keyword location (dynamic path) */
    const scope *sc;
    const frame *fr;
    bool rec;
};

struct annot {
    size_t off; /* first word in ev.words */
    size_t n;   /* number of members or items */
    bool all;
};

struct ev {
    const amc_validate_opts *o;
    amc_diags *ds;
    const amc_doc *idoc;
    bool all;
    bool format_assert;
    bool stop;
    amc_status fatal;
    uint32_t nerr, max_err;
    uint32_t depth, max_depth;
    uint32_t in_detail, budget, branch_details;
    const path *detail_ctx;
    uint64_t *words; /* scratch stack (annotation bit sets, member scans) */
    size_t nwords, capwords;
    const struct objscan *scan; /* member scan of the node being evaluated, if any */
    bool pos_valid;             /* last_pos is the position of last_off */
    size_t last_off;
    amc_pos last_pos;
    amc_buf ib, kb, ab, cb;
    uint64_t inline_words[96]; /* the scratch stack starts here: no allocation per call */
};

/* One pass over an object's members against a node's "properties": for each member its
 * property index + 1 (0: none), and a bit per property present. Shared by properties,
 * additionalProperties and required of the same node. */
typedef struct objscan {
    const cnode *n;
    const amc_value *inst;
    size_t pidx_off;    /* words: two 32-bit entries per word */
    size_t present_off; /* words: one bit per property */
    size_t nmatch;      /* members that have a property */
    size_t first;       /* index of the first such member (m when none) */
} objscan;

/* ---- scratch annotations ---- */

static bool annot_new(ev *e, annot *a, size_t n)
{
    size_t w = (n + 63) / 64;
    a->off = e->nwords;
    a->n = n;
    a->all = false;
    if (w == 0)
        return true; /* no members or items: no words (and no pointer arithmetic on NULL) */
    if (e->nwords + w > e->capwords) {
        size_t ncap = e->capwords * 2;
        uint64_t *p = NULL;
        while (ncap < e->nwords + w)
            ncap *= 2;
        if (e->words == e->inline_words) {
            p = amc_xmalloc(ncap * sizeof *p);
            if (p)
                memcpy(p, e->words, e->nwords * sizeof *p);
        } else {
            p = amc_xrealloc(e->words, ncap * sizeof *p);
        }
        if (!p) {
            e->fatal = AMC_ENOMEM;
            return false;
        }
        e->words = p;
        e->capwords = ncap;
    }
    memset(e->words + e->nwords, 0, w * sizeof(uint64_t));
    e->nwords += w;
    return true;
}

static void annot_set(ev *e, annot *a, size_t i)
{
    if (a && i < a->n)
        e->words[a->off + i / 64] |= (uint64_t)1 << (i % 64);
}

static bool annot_get(const ev *e, const annot *a, size_t i)
{
    return a->all || (e->words[a->off + i / 64] >> (i % 64)) & 1u;
}

static void annot_merge(ev *e, annot *dst, const annot *src)
{
    size_t i = 0, w = 0;
    if (!dst)
        return;
    w = (dst->n + 63) / 64;
    if (src->all)
        dst->all = true;
    if (dst->all)
        return;
    for (i = 0; i < w; i++)
        e->words[dst->off + i] |= e->words[src->off + i];
}

static uint32_t get32(const ev *e, size_t off, size_t i)
{
    return (uint32_t)(e->words[off + i / 2] >> (32 * (i % 2)));
}

static void set32(ev *e, size_t off, size_t i, uint32_t v)
{
    e->words[off + i / 2] |= (uint64_t)v << (32 * (i % 2));
}

/* Member i has property idx. */
static void scan_hit(ev *e, objscan *os, size_t i, size_t idx)
{
    set32(e, os->pidx_off, i, (uint32_t)idx + 1);
    e->words[os->present_off + idx / 64] |= (uint64_t)1 << (idx % 64);
    if (!os->nmatch++ || i < os->first)
        os->first = i;
}

static bool scan_object(ev *e, const cnode *n, const amc_value *inst, objscan *os)
{
    const ptab *t = &n->props->u.props.tab;
    size_t m = inst->u.obj.len, i = 0, idx = 0;
    annot tmp;
    if (!annot_new(e, &tmp, ((m + 1) / 2 + (t->n + 63) / 64) * 64))
        return false;
    os->n = n;
    os->inst = inst;
    os->pidx_off = tmp.off;
    os->present_off = tmp.off + (m + 1) / 2;
    os->nmatch = 0;
    os->first = m;
    if (t->n <= SMALL_PTAB) {
        /* A few names (typically an if/then discriminator such as {"type": {"const": ...}}):
         * looking each name up among the members by length, and comparing bytes only on equal
         * lengths, is cheaper than hashing every member name. A member already matched keeps
         * its index: duplicate names map to their first occurrence, as in the table. */
        for (idx = 0; idx < t->n; idx++) {
            const char *name = t->keys[idx];
            size_t nlen = t->klens[idx];
            for (i = 0; i < m; i++) {
                const amc_member *mb = &inst->u.obj.members[i];
                if (mb->key_len == nlen && amc_name_eq(mb->key, name, nlen) &&
                    !get32(e, os->pidx_off, i))
                    scan_hit(e, os, i, idx);
            }
        }
        return true;
    }
    for (i = 0; i < m; i++) {
        const amc_member *mb = &inst->u.obj.members[i];
        if (amc_ptab_lookup(t, mb->key, mb->key_len, &idx))
            scan_hit(e, os, i, idx);
    }
    return true;
}

/* The index of a member name in a property table (without a scan): the few names of a small
 * table are compared directly (see scan_object), a larger one is hashed. */
static bool prop_index(const ptab *t, const char *key, size_t klen, size_t *idx)
{
    size_t j = 0;
    if (t->n > SMALL_PTAB)
        return amc_ptab_lookup(t, key, klen, idx);
    for (j = 0; j < t->n; j++) {
        if (t->klens[j] == klen && amc_name_eq(t->keys[j], key, klen)) {
            *idx = j;
            return true;
        }
    }
    return false;
}

/* The first member at or after i named name (obj->u.obj.len if none): a tight loop over the
 * lengths, bytes compared only on equal lengths. */
static size_t find_name(const amc_value *obj, size_t i, const char *name, size_t len)
{
    const amc_member *ms = obj->u.obj.members;
    size_t m = obj->u.obj.len;
    for (; i < m; i++)
        if (ms[i].key_len == len && amc_name_eq(ms[i].key, name, len))
            break;
    return i;
}

/* The scan of (n, inst), or NULL. */
static const objscan *scan_of(const ev *e, const cnode *n, const amc_value *inst)
{
    return e->scan && e->scan->n == n && e->scan->inst == inst ? e->scan : NULL;
}

static size_t inst_count(const amc_value *v)
{
    return v->type == AMC_T_OBJECT ? v->u.obj.len : v->type == AMC_T_ARRAY ? v->u.arr.len : 0;
}

/* ---- reporting ---- */

static amc_status put_path(amc_buf *b, const path *p)
{
    amc_status st = AMC_OK;
    if (!p)
        return AMC_OK;
    st = put_path(b, p->up);
    if (st != AMC_OK)
        return st;
    return p->key ? amc_ptr_push_key(b, p->key, p->len) : amc_ptr_push_index(b, p->len);
}

/*
 * Position of an instance offset. Diagnostics come mostly in document order, so the position is
 * computed forward from the previous one: reporting n errors in a large document costs one pass
 * over it, not n.
 */
static amc_pos inst_pos(ev *e, size_t off)
{
    amc_pos p;
    const char *src = NULL;
    size_t len = 0;
    p.offset = AMC_NO_OFFSET;
    p.line = p.col = 0;
    if (!e->idoc || off == AMC_NO_OFFSET)
        return p;
    src = amc_doc_source(e->idoc, &len);
    if (!src || off > len)
        return amc_doc_pos(e->idoc, off);
    if (e->pos_valid && off >= e->last_off) {
        amc_pos d = amc_pos_of(src + e->last_off, len - e->last_off, off - e->last_off);
        p.offset = off;
        p.line = e->last_pos.line + d.line;
        p.col = d.line ? d.col : e->last_pos.col + d.col;
    } else {
        p = amc_pos_of(src, len, off);
    }
    e->pos_valid = true;
    e->last_off = off;
    e->last_pos = p;
    return p;
}

/* Short JSON rendering of a value for messages. */
static void preview(const amc_value *v, char *out, size_t cap)
{
    size_t i = 0, o = 0;
    switch (v->type) {
    case AMC_T_NULL:
        snprintf(out, cap, "null");
        return;
    case AMC_T_BOOL:
        snprintf(out, cap, "%s", v->u.boolean ? "true" : "false");
        return;
    case AMC_T_NUMBER:
        snprintf(out, cap, "%.*s%s", (int)(v->u.num.len > 40 ? 40 : v->u.num.len), v->u.num.text,
                 v->u.num.len > 40 ? "..." : "");
        return;
    case AMC_T_ARRAY:
        snprintf(out, cap, "an array of %zu items", v->u.arr.len);
        return;
    case AMC_T_OBJECT:
        snprintf(out, cap, "an object with %zu properties", v->u.obj.len);
        return;
    case AMC_T_STRING:
        break;
    }
    if (cap < 16) {
        snprintf(out, cap, "\"...\"");
        return;
    }
    out[o++] = '"';
    for (i = 0; i < v->u.str.len && o + 8 < cap && i < 60; i++) {
        unsigned char c = (unsigned char)v->u.str.ptr[i];
        size_t need = (c == '"' || c == '\\') ? 2 : c < 0x20 ? 6 : 1;
        if (o + need + 5 > cap) /* the character, then "...", the closing quote and the NUL */
            break;
        if (c == '"' || c == '\\') {
            out[o++] = '\\';
            out[o++] = (char)c;
        } else if (c < 0x20) {
            o += (size_t)snprintf(out + o, cap - o, "\\u%04x", c);
        } else {
            out[o++] = (char)c;
        }
    }
    if (i < v->u.str.len) {
        /* do not cut a UTF-8 sequence in half */
        while (o > 1 && ((unsigned char)out[o - 1] & 0xc0) == 0x80)
            o--;
        if (o > 1 && ((unsigned char)out[o - 1] & 0xc0) == 0xc0)
            o--;
        out[o++] = '.';
        out[o++] = '.';
        out[o++] = '.';
    }
    out[o++] = '"';
    out[o] = '\0';
}

/*
 * Emits one diagnostic. kw: the keyword (NULL for a boolean false schema); seg: an optional
 * extra keyword-location segment below it; at: the instance value (or a key) offset.
 */
static void report(ev *e, const ectx *c, const cnode *n, const char *kw, const path *seg,
                   const amc_value *inst, size_t at, amc_code code, const char *fmt, ...)
    AMC_PRINTF(9, 10);

static void report(ev *e, const ectx *c, const cnode *n, const char *kw, const path *seg,
                   const amc_value *inst, size_t at, amc_code code, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    amc_diag d;
    amc_status st = AMC_OK;
    path kseg, sseg;
    const path *kp = c->kp;
    if (!e->ds || !c->rec)
        return;
    if (e->in_detail) {
        if (e->budget == 0)
            return;
        e->budget--;
    }
    if (kw) {
        kseg.up = c->kp;
        kseg.key = kw;
        kseg.len = strlen(kw);
        kp = &kseg;
        if (seg) {
            sseg = *seg;
            sseg.up = &kseg;
            kp = &sseg;
        }
    }
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    amc_buf_reset(&e->ib);
    amc_buf_reset(&e->kb);
    amc_buf_reset(&e->ab);
    amc_buf_reset(&e->cb);
    st = put_path(&e->ib, c->ip);
    if (st == AMC_OK)
        st = put_path(&e->kb, kp);
    /* "<uri>#<ptr>" without a printf: an invalid message spends most of its cost here */
    if (st == AMC_OK)
        st = amc_buf_puts(&e->ab, n->loc->res->uri);
    if (st == AMC_OK)
        st = amc_buf_putc(&e->ab, '#');
    if (st == AMC_OK)
        st = amc_buf_puts(&e->ab, n->loc->ptr);
    if (st == AMC_OK && kw)
        st = amc_ptr_push_key(&e->ab, kw, strlen(kw));
    if (st == AMC_OK && kw && seg)
        st = seg->key ? amc_ptr_push_key(&e->ab, seg->key, seg->len)
                      : amc_ptr_push_index(&e->ab, seg->len);
    if (st == AMC_OK && e->in_detail) {
        st = amc_buf_puts(&e->cb, "while checking ");
        if (st == AMC_OK)
            st = put_path(&e->cb, e->detail_ctx);
    }
    if (st != AMC_OK) {
        e->fatal = AMC_ENOMEM;
        return;
    }
    memset(&d, 0, sizeof d);
    d.code = code;
    d.sev = amc_code_severity(code);
    d.message = msg;
    d.instance_ptr = e->ib.data ? e->ib.data : "";
    d.keyword_ptr = e->kb.data ? e->kb.data : "";
    d.schema_uri = e->ab.data;
    d.at = inst_pos(e, at);
    d.context = e->in_detail ? e->cb.data : NULL;
    d.context_at.offset = AMC_NO_OFFSET;
    (void)inst;
    if (amc_diags_add(e->ds, &d) != AMC_OK)
        e->fatal = AMC_ENOMEM;
    if (e->in_detail)
        return;
    e->nerr++;
    if (!e->all)
        e->stop = true;
    if (e->max_err && e->nerr >= e->max_err && !e->stop) {
        e->stop = true;
        amc_diags_addf(e->ds, AMC_C_SCHEMA_ERRORS_LIMIT, d.at, "validation stopped after %u errors",
                       e->nerr);
    }
}

/* A fatal problem (loop, depth, ENOMEM): reported even where errors are not recorded. */
static void fatal(ev *e, const ectx *c, const cnode *n, const char *kw, const amc_value *inst,
                  amc_code code, const char *msg)
{
    ectx cc = *c;
    uint32_t saved = e->in_detail;
    if (e->fatal)
        return;
    cc.rec = true;
    e->in_detail = 0;
    report(e, &cc, n, kw, NULL, inst, inst->offset, code, "%s", msg);
    e->in_detail = saved;
    e->fatal = AMC_ELIMIT;
    e->stop = true;
}

static bool halted(const ev *e)
{
    return e->stop || e->fatal != AMC_OK;
}

/* ---- eval ---- */

static bool eval(ev *e, const cnode *n, const amc_value *inst, const ectx *c, annot *a);
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool
eval_node(ev *e, const cnode *n, const amc_value *inst, const ectx *c, annot *a);

/* Continue after a failure? Only when recording every error. */
static bool go_on(const ev *e, const ectx *c)
{
    return c->rec && e->all && !halted(e);
}

/* Keywords apply in order; after a failure, go on only when recording every error. Inlined in
 * both eval and eval_node (it is their loop). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline bool
run_kws(ev *e, const cnode *n, const amc_value *inst, const ectx *c, annot *a)
{
    uint8_t tbit = (uint8_t)(1u << inst->type);
    bool ok = true;
    uint32_t i = 0;
    for (i = 0; i < n->nkw; i++) {
        const ckw *k = &n->kw[i];
        if (!(k->tmask & tbit))
            continue;
        if (!k->fn(e, n, k, inst, c, a)) {
            ok = false;
            if (!go_on(e, c))
                break;
        }
        if (halted(e)) {
            ok = false;
            break;
        }
    }
    return ok;
}

/*
 * eval() is split in two for speed: this small part handles boolean schemas, the depth limit
 * and the leaf nodes (no applicator, e.g. {"type": "string", "minLength": 1}: most subschemas),
 * whose keywords only read the instance and report at c, so they need none of the scope and
 * frame records, member scan or annotation collector of eval_node(). Kept apart, eval_node's
 * large stack frame is not set up for every leaf.
 */
static bool eval(ev *e, const cnode *n, const amc_value *inst, const ectx *c, annot *a)
{
    bool ok = false;
    if (n->kind == 1)
        return true;
    if (n->kind == 0) {
        report(e, c, n, NULL, NULL, inst, inst->offset, AMC_C_SCHEMA_FALSE,
               "no value is allowed here (the schema is false)");
        return false;
    }
    if (halted(e))
        return false;
    if (++e->depth > e->max_depth) {
        e->depth--;
        fatal(e, c, n, NULL, inst, AMC_C_SCHEMA_EVAL_DEPTH,
              "schema evaluation nests too deeply (more than the depth limit)");
        return false;
    }
    ok = n->leaf ? run_kws(e, n, inst, c, a) : eval_node(e, n, inst, c, a);
    e->depth--;
    return ok;
}

/* A node with applicators (called by eval, which counted the depth). */
static bool eval_node(ev *e, const cnode *n, const amc_value *inst, const ectx *c, annot *a)
{
    ectx cc;
    scope sc;
    frame fr;
    annot own;
    annot *pa = a;
    objscan os;
    const objscan *saved_scan = NULL;
    size_t mark = e->nwords;
    bool ok = false;
    cc = *c;
    if (!c->sc || c->sc->res != n->loc->res) {
        sc.up = c->sc;
        sc.res = n->loc->res;
        cc.sc = &sc;
    }
    fr.up = c->fr;
    fr.n = n;
    fr.inst = inst;
    cc.fr = &fr;
    if (n->uneval && (inst->type == AMC_T_OBJECT || inst->type == AMC_T_ARRAY)) {
        if (!annot_new(e, &own, inst_count(inst)))
            return false;
        pa = &own;
    }
    saved_scan = e->scan;
    if (n->props && inst->type == AMC_T_OBJECT && inst->u.obj.len) {
        if (!scan_object(e, n, inst, &os)) {
            e->nwords = mark;
            return false;
        }
        e->scan = &os;
    }
    ok = run_kws(e, n, inst, &cc, pa);
    if (ok && pa != a && a)
        annot_merge(e, a, pa);
    e->scan = saved_scan;
    e->nwords = mark;
    return ok;
}

/* Evaluates branch i of a failed combinator again, recording up to branch_details errors. */
static void details(ev *e, const cnode *child, const amc_value *inst, const ectx *c, const path *kp,
                    const path *ctx)
{
    ectx cc = *c;
    bool saved_stop = e->stop;
    uint32_t saved_budget = e->budget;
    const path *saved_ctx = e->detail_ctx;
    if (!e->ds || !c->rec || e->fatal || e->branch_details == 0)
        return;
    cc.kp = kp;
    cc.rec = true;
    e->stop = false;
    if (!e->in_detail) {
        e->budget = e->branch_details;
        e->detail_ctx = ctx;
    }
    e->in_detail++;
    (void)eval(e, child, inst, &cc, NULL);
    e->in_detail--;
    if (!e->in_detail) {
        e->budget = saved_budget;
        e->detail_ctx = saved_ctx;
    }
    e->stop = saved_stop || e->stop;
}

/* ---- keyword functions ---- */

#define KWFN(name)                                                                                 \
    bool amc_kw_##name(ev *e, const cnode *n, const ckw *k, const amc_value *inst, const ectx *c,  \
                       annot *a)

static void type_names(uint32_t t, char *out, size_t cap)
{
    static const struct {
        uint32_t bit;
        const char *name;
    } names[] = {
        {1u << AMC_T_OBJECT, "object"},
        {1u << AMC_T_ARRAY, "array"},
        {1u << AMC_T_STRING, "string"},
        {1u << AMC_T_NUMBER, "number"},
        {TYPE_INTEGER | TYPE_INTEGER_LEXICAL, "integer"},
        {1u << AMC_T_BOOL, "boolean"},
        {1u << AMC_T_NULL, "null"},
    };
    size_t i = 0, o = 0;
    out[0] = '\0';
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (!(t & names[i].bit))
            continue;
        o += (size_t)snprintf(out + o, o < cap ? cap - o : 0, "%s%s", o ? " or " : "",
                              names[i].name);
        if (o >= cap)
            break;
    }
}

KWFN(type)
{
    uint32_t t = k->u.types;
    char want[96];
    (void)a;
    if (t & (1u << inst->type))
        return true;
    if ((t & TYPE_INTEGER) && inst->type == AMC_T_NUMBER && (inst->flags & AMC_NUM_INTEGER))
        return true;
    if ((t & TYPE_INTEGER_LEXICAL) && inst->type == AMC_T_NUMBER &&
        (inst->flags & AMC_NUM_INTEGER) && !memchr(inst->u.num.text, '.', inst->u.num.len) &&
        !memchr(inst->u.num.text, 'e', inst->u.num.len) &&
        !memchr(inst->u.num.text, 'E', inst->u.num.len))
        return true;
    if (c->rec) {
        type_names(t, want, sizeof want);
        report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_TYPE, "expected %s, got %s",
               want, amc_type_name(inst->type));
    }
    return false;
}

/*
 * amc_value_equal(inst, want), with the common cases inline: values of different JSON types
 * are never equal (numbers are one type, whatever their spelling), and strings compare by
 * bytes. const and enum (discriminators such as {"type": {"const": "review_result"}}) are
 * evaluated for nearly every message, mostly on strings.
 */
static inline bool value_eq(const amc_value *inst, const amc_value *want)
{
    if (inst->type != want->type)
        return false;
    if (inst->type == AMC_T_STRING)
        return inst->u.str.len == want->u.str.len &&
               amc_name_eq(inst->u.str.ptr, want->u.str.ptr, inst->u.str.len);
    return amc_value_equal(inst, want);
}

KWFN(enum)
{
    size_t i = 0;
    char got[96];
    (void)a;
    if (k->u.en.n <= 8) {
        for (i = 0; i < k->u.en.n; i++)
            if (value_eq(inst, k->u.en.arr->u.arr.items[i]))
                return true;
    } else {
        uint64_t h = amc_value_hash(inst);
        for (i = 0; i < k->u.en.n; i++)
            if (k->u.en.hashes[i] == h && amc_value_equal(inst, k->u.en.arr->u.arr.items[i]))
                return true;
    }
    if (c->rec) {
        char list[256];
        size_t o = 0;
        list[0] = '\0';
        for (i = 0; i < k->u.en.n && o < 200; i++) {
            char one[96];
            preview(k->u.en.arr->u.arr.items[i], one, sizeof one);
            o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", i ? ", " : "", one);
        }
        if (i < k->u.en.n && o < sizeof list - 8)
            snprintf(list + o, sizeof list - o, ", ...");
        preview(inst, got, sizeof got);
        report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_ENUM, "%s is not one of %s",
               got, list);
    }
    return false;
}

KWFN(const)
{
    char want[96], got[96];
    (void)a;
    if (value_eq(inst, k->kv))
        return true;
    if (c->rec) {
        preview(k->kv, want, sizeof want);
        preview(inst, got, sizeof got);
        report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_CONST,
               "%s is not the required value %s", got, want);
    }
    return false;
}

/* Exact comparison of inst with the keyword's number: -1, 0, 1. */
static int num_cmp(const amc_value *x, const ckw *k)
{
    const amc_value *y = k->u.num.v;
    amc_decnum dx;
    if ((x->flags & AMC_NUM_INT64) && (y->flags & AMC_NUM_INT64))
        return x->u.num.i < y->u.num.i ? -1 : (x->u.num.i > y->u.num.i ? 1 : 0);
    if (x->u.num.d != y->u.num.d)
        return x->u.num.d < y->u.num.d ? -1 : 1; /* rounding is monotonic */
    amc_decnum_parse(x->u.num.text, x->u.num.len, &dx);
    return amc_decnum_cmp(&dx, &k->u.num.d);
}

static bool bound(ev *e, const cnode *n, const ckw *k, const amc_value *inst, const ectx *c,
                  bool ok, amc_code code, const char *rel)
{
    if (!ok && c->rec) {
        char got[96];
        preview(inst, got, sizeof got);
        report(e, c, n, k->name, NULL, inst, inst->offset, code, "%s is %s %.*s", got, rel,
               (int)(k->u.num.v->u.num.len > 60 ? 60 : k->u.num.v->u.num.len),
               k->u.num.v->u.num.text);
    }
    return ok;
}

KWFN(maximum)
{
    (void)a;
    return bound(e, n, k, inst, c, num_cmp(inst, k) <= 0, AMC_C_SCHEMA_MAXIMUM,
                 "greater than the maximum");
}

KWFN(exclusive_maximum)
{
    (void)a;
    return bound(e, n, k, inst, c, num_cmp(inst, k) < 0, AMC_C_SCHEMA_EXCLUSIVE_MAXIMUM,
                 "not less than the exclusive maximum");
}

KWFN(minimum)
{
    (void)a;
    return bound(e, n, k, inst, c, num_cmp(inst, k) >= 0, AMC_C_SCHEMA_MINIMUM,
                 "less than the minimum");
}

KWFN(exclusive_minimum)
{
    (void)a;
    return bound(e, n, k, inst, c, num_cmp(inst, k) > 0, AMC_C_SCHEMA_EXCLUSIVE_MINIMUM,
                 "not greater than the exclusive minimum");
}

KWFN(multiple_of)
{
    const amc_value *m = k->u.num.v;
    int r = -1;
    (void)a;
    if ((inst->flags & AMC_NUM_INT64) && (m->flags & AMC_NUM_INT64) && m->u.num.i > 0) {
        r = inst->u.num.i % m->u.num.i == 0;
    } else {
        r = amc_decimal_multiple_of(inst->u.num.text, inst->u.num.len, m->u.num.text, m->u.num.len);
        if (r < 0) {
            double q = inst->u.num.d / m->u.num.d;
            r = isfinite(q) && q == floor(q);
        }
    }
    if (!r && c->rec) {
        char got[96];
        preview(inst, got, sizeof got);
        report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_MULTIPLE_OF,
               "%s is not a multiple of %.*s", got, (int)(m->u.num.len > 60 ? 60 : m->u.num.len),
               m->u.num.text);
    }
    return r != 0;
}

KWFN(max_length)
{
    size_t len = inst->u.str.len, cp = 0;
    (void)a;
    if (len <= k->u.count)
        return true;
    cp = amc_utf8_count(inst->u.str.ptr, len);
    if (cp <= k->u.count)
        return true;
    if (c->rec) {
        char got[96];
        preview(inst, got, sizeof got);
        report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_MAX_LENGTH,
               "%s is too long (%zu characters; at most %llu allowed)", got, cp,
               (unsigned long long)k->u.count);
    }
    return false;
}

KWFN(min_length)
{
    size_t len = inst->u.str.len, cp = 0;
    (void)a;
    if ((len + 3) / 4 >= k->u.count)
        return true; /* at most 4 bytes per code point */
    cp = len < k->u.count ? len : amc_utf8_count(inst->u.str.ptr, len);
    if (cp >= k->u.count && len >= k->u.count)
        return true;
    if (c->rec) {
        char got[96];
        cp = amc_utf8_count(inst->u.str.ptr, len);
        preview(inst, got, sizeof got);
        report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_MIN_LENGTH,
               "%s is too short (%zu characters; at least %llu required)", got, cp,
               (unsigned long long)k->u.count);
    }
    return false;
}

/* 1 match, 0 no match, -1 limit (reported) or no memory (fatal ENOMEM). */
static int search(ev *e, const ectx *c, const cnode *n, const char *kw, const amc_value *inst,
                  const amc_regex *re, const char *s, size_t len)
{
    int r = amc_regex_search(re, s, len);
    if (r == -2) {
        if (e->fatal == AMC_OK || e->fatal == AMC_ELIMIT)
            e->fatal = AMC_ENOMEM;
        return -1;
    }
    if (r < 0) {
        ectx cc = *c;
        uint32_t saved = e->in_detail;
        cc.rec = true;
        e->in_detail = 0;
        if (e->fatal == AMC_OK)
            report(e, &cc, n, kw, NULL, inst, inst->offset, AMC_C_SCHEMA_REGEX_LIMIT,
                   "regular expression match limit reached; the value counts as invalid");
        e->in_detail = saved;
        if (e->fatal == AMC_OK)
            e->fatal = AMC_ELIMIT;
    }
    return r;
}

KWFN(pattern)
{
    int r = search(e, c, n, k->name, inst, k->u.re, inst->u.str.ptr, inst->u.str.len);
    (void)a;
    if (r == 1)
        return true;
    if (r == 0 && c->rec) {
        char got[96];
        preview(inst, got, sizeof got);
        report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_PATTERN,
               "%s does not match the pattern \"%.*s\"", got,
               (int)(k->kv->u.str.len > 120 ? 120 : k->kv->u.str.len), k->kv->u.str.ptr);
    }
    return false;
}

KWFN(format)
{
    int r = 0;
    (void)a;
    if (!e->format_assert && !k->u.fmt.assert_vocab)
        return true;
    r = amc_format_check(k->u.fmt.name, inst->u.str.ptr, inst->u.str.len);
    if (r == -2) { /* undecided: no memory */
        if (e->fatal == AMC_OK || e->fatal == AMC_ELIMIT)
            e->fatal = AMC_ENOMEM;
        return false;
    }
    if (r != 0)
        return true; /* valid, or an unknown format */
    if (c->rec) {
        char got[96];
        preview(inst, got, sizeof got);
        report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_FORMAT,
               "%s is not a valid \"%s\"", got, k->u.fmt.name);
    }
    return false;
}

KWFN(max_items)
{
    (void)a;
    if (inst->u.arr.len <= k->u.count)
        return true;
    report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_MAX_ITEMS,
           "array has %zu items; at most %llu allowed", inst->u.arr.len,
           (unsigned long long)k->u.count);
    return false;
}

KWFN(min_items)
{
    (void)a;
    if (inst->u.arr.len >= k->u.count)
        return true;
    report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_MIN_ITEMS,
           "array has %zu items; at least %llu required", inst->u.arr.len,
           (unsigned long long)k->u.count);
    return false;
}

KWFN(unique_items)
{
    size_t len = inst->u.arr.len, i = 0, j = 0;
    bool dup = false;
    (void)a;
    if (len < 2)
        return true;
    if (len <= 16) {
        for (i = 0; i < len && !dup; i++)
            for (j = i + 1; j < len && !dup; j++)
                dup = amc_value_equal(inst->u.arr.items[i], inst->u.arr.items[j]);
        if (dup) { /* both loops incremented past the pair */
            i--;
            j--;
        }
    } else {
        /* hash table of item indexes in scratch words */
        annot t;
        size_t cap = 32, mark = e->nwords;
        uint64_t *slots = NULL;
        while (cap < len * 2)
            cap *= 2;
        if (!annot_new(e, &t, cap * 64))
            return false;
        slots = e->words + t.off; /* cap words; 0 empty, else index + 1 */
        for (j = 0; j < len && !dup; j++) {
            uint64_t h = amc_value_hash(inst->u.arr.items[j]);
            size_t s = (size_t)h & (cap - 1);
            while (slots[s]) {
                i = (size_t)slots[s] - 1;
                if (amc_value_equal(inst->u.arr.items[i], inst->u.arr.items[j])) {
                    dup = true;
                    break;
                }
                s = (s + 1) & (cap - 1);
            }
            if (!dup)
                slots[s] = j + 1;
        }
        if (dup)
            j--; /* the loop incremented j past the duplicate */
        e->nwords = mark;
    }
    if (!dup)
        return true;
    report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_UNIQUE_ITEMS,
           "array items %zu and %zu are equal", i, j);
    return false;
}

KWFN(max_properties)
{
    (void)a;
    if (inst->u.obj.len <= k->u.count)
        return true;
    report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_MAX_PROPERTIES,
           "object has %zu properties; at most %llu allowed", inst->u.obj.len,
           (unsigned long long)k->u.count);
    return false;
}

KWFN(min_properties)
{
    (void)a;
    if (inst->u.obj.len >= k->u.count)
        return true;
    report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_MIN_PROPERTIES,
           "object has %zu properties; at least %llu required", inst->u.obj.len,
           (unsigned long long)k->u.count);
    return false;
}

static bool has_member(const amc_value *obj, const char *key, size_t len)
{
    return amc_value_get(obj, key, len) != NULL;
}

KWFN(required)
{
    const ptab *t = &k->u.names.tab;
    size_t i = 0, nm = inst->u.obj.len;
    bool ok = true;
    const objscan *os = k->u.names.pidx ? scan_of(e, n, inst) : NULL;
    (void)a;
    if (os || t->n * nm <= 64) {
        for (i = 0; i < t->n; i++) {
            int32_t p = os ? k->u.names.pidx[i] : -1;
            size_t j = 0;
            if (p >= 0 ? (e->words[os->present_off + (size_t)p / 64] >> (p % 64)) & 1u
                       : has_member(inst, t->keys[i], t->klens[i]))
                continue;
            /* a name listed twice is one requirement: reported at its first occurrence */
            if (amc_ptab_lookup(t, t->keys[i], t->klens[i], &j) && j != i)
                continue;
            ok = false;
            report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_REQUIRED,
                   "\"%.*s\" is a required property", (int)t->klens[i], t->keys[i]);
            if (!go_on(e, c))
                return false;
        }
        return ok;
    }
    {
        annot seen;
        size_t mark = e->nwords, found = 0, idx = 0;
        if (!annot_new(e, &seen, t->n))
            return false;
        for (i = 0; i < nm; i++) {
            const amc_member *m = &inst->u.obj.members[i];
            if (amc_ptab_lookup(t, m->key, m->key_len, &idx) && !annot_get(e, &seen, idx)) {
                annot_set(e, &seen, idx);
                found++;
            }
        }
        if (found < t->n) {
            for (i = 0; i < t->n; i++) {
                size_t j = 0;
                if (annot_get(e, &seen, i))
                    continue;
                /* a duplicate name in "required" maps to its first occurrence, which stands
                 * for it (present or reported) */
                if (amc_ptab_lookup(t, t->keys[i], t->klens[i], &j) && j != i)
                    continue;
                ok = false;
                report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_REQUIRED,
                       "\"%.*s\" is a required property", (int)t->klens[i], t->keys[i]);
                if (!go_on(e, c))
                    break;
            }
        }
        e->nwords = mark;
        return ok;
    }
}

KWFN(dependent_required)
{
    const ptab *t = &k->u.names.tab;
    size_t i = 0, j = 0;
    bool ok = true;
    (void)a;
    for (i = 0; i < t->n; i++) {
        const amc_value *req = k->u.names.vals[i];
        if (!has_member(inst, t->keys[i], t->klens[i]))
            continue;
        for (j = 0; j < req->u.arr.len; j++) {
            const amc_value *r = req->u.arr.items[j];
            path seg = {NULL, t->keys[i], t->klens[i]};
            if (has_member(inst, r->u.str.ptr, r->u.str.len))
                continue;
            ok = false;
            report(e, c, n, k->name, &seg, inst, inst->offset, AMC_C_SCHEMA_DEPENDENT_REQUIRED,
                   "\"%.*s\" is required when \"%.*s\" is present", (int)r->u.str.len, r->u.str.ptr,
                   (int)t->klens[i], t->keys[i]);
            if (!go_on(e, c))
                return false;
        }
    }
    return ok;
}

/* Follows a reference, refusing to re-enter a (schema, value) pair being evaluated. */
static bool follow(ev *e, const cnode *n, const ckw *k, const cnode *t, const amc_value *inst,
                   const ectx *c, annot *a)
{
    const frame *f = NULL;
    path kp = {c->kp, k->name, k->nlen};
    ectx cc = *c;
    for (f = c->fr; f && f->inst == inst; f = f->up) {
        if (f->n == t) {
            fatal(e, c, n, k->name, inst, AMC_C_SCHEMA_REF_LOOP,
                  "$ref loop: the same schema is applied to the same value again");
            return false;
        }
    }
    cc.kp = &kp;
    return eval(e, t, inst, &cc, a);
}

KWFN(ref)
{
    return follow(e, n, k, k->u.ref.node, inst, c, a);
}

KWFN(dynamic_ref)
{
    const cnode *t = k->u.ref.node;
    if (k->u.ref.dyn_anchor) {
        const scope *s = NULL;
        size_t len = strlen(k->u.ref.dyn_anchor);
        for (s = c->sc; s; s = s->up) {
            const cnode *x = amc_smap_get(&s->res->dnodes, k->u.ref.dyn_anchor, len);
            if (x)
                t = x; /* keep going: the outermost wins */
        }
    }
    return follow(e, n, k, t, inst, c, a);
}

/* 2019-09 $recursiveRef: from the initial target (a resource root with "$recursiveAnchor":
 * true), outwards through the dynamic scope while each resource's root has it too; the last
 * one reached wins. */
KWFN(recursive_ref)
{
    const cnode *t = k->u.ref.node;
    if (k->u.ref.dyn_anchor) {
        const scope *s = NULL;
        for (s = c->sc; s; s = s->up) {
            const cnode *x = amc_smap_get(&s->res->dnodes, "", 0);
            if (!x)
                break;
            t = x;
        }
    }
    return follow(e, n, k, t, inst, c, a);
}

KWFN(all_of)
{
    size_t i = 0;
    bool ok = true;
    path kp = {c->kp, k->name, k->nlen};
    for (i = 0; i < k->u.list.n; i++) {
        path ip = {&kp, NULL, i};
        ectx cc = *c;
        cc.kp = &ip;
        if (!eval(e, k->u.list.nodes[i], inst, &cc, a)) {
            ok = false;
            if (!go_on(e, c))
                break;
        }
    }
    return ok;
}

KWFN(any_of)
{
    size_t i = 0;
    bool any = false;
    path kp = {c->kp, k->name, k->nlen};
    ectx cc = *c;
    cc.rec = false;
    for (i = 0; i < k->u.list.n && !halted(e); i++) {
        path ip = {&kp, NULL, i};
        cc.kp = &ip;
        if (a) {
            annot t;
            size_t mark = e->nwords;
            if (!annot_new(e, &t, a->n))
                return false;
            if (eval(e, k->u.list.nodes[i], inst, &cc, &t)) {
                any = true;
                annot_merge(e, a, &t);
            }
            e->nwords = mark;
        } else if (eval(e, k->u.list.nodes[i], inst, &cc, NULL)) {
            any = true;
            break;
        }
    }
    if (!any && c->rec && !e->fatal) {
        report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_ANY_OF,
               "value matches none of the %zu \"anyOf\" schemas", k->u.list.n);
        for (i = 0; i < k->u.list.n; i++) {
            path ip = {&kp, NULL, i};
            details(e, k->u.list.nodes[i], inst, c, &ip, &kp);
        }
    }
    return any;
}

KWFN(one_of)
{
    size_t i = 0, nvalid = 0, first = 0, second = 0;
    path kp = {c->kp, k->name, k->nlen};
    ectx cc = *c;
    cc.rec = false;
    for (i = 0; i < k->u.list.n && nvalid < 2 && !halted(e); i++) {
        path ip = {&kp, NULL, i};
        bool ok = false;
        cc.kp = &ip;
        if (a) {
            annot t;
            size_t mark = e->nwords;
            if (!annot_new(e, &t, a->n))
                return false;
            ok = eval(e, k->u.list.nodes[i], inst, &cc, &t);
            if (ok && nvalid == 0)
                annot_merge(e, a, &t);
            e->nwords = mark;
        } else {
            ok = eval(e, k->u.list.nodes[i], inst, &cc, NULL);
        }
        if (ok) {
            if (nvalid == 0)
                first = i;
            else
                second = i;
            nvalid++;
        }
    }
    if (nvalid == 1)
        return true;
    if (c->rec && !e->fatal) {
        if (nvalid == 0) {
            report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_ONE_OF,
                   "value matches none of the %zu \"oneOf\" schemas", k->u.list.n);
            for (i = 0; i < k->u.list.n; i++) {
                path ip = {&kp, NULL, i};
                details(e, k->u.list.nodes[i], inst, c, &ip, &kp);
            }
        } else {
            report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_ONE_OF,
                   "value matches \"oneOf\" schemas %zu and %zu; exactly one must match", first,
                   second);
        }
    }
    return false;
}

KWFN(not )
{
    path kp = {c->kp, k->name, k->nlen};
    ectx cc = *c;
    (void)a;
    cc.rec = false;
    cc.kp = &kp;
    if (!eval(e, k->u.node, inst, &cc, NULL))
        return true;
    if (e->fatal)
        return false;
    report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_NOT,
           "value must not match the \"not\" schema");
    return false;
}

KWFN(if)
{
    path kp = {c->kp, k->name, k->nlen};
    ectx cc = *c;
    bool cond = false;
    (void)n;
    cc.rec = false;
    cc.kp = &kp;
    if (a) {
        annot t;
        size_t mark = e->nwords;
        if (!annot_new(e, &t, a->n))
            return false;
        cond = eval(e, k->u.ite.cond, inst, &cc, &t);
        if (cond)
            annot_merge(e, a, &t);
        e->nwords = mark;
    } else {
        cond = eval(e, k->u.ite.cond, inst, &cc, NULL);
    }
    if (halted(e))
        return false;
    cc = *c;
    if (cond && k->u.ite.then_) {
        path tp = {c->kp, "then", 4};
        cc.kp = &tp;
        return eval(e, k->u.ite.then_, inst, &cc, a);
    }
    if (!cond && k->u.ite.else_) {
        path ep = {c->kp, "else", 4};
        cc.kp = &ep;
        return eval(e, k->u.ite.else_, inst, &cc, a);
    }
    return true;
}

KWFN(dependent_schemas)
{
    const ptab *t = &k->u.props.tab;
    size_t i = 0;
    bool ok = true;
    path kp = {c->kp, k->name, k->nlen};
    (void)n;
    for (i = 0; i < t->n; i++) {
        path sp = {&kp, t->keys[i], t->klens[i]};
        ectx cc = *c;
        if (!has_member(inst, t->keys[i], t->klens[i]))
            continue;
        cc.kp = &sp;
        if (!eval(e, k->u.props.nodes[i], inst, &cc, a)) {
            ok = false;
            if (!go_on(e, c))
                break;
        }
    }
    return ok;
}

/* dependencies (drafts 4-7): for each present name, its array of required names or its
 * schema (applied to the whole object, like dependentSchemas). */
KWFN(dependencies)
{
    const ptab *t = &k->u.props.tab;
    size_t i = 0, j = 0;
    bool ok = true;
    path kp = {c->kp, k->name, k->nlen};
    for (i = 0; i < t->n; i++) {
        const amc_value *req = k->u.props.vals[i];
        path sp = {&kp, t->keys[i], t->klens[i]};
        ectx cc = *c;
        if (!has_member(inst, t->keys[i], t->klens[i]))
            continue;
        if (req) {
            for (j = 0; j < req->u.arr.len; j++) {
                const amc_value *r = req->u.arr.items[j];
                path seg = {NULL, t->keys[i], t->klens[i]};
                if (has_member(inst, r->u.str.ptr, r->u.str.len))
                    continue;
                ok = false;
                report(e, c, n, k->name, &seg, inst, inst->offset, AMC_C_SCHEMA_DEPENDENT_REQUIRED,
                       "\"%.*s\" is required when \"%.*s\" is present", (int)r->u.str.len,
                       r->u.str.ptr, (int)t->klens[i], t->keys[i]);
                if (!go_on(e, c))
                    return false;
            }
            continue;
        }
        cc.kp = &sp;
        if (!eval(e, k->u.props.nodes[i], inst, &cc, a)) {
            ok = false;
            if (!go_on(e, c))
                break;
        }
    }
    return ok;
}

KWFN(properties)
{
    size_t i = 0, idx = 0;
    bool ok = true;
    path kp = {c->kp, k->name, k->nlen};
    const objscan *os = scan_of(e, n, inst);
    /* With a scan, only the members from the first matching one on are visited, and the loop
     * ends after the last match (an if/then discriminator matches one member of many). */
    size_t left = os ? os->nmatch : inst->u.obj.len;
    /* One name (an if/then discriminator, {"properties": {"type": {"const": ...}}}): a plain
     * length-then-bytes comparison per member. */
    const char *one = k->u.props.tab.n == 1 ? k->u.props.tab.keys[0] : NULL;
    size_t one_len = one ? k->u.props.tab.klens[0] : 0;
    for (i = os ? os->first : 0; i < inst->u.obj.len && left; i++) {
        const amc_member *m = &inst->u.obj.members[i];
        path sp, ip;
        ectx cc;
        if (os) {
            uint32_t p1 = get32(e, os->pidx_off, i);
            if (!p1)
                continue;
            idx = p1 - 1;
            left--;
        } else if (one) {
            i = find_name(inst, i, one, one_len);
            if (i == inst->u.obj.len)
                break;
            m = &inst->u.obj.members[i];
            idx = 0;
        } else if (!prop_index(&k->u.props.tab, m->key, m->key_len, &idx)) {
            continue;
        }
        annot_set(e, a, i);
        sp.up = &kp;
        sp.key = m->key;
        sp.len = m->key_len;
        ip.up = c->ip;
        ip.key = m->key;
        ip.len = m->key_len;
        cc = *c;
        cc.kp = &sp;
        cc.ip = &ip;
        if (!eval(e, k->u.props.nodes[idx], m->value, &cc, NULL)) {
            ok = false;
            if (!go_on(e, c))
                break;
        }
    }
    return ok;
}

KWFN(pattern_properties)
{
    size_t i = 0, j = 0;
    bool ok = true;
    path kp = {c->kp, k->name, k->nlen};
    for (i = 0; i < inst->u.obj.len; i++) {
        const amc_member *m = &inst->u.obj.members[i];
        for (j = 0; j < k->u.pprops.n; j++) {
            const amc_member *pm = &k->kv->u.obj.members[j];
            path sp = {&kp, pm->key, pm->key_len};
            path ip = {c->ip, m->key, m->key_len};
            ectx cc = *c;
            int r = search(e, c, n, k->name, inst, k->u.pprops.res[j], m->key, m->key_len);
            if (r < 0)
                return false;
            if (r == 0)
                continue;
            annot_set(e, a, i);
            cc.kp = &sp;
            cc.ip = &ip;
            if (!eval(e, k->u.pprops.nodes[j], m->value, &cc, NULL)) {
                ok = false;
                if (!go_on(e, c))
                    return false;
            }
        }
    }
    return ok;
}

KWFN(additional_properties)
{
    size_t i = 0, j = 0, idx = 0;
    bool ok = true;
    const cnode *node = k->u.addl.node;
    const objscan *os = k->u.addl.props ? scan_of(e, n, inst) : NULL;
    path kp = {c->kp, k->name, k->nlen};
    if (node->kind == 1) {
        if (a)
            a->all = true; /* together with properties and patternProperties: every member */
        return true;
    }
    if (os && os->nmatch == inst->u.obj.len)
        return true; /* every member has a property: none is additional */
    for (i = 0; i < inst->u.obj.len; i++) {
        const amc_member *m = &inst->u.obj.members[i];
        path ip = {c->ip, m->key, m->key_len};
        ectx cc = *c;
        bool matched = false;
        if (os ? get32(e, os->pidx_off, i) != 0
               : (k->u.addl.props &&
                  prop_index(&k->u.addl.props->u.props.tab, m->key, m->key_len, &idx)))
            continue;
        if (k->u.addl.pprops) {
            for (j = 0; j < k->u.addl.pprops->u.pprops.n && !matched; j++) {
                int r = search(e, c, n, k->name, inst, k->u.addl.pprops->u.pprops.res[j], m->key,
                               m->key_len);
                if (r < 0)
                    return false;
                matched = r == 1;
            }
            if (matched)
                continue;
        }
        annot_set(e, a, i);
        cc.ip = &ip;
        if (node->kind == 0) {
            ok = false;
            report(e, &cc, n, k->name, NULL, m->value,
                   m->key_offset != AMC_NO_OFFSET ? m->key_offset : m->value->offset,
                   AMC_C_SCHEMA_ADDITIONAL_PROPERTIES,
                   "additional property \"%.*s\" is not allowed",
                   (int)(m->key_len > 120 ? 120 : m->key_len), m->key);
            if (!go_on(e, c))
                return false;
            continue;
        }
        cc.kp = &kp;
        if (!eval(e, node, m->value, &cc, NULL)) {
            ok = false;
            if (!go_on(e, c))
                return false;
        }
    }
    return ok;
}

KWFN(property_names)
{
    size_t i = 0;
    bool ok = true;
    const cnode *node = k->u.node;
    path kp = {c->kp, k->name, k->nlen};
    (void)a;
    for (i = 0; i < inst->u.obj.len; i++) {
        const amc_member *m = &inst->u.obj.members[i];
        path ip = {c->ip, m->key, m->key_len};
        amc_value name;
        ectx cc = *c;
        size_t at = m->key_offset != AMC_NO_OFFSET ? m->key_offset : inst->offset;
        memset(&name, 0, sizeof name);
        name.type = AMC_T_STRING;
        name.offset = at;
        name.u.str.ptr = m->key;
        name.u.str.len = m->key_len;
        cc.kp = &kp;
        cc.rec = false;
        if (node->kind != 0 && eval(e, node, &name, &cc, NULL))
            continue;
        if (e->fatal)
            return false;
        ok = false;
        cc = *c;
        cc.ip = &ip;
        report(e, &cc, n, k->name, NULL, &name, at, AMC_C_SCHEMA_PROPERTY_NAMES,
               "property name \"%.*s\" is not allowed by \"propertyNames\"",
               (int)(m->key_len > 120 ? 120 : m->key_len), m->key);
        if (node->kind != 0)
            details(e, node, &name, &cc, &kp, &kp);
        if (!go_on(e, c))
            return false;
    }
    return ok;
}

KWFN(prefix_items)
{
    size_t i = 0, lim = inst->u.arr.len < k->u.list.n ? inst->u.arr.len : k->u.list.n;
    bool ok = true;
    path kp = {c->kp, k->name, k->nlen};
    (void)n;
    for (i = 0; i < lim; i++) {
        path sp = {&kp, NULL, i};
        path ip = {c->ip, NULL, i};
        ectx cc = *c;
        annot_set(e, a, i);
        cc.kp = &sp;
        cc.ip = &ip;
        if (!eval(e, k->u.list.nodes[i], inst->u.arr.items[i], &cc, NULL)) {
            ok = false;
            if (!go_on(e, c))
                return false;
        }
    }
    return ok;
}

KWFN(items)
{
    size_t i = 0;
    bool ok = true;
    const cnode *node = k->u.items.node;
    path kp = {c->kp, k->name, k->nlen};
    if (inst->u.arr.len <= k->u.items.prefix)
        return true;
    if (a)
        a->all = true;
    if (node->kind == 1)
        return true;
    if (node->kind == 0) {
        path ip = {c->ip, NULL, k->u.items.prefix};
        ectx cc = *c;
        cc.ip = &ip;
        report(e, &cc, n, k->name, NULL, inst->u.arr.items[k->u.items.prefix],
               inst->u.arr.items[k->u.items.prefix]->offset, AMC_C_SCHEMA_ITEMS,
               "array has %zu items; at most %zu allowed", inst->u.arr.len, k->u.items.prefix);
        return false;
    }
    for (i = k->u.items.prefix; i < inst->u.arr.len; i++) {
        path ip = {c->ip, NULL, i};
        ectx cc = *c;
        cc.kp = &kp;
        cc.ip = &ip;
        if (!eval(e, node, inst->u.arr.items[i], &cc, NULL)) {
            ok = false;
            if (!go_on(e, c))
                return false;
        }
    }
    return ok;
}

KWFN(contains)
{
    size_t i = 0;
    uint64_t count = 0, min = k->u.contains.min, max = k->u.contains.max;
    path kp = {c->kp, k->name, k->nlen};
    ectx cc = *c;
    cc.rec = false;
    cc.kp = &kp;
    for (i = 0; i < inst->u.arr.len && !halted(e); i++) {
        path ip = {c->ip, NULL, i};
        cc.ip = &ip;
        if (eval(e, k->u.contains.node, inst->u.arr.items[i], &cc, NULL)) {
            count++;
            if (!k->u.contains.no_annot)
                annot_set(e, a, i);
            if (!a && count >= min && max == UINT64_MAX)
                break;
            if (!a && count > max)
                break;
        }
    }
    if (e->fatal)
        return false;
    if (count >= min && count <= max)
        return true;
    if (count < min) {
        if (!k->u.contains.has_min_kw) {
            report(e, c, n, k->name, NULL, inst, inst->offset, AMC_C_SCHEMA_CONTAINS,
                   "no item of the array matches the \"contains\" schema");
        } else {
            report(e, c, n, "minContains", NULL, inst, inst->offset, AMC_C_SCHEMA_MIN_CONTAINS,
                   "%llu items match the \"contains\" schema; at least %llu required",
                   (unsigned long long)count, (unsigned long long)min);
        }
    } else {
        report(e, c, n, "maxContains", NULL, inst, inst->offset, AMC_C_SCHEMA_MAX_CONTAINS,
               "%llu%s items match the \"contains\" schema; at most %llu allowed",
               (unsigned long long)count, a ? "" : " or more", (unsigned long long)max);
    }
    return false;
}

KWFN(unevaluated_properties)
{
    size_t i = 0;
    bool ok = true;
    const cnode *node = k->u.node;
    path kp = {c->kp, k->name, k->nlen};
    if (!a || a->all)
        return true;
    for (i = 0; i < inst->u.obj.len; i++) {
        const amc_member *m = &inst->u.obj.members[i];
        path ip = {c->ip, m->key, m->key_len};
        ectx cc = *c;
        if (annot_get(e, a, i))
            continue;
        cc.ip = &ip;
        if (node->kind == 0) {
            ok = false;
            report(e, &cc, n, k->name, NULL, m->value,
                   m->key_offset != AMC_NO_OFFSET ? m->key_offset : m->value->offset,
                   AMC_C_SCHEMA_UNEVALUATED_PROPERTIES,
                   "unevaluated property \"%.*s\" is not allowed",
                   (int)(m->key_len > 120 ? 120 : m->key_len), m->key);
            if (!go_on(e, c))
                return false;
            continue;
        }
        cc.kp = &kp;
        if (!eval(e, node, m->value, &cc, NULL)) {
            ok = false;
            if (!go_on(e, c))
                return false;
        }
    }
    a->all = true;
    return ok;
}

KWFN(unevaluated_items)
{
    size_t i = 0;
    bool ok = true;
    const cnode *node = k->u.node;
    path kp = {c->kp, k->name, k->nlen};
    if (!a || a->all)
        return true;
    for (i = 0; i < inst->u.arr.len; i++) {
        path ip = {c->ip, NULL, i};
        ectx cc = *c;
        if (annot_get(e, a, i))
            continue;
        cc.ip = &ip;
        if (node->kind == 0) {
            ok = false;
            report(e, &cc, n, k->name, NULL, inst->u.arr.items[i], inst->u.arr.items[i]->offset,
                   AMC_C_SCHEMA_UNEVALUATED_ITEMS, "unevaluated item %zu is not allowed", i);
            if (!go_on(e, c))
                return false;
            continue;
        }
        cc.kp = &kp;
        if (!eval(e, node, inst->u.arr.items[i], &cc, NULL)) {
            ok = false;
            if (!go_on(e, c))
                return false;
        }
    }
    a->all = true;
    return ok;
}

/* ---- the fast path ----
 *
 * Most instances of real traffic are valid, and for a valid instance the evaluation above spends
 * most of its time on what only an error needs: instance and keyword paths, scopes and frames,
 * the member scan records, annotation collectors, one eval() per keyword call. fv() decides the
 * same verdict without them, in three values: FV_YES (valid: the full evaluation would find no
 * error, so there is nothing to report), FV_NO (invalid for certain) and FV_UNKNOWN (not decided
 * here). amc_schema_validate() runs the full evaluation whenever the answer is not FV_YES, so
 * every diagnostic still comes from the full evaluation, and FV_NO/FV_UNKNOWN only cost time.
 *
 * fv() handles the applicators itself (properties, patternProperties, additionalProperties,
 * required with the shared member scan, items, prefixItems, contains, allOf, anyOf, oneOf, not,
 * if/then/else, dependentSchemas, $ref and a static $dynamicRef) and calls the keyword functions
 * above for the assertions (type, enum, const, the bounds, pattern, format, ...) in a silent
 * context, so every assertion has exactly one implementation. Anything else (a keyword function
 * it does not know, a $dynamicRef that depends on the dynamic scope, unevaluatedProperties /
 * unevaluatedItems, propertyNames, a fatal condition such as a regex limit or the depth limit)
 * gives FV_UNKNOWN. Depth is counted per evaluated node as in eval(), against the same limit. The
 * diagnostics list is detached during fv(), so a fatal report cannot leak out of it.
 */
enum { FV_NO = 0, FV_YES = 1, FV_UNKNOWN = 2 };

static const ectx fv_silent; /* not recorded, no paths, no scope, no frame */

static int fv(ev *e, const cnode *n, const amc_value *inst);

/* An assertion keyword run by its own function, silently. */
static int fv_assert(ev *e, const cnode *n, const ckw *k, const amc_value *inst)
{
    bool r = k->fn(e, n, k, inst, &fv_silent, NULL);
    if (e->fatal != AMC_OK)
        return FV_UNKNOWN;
    return r ? FV_YES : FV_NO;
}

enum {
    OP_NONE = 0, /* not handled: FV_UNKNOWN */
    OP_ASSERT,   /* an assertion: its own function, silently */
    OP_TYPE,
    OP_MIN_LENGTH,
    OP_ENUM,
    OP_CONST,
    OP_PROPERTIES,
    OP_REQUIRED,
    OP_ADDITIONAL,
    OP_REF,
    OP_DYNAMIC_REF,
    OP_ALL_OF,
    OP_ANY_OF,
    OP_ONE_OF,
    OP_NOT,
    OP_IF,
    OP_ITEMS,
    OP_PREFIX_ITEMS,
    OP_CONTAINS,
    OP_PATTERN_PROPERTIES,
    OP_DEPENDENT_SCHEMAS
};

uint8_t amc_sval_op(kw_fn f)
{
    static const struct {
        kw_fn fn;
        uint8_t op;
    } ops[] = {
        {amc_kw_type, OP_TYPE},
        {amc_kw_min_length, OP_MIN_LENGTH},
        {amc_kw_enum, OP_ENUM},
        {amc_kw_const, OP_CONST},
        {amc_kw_properties, OP_PROPERTIES},
        {amc_kw_required, OP_REQUIRED},
        {amc_kw_additional_properties, OP_ADDITIONAL},
        {amc_kw_ref, OP_REF},
        {amc_kw_dynamic_ref, OP_DYNAMIC_REF},
        {amc_kw_all_of, OP_ALL_OF},
        {amc_kw_any_of, OP_ANY_OF},
        {amc_kw_one_of, OP_ONE_OF},
        {amc_kw_not, OP_NOT},
        {amc_kw_if, OP_IF},
        {amc_kw_items, OP_ITEMS},
        {amc_kw_prefix_items, OP_PREFIX_ITEMS},
        {amc_kw_contains, OP_CONTAINS},
        {amc_kw_pattern_properties, OP_PATTERN_PROPERTIES},
        {amc_kw_dependent_schemas, OP_DEPENDENT_SCHEMAS},
        /* assertions: they only read the instance and report (no subschema, no annotation) */
        {amc_kw_maximum, OP_ASSERT},
        {amc_kw_exclusive_maximum, OP_ASSERT},
        {amc_kw_minimum, OP_ASSERT},
        {amc_kw_exclusive_minimum, OP_ASSERT},
        {amc_kw_multiple_of, OP_ASSERT},
        {amc_kw_max_length, OP_ASSERT},
        {amc_kw_pattern, OP_ASSERT},
        {amc_kw_format, OP_ASSERT},
        {amc_kw_max_items, OP_ASSERT},
        {amc_kw_min_items, OP_ASSERT},
        {amc_kw_unique_items, OP_ASSERT},
        {amc_kw_max_properties, OP_ASSERT},
        {amc_kw_min_properties, OP_ASSERT},
        {amc_kw_dependent_required, OP_ASSERT},
    };
    size_t i = 0;
    for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].fn == f)
            return ops[i].op;
    return OP_NONE;
}

/* The member scan of a node with a shared "properties" (n->props), for objects of at most 64
 * members and tables of at most 64 names: the property index of each member (0xff: none) and a
 * bit per property present. */
typedef struct fvscan {
    uint64_t present;
    size_t nmatch;
    uint8_t pidx[64];
} fvscan;

static int fv_list(ev *e, const ckw *k, const amc_value *inst, int mode)
{
    size_t i = 0, yes = 0;
    bool unknown = false;
    for (i = 0; i < k->u.list.n; i++) {
        int r = fv(e, k->u.list.nodes[i], inst);
        if (mode == 0) { /* allOf */
            if (r != FV_YES)
                return r;
        } else if (r == FV_YES) {
            if (mode == 1) /* anyOf */
                return FV_YES;
            if (++yes > 1) /* oneOf: two match */
                return FV_NO;
        } else if (r == FV_UNKNOWN) {
            unknown = true;
        }
    }
    if (mode == 0)
        return FV_YES;
    if (unknown)
        return FV_UNKNOWN;
    return mode == 1 ? FV_NO : (yes == 1 ? FV_YES : FV_NO);
}

/* An "allOf" discriminator (sdisc) on an object: the member found once, each branch's "if"
 * decided by one comparison, its "then" or "else" evaluated as fv() would (at the same depth). A
 * repeated member name, or a depth at which the "if" itself would reach the limit, takes the
 * general way. */
static int fv_disc(ev *e, const ckw *k, const amc_value *inst)
{
    const sdisc *d = k->u.list.disc;
    size_t at = find_name(inst, 0, d->name, d->len), i = 0;
    const amc_value *v = at < inst->u.obj.len ? inst->u.obj.members[at].value : NULL;
    int r = FV_YES;
    if ((v && find_name(inst, at + 1, d->name, d->len) < inst->u.obj.len) ||
        e->depth + 3 > e->max_depth)
        return fv_list(e, k, inst, 0);
    for (i = 0; i < k->u.list.n; i++) {
        const cnode *next = !v || value_eq(v, d->vals[i]) ? d->then_[i] : d->else_[i];
        if (!next)
            continue;
        e->depth++; /* the branch's own node */
        r = fv(e, next, inst);
        e->depth--;
        if (r != FV_YES)
            return r;
    }
    return FV_YES;
}

static int fv_properties(ev *e, const cnode *n, const ckw *k, const amc_value *inst,
                         const fvscan *sc)
{
    const amc_member *ms = inst->u.obj.members;
    size_t i = 0, idx = 0;
    int r = FV_YES;
    if (sc && k == n->props) {
        size_t left = sc->nmatch;
        for (i = 0; i < inst->u.obj.len && left; i++) {
            if (sc->pidx[i] == 0xff)
                continue;
            left--;
            if ((r = fv(e, k->u.props.nodes[sc->pidx[i]], ms[i].value)) != FV_YES)
                return r;
        }
        return FV_YES;
    }
    if (k->u.props.tab.n == 1) { /* a discriminator: {"properties": {"type": {...}}} */
        i = find_name(inst, 0, k->u.props.tab.keys[0], k->u.props.tab.klens[0]);
        for (; i < inst->u.obj.len;
             i = find_name(inst, i + 1, k->u.props.tab.keys[0], k->u.props.tab.klens[0]))
            if ((r = fv(e, k->u.props.nodes[0], ms[i].value)) != FV_YES)
                return r;
        return FV_YES;
    }
    for (i = 0; i < inst->u.obj.len; i++)
        if (prop_index(&k->u.props.tab, ms[i].key, ms[i].key_len, &idx) &&
            (r = fv(e, k->u.props.nodes[idx], ms[i].value)) != FV_YES)
            return r;
    return FV_YES;
}

static int fv_additional(ev *e, const cnode *n, const ckw *k, const amc_value *inst,
                         const fvscan *sc)
{
    const cnode *node = k->u.addl.node;
    const amc_member *ms = inst->u.obj.members;
    bool scanned = sc && k->u.addl.props == n->props;
    size_t i = 0, idx = 0;
    int r = FV_YES;
    if (node->kind == 1)
        return FV_YES;
    if (scanned && sc->nmatch == inst->u.obj.len)
        return FV_YES; /* every member has a property */
    for (i = 0; i < inst->u.obj.len; i++) {
        bool matched = false;
        if (scanned)
            matched = sc->pidx[i] != 0xff;
        else if (k->u.addl.props)
            matched = prop_index(&k->u.addl.props->u.props.tab, ms[i].key, ms[i].key_len, &idx);
        if (!matched && k->u.addl.pprops) {
            size_t j = 0;
            for (j = 0; j < k->u.addl.pprops->u.pprops.n && !matched; j++) {
                int m =
                    amc_regex_search(k->u.addl.pprops->u.pprops.res[j], ms[i].key, ms[i].key_len);
                if (m < 0)
                    return FV_UNKNOWN;
                matched = m == 1;
            }
        }
        if (matched)
            continue;
        if (node->kind == 0)
            return FV_NO;
        if ((r = fv(e, node, ms[i].value)) != FV_YES)
            return r;
    }
    return FV_YES;
}

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
fv_kw(ev *e, const cnode *n, const ckw *k, const amc_value *inst, const fvscan *sc)
{
    size_t i = 0;
    int r = FV_YES;
    switch (k->fop) {
    case OP_TYPE:
        if (k->u.types & (1u << inst->type))
            return FV_YES;
        return fv_assert(e, n, k, inst);
    case OP_MIN_LENGTH:
        if ((inst->u.str.len + 3) / 4 >= k->u.count)
            return FV_YES; /* at most 4 bytes per code point */
        return fv_assert(e, n, k, inst);
    case OP_ENUM:
        if (k->u.en.n <= 8 && inst->type == AMC_T_STRING) {
            for (i = 0; i < k->u.en.n; i++)
                if (value_eq(inst, k->u.en.arr->u.arr.items[i]))
                    return FV_YES;
            return FV_NO;
        }
        return fv_assert(e, n, k, inst);
    case OP_CONST:
        return value_eq(inst, k->kv) ? FV_YES : FV_NO;
    case OP_ASSERT:
        return fv_assert(e, n, k, inst);
    case OP_PROPERTIES:
        return fv_properties(e, n, k, inst, sc);
    case OP_REQUIRED:
        if (sc && k->u.names.pidx && n->props) {
            const ptab *t = &k->u.names.tab;
            for (i = 0; i < t->n; i++) {
                int32_t p = k->u.names.pidx[i];
                if (p >= 0 ? !((sc->present >> p) & 1u)
                           : !has_member(inst, t->keys[i], t->klens[i]))
                    return FV_NO;
            }
            return FV_YES;
        }
        return fv_assert(e, n, k, inst);
    case OP_ADDITIONAL:
        return fv_additional(e, n, k, inst, sc);
    case OP_REF:
        return fv(e, k->u.ref.node, inst);
    case OP_DYNAMIC_REF:
        return k->u.ref.dyn_anchor ? FV_UNKNOWN : fv(e, k->u.ref.node, inst);
    case OP_ALL_OF:
        if (k->u.list.disc && inst->type == AMC_T_OBJECT)
            return fv_disc(e, k, inst);
        return fv_list(e, k, inst, 0);
    case OP_ANY_OF:
        return fv_list(e, k, inst, 1);
    case OP_ONE_OF:
        return fv_list(e, k, inst, 2);
    case OP_NOT:
        r = fv(e, k->u.node, inst);
        return r == FV_UNKNOWN ? r : (r == FV_YES ? FV_NO : FV_YES);
    case OP_IF:
        r = fv(e, k->u.ite.cond, inst);
        if (r == FV_UNKNOWN)
            return r;
        if (r == FV_YES)
            return k->u.ite.then_ ? fv(e, k->u.ite.then_, inst) : FV_YES;
        return k->u.ite.else_ ? fv(e, k->u.ite.else_, inst) : FV_YES;
    case OP_ITEMS: {
        const cnode *node = k->u.items.node;
        if (inst->u.arr.len <= k->u.items.prefix || node->kind == 1)
            return FV_YES;
        if (node->kind == 0)
            return FV_NO;
        for (i = k->u.items.prefix; i < inst->u.arr.len; i++)
            if ((r = fv(e, node, inst->u.arr.items[i])) != FV_YES)
                return r;
        return FV_YES;
    }
    case OP_PREFIX_ITEMS: {
        size_t lim = inst->u.arr.len < k->u.list.n ? inst->u.arr.len : k->u.list.n;
        for (i = 0; i < lim; i++)
            if ((r = fv(e, k->u.list.nodes[i], inst->u.arr.items[i])) != FV_YES)
                return r;
        return FV_YES;
    }
    case OP_CONTAINS: {
        uint64_t count = 0;
        for (i = 0; i < inst->u.arr.len; i++) {
            r = fv(e, k->u.contains.node, inst->u.arr.items[i]);
            if (r == FV_UNKNOWN)
                return r;
            if (r == FV_YES && ++count > k->u.contains.max)
                return FV_NO;
        }
        return count >= k->u.contains.min ? FV_YES : FV_NO;
    }
    case OP_PATTERN_PROPERTIES: {
        const amc_member *ms = inst->u.obj.members;
        for (i = 0; i < inst->u.obj.len; i++) {
            size_t j = 0;
            for (j = 0; j < k->u.pprops.n; j++) {
                int m = amc_regex_search(k->u.pprops.res[j], ms[i].key, ms[i].key_len);
                if (m < 0)
                    return FV_UNKNOWN;
                if (m == 1 && (r = fv(e, k->u.pprops.nodes[j], ms[i].value)) != FV_YES)
                    return r;
            }
        }
        return FV_YES;
    }
    case OP_DEPENDENT_SCHEMAS: {
        const ptab *t = &k->u.props.tab;
        for (i = 0; i < t->n; i++)
            if (has_member(inst, t->keys[i], t->klens[i]) &&
                (r = fv(e, k->u.props.nodes[i], inst)) != FV_YES)
                return r;
        return FV_YES;
    }
    default:
        return FV_UNKNOWN;
    }
}

/* The keywords of one node in order; the cheapest and most frequent outcomes are decided here,
 * the rest in fv_kw(). */
static int fv_run(ev *e, const cnode *n, const amc_value *inst, const fvscan *sc)
{
    uint8_t tbit = (uint8_t)(1u << inst->type);
    uint32_t i = 0;
    for (i = 0; i < n->nkw; i++) {
        const ckw *k = &n->kw[i];
        int r = FV_YES;
        if (!(k->tmask & tbit))
            continue;
        switch (k->fop) {
        case OP_TYPE:
            if (k->u.types & tbit)
                continue;
            if ((k->u.types & TYPE_INTEGER) && inst->type == AMC_T_NUMBER &&
                (inst->flags & AMC_NUM_INTEGER))
                continue;
            break;
        case OP_MIN_LENGTH:
            if ((inst->u.str.len + 3) / 4 >= k->u.count)
                continue; /* at most 4 bytes per code point */
            break;
        case OP_CONST:
            if (value_eq(inst, k->kv))
                continue;
            return FV_NO;
        case OP_REF:
            if ((r = fv(e, k->u.ref.node, inst)) != FV_YES)
                return r;
            continue;
        default:
            break;
        }
        if ((r = fv_kw(e, n, k, inst, sc)) != FV_YES)
            return r;
    }
    return FV_YES;
}

/* A node with a shared "properties" on an object: the scan first (as scan_object() does: each
 * member looked up on its own, so a repeated name in a built tree is evaluated each time). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
fv_scanned(ev *e, const cnode *n, const amc_value *inst)
{
    fvscan sc;
    const ptab *t = &n->props->u.props.tab;
    const amc_member *ms = inst->u.obj.members;
    size_t i = 0, idx = 0;
    sc.present = 0;
    sc.nmatch = 0;
    for (i = 0; i < inst->u.obj.len; i++) {
        sc.pidx[i] = 0xff;
        if (prop_index(t, ms[i].key, ms[i].key_len, &idx)) {
            sc.pidx[i] = (uint8_t)idx;
            sc.present |= (uint64_t)1 << idx;
            sc.nmatch++;
        }
    }
    return fv_run(e, n, inst, &sc);
}

static int fv(ev *e, const cnode *n, const amc_value *inst)
{
    int r = FV_YES;
    if (n->kind != 2)
        return n->kind == 1 ? FV_YES : FV_NO;
    if (n->uneval)
        return FV_UNKNOWN;
    if (++e->depth > e->max_depth) {
        e->depth--;
        return FV_UNKNOWN;
    }
    if (n->props && inst->type == AMC_T_OBJECT && inst->u.obj.len <= 64 &&
        n->props->u.props.tab.n <= 64)
        r = fv_scanned(e, n, inst);
    else
        r = fv_run(e, n, inst, NULL);
    e->depth--;
    return r;
}

/* ---- entry point ---- */

static void ev_init(ev *e, const amc_validate_opts *opts, amc_diags *diags, const amc_doc *idoc)
{
    /* not the scratch words: zeroing them cost more than a small validation */
    memset(e, 0, offsetof(ev, inline_words));
    e->o = opts;
    e->ds = diags;
    e->idoc = idoc;
    e->all = opts->all_errors;
    e->format_assert = opts->format_assert;
    e->max_err = opts->max_errors;
    e->max_depth = opts->max_depth ? opts->max_depth : DEFAULT_MAX_DEPTH;
    e->branch_details = opts->branch_details ? opts->branch_details : DEFAULT_BRANCH_DETAILS;
    e->words = e->inline_words;
    e->capwords = sizeof e->inline_words / sizeof e->inline_words[0];
    amc_buf_init(&e->ib, 0);
    amc_buf_init(&e->kb, 0);
    amc_buf_init(&e->ab, 0);
    amc_buf_init(&e->cb, 0);
}

amc_status amc_schema_validate(const amc_schema *schema, const amc_value *instance,
                               const amc_doc *instance_doc, const amc_validate_opts *opts,
                               amc_diags *diags, bool *valid)
{
    static const amc_validate_opts defaults = AMC_VALIDATE_OPTS_DEFAULT;
    ev e;
    ectx c;
    bool ok = false;
    if (valid)
        *valid = false;
    if (!schema || !instance || !valid)
        return AMC_EUSAGE;
    if (!opts)
        opts = &defaults;
    memset(&c, 0, sizeof c);
    c.rec = diags != NULL;
    /* The fast path first, without the diagnostics list (see fv()): a valid instance needs
     * nothing else. Any other answer runs the full evaluation, which alone reports. */
    ev_init(&e, opts, NULL, instance_doc);
    if (fv(&e, schema->root, instance) == FV_YES && e.fatal == AMC_OK) {
        ok = true;
    } else {
        uint64_t *words = e.words;
        size_t capwords = e.capwords;
        ev_init(&e, opts, diags, instance_doc);
        if (words != e.inline_words) { /* keep what the fast path grew */
            e.words = words;
            e.capwords = capwords;
        }
        ok = eval(&e, schema->root, instance, &c, NULL);
    }
    amc_buf_release(&e.ib);
    amc_buf_release(&e.kb);
    amc_buf_release(&e.ab);
    amc_buf_release(&e.cb);
    if (e.words != e.inline_words)
        amc_xfree(e.words);
    if (e.fatal != AMC_OK) {
        *valid = false;
        return e.fatal;
    }
    *valid = ok;
    return AMC_OK;
}
