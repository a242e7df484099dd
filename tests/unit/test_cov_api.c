/*
 * test_cov_api.c - the library's usage errors (AMC_EUSAGE, docs/api.md): every public function
 * given a NULL where it needs an object, or a NULL buffer with a non-zero length, returns
 * AMC_EUSAGE (or its documented empty result) and adds no diagnostic; a NULL buffer with length 0
 * is the empty input. The coverage report showed most of these checks untested.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/audit.h"
#include "amc/conform.h"
#include "amc/jcs.h"
#include "amc/json.h"
#include "amc/lifecycle.h"
#include "amc/mime.h"
#include "formats/jcs_int.h"
#include "profiles/profile_int.h"

static bool walk_fn(void *userdata, const amc_schema_node_info *info)
{
    (void)userdata;
    (void)info;
    return true;
}

static void test_schema_usage(void **state)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const amc_schema *sc = NULL;
    const char *uri = NULL;
    amc_doc *doc = NULL;
    amc_schema_dialect d = AMC_DIALECT_2020_12;
    bool valid = true;
    static const char s[] = "{\"type\":\"string\"}";
    (void)state;
    assert_non_null(set);
    assert_int_equal(amc_schema_set_add(NULL, "https://x.invalid/a", s, sizeof s - 1, ds, &uri),
                     AMC_EUSAGE);
    assert_int_equal(amc_schema_set_add(set, "https://x.invalid/a", NULL, 3, ds, &uri), AMC_EUSAGE);
    assert_int_equal(amc_schema_set_add(set, "https://x.invalid/a", s, sizeof s - 1, NULL, &uri),
                     AMC_EUSAGE);
    assert_int_equal(amc_diags_count(ds), 0);
    /* NULL with length 0: the empty text, which is not JSON */
    assert_int_equal(amc_schema_set_add(set, "https://x.invalid/e", NULL, 0, ds, &uri),
                     AMC_EINVALID);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_EMPTY_INPUT);
    amc_diags_clear(ds);
    assert_int_equal(amc_schema_set_add_doc(NULL, "https://x.invalid/b", NULL, ds, &uri),
                     AMC_EUSAGE);
    doc = amc_doc_new("{}", 2);
    assert_non_null(doc);
    /* the document is taken (freed) even on a usage error */
    assert_int_equal(amc_schema_set_add_doc(set, "https://x.invalid/b", doc, NULL, &uri),
                     AMC_EUSAGE);
    assert_int_equal(amc_schema_set_default_dialect(NULL, AMC_DIALECT_2020_12), AMC_EUSAGE);
    assert_int_equal(amc_schema_set_default_dialect(set, (amc_schema_dialect)99), AMC_EUSAGE);
    assert_int_equal(amc_schema_dialect_parse(NULL, &d), AMC_EUSAGE);
    assert_int_equal(amc_schema_dialect_parse("2020-12", NULL), AMC_EUSAGE);
    assert_int_equal(amc_schema_set_add(set, "https://x.invalid/a", s, sizeof s - 1, ds, &uri),
                     AMC_OK);
    assert_int_equal(amc_schema_compile(NULL, uri, ds, &sc), AMC_EUSAGE);
    assert_int_equal(amc_schema_compile(set, NULL, ds, &sc), AMC_EUSAGE);
    assert_int_equal(amc_schema_compile(set, uri, NULL, &sc), AMC_EUSAGE);
    assert_int_equal(amc_schema_compile(set, uri, ds, NULL), AMC_EUSAGE);
    assert_int_equal(amc_schema_compile(set, uri, ds, &sc), AMC_OK);
    assert_null(amc_schema_uri(NULL));
    assert_string_equal(amc_schema_uri(sc), uri);
    doc = amc_doc_new("\"x\"", 3);
    assert_non_null(doc);
    assert_int_equal(amc_schema_validate(NULL, amc_doc_root(doc), doc, NULL, ds, &valid),
                     AMC_EUSAGE);
    assert_int_equal(amc_schema_validate(sc, NULL, doc, NULL, ds, &valid), AMC_EUSAGE);
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, NULL, ds, NULL), AMC_EUSAGE);
    amc_doc_free(doc);
    assert_int_equal(amc_schema_walk(NULL, uri, walk_fn, NULL), AMC_EUSAGE);
    assert_int_equal(amc_schema_walk(set, NULL, walk_fn, NULL), AMC_EUSAGE);
    assert_int_equal(amc_schema_walk(set, uri, NULL, NULL), AMC_EUSAGE);
    assert_int_equal(amc_schema_walk(set, uri, walk_fn, NULL), AMC_OK);
    assert_int_equal(amc_diags_count(ds), 0);
    amc_diags_free(ds);
    amc_schema_set_free(set);
    amc_schema_set_free(NULL);
}

