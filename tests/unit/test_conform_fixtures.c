/*
 * test_conform_fixtures.c - runs conformance/<profile>/cases.json of every implemented profile
 * through amc_validator_check (format: conformance/README.md).
 *
 * Manifest checks: ids unique; input files exist; every case's rule is in the catalog and of
 * that profile, and its level matches the catalog; every catalog rule has >= 1 passing and >= 1
 * failing case (a case is failing for its rule iff its codes contain the rule's code); catalog
 * levels agree with the default severities of the rules' codes.
 * Case checks: verdict (invalid iff an error was reported); every expected code reported; a
 * passing case does not report its rule's code. The path given to the validator is the input's
 * path relative to conformance/<profile>/inputs/ (placement rules read it).
 * Case format extensions (conformance/mailbox/README.md): `session` (files checked in order in
 * one --stateful validator; a *.jsonl file one message per line), `policy` (a policy file; its
 * security.keyring_file is read relative to the policy's directory), `now` (the reference
 * clock) and `absent_codes` (codes that must not be reported). Such cases get their own
 * validator.
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
#include "slurp.h"

/* Whether diagnostic x reports code id (as its code, or as the second code of the same finding). */
static bool diag_has(const amc_diag *x, const char *id)
{
    return !strcmp(amc_code_id(x->code), id) ||
           (x->also_code && !strcmp(amc_code_id(x->also_code), id));
}

static const char *str_member(const amc_value *o, const char *key)
{
    const amc_value *v = amc_value_getz(o, key);
    return v && v->type == AMC_T_STRING ? v->u.str.ptr : NULL;
}

static bool codes_contain(const amc_value *codes, const char *id)
{
    size_t i = 0;
    for (i = 0; codes && i < codes->u.arr.len; i++)
        if (!strcmp(codes->u.arr.items[i]->u.str.ptr, id))
            return true;
    return false;
}

/* Reads conformance/<profile>/<file> as a policy, with its keyring file if it names one. */
static amc_policy *load_policy(const char *profile, const char *file, const char *id)
{
    char path[1024];
    const char *kr = NULL, *slash = strrchr(file, '/');
    size_t len = 0;
    char *buf = NULL;
    amc_policy *pol = NULL;
    amc_diags *ds = amc_diags_new(0);
    snprintf(path, sizeof path, "%s/conformance/%s/%s", AMC_SOURCE_DIR, profile, file);
    buf = slurp(path, &len);
    if (!buf || amc_policy_read(buf, len, ds, &pol) != AMC_OK)
        fail_msg("%s: policy %s does not read", id, file);
    free(buf);
    kr = amc_policy_keyring_file(pol);
    if (kr) {
        snprintf(path, sizeof path, "%s/conformance/%s/%.*s%s", AMC_SOURCE_DIR, profile,
                 slash ? (int)(slash - file + 1) : 0, file, kr);
        buf = slurp(path, &len);
        if (!buf || amc_policy_set_keyring(pol, buf, len, ds) != AMC_OK)
            fail_msg("%s: keyring %s does not read", id, kr);
        free(buf);
    }
    amc_diags_free(ds);
    return pol;
}

static amc_doc *load_manifest(const char *profile)
{
    char path[512];
    size_t len = 0;
    char *buf = NULL;
    amc_doc *doc = NULL;
    amc_diags *ds = amc_diags_new(0);
    snprintf(path, sizeof path, "%s/conformance/%s/cases.json", AMC_SOURCE_DIR, profile);
    buf = slurp(path, &len);
    if (!buf)
        fail_msg("%s: cannot read", path);
    if (amc_json_read(buf, len, NULL, ds, &doc) != AMC_OK)
        fail_msg("%s: not JSON", path);
    free(buf);
    amc_diags_free(ds);
    assert_int_equal(amc_doc_root(doc)->type, AMC_T_ARRAY);
    return doc;
}

static void test_catalog_levels(void **state)
{
    size_t i = 0;
    (void)state;
    assert_true(amc_rule_count() > 0);
    for (i = 0; i < amc_rule_count(); i++) {
        const amc_rule *r = amc_rule_at(i);
        amc_severity want = r->level == AMC_RULE_MUST ? AMC_SEV_ERROR : AMC_SEV_WARNING;
        if (amc_code_severity(r->code) != want)
            fail_msg("%s: level %s but code %s is a %s", r->id, amc_rule_level_str(r->level),
                     amc_code_id(r->code), amc_severity_str(amc_code_severity(r->code)));
        assert_ptr_equal(amc_rule_find(r->id), r);
        if (!amc_profile_find(r->profile)) {
            /* lifecycle rules of a protocol whose message profile is not built yet */
            size_t m = 0;
            bool model = false;
            for (m = 0; m < amc_lifecycle_model_count(); m++)
                model = model || !strcmp(amc_lifecycle_model_at(m), r->profile);
            if (!model || !strstr(r->id, "-LC-"))
                fail_msg("%s: profile %s has neither a profile nor a lifecycle model", r->id,
                         r->profile);
        }
    }
}

