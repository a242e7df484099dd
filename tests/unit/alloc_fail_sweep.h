/*
 * alloc_fail_sweep.h - the allocation-failure sweep shared by test_alloc_fail.c,
 * test_alloc_fail_more.c, test_alloc_fail_lint.c, test_libcov_alloc.c and test_mut2_alloc.c
 * (included by those files only, inside their #ifdef AMC_ALLOC_FAILPOINTS): a scenario's result
 * text, file reading, a lifecycle run's events and end, a profile run over files, and sweep(),
 * which fails the k-th allocation once for every k and requires AMC_ENOMEM reported or exactly the
 * clean result.
 */
#ifndef AMC_TEST_ALLOC_FAIL_SWEEP_H
#define AMC_TEST_ALLOC_FAIL_SWEEP_H

#include "slurp.h"

/* ---- results ---- */

typedef struct result {
    char text[16384]; /* status, diagnostic codes, output */
    size_t len;
} result;

static void r_add(result *r, const char *fmt, ...)
{
    va_list ap;
    int n = 0;
    if (r->len >= sizeof r->text - 1)
        return;
    va_start(ap, fmt);
    n = vsnprintf(r->text + r->len, sizeof r->text - r->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        r->len += (size_t)n < sizeof r->text - r->len ? (size_t)n : sizeof r->text - r->len - 1;
}

static void r_diags(result *r, const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; ds && i < amc_diags_count(ds); i++)
        r_add(r, " %s", amc_code_id(amc_diags_get(ds, i)->code));
}

/* One lifecycle event (NULL: its text could not be made): its status recorded, *nomem set when
 * it is AMC_ENOMEM; a finding (AMC_EINVALID) lets the run go on as AMC_OK. */
static inline amc_status lc_event(result *r, amc_lifecycle *lc, const char *ev, size_t n,
                                  amc_diags *ds, bool *nomem)
{
    amc_status st = ev ? amc_lifecycle_apply(lc, ev, n, ds) : AMC_ENOMEM;
    r_add(r, " | %d", (int)st);
    *nomem = st == AMC_ENOMEM;
    return st == AMC_EINVALID ? AMC_OK : st;
}

/* The end of a lifecycle run whose events left st: finish and state recorded while st is
 * AMC_OK, then the diagnostics. */
static inline void lc_end(result *r, amc_lifecycle *lc, amc_diags *ds, amc_status st, bool *nomem)
{
    char *state = NULL;
    size_t len = 0;
    if (st == AMC_OK) {
        st = amc_lifecycle_finish(lc, ds);
        r_add(r, " finish %d", (int)st);
        *nomem = st == AMC_ENOMEM;
        if (st == AMC_EINVALID)
            st = AMC_OK;
    }
    if (st == AMC_OK) {
        st = amc_lifecycle_state(lc, &state, &len);
        r_add(r, " state %d %s", (int)st, state ? state : "-");
        *nomem = st == AMC_ENOMEM;
    }
    r_diags(r, ds);
    amc_free(state);
}

/* A scenario returns AMC_ENOMEM if it saw one anywhere (the test's "reported" case), else
 * AMC_OK, and describes what it got in r. */
typedef amc_status (*scenario)(result *r);

/* ---- a profile's validator over files (paths: the names it sees, or NULL) ---- */

static inline amc_status run_profile(result *r, const char *profile, bool stateful,
                                     const char *const *files, const char *const *paths)
{
    amc_validator_opts vo;
    amc_validator *v = NULL;
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_ENOMEM;
    bool nomem = false;
    size_t i = 0;
    memset(&vo, 0, sizeof vo);
    vo.profile = profile;
    vo.stateful = stateful;
    if (ds)
        st = amc_validator_new(&vo, ds, &v);
    r_add(r, "new %d", (int)st);
    nomem = st == AMC_ENOMEM;
    for (i = 0; st == AMC_OK && files[i]; i++) {
        size_t len = 0;
        char *buf = slurp(files[i], &len);
        assert_non_null(buf);
        amc_diags_clear(ds);
        st = amc_validator_check(v, paths ? paths[i] : NULL, buf, len, ds, NULL);
        free(buf);
        r_add(r, " | %d", (int)st);
        r_diags(r, ds);
        nomem = st == AMC_ENOMEM;
        if (st == AMC_EINVALID)
            st = AMC_OK;
    }
    amc_validator_free(v);
    amc_diags_free(ds);
    return nomem ? AMC_ENOMEM : AMC_OK;
}

/* ---- the driver ---- */

static void sweep(const char *name, scenario sc)
{
    result *base = calloc(1, sizeof *base), *got = calloc(1, sizeof *got);
    unsigned long n = 0, k = 0, absorbed = 0, reported = 0;
    assert_non_null(base);
    assert_non_null(got);
    amc_test_alloc_fail_at(-1);
    if (sc(base) != AMC_OK) {
        free(base);
        free(got);
        fail_msg("%s: the clean run reports ENOMEM", name);
    }
    n = amc_test_alloc_count();
    assert_true(n > 0);
    for (k = 0; k < n; k++) {
        amc_status st = AMC_OK;
        /* AMC_ALLOC_FAIL_ONLY=name:k runs that one case (with AMC_ALLOC_FAIL_TRACE=1: its stack) */
        const char *only = getenv("AMC_ALLOC_FAIL_ONLY");
        if (only && (strncmp(only, name, strlen(name)) != 0 || only[strlen(name)] != ':' ||
                     strtoul(only + strlen(name) + 1, NULL, 10) != k))
            continue;
        memset(got, 0, sizeof *got);
        amc_test_alloc_fail_at((long)k);
        st = sc(got);
        amc_test_alloc_fail_at(-1);
        if (st == AMC_ENOMEM) {
            reported++;
            continue;
        }
        if (got->len != base->len || memcmp(got->text, base->text, base->len) != 0) {
            print_error("%s: allocation %lu of %lu failing changed the result without ENOMEM:\n"
                        "  clean: %s\n  got:   %s\n",
                        name, k, n, base->text, got->text);
            free(base);
            free(got);
            fail();
        }
        absorbed++;
    }
    print_message("%s: %lu allocations, each failed once: %lu reported ENOMEM, %lu absorbed\n"
                  "  (clean run: %.300s)\n",
                  name, n, reported, absorbed, base->text);
    assert_true(reported > 0 || getenv("AMC_ALLOC_FAIL_ONLY")); /* the failures were reached */
    free(base);
    free(got);
}

#endif
