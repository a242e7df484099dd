/*
 * doc.c - the document model: arena-owned value tree, lookups, equality, JSON output.
 */
#include <stdint.h>
#include <string.h>
#include "amc/doc.h"
#include "arena_int.h"
#include "doc_int.h"
#include "buf_int.h"
#include "num_int.h"
#include "utf8_int.h"

struct amc_doc {
    amc_arena arena;
    const char *src;
    size_t src_len;
    amc_value *root;
};

/* The source copy: src, a NUL and AMC_DOC_PAD zero bytes. */
static bool copy_source(amc_doc *doc, const char *src, size_t len)
{
    char *copy = NULL;
    if (len > SIZE_MAX - 1 - AMC_DOC_PAD)
        return false;
    copy = amc_arena_alloc(&doc->arena, len + 1 + AMC_DOC_PAD);
    if (!copy)
        return false;
    if (len)
        memcpy(copy, src, len);
    memset(copy + len, 0, 1 + AMC_DOC_PAD);
    doc->src = copy;
    doc->src_len = len;
    return true;
}

amc_doc *amc_doc_new(const char *src, size_t src_len)
{
    amc_doc *doc = amc_xcalloc(1, sizeof *doc);
    if (!doc)
        return NULL;
    /* first chunk sized to the input: source copy + roughly its tree */
    amc_arena_init(&doc->arena,
                   src_len * 2 + 1024 < ((size_t)1 << 20) ? src_len * 2 + 1024 : ((size_t)1 << 20));
    if (src && !copy_source(doc, src, src_len)) {
        amc_doc_free(doc);
        return NULL;
    }
    return doc;
}

bool amc_doc_reuse(amc_doc *doc, const char *src, size_t len)
{
    amc_arena_recycle(&doc->arena, (size_t)1 << 20);
    doc->root = NULL;
    doc->src = NULL;
    doc->src_len = 0;
    return copy_source(doc, src ? src : "", len);
}

void amc_doc_free(amc_doc *doc)
{
    if (!doc)
        return;
    amc_arena_release(&doc->arena);
    amc_xfree(doc);
}

void amc_doc_set_root(amc_doc *doc, amc_value *root)
{
    doc->root = root;
}

const amc_value *amc_doc_root(const amc_doc *doc)
{
    return doc ? doc->root : NULL;
}

const char *amc_doc_source(const amc_doc *doc, size_t *len)
{
    if (len)
        *len = doc ? doc->src_len : 0;
    return doc ? doc->src : NULL;
}

void *amc_doc_alloc(amc_doc *doc, size_t n)
{
    return amc_arena_alloc(&doc->arena, n);
}

char *amc_doc_strdup(amc_doc *doc, const char *s, size_t len)
{
    return amc_arena_strndup(&doc->arena, s, len);
}

amc_value *amc_doc_new_value(amc_doc *doc, amc_type t, size_t offset)
{
    amc_value *v = amc_arena_zalloc(&doc->arena, sizeof *v);
    if (!v)
        return NULL;
    v->type = t;
    v->offset = offset;
    return v;
}

amc_value *amc_doc_new_string(amc_doc *doc, const char *s, size_t len, size_t offset)
{
    amc_value *v = amc_doc_new_value(doc, AMC_T_STRING, offset);
    char *p = NULL;
    if (!v)
        return NULL;
    p = amc_arena_strndup(&doc->arena, s, len);
    if (!p)
        return NULL;
    v->u.str.ptr = p;
    v->u.str.len = len;
    return v;
}

/* Sets flags, i and d of a number node from its (valid) JSON text. */
static void number_fill(amc_value *v, const char *t, size_t len)
{
    size_t i = 0;
    bool neg = false, plain = true;
    uint64_t acc = 0;
    amc_decnum dn;
    if (len && t[0] == '-') {
        neg = true;
        i = 1;
    }
    /* fast path: plain integer of at most 18 digits */
    if (len - i <= 18) {
        size_t k = 0;
        for (k = i; k < len; k++) {
            if (t[k] < '0' || t[k] > '9') {
                plain = false;
                break;
            }
            acc = acc * 10 + (uint64_t)(t[k] - '0');
        }
    } else {
        plain = false;
    }
    if (plain) {
        v->flags = AMC_NUM_INT64 | AMC_NUM_INTEGER;
        v->u.num.i = neg ? -(int64_t)acc : (int64_t)acc;
        if (acc <= ((uint64_t)1 << 53)) {
            v->u.num.d = neg ? -(double)acc : (double)acc;
            return;
        }
        v->u.num.d = amc_json_strtod(t, len);
        return;
    }
    amc_decnum_parse(t, len, &dn);
    v->flags = 0;
    if (amc_decnum_is_integer(&dn)) {
        v->flags |= AMC_NUM_INTEGER;
        /* fits int64 if at most 19 integer digits and in range */
        if (dn.ndigits == 0) {
            v->flags |= AMC_NUM_INT64;
            v->u.num.i = 0;
        } else if (dn.exp <= 19) {
            uint64_t m = 0;
            int64_t k = 0;
            bool ok = true;
            for (k = 0; k < dn.exp; k++) {
                int dg = (size_t)k < dn.ndigits ? amc_decnum_digit(&dn, (size_t)k) : 0;
                if (m > (UINT64_MAX - (uint64_t)dg) / 10) {
                    ok = false;
                    break;
                }
                m = m * 10 + (uint64_t)dg;
            }
            if (ok && (dn.neg ? m <= (uint64_t)INT64_MAX + 1 : m <= (uint64_t)INT64_MAX)) {
                v->flags |= AMC_NUM_INT64;
                v->u.num.i = dn.neg ? (int64_t)(0 - m) : (int64_t)m;
            }
        }
    }
    v->u.num.d = amc_json_strtod(t, len);
    if (v->u.num.d > 1.7976931348623157e308 || v->u.num.d < -1.7976931348623157e308)
        v->flags |= AMC_NUM_OVERFLOW;
}

