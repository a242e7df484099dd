/*
 * test_lifecycle_scenarios.c - runs every scenario conformance/<profile>/lifecycle/NAME.json
 * (format: conformance/LIFECYCLE.md) through the public lifecycle API, for every profile that
 * has a lifecycle model (amc_lifecycle_model_at), and checks the catalog coverage both ways.
 *
 * Checks per scenario: id unique across profiles; profile matches the directory; every listed
 * rule exists, belongs to the profile and (for -LC- rules) its level matches; per step:
 * `accepted` exactly (accepted means AMC_OK and no error), every expected code reported, the
 * expected state contained in amc_lifecycle_state(); `final` likewise after
 * amc_lifecycle_finish(). Coverage: every -LC- rule of a profile with a model has a scenario
 * listing it where its code is expected (violated) and one listing it where it is not (holds);
 * every expected code that belongs to an -LC- rule is listed in the scenario's rules.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "slurp.h"

#define MAXSC 2048
static int failures;
static char *ids[MAXSC];
static size_t n_ids;

/* Per rule: seen violated / holding. */
static struct cov {
    const char *rule;
    bool violated, holds;
} cov[1024];
static size_t n_cov;

static void sc_fail(const char *file, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", file);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    failures++;
}

static struct cov *cov_of(const char *rule)
{
    size_t i = 0;
    for (i = 0; i < n_cov; i++)
        if (!strcmp(cov[i].rule, rule))
            return &cov[i];
    return NULL;
}

/* expected (subset) contained in actual */
static bool contained(const amc_value *exp, const amc_value *act)
{
    size_t i = 0;
    if (!act)
        return false;
    if (exp->type == AMC_T_OBJECT) {
        if (act->type != AMC_T_OBJECT)
            return false;
        for (i = 0; i < exp->u.obj.len; i++) {
            const amc_member *m = &exp->u.obj.members[i];
            if (!contained(m->value, amc_value_get(act, m->key, m->key_len)))
                return false;
        }
        return true;
    }
    return amc_value_equal(exp, act);
}

static bool has_code(const amc_diags *ds, const char *id)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++)
        if (!strcmp(amc_code_id(amc_diags_get(ds, i)->code), id))
            return true;
    return false;
}

static void dump(const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++)
        fprintf(stderr, "    got %s: %s\n", amc_code_id(amc_diags_get(ds, i)->code),
                amc_diags_get(ds, i)->message);
}

/* Compares codes/state expectations; notes the codes in *seen (array of code ids). */
static void check_expect(const char *file, const char *where, const amc_value *expect,
                         const amc_lifecycle *lc, const amc_diags *ds, const char **seen,
                         size_t *n_seen)
{
    const amc_value *codes = amc_value_getz(expect, "codes");
    const amc_value *state = amc_value_getz(expect, "state");
    size_t i = 0;
    for (i = 0; codes && codes->type == AMC_T_ARRAY && i < codes->u.arr.len; i++) {
        const amc_value *c = codes->u.arr.items[i];
        if (c->type != AMC_T_STRING || !amc_code_lookup(c->u.str.ptr)) {
            sc_fail(file, "%s: unknown code in expect.codes", where);
            continue;
        }
        if (*n_seen < 64)
            seen[(*n_seen)++] = c->u.str.ptr;
        if (!has_code(ds, c->u.str.ptr)) {
            sc_fail(file, "%s: expected code %s not reported", where, c->u.str.ptr);
            dump(ds);
        }
    }
    if (state) {
        char *json = NULL;
        size_t len = 0;
        amc_doc *doc = NULL;
        amc_diags *tmp = amc_diags_new(0);
        if (amc_lifecycle_state(lc, &json, &len) != AMC_OK ||
            amc_json_read(json, len, NULL, tmp, &doc) != AMC_OK) {
            sc_fail(file, "%s: state() is not valid JSON", where);
        } else if (!contained(state, amc_doc_root(doc))) {
            sc_fail(file, "%s: state %s does not contain the expected one", where, json);
        }
        amc_doc_free(doc);
        amc_free(json);
        amc_diags_free(tmp);
    }
}