static void test_formats_usage(void **state)
{
    amc_diags *ds = amc_diags_new(0);
    amc_mime *m = NULL;
    amc_doc *doc = NULL;
    amc_jcs_ctx *w = amc_jcs_ctx_new();
    const char *out = NULL;
    size_t len = 7, off = 7;
    const char *body = NULL;
    amc_pos p;
    static const char msg[] = "A: 1\r\nB: 2\r\n\r\nbody";
    (void)state;
    assert_non_null(w);
    /* the MIME accessors on a NULL message or name */
    assert_int_equal(amc_mime_read(msg, sizeof msg - 1, NULL, ds, &m), AMC_OK);
    assert_null(amc_mime_find(NULL, "A"));
    assert_null(amc_mime_find(m, NULL));
    assert_int_equal(amc_mime_count(NULL, "A"), 0);
    assert_int_equal(amc_mime_count(m, NULL), 0);
    assert_int_equal(amc_mime_count(m, "a"), 1); /* names compare without case */
    assert_null(amc_mime_body(NULL, &len, &off));
    assert_int_equal(len, 0);
    assert_int_equal(off, 0);
    body = amc_mime_body(m, &len, &off);
    assert_int_equal(len, 4);
    assert_int_equal(off, sizeof msg - 5);
    assert_memory_equal(body, "body", 4);
    assert_ptr_equal(amc_mime_body(m, NULL, NULL), body); /* len and offset optional */
    assert_int_equal(amc_mime_field_count(NULL), 0);
    assert_null(amc_mime_field_at(m, 2));
    p = amc_mime_pos(NULL, 5);
    assert_int_equal(p.offset, 5);
    assert_int_equal(p.line, 0);
    p = amc_mime_pos(m, 9); /* the value of B: line 1, column 3 */
    assert_int_equal(p.line, 1);
    assert_int_equal(p.col, 3);
    amc_mime_free(m);
    /* reading into a reused document needs the document pointer */
    assert_int_equal(amc_json_read_reuse("1", 1, NULL, ds, NULL), AMC_EUSAGE);
    /* RFC 8785 writer */
    assert_int_equal(amc_json_read("[1]", 3, NULL, ds, &doc), AMC_OK);
    assert_int_equal(amc_jcs_ctx_write(NULL, amc_doc_root(doc), ds, false, &out, &len), AMC_EUSAGE);
    assert_int_equal(amc_jcs_ctx_write(w, NULL, ds, false, &out, &len), AMC_EUSAGE);
    assert_int_equal(amc_jcs_ctx_write(w, amc_doc_root(doc), ds, false, NULL, &len), AMC_EUSAGE);
    assert_int_equal(amc_jcs_ctx_write(w, amc_doc_root(doc), ds, false, &out, NULL), AMC_OK);
    assert_string_equal(out, "[1]");
    assert_int_equal(amc_diags_count(ds), 0);
    amc_doc_free(doc);
    amc_jcs_ctx_free(w);
    amc_diags_free(ds);
}

