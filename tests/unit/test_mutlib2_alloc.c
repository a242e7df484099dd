/*
 * test_mutlib2_alloc.c - allocation-failure sweeps (alloc_fail_sweep.h: every allocation of a job
 * failing once, one at a time; AMC_ENOMEM reported or exactly the clean result) over jobs whose
 * error paths surviving mutants showed unobserved:
 *   - src/profiles/ignite.c amc_ignite_check (the profile's message check): a message whose
 *     header block amc_mime_read finds fault with (a line without a colon, a byte order mark)
 *     when the diagnostics list for the header reader cannot be made: AMC_ENOMEM at once (going
 *     on would hand amc_mime_read no list to report into).
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

#ifdef AMC_ALLOC_FAILPOINTS

#include "alloc_fail_sweep.h"

static amc_status sc_ignite_header(result *r)
{
    static const char *const f[] = {"conformance/ignite/inputs/msg/line-without-colon.mime",
                                    "conformance/ignite/inputs/msg/bom.mime", NULL};
    return run_profile(r, "ignite", false, f, NULL);
}

static void test_ignite_header(void **state)
{
    result *r = calloc(1, sizeof *r);
    (void)state;
    assert_non_null(r);
    /* the clean run: both messages have findings of the header reader */
    amc_test_alloc_fail_at(-1);
    assert_int_equal(sc_ignite_header(r), AMC_OK);
    print_message("clean: %s\n", r->text);
    free(r);
    sweep("ignite_header", sc_ignite_header);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ignite_header),
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
