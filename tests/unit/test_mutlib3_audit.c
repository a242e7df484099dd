/*
 * test_mutlib3_audit.c - the workspace rule catalogs of amc audit (src/audit/audit.c
 * amc_audit_rules; issue 22): each of the three profiles with workspace rules finds its own
 * catalog, and a profile without one (discussion, socket), an unknown name and NULL find none
 * (kills `i < N_WS` -> `<=`, which reads a catalog entry past the table for them).
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
#include "audit/audit_int.h"

static void test_rule_sets(void **state)
{
    static const char *const with[] = {"ignite", "mailbox", "acp"};
    static const char *const without[] = {"discussion", "socket", "", "ignitex", "acp "};
    size_t i = 0, k = 0;
    (void)state;
    for (i = 0; i < 3; i++) {
        const amc_rule_set *s = amc_audit_rules(with[i]);
        assert_non_null(s);
        assert_string_equal(s->profile, with[i]);
        assert_true(s->n > 0);
        for (k = 0; k < s->n; k++)
            assert_non_null(s->v[k].id);
    }
    for (i = 0; i < sizeof without / sizeof without[0]; i++)
        if (amc_audit_rules(without[i]) != NULL)
            fail_msg("'%s' has a workspace catalog", without[i]);
    assert_null(amc_audit_rules(NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_rule_sets)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