amc_value *amc_doc_new_number(amc_doc *doc, const char *text, size_t len, size_t offset)
{
    amc_value *v = amc_doc_new_value(doc, AMC_T_NUMBER, offset);
    char *p = NULL;
    if (!v)
        return NULL;
    p = amc_arena_strndup(&doc->arena, text, len);
    if (!p)
        return NULL;
    v->u.num.text = p;
    v->u.num.len = len;
    number_fill(v, p, len);
    return v;
}

amc_pos amc_pos_of(const char *buf, size_t len, size_t offset)
{
    amc_pos p;
    size_t i = 0, line_start = 0;
    uint32_t line = 0;
    p.offset = offset;
    if (offset > len)
        offset = len;
    const char *cr = NULL; /* the next CR at or after i, or NULL when there is none before
                              offset: searched again only once i has passed it, so a long
                              LF-only text is scanned once, not once per line */
    bool cr_searched = false;
    while (i < offset) {
        const char *nl = memchr(buf + i, '\n', offset - i);
        const char *e = NULL;
        if (!cr_searched || (cr && cr < buf + i)) {
            cr = memchr(buf + i, '\r', offset - i);
            cr_searched = true;
        }
        if (!nl && !cr)
            break;
        e = (!nl || (cr && cr < nl)) ? cr : nl;
        i = (size_t)(e - buf) + 1;
        if (*e == '\r' && i < len && buf[i] == '\n') {
            if (i >= offset) { /* offset points at the LF of a CRLF: same line as the CR */
                i--;
                break;
            }
            i++;
        }
        line++;
        line_start = i;
    }
    p.line = line;
    p.col = (uint32_t)amc_utf8_count(buf + line_start, offset - line_start);
    return p;
}

amc_pos amc_doc_pos(const amc_doc *doc, size_t offset)
{
    amc_pos p;
    if (!doc || !doc->src || offset == AMC_NO_OFFSET) {
        p.offset = offset;
        p.line = 0;
        p.col = 0;
        return p;
    }
    return amc_pos_of(doc->src, doc->src_len, offset);
}

const char *amc_type_name(amc_type t)
{
    switch (t) {
    case AMC_T_NULL:
        return "null";
    case AMC_T_BOOL:
        return "boolean";
    case AMC_T_NUMBER:
        return "number";
    case AMC_T_STRING:
        return "string";
    case AMC_T_ARRAY:
        return "array";
    case AMC_T_OBJECT:
        return "object";
    }
    return "unknown";
}

const amc_value *amc_value_get(const amc_value *obj, const char *key, size_t key_len)
{
    size_t i = 0;
    if (!obj || obj->type != AMC_T_OBJECT)
        return NULL;
    for (i = 0; i < obj->u.obj.len; i++) {
        const amc_member *m = &obj->u.obj.members[i];
        if (m->key_len == key_len && memcmp(m->key, key, key_len) == 0)
            return m->value;
    }
    return NULL;
}

const amc_value *amc_value_getz(const amc_value *obj, const char *key)
{
    return amc_value_get(obj, key, strlen(key));
}

static bool num_equal(const amc_value *a, const amc_value *b)
{
    amc_decnum x, y;
    if ((a->flags & AMC_NUM_INT64) && (b->flags & AMC_NUM_INT64))
        return a->u.num.i == b->u.num.i;
    if (a->u.num.len == b->u.num.len && memcmp(a->u.num.text, b->u.num.text, a->u.num.len) == 0)
        return true;
    amc_decnum_parse(a->u.num.text, a->u.num.len, &x);
    amc_decnum_parse(b->u.num.text, b->u.num.len, &y);
    return amc_decnum_cmp(&x, &y) == 0;
}

