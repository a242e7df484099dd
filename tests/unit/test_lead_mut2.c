/*
 * test_lead_mut2.c - tests for survivors of the 300-mutant run of seed 112903 (issue 22,
 * docs/testing.md "Mutation testing"), each asserting the exact answer the mutant changes:
 *   - src/formats/jcs.c plain_bytes: a string of 8 bytes or more whose only byte that needs an
 *     escape lies in its tail (the bytes after the last whole 8-byte word) is escaped by the
 *     fast writer (documents of amc's readers) as by the general one: every length from 8 to
 *     40, every position, the escapes of RFC 8785 3.2.2.2 (the mutant `i != n || ...` skipped
 *     the tail and wrote the byte raw);
 *   - src/formats/jsonc.c from_jc: the largest finite doubles (+-DBL_MAX) are numbers, not
 *     refused as if they were infinite (`d > DBL_MAX` made >=), nor flagged out of range
 *     (src/core/doc.c amc_doc_new_number, the same edge);
 *   - src/formats/jcs.c write_value: a built value whose type is none of amc's (a caller's
 *     mistake) is AMC_EUSAGE from both writers, not read as an array or object;
 *   - src/schema/validate.c amc_schema_validate: the scratch words the fast path grew for a large
 *     invalid array (uniqueItems' hash table) are handed to the full evaluation, not dropped:
 * repeated validations hold no more heap (glibc's mallinfo2) than the first left (the mutant `words
 * == inline_words` leaked the grown buffer on every call). An ASan build replaces malloc and
 * mallinfo2 reports nothing: there the comparison is trivially equal and LeakSanitizer catches a
 * leak.
 */
#include <float.h>
#include <json-c/json.h>
#include <malloc.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/jcs.h"
#include "amc/json.h"
#include "formats/jcs_int.h"

/* RFC 8785 3.2.2.2 (ECMAScript JSON.stringify): the short escapes, \u00xx for the other
 * controls, '"' and '\\' escaped, everything else as it is. */
static size_t escape_ref(char c, char *out)
{
    switch (c) {
    case '"':
        return (size_t)sprintf(out, "\\\"");
    case '\\':
        return (size_t)sprintf(out, "\\\\");
    case '\b':
        return (size_t)sprintf(out, "\\b");
    case '\f':
        return (size_t)sprintf(out, "\\f");
    case '\n':
        return (size_t)sprintf(out, "\\n");
    case '\r':
        return (size_t)sprintf(out, "\\r");
    case '\t':
        return (size_t)sprintf(out, "\\t");
    default:
        if ((unsigned char)c < 0x20)
            return (size_t)sprintf(out, "\\u%04x", (unsigned)(unsigned char)c);
        out[0] = c;
        out[1] = '\0';
        return 1;
    }
}

static void test_jcs_escape_in_tail(void **state)
{
    static const char specials[] = {'"', '\\', '\n', '\t', 0x01, 0x1f, 0x7f};
    size_t n = 0, p = 0, k = 0;
    (void)state;
    for (n = 8; n <= 40; n++)
        for (p = 0; p < n; p++)
            for (k = 0; k < sizeof specials; k++) {
                char raw[64], json[400], want[400], *got = NULL;
                size_t i = 0, jl = 0, wl = 0, gl = 0;
                int t = 0;
                amc_diags *ds = amc_diags_new(0);
                amc_doc *doc = NULL;
                for (i = 0; i < n; i++)
                    raw[i] = (char)('a' + i % 26);
                raw[p] = specials[k];
                json[jl++] = '"';
                want[wl++] = '"';
                for (i = 0; i < n; i++) {
                    /* the input always escapes controls (JSON requires it) */
                    if ((unsigned char)raw[i] < 0x20)
                        jl += (size_t)sprintf(json + jl, "\\u%04x", (unsigned)raw[i]);
                    else
                        jl += escape_ref(raw[i], json + jl);
                    wl += escape_ref(raw[i], want + wl);
                }
                json[jl++] = '"';
                want[wl++] = '"';
                want[wl] = '\0';
                assert_non_null(ds);
                assert_int_equal(amc_json_read(json, jl, NULL, ds, &doc), AMC_OK);
                for (t = 0; t < 2; t++) { /* the general writer, the fast one */
                    assert_int_equal(amc_jcs_write_ex(amc_doc_root(doc), NULL, t, &got, &gl),
                                     AMC_OK);
                    if (gl != wl || memcmp(got, want, wl) != 0)
                        fail_msg("length %zu, byte 0x%02x at %zu (%s writer): got %s, want %s", n,
                                 (unsigned)(unsigned char)specials[k], p, t ? "fast" : "general",
                                 got, want);
                    amc_free(got);
                }
                amc_doc_free(doc);
                amc_diags_free(ds);
            }
}

