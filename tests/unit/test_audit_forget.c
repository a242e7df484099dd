/*
 * test_audit_forget.c - the audit id table under deletion (amc_audit_forget, used by amc watch):
 * every id forgotten one by one in a scattered order, from tables at three quarters load, so
 * that probe clusters run past the table's last slot and wrap to slot 0 (the backward-shift
 * deletion's wrap-around case). After each forget, the forgotten id is gone (checking it again
 * under a new path is no duplicate) and the next id is still found (a copy is a duplicate);
 * after every 16th, every id not forgotten yet is still found.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"

static size_t dup_count(const amc_diags *ds)
{
    size_t k = 0, n = 0;
    for (k = 0; k < amc_diags_count(ds); k++)
        n += amc_diags_get(ds, k)->code == AMC_C_AUDIT_DUPLICATE;
    return n;
}

/* Checks the id `id` at queue/SET/DIRm<id>.mime (DIR "" is the pending folder, "processed/" the
 * processed one); returns the duplicates reported. */
static size_t check(amc_audit *a, amc_diags *ds, const char *set, size_t id, const char *dir)
{
    char path[96], body[96];
    snprintf(path, sizeof path, "queue/%s/%sm%zu.mime", set, dir, id);
    snprintf(body, sizeof body, "Message-ID: <%s-%zu@h>\n\n", set, id);
    amc_diags_clear(ds);
    (void)amc_audit_file(a, path, body, strlen(body), ds);
    return dup_count(ds);
}

static void forget_path(amc_audit *a, const char *set, size_t id, const char *dir)
{
    char path[96];
    snprintf(path, sizeof path, "queue/%s/%sm%zu.mime", set, dir, id);
    assert_int_equal(amc_audit_forget(a, path), AMC_OK);
}

/* ids per table: 767 of 1024 slots (one more and the table grows: load above 3/4) */
#define N 767

static void test_forget_all(void **state)
{
    static const char *const sets[] = {"a", "b", "c", "d", "e", "f", "g", "h"};
    amc_diags *ds = amc_diags_new(0);
    size_t s = 0;
    (void)state;
    assert_non_null(ds);
    for (s = 0; s < sizeof sets / sizeof *sets; s++) {
        amc_audit *a = NULL;
        size_t i = 0, k = 0;
        bool gone[N] = {false};
        assert_int_equal(amc_audit_new(NULL, ds, &a), AMC_OK);
        for (i = 0; i < N; i++)
            assert_int_equal(check(a, ds, sets[s], i, ""), 0);
        for (k = 0; k < N; k++) {
            /* 263 and N are coprime: every id once, neighbours in the table far apart in time */
            size_t id = (k * 263 + s) % N, live = ((k + 1) * 263 + s) % N;
            forget_path(a, sets[s], id, "");
            /* gone: checked again under another path it is new (and is then forgotten) */
            assert_int_equal(check(a, ds, sets[s], id, "processed/"), 0);
            forget_path(a, sets[s], id, "processed/");
            gone[id] = true;
            if (k + 1 < N) /* still there: a copy of the next id to forget is a duplicate */
                assert_int_equal(check(a, ds, sets[s], live, "processed/c"), 1);
            if (k % 16 == 0) /* and so is a copy of every id not forgotten yet */
                for (i = 0; i < N; i++)
                    if (!gone[i])
                        assert_int_equal(check(a, ds, sets[s], i, "processed/c"), 1);
        }
        /* empty again: every id is new */
        for (i = 0; i < N; i++)
            assert_int_equal(check(a, ds, sets[s], i, "processed/a"), 0);
        amc_audit_free(a);
    }
    amc_diags_free(ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forget_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
