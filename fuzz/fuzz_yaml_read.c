/*
 * fuzz_yaml_read.c - amc_yaml_read.
 *
 * Framing: byte 0 picks the limits (bits 0-1 alias budget, 2-3 depth, 4-5 node count, 6 string
 * size, 7 input size), the rest is the YAML text. Properties checked:
 *  - the status is OK, EINVALID or ELIMIT; a document exactly when OK; AMC_OK has no error
 *    diagnostics, a failure has at least one;
 *  - every diagnostic position is in the input and its line/col equal amc_pos_of(offset);
 *  - the tree respects the limits (depth, node count with aliases expanded, string size),
 *    every offset is in the input, every key is unique and found by amc_value_get;
 *  - the round trip: JSON text of the tree, read back with amc_yaml_read (JSON is YAML 1.2
 *    flow), succeeds without errors, is amc_value_equal to the tree, and its JSON text is the
 *    same (fixpoint). Skipped where libyaml cannot read amc's JSON back (raw DEL/C1/NEL/LS/PS,
 *    U+FFFE/U+FFFF in strings, keys over 1024 characters: see yaml_read.c) and for trees whose
 *    expanded text would exceed 1 MiB (aliases multiply string bytes).
 */
#include <stdint.h>
#include <string.h>
#include "amc/amc.h"
#include "core/utf8_int.h"

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        if (!(x))                                                                                  \
            __builtin_trap();                                                                      \
    } while (0)

typedef struct walk {
    size_t src_len, nodes, bytes;
    uint32_t max_depth;
    int safe;
} walk;

static int str_yaml_safe(const char *s, size_t n, int is_key)
{
    size_t i = 0, chars = 2;
    while (i < n) {
        uint32_t cp = 0;
        size_t w = amc_utf8_decode((const unsigned char *)s + i, n - i, &cp);
        if (!w)
            return 0;
        if ((cp >= 0x7f && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029 || cp == 0xfffe ||
            cp == 0xffff)
            return 0;
        chars += cp < 0x20 ? 6 : (cp == '"' || cp == '\\') ? 2 : 1;
        i += w;
    }
    return !is_key || chars < 1000;
}

/* Walks the expanded tree (stops counting bytes past 1 MiB so shared subtrees stay cheap). */
static void visit(walk *w, const amc_value *v, uint32_t depth)
{
    size_t i = 0;
    w->nodes++;
    if (w->bytes > ((size_t)1 << 20))
        return;
    CHECK(v->offset == AMC_NO_OFFSET || v->offset <= w->src_len);
    switch (v->type) {
    case AMC_T_NULL:
    case AMC_T_BOOL:
        w->bytes += 5;
        return;
    case AMC_T_NUMBER:
        CHECK(v->u.num.text && v->u.num.len > 0 && v->u.num.text[v->u.num.len] == '\0');
        w->bytes += v->u.num.len;
        return;
    case AMC_T_STRING:
        CHECK(v->u.str.ptr[v->u.str.len] == '\0');
        CHECK(amc_utf8_validate(v->u.str.ptr, v->u.str.len) == v->u.str.len);
        if (!str_yaml_safe(v->u.str.ptr, v->u.str.len, 0))
            w->safe = 0;
        w->bytes += v->u.str.len + 2;
        return;
    case AMC_T_ARRAY:
        CHECK(depth + 1 <= w->max_depth);
        for (i = 0; i < v->u.arr.len; i++)
            visit(w, v->u.arr.items[i], depth + 1);
        return;
    case AMC_T_OBJECT:
        CHECK(depth + 1 <= w->max_depth);
        for (i = 0; i < v->u.obj.len; i++) {
            const amc_member *m = &v->u.obj.members[i];
            CHECK(m->key && m->key[m->key_len] == '\0');
            CHECK(m->key_offset == AMC_NO_OFFSET || m->key_offset <= w->src_len);
            if (v->u.obj.len <= 64) /* unique keys: lookup finds this very member */
                CHECK(amc_value_get(v, m->key, m->key_len) == m->value);
            if (!str_yaml_safe(m->key, m->key_len, 1))
                w->safe = 0;
            w->bytes += m->key_len + 3;
            visit(w, m->value, depth + 1);
        }
        return;
    }
    CHECK(0);
}

static void check_diags(const amc_diags *ds, const char *buf, size_t len)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *g = amc_diags_get(ds, i);
        CHECK(g->message && g->message[0]);
        CHECK(amc_code_name(g->code) != NULL);
        if (g->at.offset != AMC_NO_OFFSET) {
            amc_pos p;
            CHECK(g->at.offset <= len);
            p = amc_pos_of(buf, len, g->at.offset);
            CHECK(p.line == g->at.line && p.col == g->at.col);
        }
        if (g->context && g->context_at.offset != AMC_NO_OFFSET) {
            amc_pos p;
            CHECK(g->context_at.offset <= len);
            p = amc_pos_of(buf, len, g->context_at.offset);
            CHECK(p.line == g->context_at.line && p.col == g->context_at.col);
        }
    }
}