static void test_jsonc_largest_doubles(void **state)
{
    static const double ds[] = {DBL_MAX, -DBL_MAX};
    size_t i = 0;
    (void)state;
    for (i = 0; i < 2; i++) {
        struct json_object *jo = json_object_new_double(ds[i]);
        amc_doc *doc = NULL;
        const amc_value *v = NULL;
        assert_int_equal(amc_doc_from_json_c(jo, &doc), AMC_OK);
        v = amc_doc_root(doc);
        assert_int_equal(v->type, AMC_T_NUMBER);
        assert_int_equal(v->u.num.len, i ? 24 : 23);
        assert_memory_equal(v->u.num.text, &"-1.7976931348623157e+308"[i ? 0 : 1], v -> u.num.len);
        assert_true(v->u.num.d == ds[i]);
        assert_false(v->flags & AMC_NUM_OVERFLOW); /* in range: doc.c amc_doc_new_number */
        amc_doc_free(doc);
        json_object_put(jo);
    }
}

static void test_validate_keeps_grown_words(void **state)
{
    const char *schema_text = "{\"uniqueItems\": true}";
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(4);
    const amc_schema *sch = NULL;
    amc_doc *doc = NULL;
    size_t i = 0;
    size_t before = 0, after = 0;
    bool valid = true;
    (void)state;
    assert_non_null(set);
    assert_non_null(ds);
    assert_int_equal(
        amc_schema_set_add(set, "urn:lead:words", schema_text, strlen(schema_text), ds, NULL),
        AMC_OK);
    assert_int_equal(amc_schema_compile(set, "urn:lead:words", ds, &sch), AMC_OK);
    /* [0, 1, ..., 1999, 0]: uniqueItems hashes the items in scratch words (4096 of them, more
     * than the 96 a validation starts with) and finds the repeat at the end */
    {
        size_t cap = 20000, n = 0;
        char *text = malloc(cap);
        assert_non_null(text);
        n += (size_t)snprintf(text + n, cap - n, "[");
        for (i = 0; i < 2000; i++)
            n += (size_t)snprintf(text + n, cap - n, "%zu, ", i);
        n += (size_t)snprintf(text + n, cap - n, "0]");
        assert_int_equal(amc_json_read(text, n, NULL, ds, &doc), AMC_OK);
        free(text);
    }
    for (i = 0; i < 6; i++) {
        amc_diags_clear(ds);
        valid = true;
        assert_int_equal(amc_schema_validate(sch, amc_doc_root(doc), doc, NULL, ds, &valid),
                         AMC_OK);
        assert_false(valid);
        assert_true(amc_diags_count(ds) > 0);
        if (i == 0) /* the first call may leave caches behind; none after it may grow */
            before = mallinfo2().uordblks;
    }
    after = mallinfo2().uordblks;
    if (after != before)
        fail_msg("the heap in use grew from %zu to %zu bytes over 5 validations", before, after);
    amc_doc_free(doc);
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

static void test_jcs_bad_type(void **state)
{
    amc_doc *doc = amc_doc_new(NULL, 0);
    amc_value *v = NULL, *arr = NULL;
    char *out = (char *)1;
    size_t len = 7;
    int t = 0;
    (void)state;
    assert_non_null(doc);
    v = amc_doc_new_value(doc, (amc_type)99, AMC_NO_OFFSET);
    arr = amc_doc_new_value(doc, AMC_T_ARRAY, AMC_NO_OFFSET);
    assert_non_null(v);
    assert_non_null(arr);
    arr->u.arr.items = (amc_value **)amc_doc_alloc(doc, sizeof(amc_value *));
    assert_non_null(arr->u.arr.items);
    arr->u.arr.items[0] = v;
    arr->u.arr.len = 1;
    for (t = 0; t < 2; t++) { /* the general writer, the fast one; at the root and in an array */
        assert_int_equal(amc_jcs_write_ex(v, NULL, t, &out, &len), AMC_EUSAGE);
        assert_null(out);
        assert_int_equal(amc_jcs_write_ex(arr, NULL, t, &out, &len), AMC_EUSAGE);
        assert_null(out);
    }
    amc_doc_free(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_jcs_escape_in_tail),
        cmocka_unit_test(test_jsonc_largest_doubles),
        cmocka_unit_test(test_jcs_bad_type),
        cmocka_unit_test(test_validate_keeps_grown_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