bool amc_value_equal(const amc_value *a, const amc_value *b)
{
    size_t i = 0;
    if (a == b)
        return true;
    if (!a || !b || a->type != b->type)
        return false;
    switch (a->type) {
    case AMC_T_NULL:
        return true;
    case AMC_T_BOOL:
        return a->u.boolean == b->u.boolean;
    case AMC_T_NUMBER:
        return num_equal(a, b);
    case AMC_T_STRING:
        return a->u.str.len == b->u.str.len &&
               memcmp(a->u.str.ptr, b->u.str.ptr, a->u.str.len) == 0;
    case AMC_T_ARRAY:
        if (a->u.arr.len != b->u.arr.len)
            return false;
        for (i = 0; i < a->u.arr.len; i++)
            if (!amc_value_equal(a->u.arr.items[i], b->u.arr.items[i]))
                return false;
        return true;
    case AMC_T_OBJECT:
        if (a->u.obj.len != b->u.obj.len)
            return false;
        for (i = 0; i < a->u.obj.len; i++) {
            const amc_member *m = &a->u.obj.members[i];
            const amc_value *o = NULL;
            /* same order is the common case */
            if (b->u.obj.members[i].key_len == m->key_len &&
                memcmp(b->u.obj.members[i].key, m->key, m->key_len) == 0)
                o = b->u.obj.members[i].value;
            else
                o = amc_value_get(b, m->key, m->key_len);
            if (!o || !amc_value_equal(m->value, o))
                return false;
        }
        return true;
    }
    return false;
}

static amc_status write_indent(amc_buf *b, int indent, int level)
{
    amc_status st = amc_buf_putc(b, '\n');
    int i = 0;
    for (i = 0; i < indent * level && st == AMC_OK; i++)
        st = amc_buf_putc(b, ' ');
    return st;
}

static amc_status write_json(amc_buf *b, const amc_value *v, int indent, int level)
{
    amc_status st = AMC_OK;
    size_t i = 0;
    switch (v->type) {
    case AMC_T_NULL:
        return amc_buf_append(b, "null", 4);
    case AMC_T_BOOL:
        return v->u.boolean ? amc_buf_append(b, "true", 4) : amc_buf_append(b, "false", 5);
    case AMC_T_NUMBER:
        return amc_buf_append(b, v->u.num.text, v->u.num.len);
    case AMC_T_STRING:
        st = amc_buf_putc(b, '"');
        if (st == AMC_OK)
            st = amc_buf_json_escape(b, v->u.str.ptr, v->u.str.len);
        if (st == AMC_OK)
            st = amc_buf_putc(b, '"');
        return st;
    case AMC_T_ARRAY:
        st = amc_buf_putc(b, '[');
        for (i = 0; i < v->u.arr.len && st == AMC_OK; i++) {
            if (i)
                st = amc_buf_putc(b, ',');
            if (st == AMC_OK && indent >= 0)
                st = write_indent(b, indent, level + 1);
            if (st == AMC_OK)
                st = write_json(b, v->u.arr.items[i], indent, level + 1);
        }
        if (st == AMC_OK && indent >= 0 && v->u.arr.len)
            st = write_indent(b, indent, level);
        if (st == AMC_OK)
            st = amc_buf_putc(b, ']');
        return st;
    case AMC_T_OBJECT:
        st = amc_buf_putc(b, '{');
        for (i = 0; i < v->u.obj.len && st == AMC_OK; i++) {
            const amc_member *m = &v->u.obj.members[i];
            if (i)
                st = amc_buf_putc(b, ',');
            if (st == AMC_OK && indent >= 0)
                st = write_indent(b, indent, level + 1);
            if (st == AMC_OK)
                st = amc_buf_putc(b, '"');
            if (st == AMC_OK)
                st = amc_buf_json_escape(b, m->key, m->key_len);
            if (st == AMC_OK)
                st = amc_buf_append(b, indent >= 0 ? "\": " : "\":", indent >= 0 ? 3 : 2);
            if (st == AMC_OK)
                st = write_json(b, m->value, indent, level + 1);
        }
        if (st == AMC_OK && indent >= 0 && v->u.obj.len)
            st = write_indent(b, indent, level);
        if (st == AMC_OK)
            st = amc_buf_putc(b, '}');
        return st;
    }
    return AMC_EINTERNAL;
}

char *amc_value_to_json(const amc_value *v, int indent, size_t *out_len)
{
    amc_buf b;
    amc_buf_init(&b, 0);
    if (!v || write_json(&b, v, indent, 0) != AMC_OK) {
        amc_buf_release(&b);
        return NULL;
    }
    return amc_buf_take(&b, out_len);
}