static void run_scenario(const char *dir, const char *profile, const char *file)
{
    char path[1024];
    char *buf = NULL;
    size_t len = 0, i = 0, n_seen = 0;
    amc_doc *doc = NULL;
    amc_diags *ds = amc_diags_new(0);
    const amc_value *root = NULL, *v = NULL, *steps = NULL, *rules = NULL, *fin = NULL;
    amc_lifecycle *lc = NULL;
    amc_policy *pol = NULL;
    amc_lifecycle_opts o = {0};
    const char *seen[64];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    buf = slurp(path, &len);
    if (!buf || amc_json_read(buf, len, NULL, ds, &doc) != AMC_OK) {
        sc_fail(path, "unreadable scenario");
        goto out;
    }
    root = amc_doc_root(doc);
    v = amc_value_getz(root, "id");
    if (!v || v->type != AMC_T_STRING) {
        sc_fail(path, "no id");
        goto out;
    }
    for (i = 0; i < n_ids; i++)
        if (!strcmp(ids[i], v->u.str.ptr))
            sc_fail(path, "duplicate id %s", v->u.str.ptr);
    if (n_ids < MAXSC)
        ids[n_ids++] = strdup(v->u.str.ptr);
    v = amc_value_getz(root, "profile");
    if (!v || v->type != AMC_T_STRING || strcmp(v->u.str.ptr, profile))
        sc_fail(path, "profile is not %s", profile);
    rules = amc_value_getz(root, "rules");
    if (!rules || rules->type != AMC_T_ARRAY || rules->u.arr.len == 0)
        sc_fail(path, "rules must be a non-empty array");
    for (i = 0; rules && rules->type == AMC_T_ARRAY && i < rules->u.arr.len; i++) {
        const amc_value *r = rules->u.arr.items[i];
        const amc_rule *rr = r->type == AMC_T_STRING ? amc_rule_find(r->u.str.ptr) : NULL;
        if (!rr || strcmp(rr->profile, profile))
            sc_fail(path, "rule #%zu is not a %s catalog rule", i, profile);
    }
    v = amc_value_getz(root, "policy");
    if (v && v->type == AMC_T_STRING) {
        char ppath[1200];
        char *pbuf = NULL;
        size_t plen = 0;
        snprintf(ppath, sizeof ppath, "%s/%s", dir, v->u.str.ptr);
        pbuf = slurp(ppath, &plen);
        if (!pbuf || amc_policy_read(pbuf, plen, ds, &pol) != AMC_OK)
            sc_fail(path, "policy %s unreadable", ppath);
        free(pbuf);
    }
    o.profile = profile;
    o.policy = pol;
    if (amc_lifecycle_new(&o, ds, &lc) != AMC_OK) {
        sc_fail(path, "no model");
        goto out;
    }
    steps = amc_value_getz(root, "steps");
    if (!steps || steps->type != AMC_T_ARRAY) {
        sc_fail(path, "steps must be an array");
        goto out;
    }
    for (i = 0; i < steps->u.arr.len; i++) {
        const amc_value *s = steps->u.arr.items[i];
        const amc_value *ev = amc_value_getz(s, "event"), *ex = amc_value_getz(s, "expect");
        const amc_value *acc = ex ? amc_value_getz(ex, "accepted") : NULL;
        char where[64], *evjson = NULL;
        size_t evlen = 0;
        amc_status st = AMC_OK;
        bool accepted = false;
        snprintf(where, sizeof where, "step %zu", i);
        if (!ev || !ex || !acc || acc->type != AMC_T_BOOL) {
            sc_fail(path, "%s: needs event and expect.accepted", where);
            continue;
        }
        evjson = amc_value_to_json(ev, 0, &evlen);
        amc_diags_clear(ds);
        st = amc_lifecycle_apply(lc, evjson, evlen, ds);
        accepted = st == AMC_OK && amc_diags_errors(ds) == 0;
        if (accepted != acc->u.boolean) {
            sc_fail(path, "%s: accepted is %s, expected %s", where, accepted ? "true" : "false",
                    acc->u.boolean ? "true" : "false");
            dump(ds);
        }
        check_expect(path, where, ex, lc, ds, seen, &n_seen);
        amc_free(evjson);
    }
    fin = amc_value_getz(root, "final");
    amc_diags_clear(ds);
    (void)amc_lifecycle_finish(lc, ds);
    if (fin) {
        const amc_value *codes = amc_value_getz(fin, "codes");
        check_expect(path, "final", fin, lc, ds, seen, &n_seen);
        if (codes && codes->type == AMC_T_ARRAY && codes->u.arr.len == 0 &&
            amc_diags_errors(ds) > 0) {
            sc_fail(path, "final: expected no codes");
            dump(ds);
        }
    }
    /* coverage */
    for (i = 0; rules && rules->type == AMC_T_ARRAY && i < rules->u.arr.len; i++) {
        const amc_value *r = rules->u.arr.items[i];
        const amc_rule *rr = r->type == AMC_T_STRING ? amc_rule_find(r->u.str.ptr) : NULL;
        struct cov *c = rr ? cov_of(rr->id) : NULL;
        size_t k = 0;
        bool viol = false;
        if (!c)
            continue;
        for (k = 0; k < n_seen; k++)
            if (!strcmp(seen[k], amc_code_id(rr->code)))
                viol = true;
        if (viol)
            c->violated = true;
        else
            c->holds = true;
    }
    for (i = 0; i < n_seen; i++) {
        size_t k = 0;
        bool listed = false;
        for (k = 0; k < n_cov; k++)
            if (!strcmp(amc_code_id(amc_rule_find(cov[k].rule)->code), seen[i])) {
                size_t q = 0;
                for (q = 0; rules && rules->type == AMC_T_ARRAY && q < rules->u.arr.len; q++)
                    if (rules->u.arr.items[q]->type == AMC_T_STRING &&
                        !strcmp(rules->u.arr.items[q]->u.str.ptr, cov[k].rule))
                        listed = true;
                if (!listed)
                    sc_fail(path, "expects %s but does not list its rule %s", seen[i], cov[k].rule);
            }
    }
out:
    amc_lifecycle_free(lc);
    amc_policy_free(pol);
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(buf);
}

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_scenarios(void **state)
{
    size_t m = 0, i = 0, total = 0;
    (void)state;
    /* the -LC- rules of every profile with a model */
    for (i = 0; i < amc_rule_count(); i++) {
        const amc_rule *r = amc_rule_at(i);
        for (m = 0; m < amc_lifecycle_model_count(); m++)
            if (strstr(r->id, "-LC-") && !strcmp(r->profile, amc_lifecycle_model_at(m)) &&
                n_cov < 1024)
                cov[n_cov++].rule = r->id;
    }
    for (m = 0; m < amc_lifecycle_model_count(); m++) {
        const char *profile = amc_lifecycle_model_at(m);
        char dir[512];
        DIR *d = NULL;
        struct dirent *e = NULL;
        char *files[MAXSC];
        size_t nf = 0, k = 0;
        snprintf(dir, sizeof dir, "%s/conformance/%s/lifecycle", AMC_SOURCE_DIR, profile);
        d = opendir(dir);
        if (!d) {
            sc_fail(dir, "missing (profile %s has a model)", profile);
            continue;
        }
        while ((e = readdir(d)) != NULL && nf < MAXSC) {
            size_t l = strlen(e->d_name);
            if (l > 5 && !strcmp(e->d_name + l - 5, ".json"))
                files[nf++] = strdup(e->d_name);
        }
        closedir(d);
        qsort(files, nf, sizeof files[0], cmp);
        for (k = 0; k < nf; k++) {
            run_scenario(dir, profile, files[k]);
            free(files[k]);
        }
        total += nf;
    }
    for (i = 0; i < n_cov; i++) {
        if (!cov[i].violated)
            sc_fail(cov[i].rule, "no scenario where it is violated");
        if (!cov[i].holds)
            sc_fail(cov[i].rule, "no scenario where it holds");
    }
    for (i = 0; i < n_ids; i++)
        free(ids[i]);
    printf("%zu scenarios, %zu lifecycle rules covered both ways, %d failures\n", total, n_cov,
           failures);
    assert_int_equal(failures, 0);
}