static void test_manifests(void **state)
{
    size_t p = 0, i = 0, j = 0, k = 0;
    (void)state;
    for (p = 0; p < amc_profile_count(); p++) {
        const char *prof = amc_profile_at(p)->name;
        amc_doc *doc = load_manifest(prof);
        const amc_value *cases = amc_doc_root(doc);
        for (i = 0; i < cases->u.arr.len; i++) {
            const amc_value *c = cases->u.arr.items[i];
            const char *id = str_member(c, "id"), *rule = str_member(c, "rule");
            const char *input = str_member(c, "input"), *level = str_member(c, "level");
            const amc_rule *r = amc_rule_find(rule);
            char path[1024];
            FILE *f = NULL;
            assert_non_null(id);
            for (j = 0; j < i; j++)
                if (!strcmp(id, str_member(cases->u.arr.items[j], "id")))
                    fail_msg("%s: duplicate id", id);
            if (!r || strcmp(r->profile, prof) != 0)
                fail_msg("%s: rule %s is not in the %s catalog", id, rule ? rule : "?", prof);
            if (!level || strcmp(level, amc_rule_level_str(r->level)) != 0)
                fail_msg("%s: level %s, catalog says %s", id, level ? level : "?",
                         amc_rule_level_str(r->level));
            const amc_value *session = amc_value_getz(c, "session");
            if (!input == !session)
                fail_msg("%s: exactly one of input and session", id);
            for (j = 0; j < (session ? session->u.arr.len : 1); j++) {
                const char *in = session ? session->u.arr.items[j]->u.str.ptr : input;
                snprintf(path, sizeof path, "%s/conformance/%s/%s", AMC_SOURCE_DIR, prof, in);
                f = fopen(path, "rb");
                if (!f)
                    fail_msg("%s: input %s does not exist", id, in);
                fclose(f);
            }
            for (k = 0; k < amc_value_getz(c, "codes")->u.arr.len; k++) {
                const char *code = amc_value_getz(c, "codes")->u.arr.items[k]->u.str.ptr;
                if (!amc_code_lookup(code))
                    fail_msg("%s: unknown code %s", id, code);
            }
        }
        for (k = 0; k < amc_rule_count(); k++) {
            const amc_rule *r = amc_rule_at(k);
            bool pass = false, failc = false;
            if (strcmp(r->profile, prof) != 0)
                continue;
            /* Lifecycle rules (<P>-LC-NNN) are covered by the scenarios of
             * conformance/<profile>/lifecycle/ (tests/property and the scenario test). */
            if (strstr(r->id, "-LC-"))
                continue;
            /* Workspace rules (<P>-WS-NNN) need several files: tests/unit/test_audit.c. */
            if (strstr(r->id, "-WS-"))
                continue;
            /* Live rules (<P>-LIVE-NNN) need a running server: tests/live/. */
            if (strstr(r->id, "-LIVE-"))
                continue;
            for (i = 0; i < cases->u.arr.len; i++) {
                const amc_value *c = cases->u.arr.items[i];
                if (strcmp(str_member(c, "rule"), r->id) != 0)
                    continue;
                if (codes_contain(amc_value_getz(c, "codes"), amc_code_id(r->code)))
                    failc = true;
                else
                    pass = true;
            }
            if (!pass || !failc)
                fail_msg("%s: no %s case", r->id, pass ? "failing" : "passing");
        }
        amc_doc_free(doc);
    }
}

