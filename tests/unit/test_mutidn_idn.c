/*
 * test_mutidn_idn.c - amc_format_check's idn-hostname and idn-email (src/schema/format.c: the
 * IDNA2008 label rules, Punycode, the Bidi rule, the separators, the length limits) against
 * reference answers from Python's idna package (tests/tools/idna_reference.py, which says what
 * the reference is and where it follows amc's documented choices, e.g. no NFC check).
 *
 * The strings: for each group of tests/data/mutidn/idn.json, each seed and every string one code
 * point edit away from it (each code point deleted, replaced by each symbol of the group's
 * alphabet, each symbol inserted before it; each symbol appended). The reference's answers for
 * one seed's strings are kept as one FNV-1a 64 hash; a difference names the group and the seed,
 * and `python3 tests/tools/idna_reference.py GROUP N` prints those strings with their answers
 * (`--compare build/rel/libamc.so` lists the disagreements where `idna` is installed).
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
    size_t n, valid;
} walk;

static void check(walk *w, const char *s, size_t n)
{
    int r = amc_format_check(w->format, s, n);
    unsigned char c = r == 1 ? '1' : r == 0 ? '0' : 'X';
    w->h = fnv1a(w->h, &c, 1);
    w->n++;
    w->valid += r == 1;
}

/* check() as edits_visit's callback: the order of idna_reference.py's neighbours() */
static void visit(void *w, const char *s, size_t n)
{
    check(w, s, n);
}

static void test_idn_against_idna(void **state)
{
    char path[512];
    size_t len = 0, g = 0, k = 0, total = 0, valid = 0;
    char *text = NULL;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    const amc_value *groups = NULL, *strings = NULL, *nvalid = NULL;
    (void)state;
    snprintf(path, sizeof path, "%s/tests/data/mutidn/idn.json", AMC_SOURCE_DIR);
    text = slurp(path, &len);
    assert_non_null(text);
    assert_int_equal(amc_json_read(text, len, NULL, ds, &doc), AMC_OK);
    groups = amc_value_getz(amc_doc_root(doc), "groups");
    strings = amc_value_getz(amc_doc_root(doc), "strings");
    nvalid = amc_value_getz(amc_doc_root(doc), "valid");
    assert_true(groups && groups->type == AMC_T_ARRAY);
    for (g = 0; g < groups->u.arr.len; g++) {
        const amc_value *grp = groups->u.arr.items[g];
        const amc_value *fmt = amc_value_getz(grp, "format");
        const amc_value *seeds = amc_value_getz(grp, "seeds");
        const amc_value *alpha = amc_value_getz(grp, "alphabet");
        const amc_value *hashes = amc_value_getz(grp, "hashes");
        assert_true(fmt && fmt->type == AMC_T_STRING && amc_format_known(fmt->u.str.ptr));
        assert_true(seeds && seeds->type == AMC_T_ARRAY && alpha && alpha->type == AMC_T_ARRAY);
        assert_true(hashes && hashes->type == AMC_T_ARRAY && hashes->u.arr.len == seeds->u.arr.len);
        for (k = 0; k < seeds->u.arr.len; k++) {
            walk w;
            char hex[17];
            const amc_value *want = hashes->u.arr.items[k];
            w.format = fmt->u.str.ptr;
            w.h = FNV_INIT;
            w.n = 0;
            w.valid = 0;
            edits_visit(seeds->u.arr.items[k], alpha, visit, &w);
            snprintf(hex, sizeof hex, "%016llx", (unsigned long long)w.h);
            if (want->type != AMC_T_STRING || want->u.str.len != 16 ||
                memcmp(want->u.str.ptr, hex, 16) != 0)
                fail_msg("%s, group %zu seed %zu (\"%s\"): amc's answers differ from idna's on "
                         "its %zu strings (see them: python3 tests/tools/idna_reference.py %zu "
                         "%zu)",
                         fmt->u.str.ptr, g, k, seeds->u.arr.items[k]->u.str.ptr, w.n, g, k);
            total += w.n;
            valid += w.valid;
        }
    }
    /* the counts the generator wrote: every string walked, the same number valid */
    assert_true(strings && strings->type == AMC_T_NUMBER && (strings->flags & AMC_NUM_INT64) &&
                nvalid && (nvalid->flags & AMC_NUM_INT64));
    assert_int_equal(total, (size_t)strings->u.num.i);
    assert_int_equal(valid, (size_t)nvalid->u.num.i);
    assert_true(total > 60000);
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(text);
}

/* The Bidi rule applies to every label of a name with a right-to-left label, ASCII ones too,
 * and an upper case ASCII letter is Bidi_Class L like its lower case (RFC 5893 rule 1): amc's
 * Bidi table once gave 'A'-'Z' the class EN of the digits before them, which rejected "Abc"
 * beside a Hebrew label (src/schema/gen_format_idna.py now counts A-Z as label code points). */
#define CHECK(format, lit) amc_format_check(format, lit, sizeof lit - 1)

static void test_bidi_upper_case_ascii(void **state)
{
    (void)state;
    assert_int_equal(CHECK("idn-hostname", "Abc.\xd7\x90\xd7\x91"), 1);
    assert_int_equal(CHECK("idn-hostname", "abc.\xd7\x90\xd7\x91"), 1);
    assert_int_equal(CHECK("idn-hostname", "ZZ.\xd7\x90\xd7\x91"), 1);
    assert_int_equal(CHECK("idn-hostname", "1bc.\xd7\x90\xd7\x91"), 0);
    assert_int_equal(CHECK("hostname", "Abc.xn--4dbc"), 1);
    assert_int_equal(CHECK("hostname", "abc.XN--4DBC"), 1);
    assert_int_equal(CHECK("hostname", "1bc.xn--4dbc"), 0);
    assert_int_equal(CHECK("hostname", "Abc.xn--1-zhcd"), 1); /* R R EN */
    assert_int_equal(CHECK("hostname", "Abc-.xn--1-zhcd"), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_idn_against_idna),
        cmocka_unit_test(test_bidi_upper_case_ascii),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