static void test_profiles_usage(void **state)
{
    amc_diags *ds = amc_diags_new(0);
    amc_validator *v = NULL;
    amc_validator_opts o;
    char sig[65];
    (void)state;
    memset(&o, 0, sizeof o);
    o.profile = "mailbox";
    assert_int_equal(amc_validator_new(&o, ds, NULL), AMC_EUSAGE);
    assert_int_equal(amc_validator_new(&o, ds, &v), AMC_OK);
    assert_int_equal(amc_validator_check(NULL, NULL, "{}", 2, ds, NULL), AMC_EUSAGE);
    assert_int_equal(amc_validator_check(v, NULL, "{}", 2, NULL, NULL), AMC_EUSAGE);
    assert_int_equal(amc_validator_check(v, NULL, NULL, 2, ds, NULL), AMC_EUSAGE);
    assert_int_equal(amc_diags_count(ds), 0);
    /* NULL with length 0: the empty input */
    assert_int_equal(amc_validator_check(v, NULL, NULL, 0, ds, NULL), AMC_EINVALID);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_EMPTY_INPUT);
    amc_diags_clear(ds);
    amc_validator_free(v);
    assert_int_equal(amc_mailbox_signature("{}", 2, NULL, "sha256", NULL, sig), AMC_EUSAGE);
    assert_int_equal(amc_mailbox_signature("{}", 2, NULL, "sha256", ds, NULL), AMC_EUSAGE);
    assert_int_equal(amc_mailbox_signature(NULL, 2, NULL, "sha256", ds, sig), AMC_EUSAGE);
    assert_int_equal(amc_diags_count(ds), 0);
    assert_int_equal(amc_mailbox_signature(NULL, 0, NULL, "sha256", ds, sig), AMC_EINVALID);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_EMPTY_INPUT);
    amc_diags_free(ds);
}

static void test_audit_lifecycle_usage(void **state)
{
    amc_diags *ds = amc_diags_new(0);
    amc_audit *a = NULL;
    amc_audit_stats_t stats;
    amc_lifecycle *lc = NULL;
    amc_lifecycle_opts lo;
    char *json = NULL;
    size_t len = 0;
    (void)state;
    assert_int_equal(amc_audit_new(NULL, ds, NULL), AMC_EUSAGE);
    assert_int_equal(amc_audit_new(NULL, NULL, &a), AMC_EUSAGE);
    assert_int_equal(amc_audit_new(NULL, ds, &a), AMC_OK);
    assert_int_equal(amc_audit_file(NULL, "x.json", "{}", 2, ds), AMC_EUSAGE);
    assert_int_equal(amc_audit_file(a, NULL, "{}", 2, ds), AMC_EUSAGE);
    assert_int_equal(amc_audit_file(a, "x.json", NULL, 2, ds), AMC_EUSAGE);
    assert_int_equal(amc_audit_file(a, "x.json", "{}", 2, NULL), AMC_EUSAGE);
    assert_int_equal(amc_audit_entry(NULL, "x", AMC_AUDIT_SYMLINK, ds), AMC_EUSAGE);
    assert_int_equal(amc_audit_entry(a, NULL, AMC_AUDIT_SYMLINK, ds), AMC_EUSAGE);
    assert_int_equal(amc_audit_entry(a, "x", AMC_AUDIT_SYMLINK, NULL), AMC_EUSAGE);
    assert_int_equal(amc_audit_forget(NULL, "x"), AMC_EUSAGE);
    assert_int_equal(amc_audit_forget(a, NULL), AMC_EUSAGE);
    assert_int_equal(amc_audit_forget(a, "never/seen.json"), AMC_OK);
    assert_int_equal(amc_audit_finish(NULL, ds), AMC_EUSAGE);
    assert_int_equal(amc_audit_finish(a, NULL), AMC_EUSAGE);
    amc_audit_stats(NULL, &stats); /* no-op */
    amc_audit_stats(a, NULL);      /* no-op */
    assert_int_equal(amc_diags_count(ds), 0);
    amc_audit_free(a);
    memset(&lo, 0, sizeof lo);
    lo.profile = "mailbox";
    assert_int_equal(amc_lifecycle_new(&lo, ds, NULL), AMC_EUSAGE);
    assert_int_equal(amc_lifecycle_new(&lo, ds, &lc), AMC_OK);
    assert_int_equal(amc_lifecycle_apply(NULL, "{}", 2, ds), AMC_EUSAGE);
    assert_int_equal(amc_lifecycle_apply(lc, NULL, 2, ds), AMC_EUSAGE);
    assert_int_equal(amc_lifecycle_apply(lc, "{}", 2, NULL), AMC_EUSAGE);
    assert_int_equal(amc_lifecycle_finish(NULL, ds), AMC_EUSAGE);
    assert_int_equal(amc_lifecycle_finish(lc, NULL), AMC_EUSAGE);
    assert_int_equal(amc_lifecycle_state(NULL, &json, &len), AMC_EUSAGE);
    assert_int_equal(amc_lifecycle_state(lc, NULL, &len), AMC_EUSAGE);
    assert_int_equal(amc_diags_count(ds), 0);
    amc_lifecycle_free(lc);
    amc_diags_free(ds);
}

