/*
 * test_mutidn_uri.c - amc_uri_resolve (src/schema/uri.c: parsing, RFC 3986 5.2.2 resolution,
 * remove_dot_segments, normalisation) against reference answers written from RFC 3986 and
 * uri.c's stated decisions (tests/tools/mutidn_uri_reference.py).
 *
 * The strings: for each seed of tests/data/mutidn/uri.json (a base or none, and a reference),
 * the reference and every string one code point edit away from it (each code point deleted,
 * replaced by each symbol of the alphabet, each symbol inserted before it; each symbol
 * appended), resolved against the base. Each answer is the result's bytes and a NUL, or 0x01 for
 * AMC_EINVALID; one seed's answers are kept as one FNV-1a 64 hash, and `python3
 * tests/tools/mutidn_uri_reference.py N` prints seed N's strings with the reference's results.
 */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/json.h"
#include "schema/uri_int.h"
#include "edits.h"
#include "fnv.h"
#include "slurp.h"

typedef struct walk {
    const char *base;
    uint64_t h;
    size_t n, ok;
} walk;

static void check(walk *w, const char *s, size_t n)
{
    char *out = NULL;
    amc_status st = amc_uri_resolve(w->base, s, n, &out);
    if (st == AMC_OK) {
        assert_non_null(out);
        w->h = fnv1a(w->h, out, strlen(out) + 1);
        w->ok++;
    } else {
        unsigned char c = 1;
        assert_int_equal(st, AMC_EINVALID);
        assert_null(out);
        w->h = fnv1a(w->h, &c, 1);
    }
    amc_free(out);
    w->n++;
}

/* check() as edits_visit's callback: the order of mutidn_uri_reference.py's neighbours() */
static void visit(void *w, const char *s, size_t n)
{
    check(w, s, n);
}

static void test_uri_resolve_against_reference(void **state)
{
    char path[512];
    size_t len = 0, k = 0, total = 0, ok = 0;
    char *text = NULL;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    const amc_value *seeds = NULL, *alpha = NULL, *strings = NULL, *resolved = NULL;
    (void)state;
    snprintf(path, sizeof path, "%s/tests/data/mutidn/uri.json", AMC_SOURCE_DIR);
    text = slurp(path, &len);
    assert_non_null(text);
    assert_int_equal(amc_json_read(text, len, NULL, ds, &doc), AMC_OK);
    seeds = amc_value_getz(amc_doc_root(doc), "seeds");
    alpha = amc_value_getz(amc_doc_root(doc), "alphabet");
    strings = amc_value_getz(amc_doc_root(doc), "strings");
    resolved = amc_value_getz(amc_doc_root(doc), "resolved");
    assert_true(seeds && seeds->type == AMC_T_ARRAY && alpha && alpha->type == AMC_T_ARRAY);
    assert_true(strings && strings->type == AMC_T_NUMBER && (strings->flags & AMC_NUM_INT64));
    assert_true(resolved && resolved->type == AMC_T_NUMBER && (resolved->flags & AMC_NUM_INT64));
    for (k = 0; k < seeds->u.arr.len; k++) {
        const amc_value *sd = seeds->u.arr.items[k];
        const amc_value *base = amc_value_getz(sd, "base");
        const amc_value *ref = amc_value_getz(sd, "ref");
        const amc_value *want = amc_value_getz(sd, "hash");
        walk w;
        char hex[17];
        assert_true(base && ref && ref->type == AMC_T_STRING && want && want->type == AMC_T_STRING);
        w.base = base->type == AMC_T_STRING ? base->u.str.ptr : NULL;
        w.h = FNV_INIT;
        w.n = 0;
        w.ok = 0;
        edits_visit(ref, alpha, visit, &w);
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)w.h);
        if (want->u.str.len != 16 || memcmp(want->u.str.ptr, hex, 16) != 0)
            fail_msg("seed %zu (base \"%s\", ref \"%s\"): amc's results differ from the "
                     "reference's on its %zu strings (see them: python3 "
                     "tests/tools/mutidn_uri_reference.py %zu)",
                     k, w.base ? w.base : "(none)", ref->u.str.ptr, w.n, k);
        total += w.n;
        ok += w.ok;
    }
    assert_int_equal(total, (size_t)strings->u.num.i);
    assert_int_equal(ok, (size_t)resolved->u.num.i);
    assert_true(total > 10000);
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(text);
}

/* amc_uri_pct_decode over every "%XY" of printable ASCII, each also cut short by one and two
 * bytes with valid hex after the cut (the function must not look past n), against <ctype.h>. */
static int hexdig(int c)
{
    return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

static void test_pct_decode_every_pair(void **state)
{
    int x = 0, y = 0;
    (void)state;
    for (x = 0x20; x < 0x7f; x++) {
        for (y = 0x20; y < 0x7f; y++) {
            char in[8] = {'a', '%', (char)x, (char)y, 'b', '4', '1', '\0'};
            char out[8];
            size_t got = amc_uri_pct_decode(in, 5, out);
            if (isxdigit(x) && isxdigit(y)) {
                assert_int_equal(got, 3);
                assert_int_equal((unsigned char)out[1], hexdig(x) * 16 + hexdig(y));
                assert_true(out[0] == 'a' && out[2] == 'b');
            } else {
                assert_int_equal(got, (size_t)-1);
            }
            /* "a%X" then "Y..." beyond n, "a%" then "XY" beyond n */
            assert_int_equal(amc_uri_pct_decode(in, 3, out), (size_t)-1);
            assert_int_equal(amc_uri_pct_decode(in, 2, out), (size_t)-1);
        }
    }
    assert_int_equal(amc_uri_pct_decode("%41%4", 3, (char[8]){0}), 1);
    assert_int_equal(amc_uri_pct_decode("x%4142", 3, (char[8]){0}), (size_t)-1);
    assert_int_equal(amc_uri_pct_decode("", 0, (char[8]){0}), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uri_resolve_against_reference),
        cmocka_unit_test(test_pct_decode_every_pair),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
