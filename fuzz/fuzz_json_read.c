/*
 * fuzz_json_read.c - libFuzzer harness for the strict JSON reader.
 *
 * Framing: the first byte selects the configuration, the rest is the JSON input.
 *   bits 0-1  max_depth: default (128), 4, 32, 1000
 *   bit 2     max_string_bytes = 16
 *   bit 3     max_nodes = 64
 *   bit 4     max_input_bytes = 256
 *   bit 5     also round-trip through the pretty serializer
 * Properties checked (trap on violation):
 *   - the status is OK, EINVALID or ELIMIT; a document exactly when OK; errors exactly when not OK
 *   - every diagnostic position equals amc_pos_of() of its offset, within the input
 *   - an accepted document: offsets inside the input, strings and keys valid UTF-8 and
 *     NUL-terminated, number fields equal to amc_doc_new_number()'s for the same text
 *   - serialize -> re-read succeeds and is amc_value_equal to the original; serializing the
 *     re-read document gives the same bytes (idempotence)
 * The json-c conversions are exercised for coverage only (json-c keys stop at U+0000, numbers
 * beyond double range have no json-c form).
 */
#include <json-c/json.h>
#include <stdint.h>
#include <string.h>
#include "amc/amc.h"
#include "core/utf8_int.h"

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        if (!(x))                                                                                  \
            __builtin_trap();                                                                      \
    } while (0)

static void check_tree(const amc_value *v, size_t len, amc_doc *scratch, int depth)
{
    size_t i = 0;
    CHECK(depth < 2000);
    CHECK(v->offset < len);
    switch (v->type) {
    case AMC_T_NULL:
    case AMC_T_BOOL:
        break;
    case AMC_T_NUMBER: {
        const amc_value *w = amc_doc_new_number(scratch, v->u.num.text, v->u.num.len, 0);
        CHECK(v->u.num.text[v->u.num.len] == '\0');
        if (w) {
            CHECK(w->flags == v->flags);
            CHECK(!(v->flags & AMC_NUM_INT64) || w->u.num.i == v->u.num.i);
            CHECK(memcmp(&w->u.num.d, &v->u.num.d, sizeof(double)) == 0);
        }
        break;
    }
    case AMC_T_STRING:
        CHECK(v->u.str.ptr[v->u.str.len] == '\0');
        CHECK(amc_utf8_validate(v->u.str.ptr, v->u.str.len) == v->u.str.len);
        break;
    case AMC_T_ARRAY:
        for (i = 0; i < v->u.arr.len; i++) {
            CHECK(v->u.arr.items[i]->offset > v->offset);
            check_tree(v->u.arr.items[i], len, scratch, depth + 1);
        }
        break;
    case AMC_T_OBJECT:
        for (i = 0; i < v->u.obj.len; i++) {
            const amc_member *m = &v->u.obj.members[i];
            CHECK(m->key[m->key_len] == '\0');
            CHECK(amc_utf8_validate(m->key, m->key_len) == m->key_len);
            CHECK(m->key_offset > v->offset && m->key_offset < m->value->offset);
            CHECK(amc_value_get(v, m->key, m->key_len) == m->value); /* keys are unique */
            check_tree(m->value, len, scratch, depth + 1);
        }
        break;
    }
}

static void roundtrip(const amc_value *root, int indent, uint32_t depth)
{
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    size_t n = 0, n2 = 0;
    char *js = amc_value_to_json(root, indent, &n);
    char *js2 = NULL;
    if (!js || !ds)
        goto out;
    lim.max_depth = depth;
    lim.max_input_bytes = n + 1;
    CHECK(amc_json_read(js, n, &lim, ds, &doc) == AMC_OK);
    CHECK(amc_diags_count(ds) == 0);
    CHECK(amc_value_equal(root, amc_doc_root(doc)));
    CHECK(amc_value_equal(amc_doc_root(doc), root));
    js2 = amc_value_to_json(amc_doc_root(doc), indent, &n2);
    if (js2)
        CHECK(n2 == n && memcmp(js, js2, n) == 0);
out:
    amc_free(js);
    amc_free(js2);
    amc_doc_free(doc);
    amc_diags_free(ds);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint32_t depths[4] = {0, 4, 32, 1000};
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = NULL;
    amc_doc *doc = NULL;
    amc_status st = AMC_OK;
    const char *buf = NULL;
    size_t len = 0, i = 0;
    uint8_t cfg = 0;
    if (size < 1)
        return -1;
    cfg = data[0];
    buf = (const char *)data + 1;
    len = size - 1;
    if (depths[cfg & 3])
        lim.max_depth = depths[cfg & 3];
    if (cfg & 4)
        lim.max_string_bytes = 16;
    if (cfg & 8)
        lim.max_nodes = 64;
    if (cfg & 16)
        lim.max_input_bytes = 256;
    ds = amc_diags_new(0);
    if (!ds)
        return 0;
    st = amc_json_read(buf, len, &lim, ds, &doc);
    CHECK(st == AMC_OK || st == AMC_EINVALID || st == AMC_ELIMIT);
    CHECK((st == AMC_OK) == (doc != NULL));
    CHECK((st == AMC_OK) == (amc_diags_errors(ds) == 0));
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        amc_pos p = amc_pos_of(buf, len, d->at.offset);
        CHECK(d->at.offset <= len);
        CHECK(p.line == d->at.line && p.col == d->at.col);
        CHECK(d->message && d->message[0]);
        if (d->context) {
            p = amc_pos_of(buf, len, d->context_at.offset);
            CHECK(d->context_at.offset < d->at.offset);
            CHECK(p.line == d->context_at.line && p.col == d->context_at.col);
        }
    }
    if (st == AMC_OK) {
        const amc_value *root = amc_doc_root(doc);
        amc_doc *scratch = amc_doc_new(NULL, 0);
        struct json_object *jo = NULL;
        amc_doc *back = NULL;
        CHECK(root != NULL);
        CHECK(amc_value_at_pointer(root, "", 0) == root);
        if (scratch)
            check_tree(root, len, scratch, 0);
        amc_doc_free(scratch);
        roundtrip(root, -1, lim.max_depth);
        if (cfg & 32)
            roundtrip(root, 2, lim.max_depth);
        /* json-c interop, for coverage */
        jo = amc_value_to_json_c(root);
        if (jo || root->type == AMC_T_NULL) {
            if (amc_doc_from_json_c(jo, &back) == AMC_OK) {
                char *s = amc_value_to_json(amc_doc_root(back), -1, NULL);
                amc_free(s);
            }
            amc_doc_free(back);
            json_object_put(jo);
        }
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
    return 0;
}