/* Validator options left NULL are the defaults; a bad profile name or clock is AMC_EUSAGE,
 * reported when a list is given and silent otherwise. */
static void test_validator_options(void **state)
{
    amc_diags *ds = amc_diags_new(0);
    amc_validator *v = NULL;
    amc_validator_opts o;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    const char *used = NULL;
    static const char big[] = "{\"type\":\"task\",\"id\":\"1234567890\",\"x\":[[[[1]]]]}";
    (void)state;
    /* NULL options: auto, stateless, default limits */
    assert_int_equal(amc_validator_new(NULL, ds, &v), AMC_OK);
    assert_int_equal(amc_validator_check(v, NULL, "{}", 2, ds, &used), AMC_EINVALID);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_PROFILE_UNDETECTED);
    amc_validator_reset(v);
    amc_validator_free(v);
    amc_validator_reset(NULL);
    amc_validator_free(NULL);
    amc_diags_clear(ds);
    /* an unknown profile and a clock that is no RFC 3339 date-time: reported, or not */
    memset(&o, 0, sizeof o);
    o.profile = "nope";
    assert_int_equal(amc_validator_new(&o, ds, &v), AMC_EUSAGE);
    assert_null(v);
    assert_int_equal(amc_diags_count(ds), 1);
    assert_non_null(strstr(amc_diags_get(ds, 0)->message, "nope"));
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_EUSAGE);
    o.profile = "mailbox";
    o.now = "yesterday";
    assert_int_equal(amc_validator_new(&o, ds, &v), AMC_EUSAGE);
    assert_int_equal(amc_diags_count(ds), 2);
    assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_EUSAGE);
    amc_diags_clear(ds);
    /* the limits given are the ones used: a depth of 3 stops a deeper message */
    o.profile = "socket";
    o.now = NULL;
    lim.max_depth = 3;
    o.limits = &lim;
    assert_int_equal(amc_validator_new(&o, ds, &v), AMC_OK);
    assert_int_not_equal(amc_validator_check(v, NULL, big, sizeof big - 1, ds, NULL), AMC_OK);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_LIMIT_DEPTH);
    amc_validator_free(v);
    amc_diags_free(ds);
}

/* The profile and rule tables looked up by a NULL or unknown name. */
static void test_profile_lookups(void **state)
{
    const amc_rule_set *set = amc_prof_rules("mailbox");
    (void)state;
    assert_null(amc_profile_find(NULL));
    assert_null(amc_profile_find("nope"));
    assert_string_equal(amc_profile_find("acp")->name, "acp");
    assert_null(amc_profile_at(amc_profile_count()));
    assert_null(amc_prof_rules(NULL));
    assert_null(amc_prof_rules("nope"));
    assert_null(amc_prof_rule(NULL));
    assert_null(amc_prof_rule("NOPE-001"));
    assert_string_equal(amc_prof_rule("DISC-ID-001")->id, "DISC-ID-001");
    assert_non_null(set);
    assert_null(amc_rule_set_find(set, 1, NULL));
    assert_null(amc_rule_set_find(set, 1, "DISC-ID-001")); /* another profile's rule */
    assert_string_equal(amc_rule_level_str(AMC_RULE_SHOULD), "SHOULD");
    assert_string_equal(amc_rule_level_str(AMC_RULE_MUST), "MUST");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_schema_usage),      cmocka_unit_test(test_formats_usage),
        cmocka_unit_test(test_profiles_usage),    cmocka_unit_test(test_audit_lifecycle_usage),
        cmocka_unit_test(test_validator_options), cmocka_unit_test(test_profile_lookups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
