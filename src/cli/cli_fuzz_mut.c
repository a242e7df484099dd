/*
 * cli_fuzz_mut.c - input generation for `amc fuzz`: random numbers, the profile dictionary
 * (names, values, bounds and formats read from the profile's embedded schemas), structure-aware
 * mutation of JSON documents, MIME header blocks and YAML bodies, byte-level mutation.
 *
 * Decisions:
 *   - A JSON input is read with amc's own reader into a small mutable tree (duplicate keys,
 *     raw tokens, invalid bytes allowed), mutated there and written back in a random layout
 *     (compact or indented, LF or CRLF). An input amc cannot read gets byte-level mutations only.
 *   - MIME inputs are split leniently into header fields and a body (no input is refused); a
 *     body amc reads as YAML is mutated as a tree and written back as block YAML, or gets
 *     YAML-specific tokens (1.1 booleans, octal, sexagesimal, tags, anchors/aliases, block
 *     scalars, document markers, tabs).
 *   - The dictionary is what the schemas say about each member name: enum and const values,
 *     numbers at and beyond every bound, strings at and beyond every length bound, samples of
 *     each format (valid and invalid). Names from `required` and `properties` are used for
 *     dropped and added members.
 *   - Values are drawn with the rng only, so a seed fixes the stream.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli_fuzz.h"

/* ---- random numbers ---- */

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void fz_seed(fz_rng *r, uint64_t seed)
{
    int i = 0;
    for (i = 0; i < 4; i++)
        r->s[i] = splitmix(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t fz_u64(fz_rng *r)
{
    uint64_t *s = r->s, res = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return res;
}

size_t fz_below(fz_rng *r, size_t n)
{
    return n ? (size_t)(fz_u64(r) % n) : 0;
}

bool fz_pct(fz_rng *r, unsigned pct)
{
    return fz_below(r, 100) < pct;
}

/* ---- arena ---- */

struct fz_chunk {
    struct fz_chunk *next;
    size_t used, cap;
    max_align_t data[];
};

void *fz_alloc(fz_arena *a, size_t n)
{
    struct fz_chunk *c = a->head;
    n = (n + 15) & ~(size_t)15;
    if (!c || c->cap - c->used < n) {
        size_t cap = n > 65536 ? n : 65536;
        c = calloc(1, sizeof *c + cap);
        if (!c) {
            cli_nomem(); /* the mutation goes on without a piece: exit 2 at the end */
            return NULL;
        }
        c->cap = cap;
        c->next = a->head;
        a->head = c;
    }
    c->used += n;
    return (char *)c->data + c->used - n;
}

void fz_arena_free(fz_arena *a)
{
    while (a->head) {
        struct fz_chunk *n = a->head->next;
        free(a->head);
        a->head = n;
    }
}

static char *fz_memdup(fz_arena *a, const char *s, size_t n)
{
    char *p = fz_alloc(a, n + 1);
    if (p && n)
        memcpy(p, s, n);
    return p;
}

/* ---- the dictionary ---- */

typedef struct dvals {
    char *key;
    char **v; /* JSON texts */
    size_t n, cap;
} dvals;

struct fz_dict {
    dvals *k; /* per member name, sorted by key after building */
    size_t n, cap;
    char **all; /* every value text (enum/const) of every name */
    size_t nall, capall;
};

static int push_str(char ***v, size_t *n, size_t *cap, const char *s, size_t len)
{
    char *c = NULL;
    size_t i = 0;
    for (i = 0; i < *n; i++)
        if (strlen((*v)[i]) == len && !memcmp((*v)[i], s, len))
            return 0;
    if (*n == *cap) {
        size_t nc = *cap ? *cap * 2 : 8;
        char **nv = realloc(*v, nc * sizeof *nv);
        if (!nv) {
            cli_nomem();
            return -1;
        }
        *v = nv;
        *cap = nc;
    }
    c = malloc(len + 1);
    if (!c) {
        cli_nomem();
        return -1;
    }
    memcpy(c, s, len);
    c[len] = '\0';
    (*v)[(*n)++] = c;
    return 0;
}

static dvals *dict_key(fz_dict *d, const char *key)
{
    size_t i = 0;
    for (i = 0; i < d->n; i++)
        if (!strcmp(d->k[i].key, key))
            return &d->k[i];
    if (d->n == d->cap) {
        size_t nc = d->cap ? d->cap * 2 : 64;
        dvals *nk = realloc(d->k, nc * sizeof *nk);
        if (!nk) {
            cli_nomem();
            return NULL;
        }
        d->k = nk;
        d->cap = nc;
    }
    memset(&d->k[d->n], 0, sizeof d->k[d->n]);
    d->k[d->n].key = strdup(key);
    if (!d->k[d->n].key) {
        cli_nomem();
        return NULL;
    }
    return &d->k[d->n++];
}

static void dict_val(fz_dict *d, dvals *k, const char *json, size_t len)
{
    if (k)
        (void)push_str(&k->v, &k->n, &k->cap, json, len);
    (void)push_str(&d->all, &d->nall, &d->capall, json, len);
}

static void dict_valz(fz_dict *d, dvals *k, const char *json)
{
    dict_val(d, k, json, strlen(json));
}

/* Samples per format: valid and invalid (RFC 3339 leap second, Feb 29, offsets, space). */
static const char *const fmt_date_time[] = {"\"2026-02-11T10:00:00Z\"",
                                            "\"2026-02-11T10:00:00.000Z\"",
                                            "\"2024-02-29T23:59:60Z\"",
                                            "\"2026-02-29T10:00:00Z\"",
                                            "\"2026-02-11 10:00:00Z\"",
                                            "\"2026-02-11T10:00:00\"",
                                            "\"2026-02-11T10:00:00+09:00\"",
                                            "\"2026-02-11T10:00:00+0900\"",
                                            "\"2026-13-01T00:00:00Z\"",
                                            "\"2026-02-11t10:00:00z\"",
                                            "\"1970-01-01T00:00:00Z\"",
                                            "\"9999-12-31T23:59:59Z\"",
                                            "\"2026-02-11T24:00:00Z\"",
                                            "\"\"",
                                            NULL};
static const char *const fmt_date[] = {"\"2026-02-11\"", "\"2026-02-30\"", "\"2024-02-29\"",
                                       "\"26-02-11\"",   "\"2026-2-11\"",  NULL};
static const char *const fmt_other[] = {"\"e7c79060-8b87-48cf-918d-013af5c4b499\"",
                                        "\"E7C79060-8B87-48CF-918D-013AF5C4B499\"",
                                        "\"e7c79060-8b87-48cf-918d\"",
                                        "\"a@b.example\"",
                                        "\"https://example.com/x\"",
                                        "\"not a uri\"",
                                        NULL};

static void dict_add_samples(fz_dict *d, dvals *k, const char *const *s)
{
    for (; *s; s++)
        dict_valz(d, k, *s);
}

/* A string of n x's as a JSON text, when n is reasonable. */
static void dict_len_sample(fz_dict *d, dvals *k, long long n)
{
    char *s = NULL;
    if (n < 0 || n > 70000)
        return;
    s = malloc((size_t)n + 3);
    if (!s) {
        cli_nomem();
        return;
    }
    s[0] = '"';
    memset(s + 1, 'x', (size_t)n);
    s[n + 1] = '"';
    s[n + 2] = '\0';
    dict_val(d, k, s, (size_t)n + 2);
    free(s);
}

static void dict_num_sample(fz_dict *d, dvals *k, const amc_value *b, bool integer)
{
    char t[64];
    if (!b || b->type != AMC_T_NUMBER)
        return;
    dict_val(d, k, b->u.num.text, b->u.num.len);
    if (b->flags & AMC_NUM_INT64) {
        snprintf(t, sizeof t, "%lld", (long long)b->u.num.i - 1);
        dict_valz(d, k, t);
        snprintf(t, sizeof t, "%lld", (long long)b->u.num.i + 1);
        dict_valz(d, k, t);
    } else {
        snprintf(t, sizeof t, "%.17g", b->u.num.d * 1.0000001 + (integer ? 1 : 0.001));
        dict_valz(d, k, t);
    }
}

static const amc_value *member(const amc_value *o, const char *k)
{
    return o && o->type == AMC_T_OBJECT ? amc_value_getz(o, k) : NULL;
}

/* v's JSON text as a value of k (and of the whole dictionary) */
static void dict_json(fz_dict *d, dvals *k, const amc_value *v)
{
    size_t n = 0;
    char *j = amc_value_to_json(v, 0, &n);
    if (j)
        dict_val(d, k, j, n);
    else
        cli_nomem();
    amc_free(j);
}

static void dict_schema_facts(fz_dict *d, dvals *k, const amc_value *s)
{
    const amc_value *v = NULL, *t = member(s, "type");
    size_t i = 0;
    bool integer = t && t->type == AMC_T_STRING && !strcmp(t->u.str.ptr, "integer");
    if ((v = member(s, "enum")) && v->type == AMC_T_ARRAY)
        for (i = 0; i < v->u.arr.len; i++)
            dict_json(d, k, v->u.arr.items[i]);
    if ((v = member(s, "const")))
        dict_json(d, k, v);
    dict_num_sample(d, k, member(s, "minimum"), integer);
    dict_num_sample(d, k, member(s, "maximum"), integer);
    dict_num_sample(d, k, member(s, "exclusiveMinimum"), integer);
    dict_num_sample(d, k, member(s, "exclusiveMaximum"), integer);
    if ((v = member(s, "minLength")) && (v->flags & AMC_NUM_INT64)) {
        dict_len_sample(d, k, (long long)v->u.num.i - 1);
        dict_len_sample(d, k, (long long)v->u.num.i);
    }
    if ((v = member(s, "maxLength")) && (v->flags & AMC_NUM_INT64)) {
        dict_len_sample(d, k, (long long)v->u.num.i);
        dict_len_sample(d, k, (long long)v->u.num.i + 1);
    }
    if ((v = member(s, "format")) && v->type == AMC_T_STRING) {
        if (!strcmp(v->u.str.ptr, "date-time"))
            dict_add_samples(d, k, fmt_date_time);
        else if (!strcmp(v->u.str.ptr, "date"))
            dict_add_samples(d, k, fmt_date);
        else
            dict_add_samples(d, k, fmt_other);
    }
}

/* The last token of a JSON Pointer, unescaped, into out. */
static void last_token(const char *ptr, char *out, size_t cap)
{
    const char *s = strrchr(ptr, '/');
    size_t n = 0;
    for (s = s ? s + 1 : ptr; *s && n + 1 < cap; s++) {
        if (s[0] == '~' && s[1] == '1')
            out[n++] = '/', s++;
        else if (s[0] == '~' && s[1] == '0')
            out[n++] = '~', s++;
        else
            out[n++] = *s;
    }
    out[n] = '\0';
}

static bool walk_cb(void *ud, const amc_schema_node_info *info)
{
    fz_dict *d = ud;
    const amc_value *req = member(info->schema, "required");
    size_t i = 0;
    if (info->keyword && !strcmp(info->keyword, "properties")) {
        char key[256];
        last_token(info->pointer, key, sizeof key);
        dict_schema_facts(d, dict_key(d, key), info->schema);
    } else if (info->schema->type == AMC_T_OBJECT) {
        dict_schema_facts(d, NULL, info->schema);
    }
    if (req && req->type == AMC_T_ARRAY)
        for (i = 0; i < req->u.arr.len; i++)
            if (req->u.arr.items[i]->type == AMC_T_STRING)
                (void)dict_key(d, req->u.arr.items[i]->u.str.ptr);
    return true;
}

static int cmp_dvals(const void *a, const void *b)
{
    return strcmp(((const dvals *)a)->key, ((const dvals *)b)->key);
}

fz_dict *fz_dict_new(const char *profile)
{
    fz_dict *d = calloc(1, sizeof *d);
    amc_schema_set *set = amc_schema_set_new(NULL);
    size_t i = 0, plen = strlen(profile);
    if (!d || !set) {
        free(d);
        amc_schema_set_free(set);
        return NULL;
    }
    for (i = 0; i < amc_schema_embedded_count(); i++) {
        const char *name = NULL;
        char uri[512];
        if (amc_schema_embedded_at(i, &name, NULL, NULL, NULL) != AMC_OK || !name ||
            strncmp(name, profile, plen) || name[plen] != '/')
            continue;
        snprintf(uri, sizeof uri, "amc:schemas/%s", name);
        if (amc_schema_walk(set, uri, walk_cb, d) == AMC_ENOMEM)
            cli_nomem();
    }
    amc_schema_set_free(set);
    qsort(d->k, d->n, sizeof *d->k, cmp_dvals);
    return d;
}

void fz_dict_free(fz_dict *d)
{
    size_t i = 0, j = 0;
    if (!d)
        return;
    for (i = 0; i < d->n; i++) {
        for (j = 0; j < d->k[i].n; j++)
            free(d->k[i].v[j]);
        free(d->k[i].v);
        free(d->k[i].key);
    }
    for (i = 0; i < d->nall; i++)
        free(d->all[i]);
    free(d->all);
    free(d->k);
    free(d);
}

static const dvals *dict_find(const fz_dict *d, const char *key, size_t len)
{
    size_t lo = 0, hi = d ? d->n : 0;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strncmp(d->k[mid].key, key, len);
        if (c == 0 && d->k[mid].key[len])
            c = 1;
        if (c == 0)
            return &d->k[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* ---- the mutable JSON tree ---- */

enum { JN_NULL = 0, JN_TRUE, JN_FALSE, JN_NUM, JN_STR, JN_ARR, JN_OBJ, JN_RAW };

typedef struct jn {
    unsigned char t;
    bool trail;    /* a trailing comma after the last item */
    bool rawctl;   /* STR: control characters written raw (invalid JSON) */
    bool esc_all;  /* STR: every ASCII letter written as \u00XX */
    const char *s; /* STR bytes, NUM/RAW text */
    size_t len;
    struct jn **kid; /* ARR items, OBJ values */
    const char **key;
    size_t *klen;
    bool *kesc; /* OBJ: the key written with every letter escaped (same name, other bytes) */
    size_t n, cap;
} jn;

static jn *jn_new(fz_arena *a, unsigned char t)
{
    jn *j = fz_alloc(a, sizeof *j);
    if (j)
        j->t = t;
    return j;
}

static jn *jn_text(fz_arena *a, unsigned char t, const char *s, size_t len)
{
    jn *j = jn_new(a, t);
    if (j) {
        j->s = fz_memdup(a, s, len);
        j->len = len;
        if (!j->s)
            return NULL;
    }
    return j;
}

static bool jn_push(fz_arena *a, jn *p, const char *key, size_t klen, jn *v)
{
    if (!v)
        return false;
    if (p->n == p->cap) {
        size_t nc = p->cap ? p->cap * 2 : 4;
        jn **nk = fz_alloc(a, nc * sizeof *nk);
        const char **nkey = fz_alloc(a, nc * sizeof *nkey);
        size_t *nl = fz_alloc(a, nc * sizeof *nl);
        bool *ne = fz_alloc(a, nc * sizeof *ne);
        if (!nk || !nkey || !nl || !ne)
            return false;
        if (p->n) {
            memcpy(nk, p->kid, p->n * sizeof *nk);
            memcpy(nkey, p->key, p->n * sizeof *nkey);
            memcpy(nl, p->klen, p->n * sizeof *nl);
            memcpy(ne, p->kesc, p->n * sizeof *ne);
        }
        p->kid = nk;
        p->key = nkey;
        p->klen = nl;
        p->kesc = ne;
        p->cap = nc;
    }
    p->kesc[p->n] = false;
    p->kid[p->n] = v;
    p->key[p->n] = key ? fz_memdup(a, key, klen) : NULL;
    p->klen[p->n] = klen;
    p->n++;
    return !key || p->key[p->n - 1];
}

static jn *jn_from(fz_arena *a, const amc_value *v, int depth)
{
    jn *j = NULL;
    size_t i = 0;
    if (depth > 200)
        return NULL;
    switch (v->type) {
    case AMC_T_NULL:
        return jn_new(a, JN_NULL);
    case AMC_T_BOOL:
        return jn_new(a, v->u.boolean ? JN_TRUE : JN_FALSE);
    case AMC_T_NUMBER:
        return jn_text(a, JN_NUM, v->u.num.text, v->u.num.len);
    case AMC_T_STRING:
        return jn_text(a, JN_STR, v->u.str.ptr, v->u.str.len);
    case AMC_T_ARRAY:
        j = jn_new(a, JN_ARR);
        for (i = 0; j && i < v->u.arr.len; i++)
            if (!jn_push(a, j, NULL, 0, jn_from(a, v->u.arr.items[i], depth + 1)))
                return NULL;
        return j;
    case AMC_T_OBJECT:
        j = jn_new(a, JN_OBJ);
        for (i = 0; j && i < v->u.obj.len; i++) {
            const amc_member *m = &v->u.obj.members[i];
            if (!jn_push(a, j, m->key, m->key_len, jn_from(a, m->value, depth + 1)))
                return NULL;
        }
        return j;
    }
    return NULL;
}

static jn *jn_parse(fz_arena *a, const char *buf, size_t len, bool yaml)
{
    amc_doc *doc = NULL;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    jn *j = NULL;
    amc_diags *ds = amc_diags_new(1);
    amc_status st = AMC_EUSAGE;
    if (ds)
        st = yaml ? amc_yaml_read(buf, len, &lim, ds, &doc)
                  : amc_json_read(buf, len, &lim, ds, &doc);
    amc_diags_free(ds);
    if (!ds || st == AMC_ENOMEM)
        cli_nomem(); /* the input is only mutated byte by byte: exit 2 at the end */
    if (st != AMC_OK || !doc) {
        amc_doc_free(doc);
        return NULL;
    }
    j = jn_from(a, amc_doc_root(doc), 0);
    amc_doc_free(doc);
    return j;
}

/* ---- writing JSON ---- */

typedef struct jstyle {
    int indent; /* 0: compact */
    const char *nl;
    bool space; /* ", " and ": " in compact mode */
} jstyle;

static const char spaces[] = "                                                                ";

/* A line break and indentation (none below depth 16: deep trees stay linear in size). */
static void put_nl(cli_sb *b, const jstyle *st, int depth)
{
    if (!st->indent || depth > 16)
        return;
    cli_sb_puts(b, st->nl);
    cli_sb_put(b, spaces, (size_t)(depth * st->indent) < 64 ? (size_t)(depth * st->indent) : 64);
}

static void put_jstr(cli_sb *b, const char *s, size_t n, bool rawctl, bool esc_all)
{
    size_t i = 0, run = 0;
    cli_sb_put(b, "\"", 1);
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char e[8];
        bool letter = esc_all && (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
        if (c != '"' && c != '\\' && (c >= 0x20 || rawctl) && !letter)
            continue; /* copied with its run */
        cli_sb_put(b, s + run, i - run);
        run = i + 1;
        if (c == '"' || c == '\\') {
            e[0] = '\\';
            e[1] = (char)c;
            cli_sb_put(b, e, 2);
        } else {
            snprintf(e, sizeof e, "\\u%04x", c);
            cli_sb_put(b, e, 6);
        }
    }
    cli_sb_put(b, s + run, n - run);
    cli_sb_put(b, "\"", 1);
}

static void jn_write(cli_sb *b, const jn *j, const jstyle *st, int depth)
{
    size_t i = 0;
    if (depth > 4000) { /* shared subtrees can form deep chains: cut */
        cli_sb_puts(b, "null");
        return;
    }
    switch (j->t) {
    case JN_NULL:
        cli_sb_puts(b, "null");
        return;
    case JN_TRUE:
        cli_sb_puts(b, "true");
        return;
    case JN_FALSE:
        cli_sb_puts(b, "false");
        return;
    case JN_NUM:
    case JN_RAW:
        cli_sb_put(b, j->s, j->len);
        return;
    case JN_STR:
        put_jstr(b, j->s, j->len, j->rawctl, j->esc_all);
        return;
    default:
        break;
    }
    cli_sb_put(b, j->t == JN_OBJ ? "{" : "[", 1);
    for (i = 0; i < j->n; i++) {
        if (i)
            cli_sb_puts(b, st->space && !st->indent ? ", " : ",");
        put_nl(b, st, depth + 1);
        if (j->t == JN_OBJ) {
            put_jstr(b, j->key[i], j->klen[i], false, j->kesc[i]);
            cli_sb_puts(b, st->space || st->indent ? ": " : ":");
        }
        jn_write(b, j->kid[i], st, depth + 1);
    }
    if (j->trail && j->n)
        cli_sb_put(b, ",", 1);
    if (j->n)
        put_nl(b, st, depth);
    cli_sb_put(b, j->t == JN_OBJ ? "}" : "]", 1);
}

/* ---- writing YAML (IGNITE bodies) ---- */

static bool yaml_plain_ok(const char *s, size_t n)
{
    static const char *const words[] = {"true", "false", "null", "yes",  "no",    "on",   "off",
                                        "y",    "n",     "~",    "True", "False", "Null", NULL};
    size_t i = 0;
    const char *const *w = NULL;
    if (n == 0 || n > 200 || strchr("-?:,[]{}#&*!|>'\"%@` \t", s[0]) || s[n - 1] == ' ')
        return false;
    if ((s[0] >= '0' && s[0] <= '9') || s[0] == '.' || s[0] == '+')
        return false;
    for (w = words; *w; w++)
        if (strlen(*w) == n && !memcmp(*w, s, n))
            return false;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f || (c == ':' && (i + 1 == n || s[i + 1] == ' ')) ||
            (c == '#' && s[i - 1] == ' '))
            return false;
    }
    return true;
}

static void put_ystr(cli_sb *b, const char *s, size_t n)
{
    size_t i = 0;
    if (yaml_plain_ok(s, n)) {
        cli_sb_put(b, s, n);
        return;
    }
    cli_sb_put(b, "\"", 1);
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char e[8];
        if (c == '"' || c == '\\') {
            e[0] = '\\';
            e[1] = (char)c;
            cli_sb_put(b, e, 2);
        } else if (c < 0x20 || c == 0x7f) {
            snprintf(e, sizeof e, "\\x%02x", c);
            cli_sb_put(b, e, 4);
        } else {
            cli_sb_put(b, s + i, 1);
        }
    }
    cli_sb_put(b, "\"", 1);
}

static void yaml_indent(cli_sb *b, int n)
{
    while (n > 0) {
        cli_sb_put(b, spaces, n < 64 ? (size_t)n : 64);
        n -= 64;
    }
}

/* A flow (JSON-like) rendering for empty containers and deep trees. */
static void yaml_flow(cli_sb *b, const jn *j, int depth)
{
    jstyle st = {0, "\n", true};
    if (j->t == JN_STR) {
        put_ystr(b, j->s, j->len);
        return;
    }
    jn_write(b, j, &st, depth);
}

static void yaml_write(cli_sb *b, const jn *j, int ind, int depth)
{
    size_t i = 0;
    if ((j->t != JN_OBJ && j->t != JN_ARR) || j->n == 0 || depth > 60) {
        yaml_flow(b, j, depth);
        cli_sb_put(b, "\n", 1);
        return;
    }
    for (i = 0; i < j->n; i++) {
        const jn *v = j->kid[i];
        bool block = (v->t == JN_OBJ || v->t == JN_ARR) && v->n > 0 && depth < 60;
        yaml_indent(b, ind);
        if (j->t == JN_OBJ) {
            put_ystr(b, j->key[i], j->klen[i]);
            cli_sb_puts(b, block ? ":\n" : ": ");
        } else {
            cli_sb_puts(b, block ? "-\n" : "- ");
        }
        if (block)
            yaml_write(b, v, ind + 2, depth + 1);
        else
            yaml_write(b, v, 0, depth + 1);
    }
}

/* ---- choosing nodes ---- */

typedef struct slot {
    jn *parent; /* NULL: the root */
    size_t idx;
} slot;

typedef struct slots {
    slot v[512];
    size_t n, seen;
} slots;

static void collect(fz_rng *r, slots *s, jn *parent, size_t idx, jn *j, int depth)
{
    size_t i = 0;
    s->seen++;
    if (s->n < 512) {
        s->v[s->n].parent = parent;
        s->v[s->n++].idx = idx;
    } else {
        size_t k = fz_below(r, s->seen); /* reservoir */
        if (k < 512) {
            s->v[k].parent = parent;
            s->v[k].idx = idx;
        }
    }
    if ((j->t == JN_OBJ || j->t == JN_ARR) && depth < 64)
        for (i = 0; i < j->n; i++)
            collect(r, s, j, i, j->kid[i], depth + 1);
}

static jn *slot_get(jn *root, const slot *s)
{
    return s->parent ? s->parent->kid[s->idx] : root;
}

static void slot_set(jn **root, const slot *s, jn *v)
{
    if (s->parent)
        s->parent->kid[s->idx] = v;
    else
        *root = v;
}

/* ---- interesting values ---- */

static const char *const nums[] = {"0",
                                   "-0",
                                   "1",
                                   "-1",
                                   "2",
                                   "0.5",
                                   "1.0",
                                   "1e3",
                                   "1E+2",
                                   "255",
                                   "256",
                                   "65535",
                                   "65536",
                                   "2147483647",
                                   "2147483648",
                                   "-2147483649",
                                   "4294967296",
                                   "9007199254740991",
                                   "9007199254740993",
                                   "9223372036854775807",
                                   "9223372036854775808",
                                   "-9223372036854775809",
                                   "18446744073709551616",
                                   "1e308",
                                   "1e309",
                                   "-1e309",
                                   "5e-324",
                                   "1e-400",
                                   "0.1e1",
                                   "123456789012345678901234567890",
                                   NULL};
static const char *const raw_nums[] = {"NaN", "Infinity", "-Infinity", "01",  "+1",  ".5", "1.",
                                       "1e",  "0x1F",     "1_000",     "- 1", "--1", NULL};
static const char *const strs[] = {"\"\"",
                                   "\" \"",
                                   "\"null\"",
                                   "\"true\"",
                                   "\"0\"",
                                   "\"-1\"",
                                   "\"1e400\"",
                                   "\"NaN\"",
                                   "\"\\u0000\"",
                                   "\"\\ud800\"",
                                   "\"\\udc00\\ud800\"",
                                   "\"\\ud83d\\ude00\"",
                                   "\"\\ufeff\"",
                                   "\"\\u202e\"",
                                   "\"../../etc/passwd\"",
                                   "\"%s%n\"",
                                   "\"<script>\"",
                                   "\"a\\nb\"",
                                   NULL};

/* Byte sequences inserted into strings: Unicode edge cases, raw and escaped. */
static const char *const uni[] = {"\xc2\xa0",         /* NBSP */
                                  "\xe2\x80\x8b",     /* zero width space */
                                  "\xe2\x80\xae",     /* right-to-left override */
                                  "\xef\xbb\xbf",     /* BOM inside */
                                  "\xef\xbf\xbf",     /* U+FFFF */
                                  "\xf0\x9f\x98\x80", /* U+1F600 */
                                  "\xf4\x8f\xbf\xbf", /* U+10FFFF */
                                  "e\xcc\x81",        /* e + combining acute */
                                  "\xe2\x80\xa8",     /* LINE SEPARATOR */
                                  "\\u0000",          "\\ud800", "\\udfff", "\\uDBFF\\uDFFF",
                                  "\\u00e9",          "\\/",     NULL};
/* Invalid UTF-8. */
static const char *const bad8[] = {"\xc0\x80",
                                   "\xc1\xbf",
                                   "\xed\xa0\x80",
                                   "\xed\xbf\xbf",
                                   "\xf4\x90\x80\x80",
                                   "\xf8\x88\x80\x80\x80",
                                   "\xfe",
                                   "\xff",
                                   "\x80",
                                   "\xe2\x82",
                                   "\xf0\x9f\x98",
                                   "\xc3",
                                   NULL};
static const size_t lengths[] = {0,    1,    63,   64,   255,   256,   1023,  1024, 1025,
                                 4095, 4096, 4097, 8192, 16384, 65535, 65536, 65537};

static size_t count(const char *const *v)
{
    size_t n = 0;
    while (v[n])
        n++;
    return n;
}

static const char *pick(fz_rng *r, const char *const *v)
{
    return v[fz_below(r, count(v))];
}

static size_t pick_len(fz_rng *r)
{
    size_t n = sizeof lengths / sizeof lengths[0];
    size_t i = fz_below(r, n);
    if (i >= n - 3 && fz_pct(r, 70)) /* the large ones less often */
        i = fz_below(r, n - 3);
    if (fz_pct(r, 1))
        return (size_t)1 << 20;
    return lengths[i];
}

/* A JSON text parsed into a node (the dictionary's values); NULL if it does not read. */
/* A node of a picked text (NUM or RAW). */
static jn *jn_pick(fz_rng *r, fz_arena *a, unsigned char t, const char *const *v)
{
    const char *s = pick(r, v);
    return jn_text(a, t, s, strlen(s));
}

static jn *jn_of_text(fz_arena *a, const char *t)
{
    jn *j = jn_parse(a, t, strlen(t), false);
    return j ? j : jn_text(a, JN_RAW, t, strlen(t));
}

/* A replacement value for a member named key (NULL: any). */
static jn *value_for(fz_rng *r, fz_arena *a, const fz_dict *d, const char *key, size_t klen)
{
    const dvals *k = key ? dict_find(d, key, klen) : NULL;
    unsigned w = (unsigned)fz_below(r, 100);
    if (k && k->n && w < 60)
        return jn_of_text(a, k->v[fz_below(r, k->n)]);
    if (d && d->nall && w < 70)
        return jn_of_text(a, d->all[fz_below(r, d->nall)]);
    if (w < 82)
        return jn_pick(r, a, JN_NUM, nums);
    if (w < 95)
        return jn_of_text(a, pick(r, strs));
    switch (fz_below(r, 5)) {
    case 0:
        return jn_new(a, JN_NULL);
    case 1:
        return jn_new(a, JN_TRUE);
    case 2:
        return jn_new(a, JN_ARR);
    case 3:
        return jn_new(a, JN_OBJ);
    default:
        return jn_pick(r, a, JN_RAW, raw_nums);
    }
}

/* The key under which slot s sits (NULL in an array or at the root). */
static const char *slot_key(const slot *s, size_t *klen)
{
    if (!s->parent || s->parent->t != JN_OBJ)
        return NULL;
    *klen = s->parent->klen[s->idx];
    return s->parent->key[s->idx];
}

static jn *long_string(fz_rng *r, fz_arena *a)
{
    static const char *const fill[] = {"a", "\xc3\xa9", "\xf0\x9f\x98\x80", " ", "\\", "\"",
                                       "0", NULL};
    const char *f = pick(r, fill);
    size_t n = pick_len(r), fl = strlen(f), i = 0;
    char *s = fz_alloc(a, n * fl + 1);
    jn *j = jn_new(a, JN_STR);
    if (!s || !j)
        return NULL;
    for (i = 0; i < n; i++)
        memcpy(s + i * fl, f, fl);
    j->s = s;
    j->len = n * fl;
    return j;
}

/* A string with seq inserted at a random place; raw bytes go in as they are, "\u..." escapes
 * become a RAW string token. */
static jn *string_insert(fz_rng *r, fz_arena *a, const jn *old, const char *seq)
{
    const char *s = old && old->t == JN_STR ? old->s : "text";
    size_t n = old && old->t == JN_STR ? old->len : 4, at = fz_below(r, n + 1), sl = strlen(seq);
    char *o = NULL;
    jn *j = NULL;
    if (seq[0] == '\\') { /* an escape: write the token raw, keeping the rest plain */
        cli_sb t = {NULL, 0, 0, false};
        cli_sb_put(&t, "\"", 1);
        cli_sb_put(&t, s, at);
        cli_sb_puts(&t, seq);
        cli_sb_put(&t, s + at, n - at);
        cli_sb_put(&t, "\"", 1);
        j = t.failed ? NULL : jn_text(a, JN_RAW, t.p, t.len);
        free(t.p);
        return j;
    }
    o = fz_alloc(a, n + sl + 1);
    j = jn_new(a, JN_STR);
    if (!o || !j)
        return NULL;
    memcpy(o, s, at);
    memcpy(o + at, seq, sl);
    memcpy(o + at + sl, s + at, n - at);
    j->s = o;
    j->len = n + sl;
    return j;
}

static jn *nest(fz_rng *r, fz_arena *a, jn *inner)
{
    static const size_t depths[] = {8, 32, 63, 64, 65, 100, 127, 128, 129, 200, 1000, 5000};
    size_t d = depths[fz_below(r, sizeof depths / sizeof depths[0])], i = 0;
    bool obj = fz_pct(r, 40);
    jn *cur = inner ? inner : jn_new(a, JN_NULL);
    for (i = 0; cur && i < d; i++) {
        jn *w = jn_new(a, obj ? JN_OBJ : JN_ARR);
        if (!w || !jn_push(a, w, obj ? "a" : NULL, obj ? 1 : 0, cur))
            return NULL;
        cur = w;
    }
    return cur;
}

static jn *shallow_copy(fz_arena *a, const jn *j)
{
    jn *c = jn_new(a, j->t);
    size_t i = 0;
    if (!c)
        return NULL;
    *c = *j;
    c->kid = NULL;
    c->key = NULL;
    c->klen = NULL;
    c->kesc = NULL;
    c->n = c->cap = 0;
    for (i = 0; i < j->n; i++) {
        if (!jn_push(a, c, j->t == JN_OBJ ? j->key[i] : NULL, j->t == JN_OBJ ? j->klen[i] : 0,
                     j->kid[i]))
            return NULL;
        if (j->t == JN_OBJ)
            c->kesc[i] = j->kesc[i];
    }
    return c;
}

/* Key mutations: case, white space, another known name, the empty key, or a second member
 * whose key is the same name with every letter escaped (a duplicate only after unescaping). */
static bool mutate_key(fz_rng *r, fz_arena *a, const fz_dict *d, jn *o, size_t i)
{
    char *k = fz_memdup(a, o->key[i], o->klen[i]);
    size_t n = o->klen[i];
    if (!k)
        return false;
    switch (fz_below(r, 5)) {
    case 0:
        if (n && k[0] >= 'a' && k[0] <= 'z')
            k[0] = (char)(k[0] - 32);
        else if (n && k[0] >= 'A' && k[0] <= 'Z')
            k[0] = (char)(k[0] + 32);
        break;
    case 1: {
        char *k2 = fz_alloc(a, n + 2);
        if (!k2)
            return false;
        memcpy(k2, k, n);
        k2[n] = ' ';
        k = k2;
        n++;
        break;
    }
    case 2:
        n = 0;
        break;
    case 3:
        if (d && d->n) {
            k = d->k[fz_below(r, d->n)].key;
            n = strlen(k);
        }
        break;
    default:
        if (!jn_push(a, o, k, n, o->kid[fz_pct(r, 50) ? i : fz_below(r, o->n)]))
            return false;
        o->kesc[o->n - 1] = true;
        return true;
    }
    o->key[i] = k;
    o->klen[i] = n;
    return true;
}

/* A copy of j (no shared nodes, so no cycles); NULL past 20000 nodes. */
static jn *deep_copy(fz_arena *a, const jn *j, size_t *budget)
{
    jn *c = NULL;
    size_t i = 0;
    if (*budget == 0)
        return NULL;
    (*budget)--;
    c = jn_new(a, j->t);
    if (!c)
        return NULL;
    *c = *j;
    c->kid = NULL;
    c->key = NULL;
    c->klen = NULL;
    c->kesc = NULL;
    c->n = c->cap = 0;
    for (i = 0; i < j->n; i++) {
        if (!jn_push(a, c, j->t == JN_OBJ ? j->key[i] : NULL, j->t == JN_OBJ ? j->klen[i] : 0,
                     deep_copy(a, j->kid[i], budget)))
            return NULL;
        if (j->t == JN_OBJ)
            c->kesc[i] = j->kesc[i];
    }
    return c;
}

/* One tree mutation. Returns a short name, or NULL when it did not apply. */
static const char *tree_op(fz_rng *r, fz_arena *a, const fz_dict *d, jn **root, jn *other)
{
    slots *ss = fz_alloc(a, sizeof *ss);
    slot s;
    jn *j = NULL, *v = NULL;
    const char *key = NULL;
    size_t klen = 0;
    if (!ss)
        return NULL;
    collect(r, ss, NULL, 0, *root, 0);
    s = ss->v[fz_below(r, ss->n)];
    j = slot_get(*root, &s);
    key = slot_key(&s, &klen);
    switch (fz_below(r, 20)) {
    case 0:
    case 1: /* drop a member or element */
        if (!s.parent)
            return NULL;
        memmove(s.parent->kid + s.idx, s.parent->kid + s.idx + 1,
                (s.parent->n - s.idx - 1) * sizeof *s.parent->kid);
        if (s.parent->t == JN_OBJ) {
            memmove(s.parent->kesc + s.idx, s.parent->kesc + s.idx + 1,
                    (s.parent->n - s.idx - 1) * sizeof *s.parent->kesc);
            memmove(s.parent->key + s.idx, s.parent->key + s.idx + 1,
                    (s.parent->n - s.idx - 1) * sizeof *s.parent->key);
            memmove(s.parent->klen + s.idx, s.parent->klen + s.idx + 1,
                    (s.parent->n - s.idx - 1) * sizeof *s.parent->klen);
        }
        s.parent->n--;
        return "drop member";
    case 2: /* duplicate key */
        if (!s.parent || s.parent->t != JN_OBJ)
            return NULL;
        v = fz_pct(r, 50) ? j : value_for(r, a, d, key, klen);
        return jn_push(a, s.parent, key, klen, v) ? "duplicate key" : NULL;
    case 3:
    case 4: { /* add a member the schemas know */
        const dvals *dv = d && d->n ? &d->k[fz_below(r, d->n)] : NULL;
        if (j->t != JN_OBJ || !dv)
            return NULL;
        v = value_for(r, a, d, dv->key, strlen(dv->key));
        return jn_push(a, j, dv->key, strlen(dv->key), v) ? "add member" : NULL;
    }
    case 5:
    case 6:
    case 7: /* a value the schemas name for this member, or a boundary value */
        v = value_for(r, a, d, key, klen);
        break;
    case 8: /* retype */
        switch (fz_below(r, 6)) {
        case 0:
            v = jn_new(a, JN_NULL);
            break;
        case 1:
            v = jn_new(a, JN_FALSE);
            break;
        case 2:
            v = j->t == JN_STR ? jn_text(a, JN_NUM, "1", 1) : jn_of_text(a, "\"1\"");
            break;
        case 3:
            v = jn_new(a, JN_ARR);
            if (v && !jn_push(a, v, NULL, 0, j))
                v = NULL;
            break;
        case 4:
            v = jn_new(a, JN_OBJ);
            if (v && !jn_push(a, v, key ? key : "value", key ? klen : 5, j))
                v = NULL;
            break;
        default:
            if (j->t == JN_NUM) /* a number written as a string */
                v = jn_text(a, JN_STR, j->s, j->len);
            else
                v = jn_new(a, j->t == JN_OBJ ? JN_ARR : JN_OBJ);
        }
        break;
    case 9:
        v = long_string(r, a);
        break;
    case 10:
        v = string_insert(r, a, j, pick(r, uni));
        break;
    case 11:
        v = string_insert(r, a, j, pick(r, bad8));
        break;
    case 12:
        v = nest(r, a, fz_pct(r, 50) ? j : NULL);
        break;
    case 13: { /* copy another subtree here (or from the other input) */
        size_t budget = 20000;
        jn *from = *root;
        if (other && fz_pct(r, 50)) {
            ss->n = ss->seen = 0;
            from = other;
            collect(r, ss, NULL, 0, other, 0);
        }
        v = deep_copy(a, slot_get(from, &ss->v[fz_below(r, ss->n)]), &budget);
        break;
    }
    case 14:
        if (j->t != JN_OBJ && j->t != JN_ARR)
            return NULL;
        j->trail = true;
        return "trailing comma";
    case 15:
        v = fz_pct(r, 50) ? jn_pick(r, a, JN_RAW, raw_nums)
                          : (j->t == JN_STR ? jn_text(a, JN_RAW, "'x'", 3) : NULL);
        if (!v)
            v = jn_text(a, JN_RAW, "/* c */ 0", 9);
        break;
    case 16: /* empty the container, or shuffle it */
        if (j->t != JN_OBJ && j->t != JN_ARR)
            return NULL;
        v = shallow_copy(a, j);
        if (v && fz_pct(r, 40))
            v->n = 0;
        else if (v && v->n > 1) {
            size_t x = fz_below(r, v->n), y = fz_below(r, v->n);
            jn *t = v->kid[x];
            v->kid[x] = v->kid[y];
            v->kid[y] = t;
            if (v->t == JN_OBJ) {
                const char *tk = v->key[x];
                size_t tl = v->klen[x];
                bool te = v->kesc[x];
                v->key[x] = v->key[y];
                v->klen[x] = v->klen[y];
                v->kesc[x] = v->kesc[y];
                v->key[y] = tk;
                v->klen[y] = tl;
                v->kesc[y] = te;
            }
        }
        break;
    case 17:
        if (!s.parent || s.parent->t != JN_OBJ)
            return NULL;
        return mutate_key(r, a, d, s.parent, s.idx) ? "key" : NULL;
    case 18: /* control characters raw in a string */
        if (j->t != JN_STR)
            return NULL;
        v = string_insert(r, a, j, fz_pct(r, 50) ? "\t" : "\n");
        if (v)
            v->rawctl = true;
        break;
    default: /* escape every letter of a string: the same value, other bytes */
        if (j->t != JN_STR)
            return NULL;
        v = jn_text(a, JN_STR, j->s, j->len);
        if (v)
            v->esc_all = true;
        break;
    }
    if (!v)
        return NULL;
    slot_set(root, &s, v);
    return "value";
}

/* ---- byte-level mutation ---- */

static const char *const tokens[] = {
    "{",     "}",    "[",    "]",       ":",      ",",  "\"", "\\", "\\u", "null", "true",
    "false", "-",    "0",    "1e999",   "\r\n",   "\n", "\r", "\t", " ",   "\x00", "\xef\xbb\xbf",
    "---\n", "...",  "&a ",  "*a",      "!!str ", "#",  ": ", "- ", "|\n", ">\n",  "~",
    "yes",   "0755", "1:30", "\\ud800", "//",     "/*", NULL};

static void byte_op(fz_rng *r, const fz_dict *d, cli_sb *b, const char *other, size_t olen)
{
    size_t n = b->len, at = fz_below(r, n + 1), k = 0;
    cli_sb t = {NULL, 0, 0, false};
    switch (fz_below(r, 12)) {
    case 0:
        if (n)
            b->p[fz_below(r, n)] ^= (char)(1u << fz_below(r, 8));
        return;
    case 1:
        if (n)
            b->p[fz_below(r, n)] = "\x00\xff\x7f\x80\"\\{}[]:,\n\r 0"[fz_below(r, 16)];
        return;
    case 2: /* delete a range */
        k = n - (at < n ? at : n);
        k = k ? 1 + fz_below(r, k < 64 ? k : 64) : 0;
        memmove(b->p + at, b->p + at + k, n - at - k);
        b->len -= k;
        b->p[b->len] = '\0';
        return;
    case 3:
        b->len = at;
        if (b->p)
            b->p[b->len] = '\0';
        return;
    default:
        break;
    }
    cli_sb_put(&t, b->p, at);
    switch (fz_below(r, 8)) {
    case 0: { /* a dictionary token: a quoted member name or a value */
        if (d && d->n && fz_pct(r, 50)) {
            cli_sb_put(&t, "\"", 1);
            cli_sb_puts(&t, d->k[fz_below(r, d->n)].key);
            cli_sb_put(&t, "\"", 1);
        } else if (d && d->nall) {
            cli_sb_puts(&t, d->all[fz_below(r, d->nall)]);
        }
        break;
    }
    case 1:
    case 2: {
        const char *tok = pick(r, tokens);
        cli_sb_put(&t, tok, tok[0] ? strlen(tok) : 1); /* "" is the NUL byte */
        break;
    }
    case 3: { /* a run of one byte */
        size_t len = pick_len(r);
        char *run = malloc(len + 1);
        if (!run) {
            cli_nomem();
            break;
        }
        memset(run, "a \"\\{[0\xff"[fz_below(r, 8)], len);
        cli_sb_put(&t, run, len);
        free(run);
        break;
    }
    case 4: /* duplicate a range */
        k = n - at;
        if (k)
            cli_sb_put(&t, b->p + at, 1 + fz_below(r, k < 256 ? k : 256));
        break;
    case 5:
        cli_sb_puts(&t, pick(r, bad8));
        break;
    case 6:
        if (other && olen) { /* the rest comes from the other input */
            size_t from = fz_below(r, olen);
            cli_sb_put(&t, other + from, olen - from);
            at = n;
        }
        break;
    default: {
        unsigned char c = (unsigned char)fz_below(r, 256);
        cli_sb_put(&t, (const char *)&c, 1);
    }
    }
    cli_sb_put(&t, b->p + at, n - at);
    if (t.failed) {
        cli_nomem();
        free(t.p);
        return;
    }
    free(b->p);
    *b = t;
}

/* ---- MIME ---- */

typedef struct mfield {
    const char *line; /* the whole field (name: value, continuation lines), without its EOL */
    size_t len;
} mfield;

typedef struct mime {
    mfield f[300];
    size_t n;
    bool crlf;
    const char *body;
    size_t blen;
    bool blank; /* a blank line ended the header block */
} mime;

static void mime_split(const char *s, size_t n, mime *m)
{
    size_t i = 0;
    memset(m, 0, sizeof *m);
    m->crlf = memchr(s, '\r', n < 4096 ? n : 4096) != NULL;
    while (i < n) {
        size_t e = i;
        while (e < n && s[e] != '\n')
            e++;
        size_t le = e > i && s[e - 1] == '\r' ? e - 1 : e;
        if (le == i) { /* the blank line */
            m->blank = true;
            i = e < n ? e + 1 : e;
            break;
        }
        if ((s[i] == ' ' || s[i] == '\t') && m->n) /* continuation */
            m->f[m->n - 1].len = le - (size_t)(m->f[m->n - 1].line - s);
        else if (m->n < 300) {
            m->f[m->n].line = s + i;
            m->f[m->n++].len = le - i;
        }
        i = e < n ? e + 1 : e;
    }
    m->body = s + i;
    m->blen = n - i;
}

static void mime_join(const mime *m, const char *body, size_t blen, cli_sb *out)
{
    size_t i = 0;
    const char *nl = m->crlf ? "\r\n" : "\n";
    for (i = 0; i < m->n; i++) {
        cli_sb_put(out, m->f[i].line, m->f[i].len);
        cli_sb_puts(out, nl);
    }
    if (m->blank)
        cli_sb_puts(out, nl);
    cli_sb_put(out, body, blen);
}

static const char *const hdr_values[] = {"Tue, 10 Feb 2026 12:17:11 +0900",
                                         "Wed, 10 Feb 2026 12:17:11 +0900",
                                         "10 Feb 2026 12:17:11 GMT",
                                         "Tue, 10 Feb 26 12:17 EST",
                                         "Tue, 30 Feb 2026 12:17:11 +0900",
                                         "2026-02-10T12:17:11+09:00",
                                         "<1.2.3@ignite.local>",
                                         "<no-at-sign>",
                                         "1770693431.1@x",
                                         "leader, coordinator",
                                         "leader,,coordinator",
                                         "text/x-yaml; charset=utf-8",
                                         "application/yaml",
                                         "text/plain",
                                         "text/x-yaml; charset=\"utf-8",
                                         "base64",
                                         "quoted-printable",
                                         "7bit",
                                         "1.0",
                                         "2.0",
                                         "-1",
                                         "3",
                                         "4",
                                         "99999999999999999999",
                                         "",
                                         NULL};

/* A header field "Name: value" into the arena. */
static mfield field(fz_arena *a, const char *name, size_t nl, const char *sep, const char *val,
                    size_t vl)
{
    mfield f = {NULL, 0};
    size_t sl = strlen(sep);
    char *p = fz_alloc(a, nl + sl + vl + 1);
    if (!p)
        return f;
    memcpy(p, name, nl);
    memcpy(p + nl, sep, sl);
    memcpy(p + nl + sl, val, vl);
    f.line = p;
    f.len = nl + sl + vl;
    return f;
}

/* The name of field f (up to the colon) and its value. */
static void field_parts(const mfield *f, size_t *nl, const char **val, size_t *vl)
{
    const char *c = memchr(f->line, ':', f->len);
    size_t n = c ? (size_t)(c - f->line) : f->len;
    *nl = n;
    *val = c ? c + 1 : f->line + f->len;
    while (c && *val < f->line + f->len && **val == ' ')
        (*val)++;
    *vl = (size_t)(f->line + f->len - *val);
}

static const char *mime_op(fz_rng *r, fz_arena *a, const fz_dict *d, mime *m)
{
    size_t i = m->n ? fz_below(r, m->n) : 0, nl = 0, vl = 0;
    const char *val = NULL;
    if (m->n)
        field_parts(&m->f[i], &nl, &val, &vl);
    switch (fz_below(r, 14)) {
    case 0: /* drop a field */
        if (!m->n)
            return NULL;
        memmove(m->f + i, m->f + i + 1, (m->n - i - 1) * sizeof *m->f);
        m->n--;
        return "drop header";
    case 1: /* duplicate a field */
        if (!m->n || m->n >= 300)
            return NULL;
        m->f[m->n++] = m->f[i];
        return "duplicate header";
    case 2:
    case 3:
    case 4: { /* a value the schemas name for the field, or a header-ish value */
        const dvals *dv = m->n ? dict_find(d, m->f[i].line, nl) : NULL;
        const char *nv = NULL;
        if (!m->n)
            return NULL;
        if (dv && dv->n && fz_pct(r, 70)) {
            nv = dv->v[fz_below(r, dv->n)];
            if (nv[0] == '"') { /* a JSON string: its contents */
                m->f[i] = field(a, m->f[i].line, nl, ": ", nv + 1, strlen(nv) - 2);
                return "header value";
            }
        } else {
            nv = pick(r, hdr_values);
        }
        m->f[i] = field(a, m->f[i].line, nl, ": ", nv, strlen(nv));
        return "header value";
    }
    case 5: { /* the name's case */
        char *p = fz_memdup(a, m->f[i].line, m->f[i].len);
        size_t k = 0;
        bool up = fz_pct(r, 50);
        if (!m->n || !p)
            return NULL;
        for (k = 0; k < nl; k++)
            if ((p[k] | 0x20) >= 'a' && (p[k] | 0x20) <= 'z')
                p[k] = (char)(up ? p[k] & ~0x20 : p[k] | 0x20);
        m->f[i].line = p;
        return "header name case";
    }
    case 6: { /* a field the schemas know, or an unknown one */
        const dvals *dv = d && d->n ? &d->k[fz_below(r, d->n)] : NULL;
        const char *name = dv && fz_pct(r, 70) ? dv->key : "X-IGNITE-Unknown";
        const char *hv = pick(r, hdr_values);
        if (m->n >= 300)
            return NULL;
        memmove(m->f + i + 1, m->f + i, (m->n - i) * sizeof *m->f);
        m->n++;
        m->f[i] = field(a, name, strlen(name), ": ", hv, strlen(hv));
        return "add header";
    }
    case 7: { /* fold the value, inject CR / LF / NUL / 8-bit, or make it long */
        static const char *const inj[] = {"\r\n ",        "\n\t", "\r",         "\n", "\x00",
                                          "\xe6\x97\xa5", "\xff", "\r\nBcc: x", NULL};
        const char *s = pick(r, inj);
        cli_sb t = {NULL, 0, 0, false};
        size_t at = vl ? fz_below(r, vl + 1) : 0;
        if (!m->n)
            return NULL;
        cli_sb_put(&t, val, at);
        cli_sb_put(&t, s, s[0] ? strlen(s) : 1);
        cli_sb_put(&t, val + at, vl - at);
        if (!t.failed)
            m->f[i] = field(a, m->f[i].line, nl, ": ", t.p, t.len);
        free(t.p);
        return "header injection";
    }
    case 8: { /* separator variants: "Name : v", "Name:v", "Name:\tv", no colon */
        static const char *const seps[] = {" : ", ":", ":\t", " ", ":  ", NULL};
        if (!m->n)
            return NULL;
        m->f[i] = field(a, m->f[i].line, nl, pick(r, seps), val, vl);
        return "header separator";
    }
    case 9: { /* a long value */
        size_t n = pick_len(r);
        char *p = fz_alloc(a, n + 1);
        if (!m->n || !p)
            return NULL;
        memset(p, 'x', n);
        m->f[i] = field(a, m->f[i].line, nl, ": ", p, n);
        return "long header";
    }
    case 10:
        m->crlf = !m->crlf;
        return "line ends";
    case 11:
        m->blank = !m->blank;
        return "blank line";
    case 12: { /* swap two fields */
        size_t j = m->n ? fz_below(r, m->n) : 0;
        mfield t = m->f[i];
        if (!m->n)
            return NULL;
        m->f[i] = m->f[j];
        m->f[j] = t;
        return "header order";
    }
    default: { /* a leading space: the first line becomes a continuation */
        mfield f = field(a, " ", 1, "", m->n ? m->f[i].line : "x", m->n ? m->f[i].len : 1);
        if (!m->n)
            return NULL;
        m->f[i] = f;
        return "header continuation";
    }
    }
}

/* YAML-specific scalars and structures for IGNITE bodies. */
static const char *const yaml_tokens[] = {"yes",
                                          "no",
                                          "on",
                                          "off",
                                          "y",
                                          "n",
                                          "~",
                                          "0755",
                                          "0o755",
                                          "0x1F",
                                          "1:30",
                                          ".inf",
                                          ".nan",
                                          "-.inf",
                                          "1_000",
                                          "!!str 1",
                                          "!!binary aGk=",
                                          "!custom x",
                                          "!!python/object:os.system x",
                                          "&a x",
                                          "*a",
                                          "*missing",
                                          "|\n  block",
                                          ">-\n  folded",
                                          "''",
                                          "\"\\x00\"",
                                          "[a, b",
                                          "{a: 1",
                                          "? complex",
                                          "<<: *a",
                                          "@x",
                                          "`x`",
                                          "%x",
                                          "2026-02-10",
                                          "12:17:11",
                                          "null",
                                          "NULL",
                                          "True",
                                          NULL};

static const char *yaml_doc_op(fz_rng *r, cli_sb *body)
{
    cli_sb t = {NULL, 0, 0, false};
    const char *what = NULL;
    switch (fz_below(r, 6)) {
    case 0:
        cli_sb_puts(&t, "%YAML 1.1\n---\n");
        cli_sb_put(&t, body->p, body->len);
        what = "yaml directive";
        break;
    case 1:
        cli_sb_put(&t, body->p, body->len);
        cli_sb_puts(&t, "---\nsecond: document\n");
        what = "second document";
        break;
    case 2:
        cli_sb_put(&t, body->p, body->len);
        cli_sb_puts(&t, "...\n");
        what = "document end";
        break;
    case 3: { /* billion laughs, bounded */
        cli_sb_puts(&t, "a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        cli_sb_puts(&t, "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n");
        cli_sb_puts(&t, "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n");
        cli_sb_puts(&t, "d: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n");
        cli_sb_put(&t, body->p, body->len);
        what = "alias expansion";
        break;
    }
    case 4: { /* deep flow nesting */
        size_t n = 1 + fz_below(r, 300), i = 0;
        cli_sb_put(&t, body->p, body->len);
        cli_sb_puts(&t, "deep: ");
        for (i = 0; i < n; i++)
            cli_sb_put(&t, "[", 1);
        for (i = 0; i < n; i++)
            cli_sb_put(&t, "]", 1);
        cli_sb_puts(&t, "\n");
        what = "deep flow";
        break;
    }
    default: { /* a tab in the indentation */
        size_t i = 0;
        for (i = 0; i < body->len; i++) {
            if (body->p[i] == '\n' && i + 2 < body->len && body->p[i + 1] == ' ' &&
                body->p[i + 2] == ' ' && fz_pct(r, 30)) {
                cli_sb_puts(&t, "\n\t");
                i += 2;
            } else {
                cli_sb_put(&t, body->p + i, 1);
            }
        }
        what = "tab indentation";
    }
    }
    if (t.failed) {
        free(t.p);
        return NULL;
    }
    free(body->p);
    *body = t;
    return what;
}

/* Mutates a YAML body: as a tree (written back as block YAML) or with YAML tokens. */
static const char *body_op(fz_rng *r, fz_arena *a, const fz_dict *d, const char *body, size_t blen,
                           cli_sb *out)
{
    jn *root = fz_pct(r, 80) ? jn_parse(a, body, blen, true) : NULL;
    const char *what = "body bytes";
    size_t k = 0, ops = 1 + fz_below(r, 3);
    out->len = 0;
    if (root) {
        for (k = 0; k < ops; k++) {
            if (fz_pct(r, 25)) { /* a YAML token in place of a scalar */
                slots *ss = fz_alloc(a, sizeof *ss);
                slot s;
                const char *tok = pick(r, yaml_tokens);
                if (!ss)
                    break;
                collect(r, ss, NULL, 0, root, 0);
                s = ss->v[fz_below(r, ss->n)];
                slot_set(&root, &s, jn_text(a, JN_RAW, tok, strlen(tok)));
                what = "yaml token";
            } else {
                const char *w = tree_op(r, a, d, &root, NULL);
                what = w ? w : what;
            }
            if (!root)
                break;
        }
        if (root)
            yaml_write(out, root, 0, 0);
    }
    if (!root || out->len == 0) {
        out->len = 0;
        cli_sb_put(out, body, blen);
        if (fz_pct(r, 50))
            what = yaml_doc_op(r, out);
        else
            byte_op(r, d, out, NULL, 0);
    }
    if (fz_pct(r, 10))
        what = yaml_doc_op(r, out);
    return what;
}

static const char *mime_mutate(fz_rng *r, fz_arena *a, const fz_dict *d, const char *in, size_t len,
                               cli_sb *out)
{
    mime *m = fz_alloc(a, sizeof *m);
    cli_sb body = {NULL, 0, 0, false};
    const char *what = NULL;
    size_t k = 0, ops = 1 + fz_below(r, 3);
    if (!m)
        return NULL;
    mime_split(in, len, m);
    if (fz_pct(r, 45)) {
        what = body_op(r, a, d, m->body, m->blen, &body);
    } else {
        for (k = 0; k < ops; k++) {
            const char *w = mime_op(r, a, d, m);
            what = w ? w : what;
        }
        cli_sb_put(&body, m->body, m->blen);
    }
    out->len = 0;
    mime_join(m, body.p ? body.p : "", body.len, out);
    free(body.p);
    return what ? what : "mime";
}

/* ---- JSON documents ---- */

static const char *json_mutate(fz_rng *r, fz_arena *a, const fz_dict *d, const char *in, size_t len,
                               const char *other, size_t olen, cli_sb *out)
{
    jn *root = jn_parse(a, in, len, false), *oth = NULL;
    const char *what = NULL;
    size_t k = 0, ops = 1 + fz_below(r, 3);
    jstyle st = {0, "\n", false};
    if (!root)
        return NULL;
    if (other && fz_pct(r, 30))
        oth = jn_parse(a, other, olen, false);
    for (k = 0; k < ops && root; k++) {
        const char *w = tree_op(r, a, d, &root, oth);
        what = w ? w : what;
    }
    if (!root)
        return NULL;
    st.indent = fz_pct(r, 50) ? 0 : fz_pct(r, 80) ? 2 : 4;
    st.nl = fz_pct(r, 8) ? "\r\n" : "\n";
    st.space = fz_pct(r, 50);
    out->len = 0;
    if (fz_pct(r, 4)) {
        cli_sb_puts(out, "\xef\xbb\xbf");
        what = "BOM";
    }
    jn_write(out, root, &st, 0);
    if (fz_pct(r, 30))
        cli_sb_puts(out, st.nl);
    if (fz_pct(r, 2)) {
        cli_sb_puts(out, fz_pct(r, 50) ? "{}" : " x");
        what = "trailing data";
    }
    return what ? what : "layout";
}

int fz_mutate(fz_rng *r, const fz_dict *d, fz_syntax syn, const char *in, size_t len,
              const char *other, size_t olen, size_t max, cli_sb *out, const char **what)
{
    fz_arena a = {NULL};
    const char *w = NULL;
    size_t k = 0;
    out->len = 0;
    out->failed = false;
    if (fz_pct(r, 75))
        w = syn == FZ_SYN_MIME ? mime_mutate(r, &a, d, in, len, out)
                               : json_mutate(r, &a, d, in, len, other, olen, out);
    if (!w || out->failed) { /* byte-level only */
        if (out->failed)
            cli_nomem();
        out->len = 0;
        out->failed = false;
        cli_sb_put(out, in, len);
        for (k = 1 + fz_below(r, 4); k > 0 && !out->failed; k--) /* failed: no bytes to change */
            byte_op(r, d, out, other, olen);
        w = "bytes";
    } else if (fz_pct(r, 10)) {
        byte_op(r, d, out, other, olen);
    }
    fz_arena_free(&a);
    if (out->len > max) {
        out->len = max;
        out->p[max] = '\0';
    }
    if (!out->p)
        cli_sb_put(out, "", 0);
    *what = w;
    if (out->failed)
        cli_nomem();
    return out->failed ? -1 : 0;
}

fz_syntax fz_syntax_of(const char *profile)
{
    return !strcmp(profile, "ignite") ? FZ_SYN_MIME : FZ_SYN_JSON;
}

/* ---- profile fix-ups ---- */

void fz_fixup(fz_rng *r, const char *profile, cli_sb *buf)
{
    char sig[65];
    amc_diags *ds = NULL;
    amc_status st = AMC_OK;
    const char *p = NULL, *q = NULL;
    if (strcmp(profile, "mailbox") || !fz_pct(r, 60) || !buf->p)
        return;
    /* the sha256 signature over the mutated envelope, put where the old one was */
    p = strstr(buf->p, "\"signature\"");
    if (!p)
        return;
    p = strchr(p + 11, '"');
    q = p ? strchr(p + 1, '"') : NULL;
    if (!q)
        return;
    ds = amc_diags_new(4);
    st = ds ? amc_mailbox_signature(buf->p, buf->len, NULL, "sha256", ds, sig) : AMC_ENOMEM;
    if (st == AMC_ENOMEM)
        cli_nomem();
    if (st == AMC_OK) {
        cli_sb t = {NULL, 0, 0, false};
        cli_sb_put(&t, buf->p, (size_t)(p + 1 - buf->p));
        cli_sb_puts(&t, sig);
        cli_sb_put(&t, q, buf->len - (size_t)(q - buf->p));
        if (!t.failed) {
            free(buf->p);
            *buf = t;
        } else {
            cli_nomem();
            free(t.p);
        }
    }
    amc_diags_free(ds);
}
