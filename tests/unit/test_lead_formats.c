/*
 * test_lead_formats.c - amc_format_check (src/schema/format.c) against reference answers written
 * independently of it from the formats' RFCs (tests/tools/format_reference.py: RFC 3339 date,
 * time, date-time and duration, RFC 2673 ipv4 and RFC 4291 ipv6 through Python's ipaddress,
 * RFC 4122 uuid, RFC 6901 json-pointer, RFC 3986 uri and uri-reference, RFC 6570 uri-template,
 * relative-json-pointer, RFC 1123 hostname, RFC 5321 email, RFC 3987 iri and iri-reference).
 *
 * The strings: each seed of tests/data/lead/formats/references.json and every string one
 * character edit away from it (each character deleted, replaced by each symbol of the format's
 * alphabet, each symbol inserted before it; each symbol appended): 54638 strings. The reference's
 * answers for one seed's strings are kept as one hash; a difference names the seed, and `python3
 * tests/tools/format_reference.py FORMAT N` prints those strings with their answers.
 */
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
#include "schema/format_int.h"
#include "edits.h"
#include "fnv.h"
#include "slurp.h"

typedef struct walk {
    const char *format;
    uint64_t h;
    size_t n;
} walk;

static void check(walk *w, const char *s, size_t n)
{
    int r = amc_format_check(w->format, s, n);
    unsigned char c = r == 1 ? '1' : r == 0 ? '0' : 'X';
    w->h = fnv1a(w->h, &c, 1);
    w->n++;
}

/* check() as edits_visit's callback: the order of format_reference.py's neighbours() */
static void visit(void *w, const char *s, size_t n)
{
    check(w, s, n);
}

static void test_formats_against_references(void **state)
{
    char path[512];
    size_t len = 0, i = 0, k = 0, total = 0, nformats = 0;
    char *text = NULL;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    const amc_value *formats = NULL;
    (void)state;
    snprintf(path, sizeof path, "%s/tests/data/lead/formats/references.json", AMC_SOURCE_DIR);
    text = slurp(path, &len);
    assert_non_null(text);
    assert_int_equal(amc_json_read(text, len, NULL, ds, &doc), AMC_OK);
    formats = amc_value_getz(amc_doc_root(doc), "formats");
    assert_true(formats && formats->type == AMC_T_OBJECT);
    for (i = 0; i < formats->u.obj.len; i++) {
        const amc_member *m = &formats->u.obj.members[i];
        const amc_value *seeds = amc_value_getz(m->value, "seeds");
        const amc_value *alpha = amc_value_getz(m->value, "alphabet");
        const amc_value *hashes = amc_value_getz(m->value, "hashes");
        char name[64];
        assert_true(m->key_len < sizeof name);
        memcpy(name, m->key, m->key_len);
        name[m->key_len] = '\0';
        assert_true(seeds && seeds->type == AMC_T_ARRAY && alpha && alpha->type == AMC_T_ARRAY);
        assert_true(hashes && hashes->type == AMC_T_ARRAY && hashes->u.arr.len == seeds->u.arr.len);
        assert_true(amc_format_known(name));
        for (k = 0; k < seeds->u.arr.len; k++) {
            walk w;
            char hex[17];
            const amc_value *want = hashes->u.arr.items[k];
            w.format = name;
            w.h = FNV_INIT;
            w.n = 0;
            edits_visit(seeds->u.arr.items[k], alpha, visit, &w);
            snprintf(hex, sizeof hex, "%016llx", (unsigned long long)w.h);
            if (want->type != AMC_T_STRING || want->u.str.len != 16 ||
                memcmp(want->u.str.ptr, hex, 16) != 0)
                fail_msg("%s, seed %zu (\"%s\"): amc's answers differ from the reference's on its "
                         "%zu strings (see them: python3 tests/tools/format_reference.py %s %zu)",
                         name, k, seeds->u.arr.items[k]->u.str.ptr, w.n, name, k);
            total += w.n;
        }
        nformats++;
    }
    assert_int_equal(nformats, 16);
    assert_int_equal(total, 54638);
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_formats_against_references),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