static void test_cases(void **state)
{
    size_t p = 0, i = 0, k = 0, passed = 0, failed = 0;
    (void)state;
    for (p = 0; p < amc_profile_count(); p++) {
        const char *prof = amc_profile_at(p)->name;
        amc_doc *doc = load_manifest(prof);
        const amc_value *cases = amc_doc_root(doc);
        amc_validator_opts opts = {prof, false, NULL, NULL, NULL};
        amc_validator *v = NULL;
        assert_int_equal(amc_validator_new(&opts, NULL, &v), AMC_OK);
        for (i = 0; i < cases->u.arr.len; i++) {
            const amc_value *c = cases->u.arr.items[i];
            const char *id = str_member(c, "id"), *input = str_member(c, "input");
            const amc_value *codes = amc_value_getz(c, "codes");
            const amc_rule *r = amc_rule_find(str_member(c, "rule"));
            bool want_valid = !strcmp(str_member(c, "verdict"), "valid");
            bool ok = true, rule_failing = codes_contain(codes, amc_code_id(r->code));
            char path[1024];
            char *buf = NULL;
            size_t len = 0, d = 0;
            amc_diags *ds = amc_diags_new(0);
            const char *used = NULL;
            amc_status st = AMC_OK;
            const amc_value *session = amc_value_getz(c, "session");
            const amc_value *absent = amc_value_getz(c, "absent_codes");
            const char *policy_file = str_member(c, "policy"), *now = str_member(c, "now");
            amc_validator *own = NULL;
            amc_policy *pol = NULL;
            size_t nfiles = session ? session->u.arr.len : 1, fi = 0;
            bool bad_status = false;
            if (session || policy_file || now) {
                amc_validator_opts o = {prof, session != NULL, NULL, NULL, now};
                if (policy_file)
                    pol = load_policy(prof, policy_file, id);
                o.policy = pol;
                assert_int_equal(amc_validator_new(&o, NULL, &own), AMC_OK);
            }
            for (fi = 0; fi < nfiles; fi++) {
                const char *in = session ? session->u.arr.items[fi]->u.str.ptr : input;
                size_t n = strlen(in), off = 0;
                bool lines = n > 6 && !strcmp(in + n - 6, ".jsonl");
                snprintf(path, sizeof path, "%s/conformance/%s/%s", AMC_SOURCE_DIR, prof, in);
                buf = slurp(path, &len);
                assert_non_null(buf);
                while (off < len || (!lines && off == 0)) {
                    size_t end = len;
                    if (lines) {
                        end = off;
                        while (end < len && buf[end] != '\n')
                            end++;
                    }
                    if (!lines || end > off) {
                        size_t e0 = amc_diags_errors(ds);
                        st = amc_validator_check(own ? own : v,
                                                 strncmp(in, "inputs/", 7) ? in : in + 7, buf + off,
                                                 end - off, ds, &used);
                        if ((st == AMC_OK) != (amc_diags_errors(ds) == e0) || st == AMC_ENOMEM)
                            bad_status = true;
                    }
                    off = end + 1;
                    if (!lines)
                        break;
                }
                free(buf);
                buf = NULL;
            }
            amc_validator_free(own);
            amc_policy_free(pol);
            if (bad_status) {
                printf("FAIL %s: status %s with %zu errors\n", id, amc_status_str(st),
                       amc_diags_errors(ds));
                ok = false;
            }
            if (want_valid != (amc_diags_errors(ds) == 0)) {
                printf("FAIL %s: expected %s, got %zu errors\n", id,
                       want_valid ? "valid" : "invalid", amc_diags_errors(ds));
                ok = false;
            }
            for (k = 0; k < codes->u.arr.len; k++) {
                const char *code = codes->u.arr.items[k]->u.str.ptr;
                bool seen = false;
                for (d = 0; d < amc_diags_count(ds); d++)
                    seen = seen || diag_has(amc_diags_get(ds, d), code);
                if (!seen) {
                    printf("FAIL %s: expected code %s not reported\n", id, code);
                    ok = false;
                }
            }
            for (k = 0; absent && k < absent->u.arr.len; k++)
                for (d = 0; d < amc_diags_count(ds); d++)
                    if (diag_has(amc_diags_get(ds, d), absent->u.arr.items[k]->u.str.ptr)) {
                        printf("FAIL %s: absent code %s reported\n", id,
                               absent->u.arr.items[k]->u.str.ptr);
                        ok = false;
                        break;
                    }
            for (d = 0; !rule_failing && d < amc_diags_count(ds); d++)
                if (diag_has(amc_diags_get(ds, d), amc_code_id(r->code))) {
                    printf("FAIL %s: passing case of %s reported %s\n", id, r->id,
                           amc_code_id(r->code));
                    ok = false;
                    break;
                }
            if (!ok) {
                for (d = 0; d < amc_diags_count(ds); d++) {
                    const amc_diag *x = amc_diags_get(ds, d);
                    printf("    %u:%u %s[%s] %s (%s)\n", x->at.line + 1, x->at.col + 1,
                           amc_severity_str(x->sev), amc_code_id(x->code), x->message,
                           x->rule_id ? x->rule_id : "-");
                }
                failed++;
            } else {
                passed++;
            }
            amc_diags_free(ds);
        }
        amc_validator_free(v);
        amc_doc_free(doc);
    }
    printf("%zu passed, %zu failed\n", passed, failed);
    assert_int_equal(failed, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_catalog_levels),
        cmocka_unit_test(test_manifests),
        cmocka_unit_test(test_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
