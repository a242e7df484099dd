/*
 * test_lead_mut2.c - tests for survivors of the 300-mutant run of seed 112903 (issue 22,
 * docs/testing.md "Mutation testing"), each asserting the exact answer the mutant changes:
 *   - src/formats/jcs.c plain_bytes: a string of 8 bytes or more whose only byte that needs an
 *     escape lies in its tail (the bytes after the last whole 8-byte word) is escaped by the
 *     fast writer (documents of amc's readers) as by the general one: every length from 8 to
 *     40, every position, the escapes of RFC 8785 3.2.2.2 (the mutant `i != n || ...` skipped
 *     the tail and wrote the byte raw);
 *   - src/formats/jsonc.c from_jc: the largest finite doubles (+-DBL_MAX) are numbers, not
 *     refused as if they were infinite (`d > DBL_MAX` made >=).
 */
#include <float.h>
#include <json-c/json.h>
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
        amc_doc_free(doc);
        json_object_put(jo);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_jcs_escape_in_tail),
        cmocka_unit_test(test_jsonc_largest_doubles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