static void test_api_errors(void **state)
{
    amc_diags *ds = amc_diags_new(0);
    amc_lifecycle *lc = NULL;
    amc_lifecycle_opts o = {0};
    (void)state;
    o.profile = "nope";
    assert_int_equal(amc_lifecycle_new(&o, ds, &lc), AMC_EUSAGE);
    assert_null(lc);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_LC_PROFILE_UNKNOWN);
    o.profile = "ignite";
    assert_int_equal(amc_lifecycle_new(&o, ds, &lc), AMC_OK);
    amc_diags_clear(ds);
    assert_int_equal(amc_lifecycle_apply(lc, "[1]", 3, ds), AMC_EINVALID);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_LC_EVENT_INVALID);
    amc_diags_clear(ds);
    assert_int_equal(
        amc_lifecycle_apply(lc, "{\"event\":\"enqueue\",\"msg\":\"a\",\"t\":5}", 35, ds), AMC_OK);
    assert_int_equal(amc_lifecycle_apply(lc, "{\"event\":\"claim\",\"msg\":\"a\",\"t\":4}", 33, ds),
                     AMC_EINVALID);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_LC_TIME_BACKWARDS);
    assert_int_equal(amc_diags_get(ds, 0)->at.col, 31);
    amc_lifecycle_free(lc);
    amc_diags_free(ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_api_errors),
        cmocka_unit_test(test_scenarios),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
