/*
 * test_mutidn_decimal.c - amc_decimal_multiple_of (src/schema/decimal.c) against exact rational
 * answers (tests/tools/mutidn_decimal_reference.py, Python's fractions): the cases of
 * tests/data/mutidn/decimal.json, [x, m, answer], with m of 1 to 40 significant digits (both the
 * uint64 and the base-1e9 paths and their limb boundaries), multiples, near misses by one in the
 * last digit, powers of ten apart, every JSON number form, and m <= 0 (-1).
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
#include "schema/decimal_int.h"
#include "slurp.h"

static void test_multiple_of_against_fractions(void **state)
{
    char path[512];
    size_t len = 0, k = 0, bad = 0, seen[3] = {0, 0, 0};
    char *text = NULL;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    const amc_value *cases = NULL;
    (void)state;
    snprintf(path, sizeof path, "%s/tests/data/mutidn/decimal.json", AMC_SOURCE_DIR);
    text = slurp(path, &len);
    assert_non_null(text);
    assert_int_equal(amc_json_read(text, len, NULL, ds, &doc), AMC_OK);
    cases = amc_value_getz(amc_doc_root(doc), "cases");
    assert_true(cases && cases->type == AMC_T_ARRAY && cases->u.arr.len > 2000);
    for (k = 0; k < cases->u.arr.len; k++) {
        const amc_value *c = cases->u.arr.items[k];
        const amc_value *x = NULL, *m = NULL, *want = NULL;
        int got = 0;
        assert_true(c->type == AMC_T_ARRAY && c->u.arr.len == 3);
        x = c->u.arr.items[0];
        m = c->u.arr.items[1];
        want = c->u.arr.items[2];
        assert_true(x->type == AMC_T_STRING && m->type == AMC_T_STRING &&
                    want->type == AMC_T_NUMBER && (want->flags & AMC_NUM_INT64));
        got = amc_decimal_multiple_of(x->u.str.ptr, x->u.str.len, m->u.str.ptr, m->u.str.len);
        if (got != (int)want->u.num.i && bad++ < 10)
            print_error("case %zu: multipleOf(%s, %s) = %d, want %d\n", k, x->u.str.ptr,
                        m->u.str.ptr, got, (int)want->u.num.i);
        seen[want->u.num.i + 1]++;
    }
    assert_int_equal(bad, 0);
    assert_true(seen[0] > 0 && seen[1] > 1000 && seen[2] > 1000);
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_multiple_of_against_fractions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
