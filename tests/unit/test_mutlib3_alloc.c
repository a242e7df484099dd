/*
 * test_mutlib3_alloc.c - allocation-failure sweeps (alloc_fail_sweep.h: every allocation of a job
 * failing once, one at a time; AMC_ENOMEM reported or exactly the clean result) over library jobs
 * whose error paths surviving mutants showed unobserved:
 *   - src/conform/conform.c amc_conform_xfail_render: the expected-failures file of a suite whose
 *     text outgrows the buffer's first block, so that a later growth fails after some lines are
 *     written: AMC_ENOMEM, not the truncated text (kills the deletion of the `return AMC_ENOMEM`
 *     after `if (b.failed)`).
 *   - src/core/buf.c amc_buf_reserve: a reserve as large as the default limit allows (need =
 *     SIZE_MAX / 2 + 1, reached by doubling) whose allocation fails: AMC_ENOMEM at once, the
 *     buffer marked failed (a `cap <= need` doubling loop never ends there: the capacity stops
 *     at need once past SIZE_MAX / 2).
 * Needs -DAMC_ALLOC_FAILPOINTS=ON (the ASan+UBSan build of ci/test.sh and ci/mutate.py's build);
 * elsewhere the test is skipped and says so.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "core/arena_int.h"
#include "core/buf_int.h"

#ifdef AMC_ALLOC_FAILPOINTS

#include "alloc_fail_sweep.h"

/* Twelve cases; each id is 60 bytes and more, so the rendered file (about 1.5 KB) grows the buffer
 * several times. */
static amc_conform_suite *xf_suite;

static void make_suite(void)
{
    amc_buf m;
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0;
    amc_buf_init(&m, 0);
    amc_buf_puts(&m, "[");
    for (i = 0; i < 12; i++)
        amc_buf_printf(&m,
                       "%s{\"id\":\"ignite-t-%03zu-a-case-id-long-enough-to-fill-the-buffer-"
                       "quickly\",\"rule\":\"IGNITE-HDR-001\",\"level\":\"MUST\",\"verdict\":"
                       "\"valid\",\"codes\":[],\"input\":\"inputs/a%zu.mime\"}",
                       i ? "," : "", i, i);
    amc_buf_puts(&m, "]");
    assert_false(m.failed);
    xf_suite = amc_conform_suite_new();
    assert_non_null(xf_suite);
    assert_int_equal(amc_conform_suite_add(xf_suite, "ignite", m.data, m.len, ds), AMC_OK);
    assert_int_equal(amc_diags_count(ds), 0);
    assert_int_equal(amc_conform_case_count(xf_suite), 12);
    for (i = 0; i < 12; i++) {
        amc_conform_case *c = amc_conform_case_at(xf_suite, i);
        c->selected = i != 5;
        c->outcome = i % 3 ? AMC_CONFORM_FAIL : AMC_CONFORM_XFAIL;
        c->xfail_reason = i % 4 == 1 ? "a reason given in the expected-failures file" : "";
        snprintf(c->message, sizeof c->message, i % 2 ? "verdict valid, expected invalid" : "");
    }
    amc_buf_release(&m);
    amc_diags_free(ds);
}

static amc_status sc_xfail_render(result *r)
{
    char *out = NULL;
    size_t len = 0;
    amc_status st = amc_conform_xfail_render(xf_suite, &out, &len);
    r_add(r, "%d %zu\n%s", (int)st, len, out ? out : "(null)");
    amc_free(out);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

static void test_xfail_render(void **state)
{
    result *r = calloc(1, sizeof *r);
    char *out = NULL;
    size_t len = 0;
    (void)state;
    assert_non_null(r);
    make_suite();
    amc_test_alloc_fail_at(-1);
    assert_int_equal(amc_conform_xfail_render(xf_suite, &out, &len), AMC_OK);
    assert_int_equal(len, strlen(out));
    assert_true(len > 1024);
    /* the exact text: case 5 not selected, each line's reason by precedence */
    assert_non_null(strstr(out, "# amc conform expected failures: case-id  # reason\n"
                                "ignite-t-000-a-case-id-long-enough-to-fill-the-buffer-quickly  "
                                "# expected failure\n"
                                "ignite-t-001-a-case-id-long-enough-to-fill-the-buffer-quickly  "
                                "# a reason given in the expected-failures file\n"
                                "ignite-t-002-a-case-id-long-enough-to-fill-the-buffer-quickly  "
                                "# expected failure\n"
                                "ignite-t-003-a-case-id-long-enough-to-fill-the-buffer-quickly  "
                                "# verdict valid, expected invalid\n"
                                "ignite-t-004-a-case-id-long-enough-to-fill-the-buffer-quickly  "
                                "# expected failure\n"
                                "ignite-t-006-a-case-id-long-enough-to-fill-the-buffer-quickly  "
                                "# expected failure\n"));
    assert_ptr_equal(strstr(out, "# amc"), out);
    amc_free(out);
    sweep("xfail_render", sc_xfail_render);
    amc_conform_suite_free(xf_suite);
    free(r);
}

static void test_buf_reserve_limit(void **state)
{
    amc_buf b;
    (void)state;
    amc_buf_init(&b, 0);
    amc_test_alloc_fail_at(0); /* the allocation fails (realloc is never asked for 8 EiB) */
    assert_int_equal(amc_buf_reserve(&b, SIZE_MAX / 2), AMC_ENOMEM);
    amc_test_alloc_fail_at(-1);
    assert_true(b.failed);
    assert_null(b.data);
    assert_int_equal(b.cap, 0);
    assert_int_equal(amc_buf_reserve(&b, 1), AMC_ENOMEM); /* failed stays failed */
    amc_buf_release(&b);
    /* one byte more than the limit allows: AMC_ELIMIT before any allocation */
    amc_buf_init(&b, 0);
    assert_int_equal(amc_buf_reserve(&b, SIZE_MAX / 2 + 1), AMC_ELIMIT);
    assert_true(b.failed);
    amc_buf_release(&b);
    /* a reserve to exactly a doubling of 64 (need 128): the buffer holds 127 bytes and a NUL */
    amc_buf_init(&b, 0);
    assert_int_equal(amc_buf_reserve(&b, 127), AMC_OK);
    assert_true(b.cap >= 128);
    amc_buf_release(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_xfail_render),
        cmocka_unit_test(test_buf_reserve_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#else /* !AMC_ALLOC_FAILPOINTS */

static void test_skipped(void **state)
{
    (void)state;
    print_message("skipped: this build has no allocation failpoints (configure with "
                  "-DAMC_ALLOC_FAILPOINTS=ON; ci/test.sh's ASan+UBSan build does)\n");
    skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_skipped)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
