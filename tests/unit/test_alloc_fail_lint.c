/*
 * test_alloc_fail_lint.c - the allocation-failure sweep of test_alloc_fail.c (same driver, same
 * rule: with the k-th allocation failing once, a job ends with AMC_ENOMEM reported or with exactly
 * the clean result) over the schema linter on amc's own profile schemas (discussion and mailbox:
 * the other profiles' take longer and reach the same code): every schema of one profile in one set
 * (their "$ref"s between files resolve), each linted. Larger than the lint fixtures
 * test_alloc_fail_more.c sweeps, with "$id"s in subschemas: this job found that a failed
 * allocation while the schema walk (src/schema/registry.c lint_walk) resolved a subschema's "$id"
 * was taken for "no $id", so the linter reported LINT_REF_UNRESOLVED for references that resolve
 * (a false finding, not AMC_ENOMEM).
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
#include "core/arena_int.h"

#ifdef AMC_ALLOC_FAILPOINTS

#include "alloc_fail_sweep.h"

/* the files of the running sweep, NULL-terminated */
static const char *const *lint_set;

static amc_status sc_lint_set(result *r)
{
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const char *uris[16] = {NULL};
    amc_status st = ds && set ? AMC_OK : AMC_ENOMEM;
    bool nomem = st == AMC_ENOMEM;
    size_t i = 0, n = 0;
    for (i = 0; lint_set[i] && st == AMC_OK; i++) {
        size_t len = 0;
        char *buf = slurp(lint_set[i], &len);
        assert_non_null(buf);
        assert_true(i < 16);
        st = amc_schema_set_add(set, NULL, buf, len, ds, &uris[i]);
        r_add(r, "add %d ", (int)st);
        nomem = nomem || st == AMC_ENOMEM;
        free(buf);
        n = i + 1;
    }
    for (i = 0; st == AMC_OK && i < n; i++) {
        amc_status ls = amc_schema_lint(set, uris[i], NULL, ds);
        r_add(r, "lint %d ", (int)ls);
        nomem = nomem || ls == AMC_ENOMEM;
        if (ls == AMC_ENOMEM)
            break;
    }
    r_diags(r, ds);
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return nomem ? AMC_ENOMEM : AMC_OK;
}

static const char *const discussion[] = {
    "schemas/discussion/defs.schema.json",       "schemas/discussion/confidence.schema.json",
    "schemas/discussion/discussion.schema.json", "schemas/discussion/message-item.schema.json",
    "schemas/discussion/message.schema.json",    "schemas/discussion/phase.schema.json",
    "schemas/discussion/session.schema.json",    NULL};
static const char *const mailbox[] = {"schemas/mailbox/mailbox-envelope.v1.schema.json",
                                      "schemas/mailbox/domain-event.v1.schema.json",
                                      "schemas/mailbox/process-manager-command.v1.schema.json",
                                      "schemas/mailbox/agent-definition.v1.schema.json", NULL};
static void test_discussion(void **state)
{
    (void)state;
    lint_set = discussion;
    sweep("lint-discussion", sc_lint_set);
}

static void test_mailbox(void **state)
{
    (void)state;
    lint_set = mailbox;
    sweep("lint-mailbox", sc_lint_set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_discussion),
        cmocka_unit_test(test_mailbox),
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