static void roundtrip(const amc_value *root, const amc_limits *lim)
{
    amc_limits lim2 = *lim;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *d2 = NULL;
    size_t jl = 0, jl2 = 0;
    char *json = amc_value_to_json(root, -1, &jl);
    char *json2 = NULL;
    amc_status st;
    CHECK(ds && json);
    lim2.max_input_bytes = 0;  /* the JSON text may be longer than the YAML */
    lim2.max_string_bytes = 0; /* and so may a number: 0xff.. -> decimal, 1. -> 1.0 */
    st = amc_yaml_read(json, jl, &lim2, ds, &d2);
    CHECK(st == AMC_OK && amc_diags_errors(ds) == 0);
    CHECK(amc_value_equal(root, amc_doc_root(d2)));
    json2 = amc_value_to_json(amc_doc_root(d2), -1, &jl2);
    CHECK(json2 && jl2 == jl && memcmp(json, json2, jl) == 0);
    amc_free(json2);
    amc_free(json);
    amc_doc_free(d2);
    amc_diags_free(ds);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t alias[4] = {0, 10, 100, 1000};
    static const uint32_t depth[4] = {0, 4, 16, 64};
    static const size_t nodes[4] = {0, 50, 1000, 100000};
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = NULL;
    amc_doc *doc = NULL;
    const char *buf = NULL;
    size_t len = 0;
    amc_status st;
    uint8_t cfg = 0;
    if (size < 1)
        return -1;
    cfg = data[0];
    buf = (const char *)data + 1;
    len = size - 1;
    if (alias[cfg & 3])
        lim.max_alias_nodes = alias[cfg & 3];
    if (depth[(cfg >> 2) & 3])
        lim.max_depth = depth[(cfg >> 2) & 3];
    if (nodes[(cfg >> 4) & 3])
        lim.max_nodes = nodes[(cfg >> 4) & 3];
    if (cfg & 0x40)
        lim.max_string_bytes = 64;
    if (cfg & 0x80)
        lim.max_input_bytes = 256;
    ds = amc_diags_new(0);
    if (!ds)
        return 0;
    st = amc_yaml_read(buf, len, &lim, ds, &doc);
    CHECK(st == AMC_OK || st == AMC_EINVALID || st == AMC_ELIMIT);
    CHECK((st == AMC_OK) == (doc != NULL));
    if (st == AMC_OK)
        CHECK(amc_diags_errors(ds) == 0);
    else
        CHECK(amc_diags_errors(ds) >= 1);
    check_diags(ds, buf, len);
    if (doc) {
        walk w;
        const amc_value *root = amc_doc_root(doc);
        memset(&w, 0, sizeof w);
        w.src_len = len;
        w.max_depth = lim.max_depth;
        w.safe = 1;
        CHECK(root != NULL);
        visit(&w, root, 0);
        if (w.bytes <= ((size_t)1 << 20)) {
            CHECK(w.nodes <= lim.max_nodes);
            if (w.safe)
                roundtrip(root, &lim);
        }
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
    return 0;
}
